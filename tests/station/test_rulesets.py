"""Saved rule sets (station/rulesets.py) and the game's options in the view (station/house_rules.py):
the host names a set of options, the station keeps it in its store across restarts, exports and
imports it as JSON, refuses a bad one naming the option and its allowed values, and remembers the
set the last game was set up from."""
from __future__ import annotations

import pytest
from station_helpers import PIN

from station.interface import Forbidden, StationError
from station.rulesets import RULESET_FORMAT, RULESET_NAME_MAX
from station.service import Station

GRANDMA = {"doubles_open": False, "own_train_first": True, "marker_penalty": 25}


def test_a_saved_set_is_listed_loaded_and_kept_across_a_restart(tmp_path):
    st = Station(str(tmp_path), host_pin=PIN)
    answer = st.save_ruleset(PIN, "  Grandma's rules ", GRANDMA)
    assert [(s["name"], s["options"]) for s in answer["rulesets"]] == [("Grandma's rules", GRANDMA)]
    assert answer["last"] is None
    st.save_ruleset(PIN, "Tournament", {"rounds": 6})
    st.store.close()
    again = Station(str(tmp_path), host_pin=PIN)
    listed = again.rulesets(PIN)["rulesets"]
    assert [s["name"] for s in listed] == ["Grandma's rules", "Tournament"]
    assert listed[0]["options"] == GRANDMA
    again.store.close()


def test_saving_under_the_same_name_replaces_the_set(station):
    station.save_ruleset(PIN, "Ours", {"must_play": False})
    station.save_ruleset(PIN, "Ours", {"draw_until_playable": True})
    assert station.rulesets(PIN)["rulesets"][0]["options"] == {"draw_until_playable": True}
    assert len(station.rulesets(PIN)["rulesets"]) == 1


def test_export_then_import_round_trips(station, tmp_path):
    station.save_ruleset(PIN, "Grandma's rules", GRANDMA)
    document = station.export_ruleset(PIN, "Grandma's rules")
    assert document == {"format": RULESET_FORMAT, "name": "Grandma's rules", "options": GRANDMA}
    other = Station(str(tmp_path / "other"), host_pin=PIN)
    other.import_ruleset(PIN, document)
    assert other.export_ruleset(PIN, "Grandma's rules") == document
    other.store.close()


@pytest.mark.parametrize("options, option, allowed", [
    ({"follow_double": "always"}, "follow_double", ["anywhere", "on_double"]),
    ({"doubles_open": "no"}, "doubles_open", [True, False]),
    ({"marker_penalty": -5}, "marker_penalty", ">= 0"),
    ({"out_on_double_multiplier": 2.0}, "out_on_double_multiplier", ">= 1"),
    ({"grandma_mode": True}, "grandma_mode", None),
])
def test_a_bad_import_is_refused_naming_the_option_and_keeps_nothing(station, options, option, allowed):
    with pytest.raises(StationError) as caught:
        station.import_ruleset(PIN, {"format": RULESET_FORMAT, "name": "Bad", "options": options})
    assert caught.value.code == "bad-request"
    assert caught.value.facts["field"] == "options" and caught.value.facts["option"] == option
    assert option in caught.value.message
    if allowed is not None:
        assert caught.value.facts["allowed"] == allowed
    else:                                   # an unknown option: the allowed ones are listed
        assert "own_train_first" in caught.value.facts["allowed"]
    assert station.rulesets(PIN)["rulesets"] == []


@pytest.mark.parametrize("name", ["", "   ", "x" * (RULESET_NAME_MAX + 1), "two\nlines", "\ud800", 7])
def test_a_bad_name_is_refused(station, name):
    with pytest.raises(StationError) as caught:
        station.save_ruleset(PIN, name, {})
    assert caught.value.facts["field"] == "name"
    assert station.rulesets(PIN)["rulesets"] == []


def test_another_format_is_not_a_rule_set(station):
    with pytest.raises(StationError) as caught:
        station.import_ruleset(PIN, {"format": "mexican-train-record/1", "name": "x", "options": {}})
    assert caught.value.facts["field"] == "format"


def test_rule_sets_need_the_host_pin(station):
    with pytest.raises(Forbidden):
        station.save_ruleset("0000", "Ours", {})
    with pytest.raises(Forbidden):
        station.rulesets("0000")


def test_the_next_game_night_starts_from_the_set_last_used(tmp_path):
    st = Station(str(tmp_path), host_pin=PIN)
    st.save_ruleset(PIN, "Grandma's rules", GRANDMA)
    st.save_ruleset(PIN, "Tournament", {"rounds": 6})
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, GRANDMA, ruleset="Grandma's rules")
    assert st.rulesets(PIN)["last"] == "Grandma's rules"
    st.store.close()
    again = Station(str(tmp_path), host_pin=PIN)
    assert again.rulesets(PIN)["last"] == "Grandma's rules"
    again.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})          # a game from no set
    assert again.rulesets(PIN)["last"] is None
    again.delete_ruleset(PIN, "Tournament")
    assert [s["name"] for s in again.rulesets(PIN)["rulesets"]] == ["Grandma's rules"]
    again.store.close()


def test_the_view_says_which_options_differ_and_which_are_moot(station):
    view = station.setup_game(PIN, ["Ana", "Ben"], "hub", 9,
                              {"doubles_open": False, "double_blank_points": 0, "last_tile_double": "forbidden",
                               "close_doubles": "in_order"})
    game = view["game"]
    # close_doubles "in_order" is hub's default: not listed; 0-0 worth 0 is a rules.md option
    assert game["house"] == [{"option": "double_blank_points", "value": 0, "house": False},
                             {"option": "doubles_open", "value": False, "house": True},
                             {"option": "last_tile_double", "value": "forbidden", "house": True}]
    assert game["moot"]["double_binds"]["because"] == "doubles_open"
    assert game["moot"]["close_doubles"]["because"] == "doubles_open"
    assert game["moot"]["out_on_double_multiplier"]["because"] == "last_tile_double"
    assert "own_train_first" not in game["moot"]


def test_a_game_with_the_defaults_lists_no_options(station):
    game = station.setup_game(PIN, ["Ana", "Ben", "Chi"], "hub", 6, {})["game"]
    assert game["options"]["hand_size"] == 7          # the stated hand size is the deal, not a rule
    assert game["house"] == []


def test_the_preview_says_which_are_moot_before_set_up(station):
    deal = station.preview_setup(PIN, ["Ana", "Ben"], "classic", 9, {"double_binds": "player"})
    assert deal["house"] == [{"option": "double_binds", "value": "player", "house": True}]
    assert deal["moot"]["first_turn_doubles_open"]["because"] == "double_binds"
