"""house-rules.md, the options about scores and the game's length: ``marker_penalty``,
``out_on_double_multiplier``, ``rounds`` and their decided points (8, 9, 11), known and hidden
hands (integer reveals and shown tiles)."""
from __future__ import annotations

import pytest

from engine import Game, Rules
from engine import errors as E
from engine.events import Event
from engine.record import replay

from mt_helpers import (DRAW, ENGINE, MEX, PASS, P, T, hidden_game, known_game, push_all,
                        record, state)


def _scores(game, index=0):
    return game.round_scores(index)


# ----------------------------------------------------------------------------- marker_penalty
def _ben_marked(options):
    """hub, double-6: Ana 6-1; Ben (3-4, 0-5) draws 4-5, passes (marked); Ana goes out with 1-2.
    Ben's pips: 21."""
    game = known_game("hub", 6, [["6-1", "1-2"], ["3-4", "0-5"]], boneyard=["4-5"], options=options)
    return push_all(game, P(0, "6-1", 0), DRAW(1), PASS(1), P(0, "1-2", 0))


def test_marker_penalty_added_for_a_marked_train_at_the_round_end():
    """marker_penalty: points added to the round score of each player whose personal train is marked
    when the round ends, except a player who went out."""
    assert _scores(_ben_marked({"marker_penalty": 10})) == [0, 31]
    assert _scores(_ben_marked({})) == [0, 21]


def test_marker_penalty_integer_reveal_checked_without_the_penalty():
    """Decided 8: the penalty is added to integer reveals and tile lists alike; an integer reveal is
    checked against the pips without the penalty."""
    game = _ben_marked({"marker_penalty": 10})
    game.set_reveal(0, [0, 21])
    assert _scores(game) == [0, 31]
    with pytest.raises(E.BadReveal):
        game.set_reveal(0, [0, 31])


def _hidden_marked(options):
    """hub, double-6, hidden hands, 2 tiles each: both trains end marked; Ana goes out on the
    Mexican train with her train still marked; Ben holds 3 tiles."""
    game = hidden_game("hub", 6, 2, 2, options=options)
    return push_all(game, P(0, "6-1", 0), DRAW(1), PASS(1), DRAW(0), PASS(0), P(1, "6-3", MEX),
                    P(0, "3-4", MEX), DRAW(1), PASS(1), P(0, "4-5", MEX))


def test_marker_penalty_hidden_hands_tiles_and_integers_and_the_seat_out_scores_zero():
    """Decided 8: a seat that went out scores 0 even with its train marked; tiles and integers alike."""
    for reveal, scores in (([[], ["0-0", "0-2", "2-2"]], [0, 50 + 2 + 4 + 10]), ([0, 12], [0, 22])):
        game = _hidden_marked({"marker_penalty": 10})
        s = state(game)
        assert [t["marked"] for t in s["trains"][:2]] == [True, True] and game.current.out == [0]
        game.set_reveal(0, [r if isinstance(r, int) else [T(x) for x in r] for r in reveal])
        assert _scores(game) == scores


def test_marker_penalty_classic_first_turn_pass_never_followed_by_a_play():
    """Decided 8: the marker as it stands when the round ends counts (a classic first-turn pass
    never followed by a play on the own train)."""
    game = known_game("classic", 6, [["6-6", "6-1"], ["2-3", "4-5"]], options={"marker_penalty": 7})
    push_all(game, ENGINE(0), P(0, "6-1", 0), PASS(1))
    assert game.result()["rounds"][0] == {"engine": 6, "end": "out", "out": [0], "scores": [0, 21]}


def test_marker_penalty_counts_in_the_classic_tie_break():
    """Decided 8: the classic tie-break uses the round scores with the penalty."""
    rules = Rules.make("hub", 6, 2, {"hand_size": 2, "marker_penalty": 10, "rounds": 2})
    game = Game(rules, ["Ana", "Ben"])
    rnd = game.start_round()                     # Ana out; Ben unmarked, counts 10
    push_all(game, P(0, "6-1", 0), P(1, "6-2", 1), P(0, "1-3", 0))
    game.set_reveal(0, [0, 10])
    game.start_round(starter=1)                  # Ben out; Ana marked, counts 0 + 10
    push_all(game, P(1, "5-1", 1), DRAW(0), PASS(0), P(1, "1-3", 1))
    game.set_reveal(1, [0, 0])
    assert rnd.end == "out" and game.totals() == [10, 10]
    assert game.winners()[0] == [0, 1]           # both 10 only through the penalty: a shared win
    game.rounds[1].reveal = None
    game.set_reveal(1, [3, 0])
    assert game.totals() == [13, 10] and game.winners()[0] == [1]


# ----------------------------------------------------------------------------- out_on_double_multiplier
def test_out_on_double_multiplier_after_the_marker_penalty():
    """out_on_double_multiplier: when a round ends because a player played a double as their last
    tile, every other player's round score (after marker_penalty) is multiplied by it."""
    def play(options):
        game = known_game("hub", 6, [["6-1", "1-1"], ["2-3", "4-5"]], boneyard=["0-5"], options=options)
        return push_all(game, P(0, "6-1", 0), DRAW(1), PASS(1), P(0, "1-1", 0))
    assert _scores(play({"out_on_double_multiplier": 3, "marker_penalty": 10})) == [0, (19 + 10) * 3]
    assert _scores(play({"out_on_double_multiplier": 3})) == [0, 57]
    assert _scores(play({})) == [0, 19]


def test_out_on_double_multiplier_not_when_going_out_on_another_tile():
    game = _ben_marked({"out_on_double_multiplier": 3})
    assert _scores(game) == [0, 21]


def test_out_on_double_multiplier_hidden_reveals_and_doubles_open_false():
    """Decided 11: integer reveals and tile lists alike; it applies with doubles_open false too."""
    for options in ({"out_on_double_multiplier": 2}, {"out_on_double_multiplier": 2, "doubles_open": False}):
        for shown, score in ((7, 14), (["3-4"], 14)):
            game = hidden_game("hub", 6, 2, 2, options=options)
            push_all(game, P(0, "6-1", 0), P(1, "6-2", 1), P(0, "1-1", 0))
            assert game.current.end == "out"
            game.set_reveal(0, [0, shown if isinstance(shown, int) else [T(x) for x in shown]])
            assert _scores(game) == [0, score]


def test_out_on_double_multiplier_classic_first_turn_chain_but_not_the_engine_alone():
    """Decided 11: it applies on the classic first turn (a chain whose last tile is a double);
    placing the engine as the only tile is not a play and multiplies nothing."""
    game = known_game("classic", 6, [["6-6", "6-1", "1-1"], ["2-3", "4-5", "0-0"]],
                      options={"out_on_double_multiplier": 2})
    push_all(game, ENGINE(0), P(0, "6-1", 0), P(0, "1-1", 0), PASS(1))
    assert _scores(game) == [0, (14 + 50) * 2]
    game = known_game("classic", 6, [["6-6"], ["2-3"]], options={"out_on_double_multiplier": 2})
    push_all(game, ENGINE(0), PASS(1))
    assert _scores(game) == [0, 5]


# ----------------------------------------------------------------------------- rounds
def _blocked_events(starter: int) -> list[dict]:
    """hub, double-6, 2 players, 13 tiles each (one tile in the boneyard): the starter draws it and
    passes, then four passes block the round."""
    other = 1 - starter
    return [{"seat": starter, "draw": True}, {"seat": starter, "pass": True}, {"seat": other, "pass": True},
            {"seat": starter, "pass": True}, {"seat": other, "pass": True}]


def test_rounds_shortens_the_game():
    """rounds: the game is the first ``rounds`` rounds of the usual engine order; decided 9: the game
    is over when they have ended; a record with more rounds is bad-record."""
    rules = Rules.make("hub", 6, 2, {"hand_size": 13, "rounds": 2})
    assert rules.rounds == 2 and Rules.make("hub", 6, 2, {"hand_size": 13}).rounds == 7
    game = Game(rules, ["Ana", "Ben"])
    for index in range(2):
        game.start_round()
        assert game.current.engine == 6 - index
        push_all(game, *(Event.from_dict(e) for e in _blocked_events(index)))
        assert game.current.end == "blocked"
        assert not game.finished
        game.set_reveal(index, [1, 2])
    assert game.finished and game.result()["state"] is None and game.winners()[0] == [0]
    with pytest.raises(E.BadRecord):
        game.start_round()
    rounds = [{"engine": 6 - i, "starter": i, "events": _blocked_events(i), "reveal": [1, 2]} for i in range(2)]
    doc = record("hub", 6, 2, rounds, {"hand_size": 13, "rounds": 1})
    result, status = replay(doc)
    assert status == 2 and result["error"] == "bad-record" and result["round"] == 1
    doc["options"]["rounds"] = 2
    result, status = replay(doc)
    assert status == 0 and result["finished"] is True and result["winners"] == [0]
    assert result["totals"] == [2, 4]


@pytest.mark.parametrize("value", [0, 8, True, 2.0, None, "3"])
def test_rounds_out_of_range_is_bad_record(value):
    """rounds: integer 1..set+1."""
    with pytest.raises(E.OptionError) as info:
        Rules.make("hub", 6, 2, {"hand_size": 7, "rounds": value})
    assert "rounds" in str(info.value)
