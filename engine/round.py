"""One round of Mexican Train: the table, the turn, and the one checked entry point for events.

``Round.push(event)`` checks an event against every rule of rules.md (known hands) or the checks
of rules.md section 5 (hidden hands), raises the ``IllegalEvent`` subclass of the first error code
that applies (record-format.md precedence) and changes nothing, or applies it. ``Round.pop()``
undoes the last event exactly (by replaying the others from the deal).

Trains are numbered by owner seat; the Mexican train is number ``players`` internally and
``"mexican"`` in events and state.
"""
from __future__ import annotations

from . import errors as E
from .events import MEXICAN, Event
from .options import Rules
from .tiles import Tile, full_set, hand_pips, write_laid


class Round:
    """The state of one round.

    ``hands``/``boneyard`` (lists of ``Tile``, boneyard first-drawn first) give known-hands mode;
    both None give hidden-hands mode, where only counts are known. ``starter`` is the seat that plays
    first where the engine is not dealt; ``first_drawer`` starts the classic engine search.
    ``names`` word the refusals ("Ben's train is not marked").
    """

    def __init__(self, rules: Rules, index: int, names: list[str], *, starter: int | None = None,
                 hands: list[list[Tile]] | None = None, boneyard: list[Tile] | None = None,
                 first_drawer: int = 0):
        self.rules = rules
        self.opts = rules.options
        self.index = index
        self.names = names
        self.n = rules.players
        self.top = rules.top
        self.engine = rules.engine_of(index)
        self.engine_tile = Tile(self.engine, self.engine)
        self.known = hands is not None
        self._deal = (starter, [list(h) for h in hands] if hands else None,
                      list(boneyard) if boneyard is not None else None, first_drawer)
        self.events: list[Event] = []
        self.reveal: list | None = None       # hands shown at the end (hidden hands)
        self.corrections: list[dict] = []     # the host's score corrections, in order
        self._reset()

    # ----------------------------------------------------------------- set-up and undo
    def _reset(self) -> None:
        starter, hands, boneyard, first_drawer = self._deal
        n = self.n
        self.hands = [set(h) for h in hands] if self.known else None
        # known hands: per seat, per pip, the tiles in hand with an end of that pip
        self.by_pip = [[set() for _ in range(self.rules.top + 1)] for _ in hands] if self.known else None
        if self.known:
            for seat, hand in enumerate(hands):
                for t in hand:
                    self.by_pip[seat][t.low].add(t)
                    self.by_pip[seat][t.high].add(t)
        self.boneyard = boneyard if self.known else None   # never changed: draws advance drawn_count
        self.drawn_count = 0
        self.boneyard_count = len(boneyard) if self.known else self.rules.boneyard_after_deal
        self.hand_counts = [len(h) for h in hands] if self.known else [self.rules.hand_size] * n
        self.trains: list[list[tuple[int, int]]] = [[] for _ in range(n + 1)]
        self.ends: list[int] = [self.engine] * (n + 1)   # open ends; the engine for a train with no tile
        self.marked = [False] * n + [True]
        self.open_doubles: list[tuple[int, Tile]] = []   # (train, double) in the order played
        self.turn_doubles: list[tuple[int, Tile]] = []   # doubles played in this turn
        self.turn_plays = 0
        self.drew = False
        self.turns_taken = 0
        self.null_passes = 0
        self.out: list[int] = []
        self.end: str | None = None
        self.next_drawer = first_drawer
        self.last_drawer: int | None = None
        self._legal_cache: list | None = None
        self.suit_on_table = [0] * (self.rules.top + 1)   # per pip: tiles of that suit on the table
        if self.opts.engine_in_deal:
            self.on_table: set[Tile] = set()
            self.engine_placed = False
            self.starter = None
            self.turn = None
            self.circuit = self.opts.first_turn_multi_play
        else:
            self.on_table = {self.engine_tile}
            self.suit_on_table[self.engine] = 1
            self.engine_placed = True
            self.starter = starter if starter is not None else 0
            self.turn = self.starter
            self.circuit = self.opts.first_turn_multi_play

    def pop(self) -> Event:
        """Undo the last event and return it; the round is exactly as it was before it.

        Raises ``IndexError`` when the round has no events.
        """
        if not self.events:
            raise IndexError("the round has no event to undo")
        events = self.events[:-1]
        last = self.events[-1]
        self.events = []
        self._reset()
        for event in events:
            self._apply(event)
            self.events.append(event)
        return last

    # ----------------------------------------------------------------- views
    @property
    def ended(self) -> bool:
        """True once the round is over (``end`` is ``"out"`` or ``"blocked"``)."""
        return self.end is not None

    def seat_to_act(self) -> int | None:
        """The seat to act (record-format.md ``state.turn``); None once ended, and with hidden
        hands before the classic engine is placed and before any draw."""
        if self.end is not None:
            return None
        if not self.engine_placed:
            if self.known:
                holder = self._engine_holder()
                return holder if holder is not None else self.next_drawer
            return self.next_drawer if self.last_drawer is not None else None
        return self.turn

    def first_turn(self) -> bool:
        """True during a first-turn circuit, and before the classic engine is placed."""
        return self.end is None and self.circuit

    def train_name(self, train: int) -> str:
        return "the Mexican train" if train == self.n else f"{self.names[train]}'s train"

    def _train_index(self, on) -> int:
        return self.n if on == MEXICAN else on

    def _train_label(self, train: int):
        return MEXICAN if train == self.n else train

    def _exempt(self, double: Tile) -> bool:
        """hub: a double whose every suit tile is on the table binds nobody (rules.md 3)."""
        return self.opts.unsatisfiable_exemption and self.suit_on_table[double.low] > self.rules.top

    def binding_doubles(self) -> list[tuple[int, Tile]]:
        """The open doubles that bind now, oldest first (exempted ones left out)."""
        return [d for d in self.open_doubles if not self._exempt(d[1])]

    def mexican_open(self) -> bool:
        """Whether the Mexican train may be played on now (closed during a first-turn circuit, and
        during the first circuit of turns when ``mexican_on_first_turn`` is false)."""
        if self.circuit:
            return False
        return self.opts.mexican_on_first_turn or self.turns_taken >= self.n

    def open_to(self, seat: int, train: int) -> bool:
        """Whether ``train`` is open to ``seat``: its own, the Mexican train when open, or a marked one."""
        if train == seat:
            return True
        if train == self.n:
            return self.mexican_open()
        return self.marked[train]

    def required_trains(self, is_double: bool) -> list[int] | None:
        """The trains the next play must go on because of open doubles, or None when free.

        Within a turn in which two or more doubles were played, a non-double follow-up must go on
        the first (``reverse``: last) of them still binding; at a turn's start, any play must go on
        the oldest (``reverse``: newest; ``any``: any) binding open double (rules.md 1, *Doubles*).
        """
        if not self.open_doubles:
            return None
        order = self.opts.close_doubles
        if self.turn_doubles:
            if is_double or order == "any" or len(self.turn_doubles) < 2:
                return None
            binding = [d for d in self.turn_doubles if not self._exempt(d[1])]
            if not binding:
                return None
            return [(binding[0] if order == "in_order" else binding[-1])[0]]
        binding = self.binding_doubles()
        if not binding:
            return None
        if order == "in_order":
            return [binding[0][0]]
        if order == "reverse":
            return [binding[-1][0]]
        return [d[0] for d in binding]

    def legal_plays(self, seat: int) -> list[tuple[Tile, int]]:
        """Known hands: every ``(tile, train)`` that ``seat`` may play now (train ``players`` is the
        Mexican train). Empty when it is not that seat's turn, before the engine is placed, or with
        hidden hands. Cached until the next event."""
        if not self.known or self.end is not None or not self.engine_placed or seat != self.turn:
            return []
        if self._legal_cache is not None:
            return self._legal_cache
        if self.circuit:
            result = [(t, seat) for t in self.by_pip[seat][self.ends[seat]]]
        elif not self.open_doubles and not self.turn_doubles:
            by_pip, ends, marked, n = self.by_pip[seat], self.ends, self.marked, self.n
            mexican = self.mexican_open()
            result = [(t, tr) for tr in range(n + 1)
                      if tr == seat or (mexican if tr == n else marked[tr]) for t in by_pip[ends[tr]]]
        else:
            result = self._legal_plays_with_doubles(seat)
        self._legal_cache = result
        return result

    def _legal_plays_with_doubles(self, seat: int) -> list[tuple[Tile, int]]:
        """legal_plays when open doubles may restrict where a tile goes (doubles and other tiles
        can be bound differently within a turn of several doubles)."""
        by_pip, ends = self.by_pip[seat], self.ends
        free = None
        result = []
        for_others, for_doubles = self.required_trains(False), self.required_trains(True)
        kinds = ((None, for_others),) if for_others == for_doubles else ((False, for_others), (True, for_doubles))
        for kind, trains in kinds:
            if trains is None:
                if free is None:
                    free = [tr for tr in range(self.n + 1) if self.open_to(seat, tr)]
                trains = free
            for tr in trains:
                for t in by_pip[ends[tr]]:
                    if kind is None or (t.low == t.high) is kind:
                        result.append((t, tr))
        return result

    def offered_plays(self, seat: int) -> dict:
        """What a seat controller may offer ``seat`` now, train by train (rules.md 1-3 and 5).

        Returns ``{"trains": [{"on": seat or "mexican", "open": bool, "code": error code or None,
        "reason": English or None, "tiles": ["5-12", ...]}]}``: for each train, the tiles that would
        be accepted on it now (known hands: from the hand; hidden hands: every tile of the set not
        on the table that fits), or why nothing may go there.
        """
        trains = []
        candidates = self.hands[seat] if self.known else full_set(self.top)
        for tr in range(self.n + 1):
            label = self._train_label(tr)
            end = self.ends[tr]
            tiles, refusal = [], None
            for t in candidates:
                if (t.low == end or t.high == end) and t not in self.on_table:
                    try:
                        self.check(Event(seat, "play", t, label))
                    except E.IllegalEvent as exc:
                        refusal = refusal or exc
                    else:
                        tiles.append(f"{end}-{t.high if t.low == end else t.low}")   # as it would lie
            if not tiles and refusal is None:
                try:
                    self.check(Event(seat, "play", Tile(end, end), label))
                except E.IllegalEvent as exc:
                    refusal = exc
            trains.append({"on": label, "open": bool(tiles),
                           "code": None if tiles or refusal is None else refusal.code,
                           "reason": None if tiles or refusal is None else refusal.message,
                           "tiles": sorted(tiles, key=lambda x: int(x.split("-")[1]))})
        return {"trains": trains}

    def has_legal_play(self, seat: int) -> bool:
        """Known hands: whether ``seat`` holds any legal play now."""
        return bool(self.legal_plays(seat))

    def can_draw(self, seat: int) -> bool:
        """Whether a draw by ``seat`` would be accepted now."""
        return self._would_accept(Event(seat, "draw"))

    def can_pass(self, seat: int) -> bool:
        """Whether a pass by ``seat`` would be accepted now."""
        return self._would_accept(Event(seat, "pass"))

    def can_end_turn(self, seat: int) -> bool:
        """Whether ``done`` by ``seat`` would be accepted now (classic first turn, after a play)."""
        return self._would_accept(Event(seat, "done"))

    def _would_accept(self, event: Event) -> bool:
        try:
            self.check(event)
        except E.IllegalEvent:
            return False
        return True

    def _engine_holder(self) -> int | None:
        for seat, hand in enumerate(self.hands):
            if self.engine_tile in hand:
                return seat
        return None

    # ----------------------------------------------------------------- the checked entry point
    def push(self, event: Event) -> None:
        """Check ``event`` and apply it. Raises the ``IllegalEvent`` of the first error code that
        applies (record-format.md *Error codes*); a refused event changes nothing."""
        self.check(event)
        self._apply(event)
        self.events.append(event)

    def check(self, event: Event) -> None:
        """Raise the refusal ``event`` would get now, or return None when it is legal."""
        seat, kind = event.seat, event.kind
        if self.end is not None:
            raise E.RoundOver(f"round {self.index + 1} is over", seat=seat)
        if not self.engine_placed:
            self._check_engine_phase(event)
            return
        name = self.names[seat]
        if seat != self.turn:
            raise E.NotYourTurn(f"it is {self.names[self.turn]}'s turn, not {name}'s",
                                seat=seat, turn=self.turn)
        if kind == "engine":
            raise E.TileOnTable(f"the engine {self.engine_tile} is already on the table",
                                seat=seat, tile=str(self.engine_tile))
        if kind == "play":
            self._check_play(event)
        elif kind == "draw":
            self._check_draw(seat, name)
        elif kind == "pass":
            self._check_pass(seat, name)
        else:  # done
            if not self.circuit:
                raise E.CannotEndTurn("done ends only a classic first turn after a play", seat=seat)
            if self.turn_plays == 0:
                raise E.CannotEndTurn(f"{name} has not played yet: play a tile or pass", seat=seat)

    def _check_engine_phase(self, event: Event) -> None:
        seat, kind, name = event.seat, event.kind, self.names[event.seat]
        engine = str(self.engine_tile)
        if self.known:
            holder = self._engine_holder()
            due = holder if holder is not None else self.next_drawer
            if seat != due:
                raise E.NotYourTurn(f"it is {self.names[due]}'s turn, not {name}'s", seat=seat, turn=due)
            if kind == "engine":
                if holder != seat:
                    raise E.EngineMissing(f"{name} does not hold the engine {engine}", seat=seat, tile=engine)
                return
            if kind == "draw":
                if holder == seat:
                    raise E.MustPlay(f"{name} holds the engine {engine}: place it", seat=seat, tile=engine)
                self._check_boneyard()
                return
            raise E.EngineMissing(f"the engine {engine} must be placed first", seat=seat, tile=engine)
        # hidden hands: the search as the table sees it
        if self.last_drawer is None:
            if kind == "engine":
                return
            if kind == "draw":
                if seat != self.next_drawer:
                    raise E.NotYourTurn(f"the search for {engine} starts with {self.names[self.next_drawer]}",
                                        seat=seat, turn=self.next_drawer)
                self._check_boneyard()
                return
            raise E.EngineMissing(f"the engine {engine} must be placed first", seat=seat, tile=engine)
        if seat == self.last_drawer:
            if kind == "engine":
                return
            if kind == "draw":
                raise E.NotYourTurn(f"it is {self.names[self.next_drawer]}'s draw, not {name}'s",
                                    seat=seat, turn=self.next_drawer)
            raise E.EngineMissing(f"the engine {engine} must be placed first", seat=seat, tile=engine)
        if seat == self.next_drawer:
            if kind == "draw":
                self._check_boneyard()
                return
            if kind == "engine":
                raise E.EngineMissing(f"only {self.names[self.last_drawer]}, who drew last, may place "
                                      f"the engine {engine}", seat=seat, tile=engine)
            raise E.EngineMissing(f"the engine {engine} must be placed first", seat=seat, tile=engine)
        raise E.NotYourTurn(f"it is {self.names[self.next_drawer]}'s draw, not {name}'s",
                            seat=seat, turn=self.next_drawer)

    def _check_boneyard(self) -> None:
        if self.boneyard_count == 0:
            raise E.BoneyardEmpty("the boneyard is empty")

    def _check_play(self, event: Event) -> None:
        seat, t, name = event.seat, event.tile, self.names[event.seat]
        train = self.n if event.on == MEXICAN else event.on
        if t.high > self.top or t.low < 0:
            raise E.NoSuchTile(f"{t} is not in the double-{self.rules.top} set", **self._facts(event))
        if t in self.on_table:
            raise E.TileOnTable(f"{t} is already on the table", **self._facts(event))
        if self.known and t not in self.hands[seat]:
            raise E.NotInHand(f"{name} does not hold {t}", **self._facts(event))
        if self.circuit:
            if train != seat:
                raise E.FirstTurn(f"on the first turn {name} plays only on their own train", **self._facts(event))
        else:
            required = self.required_trains(t.low == t.high) if self.open_doubles else None
            if required is not None:
                if train not in required:
                    double = self._double_on(required[0])
                    raise E.OpenDouble(f"the open double {double} on {self.train_name(required[0])} "
                                       "must be satisfied first", double=str(double),
                                       double_on=self._train_label(required[0]), **self._facts(event))
            elif train != seat and not (self.mexican_open() if train == self.n else self.marked[train]):
                if train == self.n:
                    raise E.TrainClosed("the Mexican train is not open yet", **self._facts(event))
                raise E.TrainClosed(f"{self.names[train]}'s train is not marked", **self._facts(event))
        end = self.ends[train]
        if t.low != end and t.high != end:
            where = f"{self.train_name(train)}'s open end {end}" if self.trains[train] \
                else f"the engine {end} to start {self.train_name(train)}"
            raise E.NoMatch(f"{t} does not match {where}", end=end, **self._facts(event))

    @staticmethod
    def _facts(event: Event) -> dict:
        """The facts of a refused play: seat, tile, train (built only when refusing)."""
        return {"seat": event.seat, "tile": str(event.tile), "train": event.on}

    def _double_on(self, train: int) -> Tile:
        for tr, double in self.open_doubles:
            if tr == train:
                return double
        return self.engine_tile

    def _check_draw(self, seat: int, name: str) -> None:
        if self.circuit:
            raise E.FirstTurn("no drawing on the classic first turn", seat=seat)
        if self.known and self.opts.must_play and self.has_legal_play(seat):
            raise E.MustPlay(f"{name} holds a legal play", seat=seat)
        if self.drew:
            raise E.AlreadyDrew(f"{name} has already drawn for this play", seat=seat)
        self._check_boneyard()

    def _check_pass(self, seat: int, name: str) -> None:
        if self.circuit and self.turn_plays > 0:
            raise E.FirstTurn(f"{name} has played: end the first turn with done", seat=seat)
        if self.known and self.opts.must_play and self.has_legal_play(seat):
            raise E.MustPlay(f"{name} holds a legal play", seat=seat)
        if not self.circuit and not self.drew and self.boneyard_count > 0:
            raise E.MustDraw(f"{name} must draw before passing", seat=seat)

    # ----------------------------------------------------------------- applying
    def _apply(self, event: Event) -> None:
        seat, kind = event.seat, event.kind
        self._legal_cache = None
        if kind == "engine":
            self._take_from_hand(seat, self.engine_tile)
            self.on_table.add(self.engine_tile)
            self.suit_on_table[self.engine] += 1
            self.engine_placed = True
            self.starter = self.turn = seat
            if self.hand_counts[seat] == 0:
                self._went_out(seat)
        elif kind == "draw":
            self._draw(seat)
        elif kind == "play":
            self._play(seat, event.tile, self.n if event.on == MEXICAN else event.on)
        elif kind == "pass":
            changed_nothing = (self.turn_plays == 0 and self.boneyard_count == 0 and self.marked[seat])
            self.marked[seat] = True
            self.null_passes = self.null_passes + 1 if changed_nothing else 0
            self._end_turn()
        else:
            self._end_turn()

    def _take_from_hand(self, seat: int, t: Tile) -> None:
        if self.known:
            self.hands[seat].discard(t)
            by_pip = self.by_pip[seat]
            by_pip[t.low].discard(t)
            by_pip[t.high].discard(t)
        self.hand_counts[seat] -= 1

    def _draw(self, seat: int) -> None:
        if self.known:
            drawn = self.boneyard[self.drawn_count]
            self.hands[seat].add(drawn)
            self.by_pip[seat][drawn.low].add(drawn)
            self.by_pip[seat][drawn.high].add(drawn)
        self.drawn_count += 1
        self.boneyard_count -= 1
        self.hand_counts[seat] += 1
        if not self.engine_placed:
            self.last_drawer = seat
            self.next_drawer = (seat + 1) % self.n
            return
        self.drew = True

    def _play(self, seat: int, t: Tile, train: int) -> None:
        if self.known:                                    # _take_from_hand, inlined: the hot path
            self.hands[seat].discard(t)
            by_pip = self.by_pip[seat]
            by_pip[t.low].discard(t)
            by_pip[t.high].discard(t)
        self.hand_counts[seat] -= 1
        self.on_table.add(t)
        self.suit_on_table[t.low] += 1
        if t.high != t.low:
            self.suit_on_table[t.high] += 1
        end = self.ends[train]
        if self.open_doubles and self.trains[train]:
            self.open_doubles = [d for d in self.open_doubles if d[0] != train]
        laid = (end, t.high) if t.low == end else (end, t.low)   # tiles.lay, inlined: the hot path
        self.trains[train].append(laid)
        self.ends[train] = laid[1]
        if train == seat:
            self.marked[seat] = False
        self.turn_plays += 1
        self.null_passes = 0
        if self.circuit:
            if self.hand_counts[seat] == 0:
                self._went_out(seat)
            return
        is_double = t.low == t.high
        if is_double:
            self.open_doubles.append((train, t))
            self.turn_doubles.append((train, t))
            self.drew = False
        if self.hand_counts[seat] == 0:
            self.out.append(seat)
            self._finish("out")
            return
        if not is_double:
            self._end_turn()

    def _went_out(self, seat: int) -> None:
        """A seat out of tiles: in a first-turn circuit its turn ends by itself and the round ends
        when the circuit does; otherwise the round ends at once."""
        self.out.append(seat)
        if self.circuit:
            self._end_turn()
        else:
            self._finish("out")

    def _end_turn(self) -> None:
        self.turns_taken += 1
        self.turn_plays = 0
        self.turn_doubles = []
        self.drew = False
        if self.circuit and self.turns_taken >= self.n:
            self.circuit = False
            if self.out:
                self._finish("out")
                return
        if self.null_passes >= self.n:
            self._finish("blocked")
            return
        self.turn = (self.turn + 1) % self.n

    def _finish(self, how: str) -> None:
        self.end = how
        self.turn = None
        self.circuit = False

    # ----------------------------------------------------------------- scores and state
    def known_scores(self) -> list[int] | None:
        """Known hands: each seat's pips left once the round has ended (0-0 as the options say)."""
        if not self.known or self.end is None:
            return None
        return [hand_pips(h, self.opts.double_blank_points) for h in self.hands]

    def state(self) -> dict:
        """The record-format.md ``state`` object of this round as it stands."""
        n = self.n
        trains = [{"owner": tr if tr < n else None,
                   "tiles": [write_laid(p) for p in self.trains[tr]],
                   "end": self.ends[tr] if self.trains[tr] else None,
                   "marked": True if tr == n else self.marked[tr]} for tr in range(n + 1)]
        return {
            "round": self.index,
            "engine": self.engine,
            "turn": self.seat_to_act(),
            "first_turn": self.first_turn(),
            "trains": trains,
            "open_doubles": [{"on": self._train_label(tr), "tile": str(d)} for tr, d in self.binding_doubles()],
            "hand_counts": list(self.hand_counts),
            "boneyard": self.boneyard_count,
        }


def check_deal(rules: Rules, index: int, hands: list[list[Tile]], boneyard: list[Tile]) -> None:
    """Raise ``BadRecord`` unless hands + boneyard (+ the engine where it is set aside) are exactly
    the set and every hand has the table's size (record-format.md, *Round*)."""
    engine = Tile(rules.engine_of(index), rules.engine_of(index))
    if len(hands) != rules.players:
        raise E.BadRecord(f"the deal has {len(hands)} hands for {rules.players} players", round=index)
    for seat, hand in enumerate(hands):
        if len(hand) != rules.hand_size:
            raise E.BadRecord(f"hand {seat} has {len(hand)} tiles, not {rules.hand_size}", round=index)
    dealt = [t for h in hands for t in h] + list(boneyard)
    if not rules.options.engine_in_deal:
        dealt.append(engine)
    if len(dealt) != len(set(dealt)) or set(dealt) != set(full_set(rules.top)):
        raise E.BadRecord(f"the deal is not the double-{rules.top} set", round=index)


def plays_from(rnd: Round, seat: int, tiles) -> list[tuple[Tile, object]]:
    """Every ``(tile, train)`` among ``tiles`` that ``seat`` may play now by the table's checks
    (hidden hands with a privately registered hand: the must-play check of rules.md 5)."""
    result = []
    for t in tiles:
        for tr in range(rnd.n + 1):
            label = MEXICAN if tr == rnd.n else tr
            try:
                rnd.check(Event(seat, "play", t, label))
            except E.IllegalEvent:
                continue
            result.append((t, label))
    return result
