"""A request the API could not read (FastAPI's 422) as one readable sentence naming the field.

``validation_body(lang, errors)`` turns pydantic's error list into the same body as a station
refusal: ``{"code": "bad-request", "message", "facts": {"field", "problem"}, "text"}`` where
``text`` is in the request's language: "Check “Players”: give at least 2."
"""
from __future__ import annotations

from .i18n import N_, gettext_for

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


def validation_body(lang: str, errors: list[dict]) -> dict:
    """The refusal body of a request pydantic refused (its first error), in ``lang``."""
    _ = gettext_for(lang)
    first = errors[0] if errors else {"loc": (), "type": "", "msg": ""}
    loc = [str(part) for part in first.get("loc", ()) if part not in ("body", "query", "path", "header")]
    field = loc[0] if loc else ""
    label = _(FIELD_LABELS[field]) if field in FIELD_LABELS else field or _("Request")
    problem = PROBLEMS.get(first.get("type", ""))
    ctx = {k: str(v) for k, v in (first.get("ctx") or {}).items()}
    try:
        detail = _(problem) % ctx if problem else str(first.get("msg", ""))
    except (KeyError, ValueError):
        detail = str(first.get("msg", ""))
    message = f"{'.'.join(loc) or 'request'}: {first.get('msg', '')}"
    return {"code": "bad-request", "message": message,
            "facts": {"field": ".".join(loc), "problem": first.get("type", "")},
            "text": _("Check “%(field)s”: %(detail)s.") % {"field": label, "detail": detail}}
