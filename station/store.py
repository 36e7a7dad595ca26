"""The station's embedded store: SQLite in WAL mode with ``synchronous=FULL``.

Every accepted intent is appended to the game's journal (and committed) before the station
acknowledges it; on start the station rebuilds the game by replaying the journal, so a pulled plug
loses at most the intent being entered. Past games stay, for ``station export``.

Tables: ``games`` (set-up and status), ``journal`` (one row per accepted intent, in order; ``seq``
is the table's version), ``seats`` (join codes and tokens, which survive restarts), ``spent_codes`` (each join code a phone
has used, once: the code, the token it gave and when, so a used code stays refused after a restart
and a replaced phone is told why), ``rulesets``
(the host's named sets of options, station/rulesets.py), ``photos`` (a seat's photo of its tiles
at a round's end, kept for disputes when the host switched that on: station/photo.py; a game's
photos go with its row), ``player_merges`` (the host's merges of
two spellings of a player's name, kept after an undo: station/players.py), ``settings``, ``throttle`` (wrong PIN and
code tries per client, station/throttle.py).
"""
from __future__ import annotations

import json
import os
import sqlite3
import time

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    created REAL NOT NULL,
    setup TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'playing'
);
CREATE TABLE IF NOT EXISTS journal (
    seq INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id),
    at REAL NOT NULL,
    entry TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS journal_by_game ON journal (game_id, seq);
CREATE TABLE IF NOT EXISTS seats (
    game_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    code TEXT NOT NULL,
    token TEXT,
    made REAL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS spent_codes (
    game_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    code TEXT NOT NULL,
    token TEXT NOT NULL,
    used REAL NOT NULL,
    PRIMARY KEY (game_id, seat, code)
);
CREATE INDEX IF NOT EXISTS spent_codes_by_token ON spent_codes (token);
CREATE TABLE IF NOT EXISTS rulesets (
    name TEXT PRIMARY KEY,
    saved REAL NOT NULL,
    options TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS player_merges (
    id INTEGER PRIMARY KEY,
    at REAL NOT NULL,
    name_key TEXT NOT NULL,
    into_key TEXT NOT NULL,
    undone REAL
);
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS photos (
    game_id INTEGER NOT NULL REFERENCES games(id),
    round INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    at REAL NOT NULL,
    image BLOB NOT NULL,
    PRIMARY KEY (game_id, round, seat)
);
CREATE TRIGGER IF NOT EXISTS photos_go_with_their_game AFTER DELETE ON games
BEGIN DELETE FROM photos WHERE game_id = OLD.id; END;
"""


def read_setting(db: sqlite3.Connection, key: str, make) -> str:
    """The value of ``key`` in ``db``'s ``settings (key, value)`` table, made with ``make()`` and
    stored the first time (the station's and the club's stores both keep one)."""
    row = db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
    if row:
        return row[0]
    value = make()
    db.execute("INSERT INTO settings (key, value) VALUES (?, ?)", (key, value))
    return value


def write_setting(db: sqlite3.Connection, key: str, value: str) -> None:
    """Store (or replace) ``key`` in ``db``'s ``settings`` table."""
    db.execute("INSERT INTO settings (key, value) VALUES (?, ?) "
               "ON CONFLICT(key) DO UPDATE SET value = excluded.value", (key, value))


class Store:
    """The SQLite file ``path`` (created with its folder when missing).

    Raises ``sqlite3.Error`` only for a broken or unwritable file; the message names the path.
    """

    def __init__(self, path: str):
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        self.path = path
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(SCHEMA)
        if "made" not in {row[1] for row in self.db.execute("PRAGMA table_info(seats)")}:
            # a store from before codes expired: its codes have no time, and count as expired
            self.db.execute("ALTER TABLE seats ADD COLUMN made REAL")

    def close(self) -> None:
        self.db.close()

    # ---- games and journal
    def new_game(self, setup: dict) -> int:
        """Store a new game's set-up (the journal's first entry too); returns its id."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            cur = self.db.execute("INSERT INTO games (created, setup) VALUES (?, ?)",
                                  (time.time(), json.dumps(setup)))
            game_id = cur.lastrowid
            self.db.execute("DELETE FROM settings WHERE key = 'shown_game'")   # the new game is on show
            self.db.execute("INSERT INTO journal (game_id, at, entry) VALUES (?, ?, ?)",
                            (game_id, time.time(), json.dumps(setup)))
        return game_id

    def append(self, game_id: int, entry: dict, status: str | None = None) -> int:
        """Append one accepted intent to the game's journal, durably; returns its ``seq``. With
        ``status`` the game's status changes in the same transaction (a reader of the journal,
        station/outbox.py, never sees a game's last entry without its end)."""
        if status is None:
            cur = self.db.execute("INSERT INTO journal (game_id, at, entry) VALUES (?, ?, ?)",
                                  (game_id, time.time(), json.dumps(entry)))
            return cur.lastrowid
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            cur = self.db.execute("INSERT INTO journal (game_id, at, entry) VALUES (?, ?, ?)",
                                  (game_id, time.time(), json.dumps(entry)))
            self.db.execute("UPDATE games SET status = ? WHERE id = ?", (status, game_id))
        return cur.lastrowid

    def journal(self, game_id: int) -> list[tuple[int, dict]]:
        """The game's journal in order: ``[(seq, entry), ...]``."""
        rows = self.db.execute("SELECT seq, entry FROM journal WHERE game_id = ? ORDER BY seq", (game_id,))
        return [(seq, json.loads(entry)) for seq, entry in rows]

    def last_seq(self) -> int:
        """The newest journal ``seq`` of any game (0 when empty): the station's version."""
        return self.db.execute("SELECT COALESCE(MAX(seq), 0) FROM journal").fetchone()[0]

    def set_status(self, game_id: int, status: str) -> None:
        self.db.execute("UPDATE games SET status = ? WHERE id = ?", (status, game_id))

    def shown_game(self) -> int | None:
        """The game every page shows: the one the host reopened (``show``) if any, else the newest
        game, whatever its status (a finished evening stays on the scoreboard), or None."""
        row = self.db.execute("SELECT g.id FROM settings s JOIN games g ON g.id = CAST(s.value AS INTEGER) "
                              "WHERE s.key = 'shown_game'").fetchone()
        if row:
            return row[0]
        row = self.db.execute("SELECT id FROM games ORDER BY id DESC LIMIT 1").fetchone()
        return row[0] if row else None

    def show(self, game_id: int | None) -> None:
        """Make ``game_id`` the game on show after a restart too (None: the newest again)."""
        if game_id is None:
            self.db.execute("DELETE FROM settings WHERE key = 'shown_game'")
        else:
            self.set_setting("shown_game", str(game_id))

    def game_status(self, game_id: int) -> str | None:
        """The stored status of ``game_id`` ("playing", "finished", "abandoned"), or None."""
        row = self.db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
        return row[0] if row else None

    def current_game(self) -> int | None:
        """The newest game still being played (not finished or abandoned), or None."""
        row = self.db.execute("SELECT id FROM games WHERE status NOT IN ('finished', 'abandoned') "
                              "ORDER BY id DESC LIMIT 1").fetchone()
        return row[0] if row else None

    def games(self) -> list[dict]:
        """Every stored game, newest first: ``[{"id", "created", "status", "players"}]``."""
        rows = self.db.execute("SELECT id, created, status, setup FROM games ORDER BY id DESC")
        return [{"id": i, "created": c, "status": s, "players": json.loads(setup).get("players", [])}
                for i, c, s, setup in rows]

    def game_versions(self) -> list[tuple[int, float, str, int]]:
        """Every stored game, oldest first: ``[(id, created (epoch s), status, its last journal seq)]``;
        the seq changes whenever the game's journal grows (a correction after the end too)."""
        rows = self.db.execute("SELECT g.id, g.created, g.status, COALESCE(MAX(j.seq), 0) FROM games g "
                               "LEFT JOIN journal j ON j.game_id = g.id GROUP BY g.id ORDER BY g.id")
        return [tuple(r) for r in rows]

    def game_created(self, game_id: int) -> float | None:
        """When ``game_id`` was set up (seconds since the epoch), or None for no such game."""
        row = self.db.execute("SELECT created FROM games WHERE id = ?", (game_id,)).fetchone()
        return row[0] if row else None

    def game_seq(self, game_id: int) -> int:
        """The last journal ``seq`` of ``game_id`` (0 when it has none): changes whenever its
        journal grows."""
        return self.db.execute("SELECT COALESCE(MAX(seq), 0) FROM journal WHERE game_id = ?",
                               (game_id,)).fetchone()[0]

    # ---- merged spellings of players' names (station/players.py)
    def add_merge(self, name: str, into: str) -> int:
        """Record that the player known as ``name`` (a name key) is ``into`` (a name key); its id."""
        return self.db.execute("INSERT INTO player_merges (at, name_key, into_key) VALUES (?, ?, ?)",
                               (time.time(), name, into)).lastrowid

    def undo_merge(self, merge_id: int) -> bool:
        """Mark the merge ``merge_id`` undone (it stays listed); False when there is no such merge
        still in force."""
        return self.db.execute("UPDATE player_merges SET undone = ? WHERE id = ? AND undone IS NULL",
                               (time.time(), merge_id)).rowcount > 0

    def merges(self) -> list[dict]:
        """Every merge ever made, oldest first: ``[{"id", "at", "name", "into", "undone"}]`` (name
        keys; ``at``/``undone`` epoch seconds, ``undone`` None while in force)."""
        rows = self.db.execute("SELECT id, at, name_key, into_key, undone FROM player_merges ORDER BY id")
        return [{"id": i, "at": a, "name": n, "into": t, "undone": u} for i, a, n, t, u in rows]

    # ---- seats
    def seat_code(self, game_id: int, seat: int, make, now: float, lifetime: float) -> tuple[str, float]:
        """The seat's join code and when it was made (clock seconds): the stored one while it is
        younger than ``lifetime`` seconds at ``now``, else a new one from ``make()`` (made at
        ``now``; the seat's token, if a phone holds one, is kept)."""
        row = self.db.execute("SELECT code, made FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat)).fetchone()
        if row and row[1] is not None and 0 <= now - row[1] < lifetime:
            return row[0], row[1]
        code = make()
        self.db.execute("INSERT INTO seats (game_id, seat, code, made) VALUES (?, ?, ?, ?) "
                        "ON CONFLICT(game_id, seat) DO UPDATE SET code = excluded.code, made = excluded.made",
                        (game_id, seat, code, now))
        return code, now

    def existing_code(self, game_id: int, seat: int) -> tuple[str, float | None] | None:
        """The seat's join code and when it was made (None: before codes expired) if the host has
        made one, else None."""
        row = self.db.execute("SELECT code, made FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat)).fetchone()
        return (row[0], row[1]) if row else None

    def spend_code(self, game_id: int, seat: int, code: str, token: str, new_code: str, now: float) -> None:
        """A phone joined ``seat`` with ``code``: in one transaction the code is kept as spent
        (with the ``token`` it gave, at ``now``), the seat's token becomes ``token`` and its code
        ``new_code``, made at ``now``."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("INSERT OR REPLACE INTO spent_codes (game_id, seat, code, token, used) "
                            "VALUES (?, ?, ?, ?, ?)", (game_id, seat, code, token, now))
            self.db.execute("UPDATE seats SET token = ?, code = ?, made = ? WHERE game_id = ? AND seat = ?",
                            (token, new_code, now, game_id, seat))

    def code_spent(self, game_id: int, seat: int, code: str) -> bool:
        """Whether a phone has already joined ``seat`` of ``game_id`` with ``code``."""
        return self.db.execute("SELECT 1 FROM spent_codes WHERE game_id = ? AND seat = ? AND code = ?",
                               (game_id, seat, code)).fetchone() is not None

    def joins(self, game_id: int) -> dict[int, int]:
        """How many times a phone joined each seat of ``game_id`` (seats never joined are absent)."""
        rows = self.db.execute("SELECT seat, COUNT(*) FROM spent_codes WHERE game_id = ? GROUP BY seat", (game_id,))
        return dict(rows.fetchall())

    def replaced(self, game_id: int, seat: int, token: str) -> bool:
        """Whether ``token`` joined ``seat`` of ``game_id`` once and a later join took the seat."""
        return self.db.execute("SELECT 1 FROM spent_codes s WHERE s.game_id = ? AND s.seat = ? AND s.token = ? "
                               "AND EXISTS (SELECT 1 FROM spent_codes l WHERE l.game_id = s.game_id "
                               "AND l.seat = s.seat AND l.rowid > s.rowid)",
                               (game_id, seat, token)).fetchone() is not None

    def reset_seat(self, game_id: int, seat: int) -> None:
        """Forget the seat's code and token: the next join needs a new code."""
        self.db.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))

    def token_game(self, token: str) -> int | None:
        """The newest game in which a phone held ``token`` (a seat of an earlier game), or None."""
        row = self.db.execute("SELECT MAX(game_id) FROM (SELECT game_id FROM seats WHERE token = ? "
                              "UNION ALL SELECT game_id FROM spent_codes WHERE token = ?)", (token, token)).fetchone()
        return row[0] if row else None

    def tokens(self, game_id: int) -> dict[int, str]:
        rows = self.db.execute("SELECT seat, token FROM seats WHERE game_id = ? AND token IS NOT NULL", (game_id,))
        return dict(rows.fetchall())

    # ---- settings
    def setting(self, key: str, make) -> str:
        """A stored setting, made with ``make()`` and stored the first time."""
        return read_setting(self.db, key, make)

    def set_setting(self, key: str, value: str) -> None:
        """Store (or replace) a setting."""
        write_setting(self.db, key, value)

    # ---- photos kept for disputes (station/photo.py)
    def keep_photo(self, game_id: int, round_index: int, seat: int, image: bytes) -> None:
        """Store the seat's photo of its tiles in round ``round_index`` (0-based), replacing an
        earlier one of the same round and seat (the one read last is the one sent)."""
        self.db.execute("INSERT INTO photos (game_id, round, seat, at, image) VALUES (?, ?, ?, ?, ?) "
                        "ON CONFLICT(game_id, round, seat) DO UPDATE SET at = excluded.at, image = excluded.image",
                        (game_id, round_index, seat, time.time(), image))

    def photos(self, game_id: int) -> list[dict]:
        """The game's kept photos, by round then seat: ``[{"round", "seat", "at" (epoch s), "bytes"}]``."""
        rows = self.db.execute("SELECT round, seat, at, length(image) FROM photos WHERE game_id = ? "
                               "ORDER BY round, seat", (game_id,))
        return [{"round": r, "seat": s, "at": at, "bytes": n} for r, s, at, n in rows]

    def photo(self, game_id: int, round_index: int, seat: int) -> bytes | None:
        """One kept photo's image bytes, or None."""
        row = self.db.execute("SELECT image FROM photos WHERE game_id = ? AND round = ? AND seat = ?",
                              (game_id, round_index, seat)).fetchone()
        return bytes(row[0]) if row else None

    # ---- rule sets (station/rulesets.py checks them)
    def save_ruleset(self, name: str, options: dict) -> None:
        """Store (or replace) the rule set ``name``: its options as the host chose them."""
        self.db.execute("INSERT INTO rulesets (name, saved, options) VALUES (?, ?, ?) "
                        "ON CONFLICT(name) DO UPDATE SET saved = excluded.saved, options = excluded.options",
                        (name, time.time(), json.dumps(options)))

    def rulesets(self) -> list[dict]:
        """Every stored rule set, by name: ``[{"name", "saved" (epoch s), "options"}]``."""
        rows = self.db.execute("SELECT name, saved, options FROM rulesets ORDER BY name")
        return [{"name": n, "saved": s, "options": json.loads(o)} for n, s, o in rows]

    def ruleset(self, name: str) -> dict | None:
        """The stored rule set ``name`` (as ``rulesets`` gives each), or None."""
        row = self.db.execute("SELECT name, saved, options FROM rulesets WHERE name = ?", (name,)).fetchone()
        return {"name": row[0], "saved": row[1], "options": json.loads(row[2])} if row else None

    def delete_ruleset(self, name: str) -> bool:
        """Forget the rule set ``name``; False when there was none."""
        return self.db.execute("DELETE FROM rulesets WHERE name = ?", (name,)).rowcount > 0

    def get_setting(self, key: str) -> str | None:
        """A stored setting, or None."""
        row = self.db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None
