"""rules.md section 1, *Common to both profiles*: one test (or a few) per rule, by name.

Most positions are hub double-6 games (engine 6-6 set aside, no first-turn circuit), either with
known hands (every rule checked) or hidden hands (the table's checks only) where the hands do not
matter to the rule under test."""
from __future__ import annotations

import pytest

from engine import Rules
from engine import errors as E
from engine.scoring import winners
from engine.tiles import Tile, full_set, hand_pips, pips

from mt_helpers import (DRAW, MEX, PASS, P, T, hidden_game, known_game, push_all, refused, state,
                        train_tiles)


# ----------------------------------------------------------------------------- Tiles
@pytest.mark.parametrize("top,count", [(6, 28), (9, 55), (12, 91), (15, 136), (18, 190)])
def test_rule_1_tiles_set_sizes(top, count):
    """Tiles: a double-N set holds every pair a-b, 0 <= a <= b <= N: 28, 55, 91, 136, 190 tiles."""
    tiles = full_set(top)
    assert len(tiles) == count == len(set(tiles))
    assert all(0 <= t.low <= t.high <= top for t in tiles)


def test_rule_1_tiles_pips_doubles_and_either_end_first():
    """Tiles: pips are a + b, a double has a == b; a tile may be written either end first."""
    assert T("12-5") == T("5-12") == Tile(5, 12)
    assert pips(T("12-5")) == 17
    assert T("4-4").is_double and not T("4-5").is_double
    assert T("09-2") == Tile(2, 9)


# ----------------------------------------------------------------------------- Rounds
def test_rule_1_rounds_game_is_n_plus_1_rounds_engines_descend():
    """Rounds: a game is N+1 rounds, engines N-N down to 0-0 (double-12: 13 rounds)."""
    rules = Rules.make("hub", 12, 4)
    assert rules.rounds == 13
    assert [rules.engine_of(i) for i in range(13)] == list(range(12, -1, -1))


def test_rule_1_rounds_each_round_uses_next_lower_engine():
    """Rounds: each later round's engine is the next lower double (state.engine, round index)."""
    game = known_game("hub", 6, [["6-1"], ["6-2"]])
    game.push(P(0, "6-1", 0))
    assert game.current.ended
    game.start_round(hands=[[T("5-1")], [T("5-2")]],
                     boneyard=[t for t in full_set(6) if t not in {T("5-1"), T("5-2"), T("5-5")}])
    assert state(game)["engine"] == 5 and state(game)["round"] == 1
    game.push(P(1, "5-2", 1))  # hub starter rotates: seat 1 starts round 2
    assert game.result()["rounds"][1]["end"] == "out"


# ----------------------------------------------------------------------------- Trains
def test_rule_1_trains_first_tile_must_match_engine():
    """Trains: every train starts at the engine: its first tile must have an end equal to it."""
    game = hidden_game("hub", 6, 2, 5)
    err = refused(game, P(0, "3-4", 0), E.NoMatch)
    assert "3-4" in str(err)
    game.push(P(0, "3-6", 0))
    assert train_tiles(game)[0] == ["6-3"]          # written as it lies, engine side first
    assert state(game)["trains"][0]["end"] == 3


def test_rule_1_trains_play_matches_open_end_other_end_becomes_open():
    """Trains: a tile is played by matching the open end; its other end becomes the new open end."""
    game = hidden_game("hub", 6, 2, 5)
    push_all(game, P(0, "6-3", 0), P(1, "6-2", 1))
    refused(game, P(0, "4-5", 0), E.NoMatch)
    game.push(P(0, "5-3", 0))
    assert train_tiles(game)[0] == ["6-3", "3-5"]
    assert state(game)["trains"][0]["end"] == 5
    assert state(game)["trains"][1]["end"] == 2


# ----------------------------------------------------------------------------- Markers
def test_rule_1_markers_pass_marks_own_train_and_opens_it_to_others():
    """Markers: a player's train becomes marked (public) when they end a turn without playing."""
    game = hidden_game("hub", 6, 2, 5)
    push_all(game, P(0, "6-3", 0))
    refused(game, P(1, "3-1", 0), E.TrainClosed)          # private
    push_all(game, P(1, "6-2", 1), DRAW(0), PASS(0))
    assert state(game)["trains"][0]["marked"] is True
    game.push(P(1, "3-1", 0))                               # now public
    assert train_tiles(game)[0] == ["6-3", "3-1"]


def test_rule_1_markers_owner_play_makes_train_private_again():
    """Markers: a marked train becomes private again when its owner plays a tile on it."""
    game = hidden_game("hub", 6, 2, 5)
    push_all(game, P(0, "6-3", 0), P(1, "6-2", 1), DRAW(0), PASS(0), DRAW(1))
    game.push(P(1, "2-4", 1))
    assert state(game)["trains"][0]["marked"] is True
    game.push(P(0, "3-5", 0))
    assert state(game)["trains"][0]["marked"] is False
    refused(game, P(1, "5-1", 0), E.TrainClosed)


def test_rule_1_markers_mexican_always_public_and_marked():
    """Markers: the Mexican train is always public (state: marked true)."""
    game = hidden_game("hub", 6, 2, 5)
    assert state(game)["trains"][-1] == {"owner": None, "tiles": [], "end": None, "marked": True}
    push_all(game, P(0, "6-1", MEX), P(1, "1-2", MEX))
    assert train_tiles(game)[-1] == ["6-1", "1-2"]
    assert state(game)["trains"][-1]["marked"] is True


def test_rule_1_markers_decided_marked_empty_train_started_by_any_player():
    """Markers [decided]: a marked train that has no tile yet may be started by any player."""
    game = hidden_game("hub", 6, 2, 5)
    refused(game, P(0, "6-1", 1), E.TrainClosed)
    push_all(game, P(0, "6-1", 0), DRAW(1), PASS(1))
    assert state(game)["trains"][1] == {"owner": 1, "tiles": [], "end": None, "marked": True}
    game.push(P(0, "6-2", 1))
    assert train_tiles(game)[1] == ["6-2"]


# ----------------------------------------------------------------------------- Must play
def _must_play_game(**options):
    # Ana holds 6-1 (playable) and 2-3; Ben holds no 6.
    return known_game("hub", 6, [["6-1", "2-3"], ["0-1", "2-4"]], boneyard=["5-4", "6-2"],
                      options=options)


def test_rule_1_must_play_draw_while_holding_a_play_is_refused():
    """Must play: drawing while holding a legal play is illegal (must-play)."""
    game = _must_play_game()
    refused(game, DRAW(0), E.MustPlay)


def test_rule_1_must_play_pass_while_holding_a_play_is_refused():
    """Must play: passing while holding a legal play is illegal (must-play)."""
    game = _must_play_game()
    refused(game, PASS(0), E.MustPlay)


def test_rule_1_must_play_no_play_draws_then_passes():
    """Must play: with no legal play the player draws one tile; nothing to play after it: pass."""
    game = _must_play_game()
    game.push(P(0, "6-1", 0))
    assert game.current.legal_plays(1) == [] or all(t != T("5-4") for t, _ in game.current.legal_plays(1))
    refused(game, PASS(1), E.MustDraw)
    game.push(DRAW(1))                       # draws 5-4: not playable on 1 (Ana's train) or 6
    assert state(game)["hand_counts"] == [1, 3] and state(game)["boneyard"] == 27 - 4 - 1
    game.push(PASS(1))
    assert state(game)["trains"][1]["marked"] is True
    assert state(game)["turn"] == 0


def test_rule_1_must_play_drawn_playable_tile_must_be_played():
    """Must play: a drawn tile that is playable must be played (pass after it: must-play)."""
    game = known_game("hub", 6, [["6-1", "2-3"], ["0-1", "2-4"]], boneyard=["6-5"])
    game.push(P(0, "6-1", 0))
    game.push(DRAW(1))                       # 6-5 can start Ben's train or the Mexican train
    refused(game, PASS(1), E.MustPlay)
    refused(game, DRAW(1), E.MustPlay)
    game.push(P(1, "6-5", 1))
    assert state(game)["turn"] == 0


def test_rule_1_must_play_pass_with_empty_boneyard_needs_no_draw():
    """Must play: with an empty boneyard a player with nothing to play passes without drawing."""
    game = hidden_game("hub", 6, 2, 13)      # 27 - 26 = 1 tile in the boneyard
    push_all(game, P(0, "6-1", 0), DRAW(1), PASS(1))
    assert state(game)["boneyard"] == 0
    game.push(P(0, "1-1", 0))
    refused(game, DRAW(0), E.BoneyardEmpty)
    game.push(PASS(0))                        # double 1-1 left open, no draw possible
    assert state(game)["open_doubles"] == [{"on": 0, "tile": "1-1"}]


# ----------------------------------------------------------------------------- Doubles
def test_rule_1_doubles_follow_the_double_same_seat_keeps_turn():
    """Doubles: after a double the same player must play again (follow the double)."""
    game = hidden_game("hub", 6, 2, 5)
    push_all(game, P(0, "6-3", 0), P(1, "6-2", 1), P(0, "3-3", 0))
    assert state(game)["turn"] == 0
    assert state(game)["open_doubles"] == [{"on": 0, "tile": "3-3"}]
    refused(game, P(1, "2-1", 1), E.NotYourTurn)


def test_rule_1_doubles_follow_up_may_go_on_any_open_train():
    """Doubles: the follow-up is any legal play, on the double itself or any train open to them."""
    game = hidden_game("hub", 6, 2, 5)
    push_all(game, P(0, "6-3", 0), P(1, "6-2", 1), P(0, "3-3", 0), P(0, "6-4", MEX))
    assert state(game)["turn"] == 1
    # the double is still open and binds the next player, Ben, then everyone
    assert state(game)["open_doubles"] == [{"on": 0, "tile": "3-3"}]
    refused(game, P(1, "2-1", 1), E.OpenDouble)
    game.push(P(1, "3-1", 0))                    # satisfying it on Ana's private train
    assert state(game)["open_doubles"] == [] and state(game)["turn"] == 0


def test_rule_1_doubles_unable_to_follow_draw_then_pass_marks_train_double_stays_open():
    """Doubles: unable to follow, they draw one tile; still unable, they pass: their train becomes
    marked and the double stays open."""
    game = known_game("hub", 6, [["6-3", "3-3", "0-0"], ["6-2", "1-1", "0-1"]], boneyard=["5-5", "4-5"])
    push_all(game, P(0, "6-3", 0), P(1, "6-2", 1), P(0, "3-3", 0))
    refused(game, PASS(0), E.MustDraw)
    game.push(DRAW(0))                          # 5-5: nowhere to go
    refused(game, DRAW(0), E.AlreadyDrew)
    game.push(PASS(0))
    s = state(game)
    assert s["trains"][0]["marked"] is True and s["open_doubles"] == [{"on": 0, "tile": "3-3"}]
    assert s["turn"] == 1


def test_rule_1_doubles_drawn_tile_satisfying_the_double_ends_turn():
    """Doubles: a drawn double that they play must be followed again, and may be followed by another
    draw."""
    game = known_game("hub", 6, [["6-3", "3-3", "0-0"], ["6-2", "1-1", "0-1"]],
                      boneyard=["3-5", "5-5", "4-4"])
    push_all(game, P(0, "6-3", 0), P(1, "6-2", 1), P(0, "3-3", 0), DRAW(0))
    game.push(P(0, "3-5", 0))  # the drawn tile satisfies 3-3: the turn ends
    assert state(game)["turn"] == 1 and state(game)["open_doubles"] == []


def test_rule_1_doubles_drawn_playable_follow_up_must_be_played():
    """Doubles: unable to follow, they draw one tile and play it if they can (must-play otherwise)."""
    game = known_game("hub", 6, [["6-3", "3-3", "0-0"], ["6-5", "1-1", "0-1"]],
                      boneyard=["6-4", "4-4", "2-1"])
    push_all(game, P(0, "6-3", 0), P(1, "6-5", 1))
    # Ana plays 3-3, cannot follow (0-0 only), draws 6-4 which she must play (Mexican train)
    push_all(game, P(0, "3-3", 0), DRAW(0))
    refused(game, PASS(0), E.MustPlay)
    game.push(P(0, "6-4", MEX))
    assert state(game)["turn"] == 1               # the follow-up ended the turn; 3-3 still open
    assert state(game)["open_doubles"] == [{"on": 0, "tile": "3-3"}]


def test_rule_1_doubles_drawn_double_must_be_followed_then_may_draw_again():
    """Doubles: a drawn double played must be followed again, and may be followed by another draw."""
    game = known_game("hub", 6, [["6-3", "3-3", "0-0"], ["6-5", "1-1", "0-1"]],
                      boneyard=["3-4", "4-4", "2-1", "2-2"])
    push_all(game, P(0, "6-3", 0), P(1, "6-5", 1), P(0, "3-3", 0), DRAW(0))
    game.push(P(0, "3-4", 0))                    # drawn 3-4 satisfies 3-3
    push_all(game, DRAW(1), PASS(1))             # Ben draws 4-4, cannot play it (Ana's train private)
    game.push(DRAW(0))                            # Ana draws 2-1: no play for 0-0 / 2-1 ... 
    game.push(PASS(0))
    # Ben: plays 4-4 on Ana's marked train, then draws once more for the follow-up
    game.push(P(1, "4-4", 0))
    assert state(game)["turn"] == 1 and game.current.can_draw(1)
    game.push(DRAW(1))                            # 2-2: unplayable
    refused(game, DRAW(1), E.AlreadyDrew)
    game.push(PASS(1))
    assert state(game)["open_doubles"] == [{"on": 0, "tile": "4-4"}]


# ----------------------------------------------------------------------------- Several doubles
def _two_doubles(close_doubles=None):
    """Ana: 6-3 on her train, Ben 6-4 on the Mexican train; Ana then plays 3-3 and 4-4."""
    game = hidden_game("hub", 6, 2, 8, options={"close_doubles": close_doubles} if close_doubles else None)
    push_all(game, P(0, "6-3", 0), P(1, "6-4", MEX), P(0, "3-3", 0), P(0, "4-4", MEX))
    return game


def test_rule_1_several_doubles_follow_up_on_first_double_played():
    """Several doubles in one turn: the non-double follow-up must go on the first double played."""
    game = _two_doubles()
    refused(game, P(0, "4-1", MEX), E.OpenDouble)
    game.push(P(0, "3-1", 0))
    assert state(game)["turn"] == 1
    assert state(game)["open_doubles"] == [{"on": MEX, "tile": "4-4"}]


def test_rule_1_several_doubles_another_double_may_follow():
    """Several doubles: a double may follow a double (it must then be followed in turn)."""
    game = _two_doubles()
    assert state(game)["turn"] == 0
    assert state(game)["open_doubles"] == [{"on": 0, "tile": "3-3"}, {"on": MEX, "tile": "4-4"}]


def test_rule_1_several_doubles_reverse_follow_up_on_last():
    """Several doubles, close_doubles = "reverse": the follow-up goes on the last double played."""
    game = _two_doubles("reverse")
    refused(game, P(0, "3-1", 0), E.OpenDouble)
    game.push(P(0, "4-1", MEX))
    assert state(game)["open_doubles"] == [{"on": 0, "tile": "3-3"}]


def test_rule_1_several_doubles_any_follow_up_anywhere_legal():
    """Several doubles, close_doubles = "any": the follow-up may go anywhere legal."""
    game = _two_doubles("any")
    refused(game, P(0, "6-1", 1), E.TrainClosed)   # anywhere *legal*: Ben's train stays private
    game.push(P(0, "4-1", MEX))
    assert state(game)["turn"] == 1


# ----------------------------------------------------------------------------- Drawing
def test_rule_1_drawing_at_most_once_per_play_owed():
    """Drawing: at most once for each play owed (already-drew on a second draw)."""
    game = hidden_game("hub", 6, 2, 5)
    game.push(DRAW(0))
    refused(game, DRAW(0), E.AlreadyDrew)
    game.push(PASS(0))
    game.push(DRAW(1))
    assert state(game)["hand_counts"] == [6, 6] and state(game)["boneyard"] == 15


# ----------------------------------------------------------------------------- Open doubles
def _left_open(close_doubles=None):
    """Ana leaves 3-3 (her train) and 4-4 (Mexican) open: she played both, drew, passed."""
    game = _two_doubles(close_doubles)
    push_all(game, DRAW(0), PASS(0))
    return game


def test_rule_1_open_doubles_oldest_first():
    """Open doubles: a turn beginning with open doubles must play on the oldest one and nowhere else."""
    game = _left_open()
    s = state(game)
    assert s["turn"] == 1 and s["open_doubles"] == [{"on": 0, "tile": "3-3"}, {"on": MEX, "tile": "4-4"}]
    refused(game, P(1, "4-1", MEX), E.OpenDouble)
    refused(game, P(1, "6-2", 1), E.OpenDouble)
    refused(game, P(1, "3-3", 0), E.TileOnTable)


def test_rule_1_open_doubles_satisfy_on_private_train_ends_turn():
    """Open doubles: it must be satisfied even on another player's private train; satisfying it
    (a-x, x != a) is the play for the turn and ends the turn."""
    game = _left_open()
    game.push(P(1, "3-1", 0))      # Ana's train (marked by her pass, but the rule holds regardless)
    s = state(game)
    assert s["turn"] == 0 and s["open_doubles"] == [{"on": MEX, "tile": "4-4"}]
    assert train_tiles(game)[0] == ["6-3", "3-3", "3-1"]


def test_rule_1_open_doubles_bind_the_player_who_played_it():
    """Open doubles: every player, the one who played the double included, is bound."""
    game = _left_open()
    game.push(P(1, "3-1", 0))
    refused(game, P(0, "1-2", 0), E.OpenDouble)
    game.push(P(0, "4-2", MEX))
    assert state(game)["open_doubles"] == []


def test_rule_1_open_doubles_private_train_satisfied_by_other_player():
    """Open doubles: the double on another player's private train may be satisfied by anyone bound."""
    game = hidden_game("hub", 6, 2, 8)
    push_all(game, P(0, "6-3", 0), P(1, "6-2", 1), P(0, "3-3", 0), P(0, "6-1", MEX))
    assert state(game)["trains"][0]["marked"] is False
    game.push(P(1, "3-5", 0))
    assert train_tiles(game)[0][-1] == "3-5" and state(game)["trains"][0]["marked"] is False


def test_rule_1_open_doubles_unable_draw_then_pass():
    """Open doubles: unable to satisfy it, the player draws; unable still, they pass."""
    game = known_game("hub", 6, [["6-3", "3-3", "0-0", "6-1"], ["6-2", "1-1", "0-1", "5-5"]],
                      boneyard=["2-4", "4-4"])
    push_all(game, P(0, "6-3", 0), P(1, "6-2", 1), P(0, "3-3", 0), P(0, "6-1", MEX))
    refused(game, P(1, "1-1", MEX), E.OpenDouble)
    game.push(DRAW(1))
    refused(game, P(1, "2-4", 1), E.OpenDouble)
    game.push(PASS(1))
    assert state(game)["open_doubles"] == [{"on": 0, "tile": "3-3"}]
    assert state(game)["trains"][1]["marked"] is True


# ----------------------------------------------------------------------------- Going out
def test_rule_1_going_out_ends_round_at_once():
    """Going out: a player who plays their last tile goes out and the round ends at once."""
    game = known_game("hub", 6, [["6-1", "1-2"], ["6-3", "3-4"]])
    push_all(game, P(0, "6-1", 0), P(1, "6-3", 1), P(0, "1-2", 0))
    result = game.result()
    assert result["rounds"][0] == {"engine": 6, "end": "out", "out": [0], "scores": [0, 7]}
    assert state(game)["turn"] is None
    refused(game, P(1, "3-4", 1), E.RoundOver)


def test_rule_1_going_out_on_a_double_nobody_follows():
    """Going out: a double as the last tile included: nobody follows it (it stays listed open)."""
    game = known_game("hub", 6, [["6-1", "1-1"], ["6-3", "3-4"]])
    push_all(game, P(0, "6-1", 0), P(1, "6-3", 1), P(0, "1-1", 0))
    assert game.result()["rounds"][0]["end"] == "out"
    assert state(game)["open_doubles"] == [{"on": 0, "tile": "1-1"}]
    assert state(game)["turn"] is None


# ----------------------------------------------------------------------------- Blocked round
def _blocking_hub():
    """Hidden hub double-6, 2 players of 13: one tile in the boneyard."""
    game = hidden_game("hub", 6, 2, 13)
    push_all(game, P(0, "6-1", 0), P(1, "6-2", 1), DRAW(0), PASS(0))   # boneyard now empty
    return game


def test_rule_1_blocked_round_after_as_many_null_passes_as_players():
    """Blocked round: as many turns in a row as players each ended in a pass that changed nothing."""
    game = _blocking_hub()
    game.push(PASS(1))               # marks Ben's train for the first time: breaks the run
    game.push(PASS(0))               # null 1 (Ana already marked, boneyard empty, no tile)
    assert game.result()["rounds"][0]["end"] is None
    game.push(PASS(1))               # null 2
    assert game.result()["rounds"][0]["end"] == "blocked"
    assert state(game)["turn"] is None
    refused(game, PASS(0), E.RoundOver)


def test_rule_1_blocked_round_first_marking_pass_breaks_the_run():
    """Blocked round [decided]: a pass that marks a train for the first time breaks the run."""
    game = _blocking_hub()
    push_all(game, PASS(1), PASS(0))
    # Ana's first pass emptied the boneyard (draw): not null; Ben's first pass marked his train.
    assert game.result()["rounds"][0]["end"] is None


def test_rule_1_blocked_round_turn_with_a_tile_breaks_the_run():
    """Blocked round [decided]: a turn in which a tile was played (a double that could not be
    followed) breaks the run."""
    game = _blocking_hub()
    push_all(game, PASS(1), PASS(0))        # one null pass (Ana)
    push_all(game, P(1, "2-2", 1), PASS(1))  # a double left open: not null
    game.push(PASS(0))                       # Ana bound by 2-2 but cannot: null 1
    assert game.result()["rounds"][0]["end"] is None
    game.push(PASS(1))                       # null 2
    assert game.result()["rounds"][0]["end"] == "blocked"
    assert state(game)["open_doubles"] == [{"on": 1, "tile": "2-2"}]


def test_rule_1_blocked_round_pass_with_tiles_in_boneyard_is_not_null():
    """Blocked round [decided]: a pass changes nothing only when the boneyard was empty at its end."""
    game = hidden_game("hub", 6, 2, 11)      # 5 tiles in the boneyard
    push_all(game, DRAW(0), PASS(0), DRAW(1), PASS(1))       # first markings: not null
    push_all(game, DRAW(0), PASS(0), DRAW(1), PASS(1))       # boneyard 2 then 1 left: not null
    assert game.result()["rounds"][0]["end"] is None and state(game)["boneyard"] == 1
    push_all(game, DRAW(0), PASS(0))         # boneyard empty at its end, already marked: null 1
    assert game.result()["rounds"][0]["end"] is None
    game.push(PASS(1))                       # null 2
    assert game.result()["rounds"][0]["end"] == "blocked"


# ----------------------------------------------------------------------------- Round score
def test_rule_1_round_score_pips_left_double_blank_counts_50():
    """Round score: out scores 0; others the pips left, the double-blank 0-0 counting 50."""
    game = known_game("hub", 6, [["6-1"], ["0-0"]])
    game.push(P(0, "6-1", 0))
    assert game.result()["rounds"][0]["scores"] == [0, 50]
    assert hand_pips([T("0-0"), T("5-6")]) == 61


# ----------------------------------------------------------------------------- Winning
def test_rule_1_winning_lowest_total_wins():
    """Winning: after the last round the lowest total wins."""
    assert winners([[10, 0, 5], [0, 20, 1]], "classic")[0] == [2]
    assert winners([[10, 0, 5], [0, 20, 1]], "shared")[0] == [2]


def test_rule_1_winning_only_after_last_round():
    """Winning: winners are null until every round has ended (finished)."""
    game = known_game("hub", 6, [["6-1"], ["6-2"]])
    game.push(P(0, "6-1", 0))
    result = game.result()
    assert result["finished"] is False and result["winners"] is None
