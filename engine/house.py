"""The house rules of house-rules.md: their names, allowed values and the checks of a value.

The options themselves live in ``engine.options.Options`` (defaults that change nothing); the rules
they change live where the rule does (``checks``, ``legal``, ``round``, ``scoring``). A refusal
that only a house rule causes carries ``house_rule`` (the option's name) in its facts and says
"house rule" in its English sentence, so a page can word it.

>>> HOUSE_OPTIONS["double_binds"]
('everyone', 'player')
"""
from __future__ import annotations

from .errors import OptionError

#: option -> allowed values, default first; an integer option as (default, None): the default or
#: more; ``rounds`` as (1, "set + 1"): its default is the set's top + 1
HOUSE_OPTIONS: dict[str, tuple] = {
    "doubles_open": (True, False),
    "double_binds": ("everyone", "player"),
    "follow_double": ("anywhere", "on_double"),
    "first_turn_doubles_open": (False, True),
    "last_tile_double": ("allowed", "forbidden"),
    "draw_until_playable": (False, True),
    "marker_penalty": (0, None),
    "own_train_first": (False, True),
    "out_on_double_multiplier": (1, None),
    "rounds": (1, "set + 1"),
}

#: the common name of each house rule, as refusals word it ("... : house rule own train first")
HOUSE_NAMES = {
    "doubles_open": "doubles don't bind",
    "double_binds": "a double binds only its player",
    "follow_double": "follow on the double",
    "first_turn_doubles_open": "first-turn doubles are open",
    "last_tile_double": "no double as the last tile",
    "draw_until_playable": "draw until you can play",
    "marker_penalty": "penalty for a marked train",
    "own_train_first": "own train first",
    "out_on_double_multiplier": "going out on a double multiplies",
    "rounds": "shorter game",
}


def house_note(option: str) -> str:
    """The words a refusal adds when a house rule caused it: ``"house rule: own train first"``."""
    return f"house rule: {HOUSE_NAMES[option]}"


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_bool(name: str, value) -> None:
    if not isinstance(value, bool):
        raise OptionError(f"option {name!r} is {value!r}: allowed values are true or false",
                          option=name, allowed=[True, False])


def _check_choice(name: str, value) -> None:
    allowed = HOUSE_OPTIONS[name]
    if not isinstance(value, str) or value not in allowed:
        raise OptionError(f"option {name!r} is {value!r}: allowed values are "
                          + " or ".join(repr(a) for a in allowed), option=name, allowed=list(allowed))


def _check_at_least(name: str, value) -> None:
    low = HOUSE_OPTIONS[name][0]                     # the default is the least value allowed
    if not _is_int(value) or value < low:
        raise OptionError(f"option {name!r} is {value!r}: allowed values are whole numbers from {low}",
                          option=name, allowed=f">= {low}")


def _check_rounds_form(name: str, value) -> None:
    if not _is_int(value) or value < 1:
        raise OptionError(f"option 'rounds' is {value!r}: allowed values are whole numbers from 1 to "
                          "the set's top + 1", option=name, allowed=">= 1")


def check_rounds(rounds: int | None, top: int) -> None:
    """Raise ``OptionError`` unless ``rounds`` (None: the default) is 1..top + 1 (house-rules.md)."""
    if rounds is not None and not 1 <= rounds <= top + 1:
        raise OptionError(f"option 'rounds' is {rounds!r}: a double-{top} game has 1 to {top + 1} rounds",
                          option="rounds", allowed=f"1-{top + 1}")


#: option -> the check of a value's form (raises ``OptionError`` naming the option and the values)
HOUSE_CHECKS = {
    "doubles_open": _check_bool, "first_turn_doubles_open": _check_bool,
    "draw_until_playable": _check_bool, "own_train_first": _check_bool,
    "double_binds": _check_choice, "follow_double": _check_choice, "last_tile_double": _check_choice,
    "marker_penalty": _check_at_least, "out_on_double_multiplier": _check_at_least,
    "rounds": _check_rounds_form,
}


#: reason code -> why the other option has no effect (English; web/option_words.py MOOT_WORDS words them)
MOOT_REASONS: dict[str, str] = {
    "doubles-dont-bind": "doubles don't bind",
    "binds-only-its-player": "a double binds only its player, and a first-turn chain's turn has ended",
    "no-double-last": "nobody may go out on a double",
    "no-first-turn-circuit": "there is no first-turn circuit",
}


def moot_options(options) -> dict[str, dict]:
    """Which options another option makes moot (house-rules.md *Interactions*), for a set-up page
    to grey them: ``{option: {"because": other option, "value": that option's value, "code": the
    reason's code, "reason": English}}``. The codes: ``doubles-dont-bind``, ``binds-only-its-player``,
    ``no-double-last``, ``no-first-turn-circuit`` (MOOT_REASONS).

    ``options`` is an ``engine.options.Options`` (the profile's defaults filled in).
    """
    moot: dict[str, dict] = {}

    def grey(names, because, code):
        for name in names:
            moot.setdefault(name, {"because": because, "value": getattr(options, because), "code": code,
                                   "reason": MOOT_REASONS[code]})

    if not options.doubles_open:
        grey(("double_binds", "follow_double", "close_doubles", "unsatisfiable_exemption",
              "first_turn_doubles_open"), "doubles_open", "doubles-dont-bind")
    if options.double_binds == "player":
        grey(("first_turn_doubles_open",), "double_binds", "binds-only-its-player")
    if options.last_tile_double == "forbidden":
        grey(("out_on_double_multiplier",), "last_tile_double", "no-double-last")
    if not options.first_turn_multi_play:
        grey(("first_turn_doubles_open",), "first_turn_multi_play", "no-first-turn-circuit")
    return moot
