"""The referee's undo goes through the engine's own undo (Game.pop, pop_round, clear_reveal,
pop_correction): a correction, a shown hand, the moves and the round's start are taken back in
the order they were made, and the game is as it was before each."""
from __future__ import annotations

import pytest

from station.referee import Referee, Refusal

SETUP = {"type": "setup", "players": ["Ana", "Ben"], "profile": "hub", "set": 9,
         "options": {"hand_size": 3}, "hidden_hands": True}
MOVES = [(0, "9-1", 0), (1, "9-2", 1), (0, "1-3", 0), (1, "2-4", 1), (0, "3-5", 0)]


def undo(referee: Referee) -> str:
    return referee.apply({"type": "undo"})


def test_undo_takes_back_a_correction_a_shown_hand_the_moves_and_the_round_start():
    referee = Referee(SETUP)
    referee.apply({"type": "round", "hands": None, "boneyard": None, "starter": None})
    for seat, tile, on in MOVES:
        referee.apply({"type": "event", "event": {"seat": seat, "play": tile, "on": on}})
    game = referee.game
    assert game.current.ended and game.current.out == [0]
    referee.apply({"type": "reveal", "round": 0, "seat": 1, "hand": ["6-7"]})
    assert game.round_scores(0) == [0, 13]
    referee.apply({"type": "correct", "round": 0, "seat": 1, "score": 10, "reason": "miscounted"})
    assert game.round_scores(0) == [0, 10]

    assert undo(referee).kind == "undo"
    assert game.round_scores(0) == [0, 13] and game.rounds[0].corrections == []
    undo(referee)
    assert game.round_scores(0) is None and game.rounds[0].reveal is None
    assert referee.must_count(0) == [1]
    undo(referee)
    assert not game.current.ended and game.current.hand_counts == [1, 1]
    for _ in MOVES[1:]:
        undo(referee)
    assert game.current.events == [] and referee.status == "playing"
    undo(referee)
    assert game.rounds == [] and referee.status == "ready"
    with pytest.raises(Refusal):
        undo(referee)
