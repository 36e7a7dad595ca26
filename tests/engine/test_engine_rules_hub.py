"""rules.md section 3, profile ``hub``: deal table, engine set aside, starter rotation, one tile per
turn from the very first, the unsatisfiable exemption (and its follow-up order), reverse, ties."""
from __future__ import annotations

import pytest

from engine import Game, Rules
from engine import errors as E
from engine.errors import BadRecord
from engine.scoring import winners
from engine.tiles import full_set

from mt_helpers import (DONE, DRAW, ENGINE, MEX, PASS, P, T, hidden_game, known_game, push_all,
                        refused, rest_of_set, state, train_tiles)


# ----------------------------------------------------------------------------- Players and sets
@pytest.mark.parametrize("players,hand", [(2, 16), (3, 16), (4, 15), (5, 14), (6, 12), (7, 10), (8, 9)])
def test_rule_3_deal_table_double_12(players, hand):
    """Players and sets: 2-8 players with double-12 (the default set), hands from the hub table."""
    rules = Rules.make("hub", None, players)
    assert (rules.top, rules.hand_size) == (12, hand)


@pytest.mark.parametrize("players,hand", [(2, 15), (3, 13), (4, 10)])
def test_rule_3_deal_table_double_9(players, hand):
    """Players and sets: 2-4 players with double-9."""
    assert Rules.make("hub", 9, players).hand_size == hand


@pytest.mark.parametrize("top", [15, 18])
@pytest.mark.parametrize("players", [9, 10, 11, 12])
def test_rule_3_deal_table_double_15_18_decided_11(players, top):
    """Players and sets [decided]: 9-12 players with double-15 or double-18, 11 tiles each."""
    assert Rules.make("hub", top, players).hand_size == 11
    assert Rules.make("hub", None, players).top == 15


@pytest.mark.parametrize("top,players", [(9, 5), (12, 9), (6, 2)])
def test_rule_3_deal_table_missing_rows_need_hand_size(top, players):
    """Players and sets: a set the table does not list for the player count needs hand_size."""
    with pytest.raises(BadRecord):
        Rules.make("hub", top, players)
    assert Rules.make("hub", top, players, {"hand_size": 3}).hand_size == 3


@pytest.mark.parametrize("players", [1, 13])
def test_rule_3_players_2_to_12(players):
    """Sizes (record-format fine points): hub takes 2-12 players."""
    with pytest.raises(BadRecord):
        Rules.make("hub", None, players)


def test_rule_3_deal_engine_set_aside_first():
    """Deal: the engine double is set in the hub's centre first; the others are dealt. A deal that
    includes it is not the set; hand_size is limited by the set less the engine."""
    rules = Rules.make("hub", 6, 3, {"hand_size": 9})           # 27 tiles dealt from
    assert rules.dealt_from == 27 and rules.boneyard_after_deal == 0
    with pytest.raises(BadRecord):
        Rules.make("hub", 6, 2, {"hand_size": 14})
    game = Game(Rules.make("hub", 6, 2, {"hand_size": 2}), ["Ana", "Ben"])
    with pytest.raises(BadRecord):
        game.start_round(hands=[[T("6-6"), T("1-1")], [T("1-2"), T("2-2")]],
                         boneyard=[t for t in full_set(6) if t not in {T("6-6"), T("1-1"), T("1-2"), T("2-2")}])
    game.start_round(hands=[[T("0-0"), T("1-1")], [T("1-2"), T("2-2")]],
                     boneyard=rest_of_set(6, [T("0-0"), T("1-1"), T("1-2"), T("2-2")], True))
    s = state(game)
    assert s["boneyard"] == 23 and s["turn"] == 0 and s["first_turn"] is False
    refused(game, ENGINE(0), E.TileOnTable)             # fine point: an engine event in hub


# ----------------------------------------------------------------------------- Who starts
def test_rule_3_who_starts_seat_0_then_rotates_clockwise():
    """Who starts [decided]: round 1 seat 0 unless the table chooses; each later round the seat
    after the previous round's starter."""
    game = known_game("hub", 6, [["6-1"], ["6-2"], ["6-3"]])
    assert state(game)["turn"] == 0
    game.push(P(0, "6-1", 0))
    hands = [[T("5-1")], [T("5-2")], [T("5-3")]]
    game.start_round(hands=hands, boneyard=[t for t in full_set(6) if t not in {*sum(hands, []), T("5-5")}])
    assert state(game)["turn"] == 1
    game.push(P(1, "5-2", 1))
    hands = [[T("4-1")], [T("4-2")], [T("4-3")]]
    game.start_round(hands=hands, boneyard=[t for t in full_set(6) if t not in {*sum(hands, []), T("4-4")}])
    assert state(game)["turn"] == 2


def test_rule_3_who_starts_chosen_starter():
    """Who starts: a chosen player starts; play goes clockwise."""
    game = hidden_game("hub", 6, 3, 5, starter=2)
    assert state(game)["turn"] == 2
    refused(game, DRAW(0), E.NotYourTurn)
    push_all(game, DRAW(2), PASS(2))
    assert state(game)["turn"] == 0
    with pytest.raises(BadRecord):
        hidden_game("hub", 6, 3, 5, starter=3)


# ----------------------------------------------------------------------------- Every turn
def test_rule_3_every_turn_mexican_on_the_very_first_turn():
    """Every turn, the first included: the Mexican train may be started on the very first turn."""
    game = known_game("hub", 6, [["6-1", "1-2"], ["6-3", "3-4"]])
    game.push(P(0, "6-1", MEX))
    assert train_tiles(game)[-1] == ["6-1"] and state(game)["turn"] == 1


def test_rule_3_every_turn_one_tile_no_multi_play_first_turn():
    """Every turn: one tile per turn (doubles excepted); no multi-tile first turn, no done."""
    game = known_game("hub", 6, [["6-1", "1-2"], ["6-3", "3-4"]])
    game.push(P(0, "6-1", 0))
    refused(game, P(0, "1-2", 0), E.NotYourTurn)
    refused(game, DONE(1), E.CannotEndTurn)
    assert state(game)["first_turn"] is False


def test_rule_3_every_turn_cannot_play_draws_as_usual_on_first_turn():
    """Every turn: a player who cannot play on the first turn draws as usual (must-draw otherwise)."""
    game = known_game("hub", 6, [["1-1", "1-2"], ["6-3", "3-4"]], boneyard=["2-3"])
    refused(game, PASS(0), E.MustDraw)
    push_all(game, DRAW(0), PASS(0))
    assert state(game)["hand_counts"] == [3, 2] and state(game)["trains"][0]["marked"] is True


# ----------------------------------------------------------------------------- Unsatisfiable doubles
def _all_threes_hub(options=None):
    """Hidden hub double-6: Ana builds 6-3 3-0 0-1 1-3 3-2 2-4 4-3, Ben 6-5 5-3 and 6-2 on the
    Mexican train; then Ana plays 3-3: every tile of suit 3 is on the table."""
    game = hidden_game("hub", 6, 2, 11, options=options)
    seq = [P(0, "6-3", 0), P(1, "6-5", 1), P(0, "3-0", 0), P(1, "5-3", 1), P(0, "0-1", 0),
           P(1, "6-2", MEX)]
    for t in ("1-3", "3-2", "2-4", "4-3"):
        seq += [P(0, t, 0), DRAW(1), PASS(1)]
    push_all(game, *seq)
    assert state(game)["turn"] == 0
    game.push(P(0, "3-3", 0))
    return game


def test_rule_3_unsatisfiable_exemption_double_binds_nobody():
    """Unsatisfiable doubles [decided]: an open double whose suit is all on the table no longer
    binds anyone (and is left out of state.open_doubles)."""
    game = _all_threes_hub()
    assert state(game)["open_doubles"] == [] and state(game)["turn"] == 0
    game.push(P(0, "2-5", MEX))             # the follow-up owed for 3-3 goes anywhere
    assert state(game)["turn"] == 1
    game.push(P(1, "5-1", MEX))             # Ben is not bound by 3-3
    assert train_tiles(game)[-1] == ["6-2", "2-5", "5-1"]


def test_rule_3_unsatisfiable_exemption_skips_in_follow_up_order():
    """Unsatisfiable doubles [decided]: the order of follow-ups within a turn skips such a double:
    after 3-3 (exempt) and 2-2, the follow-up goes on 2-2."""
    game = _all_threes_hub()
    game.push(P(0, "2-2", MEX))
    assert state(game)["open_doubles"] == [{"on": MEX, "tile": "2-2"}]
    game.push(P(0, "2-5", MEX))
    assert state(game)["turn"] == 1 and state(game)["open_doubles"] == []


def test_rule_3_unsatisfiable_exemption_off_keeps_binding():
    """Option unsatisfiable_exemption = false: the double keeps binding (open-double)."""
    game = _all_threes_hub({"unsatisfiable_exemption": False})
    assert state(game)["open_doubles"] == [{"on": 0, "tile": "3-3"}]
    game.push(P(0, "2-2", MEX))
    refused(game, P(0, "2-5", MEX), E.OpenDouble)


# ----------------------------------------------------------------------------- Variation: reverse
def test_rule_3_variation_reverse_newest_open_double_first():
    """Variation: close_doubles = "reverse": the newest open double first."""
    game = hidden_game("hub", 6, 2, 8, options={"close_doubles": "reverse"})
    push_all(game, P(0, "6-3", 0), P(1, "6-4", MEX), P(0, "3-3", 0), P(0, "4-4", MEX), DRAW(0), PASS(0))
    refused(game, P(1, "3-1", 0), E.OpenDouble)
    game.push(P(1, "4-1", MEX))
    assert state(game)["open_doubles"] == [{"on": 0, "tile": "3-3"}]


# ----------------------------------------------------------------------------- Ties
def test_rule_3_ties_classic_tie_break_by_default():
    """Ties [decided]: the classic tie-break applies in hub by default."""
    assert Rules.make("hub", 12, 4).options.tie_break == "classic"
    assert winners([[0, 5], [10, 5]], "classic")[0] == [0]


def test_rule_3_ties_option_shared_win():
    """Ties [decided]: as an option that can be switched to a shared win."""
    assert Rules.make("hub", 12, 4, {"tie_break": "shared"}).options.tie_break == "shared"
    assert winners([[0, 5], [10, 5]], "shared")[0] == [0, 1]
