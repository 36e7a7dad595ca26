"""The checks of every event (record-format.md *Error codes*, in their precedence): mixed into
``engine.round.Round``. ``check(event)`` raises the refusal the event would get now and never
changes the round.
"""
from __future__ import annotations

from . import errors as E
from .events import MEXICAN, Event
from .house import house_note
from .tiles import Tile


class EventChecks:
    """``check`` and its helpers (mixed into ``Round``)."""

    def check(self, event: Event) -> None:
        """Raise the refusal ``event`` would get now, or return None when it is legal."""
        seat, kind, t, on = event
        if self.end is not None:
            raise E.RoundOver(f"round {self.index + 1} is over", seat=seat)
        if not self.engine_placed:
            self._check_engine_phase(event)
            return
        name = self.names[seat]
        if seat != self.turn:
            self._refuse_turn(seat, name)
        if kind == "play":
            self._check_play(event, seat, t, self.n if on == MEXICAN else on, name)
        elif kind == "engine":
            raise E.TileOnTable(f"the engine {self.engine_tile} is already on the table",
                                seat=seat, tile=str(self.engine_tile))
        elif kind == "draw":
            self._check_draw(seat, name)
        elif kind == "pass":
            self._check_pass(seat, name)
        else:  # done
            if not self.circuit:
                raise E.CannotEndTurn("done ends only a classic first turn after a play", seat=seat)
            if self.turn_plays == 0:
                raise E.CannotEndTurn(f"{name} has not played yet: play a tile or pass", seat=seat)

    def _refuse_turn(self, seat: int, name: str) -> None:
        last = self.events[-1] if self.events else None
        if (not self.doubles_open and last is not None and last.seat == seat and last.kind == "play"
                and last.tile.low == last.tile.high):         # house-rules.md decided point 1
            raise E.NotYourTurn(f"it is {self.names[self.turn]}'s turn: a double ends the turn, "
                                f"{house_note('doubles_open')}", seat=seat, turn=self.turn,
                                house_rule="doubles_open")
        raise E.NotYourTurn(f"it is {self.names[self.turn]}'s turn, not {name}'s", seat=seat, turn=self.turn)

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

    def _check_play(self, event: Event, seat: int, t: Tile, train: int, name: str) -> None:
        low, high = t
        if high > self.top or low < 0:
            raise E.NoSuchTile(f"{t} is not in the double-{self.rules.top} set", **self._facts(event))
        if t in self.on_table:
            raise E.TileOnTable(f"{t} is already on the table", **self._facts(event))
        if self._hand is not None and not self._hand[seat] & self._bit.get(t, 0):
            raise E.NotInHand(f"{name} does not hold {t}", **self._facts(event))
        if not (self.circuit or self.open_doubles or self.own_train_first or self.no_last_double):
            end = self.ends[train]                  # the usual play, accepted without the calls below
            if (low == end or high == end) and (train == seat or (
                    self.mexican_open() if train == self.n else self.marked[train])):
                return
        self._check_train(event, seat, train, name)
        self._check_match(event, seat, t, train, name)

    def _check_train(self, event: Event, seat: int, train: int, name: str) -> None:
        """The train part of a play's checks (first-turn, open-double, train-closed,
        own-train-first): whether ``train`` takes a tile like ``event.tile`` from ``seat`` now."""
        low, high = event.tile
        if self.circuit:
            if train != seat:
                raise E.FirstTurn(f"on the first turn {name} plays only on their own train", **self._facts(event))
        else:
            required = self.required_trains(low == high) if self.open_doubles else None
            if required is not None:
                if train not in required:
                    self._refuse_open_double(event, required[0])
            elif train != seat and not (self.mexican_open() if train == self.n else self.marked[train]):
                if train == self.n:
                    raise E.TrainClosed("the Mexican train is not open yet", **self._facts(event))
                raise E.TrainClosed(f"{self.names[train]}'s train is not marked", **self._facts(event))
            elif self.own_train_first and train != seat and not self.trains[seat]:
                raise E.OwnTrainFirst(f"{name}'s train must have a tile first: "
                                      f"{house_note('own_train_first')}", house_rule="own_train_first",
                                      **self._facts(event))

    def _check_match(self, event: Event, seat: int, t: Tile, train: int, name: str) -> None:
        low, high = t
        end = self.ends[train]
        if low != end and high != end:
            where = f"{self.train_name(train)}'s open end {end}" if self.trains[train] \
                else f"the engine {end} to start {self.train_name(train)}"
            raise E.NoMatch(f"{t} does not match {where}", end=end, **self._facts(event))
        if self.no_last_double and low == high and self.hand_counts[seat] == 1:
            raise E.LastTileDouble(f"{name} may not play the double {t} as the last tile: "
                                   f"{house_note('last_tile_double')}", house_rule="last_tile_double",
                                   **self._facts(event))

    def _refuse_open_double(self, event: Event, train: int) -> None:
        double = self._double_on(train)
        facts = dict(double=str(double), double_on=self._train_label(train), **self._facts(event))
        if self.on_double and self.turn_doubles:
            raise E.OpenDouble(f"the play after the double {double} must go on it: "
                               f"{house_note('follow_double')}", house_rule="follow_double", **facts)
        if (train, double) in self.chain_doubles:
            raise E.OpenDouble(f"the open double {double} on {self.train_name(train)} must be satisfied "
                               f"first: it ended a first-turn chain, {house_note('first_turn_doubles_open')}",
                               house_rule="first_turn_doubles_open", **facts)
        raise E.OpenDouble(f"the open double {double} on {self.train_name(train)} must be satisfied first",
                           **facts)

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
            if not self.draw_until_playable:
                raise E.AlreadyDrew(f"{name} has already drawn for this play", seat=seat)
            if self.known and self.has_legal_play(seat):      # must_play false: a play is held
                raise E.AlreadyDrew(f"{name} has drawn and holds a play: no more drawing", seat=seat)
        self._check_boneyard()

    def _check_pass(self, seat: int, name: str) -> None:
        if self.circuit and self.turn_plays > 0:
            raise E.FirstTurn(f"{name} has played: end the first turn with done", seat=seat)
        if self.known and self.opts.must_play and self.has_legal_play(seat):
            raise E.MustPlay(f"{name} holds a legal play", seat=seat)
        if not self.circuit and self.boneyard_count > 0:
            if not self.drew:
                raise E.MustDraw(f"{name} must draw before passing", seat=seat)
            if self.draw_until_playable and (not self.has_legal_play(seat) if self.known
                                             else self.opts.must_play):
                raise E.MustDraw(f"{name} holds no legal play: draw again "
                                 f"({house_note('draw_until_playable')})",
                                 house_rule="draw_until_playable", seat=seat)

    # ----------------------------------------------------------------- applying
