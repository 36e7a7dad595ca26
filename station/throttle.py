"""Guessing at the table's pace: per-client throttling of wrong host PINs and join codes.

Each client (the web layer passes the phone's address) and each kind of secret (``"pin"``,
``"code"``) has its own count of wrong tries. The first ``FREE`` tries are answered at once;
after wrong try ``n >= FREE`` the next try waits ``2 ** (n - FREE)`` seconds (1, 2, 4, ... 64);
from ``LOCKOUT_AFTER`` wrong tries on, every further wrong try locks the client out for
``LOCKOUT_S`` seconds. A try while waiting gets no verdict at all (``Throttled``, HTTP 429 with
``Retry-After``). A right answer clears the count. Given an SQLite connection (``db``) the counts
are kept in its ``throttle`` table as well and read back at start, so a restart does not start a
guesser afresh (issue 23); ``clock`` is then wall-clock seconds (``time.time``, the default).
The client is the peer address the server saw (proxy headers are never believed: web/serve.py).

All clients together also share one budget per kind (``EVERYONE``): ``EVERYONE_BURST`` wrong tries
at once, then one more every ``EVERYONE_EVERY_S`` seconds, so that a guesser with many addresses
(several leases, IPv6) cannot sweep the PINs either; while it is spent, no new client gets a
verdict, not even for the right answer (that verdict alone would tell the guesser it was right).
A client that has given the right answer before (the host's phone: ``succeeded``) knows it
already: it is held by its own count only, so a guesser cannot lock the host out.

Guessing cost (docs/web.md): ``LOCKOUT_AFTER`` guesses in about 2 minutes (127 s of delays), then
one guess per ``LOCKOUT_S`` seconds, i.e. 4 an hour per client; from any number of clients, at
most ``EVERYONE_BURST`` and then 120 an hour: a 4-digit PIN in about 42 hours on average.

>>> t = Throttle(clock=lambda: 0.0)
>>> for _ in range(FREE - 1): t.failed("10.0.0.9", "pin")
>>> t.wait("10.0.0.9", "pin")
0.0
>>> t.failed("10.0.0.9", "pin"); t.wait("10.0.0.9", "pin")
1.0
>>> t.failed("10.0.0.9", "pin"); t.wait("10.0.0.9", "pin")
2.0
"""
from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass

FREE = 5                # wrong tries answered at once
LOCKOUT_AFTER = 12      # from this many wrong tries on: a lockout after each wrong try
LOCKOUT_S = 15 * 60     # seconds
MAX_CLIENTS = 4096      # forget the oldest clients past this many (memory stays bounded)
EVERYONE = "*"          # the client name of every client's shared budget
EVERYONE_BURST = 20     # wrong tries of one kind from all clients together, at once
EVERYONE_EVERY_S = 30.0 # then one more every this many seconds
KNOWN = ":known"        # kind suffix of the rows of clients that gave the right answer before


@dataclass
class _Count:
    wrong: int = 0
    until: float = 0.0      # clock seconds before which no try is answered


SCHEMA = """CREATE TABLE IF NOT EXISTS throttle (
    client TEXT NOT NULL, kind TEXT NOT NULL, wrong INTEGER NOT NULL, until REAL NOT NULL,
    PRIMARY KEY (client, kind))"""


class Throttle:
    """Wrong-try counts per ``(client, kind)``; ``clock()`` gives seconds (wall clock by default);
    ``db``: an SQLite connection (autocommit) that keeps them across restarts, or None (memory)."""

    def __init__(self, clock: Callable[[], float] = time.time, db: sqlite3.Connection | None = None):
        self.clock = clock
        self.db = db
        self._counts: dict[tuple[str, str], _Count] = {}
        self._known: set[tuple[str, str]] = set()
        if db is not None:
            db.execute(SCHEMA)
            rows = db.execute("SELECT client, kind, wrong, until FROM throttle ORDER BY rowid DESC LIMIT ?",
                              (MAX_CLIENTS,)).fetchall()
            for client, kind, wrong, until in reversed(rows):
                if kind.endswith(KNOWN):
                    self._known.add((client, kind[:-len(KNOWN)]))
                else:
                    self._counts[(client, kind)] = _Count(int(wrong), float(until))

    def _save(self, key: tuple[str, str], count: _Count | None) -> None:
        if self.db is None:
            return
        if count is None:
            self.db.execute("DELETE FROM throttle WHERE client = ? AND kind = ?", key)
            return
        self.db.execute("INSERT OR REPLACE INTO throttle (client, kind, wrong, until) VALUES (?, ?, ?, ?)",
                        (*key, count.wrong, count.until))
        if len(self._counts) >= MAX_CLIENTS:        # the forgotten ones go from the table too
            self.db.execute("DELETE FROM throttle WHERE rowid NOT IN "
                            "(SELECT rowid FROM throttle ORDER BY rowid DESC LIMIT ?)", (MAX_CLIENTS,))

    def wait(self, client: str, kind: str) -> float:
        """Seconds ``client`` must still wait before a try of ``kind`` is answered (0.0: now): its
        own wait, or every client's (``everyone_wait``) unless it gave the right answer before,
        whichever is longer."""
        count = self._counts.get((client, kind))
        own = 0.0 if count is None else max(0.0, count.until - self.clock())
        return own if (client, kind) in self._known else max(own, self.everyone_wait(kind))

    def everyone_wait(self, kind: str) -> float:
        """Seconds every client must still wait before a try of ``kind`` is answered, once all of
        them together have spent the shared budget (0.0: not spent)."""
        count = self._counts.get((EVERYONE, kind))
        if count is None:
            return 0.0
        return max(0.0, count.until - self.clock() - (EVERYONE_BURST - 1) * EVERYONE_EVERY_S)

    def locked_out(self, client: str, kind: str) -> bool:
        """True when ``client``'s wait comes from a lockout (not just a growing delay)."""
        count = self._counts.get((client, kind))
        return count is not None and count.wrong >= LOCKOUT_AFTER and self.wait(client, kind) > 0

    def failed(self, client: str, kind: str) -> None:
        """Count one wrong try of ``kind`` by ``client`` and set its next wait; the try is spent
        from every client's shared budget too."""
        shared = self._counts.get((EVERYONE, kind)) or _Count()
        self._counts[(EVERYONE, kind)] = shared        # (never the oldest forgotten: see below)
        shared.wrong += 1
        shared.until = max(shared.until, self.clock()) + EVERYONE_EVERY_S     # its budget's "full again" time
        self._save((EVERYONE, kind), shared)
        key = (client, kind)
        count = self._counts.pop(key, None) or _Count()
        self._counts[key] = count          # newest last: the oldest are forgotten first
        while len(self._counts) > MAX_CLIENTS:
            oldest = next(k for k in self._counts if k[0] != EVERYONE)
            del self._counts[oldest]
        count.wrong += 1
        if count.wrong >= LOCKOUT_AFTER:
            delay = float(LOCKOUT_S)
        elif count.wrong >= FREE:
            delay = float(2 ** (count.wrong - FREE))
        else:
            delay = 0.0
        count.until = self.clock() + delay
        self._save(key, count)

    def succeeded(self, client: str, kind: str) -> None:
        """A right answer: ``client`` starts afresh for ``kind``, and is known from now on (held
        by its own count only, not by every client's shared budget)."""
        if self._counts.pop((client, kind), None) is not None:
            self._save((client, kind), None)
        if (client, kind) not in self._known and len(self._known) < MAX_CLIENTS:
            self._known.add((client, kind))
            if self.db is not None:
                self.db.execute("INSERT OR REPLACE INTO throttle (client, kind, wrong, until) VALUES (?, ?, 0, 0)",
                                (client, kind + KNOWN))

    def wrong(self, client: str, kind: str) -> int:
        """How many wrong tries of ``kind`` ``client`` has made since its last right one."""
        count = self._counts.get((client, kind))
        return count.wrong if count else 0
