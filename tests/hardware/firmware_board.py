"""The test side of the firmware under CPython: a pseudo-terminal whose slave a symlink names (what
the station's BoardLink opens), the firmware process on its master, and its sensors driven by GPIO."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import tty
from pathlib import Path

HOST = Path(__file__).resolve().parent / "firmware_host.py"
sys.path.insert(0, str(HOST.parents[2] / "firmware" / "sensor_board"))
import board_config  # noqa: E402  -- the firmware's own settings: its slot names and pins

GPIO = dict(board_config.SLOTS)


class FirmwareBoard:
    """``path`` is the port; ``set_slot`` drives a sensor (active-low, as wired); ``reset`` power-cycles it."""

    def __init__(self):
        self._dir = tempfile.mkdtemp(prefix="fwboard-")
        self.path = os.path.join(self._dir, "ttyPICO0")
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        os.symlink(os.ttyname(self.slave), self.path)
        self.proc = self._control = None
        self.levels = {gpio: 1 for gpio in GPIO.values()}     # pulled up: every slot empty
        self.start()

    def start(self) -> None:
        read, self._control = os.pipe()
        self.proc = subprocess.Popen([sys.executable, str(HOST)], stdin=self.master, stdout=self.master,
                                     env={**os.environ, "FW_CONTROL_FD": str(read)}, pass_fds=(read,))
        os.close(read)
        for gpio, level in self.levels.items():                # the sensors keep their state across a reset
            self._pin(gpio, level)

    def _pin(self, gpio: int, level: int) -> None:
        self.levels[gpio] = level
        if self.proc is not None:                               # powered off: the sensor still moves
            os.write(self._control, f"{gpio} {level}\n".encode())

    def set_slot(self, slot: str, occupied: bool) -> None:
        """A tile placed (True) or lifted, with a clean edge."""
        self._pin(GPIO[slot], 0 if occupied else 1)

    def spike(self, slot: str, ms: float = 5) -> None:
        """A glitch of ``ms`` milliseconds (the firmware polls every 1 ms; its stable time is 30 ms)."""
        gpio = GPIO[slot]
        os.write(self._control, f"{gpio} {1 - self.levels[gpio]}\n".encode())
        time.sleep(ms / 1000)
        os.write(self._control, f"{gpio} {self.levels[gpio]}\n".encode())

    def reset(self) -> None:
        """Power-cycle the board: the firmware restarts (and says HELLO at boot)."""
        self.stop()
        self.start()

    def stop(self) -> None:
        if self.proc is not None:
            os.close(self._control)
            self.proc.kill()
            self.proc.wait(10)
            self.proc = None

    def close(self) -> None:
        self.stop()
        os.unlink(self.path)
        os.close(self.master)
        os.close(self.slave)
        os.rmdir(self._dir)
