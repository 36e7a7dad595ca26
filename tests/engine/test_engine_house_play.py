"""house-rules.md, the options about what a seat may do: ``last_tile_double``,
``draw_until_playable``, ``own_train_first`` and their decided points (6, 7, 10, 13), known and
hidden hands; the new codes' places in the precedence of record-format.md."""
from __future__ import annotations

from engine import errors as E

from mt_helpers import (DONE, DRAW, ENGINE, MEX, PASS, P, hidden_game, known_game, push_all,
                        refused, state)

LTD = {"last_tile_double": "forbidden"}
DUP = {"draw_until_playable": True}
OTF = {"own_train_first": True}


# ----------------------------------------------------------------------------- last_tile_double
def test_last_tile_double_forbidden_refused_and_not_a_legal_play():
    """last_tile_double "forbidden": a double may not be played as a player's last tile
    (last-tile-double); it is not a legal play for must-play, so the seat draws (decided 6: a pass
    without drawing is must-draw); after the draw the double is legal again and must-play applies."""
    game = known_game("hub", 6, [["6-1", "1-1"], ["6-2", "2-3"]], boneyard=["3-4"], options=LTD)
    push_all(game, P(0, "6-1", 0), P(1, "6-2", 1))
    err = refused(game, P(0, "1-1", 0), E.LastTileDouble)
    assert err.facts["house_rule"] == "last_tile_double" and "house rule" in err.message
    assert game.current.legal_plays(0) == []
    refused(game, PASS(0), E.MustDraw)
    game.push(DRAW(0))
    refused(game, PASS(0), E.MustPlay)
    game.push(P(0, "1-1", 0))
    assert state(game)["turn"] == 0 and state(game)["hand_counts"][0] == 1


def test_last_tile_double_allowed_by_default():
    game = known_game("hub", 6, [["6-1", "1-1"], ["6-2", "2-3"]])
    push_all(game, P(0, "6-1", 0), P(1, "6-2", 1), P(0, "1-1", 0))
    assert game.result()["rounds"][0]["out"] == [0]


def test_last_tile_double_comes_after_no_match():
    """Precedence: no-match is placed before last-tile-double."""
    game = known_game("hub", 6, [["6-1", "5-5"], ["6-2", "2-3"]], options=LTD)
    push_all(game, P(0, "6-1", 0), P(1, "6-2", 1))
    refused(game, P(0, "5-5", 0), E.NoMatch)


def test_last_tile_double_hidden_hands_the_table_knows_the_count():
    """Decided 6: the rule holds with hidden hands (the table knows each seat's count)."""
    game = hidden_game("hub", 6, 2, 2, options=LTD)
    push_all(game, P(0, "6-1", 0), P(1, "6-2", 1))
    refused(game, P(0, "1-1", 0), E.LastTileDouble)
    game.push(DRAW(0))
    game.push(P(0, "1-1", 0))
    assert state(game)["turn"] == 0


def test_last_tile_double_classic_first_turn_and_the_engine_as_only_tile():
    """Decided 6: it holds on the classic first turn; placing the engine as the only tile is not
    a play and is allowed."""
    game = known_game("classic", 6, [["6-6", "6-3", "3-3"], ["0-1", "0-2", "1-2"]], options=LTD)
    push_all(game, ENGINE(0), P(0, "6-3", 0))
    refused(game, P(0, "3-3", 0), E.LastTileDouble)
    assert game.current.legal_plays(0) == []
    game.push(DONE(0))
    game = known_game("classic", 6, [["6-6"], ["0-1"]], options=LTD)
    game.push(ENGINE(0))
    assert game.result()["rounds"][0]["out"] == [0]


# ----------------------------------------------------------------------------- draw_until_playable
def _dup(options, boneyard=("0-0", "5-5", "1-4", "2-4")):
    """hub, double-6: after 6-1 and 6-2 Ana holds 2-3 with no play (ends 1, 2 private, 6)."""
    game = known_game("hub", 6, [["6-1", "2-3"], ["6-2", "4-5"]], boneyard=list(boneyard), options=options)
    return push_all(game, P(0, "6-1", 0), P(1, "6-2", 1))


def test_draw_until_playable_known_hands_draws_until_a_play():
    """draw_until_playable: a player with no legal play draws again and again (one draw event each)
    until they hold a legal play; decided 7: a pass after draws holding no play while tiles remain
    is must-draw; with must_play a draw while holding a play is must-play."""
    game = _dup(DUP)
    game.push(DRAW(0))                                 # 0-0: no play
    err = refused(game, PASS(0), E.MustDraw)
    assert err.facts["house_rule"] == "draw_until_playable"
    push_all(game, DRAW(0), DRAW(0))                   # 5-5, then 1-4: a play on her train
    assert state(game)["hand_counts"][0] == 4
    refused(game, DRAW(0), E.MustPlay)
    refused(game, PASS(0), E.MustPlay)
    game.push(P(0, "1-4", 0))
    assert state(game)["turn"] == 1


def test_draw_until_playable_off_one_draw_only():
    """Default: one draw, then a pass."""
    game = _dup({})
    game.push(DRAW(0))
    refused(game, DRAW(0), E.AlreadyDrew)
    game.push(PASS(0))
    assert state(game)["turn"] == 1


def test_draw_until_playable_must_play_false_already_drew_once_a_play_is_held():
    """Decided 7: already-drew appears only with must_play false, once a play is held; such a seat
    may then pass."""
    game = _dup({**DUP, "must_play": False}, boneyard=("0-0", "1-4", "2-4"))
    game.push(DRAW(0))
    refused(game, PASS(0), E.MustDraw)
    game.push(DRAW(0))                                 # 1-4: a play is held now
    refused(game, DRAW(0), E.AlreadyDrew)
    game.push(PASS(0))
    assert state(game)["turn"] == 1 and state(game)["trains"][0]["marked"] is True


def test_draw_until_playable_empty_boneyard_then_pass():
    """Decided 7: a draw from an empty boneyard is boneyard-empty; the seat then passes."""
    game = hidden_game("hub", 6, 2, 13, options=DUP)    # 27 - 26: one tile in the boneyard
    push_all(game, P(0, "6-1", 0), P(1, "6-2", 1), DRAW(0))
    refused(game, DRAW(0), E.BoneyardEmpty)
    game.push(PASS(0))
    assert state(game)["turn"] == 1


def test_draw_until_playable_hidden_hands_draws_on_trust_pass_after_draw_is_must_draw():
    """Decided 7, hidden hands: any number of draws is taken on trust; a pass after a draw while the
    boneyard has tiles is must-draw with must_play, and accepted with must_play false."""
    game = hidden_game("hub", 6, 2, 5, options=DUP)
    push_all(game, P(0, "6-1", 0), P(1, "6-2", 1), DRAW(0), DRAW(0), DRAW(0))
    assert state(game)["hand_counts"][0] == 7
    refused(game, PASS(0), E.MustDraw)
    game.push(P(0, "1-3", 0))
    game = hidden_game("hub", 6, 2, 5, options={**DUP, "must_play": False})
    push_all(game, P(0, "6-1", 0), P(1, "6-2", 1))
    refused(game, PASS(0), E.MustDraw)
    push_all(game, DRAW(0), PASS(0))
    assert state(game)["turn"] == 1


def test_draw_until_playable_also_for_the_play_owed_after_a_double():
    """Decided 7: the draws also go on for the play owed after a double."""
    game = known_game("hub", 6, [["6-1", "1-1", "2-3"], ["6-2", "4-5", "0-0"]],
                      boneyard=["0-5", "3-5", "1-4"], options=DUP)
    push_all(game, P(0, "6-1", 0), P(1, "6-2", 1), P(0, "1-1", 0), DRAW(0))
    refused(game, PASS(0), E.MustDraw)
    push_all(game, DRAW(0), DRAW(0), P(0, "1-4", 0))
    assert state(game)["turn"] == 1 and state(game)["open_doubles"] == []


# ----------------------------------------------------------------------------- own_train_first
def test_own_train_first_only_own_train_until_it_has_a_tile():
    """own_train_first: while a seat's personal train has no tile, that seat may play only on its
    own train (own-train-first, after train-closed and before no-match)."""
    game = known_game("hub", 6, [["6-1", "6-2", "1-3"], ["6-3", "2-4", "4-5"]], options=OTF)
    err = refused(game, P(0, "6-2", MEX), E.OwnTrainFirst)
    assert err.facts["house_rule"] == "own_train_first" and "house rule" in err.message
    refused(game, P(0, "1-3", MEX), E.OwnTrainFirst)   # before no-match
    refused(game, P(0, "6-2", 1), E.TrainClosed)       # train-closed comes first
    assert sorted(str(t) for t, tr in game.current.legal_plays(0)) == ["1-6", "2-6"]
    assert all(tr == 0 for _, tr in game.current.legal_plays(0))
    push_all(game, P(0, "6-1", 0))
    refused(game, P(1, "6-3", MEX), E.OwnTrainFirst)
    push_all(game, P(1, "6-3", 1), P(0, "6-2", MEX))
    assert state(game)["trains"][2]["tiles"] == ["6-2"]


def test_own_train_first_off_by_default():
    game = known_game("hub", 6, [["6-1", "6-2", "1-3"], ["6-3", "2-4", "4-5"]])
    game.push(P(0, "6-2", MEX))
    assert state(game)["turn"] == 1


def test_own_train_first_hidden_hands_and_a_train_another_seat_started():
    """Decided 10: checked as usual with hidden hands; decided 13: a train of the seat's that another
    seat has started (it was marked) has a tile."""
    game = hidden_game("hub", 6, 2, 5, options=OTF)
    push_all(game, DRAW(0), PASS(0), P(1, "6-2", 1))
    refused(game, P(0, "6-5", MEX), E.OwnTrainFirst)
    push_all(game, DRAW(0), PASS(0), P(1, "6-0", 0))  # Ben starts Ana's marked train
    game.push(P(0, "6-5", MEX))
    assert state(game)["trains"][2]["tiles"] == ["6-5"]


def test_own_train_first_except_to_satisfy_an_open_double():
    """own_train_first: ... except to satisfy an open double."""
    game = hidden_game("hub", 6, 2, 5, options=OTF)
    push_all(game, DRAW(0), PASS(0), P(1, "6-2", 1), DRAW(0), PASS(0), P(1, "2-2", 1), DRAW(1), PASS(1))
    assert state(game)["open_doubles"] == [{"on": 1, "tile": "2-2"}]
    game.push(P(0, "2-5", 1))
    assert state(game)["open_doubles"] == [] and state(game)["turn"] == 1
