"""Secrets and names at the station's door: the host PIN's checks with their throttle, constant-time comparison that any text survives,
the host PIN's form, and the form of a player's name.

>>> same("1234", "1234"), same("\\u00e9", "1234"), same(None, "1234")
(True, False, False)
>>> name_problem("Ana"), name_problem("\\ud800"), name_problem("A" * 40)
(None, 'is not valid text (a lone surrogate)', 'is longer than 32 characters')
>>> name_problem("\\u200b\\u200d"), name_problem("Ana\\u202egnaK"), name_problem("Zoë ☕")
('is not valid text (nothing visible)', 'is not valid text (a bidirectional override)', None)
"""
from __future__ import annotations

import logging
import math
import secrets
import unicodedata

from .interface import Forbidden, StationError, Throttled
from .logs import once_a_minute

log = logging.getLogger("station.auth")       # every refused PIN, code and seat token

NAME_MAX = 32            # characters in a player's name
TEXT_MAX = 200           # characters in a correction's reason
PIN_MIN, PIN_MAX = 4, 12 # digits in a host PIN
SECRET_MAX = 64          # characters in a PIN, seat token or join code as sent

_REFUSED_CATEGORIES = {"Cc": "a control character", "Cs": "a lone surrogate",
                       "Zl": "a line separator", "Zp": "a paragraph separator"}
#: embeddings, overrides and isolates (U+202A-202E, U+2066-2069): they reorder the text around them
BIDI_CONTROLS = frozenset(map(chr, [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]))
#: letters and symbols that draw nothing (Hangul fillers, the blank braille pattern)
_BLANK_GLYPHS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def _invisible(ch: str) -> bool:
    """A character that shows nothing on its own: space, format (zero-width), mark, filler."""
    return ch.isspace() or ch in _BLANK_GLYPHS or unicodedata.category(ch) in ("Cf", "Mn", "Me", "Zs")


def same(given, expected: str) -> bool:
    """True when ``given`` is ``expected``, compared in constant time; ``given`` may be any text
    (non-ASCII, lone surrogates) or None, which is simply not the secret."""
    if not isinstance(given, str) or not isinstance(expected, str):
        return False
    return secrets.compare_digest(given.encode("utf-8", "surrogatepass"),
                                  expected.encode("utf-8", "surrogatepass"))


def text_problem(text, limit: int) -> str | None:
    """What is wrong with ``text`` as a name or reason shown on every page, or None: not text,
    longer than ``limit`` characters, holding a control character, a lone surrogate, a line or
    paragraph separator or a bidirectional override (``BIDI_CONTROLS``), or, not empty, showing
    nothing (only spaces, zero-width and combining characters)."""
    if not isinstance(text, str):
        return "must be text"
    if len(text) > limit:
        return f"is longer than {limit} characters"
    for ch in text:
        what = _REFUSED_CATEGORIES.get(unicodedata.category(ch))
        if what is not None:
            return f"is not valid text ({what})"
        if ch in BIDI_CONTROLS:
            return "is not valid text (a bidirectional override)"
    if text and all(map(_invisible, text)):
        return "is not valid text (nothing visible)"
    return None


def name_problem(name) -> str | None:
    """What is wrong with a player's name (``text_problem`` with ``NAME_MAX``), or None."""
    return text_problem(name, NAME_MAX)


def pin_problem(pin) -> str | None:
    """What is wrong with a new host PIN (``PIN_MIN``-``PIN_MAX`` ASCII digits), or None."""
    if not isinstance(pin, str) or not pin.isascii() or not pin.isdigit():
        return "must be digits 0-9"
    if not PIN_MIN <= len(pin) <= PIN_MAX:
        return f"must have {PIN_MIN} to {PIN_MAX} digits"
    return None


def new_pin(length: int) -> str:
    """A random host PIN of ``length`` digits (``PIN_MIN`` .. ``PIN_MAX``)."""
    length = max(PIN_MIN, min(PIN_MAX, int(length)))
    return "".join(str(secrets.randbelow(10)) for _ in range(length))


def wrong_pin() -> Forbidden:
    """The refusal of a wrong host PIN (``facts``: field "pin", why "wrong-pin")."""
    return Forbidden("wrong host PIN: it is shown where the station was started",
                     facts={"field": "pin", "why": "wrong-pin"})


class HostGuard:
    """The host PIN's checks, as a part of ``Station`` (uses its ``lock``, ``throttle``,
    ``host_pin`` and ``store``)."""

    def _pin(self, pin: str) -> None:
        if not same(pin, self.host_pin):
            log.warning("refused a wrong host PIN")
            raise wrong_pin()

    def _guard(self, client: str | None, kind: str) -> None:
        """Raise ``Throttled`` while ``client`` must wait before its next try of ``kind``."""
        if client is None:
            return
        wait = self.throttle.wait(client, kind)
        if wait > 0:
            lockout = self.throttle.locked_out(client, kind)
            everyone = self.throttle.everyone_wait(kind) >= wait
            once_a_minute(log, f"throttled {kind}", "refused %s try from %s: throttled for %.0f s more%s",
                          kind, client, wait, " (every device: too many wrong tries from many)" if everyone
                          else " (locked out)" if lockout else "")
            what = "host PIN" if kind == "pin" else "seat code"
            source = "from several devices" if everyone else "from this device"
            raise Throttled(f"too many wrong tries of the {what} {source}: try again in "
                            f"{math.ceil(wait)} s", facts={"retry_after": math.ceil(wait), "lockout": lockout,
                                                           "everyone": everyone, "what": kind})

    def _wrong(self, client: str | None, kind: str, detail: str) -> None:
        if client is not None:
            self.throttle.failed(client, kind)
        log.warning("refused %s from %s (%s; %d wrong in a row)", detail, client or "the station",
                    kind, self.throttle.wrong(client, kind) if client else 0)

    def check_pin(self, pin: str, client: str | None = None) -> None:
        """Check the host PIN given by ``client`` (the phone's address; None: not throttled).

        Raises ``Throttled`` (no verdict) while the client must wait (station/throttle.py gives
        the delays), ``Forbidden`` for a wrong PIN (counted and logged)."""
        with self.lock:
            self._guard(client, "pin")
            if not same(pin, self.host_pin):
                self._wrong(client, "pin", "a wrong host PIN")
                raise wrong_pin()
            if client is not None:
                self.throttle.succeeded(client, "pin")

    def change_pin(self, pin: str, new: str) -> None:
        """The host sets a new PIN (4-12 digits), kept in the store; a ``--pin`` given to
        ``station run`` overrides it again at the next start. Raises ``StationError`` naming
        ``new_pin`` when it is not 4-12 digits."""
        self._pin(pin)
        problem = pin_problem(new)
        if problem:
            raise StationError(f"the new PIN {problem}", code="bad-request",
                               facts={"field": "new_pin", "min": 4, "max": 12})
        with self.lock:
            self.store.set_setting("host_pin", new)
            self.host_pin = new
        log.warning("the host PIN was changed")
