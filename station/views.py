"""The table as the pages see it: ``view()`` and ``seat_view()`` of station/interface.py, built
from a referee. Pure functions, no I/O."""
from __future__ import annotations

import time

from engine import Event, parse_tile
from engine.errors import IllegalEvent
from engine.scoring import winners as decide_winners
from engine.tiles import full_set, hand_pips, pips

from engine.options import PLAYER_RANGE
from engine.players import POLICIES

from .auth import NAME_MAX, PIN_MAX, PIN_MIN, TEXT_MAX
from .engine_search import engine_search
from .game_end import decision, is_over, over_view, phase, placed, scored_rounds, view_result
from .host_view import host_controls
from .house_rules import moot, non_default
from .lights import REFUSAL_MS, frame, light_state


def table_view(station) -> dict:
    """``Station.view()`` (station/interface.py gives the shape); the caller holds the lock."""
    ref = station.referee
    common = {"version": station.version, "leds": leds_view(station), "log": list(station.log),
              "hardware": hardware_view(station), "club_setup": getattr(station, "club_setup", None),
              "limits": LIMITS}
    if ref is None:
        return {**common, "game": None, "result": None, "standings": [], "tie_break": None,
                "seats": [], "prompt": None, "host": None, "phase": phase(None), "over": None,
                "final_table": None}
    return {**common, **game_view(ref, station.game_id, station.hardware_seats,
                                  set(station.store.tokens(station.game_id)), station.store.joins(station.game_id)),
            "prompt": None if is_over(ref) else station.prompt}


#: what the station accepts, for the pages' forms (station/auth.py, engine/options.py,
#: engine/players.py): players per profile (min, max), the most of any profile, characters in a
#: name and a correction's reason, digits in a host PIN (``pin_digits``), computer players' policies
LIMITS = {"players": {k: list(v) for k, v in PLAYER_RANGE.items()},
          "players_max": max(hi for _lo, hi in PLAYER_RANGE.values()),
          "name_max": NAME_MAX, "reason_max": TEXT_MAX, "pin_digits": [PIN_MIN, PIN_MAX], "policies": list(POLICIES)}


def game_view(ref, game_id: int, hardware_seats: int, joined: set[int], joins: dict[int, int] | None = None) -> dict:
    """The game's part of the view (``game``, ``result``, ``standings``, ``tie_break``, ``phase``,
    ``over``, ``seats``, ``host``; station/interface.py gives the shapes) for a referee: the game
    on show, or a stored one (``StoredGames.stored_view``); ``joined`` the seats with a phone,
    ``joins`` how many times a phone joined each seat (absent: never)."""
    rows, decided = standings(ref)
    return {
        "game": {"id": game_id, "profile": ref.rules.profile, "set": ref.rules.top,
                 "options": dict(ref.setup.get("options") or {}), "hidden_hands": ref.hidden,
                 "hints": bool(ref.setup.get("hints", True)),
                 "computers": dict(ref.setup.get("computers") or {}),
                 "house": non_default(ref.rules.profile, ref.setup.get("options")),
                 "moot": moot(ref.rules.profile, ref.setup.get("options")),
                 "players": list(ref.names), "hardware_seats": hardware_seats,
                 "status": ref.status, "rounds_total": ref.rules.rounds, "deal": ref.deal_summary(),
                 "pips": pip_values(ref),
                 "shown": {str(r): sorted(s) for r, s in ref.shown.items()},
                 "engine_placed": ref.round is not None and ref.round.engine_placed},
        "result": view_result(ref, result_with_corrections(ref)),
        "standings": rows,
        "tie_break": decided,
        "phase": phase(ref),
        "over": over_view(ref),
        "open_ends": open_ends(ref),
        "final_table": final_table(ref),
        "follow_up": follow_up(ref),
        "engine_search": None if is_over(ref) else engine_search(ref),
        "running": running_totals(ref),
        "seats": seat_rows(ref, joined, joins or {}),
        "host": host_controls(ref),
    }


def seat_me(station, seat: int) -> dict:
    """The ``me`` part of a seat's view (station/interface.py gives the shape): its options, its
    hand where the station knows it (virtual tiles, or a privately registered hand), the tiles it
    may play and on which trains, the tile it just drew, whether it must count its hand, its round
    score and rank (pip values: ``game.pips``). The page decides none of these; the caller holds
    the lock."""
    ref = station.referee
    rnd = ref.game.current
    hand = my_hand(ref, seat)
    if hand is None and rnd is not None and ref.registered.get((rnd.index, seat)) is not None:
        hand = _sorted(ref.registered[(rnd.index, seat)] - rnd.on_table)
    options = seat_options(ref, seat)
    # with virtual tiles the station knows the hand: the tiles off the table would name the others'
    free = _free_tiles(ref) if ref.hidden else []
    count = rnd.hand_counts[seat] if rnd is not None else 0
    registered = registered_state(ref, seat, count)
    playing = ref.status == "playing"
    return {"seat": seat, "name": ref.names[seat], "hand": hand, "options": options,
            "registered": registered,
            "hint": bool(playing and ref.setup.get("hints", True) and hand is not None and len(hand) == count),
            "tile_count": rnd.hand_counts[seat] if rnd is not None else 0,
            "playable": (fits := playable(ref, seat, hand, options)),
            "unplayable": unplayable(ref, seat, hand, fits),
            "drawn": drawn_tile(rnd, seat),
            "free": free,
            "count": count_view(ref, seat, hand),
            "round_end": round_end(ref, seat),
            "game_over": game_over(station, seat),
            "timing": {"refusal_flash_ms": REFUSAL_MS}}


def follow_up(ref) -> dict | None:
    """While the seat to play still owes the play after a double it just played: ``{"seat",
    "anywhere": that play may go on any train open to it (the double binds after it), "doubles":
    [{"on": "0".."n-1"|"mexican", "tile": "a-b"}]}``; None otherwise, and once the game is over
    (engine ``follow_up``, rules.md 1 *Doubles*)."""
    rnd = ref.game.current
    if rnd is None or is_over(ref):
        return None
    owed = rnd.follow_up()
    if owed is None:
        return None
    return {"seat": owed["seat"], "anywhere": owed["anywhere"],
            "doubles": [{"on": str(on), "tile": str(d)} for on, d in owed["doubles"]]}


def open_ends(ref) -> dict[str, int]:
    """The round in play's open end per train ("0", "1", ..., "mexican") -> pip: the engine's pip
    on a train with no tile yet (never None); {} with no round or once the game is over."""
    rnd = ref.game.current
    if rnd is None or is_over(ref):
        return {}
    trains = [*range(len(ref.names)), "mexican"]
    return {str(on): rnd.open_end(on) for on in trains}


def final_table(ref) -> dict | None:
    """Once the game is over (played out, ended early or abandoned) and a round had begun: the
    table as the last round left it, for the pages to keep drawing under "Game over"
    ``{"round": index, "engine": pip, "trains": [record-format.md state.trains], "open_ends":
    {"0": pip, ..., "mexican": pip}}`` (the engine's pip on an empty train); None otherwise. No
    turn and no open double: nobody plays on it any more (``result.state`` is None then)."""
    rnd = ref.game.current
    if rnd is None or not is_over(ref):
        return None
    state = rnd.state()
    trains = [*range(len(ref.names)), "mexican"]
    return {"round": state["round"], "engine": state["engine"], "trains": state["trains"],
            "open_ends": {str(on): rnd.open_end(on) for on in trains}}


def running_totals(ref) -> list[list[int]]:
    """Per seat, its total after each scored round in order, starting at 0 (the scoreboard's
    chart of running totals): ``[[0, 12, 20], [0, 5, 31]]``."""
    out = [[0] for _ in ref.names]
    for scores in scored_rounds(ref):
        for seat, score in enumerate(scores):
            out[seat].append(out[seat][-1] + score)
    return out


def registered_state(ref, seat: int, count: int) -> str:
    """Hidden hands: the seat's registered hand this round against the tiles it holds: ``none``
    (not registered, or virtual tiles), ``full`` (every rule is checked), ``drew`` (one short:
    the tile just drawn to add), ``off`` (another mismatch: register again)."""
    rnd = ref.game.current
    tiles = ref.registered.get((rnd.index, seat)) if rnd is not None and ref.hidden else None
    if tiles is None:
        return "none"
    held = len(tiles - rnd.on_table)
    return "full" if held == count else "drew" if held == count - 1 else "off"


def _sorted(tiles) -> list[str]:
    """Tiles as the station writes them ("3-6"), lowest first."""
    return [str(t) for t in sorted(tiles)]


def _free_tiles(ref) -> list[str]:
    """Every tile of the set not on the table (the classic engine counts as in a hand until it
    is placed): what a hidden hand may hold, for registering and counting it."""
    rnd = ref.game.current
    on_table = rnd.on_table if rnd is not None else set()
    return _sorted(t for t in full_set(ref.rules.top) if t not in on_table)


def playable(ref, seat: int, hand: list[str] | None, options: dict) -> dict[str, list[str]]:
    """The tiles of the seat's known hand that it may play now, each with the trains it would
    be accepted on (``options["play"]`` keys: "0", "mexican"); {} when the hand is not known."""
    if hand is None:
        return {}
    held = set(hand)
    fits: dict[str, list[str]] = {}
    for train, tiles in options["play"].items():
        for laid in tiles:
            tile = _norm(laid)
            if tile in held:
                fits.setdefault(tile, []).append(train)
    return fits


def unplayable(ref, seat: int, hand: list[str] | None, fits: dict[str, list[str]]) -> dict[str, dict]:
    """On the seat's turn, each tile of its known hand that it may not play now -> why:
    ``{"code", "house_rule"}``, the engine's refusal (record-format.md *Error codes*) of that tile
    on the seat's own train: "open-double", "last-tile-double", "first-turn", ... and "no-match"
    when no train open to the seat ends in either of its pips; ``house_rule`` the option that
    refuses it (engine/house.py) or None. ``fits``: ``playable``'s answer, whose tiles are left
    out. {} off the seat's turn, with the hand unknown, or before the engine is placed."""
    rnd = ref.game.current
    if hand is None or rnd is None or rnd.end is not None or not rnd.engine_placed or rnd.turn != seat:
        return {}
    why: dict[str, dict] = {}
    for tile in hand:
        if _norm(tile) in fits:
            continue
        try:
            rnd.check(Event(seat, "play", parse_tile(tile), seat))
        except IllegalEvent as refused:
            why[tile] = {"code": refused.code, "house_rule": refused.facts.get("house_rule")}
    return why


def drawn_tile(rnd, seat: int) -> str | None:
    """Virtual tiles: the tile ``seat`` drew last this round while it is still in its hand, the
    seat has played nothing since and no other seat has acted since (its turn); else None."""
    if rnd is None or not rnd.known:
        return None
    drawn, index = None, 0
    for event in rnd.events:
        if event.kind == "draw":
            drawn = rnd.boneyard[index] if event.seat == seat else None
            index += 1
        elif event.seat != seat or event.kind in ("play", "engine"):
            drawn = None              # played, or another seat has acted since: no longer "just"
    return str(drawn) if drawn is not None and drawn in rnd.hands[seat] else None


def count_view(ref, seat: int, hand: list[str] | None) -> dict:
    """Hidden hands at a round's end: ``must`` (this seat still shows or counts its hand),
    ``went_out`` (no tile left: it scores 0 and is never asked), ``tiles`` (what the count offers:
    the registered hand when it is complete, ``registered`` then true, else every tile not on the
    table nor known to be another seat's (shown, or in its registered hand): ``Referee.may_hold``), ``expected`` (how many tiles the station counts in the hand), ``total`` (the pips of
    the registered hand, for the player to confirm; None when the station does not know the
    hand) and ``scoring``: how the round score follows from the pips counted (house-rules.md:
    ``(pips + penalty) * factor``, ``penalty`` the marker penalty when this seat's train is
    marked, ``factor`` the multiplier when the round ended on a double; 0 and 1 change nothing;
    ``double_blank`` the pips the 0-0 counts in a hand, rules.md 1 / ``double_blank_points``, while
    this seat counts and the 0-0 may be in its hand, ``tiles`` offering it, else None), ``photo`` (the hub can read a
    photo of the tiles: OpenCV is installed, ``vision``)."""
    rnd = ref.game.current
    went_out = rnd is not None and ref.went_out(rnd.index, seat)
    must = rnd is not None and seat in ref.must_count(rnd.index) and not is_over(ref)
    complete = hand is not None and rnd is not None and len(hand) == rnd.hand_counts[seat]
    opts = ref.rules.options
    marked = bool(rnd is not None and rnd.marked[seat])
    factor = opts.out_on_double_multiplier if rnd is not None and rnd.ended and rnd.out_on_double else 1
    tiles = (hand if complete else _sorted(ref.may_hold(rnd.index, seat))) if must else []
    return {"must": must, "went_out": went_out, "registered": bool(must and complete),
            "tiles": tiles,
            "expected": rnd.hand_counts[seat] if must else 0,
            "total": hand_pips([parse_tile(t) for t in hand], opts.double_blank_points) if must and complete else None,
            "scoring": {"penalty": opts.marker_penalty if marked else 0, "factor": factor,
                        "double_blank": _double_blank(ref, tiles)},
            "photo": bool(must and photo_reading())}


def _double_blank(ref, tiles: list[str]) -> int | None:
    """The pips the 0-0 counts at this round's end (``double_blank_points``) when that is not its
    own 0 and the 0-0 is among the tiles the count offers (``tiles``: not on the table, and in the
    registered hand where the station knows it); else None."""
    points = ref.rules.options.double_blank_points
    return points if points and "0-0" in tiles else None


def photo_reading() -> bool:
    """Whether ``vision`` can read photos here (OpenCV and numpy installed)."""
    import vision
    return vision.available()


def round_end(ref, seat: int) -> dict | None:
    """Once the round in play has ended: its number, how it ended, who went out, its scores
    (None until every hand is counted), this seat's score and the seats still to count."""
    rnd = ref.game.current
    if rnd is None or not rnd.ended:
        return None
    scores = ref.game.round_scores(rnd.index)
    waiting = ref.must_count(rnd.index)
    if scores:
        counted = list(scores)
    else:                           # hidden hands while counting: what each seat has shown so far
        shown = ref.shown.get(rnd.index, {})
        counted = [None if s in waiting else _shown_pips(ref, shown.get(s, [])) for s in range(len(ref.names))]
    return {"round": rnd.index, "end": rnd.end, "out": list(rnd.out), "scores": scores,
            "counted": counted, "mine": scores[seat] if scores else None, "waiting": waiting}


def _shown_pips(ref, shown) -> int:
    """The pips of a shown hand (tiles or a count); a seat that went out has shown nothing: 0."""
    return shown if isinstance(shown, int) else hand_pips(shown, ref.rules.options.double_blank_points)


def game_over(station, seat: int) -> dict | None:
    """Once the game is finished: the winning seats, this seat's rank (1 = won), whether it
    shares it, and its total (what decided a tie: the view's ``tie_break``)."""
    ref = station.referee
    if decision(ref) is None:
        return None
    rows, _decided = standings(ref)
    mine = next(r for r in rows if r["seat"] == seat)
    return {"winners": [r["seat"] for r in rows if r["rank"] == 1],
            "rank": mine["rank"], "shared": mine["shared"], "total": mine["total"]}


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
    """The hub build, whether it is the mock, the slots' states, the sensor board's link, the
    build's long press (ms, a button held at least this long) and the refusal flash (ms)."""
    hub = station.hub
    if hub is None:
        return {"hub": None, "refusal_flash_ms": REFUSAL_MS}
    return {"hub": hub.build.name, "seats": hub.build.seats, "mock": station.is_mock,
            "slots": dict(hub.slots), "board": dict(station.board),
            "long_press_ms": hub.build.long_press_ms, "refusal_flash_ms": REFUSAL_MS}


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
    (rules.md 2, house-rules.md). Each row's ``placed`` is false once the game is abandoned: no
    page shows a rank then, only the totals (station/game_end.py ``placed``). The decision is ``{"code", "winners", "facts"}`` so every page
    words it in its own language: code ``lowest-total`` | ``shared`` | ``most-zero-rounds`` |
    ``lowest-round`` | ``all-tied``; ``winners`` the winning seats; facts ``total`` (the winners'
    total, points), ``zeros`` (rounds a winner scored 0), ``lowest`` (a winner's lowest non-zero
    round score, None if every round was 0), ``tied`` (how many seats had the lowest total).
    """
    game = referee.game
    totals = game.totals()
    names = referee.names
    win = decision(referee)
    decided = None
    if win is not None:
        winners, sentence = win
        scored = scored_rounds(referee)
        order = _tie_break_order(scored, totals, referee.rules.options.tie_break)
        decided = _decided(winners, sentence, scored, totals)
    else:
        winners, order = [], sorted(range(len(names)), key=lambda s: totals[s])
    rows = []
    for position, seat in enumerate(order):
        key = _rank_key(seat, totals, winners, win is not None)
        rank = 1 + sum(1 for other in order if _rank_key(other, totals, winners, win is not None) < key)
        shared = sum(1 for other in order if _rank_key(other, totals, winners, win is not None) == key) > 1
        rows.append({"seat": seat, "name": names[seat], "total": totals[seat], "rank": rank, "shared": shared,
                     "placed": placed(referee)})
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
    while remaining and scored:
        sub = [[r[s] for s in remaining] for r in scored]
        best, _ = decide_winners(sub, tie_break)
        chosen = [remaining[i] for i in best]
        order.extend(sorted(chosen))
        remaining = [s for s in remaining if s not in chosen]
    return order + remaining


def result_with_corrections(referee) -> dict:
    """The replay result of the game so far, each round carrying its ``corrections``, each with
    ``from``: the score it replaced ("round 3, Ana: 23 -> 18 (host)")."""
    result = referee.game.result()
    for index, (entry, rnd) in enumerate(zip(result["rounds"], referee.game.rounds)):
        scores = list(referee.game.raw_scores(index) or [])
        entry["double_blank"] = double_blank_held(referee, index)
        entry["corrections"] = []
        for fix in rnd.corrections:
            before = scores[fix["seat"]] if scores else None
            entry["corrections"].append({**fix, "from": before})
            if scores:
                scores[fix["seat"]] = fix["score"]
    return result


def double_blank_held(referee, index: int) -> dict | None:
    """Round ``index`` once ended: ``{"seat", "points"}`` when the 0-0 is among the tiles left in a
    seat's hand as the station knows them (virtual tiles, or the tiles a seat showed), so its round
    score includes the 0-0's ``double_blank_points`` (rules.md 1, *Round score*); None when the 0-0
    counts 0, nobody is known to hold it (a typed count says no tile) or the host corrected that
    seat's score."""
    points = referee.rules.options.double_blank_points
    rnd = referee.game.rounds[index]
    if not points or not rnd.ended:
        return None
    blank = parse_tile("0-0")
    if rnd.known:
        hands = rnd.hands
    else:
        shown = referee.shown.get(index, {})
        hands = [shown.get(s) if isinstance(shown.get(s), list) else [] for s in range(len(referee.names))]
    corrected = {fix["seat"] for fix in rnd.corrections}
    seat = next((s for s, hand in enumerate(hands) if blank in hand), None)
    if seat is None or seat in corrected:
        return None
    return {"seat": seat, "points": points}


def seat_rows(referee, joined: set[int], joins: dict[int, int]) -> list[dict]:
    """The view's ``seats`` (station/interface.py): per seat its name, whether a phone holds it
    (``joined``), how many times a phone joined it (``joins``), its tile count and one-tile call."""
    rnd = referee.game.current
    counts = rnd.hand_counts if rnd is not None else [0] * referee.rules.players
    computers = referee.setup.get("computers") or {}
    return [{"seat": s, "name": name, "joined": s in joined, "joins": joins.get(s, 0), "tile_count": counts[s],
             "one_tile": rnd is not None and not rnd.ended and not is_over(referee) and counts[s] == 1,
             "hardware": s < referee.hardware_seats, "computer": computers.get(str(s))}
            for s, name in enumerate(referee.names)]


def seat_options(referee, seat: int) -> dict:
    """What the seat controller may offer ``seat`` now (from the engine's own checks and, with a
    registered hand, the referee's): per train the tiles that would be accepted, and whether a
    draw, pass, end of first turn or engine would be; ``why`` gives each refused one's code and
    facts so the page shows the reason beside the disabled control."""
    rnd = referee.game.current
    empty = {"play": {}, "trains": [], "draw": False, "pass": False, "done": False, "engine": False,
             "reveal": False, "why": {}}
    if rnd is None or is_over(referee):      # a game over, also ended mid-round: nobody acts
        return empty
    if rnd.ended:
        empty["reveal"] = seat in referee.must_count(rnd.index)
        return empty
    offered = rnd.offered_plays(seat) if rnd.engine_placed and rnd.turn == seat else {"trains": []}
    held = referee.checked_hand(seat)
    if held is not None:          # a registered hand being checked: only its tiles are accepted
        held = {str(t) for t in held}
        for train in offered["trains"]:
            train["tiles"] = [x for x in train["tiles"] if _norm(x) in held]
    options = {
        "play": {str(t["on"]): t["tiles"] for t in offered["trains"] if t["tiles"]},
        "trains": [{"on": t["on"], "open": t["open"], "reason": t["reason"], "code": t["code"],
                    "house_rule": t.get("house_rule")}
                   for t in offered["trains"]],
        "engine": rnd.accepts(Event(seat, "engine")),
        "reveal": False,
        "why": {},
    }
    for kind in ("done", "draw", "pass"):
        refused = referee.refusal(Event(seat, kind))
        options[kind] = refused is None
        if refused is not None:
            code = refused.code
            if code == "first-turn" and kind != "done" and options["done"]:
                code = "end-with-done"        # the classic first turn: what to do, not what not to
            options["why"][kind] = {"code": code, "facts": dict(refused.facts)}
    return options


def _norm(tile: str) -> str:
    a, b = (int(x) for x in tile.split("-"))
    return f"{min(a, b)}-{max(a, b)}"


def my_hand(referee, seat: int) -> list[str] | None:
    """The seat's own hand where the station knows it (virtual tiles), else None."""
    rnd = referee.game.current
    if rnd is None or not rnd.known:
        return None
    return _sorted(rnd.hands[seat])
