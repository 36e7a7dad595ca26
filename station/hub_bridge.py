"""The station's side of the hub: hardware events become intents, the game becomes lights.

Seat buttons (rules.md 1 *Drawing*, 2 *The first turn*):
- short press: "I drew a tile" when a draw is allowed now, else "I pass" (the train is marked);
  before the classic engine is placed, a draw in the search for it; on the classic first turn,
  where there is no draw, the first press asks (prompt ``confirm-pass``) and the second passes;
- long press: "I end my first turn" (``done``, classic first turn).

Slot sensors: the engine double placed in the centre slot between rounds starts the next round.
A tile placed in an empty seat or Mexican slot must start a train the seat to act may
start. A tile whose tag the sensor board read is entered as that play; otherwise the seat's phone is
asked which tile it was. The engine slot, sensed in a ``classic`` round, places the engine for its
holder where the station knows it (virtual tiles); with real tiles the seat that may have placed it
confirms on its phone, or every phone is asked (station/engine_search.py). Anything refused flashes that seat red and shows the
rule's reason on its phone; nothing changes.

The LEDs are redrawn at once on every change (``state_changed``) and animated at ``FPS``.
"""
from __future__ import annotations

import asyncio
import threading
import time

from engine import Event
from hardware.events import BoardStatus, ButtonPressed, SlotChanged

from .engine_search import sensed_engine_prompt, sensed_engine_seat
from .interface import StationError
from .lights import frame, light_state
from .referee import LogLine

FPS = 20


class HubBridge:
    """Connects a ``Station`` to its ``hardware.Hub`` on the asyncio loop ``loop``."""

    def __init__(self, station, loop: asyncio.AbstractEventLoop):
        self.station = station
        self.hub = station.hub
        self.loop = loop
        self.segments = {name: len(leds) for name, leds in self.hub.build.segments.items()}
        self._task: asyncio.Task | None = None
        self._thread = None
        self._show_lock = threading.Lock()
        self.frames_shown = 0

    async def start(self) -> None:
        self._thread = threading.get_ident()
        await self.hub.start(self.loop, self.on_event)
        self.render()
        self._task = self.loop.create_task(self._animate())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass

    # ----------------------------------------------------------------- lights
    def state_changed(self) -> None:
        """Redraw now (from any thread)."""
        if threading.get_ident() == self._thread:
            self.render()
        else:
            self.loop.call_soon_threadsafe(self.render)

    def render(self) -> None:
        """Show the frame of the game as it stands, at the current animation time."""
        now_ms = time.monotonic_ns() // 1_000_000
        with self.station.lock:
            state = light_state(self.station.referee, self.station.refused_at)
        with self._show_lock:
            self.hub.show(frame(state, self.segments, now_ms))
            self.frames_shown += 1

    async def _animate(self) -> None:
        while True:
            await asyncio.sleep(1 / FPS)
            try:
                self.render()
            except Exception as exc:      # a bad frame must not stop the station
                self.station.log.append(LogLine(f"LED error: {exc}", "led-error").entry(self.station.version))

    # ----------------------------------------------------------------- inputs
    def on_event(self, event) -> None:
        """Called by the hub on the loop thread for every debounced input event."""
        if isinstance(event, ButtonPressed):
            self._button(event.seat, event.long)
        elif isinstance(event, SlotChanged):
            self._slot(event.slot, event.occupied, event.tile)
        elif isinstance(event, BoardStatus):
            self.station.board = {"connected": event.connected, "reason": event.reason,
                                  "board_id": event.board_id}
            line = LogLine("sensor board connected", "board", connected=True) if event.connected else \
                LogLine(f"sensor board lost: {event.reason}", "board", connected=False, reason=event.reason)
            self.station.log.append(line.entry(self.station.version))
            self.station._publish()

    def _refuse(self, seat: int, exc: StationError) -> None:
        self.station.prompt = {"seat": seat, "slot": None, "kind": "refused", "code": exc.code,
                               "facts": dict(exc.facts), "text": exc.message}
        self.station._publish()

    def _act(self, seat: int, event: dict) -> None:
        try:
            self.station.act(seat, event)
        except StationError as exc:
            self._refuse(seat, exc)

    def _button(self, seat: int, long: bool) -> None:
        ref = self.station.referee
        if ref is None or seat >= ref.rules.players:
            return
        rnd = ref.game.current
        if rnd is None or rnd.ended:
            return
        if long:
            self._act(seat, {"done": True})
        elif not rnd.engine_placed or rnd.can_draw(seat):
            self._act(seat, {"draw": True})
        elif rnd.first_turn() and rnd.can_pass(seat) and not self._pass_confirmed(seat):
            # the classic first turn has no draw (rules.md 2): as elsewhere it takes two presses to
            # pass, so the first one asks and the second, with nothing entered between, passes
            self.station.prompt = {"seat": seat, "slot": None, "kind": "confirm-pass", "code": None,
                                   "facts": {"seat": seat, "version": self.station.version},
                                   "text": "no draw on the first turn: press again to pass (your train is marked)"}
            self.station._publish()
        else:
            self._act(seat, {"pass": True})

    def _pass_confirmed(self, seat: int) -> bool:
        """Whether this short press is the second of two by ``seat`` with nothing entered between
        (the standing prompt is the first press's "confirm-pass" at the same version)."""
        p = self.station.prompt
        return bool(p and p.get("kind") == "confirm-pass" and p.get("seat") == seat
                    and p["facts"].get("version") == self.station.version)

    def _slot(self, slot: str, occupied: bool, tile: str | None) -> None:
        ref = self.station.referee
        if ref is None or not occupied:
            # a tile taken out asks nothing, but the view's ``hardware.slots`` changed: the virtual
            # hub's page shows the emptied slot (a new round's cleared slots came after its view)
            self.station._publish()
            return
        rnd = ref.game.current
        if slot == "engine" and (rnd is None or rnd.ended) and ref.status in ("ready", "round-over"):
            self._next_round()
            return
        if rnd is None or rnd.ended:
            return
        if slot == "engine":
            self._engine_sensed(rnd)
            return
        train = "mexican" if slot == "mexican" else int(slot[4:])
        if train != "mexican" and train >= ref.rules.players:
            return
        if rnd.train(train):
            return                      # the train's first tile, already entered
        seat = rnd.seat_to_act()
        if seat is None:
            return
        if tile is not None:
            self._act(seat, {"play": tile, "on": train})
            return
        offered = rnd.offered_plays(seat) if rnd.engine_placed else {"trains": []}
        status = next((t for t in offered["trains"] if t["on"] == train), None)
        if status is not None and not status["open"]:
            self.station.refused_at[seat] = time.monotonic_ns() // 1_000_000
            self._refuse(seat, StationError(status["reason"] or "that train cannot be started now",
                                            code=status["code"] or "train-closed"))
            return
        where = "the Mexican train" if train == "mexican" else f"{ref.names[train]}'s train"
        self.station.prompt = {"seat": seat, "slot": slot, "kind": "start-train", "code": None,
                               "facts": {"seat": seat, "train": train},
                               "text": f"a tile was placed to start {where}: enter the tile you played"}
        self.station._publish()

    def _next_round(self) -> None:
        """The engine double placed in the centre slot between rounds starts the next round."""
        try:
            self.station.begin_round()
        except StationError as exc:
            self.station.prompt = {"seat": None, "slot": "engine", "kind": "refused", "code": exc.code,
                                   "facts": dict(exc.facts), "text": exc.message}
            self.station._publish()
            return
        self._engine_sensed(self.station.referee.game.current)

    def _engine_sensed(self, rnd) -> None:
        """The engine sensed in the centre: placed for its holder where the station knows it
        (virtual tiles), else the seat that may have placed it is asked to confirm
        (station/engine_search.py)."""
        if rnd.engine_placed:
            return
        seat = sensed_engine_seat(rnd)
        if seat is not None:
            self._act(seat, {"engine": True})
            return
        self.station.prompt = sensed_engine_prompt(self.station.referee)
        self.station._publish()
