"""What the host page may do now, decided by the station (the page only shows it).

``host_controls(referee)`` is ``view["host"]`` (station/interface.py): per control ``{"ok": bool,
"why": code | None}`` so a control that cannot act is shown disabled with its reason, never enabled
and then refused, plus ``round``: where the game stands, for the status line.

Reason codes: ``round-in-play`` (start: a round is being played), ``waiting-counts`` (start: hands
still to be shown or counted, ``round.waiting`` lists the seats: ``Referee.must_count``, so a seat
that went out is not among them), ``game-over`` (the game has ended or
been abandoned; undo: only a correction made after the end may be taken back), ``nothing-to-undo``, ``no-scored-round`` (correct: no round has scores yet).
"""
from __future__ import annotations


def host_controls(referee) -> dict:
    """The host's controls for ``referee``'s game: start, undo, end, correct, and ``round``:
    ``{"index": 0-based | None, "of": rounds in the game, "over": bool, "waiting": [seats]}``."""
    game, status = referee.game, referee.status
    rnd = referee.round
    over = status in ("finished", "abandoned")
    waiting: list[int] = []
    if rnd is not None and rnd.ended and game.round_scores(rnd.index) is None:
        waiting = referee.must_count(rnd.index)     # a seat that went out is never asked
    if over:
        start = "game-over"
    elif rnd is not None and not rnd.ended:
        start = "round-in-play"
    elif waiting:
        start = "waiting-counts"
    else:
        start = None
    scored = [i for i in range(len(game.rounds)) if game.round_scores(i) is not None]
    return {
        "start": {"ok": start is None, "why": start},
        "undo": {"ok": referee.undo_why is None, "why": referee.undo_why},
        "end": {"ok": not over, "why": "game-over" if over else None},
        "correct": {"ok": bool(scored), "why": None if scored else "no-scored-round", "rounds": scored},
        "round": {"index": rnd.index if rnd is not None else None, "of": referee.rules.rounds,
                  "over": rnd is not None and rnd.ended, "waiting": waiting},
    }
