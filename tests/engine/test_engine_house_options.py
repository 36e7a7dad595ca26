"""house-rules.md, the options as a whole: their values (bad-record otherwise), defaults that change
nothing, a record with each option through export and replay (known and hidden hands), the two
decided points rules.md and record-format.md gained with them, and ``station simulate --option``."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Rules, make_options
from engine.errors import OptionError
from engine.house import HOUSE_OPTIONS, moot_options
from engine.players import play_game
from engine.record import replay, to_record

from mt_helpers import ENGINE, PASS, P, known_game, push_all, record, state

ROOT = Path(__file__).resolve().parents[2]
STATION = ROOT / ".venv" / "bin" / "station"

#: one value other than the default for every house rule
NON_DEFAULT = {"doubles_open": False, "double_binds": "player", "follow_double": "on_double",
               "first_turn_doubles_open": True, "last_tile_double": "forbidden",
               "draw_until_playable": True, "marker_penalty": 15, "own_train_first": True,
               "out_on_double_multiplier": 3, "rounds": 3}


def test_house_options_are_the_ten_of_the_spec_with_their_defaults_in_both_profiles():
    """The defaults keep rules.md exactly as it is: a record without these options means what it
    meant before (and a game with the defaults writes none of them)."""
    assert sorted(HOUSE_OPTIONS) == sorted(NON_DEFAULT)
    for profile in ("classic", "hub"):
        opts = make_options(profile)
        assert {name: getattr(opts, name) for name in HOUSE_OPTIONS} == {
            "doubles_open": True, "double_binds": "everyone", "follow_double": "anywhere",
            "first_turn_doubles_open": False, "last_tile_double": "allowed", "draw_until_playable": False,
            "marker_penalty": 0, "own_train_first": False, "out_on_double_multiplier": 1, "rounds": None}
    game = play_game(Rules.make("hub", 9, 3), ["A", "B", "C"], "random", random.Random(3))
    assert to_record(game)["options"] == {}


@pytest.mark.parametrize("name,value", [
    ("doubles_open", "false"), ("doubles_open", 0), ("doubles_open", None), ("double_binds", "all"),
    ("double_binds", True), ("follow_double", "double"), ("first_turn_doubles_open", 1),
    ("last_tile_double", False), ("draw_until_playable", "yes"), ("marker_penalty", -1),
    ("marker_penalty", 2.0), ("marker_penalty", True), ("marker_penalty", "5"), ("own_train_first", None),
    ("out_on_double_multiplier", 0), ("out_on_double_multiplier", 1.5), ("out_on_double_multiplier", False),
    ("rounds", 0), ("rounds", 11), ("rounds", 2.0)])
def test_house_option_bad_value_is_bad_record_naming_the_option(name, value):
    """An unknown value is bad-record (booleans JSON true/false; strings one of those listed;
    integers non-negative JSON integers, never booleans or 2.0)."""
    with pytest.raises(OptionError) as info:
        Rules.make("hub", 9, 3, {name: value})
    assert name in str(info.value)
    result, status = replay(record("hub", 9, 3, [], {name: value}))
    assert status == 2 and result["error"] == "bad-record" and name in result["message"]


@pytest.mark.parametrize("name,value", [("marker_penalty", 0), ("out_on_double_multiplier", 1),
                                        ("rounds", 10), ("rounds", 1), ("doubles_open", True)])
def test_house_option_edge_values_accepted(name, value):
    assert getattr(Rules.make("hub", 9, 3, {name: value}).options, name) == value


def test_moot_options_follow_the_interactions():
    """Interactions: doubles_open false makes double_binds, follow_double, close_doubles,
    unsatisfiable_exemption and first_turn_doubles_open moot; double_binds "player" makes
    first_turn_doubles_open moot; out_on_double_multiplier never acts with last_tile_double
    "forbidden"; first_turn_doubles_open changes nothing without a first-turn circuit."""
    assert moot_options(make_options("classic")) == {}
    assert sorted(moot_options(make_options("classic", {"doubles_open": False}))) == [
        "close_doubles", "double_binds", "first_turn_doubles_open", "follow_double", "unsatisfiable_exemption"]
    assert moot_options(make_options("classic", {"double_binds": "player"}))["first_turn_doubles_open"][
        "because"] == "double_binds"
    assert list(moot_options(make_options("classic", {"last_tile_double": "forbidden"}))) == [
        "out_on_double_multiplier"]
    assert list(moot_options(make_options("hub"))) == ["first_turn_doubles_open"]


def _hidden_copy(doc: dict, game) -> dict:
    """The same record as a real table would keep it: no deals, each round's hands shown at its end."""
    doc = json.loads(json.dumps(doc))
    for entry, rnd in zip(doc["rounds"], game.rounds):
        del entry["hands"], entry["boneyard"]
        entry["reveal"] = [sorted(str(t) for t in hand) for hand in rnd.hands]
    return doc


@pytest.mark.parametrize("profile,top", [("classic", 6), ("hub", 9)])
@pytest.mark.parametrize("name", sorted(NON_DEFAULT))
def test_record_round_trip_with_each_option_known_and_hidden(profile, top, name):
    """A game played under each option is written with it (record ``options``) and replays to the
    same result, with known hands and as the hidden-hands record of the same game."""
    for seed in range(3):
        game = play_game(Rules.make(profile, top, 3, {name: NON_DEFAULT[name]}), ["A", "B", "C"],
                         "random", random.Random(seed))
        doc = to_record(game)
        assert doc["options"] == {name: NON_DEFAULT[name]}
        assert len(doc["rounds"]) == (3 if name == "rounds" else top + 1)
        result, status = replay(json.dumps(doc))
        assert status == 0 and result == game.result()
        hidden, status = replay(_hidden_copy(doc, game))
        assert status == 0 and hidden == game.result()


def test_record_round_trip_with_every_option_at_once():
    options = dict(NON_DEFAULT)
    del options["doubles_open"]                       # it would make the other double options moot
    for profile, top in (("classic", 6), ("hub", 9)):
        game = play_game(Rules.make(profile, top, 4, options), ["A", "B", "C", "D"], "greedy", random.Random(7))
        doc = to_record(game)
        assert doc["options"] == options
        assert replay(doc) == (game.result(), 0)
        assert replay(_hidden_copy(doc, game)) == (game.result(), 0)


# ----------------------------------------------------------------------------- decided points of rules.md, record-format.md
def test_rules_2_a_table_row_that_would_deal_more_tiles_than_there_are_is_bad_record():
    """rules.md 2 [decided]: a set, player count and engine_in_deal whose row would deal more tiles
    than there are is bad-record (classic, double-6, 4 players, engine set aside: 4 x 7 > 27)."""
    with pytest.raises(OptionError):
        Rules.make("classic", 6, 4, {"engine_in_deal": False})
    result, status = replay(record("classic", 6, 4, [], {"engine_in_deal": False}))
    assert status == 2 and result["error"] == "bad-record"
    assert Rules.make("classic", 6, 4).hand_size == 7          # 4 x 7 = 28 with the engine dealt


def test_record_format_out_lists_a_seat_as_soon_as_it_goes_out_in_the_first_turn_circuit():
    """record-format.md: rounds[i].out lists the seats in the order they went out, as soon as they
    do, also during the classic first-turn circuit."""
    game = known_game("classic", 6, [["6-6", "6-1"], ["6-2", "2-3"], ["0-0", "0-1"]])
    push_all(game, ENGINE(0), P(0, "6-1", 0))
    assert game.result()["rounds"][0]["out"] == [0] and state(game)["first_turn"] is True
    push_all(game, P(1, "6-2", 1), P(1, "2-3", 1))
    first = game.result()["rounds"][0]
    assert first["out"] == [0, 1] and first["end"] is None and state(game)["turn"] == 2
    game.push(PASS(2))
    assert game.result()["rounds"][0]["out"] == [0, 1] and game.result()["rounds"][0]["end"] == "out"


# ----------------------------------------------------------------------------- station simulate --option
def simulate(*args):
    cmd = [str(STATION)] if STATION.exists() else [sys.executable, "-m", "cli"]
    proc = subprocess.run(cmd + ["simulate", "--quiet", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert "Traceback" not in proc.stdout + proc.stderr
    return proc


def test_simulate_with_house_options_prints_round_length_blocked_rounds_and_mean_score():
    args = ["--games", "3", "--profile", "classic", "--set", "6", "--players", "3", "--seed", "5",
            "--option", "marker_penalty=10", "--option", "doubles_open=false", "--option", "rounds=4"]
    proc = simulate(*args)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "marker_penalty=10" in out and "doubles_open=false" in out and "4 rounds" in out
    assert "mean round length:" in out and "blocked" in out and "mean round score:" in out
    assert "rounds: 12:" in out                                   # 3 games of 4 rounds
    again = simulate(*args).stdout
    assert [ln for ln in again.splitlines() if "speed" not in ln] == \
        [ln for ln in out.splitlines() if "speed" not in ln]       # same seed, same games


def test_simulate_compare_prints_with_and_without_the_options():
    proc = simulate("--games", "2", "--profile", "hub", "--set", "9", "--players", "3",
                    "--option", "out_on_double_multiplier=2", "--compare")
    assert proc.returncode == 0, proc.stderr
    assert "with the options" in proc.stdout and "without them" in proc.stdout


@pytest.mark.parametrize("pair,words", [
    ("doubles_open=maybe", ["doubles_open", "true or false"]),
    ("double_binds=all", ["double_binds", "'everyone' or 'player'"]),
    ("rounds=99", ["rounds", "1 to 10"]),
    ("marker_penalty=-3", ["marker_penalty", "whole numbers from 0"]),
    ("no_such_rule=1", ["no_such_rule", "doubles_open"]),
    ("doubles_open", ["KEY=VALUE"])])
def test_simulate_bad_option_exit_2_one_line_naming_the_option_and_values(pair, words):
    proc = simulate("--games", "1", "--set", "9", "--players", "3", "--option", pair)
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and all(w in lines[0] for w in words), lines
