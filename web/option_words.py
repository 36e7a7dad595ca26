"""The one table of the game's options in words: each option's common name and its one-line
explanation (rules.md 4, house-rules.md), served translated to every page (``served()``, the
pages' boot data ``options``) and used by refusals under a house rule (web/refusals.py). The
English house-rule names are also the engine's own (engine/house.py ``HOUSE_NAMES``: the engine
cannot import this module); tests/web/test_option_words.py keeps the two equal and checks every
option has a translated name and help line in every catalogue."""
from __future__ import annotations

from .i18n import N_, gettext_for

#: option -> (name, explanation); the house rules' names are written small (host.css capitalises)
OPTION_WORDS: dict[str, tuple[str, str]] = {
    "deal_table": (N_("Deal table"), N_("Which table gives the tiles each player draws at the deal.")),
    "engine_in_deal": (N_("Engine in the deal"), N_("The engine is shuffled and dealt like any tile, or set aside.")),
    "first_turn_multi_play": (N_("First-turn train"),
                              N_("On the first turn each player may play a chain of tiles on their own train.")),
    "mexican_on_first_turn": (N_("Mexican train on the first turn"), N_("The Mexican train may be started on the first turn.")),
    "close_doubles": (N_("Close doubles"), N_("The order in which open doubles must be satisfied.")),
    "unsatisfiable_exemption": (N_("No tile can satisfy it"),
                                N_("An open double that no tile left can satisfy binds nobody.")),
    "must_play": (N_("Must play"), N_("A player with a tile that fits must play it rather than draw.")),
    "double_blank_points": (N_("Points for 0-0"), N_("What the double blank counts at the end of a round.")),
    "tie_break": (N_("Ties"), N_("Who wins when the lowest totals are tied.")),
    "doubles_open": (N_("doubles don't bind"),
                     N_("No one has to satisfy a double: the turn ends after it like after any tile.")),
    "double_binds": (N_("a double binds only its player"),
                     N_("The player of a double must satisfy it in that turn; after that it binds nobody.")),
    "follow_double": (N_("follow on the double"), N_("The tile played after a double must satisfy that double.")),
    "first_turn_doubles_open": (N_("first-turn doubles are open"),
                                N_("A double that ends a first-turn chain is an open double for everyone.")),
    "last_tile_double": (N_("no double as the last tile"), N_("A double may not be a player's last tile.")),
    "draw_until_playable": (N_("draw until you can play"),
                            N_("A player with no tile to play draws until one fits or the boneyard is empty.")),
    "marker_penalty": (N_("penalty for a marked train"),
                       N_("Points added at the end of a round for each train with a marker, except for the player who went out.")),
    "own_train_first": (N_("own train first"),
                        N_("Until your personal train has a tile you may play only on it, except to satisfy an open double.")),
    "out_on_double_multiplier": (N_("going out on a double multiplies"),
                                 N_("Ending a round with a double multiplies every other player's score by this.")),
    "rounds": (N_("shorter game"), N_("Play only this many rounds, from the top double down.")),
}

#: engine.house.MOOT_REASONS in the pages' words: why a moot option has no effect (the station's
#: ``moot[option]["code"]``); tests/web/test_option_words.py keeps the codes equal to the engine's
MOOT_WORDS: dict[str, str] = {
    "doubles-dont-bind": N_("No effect: doubles don't bind, so no double is ever open."),
    "binds-only-its-player": N_("No effect: a double binds only its player, and a first-turn chain's turn has ended."),
    "no-double-last": N_("No effect: nobody may go out on a double."),
    "no-first-turn-circuit": N_("No effect: the first-turn train is off, so no first-turn chain ends on a double."),
}


def option_name(lang: str, option: str) -> str | None:
    """The option's common name in ``lang``, or None for an option this table does not know."""
    words = OPTION_WORDS.get(option)
    return gettext_for(lang)(words[0]) if words else None


def served(lang: str) -> dict[str, dict[str, str]]:
    """Every option's ``{"name", "help"}`` in ``lang``, and under ``"moot"`` every moot reason's
    sentence (code -> text): the pages' boot data ``options``."""
    _ = gettext_for(lang)
    words: dict = {key: {"name": _(name), "help": _(help_)} for key, (name, help_) in OPTION_WORDS.items()}
    return {**words, "moot": {code: _(text) for code, text in MOOT_WORDS.items()}}
