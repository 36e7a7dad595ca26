"""Every exception the hardware layer raises on purpose is a HardwareError and the built-in it is a
kind of (hardware/errors.py), so callers catch either."""
from __future__ import annotations

import pytest

from hardware.config import default_build, loads_build
from hardware.debounce import Debouncer
from hardware.errors import (ConfigError, FrameError, HardwareError, HardwareUnavailable, InvalidValue,
                             MockControlError, ProtocolError, SeatOutOfRange, UnknownInput)
from hardware.mockdrive import MockHub
from hardware.pi import require_pi
from hardware.protocol import encode
from hardware.strip import render


@pytest.mark.parametrize("call, kind, builtin", [
    (lambda: loads_build("[hub\n", "bad.toml"), ConfigError, ValueError),
    (lambda: require_pi("the test", ()), HardwareUnavailable, RuntimeError),
    (lambda: default_build().slot("nowhere"), UnknownInput, KeyError),
    (lambda: default_build().button_pin(99), SeatOutOfRange, IndexError),
    (lambda: render(default_build(), {"nowhere": (1, 2, 3)}), FrameError, ValueError),
    (lambda: render(default_build(), {"ring": (300, 0, 0)}), FrameError, ValueError),
    (lambda: encode(1, "slot", "a"), ProtocolError, ValueError),
    (lambda: Debouncer(-1), InvalidValue, ValueError),
])
def test_each_raise_is_a_hardware_error_and_its_builtin(call, kind, builtin):
    with pytest.raises(kind) as info:
        call()
    assert isinstance(info.value, HardwareError) and isinstance(info.value, builtin)


def test_mock_controls_raise_hardware_errors():
    hub = MockHub.create(default_build(), clock_ns=lambda: 0)      # a clock that cannot be advanced
    try:
        with pytest.raises(MockControlError) as info:
            hub.mock_press(0)
        assert isinstance(info.value, TypeError) and isinstance(info.value, HardwareError)
        with pytest.raises(UnknownInput) as info:
            hub.mock_pin("nowhere")
        assert isinstance(info.value, KeyError)
    finally:
        hub.close()


def test_every_exception_class_of_the_package_sits_under_hardware_error():
    """No exception class defined in hardware/ escapes the base."""
    import importlib
    import inspect
    import pkgutil

    import hardware
    found = []
    for mod in pkgutil.iter_modules(hardware.__path__):
        if mod.name == "__main__":
            continue
        m = importlib.import_module(f"hardware.{mod.name}")
        for _name, cls in inspect.getmembers(m, inspect.isclass):
            if issubclass(cls, BaseException) and cls.__module__.startswith("hardware"):
                found.append(cls)
    assert ConfigError in found and HardwareUnavailable in found
    assert all(issubclass(c, HardwareError) for c in found), [c for c in found if not issubclass(c, HardwareError)]
