"""The hub's MQTT outbox: the station's own SQLite journal, read in ``seq`` order, with a mark of
what the broker has acknowledged (docs/club.md).

Nothing is copied: the journal already holds every accepted entry durably, in order. The outbox
keeps one row per broker topic prefix (``outbox`` table in ``station.sqlite3``): the highest
``seq`` the broker has acknowledged (a PUBACK at QoS 1). After an outage, a restart or a SIGKILL the
publisher sends from the entry after that mark, so the broker gets what it missed, in order, once
(an entry whose PUBACK was lost on the way may come twice; the club keeps one per (hub, game, seq)).

It has its own SQLite connection (WAL: reading never blocks the station's writes) and is used from
the publisher's thread only. Each entry leaves in its public form (``public_entry``): never a hand,
a boneyard, a registered hand, a seat token or the host PIN.
"""
from __future__ import annotations

import json
import sqlite3

SCHEMA = "CREATE TABLE IF NOT EXISTS outbox (prefix TEXT PRIMARY KEY, acked INTEGER NOT NULL)"

#: per journal entry type, the keys that leave the hub (an unknown type leaves as its type alone)
PUBLIC_KEYS = {
    "setup": ("players", "profile", "set", "options", "hidden_hands", "hardware_seats", "deal_default", "club"),
    "round": (),                    # "hands" and "boneyard" (virtual tiles) stay on the hub
    "event": ("event",),
    "reveal": ("round", "seat", "hand"),   # shown to the whole table at the round's end
    "register": ("seat",),          # the registered tiles stay on the hub
    "undo": (),
    "correct": ("round", "seat", "score", "reason"),
    "end": ("abandon",),
}


def public_entry(entry: dict) -> dict:
    """``entry`` (a journal entry, record-format.md) as it may leave the hub: its ``type`` and the
    keys of ``PUBLIC_KEYS``; a ``round`` entry says whether the station ``dealt`` it."""
    kind = entry.get("type")
    out = {"type": kind}
    for key in PUBLIC_KEYS.get(kind, ()):
        if key in entry:
            out[key] = entry[key]
    if kind == "round":
        out["dealt"] = "hands" in entry
    return out


class Outbox:
    """The journal of the SQLite file ``path`` as an outbox for topic prefix ``prefix``
    (``mexican-train/<hub>``). Raises ``sqlite3.Error`` only for a broken file."""

    def __init__(self, path: str, prefix: str):
        self.prefix = prefix
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=30)
        self.db.execute("PRAGMA busy_timeout=30000")
        self.db.execute(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def acked(self) -> int:
        """The highest journal ``seq`` the broker has acknowledged (0: none yet)."""
        row = self.db.execute("SELECT acked FROM outbox WHERE prefix = ?", (self.prefix,)).fetchone()
        return row[0] if row else 0

    def mark(self, seq: int) -> None:
        """Remember that the broker has acknowledged every entry up to ``seq`` (never goes back)."""
        self.db.execute("INSERT INTO outbox (prefix, acked) VALUES (?, ?) ON CONFLICT(prefix) DO UPDATE "
                        "SET acked = MAX(acked, excluded.acked)", (self.prefix, seq))

    def after(self, seq: int, limit: int = 100) -> list[dict]:
        """Up to ``limit`` journal entries after ``seq``, in order, as journal payloads (docs/club.md):
        ``{"v", "seq", "game", "at", "entry", "final"?}``; the last entry of a finished or abandoned
        game carries ``final`` (``final_result``)."""
        rows = self.db.execute("SELECT j.seq, j.game_id, j.at, j.entry, g.status, "
                               "(SELECT MAX(seq) FROM journal WHERE game_id = j.game_id) "
                               "FROM journal j JOIN games g ON g.id = j.game_id "
                               "WHERE j.seq > ? ORDER BY j.seq LIMIT ?", (seq, limit)).fetchall()
        out = []
        for seq_, game, at, text, status, last in rows:
            payload = {"v": 1, "seq": seq_, "game": game, "at": at, "entry": public_entry(json.loads(text))}
            if seq_ == last and status in ("finished", "abandoned"):
                payload["final"] = self.final_result(game)
            out.append(payload)
        return out

    def final_result(self, game: int) -> dict:
        """A finished or abandoned game's result, replayed from its journal: ``{"status",
        "players", "totals", "standings": [{"seat", "name", "total", "rank", "shared"}],
        "rounds"}`` (points; rank 1 won, with the profile's tie-break: station/views.py)."""
        from .referee import Referee
        from .views import standings

        journal = [(s, json.loads(e)) for s, e in
                   self.db.execute("SELECT seq, entry FROM journal WHERE game_id = ? ORDER BY seq", (game,))]
        ref = Referee.from_journal(journal, lambda *_: None)
        rows, _decided = standings(ref)
        return {"status": ref.status, "players": list(ref.names), "totals": list(ref.game.totals()),
                "standings": rows, "rounds": len(ref.game.rounds)}
