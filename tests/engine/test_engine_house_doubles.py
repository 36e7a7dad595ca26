"""house-rules.md, the options about doubles: ``doubles_open``, ``double_binds``, ``follow_double``,
``first_turn_doubles_open`` and their decided points (1, 2, 3, 4, 5, 12), known and hidden hands."""
from __future__ import annotations

from engine import errors as E

from mt_helpers import (DONE, DRAW, ENGINE, MEX, PASS, P, hidden_game, known_game, push_all,
                        refused, state)


def _open(game) -> list[tuple]:
    return [(d["on"], d["tile"]) for d in state(game)["open_doubles"]]


# ----------------------------------------------------------------------------- doubles_open
def _hub_double(options, hidden=False):
    """hub, double-6: Ana 6-1, Ben 6-2, then Ana holds 1-1 (and 2-3) with her train ending 1."""
    if hidden:
        game = hidden_game("hub", 6, 2, 3, options=options)
    else:
        game = known_game("hub", 6, [["6-1", "1-1", "2-3"], ["6-2", "2-2", "4-5"]], options=options)
    return push_all(game, P(0, "6-1", 0), P(1, "6-2", 1))


def test_doubles_open_false_turn_ends_after_a_double_and_it_binds_nobody():
    """doubles_open false: no follow-up after a double (the turn ends after it like after any tile),
    never listed in open_doubles; decided 1: an event by the seat that has just played it is
    not-your-turn."""
    for hidden in (False, True):
        game = _hub_double({"doubles_open": False}, hidden)
        game.push(P(0, "1-1", 0))
        assert state(game)["turn"] == 1 and _open(game) == []
        err = refused(game, P(0, "2-3", MEX) if hidden else P(0, "2-3", 0), E.NotYourTurn)
        assert err.facts["house_rule"] == "doubles_open" and "house rule" in err.message
        game.push(P(1, "2-2", 1))                   # Ben plays anywhere: 1-1 restricts nobody
        assert state(game)["turn"] == 0 and _open(game) == []


def test_doubles_open_default_keeps_the_turn_and_binds():
    """Defaults change nothing: the double keeps the turn and is listed."""
    game = _hub_double({})
    game.push(P(0, "1-1", 0))
    assert state(game)["turn"] == 0 and _open(game) == [(0, "1-1")]


def test_doubles_open_false_double_as_last_tile_not_listed():
    """Decided 1: a double played as a last tile is not listed in the ended round's open_doubles
    (by default it is: record-format.md fine points)."""
    for options, listed in (({"doubles_open": False}, []), ({}, [(0, "1-1")])):
        game = known_game("hub", 6, [["6-1", "1-1"], ["6-2", "2-3"]], options=options)
        push_all(game, P(0, "6-1", 0), P(1, "6-2", 1), P(0, "1-1", 0))
        assert game.result()["rounds"][0]["end"] == "out" and _open(game) == listed


# ----------------------------------------------------------------------------- double_binds
def test_double_binds_player_listed_in_its_turn_then_binds_nobody():
    """double_binds "player": the player owes the follow-up in that turn as usual (listed while the
    turn goes on, decided 12), but once the turn ends the double binds nobody."""
    for hidden in (False, True):
        if hidden:
            game = hidden_game("hub", 6, 2, 3, options={"double_binds": "player"})
        else:
            game = known_game("hub", 6, [["6-1", "1-1", "2-3"], ["6-2", "2-4", "0-0"]], boneyard=["4-5"],
                              options={"double_binds": "player"})
        push_all(game, P(0, "6-1", 0), P(1, "6-2", 1), P(0, "1-1", 0))
        assert state(game)["turn"] == 0 and _open(game) == [(0, "1-1")]
        refused(game, PASS(0), E.MustDraw)
        push_all(game, DRAW(0), PASS(0))
        assert state(game)["turn"] == 1 and _open(game) == []
        game.push(P(1, "2-4", 1))                     # not on 1-1: it binds nobody now
        assert state(game)["trains"][1]["tiles"] == ["6-2", "2-4"]


def test_double_binds_everyone_by_default_next_player_is_bound():
    """Default "everyone": the next player must satisfy the double left open."""
    game = known_game("hub", 6, [["6-1", "1-1", "2-3"], ["6-2", "2-4", "0-0"]], boneyard=["4-5"])
    push_all(game, P(0, "6-1", 0), P(1, "6-2", 1), P(0, "1-1", 0), DRAW(0), PASS(0))
    assert _open(game) == [(0, "1-1")]
    refused(game, P(1, "2-4", 1), E.OpenDouble)


def test_double_binds_player_double_as_last_tile_lists_no_open_double():
    """Decided 12: a double played as the last tile ends the turn with the round: the ended round
    lists no open double."""
    game = known_game("hub", 6, [["6-1", "1-1"], ["6-2", "2-3"]], options={"double_binds": "player"})
    push_all(game, P(0, "6-1", 0), P(1, "6-2", 1), P(0, "1-1", 0))
    assert game.result()["rounds"][0]["end"] == "out" and _open(game) == []


# ----------------------------------------------------------------------------- follow_double
def _follow(options, hidden=False):
    """hub, double-6: Ana 6-1 on her train, Ben starts the Mexican train with 6-3, Ana plays 1-1:
    she owes the follow-up, holding 3-3 and 3-5 (for the Mexican train) and no 1."""
    if hidden:
        game = hidden_game("hub", 6, 2, 5, options=options)
    else:
        game = known_game("hub", 6, [["6-1", "1-1", "3-3", "3-5", "0-2"], ["6-3", "2-4", "4-4", "0-0", "2-2"]],
                          boneyard=["4-5", "1-4"], options=options)
    return push_all(game, P(0, "6-1", 0), P(1, "6-3", MEX), P(0, "1-1", 0))


def test_follow_double_anywhere_by_default():
    """Default "anywhere": the follow-up may go on any open train, a second double included."""
    game = _follow({})
    game.push(P(0, "3-3", MEX))
    assert state(game)["turn"] == 0 and _open(game) == [(0, "1-1"), (MEX, "3-3")]
    assert _follow({}).current.has_legal_play(0)


def test_follow_double_on_double_elsewhere_is_open_double_own_train_mismatch_is_no_match():
    """follow_double "on_double": the play owed after a double must satisfy that very double, so no
    second double can follow it; decided 2: a tile on another train, or a second double elsewhere,
    is open-double; a tile on the double's own train that does not match is no-match."""
    for hidden in (False, True):
        game = _follow({"follow_double": "on_double"}, hidden)
        err = refused(game, P(0, "3-3", MEX), E.OpenDouble)
        assert err.facts["house_rule"] == "follow_double" and "house rule" in err.message
        refused(game, P(0, "3-5", MEX), E.OpenDouble)
        refused(game, P(0, "3-5", 0), E.NoMatch)
        if hidden:
            game.push(P(0, "1-4", 0))
            assert state(game)["turn"] == 1 and _open(game) == []


def test_follow_double_on_double_drawing_only_a_satisfying_tile_counts():
    """Decided 4: a seat holding only tiles that would play elsewhere may draw; a drawn tile that
    satisfies the double must be played (must-play otherwise)."""
    game = _follow({"follow_double": "on_double"})
    assert game.current.legal_plays(0) == []
    push_all(game, DRAW(0))                           # draws 4-5: satisfies nothing
    refused(game, DRAW(0), E.AlreadyDrew)
    game.push(PASS(0))
    assert _open(game) == [(0, "1-1")] and state(game)["turn"] == 1


def test_follow_double_on_double_drawn_satisfying_tile_must_be_played():
    game = known_game("hub", 6, [["6-1", "1-1", "3-5"], ["6-3", "2-4", "0-0"]], boneyard=["1-4"],
                      options={"follow_double": "on_double"})
    push_all(game, P(0, "6-1", 0), P(1, "6-3", MEX), P(0, "1-1", 0), DRAW(0))
    refused(game, PASS(0), E.MustPlay)
    refused(game, P(0, "3-5", MEX), E.OpenDouble)
    game.push(P(0, "1-4", 0))
    assert state(game)["turn"] == 1 and _open(game) == []


def test_follow_double_on_double_with_draw_until_playable_draws_until_it_satisfies():
    """Decided 4: with draw_until_playable the draws go on until a tile satisfies the double."""
    game = known_game("hub", 6, [["6-1", "1-1", "3-5"], ["6-3", "2-4", "0-0"]], boneyard=["3-4", "1-4"],
                      options={"follow_double": "on_double", "draw_until_playable": True})
    push_all(game, P(0, "6-1", 0), P(1, "6-3", MEX), P(0, "1-1", 0), DRAW(0))
    refused(game, PASS(0), E.MustDraw)                # 3-4 would play on the Mexican train: no count
    game.push(DRAW(0))
    refused(game, DRAW(0), E.MustPlay)
    game.push(P(0, "1-4", 0))
    assert state(game)["turn"] == 1


def test_follow_double_on_double_after_an_exempt_double_the_play_is_free():
    """Decided 3: after a double exempt as unsatisfiable the play owed is free, a second double
    included, which is then followed on that double in turn (hidden hands, hub)."""
    game = hidden_game("hub", 6, 2, 11, options={"follow_double": "on_double"})
    push_all(game, P(0, "6-1", 0), P(1, "6-0", 1), P(0, "1-2", 0), P(1, "6-2", MEX), P(0, "2-4", 0),
             P(1, "0-1", 1), P(0, "4-1", 0), DRAW(1), PASS(1), P(0, "1-3", 0), DRAW(1), PASS(1),
             P(0, "3-5", 0), DRAW(1), PASS(1), P(0, "5-1", 0), DRAW(1), PASS(1))
    game.push(P(0, "1-1", 0))                         # every other tile of suit 1 is on the table
    assert state(game)["turn"] == 0 and _open(game) == []
    game.push(P(0, "2-2", MEX))                       # free: a second double
    assert _open(game) == [(MEX, "2-2")]
    refused(game, P(0, "0-2", 0), E.OpenDouble)       # now owed on 2-2 itself
    game.push(P(0, "0-2", MEX))
    assert state(game)["turn"] == 1 and _open(game) == []


# ----------------------------------------------------------------------------- first_turn_doubles_open
def _classic_chains(options, hidden=False):
    """classic, double-6: Ana places the engine and chains 6-1, 1-1; Ben chains 6-2, 2-2."""
    if hidden:
        game = hidden_game("classic", 6, 2, 7, options=options)
    else:
        game = known_game("classic", 6, [["6-6", "6-1", "1-1", "3-4", "4-5", "0-3", "3-5"],
                                         ["6-2", "2-2", "0-0", "0-5", "4-4", "5-5", "0-4"]],
                          boneyard=["0-1", "1-2"], options=options)
    push_all(game, ENGINE(0), P(0, "6-1", 0), P(0, "1-1", 0), DONE(0), P(1, "6-2", 1))
    assert _open(game) == []                          # not listed until the circuit ends
    push_all(game, P(1, "2-2", 1), DONE(1))
    return game


def test_first_turn_doubles_open_chain_ending_doubles_bind_after_the_circuit():
    """first_turn_doubles_open: a double that ends a seat's first-turn chain is open from the end of
    the circuit; decided 5: oldest first, every player bound, the starter included."""
    for hidden in (False, True):
        game = _classic_chains({"first_turn_doubles_open": True}, hidden)
        s = state(game)
        assert s["first_turn"] is False and s["turn"] == 0
        assert _open(game) == [(0, "1-1"), (1, "2-2")]
        err = refused(game, P(0, "3-4", 1) if not hidden else P(0, "2-4", 1), E.OpenDouble)
        assert err.facts["house_rule"] == "first_turn_doubles_open" and "house rule" in err.message
        if hidden:
            game.push(P(0, "1-4", 0))
            assert _open(game) == [(1, "2-2")] and state(game)["turn"] == 1


def test_first_turn_doubles_open_reverse_order_newest_first():
    """Decided 5: the order follows close_doubles (reverse: newest first)."""
    game = _classic_chains({"first_turn_doubles_open": True, "close_doubles": "reverse"}, hidden=True)
    refused(game, P(0, "1-4", 0), E.OpenDouble)
    game.push(P(0, "2-4", 1))
    assert _open(game) == [(0, "1-1")]


def test_first_turn_doubles_not_open_by_default_nor_with_double_binds_player():
    """Default (and moot under double_binds "player" or doubles_open false): first-turn doubles
    follow no double rule."""
    for options in ({}, {"first_turn_doubles_open": True, "double_binds": "player"},
                    {"first_turn_doubles_open": True, "doubles_open": False}):
        game = _classic_chains(options)
        assert _open(game) == [] and state(game)["turn"] == 0


def test_first_turn_doubles_open_only_the_chain_ending_double():
    """Decided 5: only the double that ends a chain is open."""
    game = known_game("classic", 6, [["6-6", "6-1", "1-1", "1-3", "4-5"], ["6-2", "2-3", "0-0", "0-5", "4-4"]],
                      options={"first_turn_doubles_open": True})
    push_all(game, ENGINE(0), P(0, "6-1", 0), P(0, "1-1", 0), P(0, "1-3", 0), DONE(0),
             P(1, "6-2", 1), DONE(1))
    assert _open(game) == []


def test_first_turn_doubles_open_chain_ending_the_round_leaves_the_double_listed():
    """Decided 5: a chain that ends the round (last tile a double) leaves the double listed in the
    ended round's open_doubles."""
    for options, listed in (({"first_turn_doubles_open": True}, [(0, "5-5")]), ({}, [])):
        game = known_game("classic", 6, [["6-6", "6-1", "1-2", "2-3", "3-4", "4-5", "5-5"],
                                         ["6-0", "0-0", "0-1", "1-1", "2-2", "3-3", "4-4"]], options=options)
        push_all(game, ENGINE(0), P(0, "6-1", 0), P(0, "1-2", 0), P(0, "2-3", 0), P(0, "3-4", 0),
                 P(0, "4-5", 0), P(0, "5-5", 0))
        first = game.result()["rounds"][0]
        assert first["out"] == [0] and first["end"] is None      # listed as soon as Ana is out
        push_all(game, P(1, "6-0", 1), DONE(1))
        assert game.result()["rounds"][0]["end"] == "out" and _open(game) == listed


def test_first_turn_doubles_open_changes_nothing_without_a_circuit():
    """Decided 5: without a first-turn circuit (hub) the option changes nothing."""
    game = known_game("hub", 6, [["6-1", "1-1", "2-3"], ["6-2", "2-4", "0-0"]], boneyard=["4-5"],
                      options={"first_turn_doubles_open": True})
    push_all(game, P(0, "6-1", 0), P(1, "6-2", 1), P(0, "1-1", 0))
    assert _open(game) == [(0, "1-1")] and state(game)["turn"] == 0
