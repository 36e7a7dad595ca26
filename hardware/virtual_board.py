"""A virtual sensor board speaking the real protocol on a pseudo-terminal, with fault injection.

pyserial opens ``path`` (a symlink to the pty's slave, stable across unplug/replug) exactly as it
would open /dev/ttyACM0. The board answers SYNC with HELLO and a replay of every slot, reports
changes as SLOT frames and sends HB every ``heartbeat_ms``.
"""
from __future__ import annotations

import os
import select
import tempfile
import threading
import time
import tty

from hardware.errors import UnknownInput
from hardware.protocol import PROTOCOL_VERSION, SEQ_MOD, LineDecoder, encode


class VirtualBoard:
    """Fault injection: drop_next(n), garble_next(n), send_raw(bytes), unplug(), replug(),
    pause_heartbeat(). ``host_frames`` lists the frame types the host sent (e.g. ["SYNC"])."""

    def __init__(self, slots: list[str], board_id: str = "VB-1", heartbeat_ms: int = 100,
                 protocol: int = PROTOCOL_VERSION, boot_ms: int = 0):
        self.slots = {name: (False, None) for name in slots}
        self.board_id, self.heartbeat_s, self.protocol = board_id, heartbeat_ms / 1000, protocol
        self.host_frames: list[str] = []
        self.host_decoder = LineDecoder()
        self.sent = 0
        self.heartbeat_paused = False
        self.boot_s = boot_ms / 1000          #: silent this long after start/replug, deaf to SYNC (booting)
        self._booted_at = 0.0
        self._dir = tempfile.mkdtemp(prefix="vboard-")
        self.path = os.path.join(self._dir, "ttyVBOARD0")
        self._lock = threading.RLock()
        self._seq = 0
        self._drop = self._garble = 0
        self._master = self._slave = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.replug(announce=False)

    # ---- wiring ---------------------------------------------------------------------------------
    def replug(self, announce: bool = True) -> None:
        """Plug the board (back) in: a fresh pty behind ``path``; a booting board says HELLO."""
        with self._lock:
            if self._master is not None:
                return
            master, slave = os.openpty()
            tty.setraw(slave)
            os.set_blocking(master, False)
            tmp = self.path + ".new"
            if os.path.lexists(tmp):
                os.unlink(tmp)
            os.symlink(os.ttyname(slave), tmp)
            os.replace(tmp, self.path)
            self._master, self._slave = master, slave
            self.host_decoder.reset()
            self._booted_at = time.monotonic() + self.boot_s
            if announce and not self.boot_s:
                self._hello_and_replay()

    def unplug(self) -> None:
        """Pull the USB cable: the host's reads fail and ``path`` disappears until replug()."""
        with self._lock:
            if self._master is None:
                return
            if os.path.lexists(self.path):
                os.unlink(self.path)
            os.close(self._master)
            os.close(self._slave)
            self._master = self._slave = None

    @property
    def plugged(self) -> bool:
        return self._master is not None

    def start(self) -> None:
        """Start the board's thread (heartbeats and answers to the host)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="virtual-board", daemon=True)
            self._thread.start()

    def close(self) -> None:
        """Stop the thread, unplug and remove the temporary directory."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
        self.unplug()
        try:
            os.rmdir(self._dir)
        except OSError:
            pass

    # ---- the board's behaviour --------------------------------------------------------------------
    def set_slot(self, slot: str, occupied: bool, tile: str | None = None) -> None:
        """Change a slot's sensed state and report it (if plugged in). Raises UnknownInput (a KeyError) for an unknown slot."""
        if slot not in self.slots:
            raise UnknownInput(f"the virtual board has no slot {slot!r}")
        with self._lock:
            self.slots[slot] = (occupied, tile if occupied else None)
            self._send("SLOT", *self._slot_args(slot))

    def _slot_args(self, slot: str) -> tuple:
        occupied, tile = self.slots[slot]
        return (slot, int(occupied)) + ((tile,) if tile else ())

    def _hello_and_replay(self) -> None:
        with self._lock:
            self._seq = 0
            self._send("HELLO", self.protocol, self.board_id, len(self.slots))
            for slot in self.slots:
                self._send("SLOT", *self._slot_args(slot))

    def _send(self, kind: str, *args) -> None:
        with self._lock:
            frame = encode(self._seq, kind, *args)
            self._seq = (self._seq + 1) % SEQ_MOD
            if self._drop:
                self._drop -= 1
                return
            if self._garble:
                self._garble -= 1
                frame = frame[:2] + bytes([frame[2] ^ 0x01]) + frame[3:]
            self._write(frame)

    def _write(self, data: bytes) -> None:
        if self._master is None:
            return
        try:
            os.write(self._master, data)
            self.sent += 1
        except (BlockingIOError, OSError):
            pass                                   # nobody reading: like a USB CDC with no host

    # ---- fault injection ------------------------------------------------------------------------
    def drop_next(self, n: int = 1) -> None:
        """Lose the next ``n`` frames (their sequence numbers are used up: the host sees a gap)."""
        with self._lock:
            self._drop += n

    def garble_next(self, n: int = 1) -> None:
        """Corrupt one bit in each of the next ``n`` frames (the checksum no longer matches)."""
        with self._lock:
            self._garble += n

    def send_raw(self, data: bytes) -> None:
        """Write raw bytes (garbage, partial lines) to the host."""
        with self._lock:
            self._write(data)

    def pause_heartbeat(self, paused: bool = True) -> None:
        """Stop (or resume) sending HB frames; the host should declare the board lost."""
        self.heartbeat_paused = paused

    @property
    def booting(self) -> bool:
        """True while the board is still booting (after start or replug, for ``boot_ms``)."""
        return time.monotonic() < self._booted_at

    def _run(self) -> None:
        last_hb = time.monotonic()
        self._booted_at = last_hb + self.boot_s
        announced = not self.boot_s
        while not self._stop.is_set():
            data = b""
            with self._lock:                       # unplug() cannot close the fd under us
                if self._master is not None:
                    try:
                        if select.select([self._master], [], [], 0)[0]:
                            data = os.read(self._master, 4096)
                    except OSError:
                        data = b""
            if not data:
                self._stop.wait(0.002)
            if self.booting:                       # a booting microcontroller hears nothing, says nothing
                announced = False
                continue
            if not announced:                      # boot finished: HELLO and the replay, as at power-on
                announced = True
                self._hello_and_replay()
            for frame in self.host_decoder.feed(data):
                self.host_frames.append(frame.kind)
                if frame.kind == "SYNC":
                    self._hello_and_replay()
            now = time.monotonic()
            if now - last_hb >= self.heartbeat_s:
                last_hb = now
                if not self.heartbeat_paused:
                    with self._lock:
                        self._send("HB", int(now * 1000) % 10**9)
