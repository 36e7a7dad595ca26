"""Raspberry Pi detection and the explicit choice of gpiozero pin factory for the real backend.

Nothing here touches hardware before :func:`pi_model` has confirmed we run on a Pi.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from hardware.errors import HardwareUnavailable

MODEL_FILES = (Path("/proc/device-tree/model"), Path("/sys/firmware/devicetree/base/model"))


def pi_model(model_files: tuple[Path, ...] | None = None) -> str | None:
    """The device-tree model string ("Raspberry Pi 5 Model B Rev 1.0"), or None when not on a Pi.
    ``model_files`` default: MODEL_FILES (read when called)."""
    for f in model_files or MODEL_FILES:
        try:
            model = f.read_bytes().rstrip(b"\0\n").decode("ascii", "replace")
        except OSError:
            continue
        if model.startswith("Raspberry Pi"):
            return model
    return None


def pi_revision(cpuinfo: Path = Path("/proc/cpuinfo")) -> str | None:
    """The board revision code from ``cpuinfo``'s "Revision" line ("0xa52082"), or None."""
    try:
        for line in cpuinfo.read_text(errors="replace").splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "Revision" and value.strip():
                return "0x" + value.strip().lower().removeprefix("0x")
    except OSError:
        pass
    return None


def require_pi(what: str, model_files: tuple[Path, ...] | None = None) -> str:
    """Return the Pi model or raise HardwareUnavailable naming ``what`` needed it."""
    model_files = model_files or MODEL_FILES
    model = pi_model(model_files)
    if model is None:
        raise HardwareUnavailable(
            what, "this machine is not a Raspberry Pi (no 'Raspberry Pi' model in "
            + " or ".join(map(str, model_files)) + ")",
            "run on the hub's Raspberry Pi, or use the mock hardware (station run --mock)")
    return model


def real_pin_factory(model: str):
    """Create the gpiozero pin factory for a real Pi, explicitly.

    ``GPIOZERO_PIN_FACTORY`` (e.g. "lgpio", "rpigpio"; "mock" for gpiozero's MockFactory) wins when
    set; otherwise lgpio, which is the only one that works on a Pi 5 and works on every other model.
    Raises HardwareUnavailable.
    """
    name = os.environ.get("GPIOZERO_PIN_FACTORY", "lgpio")
    try:
        if name == "mock":
            from gpiozero.pins.mock import MockFactory
            return MockFactory()
        if name == "lgpio":
            from gpiozero.pins.lgpio import LGPIOFactory
            return LGPIOFactory()
        if name == "rpigpio":
            from gpiozero.pins.rpigpio import RPiGPIOFactory
            return RPiGPIOFactory()
        if name == "pigpio":
            from gpiozero.pins.pigpio import PiGPIOFactory
            return PiGPIOFactory()
        if name == "native":
            from gpiozero.pins.native import NativeFactory
            return NativeFactory()
    except ImportError as exc:
        raise HardwareUnavailable(
            f"GPIO pin factory {name!r}", f"its module is missing ({exc})",
            "pip install lgpio (or: apt install python3-lgpio; or pip install '.[pi]')") from None
    except Exception as exc:  # gpiozero raises assorted errors when the chip cannot be opened
        raise HardwareUnavailable(
            f"GPIO pin factory {name!r} on {model}", f"{type(exc).__name__}: {exc}",
            "check /dev/gpiochip* exists and the user is in the 'gpio' group") from None
    raise HardwareUnavailable("GPIO pin factory", f"unknown GPIOZERO_PIN_FACTORY={name!r}",
                              "unset it, or use lgpio, rpigpio, pigpio or native")


def is_pi5_class(model: str) -> bool:
    """True for the boards with the RP1 south bridge: Raspberry Pi 5, Pi 500 and Compute Module 5
    ("Raspberry Pi Compute Module 5 Rev 1.0"). They share the Pi 5's GPIO, PIO and power needs."""
    return model.startswith("Raspberry Pi 5") or "Compute Module 5" in model


@dataclass(frozen=True)
class BoardPower:
    """What a board model needs from its 5 V supply: ``supply_amps`` the supply Raspberry Pi
    recommends for it, ``board_amps`` the board with its USB ports loaded (what ``power.other_amps``
    must at least cover when the Pi shares the strip's supply); ``note`` where the figures come from."""

    family: str
    supply_amps: float
    board_amps: float
    note: str


#: Raspberry Pi's power-supply table (documentation "Power supply", per model): the recommended
#: supply, and the bare board's typical active current plus the USB peripheral current it allows.
BOARD_POWER = (
    ("Compute Module 5", BoardPower("Compute Module 5", 5.0, 2.4,
                                    "5 A on its IO board (27 W USB-C PD): 0.8 A board + 1.6 A USB")),
    ("Raspberry Pi 5", BoardPower("Raspberry Pi 5 / 500", 5.0, 2.4,
                                  "a 5 A USB-C PD supply (27 W): 0.8 A board + 1.6 A USB; on 3 A the "
                                  "Pi 5 limits its USB ports to 0.6 A")),
    ("Raspberry Pi 4", BoardPower("Raspberry Pi 4 / 400", 3.0, 1.5, "5.1 V 3 A: 0.6 A board + 1.2 A USB")),
    ("Compute Module 4", BoardPower("Compute Module 4", 3.0, 1.5, "5 V 3 A on its IO board")),
    ("Raspberry Pi 3", BoardPower("Raspberry Pi 3", 2.5, 1.2, "5.1 V 2.5 A: 0.5 A board + 1.2 A USB")),
    ("Raspberry Pi Zero 2", BoardPower("Raspberry Pi Zero 2 W", 2.5, 0.6,
                                       "5.1 V 2.5 A: 0.35 A board + one USB port")),
)


def board_power(model: str) -> BoardPower | None:
    """The BOARD_POWER entry for a device-tree model string, or None for a model it does not list."""
    for prefix, power in BOARD_POWER:
        if model.startswith(prefix) or prefix in model:
            return power
    return None
