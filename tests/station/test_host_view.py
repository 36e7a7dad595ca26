"""view["host"]: what the host may do now, with the reason when not (station/host_view.py), so the
host page shows a control disabled with its reason instead of enabling it and being refused."""
from __future__ import annotations

import pytest
from station_helpers import PIN, join_all

from station.interface import StationError


def controls(view):
    return {name: view["host"][name]["why"] for name in ("start", "undo", "end", "correct")}


def test_each_control_says_when_it_can_act_and_the_station_agrees(station):
    assert station.view()["host"] is None
    view = station.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {"hand_size": 1})
    assert controls(view) == {"start": None, "undo": "nothing-to-undo", "end": None, "correct": "no-scored-round"}
    with pytest.raises(StationError):
        station.undo(PIN, station.version)          # disabled means refused
    tokens = join_all(station, 2)
    view = station.start_round(PIN)
    assert controls(view)["start"] == "round-in-play" and view["host"]["undo"]["ok"]
    assert view["host"]["round"] == {"index": 0, "of": 10, "over": False, "waiting": []}
    with pytest.raises(StationError):
        station.start_round(PIN)
    view = station.submit(0, tokens[0], {"play": "9-4", "on": 0}, station.version)   # Ana goes out
    # Ana has nothing to count (she scores 0): the host waits for Ben only, as Ben's page says
    assert view["host"]["round"]["over"] and view["host"]["round"]["waiting"] == [1]
    assert station.seat_view(1, tokens[1])["me"]["round_end"]["waiting"] == [1]
    assert controls(view)["start"] == "waiting-counts"
    with pytest.raises(StationError):
        station.start_round(PIN)
    view = station.reveal(1, tokens[1], 7)
    assert view["host"]["round"]["waiting"] == [] and view["host"]["start"]["ok"]
    assert view["host"]["correct"] == {"ok": True, "why": None, "rounds": [0]}
    view = station.end_game(PIN)
    assert controls(view)["start"] == "game-over" and controls(view)["end"] == "game-over"
