"""Stored games, as a part of ``Station``: export any of them as a record, list them, and put a
stored game's scoreboard back on every page (``show_game``)."""
from __future__ import annotations

from .game_end import is_over, over_view
from .interface import NoGame, StationError
from .referee import Referee
from .views import game_view


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
        """Every stored game, newest first: ``[{"id", "created", "status", "players", "shown",
        "over"}]``; ``over`` is the game's ``over`` (station/game_end.py: how it ended, the
        winning seats) or None while it is being played."""
        self._pin(pin)
        with self.lock:
            return [{**g, "shown": g["id"] == self.game_id, "over": over_view(self._stored(g["id"]))}
                    for g in self.store.games()]

    def _stored(self, game_id) -> Referee:
        """The referee of a stored game rebuilt from its journal; ``NoGame`` (field ``game_id``)
        for an id the store does not hold."""
        if isinstance(game_id, bool) or not isinstance(game_id, int) or not 0 < game_id < 2 ** 62:
            raise NoGame(f"there is no game {game_id}", facts={"field": "game_id"})
        with self.lock:
            if game_id == self.game_id and self.referee is not None:
                return self.referee
            journal = self.store.journal(game_id)
        if not journal:
            raise NoGame(f"there is no game {game_id}", facts={"field": "game_id"})
        return Referee.from_journal(journal)

    def stored_view(self, game_id: int) -> dict:
        """A stored game for its read-only page (``/games/{id}``, no PIN): the game's part of the
        view (``views.game_view``) with no host controls, no log and no live state, plus
        ``stored``: ``{"id", "created" (seconds since the epoch), "record": bool (its record
        may be downloaded: the game is over), "photos": [{"round", "seat", "name", "at", "bytes",
        "url"}] (kept for disputes, station/photo.py)}``. Raises ``NoGame`` for an unknown id."""
        ref = self._stored(game_id)
        created = next((g["created"] for g in self.store.games() if g["id"] == game_id), None)
        view = game_view(ref, game_id, ref.hardware_seats, set())
        names = list(ref.names)
        photos = [{**p, "name": names[p["seat"]] if p["seat"] < len(names) else None,
                   "url": f"/api/games/{game_id}/photos/{p['round']}/{p['seat']}"} for p in self.store.photos(game_id)]
        return {**view, "host": None, "prompt": None, "log": [], "version": 0, "leds": None,
                "hardware": {"hub": None}, "club_setup": None,
                "stored": {"id": game_id, "created": created, "record": is_over(ref), "photos": photos}}

    def stored_photo(self, game_id: int, round_index: int, seat: int) -> tuple[bytes, str]:
        """A photo kept with a stored game (``stored_view``'s ``photos``): its bytes and media
        type. Raises ``NoGame`` for an unknown game, ``StationError`` (code "photo-not-kept", field
        "photo") when that round and seat have no photo kept."""
        from vision.decode import image_size
        from vision.errors import PhotoError
        self._stored(game_id)
        data = self.store.photo(game_id, round_index, seat)
        if data is None:
            raise StationError("no photo was kept for that round and seat", code="photo-not-kept",
                               facts={"field": "photo"})
        try:
            kind = image_size(data)[0]
        except PhotoError:
            kind = "jpeg"
        return data, f"image/{kind}"

    def stored_record(self, game_id: int) -> dict:
        """A finished or abandoned stored game's record for anyone (its hands are no secret any
        more); ``NoGame`` for an unknown id, ``StationError`` (field ``game_id``) for a game still
        being played (the host exports that one with the PIN)."""
        ref = self._stored(game_id)
        if not is_over(ref):
            raise StationError("this game is still being played: the host exports it",
                               code="bad-request", facts={"field": "game_id"})
        return ref.record()

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
