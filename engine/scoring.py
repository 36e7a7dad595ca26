"""Round scores, reveals, corrections, totals and winners (rules.md 1 *Round score*, *Winning*,
2 and 3 *Ties*; record-format.md *reveal* and *corrections*)."""
from __future__ import annotations

from . import errors as E
from .tiles import hand_pips, in_set, pips


def score_round(rnd, pips: list[int]) -> list[int]:
    """An ended round's scores from the pips left in each hand (house-rules.md).

    A seat that went out scores 0. Every other seat scores its pips, plus ``marker_penalty`` when
    its personal train is marked as the round ends, times ``out_on_double_multiplier`` when the
    round ended with a seat going out on a double it played. Defaults: the pips unchanged.
    """
    opts = rnd.opts
    penalty = opts.marker_penalty
    factor = opts.out_on_double_multiplier if rnd.out_on_double else 1
    if not penalty and factor == 1:
        return pips
    out = rnd.out
    return [0 if seat in out else (p + (penalty if rnd.marked[seat] else 0)) * factor
            for seat, p in enumerate(pips)]


def check_reveal(rnd, reveal: list) -> list[int]:
    """Check a round's ``reveal`` against the table and return the scores it gives (the pips
    shown, with the house rules' marker penalty and multiplier: ``score_round``).

    ``reveal`` has, per seat, the list of ``Tile`` left in the hand or the pips counted (int).
    Raises ``BadRecord`` when the round has not ended, ``BadReveal`` for a tile not in the set, on
    the table or shown twice, a wrong number of tiles, a non-zero count for a seat that went out,
    or (known hands) a reveal that does not match the hands.
    """
    if not rnd.ended:
        raise E.BadRecord(f"round {rnd.index + 1} has a reveal but has not ended", round=rnd.index)
    seen: set = set()
    return score_round(rnd, [check_seat_reveal(rnd, seat, shown, seen) for seat, shown in enumerate(reveal)])


def check_seat_reveal(rnd, seat: int, shown, seen: set) -> int:
    """Check one seat's shown hand (tiles or an int of pips) and return its pips (the score
    before the house rules' penalty and multiplier; an integer is checked without them).

    ``seen`` holds the tiles other seats have shown (updated here). Raises ``BadReveal`` as
    ``check_reveal`` says, its fact ``why`` naming what differs: ``count`` (with ``shown`` and
    ``holds``, tiles), ``not-in-set`` | ``on-table`` | ``twice`` (with ``tile``), ``not-held``,
    ``pips``, ``went-out``; a refused hand leaves ``seen`` unchanged.
    """
    points = rnd.opts.double_blank_points
    name = rnd.names[seat]
    if isinstance(shown, int):
        if seat in rnd.out and shown != 0:
            raise E.BadReveal(f"{name} went out but counted {shown}", seat=seat, why="went-out")
        if rnd.known and shown != hand_pips(rnd.hands[seat], points):
            raise E.BadReveal(f"{name} counted {shown} but holds "
                              f"{hand_pips(rnd.hands[seat], points)}", seat=seat, why="pips")
        return shown
    mine: set = set()
    for t in shown:
        if not in_set(t, rnd.rules.top):
            raise E.BadReveal(f"{name} shows {t}, which is not in the set", seat=seat, tile=str(t), why="not-in-set")
        if t in rnd.on_table:
            raise E.BadReveal(f"{name} shows {t}, which is on the table", seat=seat, tile=str(t), why="on-table")
        if t in seen or t in mine:
            raise E.BadReveal(f"{t} is shown twice", seat=seat, tile=str(t), why="twice")
        mine.add(t)
    if len(shown) != rnd.hand_counts[seat]:
        raise E.BadReveal(f"{name} shows {len(shown)} tiles but holds {rnd.hand_counts[seat]}",
                          seat=seat, shown=len(shown), holds=rnd.hand_counts[seat], why="count")
    if rnd.known and mine != rnd.hands[seat]:
        raise E.BadReveal(f"{name}'s shown hand is not the hand they hold", seat=seat, why="not-held")
    seen |= mine
    return hand_pips(shown, points)


def possible_counts(tiles, k: int, double_blank_points: int = 50) -> list[tuple[int, int]]:
    """The pip counts ``k`` different tiles of ``tiles`` can make, as runs ``[(low, high), ...]``
    in increasing order (each run every count from ``low`` to ``high``); [] when ``tiles`` has
    fewer than ``k``. The double-blank counts ``double_blank_points`` (rules.md 1, *Round score*).

    What a hidden hand of ``k`` tiles may count when ``tiles`` are the tiles it may hold: the
    station refuses a typed count outside these (``Referee.impossible_count``).

    >>> from engine.tiles import full_set
    >>> possible_counts(full_set(6), 1)
    [(1, 12), (50, 50)]
    >>> possible_counts([], 0)
    [(0, 0)]
    """
    if k < 0:
        return []
    reach = [1] + [0] * k          # reach[c]: bit p set when c of the tiles so far make p pips
    for t in tiles:
        value = pips(t, double_blank_points)
        for c in range(k, 0, -1):
            reach[c] |= reach[c - 1] << value
    bits, runs, p = reach[k], [], 0
    while bits >> p:
        if bits >> p & 1:
            low = p
            while bits >> (p + 1) & 1:
                p += 1
            runs.append((low, p))
        p += 1
    return runs


def check_correction(index: int, fix, players: int) -> None:
    """Raise ``BadRecord`` unless ``fix`` is a correction of the record's form: an object with a
    ``seat`` that exists and a ``score`` that is a whole number 0 or more."""
    if not isinstance(fix, dict):
        raise E.BadRecord("a correction must be an object {\"seat\", \"score\", \"reason\"}", round=index)
    seat, score = fix.get("seat"), fix.get("score")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise E.BadRecord(f"a correction names seat {seat!r}, which does not exist", round=index)
    if isinstance(score, bool) or not isinstance(score, int) or score < 0:
        raise E.BadRecord(f"a correction's score must be a whole number 0 or more, not {score!r}",
                          round=index)


def apply_corrections(index: int, scores: list[int] | None, corrections: list[dict]) -> list[int] | None:
    """Scores after the host's corrections, in the order made (record-format.md *corrections*).

    Raises ``BadRecord`` for a correction on a round without scores, or one not of the record's
    form (``check_correction``).
    """
    if not corrections:
        return scores
    if scores is None:
        raise E.BadRecord(f"round {index + 1} has corrections but no scores", round=index)
    scores = list(scores)
    for fix in corrections:
        check_correction(index, fix, len(scores))
        scores[fix["seat"]] = fix["score"]
    return scores


def winners(round_scores: list[list[int]], tie_break: str) -> tuple[list[int], str]:
    """The winning seats after the last round and the sentence saying what decided it.

    ``round_scores`` is per round, per seat. ``classic``: lowest total; then most rounds scored 0;
    then the lowest non-zero single-round score; still tied, they share. ``shared``: every seat
    with the lowest total wins.
    """
    seats = range(len(round_scores[0]))
    totals = [sum(r[s] for r in round_scores) for s in seats]
    best = min(totals)
    tied = [s for s in seats if totals[s] == best]
    if len(tied) == 1:
        return tied, "lowest total"
    if tie_break == "shared":
        return tied, "tied on the lowest total: they share the win"
    zeros = {s: sum(1 for r in round_scores if r[s] == 0) for s in tied}
    most = max(zeros.values())
    tied = [s for s in tied if zeros[s] == most]
    if len(tied) == 1:
        return tied, "tied on total; most rounds scored 0"
    lowest = {s: min((r[s] for r in round_scores if r[s] > 0), default=float("inf")) for s in tied}
    low = min(lowest.values())
    tied = [s for s in tied if lowest[s] == low]
    if len(tied) == 1:
        return tied, "tied on total and rounds scored 0; lowest non-zero round score"
    return tied, "tied on every tie-break: they share the win"


