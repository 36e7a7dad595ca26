"""rules.md section 4, *Options*: every option, its profile defaults, and its effect on play."""
from __future__ import annotations

import pytest

from engine import Game, Rules, make_options
from engine import errors as E
from engine.errors import BadRecord, OptionError
from engine.record import replay, to_record

from mt_helpers import (DONE, DRAW, ENGINE, MEX, PASS, P, T, hidden_game, known_game, push_all,
                        refused, rest_of_set, state, train_tiles)


def test_rule_4_profile_defaults_table():
    """Options: the defaults of each profile, as the table of section 4 gives them."""
    c, h = make_options("classic"), make_options("hub")
    assert (c.deal_table, c.hand_size, c.engine_in_deal, c.first_turn_multi_play, c.mexican_on_first_turn,
            c.close_doubles, c.unsatisfiable_exemption, c.must_play, c.double_blank_points, c.tie_break) == \
        ("classic", None, True, True, False, "in_order", False, True, 50, "classic")
    assert (h.deal_table, h.hand_size, h.engine_in_deal, h.first_turn_multi_play, h.mexican_on_first_turn,
            h.close_doubles, h.unsatisfiable_exemption, h.must_play, h.double_blank_points, h.tie_break) == \
        ("hub", None, False, False, True, "in_order", True, True, 50, "classic")


@pytest.mark.parametrize("name,value", [
    ("close_doubles", "sideways"), ("tie_break", "coin"), ("deal_table", "house"), ("must_play", "yes"),
    ("hand_size", 0), ("hand_size", 2.5), ("double_blank_points", -1), ("no_such_option", True)])
def test_rule_4_bad_option_values_are_bad_record_naming_the_option(name, value):
    """Options: an unknown option or a value it does not allow is refused, naming the option."""
    with pytest.raises(OptionError) as info:
        Rules.make("hub", 12, 4, {name: value})
    assert info.value.code == "bad-record" and name in str(info.value)
    result, status = replay({"format": "mexican-train-record/1", "profile": "hub", "set": 12,
                             "players": ["A", "B"], "options": {name: value}, "rounds": []})
    assert status == 2 and result["error"] == "bad-record"


def test_rule_4_option_deal_table():
    """Option deal_table: which hand-size table (classic profile with the hub table, and back)."""
    assert Rules.make("classic", 12, 2, {"deal_table": "hub"}).hand_size == 16
    assert Rules.make("hub", 12, 5, {"deal_table": "classic"}).hand_size == 12
    assert Rules.make("hub", 12, 5).hand_size == 14


def test_rule_4_option_hand_size_overrides_table():
    """Option hand_size: tiles each, overriding the table."""
    assert Rules.make("hub", 12, 4, {"hand_size": 7}).hand_size == 7
    assert Rules.make("classic", 12, 4, {"hand_size": 7}).boneyard_after_deal == 91 - 28


def test_rule_4_option_engine_in_deal_false_in_classic_takes_starter():
    """Option engine_in_deal = false (classic): engine set aside, the round takes starter like hub."""
    game = hidden_game("classic", 6, 2, 5, options={"engine_in_deal": False}, starter=1)
    s = state(game)
    assert s["turn"] == 1 and s["boneyard"] == 27 - 10 and s["first_turn"] is True
    refused(game, ENGINE(1), E.TileOnTable)
    push_all(game, P(1, "6-1", 1), DONE(1))
    assert state(game)["turn"] == 0


def test_rule_4_option_engine_in_deal_true_in_hub_engine_event_decides():
    """Option engine_in_deal = true (hub): the engine is dealt and placed by its holder."""
    game = known_game("hub", 6, [["1-2", "6-1", "0-0"], ["6-6", "6-3", "2-2"]], options={"engine_in_deal": True})
    assert state(game)["turn"] == 1
    refused(game, P(1, "6-3", 1), E.EngineMissing)
    push_all(game, ENGINE(1), P(1, "6-3", 1))
    assert state(game)["turn"] == 0                  # hub: one tile per turn after the engine
    with pytest.raises(BadRecord):
        hidden_game("hub", 6, 2, 3, options={"engine_in_deal": True}, starter=1)


def test_rule_4_option_first_turn_multi_play_in_hub():
    """Option first_turn_multi_play = true (hub): the classic first turn; the circuit keeps the
    Mexican train closed whatever mexican_on_first_turn says."""
    game = hidden_game("hub", 6, 2, 6, options={"first_turn_multi_play": True})
    assert state(game)["first_turn"] is True
    refused(game, P(0, "6-1", MEX), E.FirstTurn)
    refused(game, DRAW(0), E.FirstTurn)
    push_all(game, P(0, "6-1", 0), P(0, "1-2", 0), DONE(0))
    push_all(game, PASS(1))
    assert state(game)["first_turn"] is False
    game.push(P(0, "6-3", MEX))


def test_rule_4_option_first_turn_multi_play_false_in_classic():
    """Option first_turn_multi_play = false (classic): no first-turn circuit, one tile per turn."""
    game = hidden_game("classic", 6, 2, 7, options={"first_turn_multi_play": False})
    game.push(ENGINE(0))
    assert state(game)["first_turn"] is False
    refused(game, P(0, "6-1", MEX), E.TrainClosed)     # mexican_on_first_turn false (classic)
    game.push(P(0, "6-1", 0))
    assert state(game)["turn"] == 1


def test_rule_4_option_mexican_on_first_turn_false_closes_mexican_for_first_circuit():
    """Option mexican_on_first_turn = false: the Mexican train stays closed for the whole first
    circuit (train-closed), then opens."""
    game = hidden_game("hub", 6, 3, 5, options={"mexican_on_first_turn": False})
    refused(game, P(0, "6-1", MEX), E.TrainClosed)
    push_all(game, P(0, "6-1", 0), DRAW(1), PASS(1))
    refused(game, P(2, "6-2", MEX), E.TrainClosed)
    game.push(P(2, "6-2", 2))
    game.push(P(0, "6-3", MEX))
    assert train_tiles(game)[-1] == ["6-3"]


def test_rule_4_option_mexican_on_first_turn_true_in_classic_circuit_still_first_turn():
    """Option combinations: a first-turn circuit keeps the Mexican train closed whatever
    mexican_on_first_turn says (first-turn on a classic first turn)."""
    game = hidden_game("classic", 6, 2, 7, options={"mexican_on_first_turn": True})
    game.push(ENGINE(0))
    refused(game, P(0, "6-1", MEX), E.FirstTurn)


@pytest.mark.parametrize("order,allowed,refused_on", [
    ("in_order", [0], [MEX]), ("reverse", [MEX], [0]), ("any", [0, MEX], [])])
def test_rule_4_option_close_doubles_at_turn_start(order, allowed, refused_on):
    """Option close_doubles: in_order (oldest first), reverse (newest first), any (any of them)."""
    def setup():
        game = hidden_game("hub", 6, 2, 8, options={"close_doubles": order})
        push_all(game, P(0, "6-3", 0), P(1, "6-4", MEX), P(0, "3-3", 0), P(0, "4-4", MEX), DRAW(0), PASS(0))
        return game
    plays = {0: "3-1", MEX: "4-1"}
    for on in refused_on:
        refused(setup(), P(1, plays[on], on), E.OpenDouble)
    for on in allowed:
        game = setup()
        game.push(P(1, plays[on], on))
        assert state(game)["turn"] == 0 and len(state(game)["open_doubles"]) == 1


def test_rule_4_option_unsatisfiable_exemption_true_in_classic():
    """Option unsatisfiable_exemption = true (classic): the all-suit-on-table double binds nobody."""
    game = hidden_game("classic", 6, 2, 11, options={"unsatisfiable_exemption": True})
    push_all(game, ENGINE(0), *[P(0, t, 0) for t in ("6-3", "3-0", "0-1", "1-3", "3-2", "2-4", "4-3")],
             DONE(0), P(1, "6-5", 1), P(1, "5-3", 1), DONE(1), P(0, "3-3", 0))
    assert state(game)["open_doubles"] == []
    game.push(P(0, "6-1", MEX))
    game.push(P(1, "1-2", MEX))              # not bound


def test_rule_4_option_must_play_false():
    """Option must_play = false: a seat may draw or pass while holding a play, but still draws before
    passing while the boneyard has tiles."""
    game = known_game("hub", 6, [["6-1", "2-3"], ["6-2", "2-4"]], boneyard=["6-5"],
                      options={"must_play": False})
    refused(game, PASS(0), E.MustDraw)
    game.push(DRAW(0))                        # holds 6-1 and drew 6-5: both playable
    game.push(PASS(0))
    assert state(game)["trains"][0]["marked"] is True and state(game)["hand_counts"] == [3, 2]
    strict = known_game("hub", 6, [["6-1", "2-3"], ["6-2", "2-4"]], boneyard=["6-5"])
    refused(strict, DRAW(0), E.MustPlay)


@pytest.mark.parametrize("points,expected", [(50, 53), (0, 3), (25, 28)])
def test_rule_4_option_double_blank_points(points, expected):
    """Option double_blank_points: what 0-0 counts in a hand left (default 50)."""
    game = known_game("hub", 6, [["6-1", "1-5"], ["0-0", "0-3"]], options={"double_blank_points": points})
    push_all(game, P(0, "6-1", 0), DRAW(1))
    # Ben drew 0-1 (first of the rest): no 6, Ana's train private: he passes; Ana goes out
    push_all(game, PASS(1), P(0, "1-5", 0))
    assert game.result()["rounds"][0]["scores"] == [0, expected + 1]


def _tiny_hub_game(**options):
    """A whole hub double-6 game with one tile each: the starter (seat 0, 1, 0, ...) goes out at
    once. Seat 1 scores 3 in rounds 0, 2, 4, 6; seat 0 scores 4 in rounds 1, 3, 5: 12 each, seat 0
    with four rounds at 0."""
    game = Game(Rules.make("hub", 6, 2, {"hand_size": 1, **options}), ["Ana", "Ben"])
    deals = {6: ("6-0", "1-2"), 5: ("5-0", "1-3"), 4: ("4-0", "1-2"), 3: ("3-0", "0-4"),
             2: ("2-0", "0-3"), 1: ("1-0", "0-4"), 0: ("0-1", "1-2")}
    for i, engine in enumerate(range(6, -1, -1)):
        out_tile, left = deals[engine]
        starter = i % 2
        hands = [None, None]
        hands[starter], hands[1 - starter] = [T(out_tile)], [T(left)]
        game.start_round(hands=hands, boneyard=rest_of_set(6, [T(out_tile), T(left), T(f"{engine}-{engine}")], False))
        assert state(game)["turn"] == starter
        game.push(P(starter, out_tile, starter))
    return game


def test_rule_4_option_tie_break_classic_most_zero_rounds():
    """Option tie_break = classic: tied totals go to the most rounds scored 0."""
    game = _tiny_hub_game()
    result = game.result()
    assert result["finished"] is True and result["state"] is None
    assert result["totals"] == [12, 12] and result["winners"] == [0]
    assert replay(to_record(game)) == (result, 0)


def test_rule_4_option_tie_break_shared():
    """Option tie_break = shared: every seat with the lowest total wins."""
    game = _tiny_hub_game(tie_break="shared")
    assert game.result()["winners"] == [0, 1]
    assert replay(to_record(game))[0]["winners"] == [0, 1]
