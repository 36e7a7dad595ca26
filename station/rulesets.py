"""Saved rule sets, as a part of ``Station``: the host names a set of options ("Grandma's rules"),
the station keeps it in its store, and the next game night starts from the last one used.

A rule set as exported and imported (JSON)::

    {"format": "mexican-train-rules/1", "name": "Grandma's rules",
     "options": {"doubles_open": false, "marker_penalty": 25}}

``options`` are those of rules.md section 4 and house-rules.md, checked by the engine
(``engine.options.make_options``): an unknown option or a value it does not allow is refused with
``StationError`` ("bad-request", ``facts``: ``field`` "options", ``option``, ``allowed``). A name is
1-40 characters of valid text (``station.auth.text_problem``).
"""
from __future__ import annotations

from engine.errors import OptionError
from engine.options import make_options

from .auth import text_problem
from .interface import StationError

RULESET_FORMAT = "mexican-train-rules/1"
RULESET_NAME_MAX = 40        # characters in a rule set's name
RULESETS_MAX = 100           # rule sets a station keeps
LAST_KEY = "last_ruleset"    # settings: the rule set the last game was set up from


def check_name(name) -> str:
    """The rule set's name, trimmed; raises ``StationError`` (``facts["field"]`` "name") when it is
    empty, longer than ``RULESET_NAME_MAX`` or not valid text."""
    problem = "must be text" if not isinstance(name, str) else None
    if problem is None:
        name = name.strip()
        problem = "is empty" if not name else text_problem(name, RULESET_NAME_MAX)
    if problem:
        raise StationError(f"the rule set's name {problem}: give 1 to {RULESET_NAME_MAX} characters "
                           "without line breaks", code="bad-request",
                           facts={"field": "name", "max": RULESET_NAME_MAX})
    return name


def check_options(options) -> dict:
    """The options of a rule set, checked by the engine (either profile takes the same options; a
    ``rounds`` too large for the set is refused at set-up). Raises ``StationError`` naming the
    option and its allowed values."""
    if not isinstance(options, dict):
        raise StationError("a rule set's options must be an object of option: value",
                           code="bad-request", facts={"field": "options"})
    try:
        make_options("hub", options)
    except OptionError as exc:
        facts = {"field": "options", "option": str(exc.facts.get("option")),
                 "allowed": exc.facts.get("allowed")}
        raise StationError(exc.message, code="bad-request", facts=facts) from None
    return dict(options)


class RuleSets:
    """Uses the station's ``lock``, ``store`` and ``_pin``."""

    def rulesets(self, pin: str) -> dict:
        """``{"rulesets": [{"name", "saved", "options"}], "last": name | None}`` (``last``: the set
        the last game was set up from, if it is still kept: the host page preselects it)."""
        self._pin(pin)
        with self.lock:
            sets = self.store.rulesets()
            last = self.store.get_setting(LAST_KEY)
        return {"rulesets": sets, "last": last if any(s["name"] == last for s in sets) else None}

    def save_ruleset(self, pin: str, name, options) -> dict:
        """Keep (or replace) the rule set ``name``; returns ``rulesets()``. Raises ``StationError``
        for a bad name or option, or when ``RULESETS_MAX`` sets are kept already."""
        self._pin(pin)
        name, options = check_name(name), check_options(options)
        with self.lock:
            if self.store.ruleset(name) is None and len(self.store.rulesets()) >= RULESETS_MAX:
                raise StationError(f"the station keeps at most {RULESETS_MAX} rule sets: delete one first",
                                   code="bad-request", facts={"field": "name", "max_sets": RULESETS_MAX})
            self.store.save_ruleset(name, options)
        return self.rulesets(pin)

    def delete_ruleset(self, pin: str, name) -> dict:
        """Forget the rule set ``name``; returns ``rulesets()``. Raises ``StationError`` naming
        ``name`` when there is none."""
        self._pin(pin)
        with self.lock:
            if not isinstance(name, str) or not self.store.delete_ruleset(name):
                raise StationError(f"there is no rule set {name!r}", code="bad-request", facts={"field": "name"})
        return self.rulesets(pin)

    def export_ruleset(self, pin: str, name) -> dict:
        """The rule set ``name`` as JSON to share: ``{"format", "name", "options"}``."""
        self._pin(pin)
        with self.lock:
            found = self.store.ruleset(name) if isinstance(name, str) else None
        if found is None:
            raise StationError(f"there is no rule set {name!r}", code="bad-request", facts={"field": "name"})
        return {"format": RULESET_FORMAT, "name": found["name"], "options": found["options"]}

    def import_ruleset(self, pin: str, document) -> dict:
        """Keep a rule set exported by ``export_ruleset`` (same name: replaced); returns
        ``rulesets()``. Raises ``StationError`` for another format, a bad name or option."""
        self._pin(pin)
        if not isinstance(document, dict) or document.get("format") != RULESET_FORMAT:
            raise StationError(f"not a rule set: \"format\" must be {RULESET_FORMAT!r}",
                               code="bad-request", facts={"field": "format"})
        return self.save_ruleset(pin, document.get("name"), document.get("options"))

    def _used_ruleset(self, name) -> None:
        """Remember the rule set a game was set up from (None or an unknown name: none), for the
        next game night."""
        known = isinstance(name, str) and self.store.ruleset(name) is not None
        self.store.set_setting(LAST_KEY, name if known else "")


