"""House rules on the pages (issue 12): the host page offers every option with its name and one line
of explanation, greys those another option makes moot with the reason, keeps a named rule set and
starts the next game from it; the seat page words a refusal under a house rule, and the scoreboard
says which house rules the game is played by."""
from __future__ import annotations

from playwright.sync_api import expect
from support import SHOTS, joined, unlock_host
from test_host_setup import fill_names, phone_shot

from tests.web.api_helpers import PIN


def codes(station, n):
    return [station.seat_code(seat, PIN) for seat in range(n)]


def redeal_until_mexican_tile(station) -> int:
    """Deal round 1 again until the seat to act holds a tile with the engine's number; its seat."""
    for _ in range(100):
        view = station.view()
        rnd = station.referee.game.current
        turn = view["result"]["state"]["turn"]
        if any(rnd.engine in (t.low, t.high) for t in rnd.hands[turn]):
            return turn
        station.undo(PIN, view["version"])
        station.start_round(PIN)
    raise AssertionError("no deal in 100 gave the seat to act a tile for the Mexican train")


def test_a_saved_rule_set_sets_up_a_game_and_a_seat_sees_the_house_rule_refusal(server, phone):
    station = server.station
    host = unlock_host(phone, server)
    expect(host.locator("#setup-box")).to_have_attribute("open", "")
    # the house rules, folded until opened; each with its name and what it does
    host.click("#house-box > summary")
    own = host.locator('.opt[data-option="own_train_first"]')
    expect(own.locator(".opt-name")).to_have_text("own train first")
    expect(own.locator(".opt-help")).to_have_text(
        "Until your personal train has a tile you may play only on it, except to satisfy an open double.")
    expect(host.locator("#opt-double_binds")).to_be_enabled()
    host.get_by_label("doubles don't bind").select_option(label="On")
    host.get_by_label("own train first").select_option(label="On")
    # what doubles don't bind makes moot is greyed, with the reason (the station says which)
    expect(host.locator("#opt-double_binds")).to_be_disabled()
    expect(host.locator('.opt[data-option="double_binds"] .opt-moot')).to_have_text("No effect: doubles don't bind, so no double is ever open.")
    expect(host.locator('.opt[data-option="close_doubles"]')).to_have_class("opt moot")
    expect(host.locator("#house-count")).to_have_text("2 chosen")
    phone_shot(host, "host-house-rules")
    host.locator("#house-box").screenshot(path=str(SHOTS / "host-house-box.png"))
    # named and kept by the station
    host.click("#rulesets-box > summary")
    host.fill("#ruleset-name", "Grandma's rules")
    host.click("#btn-rules-save")
    expect(host.locator("#ruleset")).to_have_value("Grandma's rules")
    expect(host.locator("#toast")).to_be_hidden(timeout=10_000)
    host.locator("#rulesets-box").screenshot(path=str(SHOTS / "host-rulesets-box.png"))
    assert station.store.ruleset("Grandma's rules")["options"] == {"doubles_open": False, "own_train_first": True}

    # another evening: a fresh page starts from the defaults until the set is chosen (a reload of
    # the same tab keeps the form as the host left it: test_evening_last_pages.py)
    host = unlock_host(phone, server)
    expect(host.locator("#ruleset option")).to_have_count(2)
    expect(host.locator("#opt-own_train_first")).to_have_value("")
    host.click("#rulesets-box > summary")
    host.select_option("#ruleset", "Grandma's rules")
    expect(host.locator("#opt-own_train_first")).to_have_value("true")
    fill_names(host, ["Ana", "Ben"])
    host.get_by_label("Virtual tiles").check()
    expect(host.locator("#setup-preview")).to_contain_text("House rules: doubles don't bind; own train first")
    host.click("#setup-form button[type=submit]")
    expect(host.locator("#game-status")).to_have_text("Game 1 · ready: start round 1 of 13")
    game = station.view()["game"]
    assert game["options"] == {"doubles_open": False, "own_train_first": True}
    host.click("#btn-start")
    expect(host.locator("#game-status")).to_have_text("Game 1 · round 1 of 13 in play")

    # the seat to act holds a tile for the Mexican train (a deal picked through the station: the
    # host's undo and start again), which the house rule refuses until its own train has a tile
    turn = redeal_until_mexican_tile(station)
    seat = phone("en").new_page()
    seat.goto(server.url + f"/seat/{turn}?code={codes(station, 2)[turn]}")
    expect(seat.locator("#controller")).to_be_visible()
    mexican = seat.locator('#trains button[data-train="mexican"]')
    expect(mexican).to_be_disabled()
    expect(mexican.locator(".why")).to_have_text("Your train must have a tile first: house rule (own train first)")
    expect(seat.locator("#house-line")).to_have_text("House rules: doubles don't bind; own train first")
    phone_shot(seat, "seat-house-rule")
    seat.locator("#trains").screenshot(path=str(SHOTS / "seat-house-rule-trains.png"))

    # the scoreboard says which house rules the game is played by
    board = phone("en").new_page()
    board.goto(server.url + "/")
    expect(board.locator("#house-line")).to_have_text("House rules: doubles don't bind; own train first")

    # the next game night starts from the set last used
    host.reload()
    expect(host.locator("#host")).to_be_visible()
    expect(host.locator("#ruleset")).to_have_value("Grandma's rules")
    expect(host.locator("#opt-doubles_open")).to_have_value("false")


def test_the_options_fold_and_fit_a_phone_in_every_language(server, phone):
    for lang in ("en", "ps"):
        host = unlock_host(phone, server, lang)
        host.click("#rules-box > summary")
        host.click("#house-box > summary")
        expect(host.locator("#house-options .opt")).to_have_count(10)
        expect(host.locator("#rule-options .opt")).to_have_count(9)
        # nothing wider than the phone
        wide = host.evaluate("document.documentElement.scrollWidth")
        assert wide <= 390, (lang, wide)
        phone_shot(host, f"host-options-{lang}")
        host.locator("#rules-box").screenshot(path=str(SHOTS / f"host-rules-box-{lang}.png"))
        assert (SHOTS / f"host-options-{lang}.png").exists()


def test_a_rule_set_file_is_imported_through_the_page_and_a_bad_one_says_which_option(server, phone, tmp_path):
    host = unlock_host(phone, server)
    host.click("#rulesets-box > summary")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "mexican-train-rules/1", "name": "Cousins", "options": {"marker_penalty": -1}}')
    host.set_input_files("#ruleset-file", str(bad))
    expect(host.locator("#toast")).to_have_text("Option marker_penalty: allowed values are >= 0.")
    expect(host.locator("#ruleset option")).to_have_count(1)
    good = tmp_path / "good.json"
    good.write_text('{"format": "mexican-train-rules/1", "name": "Cousins", "options": {"marker_penalty": 25,'
                    ' "last_tile_double": "forbidden"}}')
    host.set_input_files("#ruleset-file", str(good))
    expect(host.locator("#ruleset")).to_have_value("Cousins")
    expect(host.locator("#opt-marker_penalty")).to_have_value("25")
    # going out on a double cannot happen: its multiplier is greyed, with the reason
    expect(host.locator("#opt-out_on_double_multiplier")).to_be_disabled()
    expect(host.locator('.opt[data-option="out_on_double_multiplier"] .opt-moot')).to_have_text(
        "No effect: nobody may go out on a double.")
    assert server.station.store.ruleset("Cousins")["options"] == {"marker_penalty": 25, "last_tile_double": "forbidden"}
