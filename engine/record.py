"""The game record ``mexican-train-record/1`` (record-format.md): read, check, replay, write.

``replay(document)`` returns ``(result, exit_status)``: the result object of record-format.md and
0 (ok), 1 (an illegal event or reveal) or 2 (``bad-record``). ``to_record(game)`` writes a game
played through the engine; ``replay(to_record(game))`` gives ``game.result()``.
"""
from __future__ import annotations

import gc
import json
import re
from dataclasses import asdict
from itertools import accumulate, chain, repeat

from . import errors as E
from .events import Event, _from_plain_dicts
from .game import Game
from .options import PROFILE_DEFAULTS, Rules
from .round import check_deal
from .scoring import check_correction
from .tiles import TileTextError, read_tiles

FORMAT = "mexican-train-record/1"
MAX_DEPTH = 32        # a record nests 5 deep (record, rounds, round, hands, hand); refused beyond this


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)   # a JSON string (or its unclosed rest)
_ONLY_BRACKETS = {i: None for i in range(128) if chr(i) not in "[]{}"}   # str.translate: drop the rest
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _depth_problem(text: str) -> str | None:
    """Whether ``text`` nests arrays/objects deeper than ``MAX_DEPTH`` (checked before decoding,
    so a document 100,000 deep costs one linear scan, not a recursion error). Brackets inside
    strings do not count."""
    if "\\" in text:
        outside = _STRING.sub("", text)
    else:                                   # no escapes: every other piece between quotes is a string
        outside = "".join(text.split('"')[::2])
    brackets = outside.translate(_ONLY_BRACKETS)
    if brackets and max(accumulate(map(_STEP.get, brackets, repeat(0)))) > MAX_DEPTH:
        return f"not a record: JSON nested more than {MAX_DEPTH} deep"
    return None


def _unique_keys(pairs: list) -> dict:
    """``json.loads`` object hook: a key given twice (e.g. two "format") makes the record bad."""
    seen = dict(pairs)
    if len(seen) == len(pairs):
        return seen
    seen = {}
    for key, value in pairs:
        if key in seen:
            raise E.BadRecord(f"not a record: the key {key[:40]!r} is given twice in one object")
        seen[key] = value
    return seen


def _shape(document) -> tuple[int, int]:
    """``(pairs, depth)`` of decoded JSON: the key-value pairs of all its objects, and how deep its
    arrays/objects nest (counted up to ``MAX_DEPTH + 1``). A text holding as many ``:`` as the
    decoding has pairs repeats no key (each pair has its own ``:``, and a repeated key gives one
    pair for two), so that text needs no slower reading (``decode``)."""
    pairs = depth = 0
    dicts = [document] if type(document) is dict else []
    lists = [document] if type(document) is list else []
    while (dicts or lists) and depth <= MAX_DEPTH:
        depth += 1
        pairs += sum(map(len, dicts))
        inner_dicts, inner_lists = [], []
        for items in chain(map(dict.values, dicts), lists):
            for value in items:
                kind = type(value)
                if kind is dict:
                    inner_dicts.append(value)
                elif kind is list:
                    inner_lists.append(value)
        dicts, lists = inner_dicts, inner_lists
    return pairs, depth


def _text(text) -> str:
    """A record's text as ``str`` (``bytes`` read as UTF-8; ``BadRecord`` when they are not)."""
    if isinstance(text, bytes):
        try:
            return text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise E.BadRecord(f"not valid JSON: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    return text


def decode(text) -> object:
    """Decode a record's JSON text (``str`` or ``bytes``). Raises ``BadRecord`` for text that is not
    JSON, nests deeper than ``MAX_DEPTH`` or repeats a key within one object."""
    text = _text(text)
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        pass                                  # the reading below words the refusal
    else:
        pairs, depth = _shape(document)
        if depth <= MAX_DEPTH and pairs == text.count(":"):
            return document                   # every ':' a key of its own: no key given twice
    return _read_exactly(text)


def _read_exactly(text: str) -> object:
    """``decode`` of a ``str`` the slower way, wording each refusal: the depth scanned first, then
    each object's keys as it is read."""
    problem = _depth_problem(text)
    if problem:
        raise E.BadRecord(problem)
    try:
        return json.loads(text, object_pairs_hook=_unique_keys)
    except E.BadRecord:
        raise
    except (ValueError, RecursionError) as exc:
        raise E.BadRecord(f"not valid JSON: {str(exc)[:200]}") from None


def _tiles(raw, what: str, index: int) -> list:
    if not isinstance(raw, list):
        raise E.BadRecord(f"{what} must be a list of tiles", round=index)
    try:
        return read_tiles(raw)
    except TileTextError as exc:
        raise E.BadRecord(f"{what}: {exc}", round=index) from None


_ROUND_KEYS = frozenset(("engine", "starter", "hands", "boneyard", "events", "reveal"))
_DOCUMENT_KEYS = frozenset(("format", "profile", "options", "set", "players", "rounds"))
_SCALARS = (str, int, float, bool, type(None))


class ParsedRound:
    """One round of a record, checked for form: deal, starter, events, reveal, corrections.

    ``pairs``: the key-value pairs of the round's JSON objects (the round and its events) when the
    round is *plain*: only the keys record-format.md gives it (no corrections) and every event of
    the usual shapes, so no object nests inside another; else None (``parse`` then counts them
    the slow way, to find a key given twice)."""

    def __init__(self, raw, index: int, rules: Rules):
        if not isinstance(raw, dict):
            raise E.BadRecord("a round must be an object", round=index)
        self.index = index
        if raw.get("engine") != rules.engine_of(index) or isinstance(raw.get("engine"), bool):
            raise E.BadRecord(f"round {index + 1}'s engine must be {rules.engine_of(index)}, "
                              f"not {raw.get('engine')!r}", round=index)
        self.starter = raw.get("starter")
        if self.starter is not None:
            if rules.options.engine_in_deal:
                raise E.BadRecord("'starter' is not allowed where the engine decides who starts",
                                  round=index)
            if isinstance(self.starter, bool) or not isinstance(self.starter, int) \
                    or not 0 <= self.starter < rules.players:
                raise E.BadRecord(f"starter {self.starter!r} is not a seat", round=index)
        hands, boneyard = raw.get("hands"), raw.get("boneyard")
        if (hands is None) != (boneyard is None):
            raise E.BadRecord("'hands' and 'boneyard' go together", round=index)
        self.hands = self.boneyard = None
        if hands is not None:
            if not isinstance(hands, list):
                raise E.BadRecord("'hands' must be a list of hands", round=index)
            self.hands = [_tiles(h, f"hand {s}", index) for s, h in enumerate(hands)]
            self.boneyard = _tiles(boneyard, "boneyard", index)
            check_deal(rules, index, self.hands, self.boneyard)   # part of the form: checked up front
        events = raw.get("events")
        if not isinstance(events, list):
            raise E.BadRecord("a round needs 'events', a list (empty before the first event)", round=index)
        players = rules.players
        self.events = _from_plain_dicts(events, players)                 # the usual shapes, fast
        if None in self.events:                                          # the others: read in full
            self.pairs = None            # (an event may be no object at all: no len() to count)
            for j, ev in enumerate(events):
                if self.events[j] is None:
                    try:
                        self.events[j] = Event.from_dict(ev, players)
                    except E.BadRecord as exc:
                        raise E.BadRecord(exc.message, round=index, event=j) from None
        else:                            # every event a plain object: its pairs can be counted
            self.pairs = len(raw) + sum(map(len, events)) if _ROUND_KEYS.issuperset(raw) else None
        self.reveal = self._reveal(raw.get("reveal"), rules)
        corrections = raw.get("corrections")
        self.corrections = [] if corrections is None else corrections
        if not isinstance(self.corrections, list):
            raise E.BadRecord("'corrections' must be a list of corrections", round=index)
        for fix in self.corrections:
            check_correction(index, fix, rules.players)

    def _reveal(self, raw, rules: Rules):
        if raw is None:
            return None
        if not isinstance(raw, list) or len(raw) != rules.players:
            raise E.BadRecord(f"'reveal' must list {rules.players} hands", round=self.index)
        reveal = []
        for seat, shown in enumerate(raw):
            if isinstance(shown, bool) or not isinstance(shown, (int, list)):
                raise E.BadRecord(f"reveal {seat} must be a list of tiles or a pip count",
                                  round=self.index)
            reveal.append(shown if isinstance(shown, int) else _tiles(shown, f"reveal {seat}", self.index))
        return reveal


def parse(document) -> tuple[Rules, list[str], list[ParsedRound]]:
    """Check a whole record for form before any event is replayed.

    ``document`` is the decoded JSON or its text (``str`` or ``bytes``: then ``decode``'s
    refusals come first, as if it were decoded first). Raises ``BadRecord`` with the round and
    event at fault where there is one.
    """
    if not isinstance(document, (str, bytes)):
        return _parse(document)[:3]
    text = _text(document)
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        return _parse(_read_exactly(text))[:3]      # raises the refusal of the JSON (or reads it)
    try:
        rules, players, rounds, pairs = _parse(document)
    except E.BadRecord:
        decode(text)                 # a key given twice or nesting too deep is refused first
        raise
    # a plain record (pairs counted while it was read) needs no second walk for a repeated key:
    # a text with as many ':' as the decoding has pairs repeats none (see _shape)
    if pairs is None or pairs != text.count(":"):
        decode(text)
    return rules, players, rounds


def _parse(document) -> tuple[Rules, list[str], list[ParsedRound], int | None]:
    """``parse`` of a decoded document, and the key-value pairs of its JSON objects when the
    whole record is plain (``ParsedRound.pairs``; only record-format.md's keys, options of plain
    values), else None. Nesting is within ``MAX_DEPTH`` in a plain record (5 deep)."""
    if not isinstance(document, dict):
        raise E.BadRecord("a record is a JSON object")
    if document.get("format") != FORMAT:
        raise E.BadRecord(f"format must be {FORMAT!r}, not {document.get('format')!r}")
    players = document.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise E.BadRecord("'players' must be a list of names")
    options = document.get("options")
    options = {} if options is None else options
    if not isinstance(options, dict):
        raise E.BadRecord("'options' must be an object")
    top = document.get("set")
    if top is None:
        raise E.BadRecord("'set' is missing")
    rules = Rules.make(document.get("profile"), top, len(players), options)
    rounds = document.get("rounds")
    if not isinstance(rounds, list):
        raise E.BadRecord("a record needs 'rounds', a list (empty before the first round)")
    if len(rounds) > rules.rounds:
        raise E.BadRecord(f"{rules.rounds_text}, this record "
                          f"has {len(rounds)}", round=rules.rounds)
    parsed = [ParsedRound(r, i, rules) for i, r in enumerate(rounds)]
    pairs = None
    if _DOCUMENT_KEYS.issuperset(document) and type(top) is int \
            and all(isinstance(v, _SCALARS) for v in options.values()) \
            and None not in (counted := [pr.pairs for pr in parsed]):
        pairs = len(document) + len(options) + sum(counted)
    return rules, players, parsed, pairs


def build(rules: Rules, players: list[str], rounds: list[ParsedRound]) -> Game:
    """Replay parsed rounds into a ``Game``. Raises ``IllegalEvent`` (with ``round``/``event``
    attributes set) or ``BadRecord`` at the first fault."""
    game = Game(rules, players)
    for pr in rounds:
        if game.rounds and not game.current.ended:
            raise E.BadRecord(f"round {pr.index} has not ended but another follows", round=pr.index - 1)
        rnd = game._open_round(pr.hands, pr.boneyard, pr.starter)   # parse() checked the round's form
        try:
            rnd.push_all(pr.events)
        except E.IllegalEvent as exc:
            exc.round = pr.index             # push_all names the event
            raise
        if pr.reveal is not None:
            try:
                game.set_reveal(pr.index, pr.reveal)
            except E.RefereeError as exc:
                exc.round, exc.event = pr.index, None
                raise
        if pr.corrections:
            rnd.corrections = list(pr.corrections)
            try:
                game.round_scores(pr.index)
            except E.BadRecord as exc:
                exc.round = pr.index
                raise
    return game


def load(document) -> Game:
    """Check and replay a record into a ``Game`` (raises ``BadRecord`` / ``IllegalEvent``).

    The cyclic garbage collector is paused meanwhile (and restored as it was): a record's
    thousands of new containers, none of them garbage, would otherwise set off collections that
    find nothing and cost a tenth of the replay."""
    paused = gc.isenabled()
    gc.disable()
    try:
        return build(*parse(document))
    finally:
        if paused:
            gc.enable()


def refusal(exc: E.RefereeError) -> dict:
    """The result object of a refused record: ``ok`` false, ``round``, ``event``, ``error``, ``message``."""
    return {"ok": False, "round": getattr(exc, "round", None), "event": getattr(exc, "event", None),
            "error": exc.code, "message": exc.message}


def replay(document) -> tuple[dict, int]:
    """Replay a record: ``(result, exit_status)`` as record-format.md *Result* gives them."""
    try:
        game = load(document)
    except E.BadRecord as exc:
        return refusal(exc), 2
    except E.IllegalEvent as exc:
        return refusal(exc), 1
    return game.result(), 0


def option_overrides(rules: Rules) -> dict:
    """The options where ``rules`` differ from its profile's defaults (the record's ``options``)."""
    defaults = PROFILE_DEFAULTS[rules.profile]
    return {name: value for name, value in asdict(rules.options).items()
            if getattr(defaults, name) != value}


def to_record(game: Game) -> dict:
    """Write ``game`` as a ``mexican-train-record/1`` document."""
    rules = game.rules
    rounds = []
    for rnd in game.rounds:
        entry: dict = {"engine": rnd.engine}
        if not rules.options.engine_in_deal:
            entry["starter"] = rnd.starter
        if rnd.known:
            _, hands, boneyard, _ = rnd._deal
            entry["hands"] = [[str(t) for t in h] for h in hands]
            entry["boneyard"] = [str(t) for t in boneyard]
        entry["events"] = [e.to_dict() for e in rnd.events]
        if rnd.reveal is not None:
            entry["reveal"] = [r if isinstance(r, int) else [str(t) for t in r] for r in rnd.reveal]
        if rnd.corrections:
            entry["corrections"] = [dict(c) for c in rnd.corrections]
        rounds.append(entry)
    return {"format": FORMAT, "profile": rules.profile, "options": option_overrides(rules),
            "set": rules.top, "players": list(game.players), "rounds": rounds}
