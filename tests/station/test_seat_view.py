"""A seat's view (``Station.seat_view``, its ``me`` part): what the seat page shows without
deciding a rule itself: the hand, the playable tiles per train, the tile just drawn, pip values,
reasons for the controls it cannot use, whether to count, the round's end and the game's end."""
from __future__ import annotations

import random

import pytest
from station_helpers import PIN, join_all

from engine import Event
from station.interface import Refused
import vision


def virtual_game(station, options=None):
    station.setup_game(PIN, ["Ana", "Ben", "Chi"], "hub", 9, dict(options or {}), hidden_hands=False)
    tokens = join_all(station, 3)
    station.start_round(PIN)
    return tokens


def me(station, tokens, seat):
    return station.seat_view(seat, tokens[seat])["me"]


def test_virtual_tiles_hand_playable_tiles_and_pips(station):
    tokens = virtual_game(station, {"double_blank_points": 25})
    rnd = station.referee.round
    seat = rnd.turn
    mine = me(station, tokens, seat)
    assert mine["hand"] == [str(t) for t in sorted(rnd.hands[seat])]
    assert mine["tile_count"] == len(rnd.hands[seat])
    legal = {}
    for tile, train in rnd.legal_plays(seat):
        legal.setdefault(str(tile), set()).add(str(train))
    assert {t: set(on) for t, on in mine["playable"].items()} == legal
    pips = station.seat_view(seat, tokens[seat])["game"]["pips"]
    assert pips["0-0"] == 25 and pips["3-6"] == 9
    # the station knows this hand: the tiles off the table would name the other seats' tiles
    assert mine["free"] == []
    # a seat whose turn it is not may play nothing and is told why it may not draw
    other = me(station, tokens, (seat + 1) % 3)
    assert other["playable"] == {} and other["options"]["draw"] is False
    assert other["options"]["why"]["draw"]["code"] == "not-your-turn"


def test_every_tile_the_seat_may_not_play_says_why_as_the_station_would_refuse_it(station):
    """``me.unplayable``: on the seat's turn, each tile of its hand not playable has the code the
    station gives when that tile is sent on the seat's own train; none is both playable and
    unplayable, and off its turn nothing is listed."""
    station.rng = random.Random(3)
    tokens = virtual_game(station)
    rnd = station.referee.round
    seen = set()
    for _ in range(40):
        seat = rnd.turn
        if seat is None:
            break
        mine = me(station, tokens, seat)
        assert set(mine["unplayable"]) == set(mine["hand"]) - set(mine["playable"])
        for tile, why in mine["unplayable"].items():
            version = station.version
            with pytest.raises(Refused) as refused:
                station.submit(seat, tokens[seat], {"play": tile, "on": seat}, version)
            assert refused.value.code == why["code"], (tile, why, refused.value.facts)
            assert station.version == version                  # refused: nothing changed
            seen.add(why["code"])
        assert me(station, tokens, (seat + 1) % 3)["unplayable"] == {}
        plays = rnd.legal_plays(seat)
        event = {"play": str(plays[0][0]), "on": plays[0][1]} if plays else {"draw": True} if mine["options"]["draw"] else {"pass": True}
        station.submit(seat, tokens[seat], event, station.version)
    assert "no-match" in seen, seen


def test_the_drawn_tile_is_marked_until_the_seat_plays(station):
    station.rng = random.Random(1)     # a fixed deal: the station's random source (Station(rng=...))
    tokens = virtual_game(station)
    rnd = station.referee.round
    # play until a seat with nothing to play must draw
    for _ in range(60):
        seat = rnd.turn
        plays = rnd.legal_plays(seat)
        if not plays:
            break
        tile, train = plays[0]
        station.submit(seat, tokens[seat], {"play": str(tile), "on": train},
                       station.version)
        assert not rnd.ended, "the deal let the round end before anyone drew"
    else:
        raise AssertionError("nobody had to draw")
    mine = me(station, tokens, seat)
    assert mine["options"]["draw"] is True and mine["drawn"] is None
    before = set(mine["hand"])
    station.submit(seat, tokens[seat], {"draw": True}, station.version)
    mine = me(station, tokens, seat)
    (new,) = set(mine["hand"]) - before
    assert mine["drawn"] == new
    assert me(station, tokens, (seat + 1) % 3)["drawn"] is None
    plays = rnd.legal_plays(seat)
    # nothing to play (this deal): the seat passes and the drawn tile stays marked
    assert not plays
    station.submit(seat, tokens[seat], {"pass": True}, station.version)
    assert me(station, tokens, seat)["drawn"] == new
    # play on until this seat plays a tile: then nothing is marked
    for _ in range(200):
        turn = rnd.turn
        plays = rnd.legal_plays(turn)
        if plays:
            tile, train = plays[0]
            event = {"play": str(tile), "on": train}
        else:
            event = {"draw": True} if rnd.can_draw(turn) else {"pass": True}
        station.submit(turn, tokens[turn], event, station.version)
        if turn == seat and "play" in event:
            break
    else:
        raise AssertionError("the seat never played")
    assert me(station, tokens, seat)["drawn"] is None


def test_refusal_names_the_tile_as_written(station):
    tokens = virtual_game(station)
    rnd = station.referee.round
    seat = rnd.turn
    other = next(t for t in rnd.hands[(seat + 1) % 3] if t.low != t.high)
    written = f"{other.high}-{other.low}"
    with pytest.raises(Refused) as err:
        station.submit(seat, tokens[seat], {"play": written, "on": seat}, station.version)
    assert err.value.facts["tile"] == written
    assert str(other) not in err.value.message


def hidden_game(station, names=("Ana", "Ben"), options=None):
    station.setup_game(PIN, list(names), "hub", 9, dict(options or {}), hidden_hands=True)
    tokens = join_all(station, len(names))
    station.start_round(PIN)
    return tokens


def test_registered_hand_disables_pass_and_draw_with_the_reason(station):
    tokens = hidden_game(station, ("Ana", "Ben", "Chi"))
    hand = ["1-9"] + [f"0-{b}" for b in range(9)] + ["1-1", "1-2", "1-3"]
    station.register_hand(0, tokens[0], hand)
    mine = me(station, tokens, 0)
    assert mine["tile_count"] == len(hand)
    assert mine["hand"] == sorted(hand, key=lambda t: tuple(map(int, t.split("-"))))
    for kind in ("draw", "pass"):
        assert mine["options"][kind] is False
        assert mine["options"]["why"][kind]["code"] == "must-play"
        with pytest.raises(Refused) as err:
            station.submit(0, tokens[0], {kind: True}, station.version)
        assert err.value.code == "must-play"
    # only the registered hand's tiles are offered, and they are the playable ones
    assert mine["options"]["play"] == {"0": ["9-1"], "mexican": ["9-1"]}
    assert mine["playable"] == {"1-9": ["0", "mexican"]}
    assert len(mine["free"]) == 54
    # a tile not registered, written high end first, is refused under that name
    with pytest.raises(Refused) as err:
        station.submit(0, tokens[0], {"play": "9-2", "on": 0}, station.version)
    assert err.value.code == "not-in-hand" and err.value.facts["tile"] == "9-2"
    assert "9-2" in err.value.message


def test_a_seat_that_went_out_is_not_asked_to_count(station):
    tokens = hidden_game(station, ("Ana", "Ben", "Chi"), {"hand_size": 2})
    station.submit(0, tokens[0], {"play": "9-1", "on": 0}, station.version)
    station.register_hand(2, tokens[2], ["9-3", "0-4"])         # Chi's hand: counted from it
    station.submit(1, tokens[1], {"play": "9-2", "on": 1}, station.version)
    station.submit(2, tokens[2], {"play": "9-3", "on": 2}, station.version)
    station.submit(0, tokens[0], {"play": "1-4", "on": 0}, station.version)    # Ana goes out
    ana, ben = me(station, tokens, 0), me(station, tokens, 1)
    assert ana["count"] == {"must": False, "went_out": True, "registered": False, "tiles": [], "expected": 0,
                            "total": None, "scoring": {"penalty": 0, "factor": 1, "double_blank": None}, "photo": False}
    assert ana["options"]["reveal"] is False
    assert ben["count"]["must"] is True and ben["count"]["went_out"] is False
    # every tile off the table but Chi's registered 0-4: the hub knows she holds it (Referee.held_elsewhere)
    assert ben["count"]["tiles"] == [t for t in ben["free"] if t != "0-4"] and not ben["count"]["registered"]
    # the station counts one tile in Chi's hand and, knowing it, gives its pips to confirm
    assert me(station, tokens, 2)["count"] == {"must": True, "went_out": False, "registered": True, "tiles": ["0-4"],
                                               "expected": 1, "total": 4,
                                               "scoring": {"penalty": 0, "factor": 1, "double_blank": None},
                                               "photo": vision.available()}
    assert ben["count"]["expected"] == 1 and ben["count"]["total"] is None
    assert ben["count"]["scoring"]["double_blank"] == 50      # the 0-0 may be in Ben's hand: it counts 50
    with pytest.raises(Refused) as err:                 # what differs: the number of tiles
        station.reveal(1, tokens[1], ["5-6", "7-8"])
    assert err.value.facts["why"] == "count" and (err.value.facts["shown"], err.value.facts["holds"]) == (2, 1)
    with pytest.raises(Refused) as err:                 # or a tile that cannot be in the hand
        station.reveal(1, tokens[1], ["9-1"])
    assert err.value.facts["why"] == "on-table" and err.value.facts["tile"] == "1-9"
    assert ana["round_end"] == {"round": 0, "end": "out", "out": [0], "scores": None, "mine": None,
                                "counted": [0, None, None], "waiting": [1, 2]}
    station.reveal(1, tokens[1], ["5-6"])
    assert me(station, tokens, 2)["round_end"]["counted"] == [0, 11, None]
    station.reveal(2, tokens[2], ["0-4"])
    end = me(station, tokens, 1)["round_end"]
    assert end["scores"] == [0, 11, 4] and end["mine"] == 11 and end["waiting"] == []
    assert station.view()["result"]["rounds"][0]["scores"] == [0, 11, 4]


def test_game_over_names_the_winner_and_my_rank(station):
    tokens = hidden_game(station, ("Ana", "Ben"), {"hand_size": 1})
    rounds = station.referee.rules.rounds
    for index in range(rounds):
        if index:
            station.start_round(PIN)
        engine = station.referee.round.engine
        starter = station.referee.round.turn
        other = 1 - starter
        low = 0 if engine != 0 else 1
        station.submit(starter, tokens[starter], {"play": f"{engine}-{low}", "on": starter}, station.version)
        assert me(station, tokens, starter)["count"]["went_out"]
        station.reveal(other, tokens[other], 5 if other == 1 else 2)      # Ben scores more (2: 0-2 or 1-1 is never played)
    ana, ben = me(station, tokens, 0), me(station, tokens, 1)
    assert station.view()["game"]["status"] == "finished"
    assert ana["game_over"]["winners"] == [0] and ana["game_over"]["rank"] == 1
    assert ben["game_over"]["rank"] == 2 and ben["game_over"]["total"] > ana["game_over"]["total"]
    assert ana["count"]["must"] is False and ben["count"]["must"] is False


def test_classic_first_turn_done_is_offered_only_after_a_play(station):
    station.setup_game(PIN, ["Ana", "Ben"], "classic", 9, {}, hidden_hands=False)
    tokens = join_all(station, 2)
    station.start_round(PIN)
    rnd = station.referee.round
    holder = rnd.seat_to_act()
    mine = me(station, tokens, holder)
    if rnd.engine_tile in rnd.hands[holder]:
        assert mine["options"]["engine"] is True
        station.submit(holder, tokens[holder], {"engine": True}, station.version)
        mine = me(station, tokens, holder)
    assert mine["options"]["done"] is False
    assert mine["options"]["why"]["done"]["code"] in ("cannot-end-turn", "engine-missing")
    assert station.referee.refusal(Event(holder, "done")).code == mine["options"]["why"]["done"]["code"]


def test_a_train_nothing_fits_says_so_not_a_tile_refusal(station, monkeypatch):
    """After a draw with nothing to play, each train says why it takes nothing: an open train whose
    end no tile matches is ``no-match`` with its end (never "not in your hand" or "already on the
    table", which speak of a tile nobody chose); a closed train keeps its closed reason."""
    from engine.tiles import full_set
    tiles = [t for t in full_set(9) if str(t) != "9-9"]
    nines = [t for t in tiles if 9 in t]
    plain = [t for t in tiles if 9 not in t]
    ana, ben, bones = plain[:15], nines + plain[15:21], plain[21:]
    monkeypatch.setattr("station.service.deal", lambda rules, index, rng: ([ana, ben], bones))
    station.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {}, hidden_hands=False)
    tokens = join_all(station, 2)
    station.start_round(PIN)
    rnd = station.referee.round
    if rnd.turn == 1:
        station.submit(1, tokens[1], {"play": "9-0", "on": 1}, station.version)
    assert rnd.turn == 0 and not rnd.legal_plays(0)
    station.submit(0, tokens[0], {"draw": True}, station.version)
    assert rnd.turn == 0 and not rnd.legal_plays(0)
    trains = {str(t["on"]): t for t in me(station, tokens, 0)["options"]["trains"]}
    assert not any(t["open"] for t in trains.values())
    assert trains["0"]["code"] == "no-match" and "9" in trains["0"]["reason"]
    assert trains["1"]["code"] == "train-closed"
    assert {t["code"] for t in trains.values()} <= {"no-match", "train-closed"}
