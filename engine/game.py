"""A whole game: rounds in order, scores, totals, winners, the result object, and undo.

>>> from engine import Game, Rules, events
>>> game = Game(Rules.make("hub", 9, 2), ["Ana", "Ben"])
>>> rnd = game.start_round()          # hidden hands: a real table
>>> game.push(events.draw(0))
>>> game.result()["state"]["hand_counts"]
[16, 15]
"""
from __future__ import annotations

from . import errors as E
from .events import Event
from .options import Rules
from .round import Round, check_deal
from .scoring import apply_corrections, check_reveal, winners
from .tiles import Tile


class Game:
    """A game of ``rules.rounds`` rounds for ``players`` (names, seat order clockwise).

    Moves go through ``push`` (the one checked entry point); ``pop`` undoes the last event.
    Each round keeps ``reveal`` (hidden hands, once ended) and ``corrections`` (the host's).
    Undo of the rest is the game's too: ``pop_round`` (a round's start), ``clear_reveal`` and
    ``pop_correction``.
    """

    def __init__(self, rules: Rules, players: list[str]):
        if len(players) != rules.players:
            raise E.BadRecord(f"{len(players)} names for {rules.players} players")
        self.rules = rules
        self.players = list(players)
        self.rounds: list[Round] = []

    # ----------------------------------------------------------------- rounds
    @property
    def current(self) -> Round | None:
        """The round in play (the last one), or None before the first."""
        return self.rounds[-1] if self.rounds else None

    @property
    def finished(self) -> bool:
        """Every round of the game has ended and has scores."""
        return (len(self.rounds) == self.rules.rounds
                and all(self.round_scores(i) is not None for i in range(len(self.rounds))))

    def default_starter(self) -> int:
        """The seat that starts the next round where the engine is not dealt (rules.md 3): seat 0,
        then the seat after the previous round's starter. Also the first seat to draw in the
        classic engine search (rules.md 2)."""
        if not self.rounds:
            return 0
        previous = self.rounds[-1].starter
        return 0 if previous is None else (previous + 1) % self.rules.players

    def start_round(self, hands: list[list[Tile]] | None = None, boneyard: list[Tile] | None = None,
                    starter: int | None = None) -> Round:
        """Begin the next round: known hands with ``hands`` and ``boneyard`` (first drawn first),
        hidden hands without. ``starter`` only where the engine is not dealt.

        Raises ``BadRecord`` when the game has all its rounds, the previous round has not ended,
        the deal is not the set, or ``starter`` is given where the engine decides.
        """
        index = len(self.rounds)
        if index >= self.rules.rounds:
            raise E.BadRecord(f"{self.rules.rounds_text}: there is no round {index + 1}",
                              round=index)
        if self.rounds and not self.rounds[-1].ended:
            raise E.BadRecord(f"round {index} has not ended", round=index - 1)
        if (hands is None) != (boneyard is None):
            raise E.BadRecord("hands and boneyard go together", round=index)
        if hands is not None:
            check_deal(self.rules, index, hands, boneyard)
        if starter is not None:
            if self.rules.options.engine_in_deal:
                raise E.BadRecord("the engine decides who starts: no 'starter' here", round=index)
            if isinstance(starter, bool) or not isinstance(starter, int) or not 0 <= starter < self.rules.players:
                raise E.BadRecord(f"starter {starter!r} is not a seat", round=index)
        return self._open_round(hands, boneyard, starter)

    def _open_round(self, hands, boneyard, starter) -> Round:
        """``start_round`` once its checks have passed (``record.build``: the record's form,
        deals included, was checked by ``record.parse``)."""
        default = self.default_starter()
        rnd = Round(self.rules, len(self.rounds), self.players, hands=hands, boneyard=boneyard,
                    starter=default if starter is None else starter, first_drawer=default)
        self.rounds.append(rnd)
        return rnd

    def push(self, event: Event) -> None:
        """Check and apply ``event`` in the current round (raises an ``IllegalEvent``; nothing
        changes on refusal). Raises ``RoundOver`` when there is no round in play."""
        if self.current is None:
            raise E.RoundOver("no round has started", seat=event.seat)
        self.current.push(event)

    def pop(self) -> Event:
        """Undo the last event of the current round and return it (``IndexError`` if none)."""
        if self.current is None:
            raise IndexError("no round has started")
        return self.current.pop()

    def pop_round(self) -> Round:
        """Undo the start of the current round and return it; the game is as before
        ``start_round``. Raises ``IndexError`` when no round has started and ``BadRecord`` when
        the round has events (undo them first with ``pop``)."""
        if not self.rounds:
            raise IndexError("no round has started")
        if self.current.events:
            raise E.BadRecord(f"round {self.current.index + 1} has moves: undo them first",
                              round=self.current.index)
        return self.rounds.pop()

    def clear_reveal(self, index: int) -> list | None:
        """Undo the hands shown at round ``index``'s end (``set_reveal``): the round has no
        reveal again. Returns the reveal it had (None if none). ``IndexError`` for no such round."""
        rnd = self._round(index)
        reveal, rnd.reveal = rnd.reveal, None
        return reveal

    def pop_correction(self, index: int) -> dict:
        """Undo the host's last correction of round ``index`` and return it (``{"seat", "score",
        "reason"}``). Raises ``IndexError`` when there is no such round or it has no correction."""
        rnd = self._round(index)
        if not rnd.corrections:
            raise IndexError(f"round {index + 1} has no correction to undo")
        return rnd.corrections.pop()

    def _round(self, index: int) -> Round:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.rounds):
            raise IndexError(f"there is no round {index!r}")
        return self.rounds[index]

    def set_reveal(self, index: int, reveal: list) -> None:
        """Record the hands shown at round ``index``'s end (tiles or counted pips per seat).
        Raises ``BadRecord``/``BadReveal`` (``scoring.check_reveal``) and then keeps nothing."""
        rnd = self.rounds[index]
        check_reveal(rnd, reveal)
        rnd.reveal = reveal

    def correct(self, index: int, seat: int, score: int, reason: str = "") -> None:
        """The host's correction of a scored round: ``seat`` scored ``score`` pips.
        Raises ``BadRecord`` when the round has no scores, the seat or score is not valid."""
        rnd = self.rounds[index]
        fix = {"seat": seat, "score": score, "reason": reason}
        apply_corrections(index, self.round_scores(index), rnd.corrections + [fix])
        rnd.corrections.append(fix)

    # ----------------------------------------------------------------- scores
    def raw_scores(self, index: int) -> list[int] | None:
        """Round ``index``'s scores before corrections: known hands once ended, hidden hands once
        revealed; else None."""
        rnd = self.rounds[index]
        if rnd.reveal is not None:
            return check_reveal(rnd, rnd.reveal)
        return rnd.known_scores()

    def round_scores(self, index: int) -> list[int] | None:
        """Round ``index``'s scores after the host's corrections, or None while unknown."""
        return apply_corrections(index, self.raw_scores(index), self.rounds[index].corrections)

    def totals(self) -> list[int]:
        """Per seat, the sum over rounds with scores."""
        totals = [0] * self.rules.players
        for i in range(len(self.rounds)):
            scores = self.round_scores(i)
            if scores:
                totals = [a + b for a, b in zip(totals, scores)]
        return totals

    def winners(self) -> tuple[list[int], str] | None:
        """The winning seats and the rule that decided, once the game is finished; else None."""
        if not self.finished:
            return None
        return winners([self.round_scores(i) for i in range(len(self.rounds))], self.rules.options.tie_break)

    def result(self) -> dict:
        """The record-format.md result object (``ok`` true) for the game as it stands."""
        rounds = []
        for i, rnd in enumerate(self.rounds):
            rounds.append({"engine": rnd.engine, "end": rnd.end, "out": list(rnd.out),
                           "scores": self.round_scores(i)})
        win = self.winners()
        finished = self.finished
        return {
            "ok": True,
            "finished": finished,
            "rounds": rounds,
            "totals": self.totals(),
            "winners": sorted(win[0]) if win else None,
            "state": None if finished or not self.rounds else self.current.state(),
        }
