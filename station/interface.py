"""What the web layer may ask of the station: the one seam between ``web/`` and ``station/``.

The web app (``web.app.create_app(station)``) is given an object with this shape. It shows what
``view()`` returns and forwards intents; it never decides a rule. Every intent either returns the
new view or raises one of the errors below, and a refused intent changes nothing.

View shape (JSON-able dict; every key always present):

``version``   int, bumped on every accepted change; intents carry the version they were made on.
``game``      None before set-up, else::

    {"id": int, "profile": "classic"|"hub", "set": 12, "options": {...}, "hidden_hands": bool,
     "players": ["Ana", ...], "hardware_seats": 8,    # seats >= this play from phones alone
     "status": "playing"|"round-over"|"finished"|"abandoned",
     "deal": {"hand_size": 15, "boneyard": 31}, "rounds_total": 13,   # deal + "default" where the
                                                   # station stated the hand size (station/deal_default.py)
     "pips": {"0-0": 50, "5-12": 17, ...},     # every tile of the set ("low-high") -> its pips
     "engine_placed": bool,   # the round's engine double is on the table (classic: once placed)
     "house": [{"option": "doubles_open", "value": False, "house": True}],  # options that differ
                              # from the rules' defaults, in page order (station/house_rules.py)
     "moot": {"double_binds": {"because": "doubles_open", "value": False, "code": "doubles-dont-bind",
                               "reason": "doubles don't bind"}}}
                              # options another makes moot (engine.house.moot_options)

``phase``     the one state of the game every page follows (station/game_end.py): "setup" (no
              game, or no round begun) | "playing" | "round_over" | "finished" | "abandoned"
``over``      None until the game ends, then {"how": "played"|"early"|"abandoned", "winners":
              [seats] ([] when abandoned), "final": bool (scores final), "rounds_scored": 2,
              "rounds_total": 13}
``open_ends`` {"0": 6, "1": 12, "mexican": 12}: the open end (pip) of every train of the round in
              play, the engine's pip on an empty train; {} with no round or once over
``final_table`` None, or once the game is over and a round had begun, the table as the last round
              left it (station/views.py ``final_table``): {"round": 2, "engine": 10, "trains":
              [as ``result.state.trains``], "open_ends": {"0": 6, ..., "mexican": 10}}
``follow_up`` None, or while the seat to play still owes the play after a double it played this
              turn: {"seat": 1, "anywhere": bool (that play may go on any train open to it; the
              double binds after it), "doubles": [{"on": "2"|"mexican", "tile": "6-6"}]}
``engine_search`` None, or while a classic round's engine is not placed (station/engine_search.py):
              {"tile": "12-12", "holder": seat | None (known only with virtual tiles), "draws_next":
              seat (draws first if nobody holds it), "drew_last": seat | None}
``running``   per seat its total after each scored round, from 0: [[0, 12, 20], [0, 5, 31]]
``limits``    what the station accepts (station/views.py LIMITS): players per profile, name and
              reason lengths, PIN digits, computer policies
``result``    the replay result of record-format.md ("rounds", "totals", "winners", "finished",
              "state") for the game so far; rounds carry "corrections" as record-format.md gives,
              and "double_blank": None | {"seat": 1, "points": 50} when the station knows the 0-0
              was left in that seat's hand (its round score includes the points).
              Once the game is over "state" is None, and a game the host ended early is
              "finished" with its "winners" (the exported record keeps record-format.md's result).
``standings`` [{"seat": 0, "name": "Ana", "total": 31, "rank": 1, "shared": bool, "placed": bool}],
              best first; ties share a rank until the tie-break decides; ``placed`` false once the
              game is abandoned: pages show no rank then ("–"), only the totals.
``tie_break`` None until the game is over, then what decided the winner, for pages to word:
              {"code": "lowest-total"|"shared"|"most-zero-rounds"|"lowest-round"|"all-tied",
               "winners": [0], "facts": {"total": 31, "zeros": 2, "lowest": 4, "tied": 2}}
              (station/views.py standings() gives the facts' meaning).
``seats``     [{"seat": 0, "name": "Ana", "joined": bool, "joins": int, "tile_count": int, "one_tile": bool}]
              ``joins``: how many times a phone joined the seat with a code (each code joins once)
``leds``      {"frame": {"engine": [r,g,b], "mexican": [...], "seat0": [...], ..., "ring": [...]},
               "pulse": "seat2"|None, "flash": [slot names], "markers": {"seat0": bool, ...},
               "red": [slots flashing red for a refused move]}  # what the hub shows now
``log``       last events, newest last: [{"version": 7, "text": "Ana played 12-5 on their own train",
               "kind": "play", "facts": {"seat": 0, "tile": "12-5", "on": 0}}]; kinds: setup, round,
               engine, draw, play, pass, done, reveal, correct, undo (facts.undone), end, abandon,
               released, board
``prompt``    None or {"seat": 2 | None, "slot": "mexican" | None, "kind": "refused" | "start-train" |
               "place-engine", "code": error code | None, "facts": {...}, "text": "..."}: what the
               hub asks of a seat (a refused button press, a sensed tile with no move entered,
               the classic engine search: "engine-yours" | "engine-drawn" | "confirm-engine",
               station/engine_search.py)
``host``      None before set-up, else what the host may do now (station/host_view.py):
              {"start"|"undo"|"end"|"correct": {"ok": bool, "why": reason code | None},
               "round": {"index", "of", "over", "waiting": [seats still to show or count]}}
``club_setup`` None, or the club's proposed next game for this hub (station/club_setup.py, docs/club.md):
              {"tournament", "game" (0-based), "games", "players": [names in seat order], "profile",
               "set", "options"}; the host confirms it (``setup_from_club``)

``seat_view(seat, token)`` adds ``me`` (station/views.py ``seat_me``; the seat page decides
none of it)::

    {"seat": 0, "name": "Ana",
     "hand": ["0-1", "3-6", ...] | None,   # sorted, as the station writes tiles: virtual tiles the
                                           # dealt hand; hidden hands the registered one (owner only)
     "tile_count": 13,                     # tiles this seat holds
     "playable": {"3-6": ["0", "mexican"]},  # tiles of ``hand`` it may play now -> the trains
                                           # (``options.play`` keys) each would be accepted on
     "unplayable": {"0-5": {"code": "no-match", "house_rule": None}},  # on its turn, the others
                                           # -> why not (views.unplayable: the engine's refusal)
     "drawn": "2-9" | None,                # virtual tiles: the tile it drew last, while still in
                                           # hand, nothing played and no other seat acted since
     "registered": "none"|"full"|"drew"|"off",  # hidden hands: the registered hand against the count
     "hint": bool,                         # a hint may be asked now (round in play, hints on, hand known)
     "free": ["0-0", ...],                 # hidden hands: every tile not on the table (registering, counting); [] with virtual tiles
     "count": {"must": bool,               # hidden hands, round over: show or count your hand now
               "went_out": bool,           # no tile left: scores 0 and is never asked to count
               "tiles": [...],             # what the count offers (a complete registered hand,
                                           # else ``free`` less the tiles other seats showed); [] unless ``must``
               "registered": bool,         # ``tiles`` is the registered hand (offered as chosen)
               "expected": 5,              # tiles the station counts in the hand (0 unless ``must``)
               "total": int | None,        # the registered hand's pips, to confirm; None: unknown
               "scoring": {"penalty": 0, "factor": 1,   # round score = (pips + penalty) * factor
                           "double_blank": 50 | None},  # the 0-0's pips while it may be in the hand
               "photo": bool},             # the hub reads a photo of the tiles (POST .../photo)
     "round_end": None | {"round": 0, "end": "out"|"blocked", "out": [seats],
                          "scores": [per seat] | None,   # None until every hand is counted
                          "counted": [per seat int | None],  # so far (went out: 0; None: to count)
                          "mine": int | None, "waiting": [seats still to count]},
     "game_over": None | {"winners": [seats], "rank": 1, "shared": bool, "total": int},
     "timing": {"refusal_flash_ms": 600},  # how long a refused move flashes red (the hub's too)
     "options": {"play": {"0": ["12-5"], "mexican": [...]},   # per train, tiles as they would lie
                 "trains": [{"on": 0|"mexican", "open": bool, "reason": str|None, "code": str|None,
                             "house_rule": option|None}],   # the house rule that closes it
                 "draw": bool, "pass": bool, "done": bool, "engine": bool, "reveal": bool,
                 "why": {"draw": {"code": "must-play", "facts": {...}}, ...}}}
                 # ``why``: the refusal each of draw/pass/done would get now (absent when allowed)

Open trains and offered tiles come from the engine (known hands: legal moves; hidden hands: tiles
not on the table that fit, only those of a registered hand while it is checked). A seat that went
out scores 0 without counting (``Referee.must_count``).

Errors: all carry ``code`` (a record-format.md error code, or one of "stale", "forbidden",
"no-game", "bad-request", "throttled", "game-over", "end-with-done"; a "forbidden" seat token
has ``facts["field"]`` "token" and ``facts["why"]`` "old-game" (with ``game_id``, the phone's earlier
game), "replaced" (another phone joined the seat since) or "not-joined"; a "forbidden" join code has
``facts["field"]`` "code" and ``facts["why"]`` "wrong-code", "code-used" (a phone already used it)
or "code-expired"; a wrong host PIN ``field`` "pin", ``why`` "wrong-pin"; a seat the
game in play does not have is "bad-request" with ``facts`` ``{"field": "seat", "why": "not-in-game",
"seat", "seats", "game_id", "played"}``), ``message`` (an English sentence a player understands)
and ``facts`` (a dict with the tile, train, seat, open double ... so a page can word it in its own language).
"""
from __future__ import annotations

from typing import Any, Protocol


class StationError(Exception):
    """Base of every refusal the station gives the web layer; ``code``, ``message``, ``facts``."""

    code = "bad-request"

    def __init__(self, message: str, *, code: str | None = None, facts: dict | None = None):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.facts = dict(facts or {})

    def as_dict(self) -> dict:
        """The refusal as JSON: ``{"code", "message", "facts"}``."""
        return {"code": self.code, "message": self.message, "facts": self.facts}


class Refused(StationError, ValueError):
    """A move the rules refuse (code from record-format.md's error table); nothing changed."""


class StaleVersion(StationError):
    """The intent was made on an older table: "the table changed, look again"."""

    code = "stale"


class Forbidden(StationError, PermissionError):
    """A wrong seat token or host PIN."""

    code = "forbidden"


class Throttled(StationError):
    """Too many wrong PINs or join codes from this client: no verdict until ``facts["retry_after"]``
    seconds have passed (HTTP 429 with ``Retry-After``); ``facts["lockout"]`` is true for a lockout."""

    code = "throttled"


class NoGame(StationError):
    """An intent that needs a game when none is set up, or a stored game's id that names none
    (``NoGame.no_such``: facts ``{"field": "game_id", "game_id": int}``, a 404 on the web)."""

    code = "no-game"

    @classmethod
    def no_such(cls, game_id) -> NoGame:
        """The refusal for a game id the store has no game under; ``game_id`` is kept in the
        facts when it is a plain int (anything else was not an id to begin with)."""
        facts: dict = {"field": "game_id"}
        if isinstance(game_id, int) and not isinstance(game_id, bool) and abs(game_id) < 2 ** 62:
            facts["game_id"] = game_id
        return cls(f"there is no game {game_id}", facts=facts)


class StationApi(Protocol):
    """The station as the web layer sees it (implemented by ``station.service.Station``)."""

    host_pin: str

    def view(self) -> dict[str, Any]: ...
    def seat_view(self, seat: int, token: str) -> dict[str, Any]: ...
    def subscribe(self) -> Any: ...            # an asyncio.Queue that receives each new view()
    def unsubscribe(self, queue: Any) -> None: ...

    # seats
    def seat_code(self, seat: int, pin: str) -> str: ...          # short join code (host page / QR)
    def seat_code_timed(self, seat: int, pin: str) -> tuple[str, float]: ...  # (code, seconds it stays valid)
    def join(self, seat: int, code: str, client: str | None = None) -> str: ...  # -> seat token
    def check_pin(self, pin: str, client: str | None = None) -> None: ...  # Forbidden / Throttled
    def release_seat(self, seat: int, pin: str) -> dict: ...

    # host
    def setup_game(self, pin: str, players: list[str], profile: str, set: int | None,
                   options: dict, hidden_hands: bool = True, ruleset: str | None = None,
                   hints: bool = True, computers: dict | None = None) -> dict: ...  # station/computers.py
    def preview_setup(self, pin: str, players: list[str], profile: str, set: int | None,
                      options: dict) -> dict: ...           # the deal a set-up would give
    def start_round(self, pin: str) -> dict: ...
    def undo(self, pin: str, version: int) -> dict: ...
    def correct(self, pin: str, round: int, seat: int, score: int, reason: str) -> dict: ...
    def end_game(self, pin: str, abandon: bool = False) -> dict: ...
    def setup_from_club(self, pin: str) -> dict: ...              # set up the view's ``club_setup``
    def export(self, game_id: int | None = None) -> dict: ...     # a mexican-train-record/1 document
    def change_pin(self, pin: str, new: str) -> None: ...         # 4-12 digits, kept in the store
    def games(self, pin: str) -> list[dict]: ...                  # stored games, newest first
    def past_games(self) -> list[dict]: ...                 # the games over, newest first (no PIN)
    def stored_view(self, game_id: int) -> dict: ...              # a stored game, read-only (no PIN)
    def stored_record(self, game_id: int) -> dict: ...            # an ended game's record (no PIN)
    def stored_photo(self, game_id: int, round_index: int, seat: int) -> tuple[bytes, str]: ...   # (image, media type)
    def show_game(self, pin: str, game_id: int) -> dict: ...      # a stored game back on every page

    # saved rule sets (station/rulesets.py): each returns {"rulesets": [...], "last": name | None}
    def rulesets(self, pin: str) -> dict: ...
    def save_ruleset(self, pin: str, name: str, options: dict) -> dict: ...
    def delete_ruleset(self, pin: str, name: str) -> dict: ...
    def export_ruleset(self, pin: str, name: str) -> dict: ...    # {"format", "name", "options"}
    def import_ruleset(self, pin: str, document: dict) -> dict: ...

    # players across nights (station/players.py): figures of every counted stored game
    def players(self) -> dict: ...                                # {"players", "evenings", "merges", ...}
    def players_csv(self) -> str: ...                             # one row per player
    def merge_players(self, pin: str, name: str, into: str) -> dict: ...   # two spellings, one player
    def unmerge_players(self, pin: str, merge_id: int) -> dict: ...        # the merge stays listed, undone

    # a seat's moves: event as record-format.md writes it ({"play": "12-5", "on": 1}, {"draw": true} ...)
    def submit(self, seat: int, token: str, event: dict, version: int) -> dict: ...
    def register_hand(self, seat: int, token: str, tiles: list[str]) -> dict: ...
    def seat_hint(self, seat: int, token: str) -> dict: ...      # slow: call in a thread (station/computers.py)
    def reveal(self, seat: int, token: str, hand: list[str] | int, typed: int | None = None) -> dict: ...
    def photo_due(self, seat: int, token: str) -> int: ...    # the round index, else refused (before a photo is read)
    def read_photo(self, seat: int, token: str, data: bytes) -> dict: ...   # slow: call in a thread (station/photo.py)
    def keep_photos(self, pin: str, keep: bool | None = None) -> dict: ...  # {"keep": bool}; the host's switch

    # the virtual hub (mock backend only)
    def mock_press(self, seat: int, long: bool = False) -> None: ...
    def mock_slot(self, slot: str, occupied: bool) -> None: ...
