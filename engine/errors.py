"""The referee's refusals, one class per error code of record-format.md.

Every refusal is a ``ValueError`` (as python-chess's ``IllegalMoveError`` is) that carries:
``code`` (the spec's error code), ``facts`` (seat, tile, train, the open double in the way ...,
enough to word it in any language) and an English sentence (``str(error)``). A refused event
changes nothing.

Order of precedence when several apply to one event (record-format.md, *Error codes*) is the order
of ``ERROR_CODES``.
"""
from __future__ import annotations

#: every code, in the spec's precedence order
ERROR_CODES = (
    "bad-record", "round-over", "not-your-turn", "engine-missing", "no-such-tile", "tile-on-table",
    "not-in-hand", "first-turn", "cannot-end-turn", "open-double", "train-closed", "own-train-first", "no-match",
    "last-tile-double", "must-play", "already-drew", "boneyard-empty", "must-draw", "bad-reveal",
)


class RefereeError(ValueError):
    """Base of all refusals. ``code`` is the spec's error code; ``facts`` a JSON-able dict."""

    code = "bad-record"

    def __init__(self, message: str, **facts):
        super().__init__(message)
        self.message = message
        self.facts = facts


class BadRecord(RefereeError):
    """The document, a round or an event is not of the record format, or the deal is not the set.

    ``round`` / ``event`` (0-based, or None) say where.
    """

    code = "bad-record"

    def __init__(self, message: str, round: int | None = None, event: int | None = None, **facts):
        super().__init__(message, **facts)
        self.round = round
        self.event = event


class IllegalEvent(RefereeError):
    """An event the rules refuse (exit status 1 in ``station replay``)."""


def _make(name: str, code: str, doc: str) -> type[IllegalEvent]:
    cls = type(name, (IllegalEvent,), {"code": code, "__doc__": doc})
    return cls


RoundOver = _make("RoundOver", "round-over", "An event after the round (or the game) has ended.")
NotYourTurn = _make("NotYourTurn", "not-your-turn", "The event's seat is not the seat to act.")
EngineMissing = _make("EngineMissing", "engine-missing",
                      "classic: anything but draw or engine before the engine is placed, or engine "
                      "from a seat that does not hold it.")
NoSuchTile = _make("NoSuchTile", "no-such-tile", "The tile is not in this set.")
TileOnTable = _make("TileOnTable", "tile-on-table", "The tile has already been played.")
NotInHand = _make("NotInHand", "not-in-hand", "Known hands: the seat does not hold the tile.")
FirstTurn = _make("FirstTurn", "first-turn",
                  "classic first turn: a draw, a play off the seat's own train, or a pass after a play.")
CannotEndTurn = _make("CannotEndTurn", "cannot-end-turn",
                      "done outside the classic first turn, or before any play in it.")
OpenDouble = _make("OpenDouble", "open-double",
                   "An open double must be satisfied first, or a follow-up must go on the double "
                   "the order names.")
TrainClosed = _make("TrainClosed", "train-closed",
                    "The train is another player's and not marked, or the Mexican train is not open yet.")
OwnTrainFirst = _make("OwnTrainFirst", "own-train-first",
                      "House rule own_train_first: a play off the seat's own train while that train "
                      "has no tile (house-rules.md).")
NoMatch = _make("NoMatch", "no-match", "The tile does not match the train's open end.")
LastTileDouble = _make("LastTileDouble", "last-tile-double",
                       "House rule last_tile_double = forbidden: a double as the seat's last tile "
                       "(house-rules.md).")
MustPlay = _make("MustPlay", "must-play", "Known hands: a draw or pass while holding a legal play.")
AlreadyDrew = _make("AlreadyDrew", "already-drew", "A second draw for the same play owed.")
BoneyardEmpty = _make("BoneyardEmpty", "boneyard-empty", "A draw from an empty boneyard.")
MustDraw = _make("MustDraw", "must-draw", "A pass without drawing while the boneyard has tiles.")
BadReveal = _make("BadReveal", "bad-reveal",
                  "A revealed hand holds a tile on the table, a tile twice, or not the counted "
                  "number of tiles.")


class OptionError(BadRecord):
    """An unknown rule option or a value it does not allow; names the option and the allowed values."""
