"""The referee engine: Mexican Train rules of both profiles, pure Python, no I/O.

Public entry points: ``Rules.make`` (profile, options, set, hand size), ``Game`` (rounds, the
checked ``push`` and ``pop``, and the undo of a round start, a reveal or a correction), ``Round``
(the table, ``legal_events``, trains named as events name them), ``events`` (the moves),
``record`` (``replay``, ``load``, ``to_record``), the refusals in ``errors`` and the house rules'
names, values and interactions in ``house`` (house-rules.md).
"""
from . import errors, events, house, record
from .errors import BadRecord, IllegalEvent, RefereeError
from .events import Event
from .game import Game
from .options import Options, Rules, make_options
from .round import Round
from .tiles import Tile, full_set, parse_tile

__all__ = ["BadRecord", "Event", "Game", "IllegalEvent", "Options", "RefereeError", "Round", "Rules",
           "Tile", "errors", "events", "house", "full_set", "make_options", "parse_tile", "record"]
