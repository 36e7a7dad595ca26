"""REST endpoints of saved rule sets (station/rulesets.py) and of the options the host page offers.

Every rule-set endpoint needs the host PIN (``X-Host-Pin`` header, or ``pin`` query for the export
download link). A refused rule set answers 400 worded from its facts (web/refusals.py
``ruleset-option``: the option and its allowed values; ``ruleset-name``)."""
from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from pydantic import Field

from typing import Literal

from station.house_rules import moot, non_default, option_catalogue
from station.interface import StationError
from station.rulesets import RULESET_NAME_MAX

from .http import reworded
from .routes_api import Body, HostPin, _station

router = APIRouter(prefix="/api")

#: how long a name may be as sent (the station trims it and checks it: 400 naming ``name``)
NameText = Annotated[str, Field(max_length=RULESET_NAME_MAX * 4)]
Options = Annotated[dict[Annotated[str, Field(max_length=40)], Any], Field(max_length=40)]


class RuleSetBody(Body):
    name: NameText = Field(description="the rule set's name, 1-40 characters")
    options: Options = Field(default_factory=dict, description='e.g. {"doubles_open": false}')


class RuleSetDocument(Body):
    format: str = Field(max_length=40, description='"mexican-train-rules/1"')
    name: NameText
    options: Options = Field(default_factory=dict)


class NameBody(Body):
    name: NameText


def _worded(exc: StationError) -> StationError:
    """A refused rule set, worded from its facts (web/refusals.py)."""
    field = exc.facts.get("field")
    if exc.code == "bad-request" and field == "options" and exc.facts.get("option"):
        exc.reason = "ruleset-option"
    elif exc.code == "bad-request" and field == "name" and "max" in exc.facts:
        exc.reason = "ruleset-name"
    elif exc.code == "bad-request" and field == "format":
        exc.reason = "ruleset-format"
    return exc


@router.get("/options", summary="Every option the host page offers, with its values and defaults")
async def options() -> dict:
    """``{"rules": [...], "house": [...]}``: ``{"option", "kind", "values" | "min", "default":
    {"classic", "hub"}}`` (station/house_rules.py ``option_catalogue``)."""
    return option_catalogue()


class ChosenBody(Body):
    profile: Literal["classic", "hub"] = "hub"
    options: Options = Field(default_factory=dict)


@router.post("/options", summary="Which chosen options differ from the rules' defaults and which are moot")
async def chosen(body: ChosenBody) -> dict:
    """``{"house": [{"option", "value", "house"}], "moot": {option: {"because", "reason"}}}``
    (station/house_rules.py); a bad option gives both empty (set-up refuses it, naming it)."""
    return {"house": non_default(body.profile, body.options), "moot": moot(body.profile, body.options)}


@router.get("/host/rulesets", summary="The saved rule sets and the one last used")
async def rulesets(request: Request, pin: str = HostPin) -> dict:
    return _station(request).rulesets(pin)


@router.post("/host/rulesets", summary="Save (or replace) a named rule set")
async def save(request: Request, body: RuleSetBody, pin: str = HostPin) -> dict:
    with reworded(_worded):
        return _station(request).save_ruleset(pin, body.name, body.options)


@router.post("/host/rulesets/delete", summary="Forget a saved rule set")
async def delete(request: Request, body: NameBody, pin: str = HostPin) -> dict:
    return _station(request).delete_ruleset(pin, body.name)


@router.get("/host/rulesets/export", summary="Download a saved rule set as JSON")
async def export(request: Request, name: str = Query(max_length=RULESET_NAME_MAX * 4),
                 pin: str = HostPin) -> Response:
    """The PIN in the ``X-Host-Pin`` header only (never in the URL)."""
    document = _station(request).export_ruleset(pin, name)
    return Response(json.dumps(document, indent=1, ensure_ascii=False).encode("utf-8", "backslashreplace"),
                    media_type="application/json",
                    headers={"Content-Disposition": 'attachment; filename="mexican-train-rules.json"'})


@router.post("/host/rulesets/import", summary="Keep a rule set exported by another station")
async def import_(request: Request, body: RuleSetDocument, pin: str = HostPin) -> dict:
    with reworded(_worded):
        return _station(request).import_ruleset(pin, body.model_dump())
