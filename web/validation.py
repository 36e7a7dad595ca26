"""A request the API could not read (FastAPI's 422) as one readable sentence naming the field.

``validation_body(lang, errors)`` turns pydantic's error list into the same body as a station
refusal: ``{"code": "bad-request", "message", "facts": {"field", "problem"}, "text"}`` where
``text`` is in the request's language: "Check “Players”: give at least 2."
"""
from __future__ import annotations

import re

from .i18n import N_, gettext_for

#: parts of pydantic's error ``loc`` that name a union member's type, not a field
_TAGS = {"int", "str", "bool", "float", "list", "dict", "none"}

#: request field -> its label on the pages
FIELD_LABELS: dict[str, str] = {
    "players": N_("Players"),
    "profile": N_("Rules"),
    "set": N_("Set"),
    "options": N_("Options"),
    "hidden_hands": N_("Tiles"),
    "computers": N_("Computer players"),
    "round": N_("Round"),
    "seat": N_("Player"),
    "score": N_("New score"),
    "reason": N_("Reason"),
    "code": N_("Code:"),
    "hand": N_("Pip count"),
    "typed": N_("Pip count"),
}

#: pydantic error type -> what to do, worded from its ``ctx``
PROBLEMS: dict[str, str] = {
    "missing": N_("it is missing"),
    "too_short": N_("give at least %(min_length)s"),
    "too_long": N_("give at most %(max_length)s"),
    "string_too_short": N_("it is empty"),
    "string_too_long": N_("give at most %(max_length)s characters"),
    "int_parsing": N_("give a whole number"),
    "int_type": N_("give a whole number"),
    "int_from_float": N_("give a whole number"),
    "greater_than_equal": N_("give %(ge)s or more"),
    "less_than_equal": N_("give %(le)s or less"),
    "literal_error": N_("choose one of %(expected)s"),
    "bool_parsing": N_("choose yes or no"),
    "bool_type": N_("choose yes or no"),
}


def request_field(loc) -> str:
    """The field a pydantic error ``loc`` names, dotted ("players.0", "query.pin"), without the
    body and pydantic's union tags ("list[...]", "int", "tagged-union"); "body" when none is left."""
    return ".".join(p for p in map(str, loc) if p != "body" and "[" not in p and p not in _TAGS
                    and not re.fullmatch(r"[a-z]+(-[a-z]+)+", p)) or "body"


def validation_body(lang: str, errors: list[dict]) -> dict:
    """The refusal body of a request pydantic refused (its first error), in ``lang``:
    ``facts["field"]`` from ``request_field``, ``text`` naming the field's label on the pages."""
    _ = gettext_for(lang)
    first = errors[0] if errors else {"loc": (), "type": "", "msg": ""}
    # a field that takes one of two shapes (a reveal's "hand": the tiles, or a pip count) gets an
    # error from each; the one this module can word says what to do ("give 100000 or less"), where
    # the other only says the value was not the other shape ("Input should be a valid list")
    field_of_first = request_field(first.get("loc", ()))
    first = next((e for e in errors if e.get("type") in PROBLEMS and request_field(e.get("loc", ())) == field_of_first),
                 first)
    if first.get("type") == "json_invalid":     # located at a character position ("body", 0), not a field
        first = {**first, "loc": ("body",)}
    field_name = request_field(first.get("loc", ()))
    loc = [str(part) for part in first.get("loc", ()) if part not in ("body", "query", "path", "header")]
    field = loc[0] if loc else ""
    label = _(FIELD_LABELS[field]) if field in FIELD_LABELS else field or _("Request")
    problem = PROBLEMS.get(first.get("type", ""))
    ctx = {k: str(v) for k, v in (first.get("ctx") or {}).items()}
    try:
        detail = _(problem) % ctx if problem else str(first.get("msg", ""))
    except (KeyError, ValueError):
        detail = str(first.get("msg", ""))
    message = f"{field_name}: {first.get('msg', '') if errors else 'not understood'}"
    return {"code": "bad-request", "message": message,
            "facts": {"field": field_name, "problem": first.get("type", "")},
            "text": _("Check “%(field)s”: %(detail)s.") % {"field": label, "detail": detail}}
