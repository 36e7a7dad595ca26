"""Host side of the sensor-board link: a thread that owns the serial port (pyserial).

It opens the port, clears what arrived before it, sends SYNC and waits for HELLO for up to
``boot_timeout_ms`` (no fixed sleep: opening the port may reset the microcontroller, which then
boots for a second or two; a native-USB board answers at once), then forwards slot reports and link status through ``emit`` (called on this
thread; the Hub hands them to the asyncio loop). Lost after ``heartbeat_timeout_ms`` without a
valid frame or on a port error; reopened every ``reconnect_ms``. A frame out of sequence (a gap, or
a stale frame repeating a number already applied) is dropped, and so is every frame after it until
the HELLO that answers the SYNC it triggers: the board's replay of its slot states is what the host
acts on next -- the Hub emits only actual changes, so nothing is lost, doubled or invented.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable

import serial

from hardware.build import BoardSpec
from hardware.events import BoardStatus
from hardware.protocol import COUNTERS, PROTOCOL_VERSION, SEQ_MOD, Frame, LineDecoder, encode

SYNC_RETRY_S = 0.25
WRITE_TIMEOUT_S = 0.5        #: a write that cannot finish in this time is a port error (the link reopens)
LINK_COUNTERS = COUNTERS + ("seq_gaps", "unknown_slot", "before_hello", "bad_version", "lost", "connects")


class BoardLink:
    """The link thread. ``emit`` receives BoardStatus events and ``(slot, occupied, tile, at_ns)`` reports.

    ``counters`` (name -> int) include the decoder's (garbage, bad_checksum, partial, ...) plus
    seq_gaps, unknown_slot, before_hello, bad_version, lost and connects.
    """

    def __init__(self, spec: BoardSpec, port: str, slots: list[str], emit: Callable[[object], None],
                 clock_ns: Callable[[], int] = time.monotonic_ns):
        self.spec, self.port, self.slots = spec, port, set(slots)
        self.emit, self.clock_ns = emit, clock_ns
        self.decoder = LineDecoder()
        self._counts = dict.fromkeys(LINK_COUNTERS[len(COUNTERS):], 0)
        self.connected = False
        self.board_id: str | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._host_seq = 0
        self._expected: int | None = None
        self._announced = False
        self._last_sync = 0.0

    def start(self) -> None:
        """Start the link thread (returns at once; the first status event follows)."""
        self._thread = threading.Thread(target=self._run, name="sensor-board-link", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        """Stop the thread and close the port; waits up to ``timeout`` seconds."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    @property
    def counters(self) -> dict[str, int]:
        """A snapshot of every counter (decoder and link), safe to read from any thread."""
        return {**self.decoder.counters, **self._counts}

    def _run(self) -> None:
        reason = "not yet connected"
        while not self._stop.is_set():
            try:
                ser = self._open()
            except (serial.SerialException, OSError, ValueError) as exc:
                reason = f"cannot open {self.port}: {exc}"
            else:
                try:
                    reason = self._session(ser)
                except (serial.SerialException, OSError) as exc:
                    reason = f"port error: {exc}"
                finally:
                    try:
                        ser.close()
                    except Exception:  # noqa: BLE001 -- a vanished device may fail to close
                        pass
                    self.decoder.reset()
            self._lost(reason)
            self._stop.wait(self.spec.reconnect_ms / 1000)

    def _open(self):
        """Open the port (DTR stays asserted: native-USB boards such as the Pico only send while it is;
        Uno/Nano-class boards reset on it, hence the boot window) and drop what arrived before us:
        a boot banner, frames from an earlier session. Writes time out instead of hanging the link."""
        ser = serial.Serial(self.port, self.spec.baud, timeout=0.05, write_timeout=WRITE_TIMEOUT_S, exclusive=True)
        ser.reset_input_buffer()
        return ser

    def _lost(self, reason: str) -> None:
        if self.connected or not self._announced:     # also say so once if it never connected
            self._counts["lost"] += self.connected
            self.connected, self._announced = False, True
            self.emit(BoardStatus(False, self.clock_ns(), reason, self.board_id, PROTOCOL_VERSION))

    def _send(self, ser, kind: str) -> None:
        ser.write(encode(self._host_seq, kind))
        self._host_seq = (self._host_seq + 1) % SEQ_MOD
        if kind == "SYNC":
            self._last_sync = time.monotonic()

    def _session(self, ser) -> str:
        """Handshake and read until lost; returns why the session ended."""
        timeout_s = self.spec.heartbeat_timeout_ms / 1000
        boot_s = self.spec.boot_timeout_ms / 1000     # a board reset by the open may take this long to boot
        self._expected = None
        self._send(ser, "SYNC")
        last_valid = time.monotonic()
        while not self._stop.is_set():
            data = ser.read(ser.in_waiting or 1)
            now = time.monotonic()
            for frame in self.decoder.feed(data):
                last_valid = now
                verdict = self._handle(ser, frame)
                if verdict:
                    return verdict
            if self._expected is None:                      # still waiting for HELLO
                if now - last_valid > boot_s:
                    return f"no HELLO within {self.spec.boot_timeout_ms} ms (sensor_board.boot_timeout_ms)"
                if now - self._last_sync > SYNC_RETRY_S:
                    self._send(ser, "SYNC")
            elif now - last_valid > timeout_s:
                return f"heartbeat timeout ({self.spec.heartbeat_timeout_ms} ms)"
        return "stopped"

    def _handle(self, ser, frame: Frame) -> str | None:
        if frame.kind == "HELLO":
            return self._hello(frame)
        if self._expected is None:
            self._counts["before_hello"] += 1
            return None
        if frame.seq != self._expected:
            # a lost frame, or a stale one replayed: act on nothing until the board's replay
            self._counts["seq_gaps"] += 1
            self._expected = None                           # back to "waiting for HELLO"
            self._send(ser, "SYNC")                         # ask for a replay of every slot
            return None
        self._expected = (frame.seq + 1) % SEQ_MOD
        if frame.kind == "SLOT":
            a = frame.args
            if len(a) not in (2, 3) or a[1] not in ("0", "1"):
                self.decoder.counters["malformed"] += 1
            elif a[0] not in self.slots:
                self._counts["unknown_slot"] += 1
            else:
                self.emit((a[0], a[1] == "1", a[2] if len(a) == 3 else None, self.clock_ns()))
        return None

    def _hello(self, frame: Frame) -> str | None:
        try:
            version, board_id = int(frame.args[0]), frame.args[1]
        except (IndexError, ValueError):
            self.decoder.counters["malformed"] += 1
            return None
        if version != PROTOCOL_VERSION:
            self._counts["bad_version"] += 1
            return f"board speaks protocol {version}, host speaks {PROTOCOL_VERSION}: update the firmware"
        self._expected = (frame.seq + 1) % SEQ_MOD
        self.board_id = board_id
        if not self.connected:
            self.connected, self._announced = True, True
            self._counts["connects"] += 1
            self.emit(BoardStatus(True, self.clock_ns(), "hello", board_id, version))
        return None
