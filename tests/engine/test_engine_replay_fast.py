"""The record replay's fast paths (issue 22) agree with the checked path they stand in for:
``Round.push_all`` (a round's events, the usual play, draw and pass inlined) refuses and applies
exactly as ``Round.push`` one event at a time, over simulated rounds with events put out of place
(house rules included); ``replay`` of a record's text, which counts the JSON pairs while it reads
the record instead of walking the decoded JSON again, gives the answer of ``decode`` first and
then the replay of the decoded record, for texts with a key given twice, a ':' inside a name,
unknown keys holding nested values and a format error after the repeated key."""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import BadRecord, Event, Game, Rules
from engine import errors as E
from engine.players import play_game, play_round
from engine.record import decode, replay, to_record

from mt_helpers import examples
from test_engine_fast import SETUPS, every_event

def outcome(rnd, push):
    """Push the round's events with ``push``: the refusal (code, message, event index, facts) or
    None, and the round's state, events and hands afterwards."""
    try:
        push()
        refusal = None
    except E.IllegalEvent as exc:
        refusal = (exc.code, exc.message, exc.event, exc.facts)
    return refusal, rnd.state(), list(rnd.events), rnd.hands, rnd.drawn_count, rnd.known_scores()


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=SETUPS, seed=st.integers(0, 2**32 - 1), policy=st.sampled_from(["random", "greedy"]),
       spoil=st.integers(0, 4))
def test_property_push_all_refuses_and_applies_as_push_one_at_a_time(setup, seed, policy, spoil):
    """A simulated round's events, with ``spoil`` random events (mostly illegal ones, of every
    kind; half of them a draw, pass, done or engine of the seat to act, put in) in place of or between them, pushed by ``push_all`` and by ``push`` one by one into two
    fresh rounds of the same deal: the same refusal at the same event, the same state after."""
    profile, top, players, options = setup
    rules = Rules.make(profile, top, players, options)
    names = [f"P{i}" for i in range(players)]
    rng = random.Random(seed)
    source = Game(rules, names)
    played = play_round(source, policy, rng)
    events = list(played.events)
    anything = every_event(played)
    for _ in range(spoil):
        place = rng.randrange(len(events))
        if rng.random() < 0.5:               # the seat to act there draws, passes... instead
            events.insert(place, Event(events[place].seat, rng.choice(["draw", "pass", "done", "engine"])))
        else:
            events[place] = rng.choice(anything)
    _, hands, boneyard, _ = played._deal

    def fresh():
        return Game(rules, names)._open_round(hands, boneyard, None)

    together = fresh()
    one_by_one = fresh()

    def each():
        for j, event in enumerate(events):
            try:
                one_by_one.push(event)
            except E.IllegalEvent as exc:
                exc.event = j
                raise
    assert outcome(together, lambda: together.push_all(events)) == outcome(one_by_one, each)


def reference(text: str):
    """What ``replay(text)`` must answer: ``decode``'s refusal first, else the replay of the
    decoded document (a dict: nothing left to count)."""
    try:
        document = decode(text)
    except BadRecord as exc:
        return {"ok": False, "round": getattr(exc, "round", None), "event": getattr(exc, "event", None),
                "error": exc.code, "message": exc.message}, 2
    return replay(document)


def spoil_text(record: dict, rng: random.Random, how: str) -> str:
    """The record's JSON text spoilt one way (``how``)."""
    rounds = record["rounds"]
    rnd = rng.choice(rounds)
    if how == "colon in a name":
        record["players"][rng.randrange(len(record["players"]))] += ": the host"
        return json.dumps(record)
    if how == "nested unknown key":
        target = rng.choice([record, rnd] + rnd["events"][:5])
        target["note"] = {"by": [{"who": "host"}], "at": "21:05"}
        return json.dumps(record)
    if how == "bad event after a repeat" and len(rounds) > 1:
        rounds[-1]["events"].append({"seat": 0, "play": "not a tile", "on": 0})
    # a key given twice: the text of one object with one of its keys written again
    event = rng.choice(rnd["events"]) if rnd["events"] else rnd
    key = rng.choice(sorted(event))
    event["__twice__"] = True
    text = json.dumps(record)
    value = json.dumps(rng.choice([event[key], 0, "x", True]))
    return text.replace('"__twice__": true', f'"{key}": {value}', 1)


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 2**32 - 1),
       how=st.sampled_from(["colon in a name", "nested unknown key", "key twice", "bad event after a repeat"]),
       profile=st.sampled_from([("hub", 6, 3, {"hand_size": 5}), ("classic", 6, 2, {}), ("hub", 9, 4, {})]))
def test_property_replay_of_a_text_answers_as_decode_then_replay(seed, how, profile):
    """``replay(text)`` reads the record once and counts its pairs; a text that repeats a key,
    puts a ':' in a name or holds unknown nested keys gets the answer of ``decode`` first and the
    replay of the decoded record then (a refusal naming the repeated key, or the same result)."""
    name, top, players, options = profile
    rng = random.Random(seed)
    game = play_game(Rules.make(name, top, players, options), [f"P{i}" for i in range(players)],
                     "random", rng)
    text = spoil_text(to_record(game), rng, how)
    assert replay(text) == reference(text)
    assert replay(text.encode()) == reference(text)


def test_a_key_given_twice_in_an_event_of_a_plain_record_is_refused_by_name():
    """The count of pairs finds a repeated key in a record that is otherwise plain and legal."""
    game = play_game(Rules.make("hub", 6, 3, {"hand_size": 5}), ["A", "B", "C"], "random", random.Random(3))
    text = json.dumps(to_record(game)).replace('{"seat": 1, ', '{"seat": 1, "seat": 1, ', 1)
    result, status = replay(text)
    assert status == 2 and result["error"] == "bad-record"
    assert result["message"] == "not a record: the key 'seat' is given twice in one object"
