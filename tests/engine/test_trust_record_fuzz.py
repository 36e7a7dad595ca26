"""Property: the record loader answers every document with a result, never an exception (issue 13).

Any JSON text, and valid records with one value anywhere replaced by any JSON value (lists, objects,
huge numbers, lone surrogates), replay to exit 0, 1 or 2; the plain summary prints them."""
from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.record import replay
from cli.replay_command import _printable, summary
from mt_helpers import examples

VALID = {"format": "mexican-train-record/1", "profile": "hub", "set": 9, "players": ["Ana", "Ben"],
         "rounds": [{"engine": 9, "events": [{"seat": 0, "play": "9-4", "on": 0}, {"seat": 1, "draw": True},
                                            {"seat": 1, "play": "4-4", "on": 0}],
                     "corrections": []}]}
HIDDEN_ENDED = {"format": "mexican-train-record/1", "profile": "classic", "set": 6, "players": ["A", "B"],
                "options": {"hand_size": 1}, "rounds": [{"engine": 6, "events": [], "reveal": [["1-2"], 3]}]}

scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(min_value=2 ** 63, max_value=10 ** 400),
                    st.floats(allow_nan=False), st.text(max_size=12), st.sampled_from(["9-4", "\ud800", "mexican"]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=6), inner, max_size=4)),
                      max_leaves=12)


def paths(doc, prefix=()):
    """Every (container, key) place in a decoded document."""
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield prefix + (key,)
            yield from paths(value, prefix + (key,))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            yield prefix + (i,)
            yield from paths(value, prefix + (i,))


def replaced(doc, path, value):
    doc = json.loads(json.dumps(doc))
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return doc


def check(text: str) -> None:
    result, status = replay(text)
    assert status in (0, 1, 2)
    assert json.dumps(result)
    if status == 2:
        assert result["error"] == "bad-record"
    line = _printable(summary(result, text if status != 2 else None))
    assert line.encode("utf-8")


FUZZ = settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.sampled_from([VALID, HIDDEN_ENDED]).flatmap(
    lambda doc: st.tuples(st.just(doc), st.sampled_from(list(paths(doc))), values)))
def test_one_value_replaced_anywhere_never_raises(case):
    doc, path, value = case
    check(json.dumps(replaced(doc, path, value)))


@FUZZ
@given(values)
def test_any_json_document_never_raises(value):
    check(json.dumps(value))


@FUZZ
@given(st.text(max_size=200))
def test_any_text_never_raises(text):
    check(text)


def test_an_event_that_is_no_object_is_a_bad_record_not_a_crash():
    """CI's fuzz run found it: ``"events": [null]`` made the replay's fast path call len(None)."""
    for doc in (VALID, HIDDEN_ENDED):
        for event in (None, 3, "play", ["9-4"]):
            bad = replaced(doc, ("rounds", 0, "events"), [event])
            check(json.dumps(bad))
            result, status = replay(json.dumps(bad))
            assert status != 0 and "event" in json.dumps(result), (event, result)
