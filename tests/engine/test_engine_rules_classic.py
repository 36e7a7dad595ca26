"""rules.md section 2, profile ``classic``: deal table, who starts (engine search), the first turn,
going out on it, play from the second turn, no unsatisfiable exemption, ties."""
from __future__ import annotations

import pytest

from engine import Game, Rules
from engine import errors as E
from engine.errors import BadRecord
from engine.scoring import winners
from engine.tiles import Tile, full_set

from mt_helpers import (DONE, DRAW, ENGINE, MEX, PASS, P, T, hidden_game, known_game, push_all,
                        refused, rest_of_set, state, train_tiles)


# ----------------------------------------------------------------------------- Players and sets
@pytest.mark.parametrize("players,top,hand", [
    (2, 9, 15), (3, 9, 15), (4, 12, 15), (5, 12, 12), (6, 12, 12), (7, 12, 11), (8, 12, 11),
    (9, 15, 11), (10, 15, 11), (11, 15, 11), (12, 15, 11), (13, 18, 11), (14, 18, 11)])
def test_rule_2_deal_table_default_set_and_hand_size(players, top, hand):
    """Players and sets: the classic table; the default set is the larger-set row."""
    rules = Rules.make("classic", None, players)
    assert (rules.top, rules.hand_size) == (top, hand)
    assert Rules.make("classic", top, players).hand_size == hand


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rule_2_deal_table_double_6_small_game(players):
    """Players and sets: 2-4 players may play the double-6 small game, 7 tiles each."""
    assert Rules.make("classic", 6, players).hand_size == 7


@pytest.mark.parametrize("players", [1, 15])
def test_rule_2_players_2_to_14(players):
    """Players and sets: classic takes 2 to 14 players."""
    with pytest.raises(BadRecord) as info:
        Rules.make("classic", None, players)
    assert info.value.code == "bad-record" and "2 to 14" in str(info.value)


def test_rule_2_other_set_needs_explicit_hand_size_within_the_set():
    """Players and sets: another set may be chosen with an explicit hand size, provided players x
    hand size does not exceed the tiles dealt from (the whole set in classic)."""
    with pytest.raises(BadRecord) as info:
        Rules.make("classic", 9, 4)                  # the table has no row: hand_size needed
    assert "hand_size" in str(info.value)
    assert Rules.make("classic", 9, 4, {"hand_size": 13}).hand_size == 13
    assert Rules.make("classic", 6, 2, {"hand_size": 14}).boneyard_after_deal == 0   # 28 dealt from
    with pytest.raises(BadRecord):
        Rules.make("classic", 6, 2, {"hand_size": 15})


def test_rule_2_deal_includes_the_engine():
    """Deal: all tiles, the engine double included, are dealt; a deal without it is not the set."""
    rules = Rules.make("classic", 6, 2)
    game = Game(rules, ["Ana", "Ben"])
    hands = [list(full_set(6)[:7]), list(full_set(6)[7:14])]
    without_engine = [t for t in full_set(6)[14:] if t != Tile(6, 6)]
    with pytest.raises(BadRecord):
        game.start_round(hands=hands, boneyard=without_engine)
    game.start_round(hands=hands, boneyard=list(full_set(6)[14:]))
    assert state(game)["boneyard"] == 14


# ----------------------------------------------------------------------------- Who starts
def _classic(hands, boneyard=(), **options):
    return known_game("classic", 6, hands, boneyard, options=options)


def test_rule_2_who_starts_engine_holder_places_it_and_starts():
    """Who starts: the holder of the engine double places it and takes the first turn."""
    game = _classic([["1-2", "0-0"], ["6-6", "6-1"]])
    s = state(game)
    assert s["turn"] == 1 and s["first_turn"] is True and s["trains"][0]["tiles"] == []
    refused(game, ENGINE(0), E.NotYourTurn)
    refused(game, P(1, "6-1", 1), E.EngineMissing)
    game.push(ENGINE(1))
    s = state(game)
    assert s["turn"] == 1 and s["hand_counts"] == [2, 1]


def test_rule_2_who_starts_engine_search_draws_in_turn_tiles_stay_in_hand():
    """Who starts: nobody holds it: players draw one tile each in turn until someone draws it; that
    player places it and starts; the drawn tiles stay in the hands. [decided] round 1 starts with
    seat 0, clockwise."""
    game = _classic([["1-2", "0-0"], ["5-1", "6-1"], ["6-3", "4-4"]], boneyard=["2-3", "0-1", "6-6"])
    assert state(game)["turn"] == 0
    refused(game, DRAW(1), E.NotYourTurn)
    refused(game, ENGINE(0), E.EngineMissing)
    push_all(game, DRAW(0), DRAW(1))
    assert state(game)["turn"] == 2
    game.push(DRAW(2))
    assert state(game)["turn"] == 2                       # Chi drew it: Chi places it
    refused(game, DRAW(2), E.MustPlay)                    # a holder who draws: must-play
    game.push(ENGINE(2))
    assert state(game)["hand_counts"] == [3, 3, 2]
    assert game.current.hands[0] == {T("1-2"), T("0-0"), T("2-3")}


def test_rule_2_who_starts_next_round_search_begins_after_previous_starter():
    """Who starts [decided]: the drawing starts with the seat after the previous round's starter."""
    game = _classic([["1-2"], ["6-1"], ["6-3"]], boneyard=["0-0", "6-6"])
    push_all(game, DRAW(0), DRAW(1), ENGINE(1), P(1, "6-1", 1))   # Ben starts and goes out
    assert state(game)["turn"] == 2
    push_all(game, P(2, "6-3", 2), PASS(0))
    r = game.result()["rounds"][0]
    assert r == {"engine": 6, "end": "out", "out": [1, 2], "scores": [53, 0, 0]}
    hands = [[T("1-2")], [T("4-1")], [T("4-3")]]
    game.start_round(hands=hands, boneyard=rest_of_set(6, [t for h in hands for t in h], False))
    assert state(game)["engine"] == 5 and state(game)["turn"] == 2   # after Ben: Chi draws first
    refused(game, DRAW(0), E.NotYourTurn)
    game.push(DRAW(2))
    assert state(game)["turn"] == 0


def test_rule_2_who_starts_hidden_hands_any_seat_before_a_draw_then_last_drawer_only():
    """Who starts [decided]: with hidden hands any seat may place the engine before any draw; once
    the search has begun only the seat that drew last may."""
    for seat in range(3):
        game = hidden_game("classic", 6, 3, 5)
        assert state(game)["turn"] is None
        game.push(ENGINE(seat))
        assert state(game)["turn"] == seat
    game = hidden_game("classic", 6, 3, 5)
    push_all(game, DRAW(0))
    assert state(game)["turn"] == 1                      # the next seat to draw
    refused(game, ENGINE(1), E.EngineMissing)             # fine point: the seat due to draw next
    refused(game, ENGINE(2), E.NotYourTurn)               # any other seat
    refused(game, DRAW(2), E.NotYourTurn)
    refused(game, P(0, "6-1", 0), E.EngineMissing)        # the last drawer must place it first
    refused(game, PASS(0), E.EngineMissing)
    refused(game, DONE(0), E.EngineMissing)
    game.push(ENGINE(0))
    assert state(game)["turn"] == 0 and state(game)["hand_counts"] == [5, 5, 5]


# ----------------------------------------------------------------------------- The first turn
def _first_turn_game():
    return _classic([["6-6", "6-3", "3-1", "3-3", "1-5"], ["6-4", "4-5", "0-0", "1-2", "6-2"]])


def test_rule_2_first_turn_multi_play_own_train_only():
    """The first turn: any number of tiles, all on the player's own train, as a proper chain from
    the engine, then done."""
    game = _first_turn_game()
    push_all(game, ENGINE(0), P(0, "6-3", 0), P(0, "3-1", 0), P(0, "1-5", 0))
    assert state(game)["turn"] == 0 and train_tiles(game)[0] == ["6-3", "3-1", "1-5"]
    game.push(DONE(0))
    assert state(game)["turn"] == 1 and state(game)["first_turn"] is True
    push_all(game, P(1, "6-4", 1), P(1, "4-5", 1), DONE(1))
    s = state(game)
    assert s["first_turn"] is False and s["turn"] == 0


def test_rule_2_first_turn_no_mexican_or_other_train():
    """The first turn: nobody plays on the Mexican train or another player's train (first-turn)."""
    game = _first_turn_game()
    push_all(game, ENGINE(0), P(0, "6-3", 0), DONE(0))
    refused(game, P(1, "6-4", MEX), E.FirstTurn)
    refused(game, P(1, "6-2", 0), E.FirstTurn)


def test_rule_2_first_turn_no_draw():
    """The first turn: a draw is refused (first-turn)."""
    game = _first_turn_game()
    game.push(ENGINE(0))
    refused(game, DRAW(0), E.FirstTurn)


def test_rule_2_first_turn_cannot_start_train_passes_without_drawing():
    """The first turn: a player who cannot start their train passes: marked, no draw."""
    game = _classic([["6-6", "6-3", "5-5"], ["1-4", "0-2", "1-1"]])
    push_all(game, ENGINE(0), P(0, "6-3", 0), DONE(0))
    bone = state(game)["boneyard"]
    game.push(PASS(1))
    s = state(game)
    assert s["trains"][1]["marked"] is True and s["boneyard"] == bone and s["hand_counts"][1] == 3
    assert s["first_turn"] is False


def test_rule_2_first_turn_pass_after_a_play_is_refused():
    """Going out on the first turn [decided]: a pass after first-turn plays is refused (use done)."""
    game = _first_turn_game()
    push_all(game, ENGINE(0), P(0, "6-3", 0))
    refused(game, PASS(0), E.FirstTurn)


def test_rule_2_first_turn_done_before_any_play_is_refused():
    """The first turn: done before any play: cannot-end-turn."""
    game = _first_turn_game()
    game.push(ENGINE(0))
    refused(game, DONE(0), E.CannotEndTurn)


def test_rule_2_first_turn_doubles_need_no_follow_up_and_are_not_open():
    """The first turn [decided]: doubles follow no double rule: no follow-up, not open doubles."""
    game = _first_turn_game()
    push_all(game, ENGINE(0), P(0, "6-3", 0), P(0, "3-3", 0))
    assert state(game)["open_doubles"] == []
    game.push(DONE(0))
    push_all(game, P(1, "6-4", 1), DONE(1))
    assert state(game)["open_doubles"] == []
    game.push(P(0, "3-1", 0))        # not bound to satisfy anything; own train, one tile
    assert state(game)["turn"] == 1


def test_rule_2_first_turn_holding_a_start_must_play():
    """Must play on the first turn: a pass while able to start the train is must-play."""
    game = _first_turn_game()
    game.push(ENGINE(0))
    refused(game, PASS(0), E.MustPlay)


# ----------------------------------------------------------------------------- Going out on the first turn
def test_rule_2_going_out_on_first_turn_round_ends_after_the_circuit():
    """Going out on the first turn: the round ends once every player has had a first turn; everyone
    who went out scores 0; a seat that goes out owes no done."""
    game = _classic([["6-6", "6-3"], ["6-4", "4-2"], ["1-1", "0-2"]])
    push_all(game, ENGINE(0), P(0, "6-3", 0))
    assert game.result()["rounds"][0]["end"] is None and state(game)["turn"] == 1
    refused(game, DONE(0), E.NotYourTurn)
    push_all(game, P(1, "6-4", 1), P(1, "4-2", 1))
    assert game.result()["rounds"][0]["end"] is None and state(game)["turn"] == 2
    game.push(PASS(2))
    assert game.result()["rounds"][0] == {"engine": 6, "end": "out", "out": [0, 1], "scores": [0, 0, 4]}


def test_rule_2_going_out_engine_double_as_last_tile():
    """Going out on the first turn [decided]: a player whose last tile was the engine has gone out."""
    game = _classic([["6-6"], ["6-4"]])
    game.push(ENGINE(0))
    assert state(game)["turn"] == 1 and state(game)["hand_counts"] == [0, 1]
    game.push(P(1, "6-4", 1))
    assert game.result()["rounds"][0] == {"engine": 6, "end": "out", "out": [0, 1], "scores": [0, 0]}


# ----------------------------------------------------------------------------- From the second turn
def test_rule_2_from_second_turn_one_tile_per_turn():
    """From the second turn: one tile per turn (doubles excepted)."""
    game = _first_turn_game()
    push_all(game, ENGINE(0), P(0, "6-3", 0), DONE(0), P(1, "6-4", 1), DONE(1))
    game.push(P(0, "3-1", 0))
    assert state(game)["turn"] == 1
    refused(game, P(0, "1-5", 0), E.NotYourTurn)
    refused(game, DONE(1), E.CannotEndTurn)


def test_rule_2_from_second_turn_mexican_may_be_started_and_marked_trains_played():
    """From the second turn: the player's own train, the Mexican train (any player may start it),
    or another player's marked train."""
    game = _classic([["6-6", "6-3", "3-1", "1-5"], ["1-4", "0-2", "6-2", "5-4"]])
    push_all(game, ENGINE(0), P(0, "6-3", 0), DONE(0), P(1, "6-2", 1), P(1, "2-0", 1), DONE(1))
    refused(game, P(0, "3-1", 1), E.TrainClosed)
    refused(game, P(0, "3-1", MEX), E.NoMatch)
    game.push(P(0, "3-1", 0))
    assert state(game)["turn"] == 1


def test_rule_2_from_second_turn_mexican_start_and_marked_train():
    """From the second turn: the Mexican train started with a tile matching the engine; a marked
    train is open to everyone."""
    game = hidden_game("classic", 6, 2, 7)
    push_all(game, ENGINE(0), P(0, "6-3", 0), DONE(0), PASS(1))
    assert state(game)["trains"][1]["marked"] is True
    game.push(P(0, "6-1", MEX))
    game.push(P(1, "1-2", MEX))
    game.push(P(0, "6-5", 1))                          # Ben's marked (empty) train
    assert train_tiles(game) == [["6-3"], ["6-5"], ["6-1", "1-2"]]


# ----------------------------------------------------------------------------- Unsatisfiable doubles
def _all_threes_classic(options=None):
    game = hidden_game("classic", 6, 2, 11, options=options)
    push_all(game, ENGINE(0), *[P(0, t, 0) for t in ("6-3", "3-0", "0-1", "1-3", "3-2", "2-4", "4-3")],
             DONE(0), P(1, "6-5", 1), P(1, "5-3", 1), DONE(1))
    game.push(P(0, "3-3", 0))       # every tile of suit 3 is now on the table
    return game


def test_rule_2_unsatisfiable_double_keeps_binding_round_blocks():
    """Unsatisfiable doubles [decided]: no exemption in classic: the double keeps binding and the
    round then ends blocked."""
    game = _all_threes_classic()
    assert state(game)["open_doubles"] == [{"on": 0, "tile": "3-3"}]
    game.push(P(0, "6-1", MEX))         # one double: the follow-up may go on any open train
    assert state(game)["turn"] == 1 and state(game)["open_doubles"] == [{"on": 0, "tile": "3-3"}]
    refused(game, P(1, "1-2", MEX), E.OpenDouble)
    while not game.current.ended:
        seat = state(game)["turn"]
        if game.current.can_draw(seat):
            game.push(DRAW(seat))
        game.push(PASS(seat))
    assert game.result()["rounds"][0]["end"] == "blocked"
    assert state(game)["open_doubles"] == [{"on": 0, "tile": "3-3"}]


# ----------------------------------------------------------------------------- Ties
def test_rule_2_ties_most_rounds_scored_zero_wins():
    """Ties: on a tie, the player with the most rounds scored 0 wins."""
    assert winners([[0, 5], [10, 5]], "classic")[0] == [0]


def test_rule_2_ties_lowest_non_zero_single_round_score_wins():
    """Ties: still tied, the player with the lowest non-zero single-round score wins."""
    seats, why = winners([[0, 0], [5, 1], [5, 9]], "classic")     # totals 10/10, one 0 each
    assert seats == [1] and "non-zero" in why


def test_rule_2_ties_share_when_every_tie_break_ties():
    """Ties: still tied, they share the win."""
    seats, why = winners([[0, 3], [3, 0], [5, 5]], "classic")
    assert seats == [0, 1] and "share" in why
