"""Stored games, as a part of ``Station``: export any of them as a record, list them (the host's
list and the players' list of games over), and put a stored game's scoreboard back on every page
(``show_game``).

A stored game's result does not change once it is over, so each game's journal is replayed once
per version of that journal and what its pages read of it is kept (``stored_facts``: how it ended,
its read-only view, its line of the players' figures; about 25 KB a game, where a replayed referee
is about 300 KB), keyed by the game's last journal ``seq`` (a correction after the end grows the
journal, and the game is replayed again). ``/games``, ``/games/N`` and ``/players``
(station/players.py) share it: with 50 stored games a second fetch replays nothing. A record
download replays its game (a download is rare; a record is large)."""
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
        if game_id is not None:
            self._game_id(game_id)
        with self.lock:
            if game_id is None or game_id == self.game_id:
                if self.referee is None:
                    raise NoGame("there is no game to export")
                return self.referee.record()
        journal = self.store.journal(game_id)
        if not journal:
            raise NoGame.no_such(game_id)
        return Referee.from_journal(journal).record()

    def games(self, pin: str) -> list[dict]:
        """Every stored game, newest first: ``[{"id", "created", "status", "players", "shown",
        "over"}]``; ``over`` is the game's ``over`` (station/game_end.py: how it ended, the
        winning seats) or None while it is being played."""
        self._pin(pin)
        return self._listed(lambda over: True)

    def past_games(self) -> list[dict]:
        """The games that are over (played out, ended early or abandoned), newest first, for
        every phone (no PIN: their results are no secret): ``games()``'s rows without the game
        in play, ``over`` never None."""
        return self._listed(lambda over: over is not None)

    def _listed(self, keep) -> list[dict]:
        """``games()``'s rows whose ``over`` passes ``keep``; each game replayed at most once per
        journal version (``stored_facts``)."""
        with self.lock:
            seqs = {gid: seq for gid, _c, _s, seq in self.store.game_versions()}
            rows = []
            for g in self.store.games():
                over = self.stored_facts(g["id"], seqs.get(g["id"]))["over"]
                if keep(over):
                    rows.append({**g, "shown": g["id"] == self.game_id, "over": over})
            return rows

    def stored_facts(self, game_id: int, seq: int | None = None) -> dict:
        """What the pages read of a stored game: ``{"over": over_view, "view": stored_view's
        dict, "summary": players.game_summary (None when it does not count)}``. The game on show
        is read from its live referee; any other is replayed once per version of its journal
        (``seq``: its last journal seq, from ``store.game_versions``; None: asked of the store)
        and kept. ``NoGame`` (field ``game_id``) for an id the store does not hold. The caller
        holds the lock."""
        if game_id == self.game_id and self.referee is not None:
            return self._facts(game_id, self.referee)
        cache = self.__dict__.setdefault("_stored_facts", {})        # game id -> (journal seq, facts)
        if seq is None:
            seq = self.store.game_seq(game_id)
        hit = cache.get(game_id)
        if hit is not None and hit[0] == seq:
            return hit[1]
        journal = self.store.journal(game_id)
        if not journal:
            raise NoGame.no_such(game_id)
        facts = self._facts(game_id, Referee.from_journal(journal))
        cache[game_id] = (journal[-1][0], facts)
        return facts

    def _facts(self, game_id: int, ref: Referee) -> dict:
        """``stored_facts`` of one referee."""
        from .players import game_summary

        created = self.store.game_created(game_id)
        view = game_view(ref, game_id, ref.hardware_seats, set())
        return {"over": over_view(ref), "summary": game_summary(game_id, created, ref),
                "view": {**view, "host": None, "prompt": None, "log": [], "version": 0, "leds": None,
                         "hardware": {"hub": None}, "club_setup": None,
                         "stored": {"id": game_id, "created": created, "record": is_over(ref)}}}

    @staticmethod
    def _game_id(game_id) -> int:
        """``game_id`` when it can be a stored game's id, else ``NoGame`` (field ``game_id``)."""
        if isinstance(game_id, bool) or not isinstance(game_id, int) or not 0 < game_id < 2 ** 62:
            raise NoGame.no_such(game_id)
        return game_id

    def stored_view(self, game_id: int) -> dict:
        """A stored game for its read-only page (``/games/{id}``, no PIN): the game's part of the
        view (``views.game_view``) with no host controls, no log and no live state, plus
        ``stored``: ``{"id", "created" (seconds since the epoch), "record": bool (its record
        may be downloaded: the game is over), "photos": [{"round", "seat", "name", "at", "bytes",
        "url"}] (kept for disputes, station/photo.py; read afresh, not cached)}``. Raises ``NoGame``
        for an unknown id."""
        with self.lock:
            view = self.stored_facts(self._game_id(game_id))["view"]
            names = view["game"]["players"]
            photos = [{**p, "name": names[p["seat"]] if p["seat"] < len(names) else None,
                       "url": f"/api/games/{game_id}/photos/{p['round']}/{p['seat']}"}
                      for p in self.store.photos(game_id)]
        return {**view, "stored": {**view["stored"], "photos": photos}}

    def stored_photo(self, game_id: int, round_index: int, seat: int) -> tuple[bytes, str]:
        """A photo kept with a stored game (``stored_view``'s ``photos``): its bytes and media
        type. Raises ``NoGame`` for an unknown game, ``StationError`` (code "photo-not-kept", field
        "photo") when that round and seat have no photo kept."""
        from vision.decode import image_size
        from vision.errors import PhotoError
        with self.lock:          # an unknown game is NoGame, as stored_facts says it, without a replay
            if not self.store.game_seq(self._game_id(game_id)):
                raise NoGame.no_such(game_id)
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
        with self.lock:
            if self.stored_facts(self._game_id(game_id))["over"] is None:
                raise StationError("this game is still being played: the host exports it",
                                   code="bad-request", facts={"field": "game_id"})
            return self.export(game_id)

    def show_game(self, pin: str, game_id: int) -> dict:
        """Reopen a stored game's scoreboard on every page (kept across restarts, until a new game
        is set up). Raises ``NoGame`` for an unknown id and ``StationError`` while another game is
        being played (end or abandon it first)."""
        self._pin(pin)
        self._game_id(game_id)
        with self.lock:
            if self.store.game_status(game_id) is None:
                raise NoGame.no_such(game_id)
            if game_id != self.game_id and self.referee is not None \
                    and self.referee.status not in ("finished", "abandoned"):
                raise StationError("a game is being played: end or abandon it first",
                                   code="bad-request", facts={"field": "game_id"})
            self.store.show(game_id)
            self._restore()
            self.prompt = None
        return self._publish()
