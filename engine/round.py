"""One round of Mexican Train: the table, the turn, and the one checked entry point for events.

``Round.push(event)`` checks an event against every rule of rules.md (known hands) or the checks
of rules.md section 5 (hidden hands), raises the ``IllegalEvent`` subclass of the first error code
that applies (record-format.md precedence) and changes nothing, or applies it. ``Round.pop()``
undoes the last event exactly (by replaying the others from the deal).

Trains are numbered by owner seat; the Mexican train is number ``n`` (= ``players``) inside the
engine only: outside it a train is named as events name it, a seat or ``"mexican"`` (``train``,
``open_end``, ``doubles_to_satisfy``, ``legal_events``).
"""
from __future__ import annotations

from . import errors as E
from .events import MEXICAN, Event
from .options import Rules, check_deal  # noqa: F401  (check_deal: part of this module's API)
from .checks import EventChecks
from .scoring import score_round
from .legal import LegalMoves, plays_from  # noqa: F401  (plays_from: part of this module's API)
from .tiles import Tile, bits_tiles, hand_pips, tile_bits, write_laid


class Round(LegalMoves, EventChecks):
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
        self.players = self.n = rules.players           # n: the Mexican train's internal number
        self.top = rules.top
        self.engine = rules.engine_of(index)
        self.engine_tile = Tile(self.engine, self.engine)
        self.known = hands is not None
        opts = self.opts                                   # house rules, read on the hot path
        self.doubles_open = opts.doubles_open
        self.bind_after_turn = opts.doubles_bind_after_turn
        self.on_double = opts.doubles_open and opts.follow_double == "on_double"
        self.chain_doubles_open = opts.first_turn_doubles_open and self.bind_after_turn
        self.own_train_first = opts.own_train_first
        self.no_last_double = opts.last_tile_double == "forbidden"
        self.draw_until_playable = opts.draw_until_playable
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
        bits = self._bits = tile_bits(self.top)
        self._bit, self._suit = bits.bit, bits.suit
        # known hands: each hand a bit set over the set's tiles (tiles.TileBits); None when hidden
        self._hand = [sum(map(bits.bit.__getitem__, h)) for h in hands] if self.known else None
        self._hands_view: list | None = None
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
        self.turn_last: Tile | None = None               # the last tile of a first-turn chain
        self.chain_doubles: list[tuple[int, Tile]] = []  # chain-ending doubles, open at the circuit's end
        self.out_on_double = False                       # a seat went out with a double it played
        self.drew = False
        self.turns_taken = 0
        self.null_passes = 0
        self.out: list[int] = []
        self.end: str | None = None
        self.next_drawer = first_drawer
        self.last_drawer: int | None = None
        self._legal_cache: list | None = None
        self._scores: list[int] | None = None             # known_scores, once ended
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

    def _engine_holder(self) -> int | None:
        bit = self._bits.bit[self.engine_tile]
        for seat, hand in enumerate(self._hand):
            if hand & bit:
                return seat
        return None

    @property
    def hands(self) -> list[set[Tile]] | None:
        """Known hands: each seat's tiles (a fresh set per seat, read-only in meaning); None with
        hidden hands."""
        if self._hand is None:
            return None
        if self._hands_view is None:
            tile_of = self._bits.tile
            self._hands_view = [set(bits_tiles(h, tile_of)) for h in self._hand]
        return [set(h) for h in self._hands_view]

    def holds(self, seat: int, t: Tile) -> bool:
        """Known hands: whether ``seat`` holds ``t`` (a tile of the set); False with hidden hands."""
        return self._hand is not None and bool(self._hand[seat] & self._bits.bit.get(t, 0))

    # ----------------------------------------------------------------- the checked entry point
    def push(self, event: Event) -> None:
        """Check ``event`` and apply it. Raises the ``IllegalEvent`` of the first error code that
        applies (record-format.md *Error codes*); a refused event changes nothing."""
        seat, kind, t, on = event
        if kind == "play" and seat == self.turn and self.engine_placed and self.end is None:
            train = self.n if on == MEXICAN else on       # check() and _apply(), inlined for a play
            self._check_play(event, seat, t, train, self.names[seat])
            self._play(seat, t, train)
        else:
            self.check(event)
            self._apply(event)
        self.events.append(event)

    def push_all(self, events) -> None:
        """``push`` each of ``events`` in order (a record's round). Raises the ``IllegalEvent`` of
        the first refused one with its place in ``events`` as ``exc.event``; the events before it
        stay applied.

        A record's hot path: the usual play (known hands, the seat to act, no first-turn circuit,
        no open double but this turn's one, no house rule on plays, not the seat's last tile), and a
        known-hands draw or pass that its checks accept, are checked and applied inline, exactly as
        ``check`` and ``_apply`` would; every other event (and every refusal) goes through them."""
        # the views cached until the next event (legal_plays, hands): no check reads them, so the
        # inline plays leave them to be dropped once before and once after
        self._legal_cache = self._hands_view = None
        try:
            self._push_all(events)
        finally:
            self._legal_cache = self._hands_view = None

    def _push_all(self, events) -> None:
        n, names, check_play, play, record = self.n, self.names, self._check_play, self._play, self.events.append
        hands, bit_of, on_table, counts = self._hand, self._bit, self.on_table, self.hand_counts
        ends, trains, marked, suits = self.ends, self.trains, self.marked, self.suit_on_table
        plain_rules = hands is not None and not (self.own_train_first or self.no_last_double)
        mexican_any_time, must_play = self.opts.mexican_on_first_turn, self.opts.must_play
        plain_draws = hands is not None                 # known hands: a draw takes the boneyard's next tile
        doubles_open, on_double, bind_after_turn = self.doubles_open, self.on_double, self.bind_after_turn
        for j, event in enumerate(events):
            seat, kind, t, on = event
            try:
                if kind == "play" and seat == self.turn and self.engine_placed and self.end is None:
                    train = n if on == MEXICAN else on      # push, inlined
                    # no open double, or the play owed after this turn's one double, which may go on
                    # any open train (required_trains: None)
                    if plain_rules and not self.circuit and (not self.open_doubles or (
                            len(self.turn_doubles) == 1 and not on_double)):
                        bit = bit_of.get(t)                 # None: not a tile of the set
                        low, high = t
                        end = ends[train]
                        if bit is not None and counts[seat] > 1 and hands[seat] & bit \
                                and (low == end or high == end) and t not in on_table and (
                                    train == seat or ((mexican_any_time or self.turns_taken >= n)
                                                      if train == n else marked[train])):
                            hands[seat] ^= bit              # _play (and _end_turn) for this case
                            counts[seat] -= 1
                            on_table.add(t)
                            suits[low] += 1
                            tiles = trains[train]
                            if tiles and self.open_doubles:      # a double on this train is satisfied
                                self.open_doubles = [d for d in self.open_doubles if d[0] != train]
                            far = high if low == end else low
                            tiles.append((end, far))
                            ends[train] = far
                            if train == seat:
                                marked[seat] = False
                            self.null_passes = 0
                            if low != high:
                                suits[high] += 1
                                self.turns_taken += 1
                                self.turn_plays = 0
                                if self.turn_doubles:
                                    self.turn_doubles = []
                                self.drew = False
                                if self.open_doubles and not bind_after_turn:
                                    self.open_doubles = []  # house rule double_binds "player"
                                self.turn = (seat + 1) % n
                            elif doubles_open:              # the double stays open; the turn goes on
                                self.turn_plays += 1
                                self.open_doubles.append((train, t))
                                self.turn_doubles.append((train, t))
                                self.drew = False
                            else:
                                self.turn_plays += 1
                                self._end_turn()
                            record(event)
                            continue
                    check_play(event, seat, t, train, names[seat])
                    play(seat, t, train)
                elif kind == "draw" and plain_draws and seat == self.turn and self.engine_placed \
                        and self.end is None and not (self.circuit or self.drew) and self.boneyard_count \
                        and not (must_play and self.has_legal_play(seat)):
                    hands[seat] |= bit_of[self.boneyard[self.drawn_count]]   # _check_draw passed: _draw
                    self.drawn_count += 1
                    self.boneyard_count -= 1
                    counts[seat] += 1
                    self.drew = True
                elif kind == "pass" and plain_draws and seat == self.turn and self.engine_placed \
                        and self.end is None and not self.circuit \
                        and (self.boneyard_count == 0 or (self.drew and not self.draw_until_playable)) \
                        and not (must_play and self.has_legal_play(seat)):
                    changed_nothing = self.turn_plays == 0 and self.boneyard_count == 0 and marked[seat]
                    marked[seat] = True                     # _check_pass passed: _apply's pass
                    self.null_passes = self.null_passes + 1 if changed_nothing else 0
                    self._end_turn()
                else:
                    self.check(event)
                    self._apply(event)
            except E.IllegalEvent as exc:
                exc.event = j
                raise
            record(event)

    def _apply(self, event: Event) -> None:
        """Apply ``event`` unchecked: after ``check`` (``push``), or for an event the engine made
        from the round's own legal moves (``players.play_round``: no second check)."""
        seat, kind, t, on = event
        if kind == "play":
            self._play(seat, t, self.n if on == MEXICAN else on)
            return
        self._legal_cache = self._hands_view = None
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
        elif kind == "pass":
            changed_nothing = (self.turn_plays == 0 and self.boneyard_count == 0 and self.marked[seat])
            self.marked[seat] = True
            self.null_passes = self.null_passes + 1 if changed_nothing else 0
            self._end_turn()
        else:
            self._end_turn()

    def _take_from_hand(self, seat: int, t: Tile) -> None:
        if self._hand is not None:
            self._hand[seat] &= ~self._bit[t]
        self.hand_counts[seat] -= 1

    def _draw(self, seat: int) -> None:
        if self._hand is not None:
            self._hand[seat] |= self._bit[self.boneyard[self.drawn_count]]
        self.drawn_count += 1
        self.boneyard_count -= 1
        self.hand_counts[seat] += 1
        if not self.engine_placed:
            self.last_drawer = seat
            self.next_drawer = (seat + 1) % self.n
            return
        self.drew = True

    def _play(self, seat: int, t: Tile, train: int) -> None:
        """Apply a play of ``t`` by ``seat`` on internal train ``train`` (unchecked)."""
        self._legal_cache = self._hands_view = None
        low, high = t
        if self._hand is not None:                        # _take_from_hand, inlined: the hot path
            self._hand[seat] &= ~self._bit[t]
        counts = self.hand_counts
        left = counts[seat] = counts[seat] - 1
        self.on_table.add(t)
        suits = self.suit_on_table
        suits[low] += 1
        is_double = low == high
        if not is_double:
            suits[high] += 1
        end = self.ends[train]
        tiles = self.trains[train]
        if self.open_doubles and tiles:
            self.open_doubles = [d for d in self.open_doubles if d[0] != train]
        far = high if low == end else low                  # tiles.lay, inlined: the hot path
        tiles.append((end, far))
        self.ends[train] = far
        if train == seat:
            self.marked[seat] = False
        self.turn_plays += 1
        self.null_passes = 0
        if self.circuit:
            self.turn_last = t
            if left == 0:
                self.out_on_double = self.out_on_double or is_double
                self._went_out(seat)
            return
        if is_double and self.doubles_open:
            self.open_doubles.append((train, t))
            self.turn_doubles.append((train, t))
            self.drew = False
            if left:
                return
        if left == 0:
            self.out.append(seat)
            self.out_on_double = is_double
            self.turns_taken += 1
            self._finish("out")
            return
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
        if self.turn_doubles:
            self.turn_doubles = []
        self.drew = False
        if self.circuit:
            last, self.turn_last = self.turn_last, None
            if self.chain_doubles_open and last is not None and last.low == last.high:
                self.chain_doubles.append((self.turn, last))   # house rule first_turn_doubles_open
            if self.turns_taken >= self.n:
                self.circuit = False
                if self.chain_doubles:
                    self.open_doubles = list(self.chain_doubles)
                if self.out:
                    self._finish("out")
                    return
        elif self.open_doubles and not self.bind_after_turn:
            self.open_doubles = []                 # house rule double_binds "player": its turn is over
        if self.null_passes >= self.n:
            self._finish("blocked")
            return
        self.turn = (self.turn + 1) % self.n

    def _finish(self, how: str) -> None:
        self.end = how
        self.turn = None
        self.circuit = False
        if not self.bind_after_turn:
            self.open_doubles = []                 # the turn ended with the round (house-rules.md 12)

    # ----------------------------------------------------------------- scores and state
    def known_scores(self) -> list[int] | None:
        """Known hands: each seat's round score once the round has ended: the pips left (0-0 as
        the options say), with the house rules' marker penalty and multiplier."""
        if not self.known or self.end is None:
            return None
        if self._scores is None:                          # an ended round changes only by pop()
            tile_of, points = self._bits.tile, self.opts.double_blank_points
            self._scores = score_round(self, [hand_pips(bits_tiles(h, tile_of), points) for h in self._hand])
        return list(self._scores)

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

