"""The station's set-up defaults: a hand size wherever the profile's deal table has no row.

rules.md 2 and 3 give hand sizes by set and player count; a set may be chosen with an explicit hand
size (rules.md 2 *Players and sets*), and a row that would deal more tiles than there are is
``bad-record`` (the same section, **[decided]**). The host page offers every set for every player
count, so where the game's deal table (option ``deal_table``, the profile's own by default) has no
row and no ``hand_size`` is given, the station states one and sets it as ``hand_size``:

1. the classic table's row for that set and player count, where it deals (players x hand size
   does not exceed the tiles dealt from);
2. else the largest hand that deals, up to the classic table's largest hand for that set
   (double-6: 7, double-9 and double-12: 15, double-15 and double-18: 11).

The engine's deal tables are not changed: the game record carries the hand size as an option, so a
replay deals the same.

>>> default_hand_size("hub", 6, 3, {})
{'hand_size': 7, 'from': 'classic', 'table': 'hub', 'set': 6, 'players': 3}
>>> default_hand_size("hub", 6, 4, {})["hand_size"]      # 4 x 7 > 27 (the engine is set aside)
6
>>> default_hand_size("hub", 12, 4, {}) is None            # the hub table has that row
True
"""
from __future__ import annotations

from engine import RefereeError, Rules
from engine.errors import OptionError
from engine.options import DEAL_TABLES, DEFAULT_SET, PLAYER_RANGE, make_options
from engine.tiles import SET_SIZES, full_set

from .auth import name_problem
from .house_rules import moot, non_default
from .interface import StationError


def dealt_from(top: int, engine_in_deal: bool) -> int:
    """Tiles shuffled for the deal: the set (28 ... 190 tiles), less the engine where it is set aside."""
    return len(full_set(top)) - (0 if engine_in_deal else 1)


def default_hand_size(profile: str, top: int | None, players: int, options: dict) -> dict | None:
    """The stated hand size for a set-up whose deal table has no row, else None.

    ``top`` None means the profile's default set for ``players``. Returns ``{"hand_size": int,
    "from": "classic" | "largest", "table": the deal table without a row, "set": top, "players": n}``.
    Returns None where the table has the row, ``hand_size`` is given, or the set-up is bad in another
    way (an unknown option, a player count or set the rules do not take): the engine's own check
    (``Rules.make``) then refuses it with its reason.
    """
    try:
        opts = make_options(profile, options)
    except OptionError:
        return None
    low, high = PLAYER_RANGE[profile]
    if opts.hand_size is not None or not isinstance(players, int) or not low <= players <= high:
        return None
    if top is None:
        top = DEFAULT_SET[profile].get(players)
    if isinstance(top, bool) or top not in SET_SIZES:
        return None
    if DEAL_TABLES[opts.deal_table].get(top, {}).get(players) is not None:
        return None
    tiles = dealt_from(top, opts.engine_in_deal)
    classic = DEAL_TABLES["classic"].get(top, {})
    row = classic.get(players)
    if row is not None and players * row <= tiles:
        return {"hand_size": row, "from": "classic", "table": opts.deal_table, "set": top, "players": players}
    largest = min(max(classic.values()), tiles // players)
    return {"hand_size": largest, "from": "largest", "table": opts.deal_table, "set": top, "players": players}


def too_many_tiles(top: int, players: int, hand: int, engine_in_deal: bool) -> dict | None:
    """The facts of a deal that needs more tiles than there are (rules.md 2, **[decided]**), else None:
    ``{"players", "hand", "need", "set", "have", "most"}`` (``most``: the largest hand that deals)."""
    have = dealt_from(top, engine_in_deal)
    if players * hand <= have:
        return None
    return {"players": players, "hand": hand, "need": players * hand, "set": top, "have": have,
            "most": have // players}


def default_words(default: dict) -> str:
    """The stated hand size's reason in English, for the log, as the pages word it (``MT.dealWhy``):
    "as the classic rules deal: the hub's rules give no hand size for 3 players with double-6"."""
    row = f"{default['players']} players with double-{default['set']}"
    if default["from"] == "classic":
        return f"as the classic rules deal: the {default['table']}'s rules give no hand size for {row}"
    return f"the most that deals: no rules give a hand size for {row}"


def setup_facts(facts: dict, profile: str, top, players: int, options: dict) -> dict:
    """The facts of a refused set-up, with what a page needs to word it: the profile for a player
    count, and for a hand size the tiles needed and the most each may get (``too_many_tiles``)."""
    facts = dict(facts)
    facts.setdefault("profile", profile)
    if facts.get("option") == "hand_size":
        opts = make_options(profile, options)
        top = top if top is not None else DEFAULT_SET[profile].get(players)
        facts.update(too_many_tiles(top, players, opts.hand_size, opts.engine_in_deal) or {})
    return facts


def setup_options(players, profile: str, top, options) -> tuple[list[str], dict, dict | None]:
    """Names trimmed and checked, and the options with the stated hand size where the deal table
    has no row: ``(players, options, default or None)``. The one check of a set-up's names, for
    ``Station.setup_game`` and its preview alike. Raises ``StationError`` ("bad-request"): a missing
    name (``facts`` ``field`` "players", ``option`` "names"), or a name that is not valid text
    (``station.auth.name_problem``: too long, control characters, bidirectional overrides,
    nothing visible; ``facts["field"]`` "players[i]")."""
    players = [p.strip() if isinstance(p, str) else p for p in players or []]
    if not players or not all(players):
        raise StationError("give every player a name", code="bad-request",
                           facts={"field": "players", "option": "names"})
    for i, name in enumerate(players):
        problem = name_problem(name)
        if problem:
            raise StationError(f"player {i + 1}'s name {problem}", code="bad-request",
                               facts={"field": f"players[{i}]"})
    options = dict(options or {})
    default = default_hand_size(profile, top, len(players), options)
    if default is not None:
        options["hand_size"] = default["hand_size"]
    return players, options, default


def preview(players, profile: str, top, options) -> dict:
    """The deal a set-up would give: ``{"set", "rounds", "hand_size", "boneyard", "default"?,
    "house", "moot"}`` (``house``: the options that differ from the rules' defaults, ``moot``: those
    another option makes moot; station/house_rules.py). Raises ``StationError`` as ``Station.setup_game`` does for the same set-up."""
    players, options, default = setup_options(players, profile, top, options)
    try:
        rules = Rules.make(profile, top, len(players), options)
    except RefereeError as exc:
        raise StationError(exc.message, code="bad-request",
                           facts=setup_facts(exc.facts, profile, top, len(players), options)) from None
    deal = {"set": rules.top, "rounds": rules.rounds, "hand_size": rules.hand_size,
            "boneyard": rules.boneyard_after_deal,
            "house": non_default(profile, options), "moot": moot(profile, options)}
    if default is not None:
        deal["default"] = default
    return deal
