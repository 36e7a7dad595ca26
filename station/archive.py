"""Stored games, as a part of ``Station``: export any of them as a record, list them, and put a
stored game's scoreboard back on every page (``show_game``)."""
from __future__ import annotations

from .interface import NoGame, StationError
from .referee import Referee


class StoredGames:
    """Uses the station's ``lock``, ``store``, ``game_id``, ``referee``, ``_pin``, ``_restore``
    and ``_publish``."""

    def export(self, game_id: int | None = None) -> dict:
        """A stored game (default: the one on show) as a mexican-train-record/1 document."""
        if game_id is not None and (isinstance(game_id, bool) or not isinstance(game_id, int)
                                    or not 0 < game_id < 2 ** 62):
            raise NoGame(f"there is no game {game_id}", facts={"field": "game_id"})
        with self.lock:
            if game_id is None or game_id == self.game_id:
                if self.referee is None:
                    raise NoGame("there is no game to export")
                return self.referee.record()
        journal = self.store.journal(game_id)
        if not journal:
            raise NoGame(f"there is no game {game_id}")
        return Referee.from_journal(journal).record()

    def games(self, pin: str) -> list[dict]:
        """Every stored game, newest first: ``[{"id", "created", "status", "players", "shown"}]``."""
        self._pin(pin)
        with self.lock:
            return [{**g, "shown": g["id"] == self.game_id} for g in self.store.games()]

    def show_game(self, pin: str, game_id: int) -> dict:
        """Reopen a stored game's scoreboard on every page (kept across restarts, until a new game
        is set up). Raises ``NoGame`` for an unknown id and ``StationError`` while another game is
        being played (end or abandon it first)."""
        self._pin(pin)
        if isinstance(game_id, bool) or not isinstance(game_id, int) or not 0 < game_id < 2 ** 62:
            raise NoGame(f"there is no game {game_id}", facts={"field": "game_id"})
        with self.lock:
            if self.store.game_status(game_id) is None:
                raise NoGame(f"there is no game {game_id}", facts={"field": "game_id"})
            if game_id != self.game_id and self.referee is not None \
                    and self.referee.status not in ("finished", "abandoned"):
                raise StationError("a game is being played: end or abandon it first",
                                   code="bad-request", facts={"field": "game_id"})
            self.store.show(game_id)
            self._restore()
            self.prompt = None
        return self._publish()
