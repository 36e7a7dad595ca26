"""Computer players and hints at the station (issue 14): the engine's players and hints
(engine/players.py, engine/hints.py) wired to the station's seats, off the event loop.

Set-up fields (kept in the journal's setup entry, not engine rule options):

- ``hints`` (bool, default True): the seat pages may ask for a hint (``seat_hint``) when the
  station knows the seat's hand (virtual tiles, or a registered full hand).
- ``computers`` ({"seat": policy}): seats the station plays itself with ``random``, ``greedy`` or
  ``playout`` (virtual tiles only), through the same checked intent as a hub button (``act``).
"""
from __future__ import annotations

import asyncio
import random

from engine.hints import longest_train, rank_plays, snapshot
from engine.players import POLICIES, choose

from .interface import Refused, StationError

HINT_PLAYOUTS = 1000          # playouts a seat page's hint runs (about 0.2 s on a 2-core PC)
COMPUTER_PAUSE_S = 0.8        # a computer seat's visible pause before it acts


def check_computers(computers, players: int, hidden: bool) -> dict[str, str]:
    """The set-up's ``computers`` checked: ``{"seat": policy}`` with seats as strings. Raises
    ``StationError`` (bad-request, ``facts["field"]`` = "computers") for a seat out of range, a
    policy not in ``engine.players.POLICIES``, computers with hidden hands, or every seat a
    computer."""
    computers = dict(computers or {})
    if not computers:
        return {}
    out = {}
    for seat, policy in computers.items():
        try:
            n = int(seat)
        except (TypeError, ValueError):
            n = -1
        if not 0 <= n < players:
            raise StationError(f"computers: there is no seat {seat!r} (seats 0-{players - 1})",
                               code="bad-request", facts={"field": "computers"})
        if policy not in POLICIES:
            raise StationError(f"computers: seat {n} policy {policy!r} is not one of {', '.join(POLICIES)}",
                               code="bad-request", facts={"field": "computers"})
        out[str(n)] = policy
    if hidden:
        raise StationError("computers need virtual tiles (hidden_hands false): the station deals their hands",
                           code="bad-request", facts={"field": "computers"})
    if len(out) >= players:
        raise StationError("computers: leave at least one seat to a person", code="bad-request",
                           facts={"field": "computers"})
    return out


class Computers:
    """Station mixin: ``seat_hint`` and the computer seats (``computer_step``, ``run_computers``)."""

    def computer_seats(self) -> dict[int, str]:
        """The computer seats of the game: ``{seat: policy}`` ({} without a game)."""
        ref = self.referee
        if ref is None:
            return {}
        return {int(s): p for s, p in (ref.setup.get("computers") or {}).items()}

    def hints_on(self) -> bool:
        """Whether the game's seat pages may ask for hints (set-up ``hints``, default on)."""
        ref = self.referee
        return ref is not None and bool(ref.setup.get("hints", True))

    # ----------------------------------------------------------------- hints
    def seat_hint(self, seat: int, token: str, budget: int = HINT_PLAYOUTS, seed: int | None = None) -> dict:
        """The seat's hint: ``{"longest": ["6-4", ...], "open_end": pip, "plays": [{"event": {...},
        "mean_pips": float, "playouts": int, "stderr": float}, ...] (best first), "playouts": int,
        "clear": bool, "forced": bool (one move only: no playouts run)}``. Slow (``budget`` playouts): call it off the event loop. Raises
        ``Refused`` "hints-off" (the host switched hints off), "no-hand" (the station does not
        know the hand) or "no-round"."""
        self._token(seat, token)
        with self.lock:
            ref = self.referee
            if not self.hints_on():
                raise Refused("the host switched hints off for this game", code="hints-off",
                                   facts={"seat": seat})
            rnd = ref.game.current if ref is not None else None
            if rnd is None or rnd.ended:
                raise Refused("no round is being played", code="no-round", facts={"seat": seat})
            if rnd.known:
                hand = list(rnd.hands[seat])
            else:
                registered = ref.registered_hand(rnd.index, seat)     # None unless complete
                hand = sorted(registered) if registered is not None else None
            if hand is None or len(hand) != rnd.hand_counts[seat]:
                raise Refused("the station does not know this seat's hand: register it first",
                                   code="no-hand", facts={"seat": seat})
            copy = snapshot(rnd)
            open_end = rnd.open_end(seat) if rnd.engine_placed else rnd.engine
        rng = random.Random(seed) if seed is not None else self.playout_rng()
        ranking = rank_plays(copy, seat, hand, rng, budget)
        return {"seat": seat, "open_end": open_end,
                "longest": [f"{a}-{b}" for a, b in _laid(longest_train(hand, open_end), open_end)],
                "plays": [{"event": h.event.to_dict(), "mean_pips": round(h.mean_pips, 2),
                           "playouts": h.playouts, "stderr": round(h.stderr, 2)} for h in ranking.plays],
                "playouts": ranking.playouts, "clear": ranking.clear, "forced": ranking.forced}

    # ----------------------------------------------------------------- computer seats
    def computer_move(self) -> tuple[int, dict] | None:
        """The next move of a computer seat, if one is to act: ``(seat, event dict)``; None when
        a person (or nobody) is to act. Computed on a snapshot, outside the lock."""
        with self.lock:
            seats = self.computer_seats()
            ref = self.referee
            rnd = ref.game.current if ref is not None and seats else None
            if rnd is None or rnd.ended or not rnd.known or ref.status in ("finished", "abandoned"):
                return None
            seat = rnd.seat_to_act()
            if seat not in seats:
                return None
            copy = snapshot(rnd)
        event = choose(copy, seats[seat], self.playout_rng())
        return seat, {k: v for k, v in event.to_dict().items() if k != "seat"}

    def computer_step(self) -> bool:
        """Make one computer seat's move if one is to act, through ``act`` (checked like a hub
        button): True when a move was made."""
        move = self.computer_move()
        if move is None:
            return False
        seat, event = move
        try:
            self.act(seat, event)
        except StationError:
            return False          # the table moved on meanwhile (an undo): look again next time
        return True

    async def run_computers(self, pause: float = COMPUTER_PAUSE_S, idle: float = 0.2) -> None:
        """Forever: when a computer seat is to act, wait ``pause`` seconds (visible), then make its
        move in a thread (the loop never blocks). Cancel the task to stop."""
        while True:
            if not self.computer_seats():        # no computer in this game: no thread either
                await asyncio.sleep(idle)
                continue
            move = await asyncio.to_thread(self.computer_move)
            if move is None:
                await asyncio.sleep(idle)
                continue
            await asyncio.sleep(pause)
            await asyncio.to_thread(self.computer_step)


def _laid(tiles, open_end: int) -> list[tuple[int, int]]:
    """The chain's tiles as they would lie from ``open_end``: ``(near, far)`` pairs."""
    out, end = [], open_end
    for t in tiles:
        far = t.high if t.low == end else t.low
        out.append((end, far))
        end = far
    return out


__all__ = ["Computers", "check_computers", "HINT_PLAYOUTS", "COMPUTER_PAUSE_S"]
