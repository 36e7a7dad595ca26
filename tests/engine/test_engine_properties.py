"""Property tests over random games played by a tiny random player (known hands): tiles are
conserved, pop() restores the exact prior state, every round ends within a bounded number of
events, replay(to_record(game)) gives game.result(), and the same events replayed with hidden hands
and a reveal give the same scores."""
from __future__ import annotations

import copy
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Game, Rules
from engine import events as ev
from engine.record import replay, to_record
from engine.tiles import Tile, full_set
from mt_helpers import examples

SETTINGS = settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_EVENTS = 3000

SETUPS = st.sampled_from([
    ("classic", 6, 2, {}), ("classic", 6, 4, {}), ("classic", 9, 3, {}),
    ("hub", 9, 2, {}), ("hub", 9, 4, {}), ("hub", 6, 3, {"hand_size": 5}),
    ("hub", 9, 3, {"close_doubles": "reverse"}), ("classic", 6, 3, {"close_doubles": "any"}),
    ("hub", 6, 2, {"first_turn_multi_play": True, "hand_size": 8}),
    ("classic", 6, 2, {"unsatisfiable_exemption": True, "must_play": False}),
])


def deal(rules: Rules, index: int, rng: random.Random):
    tiles = list(full_set(rules.top))
    rng.shuffle(tiles)
    engine = Tile(rules.engine_of(index), rules.engine_of(index))
    if not rules.options.engine_in_deal:
        tiles.remove(engine)
    h = rules.hand_size
    hands = [tiles[i * h:(i + 1) * h] for i in range(rules.players)]
    return hands, tiles[rules.players * h:]


def choose(rnd, rng: random.Random):
    """A random legal event for the seat to act (known hands)."""
    seat = rnd.seat_to_act()
    if not rnd.engine_placed:
        return ev.engine(seat) if rnd.engine_tile in rnd.hands[seat] else ev.draw(seat)
    options = [ev.play(seat, t, on) for t, on in rnd.legal_plays(seat)]
    if rnd.can_end_turn(seat):
        options.append(ev.done(seat))
    if not rnd.opts.must_play or not options:
        if rnd.can_draw(seat):
            options.append(ev.draw(seat))
        elif rnd.can_pass(seat):
            options.append(ev.pass_turn(seat))
    assert options, f"no legal event for seat {seat}: {rnd.state()}"
    return rng.choice(options)


def table_tiles(rnd) -> list[Tile]:
    out = [rnd.engine_tile] if rnd.engine_placed else []
    for train in rnd.trains:
        out += [Tile(min(a, b), max(a, b)) for a, b in train]
    return out


def remaining(rnd, boneyard) -> list[Tile]:
    """The boneyard still to draw: the dealt boneyard less the draws (state.boneyard counts it)."""
    left = rnd.state()["boneyard"]
    return list(boneyard[len(boneyard) - left:])


def conserved(rnd, boneyard) -> bool:
    everything = [t for h in rnd.hands for t in h] + remaining(rnd, boneyard) + table_tiles(rnd)
    return sorted(everything) == sorted(full_set(rnd.rules.top))


def full_view(rnd):
    return copy.deepcopy((rnd.state(), [sorted(h) for h in rnd.hands],
                          [sorted(rnd.legal_plays(s), key=repr) for s in range(rnd.n)],
                          len(rnd.events), rnd.known_scores()))


def play_round(game: Game, rng: random.Random, check_pop: float = 0.0) -> int:
    rules = game.rules
    hands, boneyard = deal(rules, len(game.rounds), rng)
    rnd = game.start_round(hands=hands, boneyard=boneyard)
    count = 0
    while not rnd.ended:
        assert count < MAX_EVENTS, "the round did not end"
        event = choose(rnd, rng)
        if check_pop and rng.random() < check_pop:
            before = full_view(rnd)
            game.push(event)
            assert game.pop() == event
            assert full_view(rnd) == before
        game.push(event)
        count += 1
        assert conserved(rnd, boneyard)
        assert rnd.state()["hand_counts"] == [len(h) for h in rnd.hands]
    return count


@SETTINGS
@given(setup=SETUPS, seed=st.integers(0, 2**32 - 1))
def test_property_tiles_conserved_and_round_ends(setup, seed):
    """Tiles: hands + boneyard + table == the set at every step; each round ends (bounded events)."""
    profile, top, players, options = setup
    game = Game(Rules.make(profile, top, players, options), [f"P{i}" for i in range(players)])
    rng = random.Random(seed)
    play_round(game, rng)
    result = game.result()["rounds"][0]
    assert result["end"] in ("out", "blocked")
    if result["end"] == "out":
        assert result["out"] and all(result["scores"][s] == 0 for s in result["out"])
    else:
        assert result["out"] == []


@SETTINGS
@given(setup=SETUPS, seed=st.integers(0, 2**32 - 1))
def test_property_pop_restores_exact_prior_state(setup, seed):
    """pop() undoes the last event exactly (state, hands, boneyard)."""
    profile, top, players, options = setup
    game = Game(Rules.make(profile, top, players, options), [f"P{i}" for i in range(players)])
    play_round(game, random.Random(seed), check_pop=0.25)


@SETTINGS
@given(setup=SETUPS, seed=st.integers(0, 2**32 - 1), cut=st.floats(0, 1))
def test_property_replay_of_record_equals_result(setup, seed, cut):
    """replay(to_record(game)) equals game.result(), mid-round and after a round has ended."""
    profile, top, players, options = setup
    game = Game(Rules.make(profile, top, players, options), [f"P{i}" for i in range(players)])
    rng = random.Random(seed)
    play_round(game, rng)
    assert replay(to_record(game)) == (game.result(), 0)
    # a second round stopped part-way
    hands, boneyard = deal(game.rules, 1, rng)
    rnd = game.start_round(hands=hands, boneyard=boneyard)
    steps = int(cut * 60)
    while steps and not rnd.ended:
        game.push(choose(rnd, rng))
        steps -= 1
    assert replay(to_record(game)) == (game.result(), 0)


@SETTINGS
@given(setup=SETUPS, seed=st.integers(0, 2**32 - 1))
def test_property_hidden_replay_with_reveal_gives_same_scores(setup, seed):
    """rules.md 5: the same events at a real table (hidden hands) are all accepted, and a reveal of
    the hands left gives the known-hands scores."""
    profile, top, players, options = setup
    game = Game(Rules.make(profile, top, players, options), [f"P{i}" for i in range(players)])
    play_round(game, random.Random(seed))
    doc = to_record(game)
    rnd = doc["rounds"][0]
    del rnd["hands"], rnd["boneyard"]
    rnd["reveal"] = [[str(t) for t in sorted(h)] for h in game.current.hands]
    result, status = replay(doc)
    assert status == 0, result
    assert result["rounds"] == game.result()["rounds"] and result["totals"] == game.result()["totals"]


@settings(max_examples=examples(8), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), profile=st.sampled_from(["classic", "hub"]))
def test_property_whole_game_finishes_with_winners(seed, profile):
    """A whole double-6 game: set+1 rounds, finished, winners by the tie-break, replay agrees."""
    players = 3
    options = {} if profile == "classic" else {"hand_size": 6}
    game = Game(Rules.make(profile, 6, players, options), ["A", "B", "C"])
    rng = random.Random(seed)
    for _ in range(7):
        play_round(game, rng)
    result = game.result()
    assert result["finished"] and result["state"] is None and [r["engine"] for r in result["rounds"]] == list(range(6, -1, -1))
    totals = result["totals"]
    assert result["winners"] and all(totals[w] == min(totals) for w in result["winners"])
    assert replay(to_record(game)) == (result, 0)
