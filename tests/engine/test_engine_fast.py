"""The fast engine's state and API (issue 14): the legal events are exactly the events ``push``
accepts, over many random positions (known and hidden hands, house rules included); the hands kept
as bit sets equal the plain hands (dealt, less the plays, plus the draws) after any sequence of
pushes and pops; the computer players' events, applied unchecked, are events ``push`` accepts;
``Tile`` orders its ends; the game's own undo of a round start, a reveal and a correction; trains
named as events name them; the record reader's fast paths agree with the full reading."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import BadRecord, Event, Game, Rules, Tile
from engine import errors as E
from engine import events as ev
from engine.deal import deal
from engine.players import choose, play_round
from engine.record import _depth_problem, _read_exactly, decode, replay, to_record
from engine.tiles import full_set
from mt_helpers import examples

SETTINGS = settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])

SETUPS = st.sampled_from([
    ("classic", 6, 2, {}), ("classic", 6, 3, {}), ("hub", 6, 3, {"hand_size": 5}),
    ("hub", 9, 3, {"close_doubles": "reverse"}), ("classic", 6, 3, {"close_doubles": "any"}),
    ("hub", 6, 2, {"first_turn_multi_play": True, "hand_size": 8}),
    ("classic", 6, 2, {"unsatisfiable_exemption": True, "must_play": False}),
    ("hub", 6, 3, {"hand_size": 5, "doubles_open": False}),
    ("hub", 6, 3, {"hand_size": 5, "double_binds": "player", "follow_double": "on_double"}),
    ("classic", 6, 3, {"first_turn_doubles_open": True, "last_tile_double": "forbidden"}),
    ("hub", 6, 3, {"hand_size": 5, "draw_until_playable": True, "must_play": False}),
    ("hub", 6, 3, {"hand_size": 5, "own_train_first": True}),
])


def every_event(rnd) -> list[Event]:
    """Every event that could be put to the round: each seat, each kind, each tile of the set
    on each train."""
    labels = list(range(rnd.players)) + ["mexican"]
    out = []
    for seat in range(rnd.players):
        out += [Event(seat, kind) for kind in ("engine", "draw", "pass", "done")]
        out += [Event(seat, "play", t, on) for t in full_set(rnd.top) for on in labels]
    return out


def accepted(rnd) -> set[Event]:
    return {e for e in every_event(rnd) if rnd.accepts(e)}


def start(setup, seed: int, hidden: bool = False):
    profile, top, players, options = setup
    rules = Rules.make(profile, top, players, options)
    game = Game(rules, [f"P{i}" for i in range(players)])
    rng = random.Random(seed)
    if hidden:
        return game, game.start_round(), rng
    return game, game.start_round(*deal(rules, 0, rng)), rng


@SETTINGS
@given(setup=SETUPS, seed=st.integers(0, 2**32 - 1), hidden=st.booleans())
def test_property_legal_events_are_exactly_the_events_push_accepts(setup, seed, hidden):
    """Over the positions of a random round (with random undos), ``legal_events`` is the set of
    events ``push`` accepts, each at most once; one of them is pushed next."""
    game, rnd, rng = start(setup, seed, hidden)
    for step in range(40 if hidden else 400):
        if rnd.ended:
            break
        legal = rnd.legal_events
        assert len(legal) == len(set(legal))
        if hidden or step % 7 == 0:          # the brute force is slow: every 7th position
            assert set(legal) == accepted(rnd)
        assert legal, f"no legal event: {rnd.state()}"
        event = rng.choice(legal)
        game.push(event)
        if rng.random() < 0.1:
            assert game.pop() == event
            game.push(event)
    assert rnd.legal_events == [] or not rnd.ended


@SETTINGS
@given(setup=SETUPS, seed=st.integers(0, 2**32 - 1))
def test_property_bit_set_hands_equal_the_plain_hands_after_pushes_and_pops(setup, seed):
    """The hands (kept as bit sets) equal the dealt hands less the tiles played plus the tiles
    drawn, after every push and every pop; ``holds`` agrees; the legal plays are the plays among
    the hand's tiles that ``push`` accepts."""
    game, rnd, rng = start(setup, seed)
    _, dealt, boneyard, _ = rnd._deal
    pushed = []
    while not rnd.ended and len(pushed) < 400:
        event = rng.choice(rnd.legal_events)
        game.push(event)
        pushed.append(event)
        if rng.random() < 0.2:
            game.pop()
            pushed.pop()
        plain = [set(h) for h in dealt]
        draws = 0
        for e in pushed:
            if e.kind == "draw":
                plain[e.seat].add(boneyard[draws])
                draws += 1
            elif e.kind in ("play", "engine"):
                plain[e.seat].discard(e.tile or rnd.engine_tile)
        assert rnd.hands == plain
        assert all(rnd.holds(s, t) == (t in plain[s]) for s in range(rnd.players) for t in full_set(rnd.top))
        if rnd.engine_placed and not rnd.ended:
            seat = rnd.turn
            labels = list(range(rnd.players)) + ["mexican"]
            expected = {(t, on) for t in plain[seat] for on in labels if rnd.accepts(ev.play(seat, t, on))}
            assert set(rnd.legal_plays(seat)) == expected


@SETTINGS
@given(setup=SETUPS, seed=st.integers(0, 2**32 - 1), policy=st.sampled_from(["random", "greedy"]))
def test_property_computer_players_make_only_events_push_accepts(setup, seed, policy):
    """``players.choose`` (whose events the simulation applies unchecked) makes only events
    ``push`` accepts, and every round it plays ends."""
    game, rnd, rng = start(setup, seed)
    for _ in range(3000):
        if rnd.ended:
            break
        event = choose(rnd, policy, rng)
        assert event in rnd.legal_events
        game.push(event)
    assert rnd.ended


@SETTINGS
@given(setup=SETUPS, seed=st.integers(0, 2**32 - 1), policy=st.sampled_from(["random", "greedy"]))
def test_property_simulated_rounds_replay_through_the_checked_push(setup, seed, policy):
    """``players.play_round`` applies its events unchecked; replaying its record checks each one:
    the replay must accept them all and give the same result."""
    profile, top, players, options = setup
    game = Game(Rules.make(profile, top, players, options), [f"P{i}" for i in range(players)])
    rng = random.Random(seed)
    for _ in range(2):
        play_round(game, policy, rng)
    assert replay(json.dumps(to_record(game))) == (game.result(), 0)


def test_tile_orders_its_ends_whatever_order_it_is_given():
    assert Tile(9, 4) == Tile(4, 9) == (4, 9)
    assert (Tile(9, 4).low, Tile(9, 4).high, str(Tile(9, 4))) == (4, 9, "4-9")
    assert Tile._make([7, 2]) == Tile(2, 7) and len({Tile(9, 4), Tile(4, 9)}) == 1


def test_a_tile_given_high_end_first_cannot_lie_on_two_trains_with_hidden_hands():
    game = Game(Rules.make("hub", 12, 3), ["Ana", "Ben", "Chi"])
    rnd = game.start_round()
    game.push(ev.play(0, Tile(12, 5), 0))
    game.push(ev.draw(1))
    with pytest.raises(E.TileOnTable):
        game.push(ev.play(1, Tile(5, 12), 1))
    assert rnd.train(0) == [(12, 5)] and rnd.train(1) == []


def test_trains_doubles_and_open_ends_are_named_as_events_name_them():
    game = Game(Rules.make("hub", 12, 3), ["Ana", "Ben", "Chi"])
    rnd = game.start_round()
    game.push(ev.play(0, Tile(12, 4), "mexican"))
    game.push(ev.play(1, Tile(4, 4), "mexican"))
    assert rnd.train("mexican") == [(12, 4), (4, 4)] and rnd.open_end("mexican") == 4
    assert rnd.open_end(2) == 12 and rnd.players == 3
    assert rnd.doubles_to_satisfy() == [("mexican", Tile(4, 4))]
    assert rnd.state()["open_doubles"] == [{"on": "mexican", "tile": "4-4"}]
    with pytest.raises(IndexError):
        rnd.train(3)


def test_undo_of_a_round_start_a_reveal_and_a_correction_is_the_games():
    game = Game(Rules.make("hub", 6, 2, {"hand_size": 5}), ["Ana", "Ben"])
    with pytest.raises(IndexError):
        game.pop_round()
    rnd = game.start_round()
    game.push(ev.play(0, Tile(6, 1), 0))
    with pytest.raises(BadRecord):
        game.pop_round()                       # its moves first
    game.pop()
    assert game.pop_round() is rnd and game.rounds == []
    rnd = game.start_round(starter=1)
    for t in ("6-0", "0-1", "1-2", "2-3", "3-4"):
        game.push(ev.play(1, Tile(*map(int, t.split("-"))), 1))
        if not rnd.ended:
            game.push(ev.draw(0) if rnd.boneyard_count and not rnd.drew else ev.pass_turn(0))
            if rnd.turn == 0:
                game.push(ev.pass_turn(0))
    assert rnd.ended and rnd.out == [1]
    game.set_reveal(0, [12, 0])
    assert game.round_scores(0) == [12, 0]
    game.correct(0, 0, 10, "miscounted")
    assert game.round_scores(0) == [10, 0]
    assert game.pop_correction(0) == {"seat": 0, "score": 10, "reason": "miscounted"}
    assert game.round_scores(0) == [12, 0]
    with pytest.raises(IndexError):
        game.pop_correction(0)
    assert game.clear_reveal(0) == [12, 0]
    assert game.round_scores(0) is None and rnd.reveal is None
    with pytest.raises(IndexError):
        game.clear_reveal(5)


@settings(max_examples=examples(300), deadline=None)
@given(st.text(alphabet='[]{}"\\ab,:\né', max_size=80), st.integers(0, 40))
def test_depth_check_reads_the_same_with_and_without_escapes_in_the_text(text, deep):
    """The depth check has a path for texts with a backslash and one without; a string with an
    escape added after the text (it opens and closes nothing) must not change the answer."""
    text = "[" * deep + text
    if "\\" not in text and text.count('"') % 2 == 0:
        assert _depth_problem(text) == _depth_problem(text + ' "\\"["')
    assert (_depth_problem("[" * 33) is not None, _depth_problem("[" * 32)) == (True, None)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["a", "b:c", "[{", "é", "a\\b"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["a", "b", "c:"]),
                                                                 inner, max_size=3),
    max_leaves=12)


@settings(max_examples=examples(400), deadline=None)
@given(JSON_VALUES, st.integers(0, 40), st.sampled_from(["", "a", "b", "x"]), st.booleans())
def test_decode_fast_path_agrees_with_the_exact_reading(value, deep, twice, bad):
    """``decode`` reads without the per-object hook when the text's ':' count shows no repeated
    key: its answer (the value, or the refusal's words) must be the exact reading's, for values
    nested up to 41 deep, with a key given twice (``twice``), colons and brackets in strings, and
    text cut short (``bad``)."""
    text = "[" * deep + json.dumps(value) + "]" * deep
    if twice:
        text = f'{{"{twice}": 1, "x": [{text}], "{twice}": 2}}'
    if bad:
        text = text[:-1]

    def read(how):
        try:
            return how(text)
        except BadRecord as exc:
            return exc.message
    assert read(decode) == read(_read_exactly)
    assert read(decode) == read(lambda t: decode(t.encode()))


@settings(max_examples=examples(300), deadline=None)
@given(st.fixed_dictionaries({"seat": st.one_of(st.integers(-1, 4), st.just(True), st.just("1"))},
                             optional={"play": st.sampled_from(["12-5", "5-12", "x", 3, "09-2"]),
                                       "on": st.sampled_from([0, 3, 9, "mexican", "Mexican", None, False]),
                                       "draw": st.sampled_from([True, False, 1]),
                                       "pass": st.just(True)}))
def test_event_reading_fast_path_agrees_with_the_full_reading(raw):
    """An unknown key sends an event through the full reading: the answer must be the same."""
    def read(doc):
        try:
            return Event.from_dict(doc, 4)
        except BadRecord as exc:
            return exc.message
    assert read(raw) == read({**raw, "note": "x"})


def test_a_record_of_a_simulated_game_replays_to_its_result():
    from engine.players import play_game
    game = play_game(Rules.make("hub", 12, 4), ["Ana", "Ben", "Chi", "Dee"], "random", random.Random(7))
    assert replay(json.dumps(to_record(game))) == (game.result(), 0)


@SETTINGS
@given(setup=SETUPS, seed=st.integers(0, 2**32 - 1), policy=st.sampled_from(["random", "greedy"]))
def test_property_the_playout_loop_moves_as_the_players_choose(setup, seed, policy):
    """``autoplay.play_out`` (its own inlined pick for the frequent case) makes, from the same
    position and random state, the very event ``players.choose`` makes, at every step."""
    from engine.autoplay import play_out
    from engine.hints import snapshot
    game, rnd, rng = start(setup, seed)
    steps = 0
    while not rnd.ended and steps < 400:
        copy, state = snapshot(rnd), rng.getstate()
        play_out(copy, policy, rng, max_events=1, record=True)
        rng.setstate(state)
        event = choose(rnd, policy, rng)
        assert copy.events[-1] == event
        game.push(event)
        steps += 1
    assert rnd.ended
