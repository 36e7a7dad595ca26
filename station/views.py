"""The table as the pages see it: ``view()`` and ``seat_view()`` of station/interface.py, built
from a referee. Pure functions, no I/O."""
from __future__ import annotations

import time

from engine import Event
from engine.scoring import winners as decide_winners
from engine.tiles import full_set, pips

from .host_view import host_controls
from .lights import REFUSAL_MS, frame, light_state


def table_view(station) -> dict:
    """``Station.view()`` (station/interface.py gives the shape); the caller holds the lock."""
    ref = station.referee
    common = {"version": station.version, "leds": leds_view(station), "log": list(station.log),
              "hardware": hardware_view(station)}
    if ref is None:
        return {**common, "game": None, "result": None, "standings": [], "tie_break": None,
                "seats": [], "prompt": None, "host": None}
    rows, decided = standings(ref)
    tokens = station.store.tokens(station.game_id)
    return {
        **common,
        "game": {"id": station.game_id, "profile": ref.rules.profile, "set": ref.rules.top,
                 "options": dict(ref.setup.get("options") or {}), "hidden_hands": ref.hidden,
                 "players": list(ref.names), "hardware_seats": station.hardware_seats,
                 "status": ref.status, "rounds_total": ref.rules.rounds, "deal": ref.deal_summary(),
                 "pips": pip_values(ref),
                 "shown": {str(r): sorted(s) for r, s in ref.shown.items()},
                 "engine_placed": ref.round is not None and ref.round.engine_placed},
        "result": result_with_corrections(ref),
        "standings": rows,
        "tie_break": decided,
        "seats": seat_rows(ref, set(tokens)),
        "prompt": station.prompt,
        "host": host_controls(ref),
    }


def seat_me(station, seat: int) -> dict:
    """The ``me`` part of a seat's view: its options, and its hand where the station knows it
    (virtual tiles, or a privately registered hand); the caller holds the lock."""
    ref = station.referee
    rnd = ref.game.current
    registered = ref.registered.get((rnd.index, seat)) if rnd is not None else None
    hand = my_hand(ref, seat)
    if hand is None and registered is not None:
        hand = sorted(str(t) for t in registered - rnd.on_table)
    return {"seat": seat, "name": ref.names[seat], "hand": hand, "options": seat_options(ref, seat)}


def leds_view(station) -> dict:
    """What the hub's LEDs show now, one colour per segment, for the virtual hub page."""
    hub = station.hub
    names = hub.build.segments if hub is not None else ["engine", "mexican", "ring"] + [f"seat{i}" for i in range(8)]
    state = light_state(station.referee, {})
    shown = frame(state, {name: 1 for name in names}, 0)
    flash = [f"seat{s}" for s in state.one_tile] + [
        "mexican" if d == "mexican" else f"seat{d}" for d in state.open_doubles]
    if state.open_doubles:
        flash.append("ring")
    now_ms = time.monotonic_ns() // 1_000_000
    return {"frame": {k: list(v[-1]) for k, v in shown.items()},
            "pulse": f"seat{state.turn}" if state.turn is not None and state.playing else None,
            "flash": flash,
            "markers": {f"seat{s}": bool(m) for s, m in enumerate(state.marked)},
            "red": [f"seat{s}" for s, at in station.refused_at.items() if 0 <= now_ms - at < REFUSAL_MS]}


def hardware_view(station) -> dict:
    """The hub build, whether it is the mock, the slots' states and the sensor board's link."""
    hub = station.hub
    if hub is None:
        return {"hub": None}
    return {"hub": hub.build.name, "seats": hub.build.seats, "mock": station.is_mock,
            "slots": dict(hub.slots), "board": dict(station.board)}


#: the engine's sentence for what decided the winner (engine/scoring.py winners()) -> its code
TIE_BREAK_CODES = {
    "lowest total": "lowest-total",
    "tied on the lowest total: they share the win": "shared",
    "tied on total; most rounds scored 0": "most-zero-rounds",
    "tied on total and rounds scored 0; lowest non-zero round score": "lowest-round",
    "tied on every tie-break: they share the win": "all-tied",
}


def standings(referee) -> tuple[list[dict], dict | None]:
    """Standings best first, and what decided the winner (None until the game is over).

    Ties share a rank ("1=") until the game's end decides them by the profile's tie-break
    (rules.md 2, house-rules.md). The decision is ``{"code", "winners", "facts"}`` so every page
    words it in its own language: code ``lowest-total`` | ``shared`` | ``most-zero-rounds`` |
    ``lowest-round`` | ``all-tied``; ``winners`` the winning seats; facts ``total`` (the winners'
    total, points), ``zeros`` (rounds a winner scored 0), ``lowest`` (a winner's lowest non-zero
    round score, None if every round was 0), ``tied`` (how many seats had the lowest total).
    """
    game = referee.game
    totals = game.totals()
    names = referee.names
    win = game.winners()
    decided = None
    if win is not None:
        winners, sentence = win
        scored = [game.round_scores(i) for i in range(len(game.rounds))]
        order = _tie_break_order(scored, totals, referee.rules.options.tie_break)
        decided = _decided(winners, sentence, scored, totals)
    else:
        winners, order = [], sorted(range(len(names)), key=lambda s: totals[s])
    rows = []
    for position, seat in enumerate(order):
        key = _rank_key(seat, totals, winners, win is not None)
        rank = 1 + sum(1 for other in order if _rank_key(other, totals, winners, win is not None) < key)
        shared = sum(1 for other in order if _rank_key(other, totals, winners, win is not None) == key) > 1
        rows.append({"seat": seat, "name": names[seat], "total": totals[seat], "rank": rank, "shared": shared})
    return rows, decided


def _decided(winners, sentence, scored, totals) -> dict:
    """The engine's decision as a code and the facts a page words it with (see standings())."""
    first = winners[0]
    mine = [r[first] for r in scored if r is not None]
    above_zero = [v for v in mine if v > 0]
    return {"code": TIE_BREAK_CODES.get(sentence, "other"), "winners": list(winners),
            "facts": {"total": totals[first], "zeros": sum(1 for v in mine if v == 0),
                      "lowest": min(above_zero) if above_zero else None,
                      "tied": sum(1 for v in totals if v == totals[first])}}


def pip_values(referee) -> dict[str, int]:
    """Every tile of the game's set ("low-high", e.g. "5-12") -> the pips it counts in a hand,
    the double-blank counting the game's ``double_blank_points`` (rules.md 1)."""
    points = referee.rules.options.double_blank_points
    return {str(t): pips(t, points) for t in full_set(referee.rules.top)}


def _rank_key(seat, totals, winners, decided):
    if decided:
        return (0 if seat in winners else 1, totals[seat])
    return (totals[seat],)


def _tie_break_order(scored, totals, tie_break):
    remaining = list(range(len(totals)))
    order = []
    while remaining:
        sub = [[r[s] for s in remaining] for r in scored]
        best, _ = decide_winners(sub, tie_break)
        chosen = [remaining[i] for i in best]
        order.extend(sorted(chosen))
        remaining = [s for s in remaining if s not in chosen]
    return order


def result_with_corrections(referee) -> dict:
    """The replay result of the game so far, each round carrying its ``corrections``, each with
    ``from``: the score it replaced ("round 3, Ana: 23 -> 18 (host)")."""
    result = referee.game.result()
    for index, (entry, rnd) in enumerate(zip(result["rounds"], referee.game.rounds)):
        scores = list(referee.game.raw_scores(index) or [])
        entry["corrections"] = []
        for fix in rnd.corrections:
            before = scores[fix["seat"]] if scores else None
            entry["corrections"].append({**fix, "from": before})
            if scores:
                scores[fix["seat"]] = fix["score"]
    return result


def seat_rows(referee, joined: set[int]) -> list[dict]:
    rnd = referee.game.current
    counts = rnd.hand_counts if rnd is not None else [0] * referee.rules.players
    return [{"seat": s, "name": name, "joined": s in joined, "tile_count": counts[s],
             "one_tile": rnd is not None and not rnd.ended and counts[s] == 1,
             "hardware": s < referee.hardware_seats}
            for s, name in enumerate(referee.names)]


def seat_options(referee, seat: int) -> dict:
    """What the seat controller may offer ``seat`` now (from the engine's own checks)."""
    rnd = referee.game.current
    empty = {"play": {}, "trains": [], "draw": False, "pass": False, "done": False, "engine": False,
             "reveal": False}
    if rnd is None:
        return empty
    if rnd.ended:
        shown = referee.shown.get(rnd.index, {})
        empty["reveal"] = not rnd.known and seat not in shown
        return empty
    offered = rnd.offered_plays(seat) if rnd.engine_placed and rnd.turn == seat else {"trains": []}
    return {
        "play": {str(t["on"]): t["tiles"] for t in offered["trains"] if t["tiles"]},
        "trains": [{"on": t["on"], "open": t["open"], "reason": t["reason"], "code": t["code"]}
                   for t in offered["trains"]],
        "draw": rnd.can_draw(seat),
        "pass": rnd.can_pass(seat),
        "done": rnd.can_end_turn(seat),
        "engine": rnd.accepts(Event(seat, "engine")),
        "reveal": False,
    }


def my_hand(referee, seat: int) -> list[str] | None:
    """The seat's own hand where the station knows it (virtual tiles), else None."""
    rnd = referee.game.current
    if rnd is None or not rnd.known:
        return None
    return sorted((str(t) for t in rnd.hands[seat]), key=lambda x: tuple(map(int, x.split("-"))))
