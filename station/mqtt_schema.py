"""The MQTT payloads of docs/club.md as pydantic models: what a club or a hub accepts from the
broker, checked before anything is stored or shown (issue 23).

``parse(model, payload, max_bytes)`` returns the model or raises ``BadMessage`` (why, in one
line): a payload over ``max_bytes``, nested deeper than ``MAX_DEPTH``, not UTF-8 JSON, or not the
model. Unknown keys are kept (a newer hub may say more), known keys must have their documented type.

- hub -> club: ``StatusMessage`` (``<hub>/status``), ``ViewMessage`` (``<hub>/view``: the parts of
  the public view the club shows are typed), ``JournalMessage`` (``<hub>/journal``, ``final`` a
  ``Final`` with ``Standing`` rows);
- club -> hub: ``ReplayRequest`` (``<hub>/replay``), ``SetupProposal`` (``<hub>/setup``).
"""
from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, ValidationError

MAX_DEPTH = 32                    # nesting of objects and arrays (a real view is under 10 deep)
VIEW_MAX_BYTES = 256 * 1024       # a 14-player view is under 40 KB
JOURNAL_MAX_BYTES = 64 * 1024
SMALL_MAX_BYTES = 4 * 1024        # status, replay request
SETUP_MAX_BYTES = 16 * 1024
SEQ_MAX = 2 ** 53
Name = Field(min_length=1, max_length=64)


class BadMessage(ValueError):
    """A payload the receiver does not accept; ``str()`` says why in one line."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="allow")


class StatusMessage(_Model):
    v: Literal[1]
    online: StrictBool
    hub: str | None = None
    at: float | None = None


class Standing(_Model):
    name: str = Name
    total: StrictInt
    rank: StrictInt = Field(ge=1, le=64)


class Final(_Model):
    status: Literal["finished", "abandoned"]
    players: list[str] = Field(default_factory=list, max_length=64)
    totals: list[StrictInt] = Field(default_factory=list, max_length=64)
    standings: list[Standing] = Field(default_factory=list, max_length=64)
    rounds: StrictInt = Field(0, ge=0, le=64)


class JournalMessage(_Model):
    v: Literal[1]
    seq: StrictInt = Field(ge=1, le=SEQ_MAX)
    game: StrictInt = Field(ge=1, le=SEQ_MAX)
    at: float | None = None
    entry: dict
    final: Final | None = None
    hub: str | None = None
    client: str | None = Field(None, max_length=128)     # the writer's MQTT client id (as it says)
    user: str | None = Field(None, max_length=128)       # the broker user it logged in as (as it says)


class RoundView(_Model):
    index: StrictInt | None = None
    over: StrictBool | None = None


class HostView(_Model):
    round: RoundView | None = None


class StateView(_Model):
    turn: StrictInt | None = None


class ResultView(_Model):
    totals: list[StrictInt] | None = Field(None, max_length=64)
    state: StateView | None = None


class GameView(_Model):
    id: StrictInt | None = None
    status: str | None = Field(None, max_length=32)
    profile: str | None = Field(None, max_length=32)
    set: StrictInt | None = None
    players: list[str] = Field(default_factory=list, max_length=64)
    rounds_total: StrictInt | None = None
    engine_placed: StrictBool | None = None


class PublicView(_Model):
    game: GameView | None = None
    host: HostView | None = None
    result: ResultView | None = None
    standings: list[Standing] = Field(default_factory=list, max_length=64)


class ViewMessage(_Model):
    v: Literal[1]
    version: StrictInt | None = Field(None, ge=0, le=SEQ_MAX)
    view: PublicView
    hub: str | None = None


class ReplayRequest(_Model):
    v: Literal[1]
    from_: StrictInt = Field(alias="from", ge=0, le=SEQ_MAX)


Scalar = StrictBool | StrictInt | float | str | None


class SetupProposal(_Model):
    v: Literal[1]
    tournament: StrictInt
    game: StrictInt = Field(ge=0, le=1000)
    games: StrictInt = Field(ge=1, le=1000)
    players: list[str] = Field(min_length=2, max_length=14)
    profile: Literal["classic", "hub"]
    set: StrictInt | None = None
    options: dict[str, Scalar] = Field(default_factory=dict, max_length=64)


def depth(text: bytes) -> int:
    """The deepest nesting of ``[`` and ``{`` in JSON ``text`` (strings skipped)."""
    deepest = level = 0
    in_string = escaped = False
    for byte in text:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            level += 1
            deepest = max(deepest, level)
        elif byte in (0x5D, 0x7D):
            level -= 1
    return deepest


def parse(model: type[BaseModel], payload: bytes, max_bytes: int):
    """``payload`` as ``model``; raises ``BadMessage`` saying why (see the module's text)."""
    if len(payload) > max_bytes:
        raise BadMessage(f"{len(payload)} bytes, over {max_bytes}")
    if depth(payload) > MAX_DEPTH:
        raise BadMessage(f"nested deeper than {MAX_DEPTH}")
    try:
        data = json.loads(payload)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise BadMessage("not UTF-8 JSON") from None
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "payload"
        raise BadMessage(f"{where}: {first.get('msg', 'invalid')}") from None
