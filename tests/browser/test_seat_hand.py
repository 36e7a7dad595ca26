"""Virtual tiles on the seat page (phone size): "Your tiles" is the station's hand, the playable
tiles are marked, a tile tapped in the hand then a train is played, the drawn tile is marked,
Pass is disabled with the reason while a play is owed, and the round's end shows my score, the
round's scores and the standings. The other seats play through the station itself."""
from __future__ import annotations

import random

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect
from support import PIN, SHOTS, joined, wait_for

from web.i18n import gettext_for
from web.refusals import REASONS

NAMES = ["Ana", "Ben", "Chi"]
ME = 0


def station_move(station, tokens, seat):
    """A move for another seat: its first legal play, else a draw, else a pass."""
    station.lock.acquire()     # re-entrant: submit takes it again
    try:
        _station_move(station, tokens, seat)
    finally:
        station.lock.release()


def _station_move(station, tokens, seat):
    rnd = station.referee.round
    plays = rnd.legal_plays(seat)
    if plays:
        tile, train = plays[0]
        event = {"play": str(tile), "on": train}
    else:
        event = {"draw": True} if rnd.can_draw(seat) else {"pass": True}
    station.submit(seat, tokens[seat], event, station.version)


def settled(station, condition):
    """``condition()`` read under the station's lock (the server thread commits moves)."""
    def check():
        with station.lock:
            return condition()
    return check


def shown_hand(page):
    return page.eval_on_selector_all("#my-hand li", "els => els.map(e => e.dataset.tile)")


def serious(page):
    """axe-core's serious and critical findings on the page as it stands."""
    result = Axe().run(page)
    assert result.response["passes"], "axe-core did not run"
    return [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in result.response["violations"]
            if v.get("impact") in ("serious", "critical")]


def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("MT.toastClear()")
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize("lang", ["en", "ps"])
def test_virtual_tiles_hand_play_draw_and_round_end(server, phone, lang):
    _ = gettext_for(lang)
    # the station deals from its random source: seed 1 gives a round in which Ana plays and draws
    station = server.station
    station.rng = random.Random(1)
    station.setup_game(PIN, NAMES, "hub", 9, {}, hidden_hands=False)
    tokens = [station.join(i, station.seat_code(i, PIN)) for i in range(3)]
    station.start_round(PIN)
    page = joined(phone, server, ME, tokens[ME], lang)
    rnd = station.referee.round
    me = lambda: station.seat_view(ME, tokens[ME])["me"]  # noqa: E731

    hand_card = page.locator("section#hand-card")
    expect(hand_card.get_by_role("heading", name=_("Your tiles"))).to_be_visible()
    expect(page.locator("#my-hand li")).to_have_count(len(rnd.hands[ME]))
    assert shown_hand(page) == [str(t) for t in sorted(rnd.hands[ME])]

    plays_by_hand = plays_by_train = drew = 0
    shot_mid = False
    told_why = False
    for _move in range(200):
        if rnd.ended:
            break
        if rnd.turn != ME:
            station_move(station, tokens, rnd.turn)
            continue
        expect(page.locator("#my-turn.turn-yes")).to_be_visible()
        wait_for(lambda: shown_hand(page) == me()["hand"], what="the page's hand to be the station's")
        mine = me()
        playable = sorted(mine["playable"])
        expect(page.locator("#my-hand li.playable")).to_have_count(len(playable))
        assert page.eval_on_selector_all("#my-hand li.playable", "els => els.map(e => e.dataset.tile)") == playable
        count = rnd.hand_counts[ME]
        # a tile that cannot be played, tapped: the page says why, as the station would refuse it
        stuck = [t for t in mine["hand"] if t not in mine["playable"]]
        if stuck and not told_why:
            page.click(f'#my-hand li[data-tile="{stuck[0]}"] button')
            code = mine["unplayable"][stuck[0]]["code"]
            said = (_("%(tile)s cannot be played now: no train you may play on has a matching open end.") % {"tile": stuck[0]}
                    if code == "no-match" else _("%(tile)s cannot be played now.") % {"tile": stuck[0]} + " " + _(REASONS[code]))
            expect(page.locator("#hand-hint")).to_have_text(said)
            page.click(f'#my-hand li[data-tile="{stuck[0]}"] button')          # tapped again: let go
            expect(page.locator("#hand-hint")).not_to_have_text(said)
            told_why = True
        if playable:
            # a play is owed: Pass cannot act, and says why before anyone taps it
            expect(page.locator("#btn-pass")).to_be_disabled()
            expect(page.locator("#why-pass")).to_have_text(_(REASONS["must-play"]))
            tile = playable[0]
            if plays_by_hand <= plays_by_train:
                page.click(f'#my-hand li[data-tile="{tile}"] button')
                train = mine["playable"][tile][0]
                target = page.locator(f'#hand-trains button[data-train="{train}"]')
                expect(target).to_be_visible()
                if not shot_mid:
                    shot(page, f"seat-hand-mid-round-{lang}")
                    assert not serious(page)
                    shot_mid = True
                target.click()
                plays_by_hand += 1
            else:
                train = mine["playable"][tile][0]
                page.click(f'#trains button[data-train="{train}"]')
                a, b = tile.split("-")
                page.click(f'#tiles button[data-tile="{a}-{b}"], #tiles button[data-tile="{b}-{a}"]')
                plays_by_train += 1
            wait_for(settled(station, lambda: rnd.hand_counts[ME] == count - 1 or rnd.ended), what="the play to reach the station")
            assert tile not in {str(t) for t in rnd.hands[ME]}
        elif mine["options"]["draw"]:
            before = set(mine["hand"])
            expect(page.locator("#btn-draw")).to_be_enabled()
            page.click("#btn-draw")
            wait_for(settled(station, lambda: rnd.hand_counts[ME] == count + 1), what="the draw to reach the station")
            (new,) = {str(t) for t in rnd.hands[ME]} - before
            expect(page.locator("#my-hand li.drawn")).to_have_count(1)
            expect(page.locator("#my-hand li.drawn")).to_have_attribute("data-tile", new)
            drew += 1
            if not me()["playable"]:
                expect(page.locator("#btn-pass")).to_be_enabled()
                page.click("#btn-pass")
                wait_for(settled(station, lambda: rnd.turn != ME or rnd.ended), what="the pass to reach the station")
        else:
            page.click("#btn-pass")
            wait_for(settled(station, lambda: rnd.turn != ME or rnd.ended), what="the pass to reach the station")
    assert rnd.ended, "the round did not end"
    assert plays_by_hand and plays_by_train, (plays_by_hand, plays_by_train)
    assert told_why, "no tile that cannot be played was tapped"

    # the round's end: my score, every seat's score, the standings
    scores = station.view()["result"]["rounds"][0]["scores"]
    end = page.locator("section#round-end")
    expect(end).to_be_visible()
    if rnd.end == "blocked":
        expect(page.locator("#round-how")).to_have_text(_("The round is blocked: nobody could play."))
    elif rnd.out != [ME]:
        expect(page.locator("#round-how")).to_contain_text(NAMES[rnd.out[0]])
    if rnd.hand_counts[ME]:
        expect(page.locator("#my-round-score")).to_contain_text(str(scores[ME]))
    else:
        expect(page.locator("#went-out")).to_be_visible()
    for seat, score in enumerate(scores):
        expect(page.locator(f'#round-scores tr[data-seat="{seat}"] td[data-score]')).to_have_attribute("data-score", str(score))
    rows = station.view()["standings"]
    expect(page.locator("#round-standings li")).to_have_count(3)
    assert page.eval_on_selector_all("#round-standings li", "els => els.map(e => Number(e.dataset.seat))") == [r["seat"] for r in rows]
    expect(page.locator("#count-card")).to_be_hidden()            # virtual tiles: the station counts
    assert shown_hand(page) == [str(t) for t in sorted(rnd.hands[ME])]    # what I still hold
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.evaluate("scrollTo(0, 0)")
    shot(page, f"seat-hand-round-end-{lang}")
    assert not serious(page)
    assert drew, "nobody drew"


def test_classic_first_turn_chain_keeps_the_chosen_train(server, phone, monkeypatch):
    """Classic, virtual tiles: Ana places the engine from her phone and plays a chain on her own
    train, choosing "My train" once; the last tile goes from her hand; then she ends the turn."""
    from engine.tiles import full_set, parse_tile

    chain = ["1-9", "1-2", "2-3", "3-4"]
    spare = [t for t in full_set(9) if not {t.low, t.high} & {1, 2, 3, 4, 9}]
    ana = [parse_tile("9-9")] + [parse_tile(t) for t in chain] + spare[:10]
    rest = [t for t in full_set(9) if t not in ana]
    monkeypatch.setattr("station.service.deal", lambda rules, index, rng: ([ana, rest[:15]], rest[15:]))
    station = server.station
    station.setup_game(PIN, ["Ana", "Ben"], "classic", 9, {}, hidden_hands=False)
    tokens = [station.join(i, station.seat_code(i, PIN)) for i in range(2)]
    station.start_round(PIN)
    page = joined(phone, server, 0, tokens[0])
    page.click("#btn-engine")
    expect(page.locator("#my-hand li")).to_have_count(14)
    mine = page.locator('#trains button[data-train="0"]')
    mine.click()
    for laid in ("9-1", "1-2", "2-3"):
        expect(mine).to_have_attribute("aria-pressed", "true")       # still chosen after each tile
        page.click(f'#tiles button[data-tile="{laid}"]')
        expect(page.locator(f'#my-hand li[data-tile="{"-".join(sorted(laid.split("-"), key=int))}"]')).to_have_count(0)
    page.click('#my-hand li[data-tile="3-4"] button')
    page.click('#hand-trains button[data-train="0"]')
    expect(page.locator("#my-hand li")).to_have_count(10)
    expect(page.locator("#btn-done")).to_be_enabled()
    page.click("#btn-done")
    expect(page.locator("#my-turn")).not_to_have_class("turn-yes")
    assert station.view()["result"]["state"]["trains"][0]["tiles"] == ["9-1", "1-2", "2-3", "3-4"]


def test_game_over_shows_the_winner_and_my_place(server, phone):
    """Hidden hands, one tile each: every round the starter goes out and the other counts. At the
    game's end each seat page names the winner and its own place; nobody is asked to count."""
    station = server.station
    station.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {"hand_size": 1}, hidden_hands=True)
    tokens = [station.join(i, station.seat_code(i, PIN)) for i in range(2)]
    pages = [joined(phone, server, seat, tokens[seat]) for seat in range(2)]
    for index in range(station.referee.rules.rounds):
        station.start_round(PIN)
        rnd = station.referee.round
        starter, other = rnd.turn, 1 - rnd.turn
        low = 0 if rnd.engine else 1
        station.submit(starter, tokens[starter], {"play": f"{rnd.engine}-{low}", "on": starter}, station.version)
        if index == 0:        # the seat that went out is not asked to count; the other is
            expect(pages[starter].locator("#went-out")).to_be_visible()
            expect(pages[starter].locator("#count-card")).to_be_hidden()
            expect(pages[other].locator("#count-card")).to_be_visible()
        station.reveal(other, tokens[other], 5 if other == 1 else 2)       # Ben scores more (2: 0-2 or 1-1 is never played)
    for seat, page in enumerate(pages):
        expect(page.locator("section#game-over")).to_be_visible()
        expect(page.locator("#winners")).to_contain_text("Ana")
        expect(page.locator("#count-card")).to_be_hidden()
    expect(pages[0].locator("#my-rank")).to_have_text("You won!")
    expect(pages[1].locator("#my-rank")).to_have_text("Your place: 2 of 2")
    expect(pages[1].locator("#round-end")).to_be_visible()
    shot(pages[1], "seat-game-over-en")
    assert not serious(pages[1])


@pytest.mark.parametrize("lang", ["en", "ps"])
def test_after_a_draw_with_nothing_to_play(server, phone, lang, monkeypatch):
    """Virtual tiles: Ana holds no 9 and draws none. Under "Choose a train" her own train says that
    nothing fits its open end (not a refusal of a tile nobody chose), Ben's unmarked train says it
    is closed; Draw is disabled (the attribute) with its reason, and a click on it does nothing."""
    from engine.tiles import full_set
    _ = gettext_for(lang)
    tiles = [t for t in full_set(9) if str(t) != "9-9"]
    plain = [t for t in tiles if 9 not in t]
    ana, ben, bones = plain[:15], [t for t in tiles if 9 in t] + plain[15:21], plain[21:]
    monkeypatch.setattr("station.service.deal", lambda rules, index, rng: ([ana, ben], bones))
    station = server.station
    station.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {}, hidden_hands=False)
    tokens = [station.join(i, station.seat_code(i, PIN)) for i in range(2)]
    station.start_round(PIN)
    rnd = station.referee.round
    if rnd.turn == 1:
        station.submit(1, tokens[1], {"play": "9-0", "on": 1}, station.version)
    page = joined(phone, server, 0, tokens[0], lang)
    expect(page.locator("#btn-draw")).to_be_enabled()
    page.click("#btn-draw")
    expect(page.locator("#my-hand li.drawn")).to_have_count(1)
    draw = page.locator("#btn-draw")
    expect(draw).to_be_disabled()
    expect(page.locator("#why-draw, #why-pass").filter(has_text=_(REASONS["already-drew"]))).to_have_count(1)
    count = rnd.hand_counts[0]
    draw.click(force=True)                       # a tap on the disabled button
    expect(page.locator("#my-hand li")).to_have_count(count)
    assert rnd.hand_counts[0] == count and rnd.turn == 0
    own = page.locator('#trains button[data-train="0"] .why')
    expect(own).to_have_text(_("Nothing fits: open end %(n)s") % {"n": 9})
    expect(page.locator('#trains button[data-train="1"] .why')).to_have_text(_("Closed: no marker"))
    for code in ("not-in-hand", "tile-on-table"):
        expect(page.locator("#trains")).not_to_contain_text(_(REASONS[code]))
    shot(page, f"seat-nothing-fits-{lang}")
    assert not serious(page)
