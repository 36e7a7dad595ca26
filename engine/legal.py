"""The legal-move view of a round (rules.md 1-3): which trains are open to a seat, where open
doubles send the next tile, every legal play with known hands, and what a seat controller may
offer with hidden hands. Mixed into ``engine.round.Round``; it only reads the round's state.
"""
from __future__ import annotations

from . import errors as E
from .events import MEXICAN, Event
from .tiles import Tile, full_set


class LegalMoves:
    """Read-only questions about a ``Round`` (mixed into it)."""

    def _exempt(self, double: Tile) -> bool:
        """hub: a double whose every suit tile is on the table binds nobody (rules.md 3)."""
        return self.opts.unsatisfiable_exemption and self.suit_on_table[double.low] > self.rules.top

    def binding_doubles(self) -> list[tuple[int, Tile]]:
        """The open doubles that bind now, oldest first (exempted ones left out), by the engine's
        internal train numbers (``doubles_to_satisfy`` names the trains as events do)."""
        if not self.opts.unsatisfiable_exemption:
            return list(self.open_doubles)
        suits, top = self.suit_on_table, self.top            # _exempt, inlined
        return [d for d in self.open_doubles if suits[d[1].low] <= top]

    def doubles_to_satisfy(self) -> list[tuple[int | str, Tile]]:
        """The open doubles that bind now, oldest first: ``[(on, double)]`` with ``on`` a seat or
        ``"mexican"`` (record-format.md ``state.open_doubles``)."""
        return [(self._train_label(tr), d) for tr, d in self.binding_doubles()]

    def train(self, on: int | str) -> list[tuple[int, int]]:
        """The tiles on a train as they lie, engine side first: ``[(near, far), ...]`` (a copy).
        ``on`` is a seat or ``"mexican"``, as events name trains; ``IndexError`` for no such seat."""
        if on != MEXICAN and not 0 <= on < self.n:
            raise IndexError(f"there is no seat {on}")
        return list(self.trains[self._train_index(on)])

    def open_end(self, on: int | str) -> int:
        """The pip a tile played on train ``on`` (a seat or ``"mexican"``) must match: its last
        tile's far end, or the engine's for a train with no tile."""
        return self.ends[self._train_index(on)]

    @property
    def legal_events(self) -> list[Event]:
        """Every event ``push`` would accept now, for any seat: plays, ``draw``, ``pass``,
        ``done`` and ``engine`` (``event in rnd.legal_events``). Known hands: the plays of
        ``legal_plays``; hidden hands: every tile not on the table that fits a train the seat may
        use (the table cannot know the hands). Empty once the round has ended."""
        if self.end is not None:
            return []
        events = []
        for seat in ([self.turn] if self.engine_placed else range(self.n)):
            if self.engine_placed and self.known:
                events += [Event(seat, "play", t, on) for t, on in self.legal_plays(seat)]
            elif self.engine_placed:
                ends = set(self.ends)
                unseen = [t for t in full_set(self.top)
                          if (t.low in ends or t.high in ends) and t not in self.on_table]
                events += [Event(seat, "play", t, on) for t, on in plays_from(self, seat, unseen)]
            events += [e for e in map(Event, (seat,) * 4, ("engine", "draw", "pass", "done")) if self.accepts(e)]
        return events

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
        House rule ``follow_double: "on_double"``: the play owed after a double goes on that very
        double, a double included (free when that double is exempt as unsatisfiable).
        """
        if not self.open_doubles:
            return None
        order = self.opts.close_doubles
        if self.turn_doubles:
            if self.on_double:
                last = self.turn_doubles[-1]
                return None if self._exempt(last[1]) else [last[0]]
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

    def legal_plays(self, seat: int) -> list[tuple[Tile, int | str]]:
        """Known hands: every ``(tile, on)`` that ``seat`` may play now, ``on`` a seat or
        ``"mexican"`` as events name trains (``Event(seat, "play", tile, on)`` is accepted).
        Empty when it is not that seat's turn, before the engine is placed, or with hidden hands.
        Order: trains by seat, the Mexican train last; on each, tiles in ``full_set`` order.
        Cached until the next event."""
        if not self.known or self.end is not None or not self.engine_placed or seat != self.turn:
            return []
        if self._legal_cache is None:
            tile_of, n = self._bits.tile, self.n
            result = []
            for tr, fits in self.play_masks(seat):
                on = MEXICAN if tr == n else tr
                while fits:
                    low = fits & -fits
                    result.append((tile_of[low], on))
                    fits ^= low
            self._legal_cache = result
        return list(self._legal_cache)

    def play_masks(self, seat: int) -> list[tuple[int, int]]:
        """Known hands, the seat to act, engine placed, round not ended (the caller knows): the
        legal plays as bit sets, ``[(train, tiles)]`` with ``train`` the engine's internal train
        number (the Mexican train is ``players``) and ``tiles`` a ``tiles.TileBits`` bit set,
        in ``legal_plays`` order (a train may come twice: plain tiles first, then doubles, within
        a turn of doubles). The computer players' path: no tile or event is made until one is
        chosen."""
        hand, suit, ends = self._hand[seat], self._suit, self.ends
        if self.circuit or (self.own_train_first and not self.trains[seat] and not self.open_doubles):
            masks = [(seat, hand & suit[ends[seat]])]
        elif not self.open_doubles and not self.turn_doubles:
            marked, n = self.marked, self.n
            masks = [(tr, hand & suit[ends[tr]]) for tr in range(n) if tr == seat or marked[tr]]
            if self.opts.mexican_on_first_turn or self.turns_taken >= n:     # mexican_open()
                masks.append((n, hand & suit[ends[n]]))
        else:
            masks = self._masks_with_doubles(seat, hand)
        if self.no_last_double and self.hand_counts[seat] == 1:   # house rule last_tile_double
            plain = ~self._bits.doubles
            masks = [(tr, fits & plain) for tr, fits in masks]
        return masks

    def _masks_with_doubles(self, seat: int, hand: int) -> list[tuple[int, int]]:
        """play_masks when open doubles may restrict where a tile goes (doubles and other tiles
        can be bound differently within a turn of several doubles)."""
        suit, ends, doubles = self._suit, self.ends, self._bits.doubles
        for_others = self.required_trains(False)
        # a double may go elsewhere than another tile only within a turn of doubles (required_trains)
        for_doubles = self.required_trains(True) if self.turn_doubles and not self.on_double else for_others
        same = for_others == for_doubles
        if for_others is None or for_doubles is None:
            if self.own_train_first and not self.trains[seat]:
                free = [seat]                     # house rule own_train_first
            else:                                 # open_to(seat, train), inlined (no circuit here)
                n, marked = self.n, self.marked
                mexican = self.opts.mexican_on_first_turn or self.turns_taken >= n
                free = [tr for tr in range(n + 1) if tr == seat or (mexican if tr == n else marked[tr])]
            for_others = free if for_others is None else for_others
            for_doubles = free if for_doubles is None else for_doubles
        if same:
            return [(tr, hand & suit[ends[tr]]) for tr in for_others]
        plain = hand & ~doubles
        return ([(tr, plain & suit[ends[tr]]) for tr in for_others]
                + [(tr, hand & doubles & suit[ends[tr]]) for tr in for_doubles])

    def offered_plays(self, seat: int) -> dict:
        """What a seat controller may offer ``seat`` now, train by train (rules.md 1-3 and 5).

        Returns ``{"trains": [{"on": seat or "mexican", "open": bool, "code": error code or None,
        "reason": English or None, "house_rule": option or None, "tiles": ["5-12", ...]}]}``
        (``house_rule``: the house rule that closes it, house-rules.md): for each train, the tiles that would
        be accepted on it now (known hands: from the hand; hidden hands: every tile of the set not
        on the table that fits), or why nothing may go there: the train's own refusal, or
        ``no-match`` when the train is open but no such tile has its open end (never a refusal of
        one tile the seat did not choose, such as ``not-in-hand``).
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
                refusal = self._nothing_fits(seat, tr, label, end)
            trains.append({"on": label, "open": bool(tiles),
                           "code": None if tiles or refusal is None else refusal.code,
                           "reason": None if tiles or refusal is None else refusal.message,
                           "house_rule": None if tiles or refusal is None else refusal.facts.get("house_rule"),
                           "tiles": sorted(tiles, key=lambda x: int(x.split("-")[1]))})
        return {"trains": trains}

    def _nothing_fits(self, seat: int, train: int, label, end: int) -> E.IllegalEvent:
        """Why ``train`` takes nothing from ``seat`` when no tile it may play has the open end:
        the train's own refusal (round over, engine first, turn, first turn, open double, closed,
        own train first), else ``no-match`` with the fact ``end`` (never a refusal of one tile)."""
        event = Event(seat, "play", Tile(end, end), label)
        try:
            if self.end is not None or not self.engine_placed or seat != self.turn:
                self.check(event)          # refused before any tile is looked at
            self._check_train(event, seat, train, self.names[seat])
        except E.IllegalEvent as exc:
            return exc
        return E.NoMatch(f"nothing {self.names[seat]} may play matches the open end {end} of "
                         f"{self.train_name(train)}", end=end, seat=seat, train=label)

    def has_legal_play(self, seat: int) -> bool:
        """Known hands: whether ``seat`` holds any legal play now."""
        if not self.known or self.end is not None or not self.engine_placed or seat != self.turn:
            return False
        if self.circuit or self.turn_doubles or self.own_train_first or self.no_last_double:
            return any(fits for _, fits in self.play_masks(seat))
        hand, suit, ends, marked, n = self._hand[seat], self._suit, self.ends, self.marked, self.n
        if self.open_doubles:                       # at a turn's start: doubles go where the rest go
            required = self.required_trains(False)
            if required is not None:
                for tr in required:
                    if hand & suit[ends[tr]]:
                        return True
                return False
        if hand & suit[ends[seat]]:                 # play_masks' usual case, without its list
            return True
        for tr in range(n):
            if marked[tr] and hand & suit[ends[tr]]:
                return True
        return bool(hand & suit[ends[n]]) and (self.opts.mexican_on_first_turn or self.turns_taken >= n)

    def can_draw(self, seat: int) -> bool:
        """Whether a draw by ``seat`` would be accepted now."""
        return self.accepts(Event(seat, "draw"))

    def can_pass(self, seat: int) -> bool:
        """Whether a pass by ``seat`` would be accepted now."""
        return self.accepts(Event(seat, "pass"))

    def can_end_turn(self, seat: int) -> bool:
        """Whether ``done`` by ``seat`` would be accepted now (classic first turn, after a play)."""
        return self.accepts(Event(seat, "done"))

    def accepts(self, event: Event) -> bool:
        """Whether ``event`` would be accepted now (``check`` raises nothing); changes nothing."""
        try:
            self.check(event)
        except E.IllegalEvent:
            return False
        return True


def plays_from(rnd, seat: int, tiles) -> list[tuple[Tile, object]]:
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
