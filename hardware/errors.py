"""The hardware layer's exceptions: one base, :class:`HardwareError`, under every one of them.

As in gpiozero (``GPIOZeroError`` under ``BadPinFactory``, ``PinInvalidPin``, ...), each exception
also inherits the built-in it is a kind of, so ``except HardwareError`` catches anything this
package raises on purpose, and ``except ValueError``/``KeyError``/... keeps working::

    HardwareError(Exception)
    +-- ConfigError(HardwareError, ValueError)         a hub build description is invalid (hardware.config)
    +-- HardwareUnavailable(HardwareError, RuntimeError)  the real hardware cannot be used (hardware.pi)
    +-- UnknownInput(HardwareError, KeyError)          no such slot or seat input in this build
    +-- SeatOutOfRange(HardwareError, IndexError)      a seat number outside 0..seats-1
    +-- FrameError(HardwareError, ValueError)          an LED frame or a colour that cannot be shown
    +-- ProtocolError(HardwareError, ValueError)       a sensor-board frame that cannot be encoded
    +-- InvalidValue(HardwareError, ValueError)        an argument out of its range
    +-- MockControlError(HardwareError, TypeError)     a mock control used without what it needs

>>> issubclass(ConfigError, ValueError) and issubclass(ConfigError, HardwareError)
True
>>> str(UnknownInput("no slot 'x'"))
'"no slot \\'x\\'"'
"""
from __future__ import annotations


class HardwareError(Exception):
    """Base of every exception the hardware layer raises on purpose (hardware/errors.py gives the tree)."""


class ConfigError(HardwareError, ValueError):
    """A hub build description is invalid; ``str()`` names the file, the key and what is allowed.

    ``file``, ``key``, ``problem`` and ``allowed`` are kept as attributes. A ValueError too."""

    def __init__(self, file: str, key: str, problem: str, allowed: str):
        self.file, self.key, self.problem, self.allowed = str(file), key, problem, allowed
        super().__init__(f"{file}: {key}: {problem} (allowed: {allowed})")


class HardwareUnavailable(HardwareError, RuntimeError):
    """The real hub hardware cannot be used; ``str()`` gives the cause and the fix.

    ``what``, ``cause`` and ``fix`` are kept as attributes. A RuntimeError too."""

    def __init__(self, what: str, cause: str, fix: str):
        self.what, self.cause, self.fix = what, cause, fix
        super().__init__(f"{what}: {cause}. Fix: {fix}")


class UnknownInput(HardwareError, KeyError):
    """No slot (or GPIO input, or virtual-board slot) of that name in this build. A KeyError too."""


class SeatOutOfRange(HardwareError, IndexError):
    """A seat number outside ``0..seats-1`` of the build. An IndexError too."""


class FrameError(HardwareError, ValueError):
    """An LED frame that cannot be shown: an unknown segment, a wrong colour count, or a colour that
    is not ``(r, g, b)`` with ints 0..255 (hardware.strip.render). A ValueError too."""


class ProtocolError(HardwareError, ValueError):
    """A sensor-board frame that cannot be encoded: a bad type or argument, or longer than
    MAX_LINE bytes (hardware.protocol.encode). A ValueError too."""


class InvalidValue(HardwareError, ValueError):
    """An argument out of its range, e.g. a negative debounce time (hardware.debounce). A ValueError too."""


class MockControlError(HardwareError, TypeError):
    """A mock control (hardware.mockdrive.MockHub) used without what it needs: MockPins, an
    advanceable clock, or a virtual board. A TypeError too."""
