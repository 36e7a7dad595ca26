"""The referee of one game at the hub: the engine ``Game`` plus what a game night adds (set-up,
deals for virtual tiles, hands shown at the round's end, corrections, undo, end), driven by
journal entries. No I/O: the service stores each entry before applying it, and replaying the
journal rebuilds the same referee after a restart.

Journal entries (JSON objects, ``type`` first):

- ``{"type": "setup", "players": [...], "profile": "hub", "set": 12, "options": {...},
  "hidden_hands": true, "hardware_seats": 8}`` (always the first entry)
- ``{"type": "round", "hands": [[...]] | None, "boneyard": [...] | None, "starter": int | None}``
- ``{"type": "event", "event": {"seat": 1, "play": "12-5", "on": 1}}`` (record-format.md events)
- ``{"type": "reveal", "round": 0, "seat": 2, "hand": ["3-4"] | 7}``
- ``{"type": "correct", "round": 0, "seat": 2, "score": 18, "reason": "..."}``
- ``{"type": "register", "seat": 1, "tiles": ["9-4", ...]}`` (hidden hands: a hand registered
  privately for full checking; it stays on the hub and is never exported)
- ``{"type": "undo"}``, ``{"type": "end", "abandon": false}``
"""
from __future__ import annotations

from engine import BadRecord, Event, Game, Rules, errors, parse_tile
from engine.legal import plays_from
from engine.record import to_record
from engine.tiles import full_set, in_set
from engine.scoring import check_seat_reveal, possible_counts


class Refusal(errors.IllegalEvent):
    """A station-level refusal that is not an engine rule (``code`` given per instance)."""

    def __init__(self, code: str, message: str, **facts):
        super().__init__(message, **facts)
        self.code = code


class LogLine(str):
    """A sentence for the table's log (English) that also carries ``kind`` and ``facts``, so a
    page can word it in its own language: ``LogLine("Ana drew a tile", "draw", seat=0)``."""

    def __new__(cls, text: str, kind: str, **facts):
        line = super().__new__(cls, text)
        line.kind, line.facts = kind, facts
        return line

    def entry(self, version: int) -> dict:
        """The log entry a view carries: ``{"version", "text", "kind", "facts"}``."""
        return {"version": version, "text": str(self), "kind": self.kind, "facts": self.facts}


class Referee:
    """One game driven by journal entries. ``apply(entry)`` raises a ``RefereeError`` (nothing
    changes) or applies it and returns a sentence for the table's log."""

    def __init__(self, setup: dict):
        self.setup = dict(setup)
        self.rules = Rules.make(setup["profile"], setup.get("set"), len(setup["players"]),
                                setup.get("options") or {})
        self.game = Game(self.rules, setup["players"])
        self.hidden = bool(setup.get("hidden_hands", True))
        self.hardware_seats = int(setup.get("hardware_seats", len(setup["players"])))
        self.status = "ready"          # ready | playing | round-over | finished | abandoned
        self.shown: dict[int, dict[int, object]] = {}   # round -> seat -> tiles or pips
        self._undoable: list[dict] = []
        self.registered: dict[tuple[int, int], set] = {}   # (round, seat) -> registered hand
        self.ended_by_host: str | None = None   # "finished" or "abandoned" when the host ended it

    @classmethod
    def from_journal(cls, journal: list[tuple[int, dict]], log=None) -> "Referee":
        """Rebuild a referee from a stored journal ``[(seq, entry), ...]`` (setup first).

        ``log(seq, text)`` receives each entry's sentence. An entry that is refused (which a
        journal this station wrote never holds) is reported to ``log`` and skipped, never fatal.
        """
        referee = cls(journal[0][1])
        for seq, entry in journal[1:]:
            try:
                text = referee.apply(entry)
            except errors.RefereeError as exc:
                text = LogLine(f"skipped a stored entry: {exc}", "skipped")
            if log is not None:
                log(seq, text)
        return referee

    @property
    def names(self) -> list[str]:
        return self.game.players

    @property
    def round(self):
        return self.game.current

    @property
    def can_undo(self) -> bool:
        """True when an ``undo`` entry would be accepted (a move, shown hand, correction or round
        start to take back)."""
        return bool(self._undoable)

    @property
    def undo_why(self) -> str | None:
        """Why the host may not undo now, or None: ``nothing-to-undo``, or ``game-over`` once the
        game is finished or abandoned and the last thing to take back is not a correction (the
        moves of a game that has ended stay as they were; a correction after the end may be
        taken back)."""
        if not self._undoable:
            return "nothing-to-undo"
        if self.status in ("finished", "abandoned") and self._undoable[-1]["type"] != "correct":
            return "game-over"
        return None

    # ----------------------------------------------------------------- applying entries
    def apply(self, entry: dict) -> str:
        """Apply one journal entry (see the module docstring). Raises ``RefereeError`` and keeps
        nothing when the entry is refused."""
        kind = entry.get("type")
        handler = getattr(self, f"_apply_{kind}", None)
        if handler is None:
            raise Refusal("bad-request", f"unknown journal entry {kind!r}")
        if self.status in ("finished", "abandoned") and kind not in ("correct", "undo", "reveal"):
            raise Refusal("game-over", "the game has ended")
        text = handler(entry)
        if kind in ("round", "event", "reveal", "correct"):
            self._undoable.append(entry)
        self._update_status()
        return text

    def _apply_round(self, entry: dict) -> str:
        if self.round is not None and not self.round.ended:
            raise Refusal("round-over", "the round in play has not ended", why="in-play")
        if self.round is not None and self.game.round_scores(self.round.index) is None:
            raise Refusal("bad-reveal", "every hand must be shown or counted before the next round")
        hands = entry.get("hands")
        boneyard = entry.get("boneyard")
        rnd = self.game.start_round(
            None if hands is None else [[parse_tile(t) for t in h] for h in hands],
            None if boneyard is None else [parse_tile(t) for t in boneyard],
            entry.get("starter"))
        return LogLine(f"round {rnd.index + 1} begins: engine {rnd.engine}-{rnd.engine}", "round",
                       round=rnd.index, engine=rnd.engine)

    def _apply_event(self, entry: dict) -> str:
        if self.round is None:
            raise Refusal("round-over", "no round has started", why="no-round")
        try:
            event = Event.from_dict(entry["event"], self.rules.players)
        except BadRecord as exc:
            raise Refusal("bad-request", exc.message) from None
        try:
            self._check_registered(event)
            self.game.push(event)
        except errors.RefereeError as exc:
            _as_written(exc, event, entry["event"].get("play"))
            raise
        return describe(event, self.names, self.round)

    def refusal(self, event: Event) -> errors.RefereeError | None:
        """Why ``event`` would be refused now (the registered-hand check, then the engine's), or
        None when it would be accepted; changes nothing. The seat page's controls use it, so a
        control is disabled with this reason instead of enabled and then refused."""
        if self.round is None:
            return Refusal("round-over", "no round has started", seat=event.seat, why="no-round")
        try:
            self._check_registered(event)
            self.round.check(event)
        except errors.RefereeError as exc:
            return exc
        return None

    def checked_hand(self, seat: int) -> set | None:
        """Hidden hands: the seat's registered hand while it is checked (as many tiles as the
        seat holds: ``_apply_register`` says when), else None."""
        rnd = self.round
        return self.registered_hand(rnd.index, seat) if rnd is not None else None

    def _apply_register(self, entry: dict) -> str:
        """A hand registered privately: while it has as many tiles as the seat holds, a play of a
        tile not in it is refused (not-in-hand), and so is a draw or pass while it holds a play
        (must-play); after a draw the check waits until the drawn tile is registered too."""
        seat = entry.get("seat")
        rnd = self.round
        if rnd is None or rnd.ended:
            raise Refusal("round-over", "hands are registered during a round", seat=seat, why="no-round")
        if rnd.known:
            raise Refusal("bad-request", "with virtual tiles the hub already knows every hand", seat=seat)
        try:
            tiles = [parse_tile(t) for t in entry.get("tiles") or []]
        except ValueError as exc:
            raise Refusal("bad-request", str(exc), seat=seat) from None
        if len(set(tiles)) != len(tiles) or any(t in rnd.on_table or not in_set(t, self.rules.top)
                                                for t in tiles):
            raise Refusal("bad-reveal", "a registered hand holds each tile of the set once, none on the table",
                          seat=seat)
        self.registered[(rnd.index, seat)] = set(tiles)
        return LogLine(f"{self.names[seat]} registered their hand: the hub checks every rule for them",
                       "register", seat=seat)

    def _check_registered(self, event: Event) -> None:
        rnd = self.round
        hand = self.checked_hand(event.seat)
        if hand is None:
            return                    # none, or a drawn tile not registered yet: the check resumes once it is
        name = self.names[event.seat]
        if event.kind == "play" and event.tile not in hand:
            raise Refusal("not-in-hand", f"{name} does not hold {event.tile}", seat=event.seat,
                          tile=str(event.tile))
        if event.kind in ("draw", "pass") and rnd.opts.must_play and plays_from(rnd, event.seat, hand):
            raise Refusal("must-play", f"{name} holds a legal play", seat=event.seat)

    def _apply_reveal(self, entry: dict) -> str:
        index, seat, hand = entry.get("round", len(self.game.rounds) - 1), entry["seat"], entry["hand"]
        if not 0 <= index < len(self.game.rounds) or not self.game.rounds[index].ended:
            raise Refusal("round-over", "hands are shown only once the round has ended", why="in-play")
        rnd = self.game.rounds[index]
        if isinstance(hand, bool) or not isinstance(hand, (int, list)) or (isinstance(hand, int) and hand < 0):
            raise Refusal("bad-reveal", "show the tiles left in your hand, or a pip count of 0 or more")
        shown_tiles = hand if isinstance(hand, int) else [parse_tile(t) for t in hand]
        others = self.shown.setdefault(index, {})
        pips = check_seat_reveal(rnd, seat, shown_tiles, self.held_elsewhere(index, seat))
        typed = entry.get("typed")
        if typed is not None and typed != pips:
            raise Refusal("bad-reveal", f"{self.names[seat]} typed {typed} pips but the tiles shown count {pips}",
                          seat=seat, why="typed", typed=typed, pips=pips)
        others[seat] = shown_tiles
        if not rnd.known and not self.must_count(index):
            self.game.set_reveal(index, [others.get(s, []) for s in range(self.rules.players)])
        return LogLine(f"{self.names[seat]} shows {pips} pips for round {index + 1}", "reveal",
                       seat=seat, pips=pips, round=index)

    def registered_hand(self, index: int, seat: int) -> set | None:
        """Hidden hands: ``seat``'s registered hand in round ``index`` less the tiles it has
        played, when that is as many tiles as the seat holds (the hub knows the hand), else None.
        ``IndexError`` for no such round."""
        rnd = self.game.rounds[index]
        hand = self.registered.get((index, seat))
        if hand is None or rnd.known:
            return None
        hand = hand - rnd.on_table
        return hand if len(hand) == rnd.hand_counts[seat] else None

    def held_elsewhere(self, index: int, seat: int) -> set:
        """Hidden hands at round ``index``'s end: the tiles the station knows are not ``seat``'s:
        those the other seats have shown, and those in another seat's registered hand
        (``registered_hand``), so a count never claims a tile the hub knows someone else holds.
        ``IndexError`` for no such round."""
        seen = {t for s, h in self.shown.get(index, {}).items() if s != seat and not isinstance(h, int) for t in h}
        for other in range(self.rules.players):
            if other != seat:
                seen |= self.registered_hand(index, other) or set()
        return seen

    def may_hold(self, index: int, seat: int) -> list:
        """Hidden hands at round ``index``'s end: the tiles ``seat``'s hand may hold as far as the
        table shows (``Tile``, the set's order): the set less the tiles on the table and those
        ``held_elsewhere``. ``IndexError`` for no such round."""
        rnd = self.game.rounds[index]
        seen = self.held_elsewhere(index, seat)
        return [t for t in full_set(self.rules.top) if t not in rnd.on_table and t not in seen]

    def impossible_count(self, index: int, seat: int, typed) -> Refusal | None:
        """Hidden hands, round ``index`` ended: why a pip count ``typed`` for ``seat``'s hand cannot
        be right, or None (also for anything that is not a count of 0 or more, which
        ``_apply_reveal`` words itself). A count is impossible when no set of as many tiles as
        the seat holds, among the tiles it may hold (``may_hold``), makes it; the 0-0 counts ``double_blank_points`` (rules.md 1).

        The station's check of a count typed on a phone, before it is journalled (a stored count
        is taken on trust, as record-format.md takes an integer reveal). The refusal is
        ``bad-reveal`` with facts ``field`` "hand", ``why`` "impossible", ``typed``, ``holds``
        (tiles), ``least`` and ``most`` (pips) and ``runs`` ([[low, high], ...], the counts
        possible)."""
        if isinstance(typed, bool) or not isinstance(typed, int) or typed < 0:
            return None
        if not 0 <= index < len(self.game.rounds) or not self.game.rounds[index].ended:
            return None
        rnd = self.game.rounds[index]
        if rnd.known or seat in rnd.out:
            return None          # the hands are known, or it went out: check_seat_reveal decides
        holds = rnd.hand_counts[seat]
        runs = possible_counts(self.may_hold(index, seat), holds, self.rules.options.double_blank_points)
        if any(low <= typed <= high for low, high in runs) or not runs:
            return None
        least, most = runs[0][0], runs[-1][1]
        return Refusal("bad-reveal", f"{self.names[seat]} typed {typed} pips, but {holds} tiles not on the table "
                       f"and not shown count {' or '.join(f'{a} to {b}' for a, b in runs)}",
                       seat=seat, field="hand", why="impossible", typed=typed, holds=holds,
                       least=least, most=most, runs=[list(r) for r in runs])

    def went_out(self, index: int, seat: int) -> bool:
        """Whether ``seat`` went out of round ``index``: the round has ended and the seat holds no
        tile. It scores 0 (rules.md 1, *Round score*) and has nothing to count."""
        rnd = self.game.rounds[index]
        return rnd.ended and rnd.hand_counts[seat] == 0

    def must_count(self, index: int) -> list[int]:
        """Hidden hands, an ended round ``index``: the seats still to show or count their hand.
        A seat that went out (``went_out``) is never asked."""
        rnd = self.game.rounds[index]
        if rnd.known or not rnd.ended:
            return []
        shown = self.shown.get(index, {})
        return [s for s in range(self.rules.players) if s not in shown and not self.went_out(index, s)]

    def _apply_correct(self, entry: dict) -> str:
        index, seat, score = entry["round"], entry["seat"], entry["score"]
        if not isinstance(index, int) or not 0 <= index < len(self.game.rounds):
            raise Refusal("bad-request", f"there is no round {index}")
        before = (self.game.round_scores(index) or [None] * self.rules.players)
        try:
            self.game.correct(index, seat, score, entry.get("reason", ""))
        except BadRecord as exc:
            raise Refusal("bad-request", exc.message) from None
        name = self.names[seat]
        return LogLine(f"round {index + 1}, {name}: {before[seat]} -> {score} (host)", "correct",
                       round=index, seat=seat, before=before[seat], score=score)

    def _apply_undo(self, entry: dict) -> str:
        if not self._undoable:
            raise Refusal("bad-request", "there is nothing to undo")
        last = self._undoable[-1]
        kind = last["type"]
        if kind == "event":
            event = self.game.pop()
            undone = describe(event, self.names, None)
            text = LogLine("undone: " + undone, "undo", undone=undone.kind, **undone.facts)
        elif kind == "round":
            try:
                self.game.pop_round()
            except BadRecord as exc:
                raise Refusal("bad-request", exc.message) from None
            text = LogLine("undone: the round's start", "undo", undone="round")
        elif kind == "reveal":
            index, seat = last.get("round", len(self.game.rounds) - 1), last["seat"]
            self.shown[index].pop(seat, None)
            self.game.clear_reveal(index)
            text = LogLine(f"undone: {self.names[seat]}'s shown hand", "undo", undone="reveal", seat=seat)
        else:
            self.game.pop_correction(last["round"])
            text = LogLine(f"undone: the correction of round {last['round'] + 1}", "undo",
                           undone="correct", round=last["round"])
        self._undoable.pop()
        return text

    def _apply_end(self, entry: dict) -> str:
        self.ended_by_host = "abandoned" if entry.get("abandon") else "finished"
        if entry.get("abandon"):
            return LogLine("the game was abandoned", "abandon")
        return LogLine("the game has ended", "end")

    def _apply_setup(self, entry: dict) -> str:
        raise Refusal("bad-request", "the game is already set up")

    def _update_status(self) -> None:
        if self.ended_by_host:
            self.status = self.ended_by_host
        elif self.game.finished:
            self.status = "finished"
        elif self.round is None:
            self.status = "ready"
        elif self.round.ended:
            self.status = "round-over"
        else:
            self.status = "playing"

    # ----------------------------------------------------------------- views
    def record(self) -> dict:
        """The game as a mexican-train-record/1 document (hands shown included)."""
        return to_record(self.game)

    def deal_summary(self) -> dict:
        """How many tiles each player draws and how many stay in the boneyard; ``default`` (only
        where the deal table had no row) says where the station's hand size came from
        (station/deal_default.py)."""
        summary = {"hand_size": self.rules.hand_size, "boneyard": self.rules.boneyard_after_deal}
        if self.setup.get("deal_default"):
            summary["default"] = dict(self.setup["deal_default"])
        return summary


def _as_written(exc: errors.RefereeError, event: Event, written) -> None:
    """A refusal names the tile as the player wrote it ("6-3"), not as the engine orders it
    ("3-6"): its ``facts["tile"]`` and its sentence."""
    if event.kind != "play" or not isinstance(written, str) or exc.facts.get("tile") != str(event.tile):
        return
    exc.facts["tile"] = written
    if str(event.tile) != written:
        exc.message = exc.message.replace(str(event.tile), written)
        exc.args = (exc.message,)


def describe(event: Event, names: list[str], rnd) -> LogLine:
    """The table's log line for an event: "Ana played 12-5 on their own train" (the tile as it
    lies when ``rnd`` is the round it was just played in), kind = the event's kind."""
    who = names[event.seat]
    if event.kind == "play":
        tile = str(event.tile)
        if rnd is not None:
            train = rnd.train(event.on)
            if train:
                tile = f"{train[-1][0]}-{train[-1][1]}"
        where = "the Mexican train" if event.on == "mexican" else (
            "their own train" if event.on == event.seat else f"{names[event.on]}'s train")
        return LogLine(f"{who} played {tile} on {where}", "play", seat=event.seat, tile=tile, on=event.on)
    text = {"engine": f"{who} placed the engine", "draw": f"{who} drew a tile",
            "pass": f"{who} passed: their train is marked", "done": f"{who} ended their first turn"}[event.kind]
    return LogLine(text, event.kind, seat=event.seat)
