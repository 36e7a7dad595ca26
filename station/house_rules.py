"""The game's options as the pages see them: which there are, which differ from the rules' defaults,
and which another makes moot (house-rules.md *Interactions*, decided by ``engine.house``).

The host page words every option in its language from the keys given here; it decides no rule.

>>> from engine.options import make_options
>>> non_default("hub", {"doubles_open": False, "double_blank_points": 50})
[{'option': 'doubles_open', 'value': False, 'house': True}]
>>> sorted(moot("hub", {"doubles_open": False}))[:2]
['close_doubles', 'double_binds']
"""
from __future__ import annotations

from dataclasses import asdict

from engine.errors import OptionError
from engine.house import HOUSE_OPTIONS, moot_options
from engine.options import CLOSE_DOUBLES, PROFILE_DEFAULTS, PROFILES, TIE_BREAKS, make_options

#: rules.md section 4's options the host page offers (hand size has its own field), in page order;
#: option -> allowed values ("int": a whole number, with its least value)
RULE_OPTIONS: dict[str, tuple] = {
    "deal_table": PROFILES,
    "engine_in_deal": (True, False),
    "first_turn_multi_play": (True, False),
    "mexican_on_first_turn": (True, False),
    "close_doubles": CLOSE_DOUBLES,
    "unsatisfiable_exemption": (True, False),
    "must_play": (True, False),
    "double_blank_points": ("int", 0),
    "tie_break": TIE_BREAKS,
}

#: options that say nothing of the rules a table plays by (the deal line shows the hand size)
NOT_SHOWN = {"hand_size"}


def _values(name: str) -> dict:
    """``{"kind": "bool" | "choice" | "int", "values": [...]}`` or, for a whole number,
    ``{"kind": "int", "min": least}`` (``rounds``: at most the set's top + 1, checked at set-up)."""
    if name in HOUSE_OPTIONS:
        allowed = HOUSE_OPTIONS[name]
        if allowed[1] is None or name == "rounds":
            return {"kind": "int", "min": allowed[0]}
    else:
        allowed = RULE_OPTIONS[name]
        if allowed[0] == "int":
            return {"kind": "int", "min": allowed[1]}
    kind = "bool" if isinstance(allowed[0], bool) else "choice"
    return {"kind": kind, "values": list(allowed)}


def option_catalogue() -> dict:
    """Every option the host page offers: ``{"rules": [...], "house": [...]}``, each
    ``{"option", "kind", "values" | "min", "default": {"classic": value, "hub": value}}``
    (``rounds``' default is None: the set's top + 1)."""
    def row(name):
        return {"option": name, **_values(name),
                "default": {p: asdict(PROFILE_DEFAULTS[p])[name] for p in PROFILES}}
    return {"rules": [row(n) for n in RULE_OPTIONS], "house": [row(n) for n in HOUSE_OPTIONS]}


def non_default(profile: str, options: dict | None) -> list[dict]:
    """The options of a set-up that differ from ``profile``'s defaults, in page order:
    ``[{"option", "value", "house": bool}]`` (``house``: a house rule of house-rules.md). A bad
    profile or option gives [] (the set-up itself refuses it)."""
    try:
        chosen = asdict(make_options(profile, options))
    except OptionError:
        return []
    defaults = asdict(PROFILE_DEFAULTS[profile])
    return [{"option": n, "value": chosen[n], "house": n in HOUSE_OPTIONS}
            for n in (*RULE_OPTIONS, *HOUSE_OPTIONS) if n not in NOT_SHOWN and chosen[n] != defaults[n]]


def moot(profile: str, options: dict | None) -> dict[str, dict]:
    """``engine.house.moot_options`` of a set-up: ``{option: {"because": option, "reason": English}}``;
    {} for a bad profile or option."""
    try:
        return moot_options(make_options(profile, options))
    except OptionError:
        return {}
