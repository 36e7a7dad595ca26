"""One state of the game said by the station, and how a game ended: the view's ``phase`` and
``over`` (station/interface.py gives the shape). Pure functions over a referee, no I/O.

A game ends three ways: played out (every round scored, rules.md 2), ended early by the host (the
scored rounds are final and decide the winner by the profile's tie-break; a round in play when the
host ended it is not scored), or abandoned (no winner)."""
from __future__ import annotations

from engine.scoring import winners as decide_winners

#: the referee's status -> the view's phase
PHASES = {"ready": "setup", "playing": "playing", "round-over": "round_over",
          "finished": "finished", "abandoned": "abandoned"}


def phase(referee) -> str:
    """``setup`` (no game, or no round begun yet) | ``playing`` | ``round_over`` (hands being
    counted, or the next round not begun) | ``finished`` (played out or ended early by the host) |
    ``abandoned``."""
    if referee is None:
        return "setup"
    return PHASES[referee.status]


def is_over(referee) -> bool:
    """True once the game is finished or abandoned: no seat may act, no seat is asked to."""
    return referee is not None and referee.status in ("finished", "abandoned")


def placed(referee) -> bool:
    """Whether the standings place the players (1st, 2nd, "1=" ...): not once the game is
    abandoned, whose scores are not final and which has no winner, and not in a game in play
    before its first round is scored (every total is 0 then, and "1=" for everyone while the first
    counts come in says nothing), so every page shows the totals with no place ("–"). A game in
    play with a scored round, or a finished game (even one ended before any round was scored: its
    players share the win), places them."""
    if referee is None or referee.status == "finished":
        return True
    return referee.status != "abandoned" and bool(scored_rounds(referee))


def scored_rounds(referee) -> list[list[int]]:
    """The scores (per seat, points) of every round that has them, in order."""
    game = referee.game
    return [s for s in (game.round_scores(i) for i in range(len(game.rounds))) if s is not None]


def decision(referee) -> tuple[list[int], str] | None:
    """The winning seats and the engine's sentence for what decided, once the game is finished
    (played out or ended early: the scored rounds decide, engine/scoring.py ``winners``); a game
    ended before any round was scored is shared by every seat. None while playing or abandoned."""
    if referee is None or referee.status != "finished":
        return None
    played = referee.game.winners()
    if played is not None:
        return played
    scored = scored_rounds(referee)
    if not scored:
        return list(range(len(referee.names))), "tied on the lowest total: they share the win"
    return decide_winners(scored, referee.rules.options.tie_break)


def how_it_ended(referee) -> str | None:
    """``played`` (every round scored) | ``early`` (the host ended it) | ``abandoned`` | None."""
    if not is_over(referee):
        return None
    if referee.status == "abandoned":
        return "abandoned"
    return "played" if referee.game.finished else "early"


def over_view(referee) -> dict | None:
    """The view's ``over``: None until the game ends, then ``{"how": "played"|"early"|"abandoned",
    "winners": [seats] ([] when abandoned), "final": bool (the scores are final: not when
    abandoned), "rounds_scored": int, "rounds_total": int}``."""
    how = how_it_ended(referee)
    if how is None:
        return None
    decided = decision(referee)
    return {"how": how, "winners": sorted(decided[0]) if decided else [], "final": how != "abandoned",
            "rounds_scored": len(scored_rounds(referee)), "rounds_total": referee.rules.rounds}


def view_result(referee, result: dict) -> dict:
    """The replay result as the pages see it, consistent with the phase: once the game is finished
    (also early) ``finished`` is true and ``winners`` are the decision's; once it is over ``state``
    is None (no turn, no open double). The exported record keeps record-format.md's own result."""
    if not is_over(referee):
        return result
    decided = decision(referee)
    return {**result, "finished": decided is not None,
            "winners": sorted(decided[0]) if decided else None, "state": None}
