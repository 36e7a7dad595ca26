"""Runs the sensor board's MicroPython firmware (firmware/sensor_board/main.py) unchanged under
CPython, as a subprocess whose stdin/stdout are a pseudo-terminal's master side (the board's end
of the USB cable). Stand-ins: ``machine.Pin`` reads levels the test writes to the control pipe
(``FW_CONTROL_FD``: lines "<gpio> <0|1>"); ``micropython.kbd_intr`` records its calls
(``FW_KBD_LOG``); ``time`` gets MicroPython's ticks_ms, ticks_diff and
sleep_ms. Writes nobody reads are dropped, as a USB CDC port without a host drops them."""
from __future__ import annotations

import os
import runpy
import sys
import threading
import time
import types
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware" / "sensor_board"
levels: dict[int, int] = {}


class Pin:
    IN, OUT, PULL_UP, PULL_DOWN = 0, 1, 1, 2

    def __init__(self, gpio, mode=IN, pull=None):
        self.gpio = gpio
        levels.setdefault(gpio, 1 if pull == Pin.PULL_UP else 0)

    def value(self):
        return levels[self.gpio]


def control(fd: int) -> None:
    with os.fdopen(fd, "r") as pipe:
        for line in pipe:
            gpio, level = line.split()
            levels[int(gpio)] = int(level)
    os._exit(0)                                   # the test went away: the board loses power


def kbd_intr(char: int) -> None:
    """micropython.kbd_intr: records each call in FW_KBD_LOG (when set), one value a line."""
    if os.environ.get("FW_KBD_LOG"):
        with open(os.environ["FW_KBD_LOG"], "a") as log:
            log.write(f"{char}\n")


def main() -> None:
    sys.modules["machine"] = types.SimpleNamespace(Pin=Pin)
    sys.modules["micropython"] = types.SimpleNamespace(kbd_intr=kbd_intr)
    time.ticks_ms = lambda: int(time.monotonic() * 1000) & 0x3FFFFFFF
    time.ticks_diff = lambda a, b: ((a - b + 0x20000000) & 0x3FFFFFFF) - 0x20000000
    time.sleep_ms = lambda ms: time.sleep(ms / 1000)
    os.set_blocking(1, False)                     # stdin and stdout: the same pty master
    sys.stdin = types.SimpleNamespace(buffer=os.fdopen(0, "rb", buffering=0))
    sys.stdout = types.SimpleNamespace(buffer=os.fdopen(1, "wb", buffering=0, closefd=False))
    threading.Thread(target=control, args=(int(os.environ["FW_CONTROL_FD"]),), daemon=True).start()
    sys.path.insert(0, str(FIRMWARE))
    runpy.run_path(str(FIRMWARE / "main.py"), run_name="__main__")


if __name__ == "__main__":
    main()
