"""Rule profiles, their options and the deal tables (rules.md sections 2, 3 and 4), and the house
rules of house-rules.md (their values are checked in ``engine.house``).

>>> rules = Rules.make("hub", 12, 4)
>>> rules.hand_size, rules.options.close_doubles
(15, 'in_order')
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from .errors import BadRecord, OptionError
from .house import HOUSE_CHECKS, check_rounds, house_note
from .tiles import SET_SIZES, Tile, full_set

PROFILES = ("classic", "hub")
PLAYER_RANGE = {"classic": (2, 14), "hub": (2, 12)}

#: deal table -> set -> players -> tiles each (rules.md 2 and 3)
DEAL_TABLES: dict[str, dict[int, dict[int, int]]] = {
    "classic": {
        6: {2: 7, 3: 7, 4: 7},
        9: {2: 15, 3: 15},
        12: {4: 15, 5: 12, 6: 12, 7: 11, 8: 11},
        15: {n: 11 for n in range(9, 13)},
        18: {13: 11, 14: 11},
    },
    "hub": {
        9: {2: 15, 3: 13, 4: 10},
        12: {2: 16, 3: 16, 4: 15, 5: 14, 6: 12, 7: 10, 8: 9},
        15: {n: 11 for n in range(9, 13)},
        18: {n: 11 for n in range(9, 13)},
    },
}

#: the set a table uses by default for a player count (the larger-set row)
DEFAULT_SET = {
    "classic": {2: 9, 3: 9, 4: 12, 5: 12, 6: 12, 7: 12, 8: 12, 9: 15, 10: 15, 11: 15, 12: 15,
                13: 18, 14: 18},
    "hub": {2: 12, 3: 12, 4: 12, 5: 12, 6: 12, 7: 12, 8: 12, 9: 15, 10: 15, 11: 15, 12: 15},
}

CLOSE_DOUBLES = ("in_order", "reverse", "any")
TIE_BREAKS = ("classic", "shared")


@dataclass(frozen=True)
class Options:
    """Every rule option of rules.md section 4, with the profile's defaults filled in, then the
    house rules of house-rules.md (the same defaults in both profiles; they change nothing).
    ``rounds`` None means the set's top + 1."""

    deal_table: str
    hand_size: int | None
    engine_in_deal: bool
    first_turn_multi_play: bool
    mexican_on_first_turn: bool
    close_doubles: str
    unsatisfiable_exemption: bool
    must_play: bool
    double_blank_points: int
    tie_break: str
    doubles_open: bool = True
    double_binds: str = "everyone"
    follow_double: str = "anywhere"
    first_turn_doubles_open: bool = False
    last_tile_double: str = "allowed"
    draw_until_playable: bool = False
    marker_penalty: int = 0
    own_train_first: bool = False
    out_on_double_multiplier: int = 1
    rounds: int | None = None

    @property
    def doubles_bind_after_turn(self) -> bool:
        """Whether a double left unsatisfied at the end of its turn binds anyone (house-rules.md:
        not with ``doubles_open: false`` nor ``double_binds: "player"``)."""
        return self.doubles_open and self.double_binds == "everyone"


PROFILE_DEFAULTS = {
    "classic": Options("classic", None, True, True, False, "in_order", False, True, 50, "classic"),
    "hub": Options("hub", None, False, False, True, "in_order", True, True, 50, "classic"),
}

_BOOL_OPTIONS = ("engine_in_deal", "first_turn_multi_play", "mexican_on_first_turn",
                 "unsatisfiable_exemption", "must_play")


def _check_option(name: str, value) -> None:
    if name in HOUSE_CHECKS:
        HOUSE_CHECKS[name](name, value)
    elif name in _BOOL_OPTIONS:
        if not isinstance(value, bool):
            raise OptionError(f"option {name!r} is {value!r}: allowed values are true or false",
                              option=name, allowed=[True, False])
    elif name == "deal_table":
        if value not in PROFILES:
            raise OptionError(f"option 'deal_table' is {value!r}: allowed values are "
                              "'classic' or 'hub'", option=name, allowed=list(PROFILES))
    elif name == "close_doubles":
        if value not in CLOSE_DOUBLES:
            raise OptionError(f"option 'close_doubles' is {value!r}: allowed values are "
                              "'in_order', 'reverse' or 'any'", option=name, allowed=list(CLOSE_DOUBLES))
    elif name == "tie_break":
        if value not in TIE_BREAKS:
            raise OptionError(f"option 'tie_break' is {value!r}: allowed values are 'classic' or "
                              "'shared'", option=name, allowed=list(TIE_BREAKS))
    elif name in ("hand_size", "double_blank_points"):
        low = 1 if name == "hand_size" else 0
        if value is None and name == "hand_size":
            return
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise OptionError(f"option {name!r} is {value!r}: allowed values are whole numbers "
                              f"from {low}", option=name, allowed=f">= {low}")


def make_options(profile: str, overrides: dict | None = None) -> Options:
    """The profile's options with ``overrides`` applied.

    Raises ``OptionError`` (a ``BadRecord``) for an unknown profile, an unknown option name, or a
    value the option does not allow; the message names the option and the allowed values.
    """
    if profile not in PROFILES:
        raise OptionError(f"profile {profile!r} is unknown: allowed profiles are 'classic' or 'hub'",
                          option="profile", allowed=list(PROFILES))
    overrides = dict(overrides or {})
    known = PROFILE_DEFAULTS[profile].__dataclass_fields__
    for name, value in overrides.items():
        if name not in known:
            raise OptionError(f"option {name!r} is unknown: allowed options are "
                              f"{', '.join(sorted(known))}", option=name, allowed=sorted(known))
        _check_option(name, value)
    return replace(PROFILE_DEFAULTS[profile], **overrides)


@dataclass(frozen=True)
class Rules:
    """Everything fixed for a whole game: profile, options, set, player count and hand size."""

    profile: str
    options: Options
    top: int
    players: int
    hand_size: int

    @property
    def rounds(self) -> int:
        """Rounds in a game: the set's top + 1 (rules.md 1), or the house option ``rounds``."""
        return self.top + 1 if self.options.rounds is None else self.options.rounds

    @property
    def set_size(self) -> int:
        """Tiles in the set: 28, 55, 91, 136 or 190."""
        return len(full_set(self.top))

    @property
    def dealt_from(self) -> int:
        """Tiles shuffled for the deal: the whole set, less the engine where it is set aside."""
        return self.set_size - (0 if self.options.engine_in_deal else 1)

    @property
    def boneyard_after_deal(self) -> int:
        """Tiles left in the boneyard after the deal."""
        return self.dealt_from - self.players * self.hand_size

    @property
    def rounds_text(self) -> str:
        """How many rounds the game has, in words: "a double-12 game has 13 rounds" or, under the
        house rule, "this game has 6 rounds (house rule: shorter game)"."""
        if self.options.rounds is None:
            return f"a double-{self.top} game has {self.rounds} rounds"
        return f"this game has {self.rounds} rounds ({house_note('rounds')})"

    def engine_of(self, round_index: int) -> int:
        """The engine double's number for round ``round_index`` (0-based): top, top-1 ... 0."""
        return self.top - round_index

    @classmethod
    def make(cls, profile: str, top: int | None, players: int, overrides: dict | None = None) -> "Rules":
        """Validate a game's set-up and work out its hand size (rules.md 2, 3, 4).

        ``top`` None takes the profile's default set for the player count. Raises ``OptionError``
        for a bad option (``rounds`` above the set's top + 1 included), ``BadRecord`` for a player
        count the profile does not take, a set that is not 6/9/12/15/18, or a hand size that the
        table does not give or the set cannot deal (a table row too: rules.md 2 [decided]).
        """
        options = make_options(profile, overrides)
        low, high = PLAYER_RANGE[profile]
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            raise OptionError(f"{profile!r} takes {low} to {high} players, not {players!r}",
                              option="players", allowed=f"{low}-{high}")
        if top is None:
            top = DEFAULT_SET[profile].get(players)
        if isinstance(top, bool) or top not in SET_SIZES:
            raise OptionError(f"set {top!r} is not allowed: allowed sets are double-6, 9, 12, 15 or 18",
                              option="set", allowed=list(SET_SIZES))
        check_rounds(options.rounds, top)
        hand = options.hand_size
        if hand is None:
            hand = DEAL_TABLES[options.deal_table].get(top, {}).get(players)
            if hand is None:
                raise OptionError(f"the {options.deal_table} deal table has no hand size for "
                                  f"{players} players with double-{top}: set option 'hand_size'",
                                  option="hand_size", allowed=">= 1")
        rules = cls(profile, options, top, players, hand)
        if players * hand > rules.dealt_from:
            raise OptionError(f"{players} hands of {hand} need {players * hand} tiles but double-{top} "
                              f"deals from {rules.dealt_from}", option="hand_size",
                              allowed=f"<= {rules.dealt_from // players}")
        return rules


def check_deal(rules: Rules, index: int, hands: list[list[Tile]], boneyard: list[Tile]) -> None:
    """Raise ``BadRecord`` unless hands + boneyard (+ the engine where it is set aside) are exactly
    the set and every hand has the table's size (record-format.md, *Round*)."""
    engine = Tile(rules.engine_of(index), rules.engine_of(index))
    if len(hands) != rules.players:
        raise BadRecord(f"the deal has {len(hands)} hands for {rules.players} players", round=index)
    for seat, hand in enumerate(hands):
        if len(hand) != rules.hand_size:
            raise BadRecord(f"hand {seat} has {len(hand)} tiles, not {rules.hand_size}", round=index)
    dealt = [t for h in hands for t in h] + list(boneyard)
    if not rules.options.engine_in_deal:
        dealt.append(engine)
    tiles = set(dealt)
    if len(dealt) != len(tiles) or tiles != _set_of(rules.top):
        raise BadRecord(f"the deal is not the double-{rules.top} set", round=index)


@lru_cache(maxsize=None)
def _set_of(top: int) -> frozenset:
    """The double-``top`` set's tiles as a set (``check_deal`` compares a deal with it)."""
    return frozenset(full_set(top))
