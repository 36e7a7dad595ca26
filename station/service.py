"""The station: the one place where the engine, the hardware, the store and the web meet.

``Station`` implements station/interface.py's ``StationApi`` for the web layer. Every intent is
checked by the referee (the engine), written to SQLite (WAL, synchronous FULL) and only then
acknowledged and published; a refused intent changes nothing and answers with the rule's reason.
On start the station rebuilds the game in play by replaying its journal.

>>> import tempfile
>>> station = Station(tempfile.mkdtemp(), host_pin="1234")
>>> view = station.setup_game("1234", ["Ana", "Ben"], "hub", 9, {})
>>> view["game"]["deal"]
{'hand_size': 15, 'boneyard': 24}
"""
from __future__ import annotations

import asyncio
import os
import random
import secrets
import threading
import time
from collections import deque

from engine import RefereeError
from engine.deal import deal

from .deal_default import default_words, preview, setup_facts, setup_options
from .engine_search import engine_prompt
from .archive import StoredGames
from .club_setup import ClubSetup
from .computers import COMPUTER_PAUSE_S, Computers, check_computers
from .auth import TEXT_MAX, HostGuard, log, new_pin, same, text_problem
from .players import Players
from .interface import Forbidden, NoGame, Refused, StaleVersion, StationError
from .logs import once_a_minute
from .referee import LogLine, Referee
from .rulesets import RuleSets
from .store import Store
from .throttle import Throttle
from .views import seat_me, table_view

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # no 0/O, 1/I: easy to read aloud
#: seconds a seat's join code stays valid after it is made (docs/web.md, *Joining*): long enough to
#: scan or type it at the table, short enough that a code seen or photographed earlier in the
#: evening no longer takes the seat; the host page fetches the next one when it runs out
CODE_LIFETIME_S = 15 * 60


def _put_all(queues: list, view: dict) -> None:
    """Put ``view`` in each subscriber's queue (on the queues' loop), dropping the oldest of a full one."""
    for queue in queues:
        if queue.full():
            queue.get_nowait()
        queue.put_nowait(view)


def _is_mock_hub(hub) -> bool:
    """Whether ``hub`` is the mock hub (``hardware.mockdrive.MockHub``), whose controls the virtual hub page drives."""
    if hub is None:
        return False
    from hardware.mockdrive import MockHub
    return isinstance(hub, MockHub)


def _count_in() -> StationError:
    """The refusal of a photo from a seat whose count is already in (``photo_due``, ``read_photo``)."""
    return StationError("this seat's count is already in", code="round-over",
                        facts={"field": "photo", "why": "counted"})


class Station(HostGuard, StoredGames, RuleSets, ClubSetup, Computers, Players):
    """The referee service. ``data_dir`` holds ``station.sqlite3``; ``hub`` is a ``hardware.hub.Hub``
    (``Hub.real``) or a ``hardware.mockdrive.MockHub`` (the virtual hub page drives it) or None (phones only). ``host_pin`` overrides the stored PIN (config);
    ``pin_length`` (4-12) is the length of a made PIN: a stored one that is shorter is replaced.
    ``clock`` (wall-clock seconds) times the throttle of wrong PINs and join codes, whose counts
    are kept in the store across restarts (station/throttle.py), and the join codes' lifetime
    (``CODE_LIFETIME_S``).
    ``rng`` (a ``random.Random``; default ``random.SystemRandom()``) is the source of everything
    random in the game: the virtual-tile deals draw from it, and each hint's and computer move's
    playouts from a ``random.Random`` it seeds (:meth:`playout_rng`). ``Station(rng=random.Random(1))``
    deals the same rounds every run. Credentials (the PIN, seat tokens, join codes) stay with
    ``secrets`` and never come from ``rng``.

    Construct for tests with ``Station.mock(data_dir)`` (gpiozero MockFactory, recording strip);
    call ``await station.start()`` inside the running loop to receive hardware events and light
    the LEDs.
    """

    def __init__(self, data_dir: str, *, hub=None, host_pin: str | None = None,
                 pin_length: int = 4, clock=time.time, computer_pause: float = COMPUTER_PAUSE_S,
                 rng: random.Random | None = None):
        self.data_dir = data_dir
        self.is_mock = _is_mock_hub(hub)   # a hardware.mockdrive.MockHub: the virtual hub may drive it
        self.store = Store(os.path.join(data_dir, "station.sqlite3"))
        self.host_pin = host_pin or self.store.setting("host_pin", lambda: new_pin(pin_length))
        if not host_pin and len(self.host_pin) < pin_length:
            self.host_pin = new_pin(pin_length)
            self.store.set_setting("host_pin", self.host_pin)
        self.clock = clock
        self.throttle = Throttle(clock, db=self.store.db)
        self.hub = hub
        self.hardware_seats = hub.build.seats if hub is not None else 0
        self.lock = threading.RLock()
        self.referee: Referee | None = None
        self.game_id: int | None = None
        self.version = self.store.last_seq()
        self.log: deque = deque(maxlen=30)
        self.prompt: dict | None = None
        self.refused_at: dict[int, int] = {}       # seat -> monotonic ms of its last refused move
        self.board: dict = {"connected": None, "reason": ""}
        self._subscribers: list[tuple[asyncio.AbstractEventLoop, asyncio.Queue]] = []
        self.bridge = None
        self.rng = rng if rng is not None else random.SystemRandom()
        self.computer_pause = computer_pause     # seconds a computer seat waits before it acts
        self._computers_task = None
        self.mqtt = None                 # station/mqtt_publish.MqttPublisher when given a broker
        self._restore()

    @classmethod
    def mock(cls, data_dir: str, build=None, host_pin: str | None = None, **kw) -> "Station":
        """A station on the mock hub (``hardware.mockdrive.MockHub``) of ``build`` (the reference build);
        ``kw``: ``pin_length``, ``clock`` as for ``Station``."""
        from hardware.mockdrive import MockHub

        return cls(data_dir, hub=MockHub.create(build), host_pin=host_pin, **kw)

    def playout_rng(self) -> random.Random:
        """A fast ``random.Random`` for one hint's or computer move's playouts, seeded from ``rng``."""
        return random.Random(self.rng.getrandbits(64))

    # ----------------------------------------------------------------- life cycle
    def _restore(self) -> None:
        """Rebuild the game on show from its journal (after a restart or a pulled plug): the game
        in play, else the last one (finished or abandoned), so its standings stay on every page
        until a new game is set up; or the stored game the host reopened (``show_game``)."""
        self.game_id = self.store.shown_game()
        self.referee = None
        if self.game_id is None:
            return
        self.referee = Referee.from_journal(self.store.journal(self.game_id),
                                            lambda seq, line: self.log.append(line.entry(seq)))
        self.prompt = engine_prompt(self.referee)

    async def start(self) -> None:
        """Start the hardware (events to this loop) and the LED animation."""
        from .hub_bridge import HubBridge

        if self.hub is not None:
            self.bridge = HubBridge(self, asyncio.get_running_loop())
            await self.bridge.start()
        self._computers_task = asyncio.get_running_loop().create_task(self.run_computers(self.computer_pause))

    async def stop(self) -> None:
        if self._computers_task is not None:
            self._computers_task.cancel()
            self._computers_task = None
        if self.bridge is not None:
            await self.bridge.stop()
        if self.hub is not None:
            self.hub.close()
        with self.lock:          # a computer seat's move still in its thread finishes first:
            self.store.close()   # closing SQLite under a running statement crashes the process

    # ----------------------------------------------------------------- publishing
    def subscribe(self) -> asyncio.Queue:
        """A queue that receives each new ``view()``; call from the running loop."""
        queue: asyncio.Queue = asyncio.Queue(maxsize=64)
        with self.lock:
            self._subscribers.append((asyncio.get_running_loop(), queue))
        return queue

    def unsubscribe(self, queue) -> None:
        with self.lock:
            self._subscribers = [(lp, q) for lp, q in self._subscribers if q is not queue]

    def _publish(self) -> dict:
        """Send the new view to every subscriber and redraw the LEDs; returns that view."""
        view = self.view()
        by_loop: dict = {}
        for loop, queue in self._subscribers:
            by_loop.setdefault(loop, []).append(queue)
        for loop, queues in by_loop.items():
            # one wake-up of each loop for all its queues: call_soon_threadsafe writes to the
            # loop's self-pipe each time, once per socket was a system call per phone and move
            try:
                loop.call_soon_threadsafe(_put_all, queues, view)
            except RuntimeError:       # that loop has closed
                for queue in queues:
                    self.unsubscribe(queue)
        if self.bridge is not None:
            self.bridge.state_changed()
        if self.mqtt is not None:        # returns at once: the broker never holds up the table
            self.mqtt.changed(view)
        return view

    # ----------------------------------------------------------------- the journal
    def _commit(self, entry: dict) -> dict:
        """Apply ``entry`` through the referee, store it durably, then publish; returns the view.

        Raises ``Refused`` (the rule's code and reason) and changes nothing when refused."""
        with self.lock:
            if self.referee is None:
                raise NoGame("set up a game on the host page first")
            try:
                text = self.referee.apply(entry)
            except RefereeError as exc:
                raise self._refused(exc, entry) from None
            over = self.referee.status if self.referee.status in ("finished", "abandoned") else None
            try:
                self.version = self.store.append(self.game_id, entry, status=over)
            except Exception:
                self._restore()          # memory ran ahead of the disk: rebuild from what is stored
                raise
            self.log.append(text.entry(self.version))
            if entry.get("type") in ("event", "round", "undo"):
                self.prompt = engine_prompt(self.referee)   # None once the engine is placed
            return self._publish()       # in the lock: subscribers see changes in journal order

    def _refused(self, exc: RefereeError, entry: dict) -> Refused:
        """The refusal of ``entry`` as the pages get it, after the refused seat's red flash (on
        the hub and on the virtual hub page); the caller holds the lock."""
        seat = exc.facts.get("seat", entry.get("seat", entry.get("event", {}).get("seat")))
        if isinstance(seat, int):
            self.refused_at[seat] = time.monotonic_ns() // 1_000_000
            self._publish()
        return Refused(exc.message, code=exc.code, facts=exc.facts)

    def _token(self, seat: int, token: str) -> None:
        if self.referee is None:
            raise NoGame("set up a game on the host page first")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.referee.rules.players:
            raise self._not_in_game(seat, token)
        expected = self.store.tokens(self.game_id).get(seat)
        if expected is None or not same(token, expected):
            log.warning("refused a seat token for seat %s", seat)
            earlier = self.store.token_game(token) if isinstance(token, str) and token else None
            if earlier is not None and earlier != self.game_id:
                raise Forbidden(f"this phone joined game {earlier}; a new game has been set up since: "
                                "scan this seat's new QR code or enter its code",
                                facts={"field": "token", "seat": seat, "why": "old-game", "game_id": earlier})
            if isinstance(token, str) and token and self.store.replaced(self.game_id, seat, token):
                raise Forbidden("another phone has joined this seat with its new code: ask the host "
                                "for the seat's code to join again", facts={"field": "token", "seat": seat, "why": "replaced"})
            raise Forbidden("this phone has not joined that seat: scan its QR code or enter its code",
                            facts={"field": "token", "seat": seat, "why": "not-joined"})

    def _not_in_game(self, seat, token: str | None = None) -> StationError:
        """The refusal of a seat the game in play does not have: ``bad-request``, facts ``field``
        "seat", ``why`` "not-in-game", ``seat``, ``seats`` (how many the game has, numbered from
        0), ``game_id`` and ``played`` (the earlier game this phone's token joined, or None), so a
        phone still on an old game's seat page says so in words."""
        seats = self.referee.rules.players
        earlier = self.store.token_game(token) if isinstance(token, str) and token else None
        return StationError(f"game {self.game_id} has no seat {seat}: its seats are 0-{seats - 1}",
                            code="bad-request", facts={"field": "seat", "why": "not-in-game", "seat": seat,
                                                       "seats": seats, "game_id": self.game_id, "played": earlier})

    def _fresh(self, version) -> None:
        if version is not None and int(version) != self.version:
            raise StaleVersion("the table changed, look again", facts={"version": self.version})

    # ----------------------------------------------------------------- host intents
    def setup_game(self, pin: str, players: list[str], profile: str, set: int | None,
                   options: dict, hidden_hands: bool = True, ruleset: str | None = None,
                   club: dict | None = None, hints: bool = True, computers: dict | None = None) -> dict:
        """Set up a new game (any unfinished one is abandoned); returns the view. ``ruleset``: the
        saved rule set the options came from (station/rulesets.py), preselected next time;
        ``hints``: seat pages may ask for hints; ``computers``: ``{"seat": "random" | "greedy" |
        "playout"}``, seats the station plays (virtual tiles only; station/computers.py);
        ``club``: the club tournament's game it is (station/club_setup.py), kept in the set-up.

        Where the deal table has no row for the set and player count, the station's stated hand size
        is set as option ``hand_size`` (station/deal_default.py) and ``game.deal.default`` says so.
        Raises ``StationError`` ("bad-request", ``facts["option"]`` naming the option, player count,
        set or hand size at fault, with the facts to word it) and ``Forbidden`` for a wrong PIN."""
        self._pin(pin)
        players, options, default = setup_options(players, profile, set, options)     # names checked there
        computers = check_computers(computers, len(players), bool(hidden_hands))
        setup = {"type": "setup", "players": players, "profile": profile, "set": set,
                 "options": options, "hidden_hands": bool(hidden_hands),
                 "hardware_seats": self.hardware_seats, "hints": bool(hints)}
        if computers:
            setup["computers"] = computers
        if default is not None:
            setup["deal_default"] = default
        if club is not None:             # a club tournament's game (station/club_setup.py)
            setup["club"] = dict(club)
        try:
            referee = Referee(setup)
        except RefereeError as exc:
            raise StationError(exc.message, code="bad-request",
                               facts=setup_facts(exc.facts, profile, set, len(players), options)) from None
        setup["set"] = referee.rules.top
        with self.lock:
            if self.referee is not None and self.referee.status not in ("finished", "abandoned"):
                self.store.append(self.game_id, {"type": "end", "abandon": True}, status="abandoned")
            self.game_id = self.store.new_game(setup)
            self.version = self.store.last_seq()
            self.referee = referee
            self.prompt = None
            self._used_ruleset(ruleset)
            self.log.clear()
            why = f" ({default_words(default)})" if default is not None else ""
            text = (f"new game: {len(players)} players, {profile}, double-{referee.rules.top}; "
                    f"{referee.rules.hand_size} tiles each{why}, {referee.rules.boneyard_after_deal} in the boneyard")
            if self.hub is not None and len(players) > self.hardware_seats:
                # seats numbered from 0, as every page, URL and the record number them
                text += (f"; this hub has {self.hardware_seats} seats: seats {self.hardware_seats}-"
                         f"{len(players) - 1} play from their phones alone")
            self.log.append(LogLine(text, "setup", players=len(players), profile=profile,
                                    set=referee.rules.top, **referee.deal_summary(),
                                    phone_only=max(0, len(players) - self.hardware_seats) if self.hub else 0
                                    ).entry(self.version))
        view = self._publish()
        self._clear_mock_slots()
        return view

    def preview_setup(self, pin: str, players: list[str], profile: str, set: int | None,
                      options: dict) -> dict:
        """The deal ``setup_game`` would give, nothing set up (``deal_default.preview``)."""
        self._pin(pin)
        return preview(players, profile, set, options)

    def start_round(self, pin: str) -> dict:
        """Begin the next round (virtual tiles: the station deals)."""
        self._pin(pin)
        return self.begin_round()

    def begin_round(self) -> dict:
        """Begin the next round without a PIN: the hub sensed the engine in the centre slot."""
        entry: dict = {"type": "round"}
        if self.referee is not None and not self.referee.hidden:
            hands, boneyard = deal(self.referee.rules, len(self.referee.game.rounds), self.rng)
            entry["hands"] = [[str(t) for t in h] for h in hands]
            entry["boneyard"] = [str(t) for t in boneyard]
        view = self._commit(entry)
        self._clear_mock_slots()
        return view

    def _clear_mock_slots(self) -> None:
        """The virtual hub at a new round or game: the trains' slots are emptied, as the players
        clear the table (the engine slot keeps its tile). A tile then put in a slot is sensed as
        the train's first tile, and the seat to act is asked which it was (station/hub_bridge.py);
        a slot left showing the last round's tile was emptied by that tap instead, and nobody was
        asked. Only on the mock hub once started (``station run --mock``); real sensors say it."""
        if self.hub is None or not self.is_mock or self.bridge is None:
            return
        for slot, occupied in list(self.hub.slots.items()):
            if occupied and slot != "engine":
                self.hub.mock_slot(slot, False)

    def undo(self, pin: str, version: int) -> dict:
        """Undo the last move, shown hand, correction or round start (the host confirmed it).
        Once the game is over only a correction may be taken back: ``StationError`` code
        ``game-over`` otherwise (station/referee.py ``undo_why``)."""
        self._pin(pin)
        self._fresh(version)
        with self.lock:
            if self.referee is not None and self.referee.undo_why == "game-over":
                raise StationError("the game is over: its moves stay as they were",
                                   code="game-over", facts={"field": "version"})
        return self._commit({"type": "undo"})

    def correct(self, pin: str, round: int, seat: int, score: int, reason: str) -> dict:
        """The host's correction of a scored round, with a reason (goes into the record)."""
        self._pin(pin)
        if not isinstance(reason, str) or not reason.strip():
            raise StationError("give a reason for the correction", code="bad-request", facts={"field": "reason"})
        problem = text_problem(reason, TEXT_MAX)
        if problem:
            raise StationError(f"the reason {problem}", code="bad-request", facts={"field": "reason"})
        return self._commit({"type": "correct", "round": round, "seat": seat, "score": score,
                             "reason": str(reason).strip()})

    def end_game(self, pin: str, abandon: bool = False) -> dict:
        self._pin(pin)
        return self._commit({"type": "end", "abandon": bool(abandon)})

    # ----------------------------------------------------------------- seats
    def seat_code(self, seat: int, pin: str) -> str:
        """The short code a phone enters (or scans in the QR link) to join ``seat``: the same code
        until a phone joins with it or it is ``CODE_LIFETIME_S`` old, then a new one
        (``seat_code_timed`` says when)."""
        return self.seat_code_timed(seat, pin)[0]

    def seat_code_timed(self, seat: int, pin: str) -> tuple[str, float]:
        """``(code, seconds left)``: ``seat_code`` and how long it is accepted from now."""
        self._pin(pin)
        if self.referee is None:
            raise NoGame("set up a game on the host page first")
        if not 0 <= seat < self.referee.rules.players:
            raise StationError(f"there is no seat {seat}", code="bad-request")
        with self.lock:
            # the clock is read under the lock: read before it, a request that waited there while
            # another made the code would find that code made in its future and replace it
            now = self.clock()
            code, made = self.store.seat_code(self.game_id, seat, lambda: self._new_code(seat),
                                              now, CODE_LIFETIME_S)
        return code, made + CODE_LIFETIME_S - now

    def _new_code(self, seat: int) -> str:
        """A fresh join code for ``seat`` of the game in play: never one a phone has already used
        there (a used code stays refused as used); the caller holds the lock."""
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(5))
            if not self.store.code_spent(self.game_id, seat, code):
                return code

    def join(self, seat: int, code: str, client: str | None = None) -> str:
        """Join ``seat`` with its code; returns the seat token the phone keeps (survives restarts).

        A code joins once (issue 23, 14): the join spends it, and the station makes the seat's
        next code at once, which the host page shows (the view's ``seats[n].joins`` counts the
        joins, so the host sees that a phone took the seat). Each join gives a **new** token, and
        the phone that held the seat before loses it (its token is refused with ``facts["why"]``
        "replaced"): a seat is played from one phone, so a code read off the host page over a
        shoulder cannot quietly put a second phone on a player's seat, to see a hidden hand or
        move for them; the player's own phone is told at once that another phone took the seat,
        and the host gets it back with the seat's new code. (A player who wants the seat on
        another phone joins it there with the new code.)

        ``client`` (the phone's address) throttles wrong codes as ``check_pin`` does: raises
        ``Throttled`` while it must wait, ``Forbidden`` for a wrong code (counted and logged), for
        a code a phone has already joined with (``facts["why"]`` "code-used", kept in the store,
        so also after a restart) or for the right code once it is ``CODE_LIFETIME_S`` old
        (``facts["why"]`` "code-expired"). A used or expired code is not counted: the phone had
        the code."""
        if self.referee is None:
            raise NoGame("set up a game on the host page first")
        with self.lock:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.referee.rules.players:
                raise self._not_in_game(seat)       # no code can join it: not a wrong code
            self._guard(client, "code")
            found = self.store.existing_code(self.game_id, seat)
            expected, made = found if found else (None, None)
            given = code.strip().upper() if isinstance(code, str) else None
            if not expected or not same(given, expected):
                if given and self.store.code_spent(self.game_id, seat, given):
                    once_a_minute(log, "used code", "refused a used join code for seat %d from %s",
                                  seat, client or "the station")
                    raise Forbidden("that code was already used: ask the host for the seat's new code",
                                    facts={"field": "code", "seat": seat, "why": "code-used"})
                self._wrong(client, "code", f"a wrong join code for seat {seat}")
                raise Forbidden("that is not this seat's code: ask the host", facts={"field": "code", "seat": seat, "why": "wrong-code"})
            now = self.clock()
            if made is None or not 0 <= now - made < CODE_LIFETIME_S:
                once_a_minute(log, "expired code", "refused an expired join code for seat %d from %s",
                              seat, client or "the station")
                raise Forbidden("that code has expired: ask the host to show the seat's code again",
                                facts={"field": "code", "seat": seat, "why": "code-expired"})
            if client is not None:
                self.throttle.succeeded(client, "code")
            token = secrets.token_urlsafe(18)
            self.store.spend_code(self.game_id, seat, expected, token, self._new_code(seat), now)
        self._publish()
        return token

    def release_seat(self, seat: int, pin: str) -> dict:
        """Free a seat: its phone's token stops working and a new code is made."""
        self._pin(pin)
        with self.lock:
            if self.referee is None:
                raise NoGame("set up a game on the host page first")
            if not 0 <= seat < self.referee.rules.players:
                raise StationError(f"there is no seat {seat}", code="bad-request", facts={"field": "seat"})
            self.store.reset_seat(self.game_id, seat)
            self.log.append(LogLine(f"seat {seat} was released", "released", seat=seat).entry(self.version))
        return self._publish()

    # ----------------------------------------------------------------- a seat's moves
    def submit(self, seat: int, token: str, event: dict, version: int) -> dict:
        """A move from a seat's phone: ``event`` as record-format.md writes it (its seat is this one)."""
        self._token(seat, token)
        self._fresh(version)
        event = {**dict(event or {}), "seat": seat}
        return self._commit({"type": "event", "event": event})

    def act(self, seat: int, event: dict) -> dict:
        """A move from the hub itself (a seat button, a slot sensor): no token, no version."""
        return self._commit({"type": "event", "event": {**event, "seat": seat}})

    def reveal(self, seat: int, token: str, hand, typed: int | None = None) -> dict:
        """At the round's end: the tiles left in the seat's hand, or the pips it counted;
        ``typed``: a pip count typed beside the tiles, refused (``bad-reveal``, fact ``why``
        "typed") when the tiles count other pips, so the two never silently disagree. A pip count
        no hand of that many tiles could make is refused (``bad-reveal``, fact ``why``
        "impossible", field "hand", the counts possible: ``Referee.impossible_count``)."""
        self._token(seat, token)
        with self.lock:
            index = len(self.referee.game.rounds) - 1
            entry = {"type": "reveal", "round": index, "seat": seat, "hand": hand}
            if typed is not None:
                entry["typed"] = typed
            impossible = self.referee.impossible_count(index, seat, hand)
            if impossible is not None:
                raise self._refused(impossible, entry)
            return self._commit(entry)

    def photo_due(self, seat: int, token: str) -> int:
        """Whether ``seat`` (with its ``token``) may send a photo of its tiles now: its count is due in
        the last round. Cheap, so the web edge asks it before it reads a photo's body. Returns the
        round's index; raises ``NoGame``, ``Forbidden`` (the token), ``StationError`` "bad-request"
        (a seat the game has not) or "round-over" (``facts["field"] == "photo"``; ``facts["why"]``
        "counted": the seat's count is already in, "went-out": it has no tile left, else "not-due":
        nothing to count now)."""
        self._token(seat, token)
        with self.lock:
            index = len(self.referee.game.rounds) - 1 if self.referee is not None else -1
            if index < 0 or seat not in self.referee.must_count(index):
                if index >= 0 and seat in self.referee.shown.get(index, {}):
                    raise _count_in()
                if index >= 0 and not self.referee.game.rounds[index].known and self.referee.went_out(index, seat):
                    raise StationError("the seat went out: it has no tile to count", code="round-over",
                                       facts={"field": "photo", "why": "went-out"})
                raise StationError("photograph your tiles when the round is over and your count is due",
                                   code="round-over", facts={"field": "photo", "why": "not-due"})
        return index

    def read_photo(self, seat: int, token: str, data: bytes) -> dict:
        """At the round's end, the seat's photo of the tiles it holds, read and checked; nothing is
        recorded, and the photo is kept only when the host keeps photos for disputes
        (``keep_photos``; then with the game, station/photo.py). Returns ``{"reading": Reading.as_dict(),
        "problems": station.photo.check_reading(...), "holds": int}``.

        Raises ``StationError`` with ``facts["field"] == "photo"``: code "photo-" + the
        ``vision.PhotoError`` code ("not-image", "too-large", "undecodable", "nothing-found",
        "unavailable"), or "round-over" when the seat has nothing to count now."""
        import vision

        from .photo import READ_LOCK, check_reading, keeping
        index = self.photo_due(seat, token)
        try:
            with READ_LOCK:
                reading = vision.read_photo(data).as_dict()
        except vision.PhotoError as exc:
            raise StationError(exc.message, code=f"photo-{exc.code}", facts={"field": "photo", **exc.facts}) from None
        with self.lock:
            if seat not in self.referee.must_count(index):
                raise _count_in()                    # sent by another phone while this one was read
            problems = check_reading(self.referee, index, seat, reading["tiles"])
            holds = self.referee.game.rounds[index].hand_counts[seat]
            if keeping(self.store):
                self.store.keep_photo(self.game_id, index, seat, data)
        return {"reading": reading, "problems": problems, "holds": holds}

    def keep_photos(self, pin: str, keep: bool | None = None) -> dict:
        """The host's switch "keep photos for disputes" (station/photo.py): with ``keep`` it is
        set, else only read. Returns ``{"keep": bool}``. Off, a photo is read and dropped; on, the
        last photo each seat had read in a round is stored with the game."""
        from .photo import KEEP_SETTING, keeping
        self._pin(pin)
        with self.lock:
            if keep is not None:
                self.store.set_setting(KEEP_SETTING, "1" if keep else "0")
            return {"keep": keeping(self.store)}

    def register_hand(self, seat: int, token: str, tiles: list[str]) -> dict:
        """Hidden hands: register the seat's hand privately for full checking (rules.md 5);
        ``Referee._apply_register`` says what is checked. Kept in the journal (never exported)."""
        self._token(seat, token)
        self._commit({"type": "register", "seat": seat, "tiles": list(tiles)})
        return self.seat_view(seat, token)

    # ----------------------------------------------------------------- the mock hub
    def mock_press(self, seat: int, long: bool = False) -> None:
        """Press a seat button of the mock hub (the virtual hub page). Raises ``StationError``
        naming ``seat`` when the hub has no such seat button."""
        hub = self._mock()
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.hardware_seats:
            raise StationError(f"this hub has no seat {seat} (seats 0-{self.hardware_seats - 1})",
                               code="bad-request", facts={"field": "seat"})
        hub.mock_press(seat, long=long)

    def mock_slot(self, slot: str, occupied: bool) -> None:
        """Put a tile in or take it out of a slot of the mock hub."""
        hub = self._mock()
        if slot not in hub.build.slot_names:
            raise StationError(f"there is no slot {slot!r}", code="bad-request", facts={"field": "slot"})
        hub.mock_slot(slot, occupied)

    def _mock(self):
        if self.hub is None or not self.is_mock:
            raise StationError("the virtual hub needs the mock hardware (station run --mock)", code="bad-request")
        return self.hub

    # ----------------------------------------------------------------- views
    def view(self) -> dict:
        """The table for every page (station/interface.py gives the shape)."""
        with self.lock:
            return table_view(self)

    def seat_view(self, seat: int, token: str) -> dict:
        """``view()`` plus ``me``: the seat's options (and its own hand where known)."""
        self._token(seat, token)
        with self.lock:
            view = table_view(self)
            view["me"] = seat_me(self, seat)
        return view

