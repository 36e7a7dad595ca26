"""record-format.md: every error code of the table (and precedence where two apply), the fine points
(decided), reveals, corrections; rules.md section 5 (what the referee checks with hidden hands)."""
from __future__ import annotations

import json

import pytest

from engine import Game, Rules
from engine import errors as E
from engine.record import replay, to_record

from mt_helpers import (DONE, DRAW, ENGINE, MEX, PASS, P, T, hidden_game, known_game, push_all,
                        record, refused, replay_error, state)


def test_error_codes_are_the_spec_table_in_order():
    """Error codes: one class per code, precedence in the table's order."""
    assert E.ERROR_CODES == (
        "bad-record", "round-over", "not-your-turn", "engine-missing", "no-such-tile", "tile-on-table",
        "not-in-hand", "first-turn", "cannot-end-turn", "open-double", "train-closed", "own-train-first",
        "no-match", "last-tile-double", "must-play", "already-drew", "boneyard-empty", "must-draw",
        "bad-reveal")


# ----------------------------------------------------------------------------- each code, with precedence
def _hub():
    return known_game("hub", 6, [["6-1", "2-3", "1-1"], ["6-2", "2-4", "0-0"]], boneyard=["4-5"])


def test_error_round_over_before_not_your_turn():
    """round-over: an event after the round has ended, even from the wrong seat or with a bad tile."""
    game = known_game("hub", 6, [["6-1"], ["6-2"]])
    game.push(P(0, "6-1", 0))
    refused(game, P(1, "6-2", 1), E.RoundOver)
    refused(game, P(0, "13-2", 0), E.RoundOver)


def test_error_not_your_turn_before_no_such_tile():
    """not-your-turn: the event's seat is not the seat to act (before no-such-tile)."""
    game = _hub()
    refused(game, P(1, "6-2", 1), E.NotYourTurn)
    err = refused(game, P(1, "13-2", 1), E.NotYourTurn)
    assert "Ana" in str(err) and "Ben" in str(err)


def test_error_engine_missing_before_no_such_tile():
    """engine-missing: classic, anything but draw/engine before the engine; engine from a seat that
    does not hold it (known hands)."""
    game = known_game("classic", 6, [["6-6", "6-1"], ["1-2", "2-3"]])
    refused(game, P(0, "13-2", 0), E.EngineMissing)
    refused(game, PASS(0), E.EngineMissing)
    refused(game, DONE(0), E.EngineMissing)
    game2 = known_game("classic", 6, [["1-3", "6-1"], ["1-2", "2-3"]])
    refused(game2, ENGINE(0), E.EngineMissing)


def test_error_no_such_tile_before_not_in_hand():
    """no-such-tile: the tile is not in this set (13-2 in a double-12 game)."""
    game = known_game("hub", 12, [["12-1", "2-3"], ["12-2", "2-4"]])
    err = refused(game, P(0, "13-2", 0), E.NoSuchTile)
    assert "13" in str(err)


def test_error_tile_on_table_before_not_in_hand():
    """tile-on-table: the tile has been played (the hub engine too); before not-in-hand."""
    game = _hub()
    refused(game, P(0, "6-6", 0), E.TileOnTable)
    game.push(P(0, "6-1", 0))
    refused(game, P(1, "6-1", 1), E.TileOnTable)


def test_error_not_in_hand_before_first_turn():
    """not-in-hand: known hands, the seat does not hold the tile (before first-turn)."""
    game = known_game("classic", 6, [["6-6", "6-1"], ["1-2", "2-3"]])
    game.push(ENGINE(0))
    refused(game, P(0, "6-5", MEX), E.NotInHand)
    refused(game, P(0, "6-5", 0), E.NotInHand)


def test_error_first_turn_before_train_closed_and_no_match():
    """first-turn: a classic first-turn play off the own train (before train-closed and no-match)."""
    game = known_game("classic", 6, [["6-6", "6-1", "3-4"], ["1-2", "2-3", "0-0"]])
    game.push(ENGINE(0))
    refused(game, P(0, "6-1", 1), E.FirstTurn)
    refused(game, P(0, "3-4", MEX), E.FirstTurn)


def test_error_cannot_end_turn():
    """cannot-end-turn: done outside the classic first turn, or before any play in it."""
    refused(_hub(), DONE(0), E.CannotEndTurn)


def test_error_open_double_before_train_closed_and_no_match():
    """open-double: a play elsewhere while an open double binds (before train-closed, no-match)."""
    game = hidden_game("hub", 6, 3, 5)
    push_all(game, P(0, "6-3", 0), P(1, "6-2", 1), P(2, "6-4", 2), P(0, "3-3", 0), DRAW(0), PASS(0))
    refused(game, P(1, "4-5", 2), E.OpenDouble)     # Chi's private train and no match either
    refused(game, P(1, "1-5", MEX), E.OpenDouble)   # no match on the Mexican train either


def test_error_train_closed_before_no_match():
    """train-closed: another player's unmarked train (before no-match)."""
    game = hidden_game("hub", 6, 2, 5)
    game.push(P(0, "6-3", 0))
    err = refused(game, P(1, "0-5", 0), E.TrainClosed)
    assert "Ana" in str(err)


def test_error_no_match():
    """no-match: the tile does not match the open end (or the engine, for a new train)."""
    err = refused(_hub(), P(0, "2-3", 0), E.NoMatch)
    assert "2-3" in str(err)


def test_error_must_play_before_already_drew_and_must_draw():
    """must-play: draw or pass while holding a play; a second draw after a playable draw is must-play."""
    game = _hub()
    refused(game, PASS(0), E.MustPlay)              # must-draw would also apply
    game = known_game("hub", 6, [["1-1", "2-3", "0-2"], ["6-2", "2-4", "0-0"]], boneyard=["6-5"])
    game.push(DRAW(0))
    refused(game, DRAW(0), E.MustPlay)              # already-drew would also apply


def test_error_already_drew_before_boneyard_empty():
    """already-drew: a second draw for the same play owed (before boneyard-empty)."""
    game = hidden_game("hub", 6, 2, 13)             # one tile in the boneyard
    game.push(DRAW(0))
    assert state(game)["boneyard"] == 0
    refused(game, DRAW(0), E.AlreadyDrew)


def test_error_boneyard_empty():
    """boneyard-empty: a draw from an empty boneyard."""
    game = hidden_game("hub", 6, 3, 9)
    refused(game, DRAW(0), E.BoneyardEmpty)
    game.push(PASS(0))                               # no draw owed with an empty boneyard


def test_error_must_draw():
    """must-draw: a pass without drawing while the boneyard has tiles."""
    refused(hidden_game("hub", 6, 2, 5), PASS(0), E.MustDraw)


# ----------------------------------------------------------------------------- rules.md 5: hidden hands
def test_rule_5_hidden_hands_no_must_play_check():
    """Hidden hands: must-play cannot be checked: a draw and a pass are taken on trust."""
    game = hidden_game("hub", 6, 2, 5)
    push_all(game, DRAW(0), PASS(0))
    assert state(game)["hand_counts"] == [6, 5] and state(game)["boneyard"] == 16


def test_rule_5_hidden_hands_table_checks():
    """Hidden hands: turn order, tile in the set and not on the table, the match, the train open,
    the open double order, one tile per turn, draws only with tiles in the boneyard."""
    game = hidden_game("hub", 6, 2, 5)
    refused(game, P(1, "6-1", 1), E.NotYourTurn)
    refused(game, P(0, "6-7", 0), E.NoSuchTile)
    refused(game, P(0, "6-6", 0), E.TileOnTable)
    refused(game, P(0, "1-2", 0), E.NoMatch)
    game.push(P(0, "6-1", 0))
    refused(game, P(0, "1-2", 0), E.NotYourTurn)
    refused(game, P(1, "1-2", 0), E.TrainClosed)
    refused(game, P(1, "6-1", 1), E.TileOnTable)
    push_all(game, P(1, "6-2", 1), P(0, "1-1", 0), DRAW(0))
    refused(game, DRAW(0), E.AlreadyDrew)
    game.push(PASS(0))
    refused(game, P(1, "2-3", 1), E.OpenDouble)
    game.push(P(1, "1-3", 0))
    assert state(game)["hand_counts"] == [4, 3]


def test_rule_5_hidden_hands_first_turn_limits():
    """Hidden hands: the first-turn limits are checked."""
    game = hidden_game("classic", 6, 2, 7)
    game.push(ENGINE(0))
    refused(game, DRAW(0), E.FirstTurn)
    refused(game, P(0, "6-1", MEX), E.FirstTurn)
    game.push(P(0, "6-1", 0))
    refused(game, PASS(0), E.FirstTurn)


def _hidden_ended():
    """Hidden hub double-6, hands of 2: Ana goes out with 6-1 1-2; Ben played 6-3 and holds 1."""
    game = hidden_game("hub", 6, 2, 2)
    push_all(game, P(0, "6-1", 0), P(1, "6-3", 1), P(0, "1-2", 0))
    return game


def test_rule_5_hidden_hands_reveal_gives_scores():
    """Hidden hands: scores come from the reveal (tiles left, or counted pips); none without it."""
    game = _hidden_ended()
    assert game.result()["rounds"][0] == {"engine": 6, "end": "out", "out": [0], "scores": None}
    game.set_reveal(0, [[], [T("0-0")]])
    assert game.result()["rounds"][0]["scores"] == [0, 50]
    game = _hidden_ended()
    game.set_reveal(0, [0, 17])                      # an integer is taken on trust
    assert game.result()["totals"] == [0, 17]


@pytest.mark.parametrize("reveal,why", [
    ([[], [T("6-3")]], "on the table"),
    ([[], [T("4-5"), T("4-5")]], "wrong count and twice"),
    ([[], [T("4-5"), T("2-3")]], "wrong count"),
    ([[], []], "wrong count"),
    ([[], [T("6-7")]], "not in the set"),
    ([5, [T("4-5")]], "non-zero for a seat that went out"),
])
def test_rule_5_bad_reveal(reveal, why):
    """bad-reveal: a revealed tile not in the set, on the table or twice, a wrong number of tiles, or a
    non-zero integer for a seat that went out."""
    game = _hidden_ended()
    with pytest.raises(E.BadReveal):
        game.set_reveal(0, reveal)
    assert game.current.reveal is None and game.result()["rounds"][0]["scores"] is None


def test_rule_5_reveal_on_known_hands_must_match():
    """Fine point: a reveal on a known-hands round must match the hands (else bad-reveal)."""
    game = known_game("hub", 6, [["6-1"], ["0-3"]])
    game.push(P(0, "6-1", 0))
    with pytest.raises(E.BadReveal):
        game.set_reveal(0, [[], [T("1-2")]])
    with pytest.raises(E.BadReveal):
        game.set_reveal(0, [0, 4])
    game.set_reveal(0, [[], [T("0-3")]])
    assert game.result()["rounds"][0]["scores"] == [0, 3]


def test_rule_5_reveal_on_round_not_ended_is_bad_record():
    """Fine point: a reveal on a round that has not ended: bad-record at that round."""
    game = hidden_game("hub", 6, 2, 2)
    with pytest.raises(E.BadRecord):
        game.set_reveal(0, [0, 0])
    doc = record("hub", 6, 2, [{"engine": 6, "events": [], "reveal": [0, 0]}], {"hand_size": 2})
    err = replay_error(doc)
    assert err["error"] == "bad-record" and err["round"] == 0


# ----------------------------------------------------------------------------- corrections
def test_corrections_set_scores_totals_and_winners_follow():
    """Corrections: each sets that seat's score for the round; scores and totals are the corrected ones."""
    game = known_game("hub", 6, [["6-1"], ["0-3"]])
    game.push(P(0, "6-1", 0))
    game.correct(0, 1, 5, "counted 0-3 as 5")
    game.correct(0, 0, 2)
    assert game.result()["rounds"][0]["scores"] == [2, 5] and game.result()["totals"] == [2, 5]
    doc = to_record(game)
    assert doc["rounds"][0]["corrections"][0] == {"seat": 1, "score": 5, "reason": "counted 0-3 as 5"}
    assert replay(doc) == (game.result(), 0)


@pytest.mark.parametrize("fix", [{"seat": 2, "score": 1}, {"seat": 0, "score": -1},
                                 {"seat": 0, "score": 1.5}, {"seat": True, "score": 1}])
def test_corrections_bad_is_bad_record(fix):
    """Corrections: a seat that does not exist, or a negative or non-integer score: bad-record."""
    game = known_game("hub", 6, [["6-1"], ["0-3"]])
    game.push(P(0, "6-1", 0))
    with pytest.raises(E.BadRecord):
        game.correct(0, fix["seat"], fix["score"])
    assert game.result()["rounds"][0]["scores"] == [0, 3]
    doc = to_record(game)
    doc["rounds"][0]["corrections"] = [fix]
    assert replay_error(doc)["round"] == 0


def test_corrections_on_round_without_scores_is_bad_record():
    """Corrections: a correction on a round without scores (hidden, not revealed): bad-record."""
    game = _hidden_ended()
    with pytest.raises(E.BadRecord):
        game.correct(0, 1, 3)
    doc = to_record(game)
    doc["rounds"][0]["corrections"] = [{"seat": 1, "score": 3}]
    assert replay_error(doc)["error"] == "bad-record"


# ----------------------------------------------------------------------------- fine points (decided)
def _known_doc(events, hands=(["6-1", "1-2"], ["6-3", "3-4"]), **extra):
    game = known_game("hub", 6, [list(h) for h in hands])
    doc = to_record(game)
    doc["rounds"][0]["events"] = events
    doc["rounds"][0].update(extra)
    return doc


def test_fine_point_whole_document_checked_before_replay():
    """Fine point: a format error anywhere gives bad-record even when an earlier event is illegal."""
    doc = _known_doc([{"seat": 1, "play": "6-3", "on": 1}, {"seat": 0, "play": "6-1"}])
    err = replay_error(doc)
    assert (err["error"], err["round"], err["event"]) == ("bad-record", 0, 1)


def test_fine_point_unfinished_round_followed_by_another():
    """Fine point: a round that has not ended and is followed by another: bad-record at the unfinished one."""
    doc = _known_doc([])
    doc["rounds"].append({"engine": 5, "events": []})
    err = replay_error(doc)
    assert (err["error"], err["round"]) == ("bad-record", 0)


def test_fine_point_more_rounds_than_the_set_allows():
    """Fine point: more rounds than the set allows: bad-record at the first extra round."""
    doc = record("hub", 6, 2, [{"engine": 6 - i, "events": []} for i in range(8)], {"hand_size": 2})
    err = replay_error(doc)
    assert (err["error"], err["round"]) == ("bad-record", 7)


def test_fine_point_wrong_engine_and_bad_deal_carry_no_event():
    """Fine point: refusals of a whole round (a deal that is not the set, a wrong engine, bad-reveal)
    carry no event."""
    doc = _known_doc([])
    doc["rounds"][0]["engine"] = 5
    err = replay_error(doc)
    assert (err["error"], err["round"], err["event"]) == ("bad-record", 0, None)
    doc = _known_doc([])
    doc["rounds"][0]["boneyard"][0] = doc["rounds"][0]["boneyard"][1]
    err = replay_error(doc)
    assert (err["error"], err["round"], err["event"]) == ("bad-record", 0, None)
    doc = record("hub", 6, 2, [{"engine": 6, "events": [{"seat": 0, "play": "6-1", "on": 0},
                                                         {"seat": 1, "play": "6-3", "on": 1},
                                                         {"seat": 0, "play": "1-2", "on": 0}],
                                "reveal": [[], ["6-3"]]}], {"hand_size": 2})
    err = replay_error(doc)
    assert (err["error"], err["round"], err["event"]) == ("bad-reveal", 0, None)


def test_fine_point_engine_event_in_hub_and_second_in_classic_is_tile_on_table():
    """Fine point: an engine event in hub, or a second one in classic: tile-on-table."""
    err = replay_error(_known_doc([{"seat": 0, "engine": True}]))
    assert (err["error"], err["event"]) == ("tile-on-table", 0)
    game = known_game("classic", 6, [["6-6", "6-1"], ["1-2", "2-3"]])
    game.push(ENGINE(0))
    refused(game, ENGINE(0), E.TileOnTable)


def test_fine_point_unknown_keys_ignored_and_leading_zeros():
    """Fine point: unknown keys in the document, a round or an event are ignored; tiles may be written
    either end first and with leading zeros."""
    doc = _known_doc([{"seat": 0, "play": "01-06", "on": 0, "note": "x"}], comment="round note")
    doc["venue"] = "kitchen"
    result, status = replay(doc)
    assert status == 0 and result["state"]["trains"][0]["tiles"] == ["6-1"]


def test_fine_point_classic_starter_is_bad_record():
    """Round: in classic the engine event decides and starter must be absent."""
    doc = to_record(known_game("classic", 6, [["6-6", "6-1"], ["1-2", "2-3"]]))
    doc["rounds"][0]["starter"] = 1
    assert replay_error(doc)["error"] == "bad-record"


def test_fine_point_state_of_ended_round_lists_open_double():
    """Fine point: the state of an ended round is the table as it stands (a double played as a last
    tile is still listed)."""
    result, status = replay(_known_doc([{"seat": 0, "play": "6-1", "on": 0},
                                        {"seat": 1, "play": "6-3", "on": 1},
                                        {"seat": 0, "play": "1-1", "on": 0}],
                                       hands=(["6-1", "1-1"], ["6-3", "3-4"])))
    assert status == 0 and result["state"]["turn"] is None
    assert result["state"]["open_doubles"] == [{"on": 0, "tile": "1-1"}]
    assert result["rounds"][0] == {"engine": 6, "end": "out", "out": [0], "scores": [0, 7]}


def test_fine_point_refusal_object_positions():
    """Result: the refusal object has ok false, 0-based round and event, error and message."""
    result, status = replay(_known_doc([{"seat": 0, "play": "6-1", "on": 0},
                                        {"seat": 1, "play": "3-4", "on": 1}]))
    assert status == 1
    assert {k: result[k] for k in ("ok", "round", "event", "error")} == \
        {"ok": False, "round": 0, "event": 1, "error": "no-match"}


def test_fine_point_no_rounds_yet():
    """Result: a record with no rounds: state null, totals zero, not finished."""
    result, status = replay(record("hub", 12, 4, []))
    assert status == 0 and result == {"ok": True, "finished": False, "rounds": [], "totals": [0, 0, 0, 0],
                                      "winners": None, "state": None}


@pytest.mark.parametrize("doc", [
    "not json", "[]", json.dumps({"format": "mexican-train-record/2"}),
    json.dumps({"format": "mexican-train-record/1", "profile": "hub", "set": 7, "players": ["A", "B"]}),
    json.dumps({"format": "mexican-train-record/1", "profile": "house", "set": 12, "players": ["A", "B"]}),
    json.dumps({"format": "mexican-train-record/1", "profile": "hub", "set": 12, "players": "AB"}),
    json.dumps({"format": "mexican-train-record/1", "profile": "hub", "set": 12, "players": ["A", "B"],
                "rounds": [{"engine": 12, "events": [{"seat": 5, "draw": True}]}]}),
    json.dumps({"format": "mexican-train-record/1", "profile": "hub", "set": 12, "players": ["A", "B"],
                "rounds": [{"engine": 12, "events": [{"seat": 0, "draw": True, "pass": True}]}]}),
    json.dumps({"format": "mexican-train-record/1", "profile": "hub", "set": 12, "players": ["A", "B"],
                "rounds": [{"engine": 12, "events": [{"seat": 0, "play": "12-x", "on": 0}]}]}),
    json.dumps({"format": "mexican-train-record/1", "profile": "hub", "set": 12, "players": ["A", "B"],
                "rounds": [{"engine": 12, "hands": [[], []]}]}),
])
def test_bad_record_malformed_documents(doc):
    """bad-record: the document, a round or an event is not of this format (exit status 2)."""
    result, status = replay(doc)
    assert status == 2 and result["ok"] is False and result["error"] == "bad-record" and result["message"]


def test_bad_record_unparsable_tile_vs_unknown_tile():
    """An unparsable tile text is bad-record; a well-formed tile outside the set is no-such-tile."""
    base = {"format": "mexican-train-record/1", "profile": "hub", "set": 12, "players": ["A", "B"]}
    bad = dict(base, rounds=[{"engine": 12, "events": [{"seat": 0, "play": "13_2", "on": 0}]}])
    assert replay_error(bad)["error"] == "bad-record"
    unknown = dict(base, rounds=[{"engine": 12, "events": [{"seat": 0, "play": "13-2", "on": 0}]}])
    err = replay_error(unknown)
    assert (err["error"], err["round"], err["event"]) == ("no-such-tile", 0, 0)
    assert "13" in err["message"]


def test_finished_needs_scores_for_every_round():
    """Result: finished means every round has ended and has scores; winners stay null until then."""
    game = Game(Rules.make("hub", 6, 2, {"hand_size": 1}), ["Ana", "Ben"])
    for i in range(7):
        game.start_round()
        seat, e = i % 2, 6 - i
        game.push(P(seat, f"{e}-{(e + 1) % 7}", seat))
    assert game.current.ended and game.result()["finished"] is False and game.result()["winners"] is None
    for i in range(7):
        game.set_reveal(i, [0, 3] if i % 2 == 0 else [4, 0])
    result = game.result()
    assert result["finished"] is True and result["totals"] == [12, 12] and result["winners"] == [0]
    assert replay(to_record(game)) == (result, 0)
