"""REST endpoints of the players across nights (station/players.py): the figures as JSON and CSV,
open to every phone like the scoreboard; merging two spellings of a name needs the host PIN
(``X-Host-Pin`` header). A refused merge answers 400 naming the field (``name``, ``into``, ``merge``)."""
from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import Field

from station.interface import StationError

from .http import reworded
from .routes_api import MAX_INT, Body, Name, HostPin, _station

router = APIRouter(prefix="/api")


class MergeBody(Body):
    name: Name = Field(description='the spelling to merge, e.g. "Benn" (any spelling the player was seen with)')
    into: Name = Field(description='the player it is, e.g. "Ben"')


class UnmergeBody(Body):
    merge: int = Field(ge=1, le=MAX_INT, description="a merge's id (GET /api/players: merges[].id)")


def _worded(exc: StationError) -> StationError:
    """A refused merge, worded from its ``problem`` (web/refusals.py ``players-*``)."""
    if exc.code == "bad-request" and exc.facts.get("problem") in ("unknown", "same", "together", "undone"):
        exc.reason = f"players-{exc.facts['problem']}"
    return exc


@router.get("/players", summary="Every player's figures across the stored games")
async def players(request: Request) -> dict:
    """``{"players": [...], "evenings": [...], "merges": [...], "regular_games"}``
    (station/players.py ``figures``): only games played out or ended early count."""
    return _station(request).players()


@router.get("/players.csv", summary="The players' figures as CSV (one row per player)")
async def players_csv(request: Request) -> Response:
    return Response(_station(request).players_csv().encode("utf-8"), media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": 'attachment; filename="mexican-train-players.csv"'})


@router.post("/players/merge", summary="Merge two spellings of a player's name (host PIN)")
async def merge(request: Request, body: MergeBody, pin: str = HostPin) -> dict:
    """The new figures, with ``merged``: the merge's id (to undo it)."""
    with reworded(_worded):
        return _station(request).merge_players(pin, body.name, body.into)


@router.post("/players/unmerge", summary="Undo a merge of two spellings (host PIN); it stays listed")
async def unmerge(request: Request, body: UnmergeBody, pin: str = HostPin) -> dict:
    with reworded(_worded):
        return _station(request).unmerge_players(pin, body.merge)
