"""Raspberry Pi detection and the explicit choice of gpiozero pin factory for the real backend.

Nothing here touches hardware before :func:`pi_model` has confirmed we run on a Pi.
"""
from __future__ import annotations

import os
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
