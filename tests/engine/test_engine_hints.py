"""engine/hints.py: the longest train (exact) and plays ranked by playouts (issue 14)."""
import itertools
import random

import pytest

from engine import Game, Rules
from engine.hints import longest_train, rank_plays
from engine.deal import deal
from engine.players import choose, play_game
from engine.tiles import Tile


def _chains(hand, end):
    """Every chain by brute force over orderings of subsets (small hands only)."""
    best = 0
    for k in range(len(hand), 0, -1):
        for perm in itertools.permutations(hand, k):
            e, ok = end, True
            for t in perm:
                if e not in t:
                    ok = False
                    break
                e = t.high if t.low == e else t.low
            if ok:
                return k
    return best


def test_longest_train_lays_from_the_open_end_and_is_a_chain():
    rng = random.Random(3)
    tiles = [Tile(a, b) for a in range(7) for b in range(a, 7)]
    for _ in range(40):
        hand = rng.sample(tiles, 6)
        end = rng.randrange(7)
        chain = longest_train(hand, end)
        e = end
        for t in chain:
            assert e in t and t in hand
            e = t.high if t.low == e else t.low
        assert len(set(chain)) == len(chain)
        assert len(chain) == _chains(hand, end)


def test_longest_train_counts_doubles_and_is_empty_without_a_match():
    assert longest_train([Tile(5, 5), Tile(5, 2)], 5) == [Tile(5, 5), Tile(2, 5)]
    assert longest_train([Tile(1, 2)], 9) == []


def _mid_round(seed, events=30):
    rules = Rules.make("hub", 12, 4)
    rng = random.Random(seed)
    rnd = Game(rules, list("ABCD")).start_round(*deal(rules, 0, rng))
    for _ in range(events):
        rnd.push(choose(rnd, "random", rng))
    return rnd


@pytest.mark.parametrize("seed,events", [(1, 16), (2, 12), (3, 8), (4, 8), (5, 8), (6, 8)])
def test_ranked_plays_are_the_seats_legal_events_and_use_the_budget(seed, events):
    rnd = _mid_round(seed, events)
    seat = rnd.turn
    ranking = rank_plays(rnd, seat, rnd.hands[seat], random.Random(seed), 200)
    legal = [e for e in rnd.legal_events if e.seat == seat]
    assert len(legal) > 1, "a position with a choice (a forced move is test_a_forced_move_runs_no_playouts)"
    assert sorted(map(repr, (h.event for h in ranking.plays))) == sorted(map(repr, legal))
    assert ranking.playouts == 200 == sum(h.playouts for h in ranking.plays)
    means = [h.mean_pips for h in ranking.plays]
    assert means == sorted(means)
    for h in ranking.plays:
        rnd.push(h.event)          # every candidate is accepted by the round
        rnd.pop()


def test_rank_plays_is_empty_off_turn_and_refuses_a_wrong_hand():
    rnd = _mid_round(2)
    other = (rnd.turn + 1) % 4
    assert rank_plays(rnd, other, rnd.hands[other], random.Random(1), 10).plays == []
    with pytest.raises(ValueError, match="budget"):
        rank_plays(rnd, rnd.turn, rnd.hands[rnd.turn], random.Random(1), 0)
    with pytest.raises(ValueError, match="tiles"):
        rank_plays(rnd, rnd.turn, list(rnd.hands[rnd.turn])[1:], random.Random(1), 10)


def test_playout_player_finishes_games():
    game = play_game(Rules.make("hub", 6, 2, {"hand_size": 7}), ["A", "B"], "playout", random.Random(4))
    assert game.finished


def test_simulate_plays_playout_against_greedy_and_counts_the_first_seats_wins():
    from cli.simulate_command import play_games
    stats = play_games(Rules.make("hub", 6, 2, {"hand_size": 7}), 2, 3, "playout", True, "greedy")
    assert stats["games"] == 2 and 0 <= stats["wins"] <= 2
    assert play_games(Rules.make("hub", 6, 2, {"hand_size": 7}), 1, 3, "greedy", True)["wins"] is None


@pytest.mark.parametrize("setup", [("hub", 12, 4, {}), ("classic", 9, 3, {}),
                                   ("hub", 6, 3, {"hand_size": 5, "close_doubles": "any"}),
                                   ("hub", 9, 3, {"draw_until_playable": True})])
def test_table_voids_hold_for_the_real_hands_at_every_moment(setup):
    """What the table showed (a seat that drew or passed held no tile of the ends open to it) is
    true of the hands as dealt, at every event of random games, and says something."""
    from engine.hints import table_voids
    profile, top, players, options = setup
    rules = Rules.make(profile, top, players, options)
    shown = 0
    for seed in range(12):
        rng = random.Random(seed)
        rnd = Game(rules, [f"P{i}" for i in range(players)]).start_round(*deal(rules, 0, rng))
        while not rnd.ended:
            for s, (pips, free) in enumerate(table_voids(rnd)):
                fitting = [t for t in rnd.hands[s] if t.low in pips or t.high in pips]
                assert len(fitting) <= free, (seed, s, pips, free, fitting)
                shown += bool(pips)
            rnd.push(choose(rnd, "random", rng))
    assert shown > 100


def test_a_narrowed_deal_gives_a_seat_that_showed_a_void_no_more_tiles_of_it_than_it_may_hold():
    from engine.hints import _determinize, table_voids, unseen_tiles
    rules = Rules.make("hub", 12, 4)
    checked = 0
    for seed in range(30):
        rng = random.Random(seed)
        rnd = Game(rules, list("ABCD")).start_round(*deal(rules, 0, rng))
        for _ in range(40):
            if rnd.ended:
                break
            rnd.push(choose(rnd, "random", rng))
        if rnd.ended:
            continue
        seat, voids = rnd.turn, table_voids(rnd)
        hand = rnd.hands[seat]
        mine = sum(rnd._bits.bit[t] for t in hand)
        for k in range(5):
            dealt = _determinize(rnd, seat, mine, unseen_tiles(rnd, hand), random.Random(k), voids)
            assert dealt.hands[seat] == hand
            assert [len(h) for h in dealt.hands] == rnd.hand_counts
            for s, (pips, free) in enumerate(voids):
                if s != seat and pips:
                    assert sum(t.low in pips or t.high in pips for t in dealt.hands[s]) <= free
                    checked += 1
    assert checked > 20


def test_a_forced_move_runs_no_playouts():
    """One move only (often a draw with nothing to play): it is the hint, with no playout and no
    claim of a favourite among alternatives there are none of."""
    found = 0
    for seed in range(1, 80):
        rnd = _mid_round(seed, events=10 + seed % 25)
        if rnd.end is not None:
            continue
        seat = rnd.turn
        legal = [e for e in rnd.legal_events if e.seat == seat]
        # a small budget: a choice spends all of it (the full budget's use is
        # test_ranked_plays_are_the_seats_legal_events_and_use_the_budget), a forced move none
        ranking = rank_plays(rnd, seat, rnd.hands[seat], random.Random(seed), 10)
        if len(legal) == 1:
            found += 1
            assert ranking.forced and ranking.playouts == 0 and ranking.clear
            assert [h.event for h in ranking.plays] == legal
        else:
            assert not ranking.forced and ranking.playouts == 10
    assert found, "no forced move in these rounds: widen the search"
