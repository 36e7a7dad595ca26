"""A log that no client can flood (issue 23): each cause of an expected refusal is written at most
once a minute, with the count of the same cause since, and never with a traceback.

- ``once_a_minute(logger, cause, msg, *args)``: log ``msg % args`` as a warning unless ``cause``
  was logged less than ``WINDOW_S`` seconds ago; the next line that is written says how many were
  left out.
- ``QuietFilter``: a ``logging.Filter`` for the server's and asyncio's own loggers: a record is
  rate-limited by its message template, and its traceback is dropped (``exc_info``), keeping the
  exception's type and text on the one line.
- ``quiet_server_logs()``: puts ``QuietFilter`` on uvicorn's, asyncio's and websockets' loggers.
"""
from __future__ import annotations

import logging
import threading
import time

WINDOW_S = 60.0          # seconds: one line per cause per window
MAX_CAUSES = 1024        # causes remembered (memory stays bounded)
_lock = threading.Lock()


class _Window:
    """When each cause was last written and how many of it were left out since."""

    def __init__(self, clock=time.monotonic):
        self.clock = clock
        self.last: dict[str, float] = {}
        self.skipped: dict[str, int] = {}

    def admit(self, cause: str) -> int | None:
        """None: leave this one out; else the number left out before it (0 or more)."""
        now = self.clock()
        with _lock:
            last = self.last.get(cause)
            if last is not None and now - last < WINDOW_S:
                self.skipped[cause] = self.skipped.get(cause, 0) + 1
                return None
            if len(self.last) >= MAX_CAUSES and cause not in self.last:
                oldest = min(self.last, key=self.last.__getitem__)
                self.last.pop(oldest)
                self.skipped.pop(oldest, None)
            self.last[cause] = now
            return self.skipped.pop(cause, 0)


_window = _Window()


def forget() -> None:
    """Start every cause afresh (a test that counts lines begins with this)."""
    with _lock:
        _window.last.clear()
        _window.skipped.clear()


def once_a_minute(logger: logging.Logger, cause: str, msg: str, *args) -> bool:
    """Log ``msg % args`` at WARNING unless ``cause`` was logged in the last ``WINDOW_S`` seconds;
    returns whether it was written."""
    skipped = _window.admit(f"{logger.name}:{cause}")
    if skipped is None:
        return False
    if skipped:
        msg += " (%d more like this in the last minute)"
        args = (*args, skipped)
    logger.warning(msg, *args)
    return True


#: the server's own lines that the guard (web/serve.py) already writes, with the client
DROPPED = frozenset({"Invalid HTTP request received."})


class QuietFilter(logging.Filter):
    """Rate-limit a logger's records by message template, one line each, no traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg in DROPPED:
            return False
        skipped = _window.admit(f"{record.name}:{record.msg}")
        if skipped is None:
            return False
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            record.msg = f"{record.getMessage()}: {type(exc).__name__}: {str(exc)[:200]}"
            record.args = None
        record.exc_info = record.exc_text = None
        record.stack_info = None
        if skipped:
            record.msg = f"{record.getMessage()} ({skipped} more like this in the last minute)"
            record.args = None
        return True


#: the loggers a hostile client can make write: the server's, the event loop's, the socket library's
SERVER_LOGGERS = ("uvicorn.error", "uvicorn", "asyncio", "websockets", "websockets.server",
                  "websockets.protocol", "uvicorn.protocols")


def quiet_server_logs() -> None:
    """Put one ``QuietFilter`` on each of ``SERVER_LOGGERS`` (again: no second filter)."""
    for name in SERVER_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, QuietFilter) for f in logger.filters):
            logger.addFilter(QuietFilter())
