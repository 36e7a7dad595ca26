"""The club with a real Mosquitto and two in-process hubs: tables live on /api/club, finished games
kept once per (hub, game, seq), a leaderboard, and the broker killed mid-game loses nothing."""
from __future__ import annotations

import json

from club_support import Evening, journal, play_rounds, quick_game
from station_helpers import PIN, join_all


def test_moves_on_both_tables_appear_on_the_club(tmp_path, broker):
    night = Evening(tmp_path, broker)
    try:
        a, b = night.hubs["table1"], night.hubs["table2"]
        a.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
        ta = join_all(a, 2)
        a.start_round(PIN)
        b.setup_game(PIN, ["Cy", "Di", "Ed"], "hub", 9, {})
        night.wait(night.caught_up, what="both set-ups")
        a.submit(0, ta[0], {"play": "9-4", "on": 0}, a.version)
        night.wait(night.caught_up, what="Ana's play")
        api = night.api()
        assert [h["name"] for h in api["hubs"]] == ["table1", "table2"]
        one, two = api["hubs"]
        assert one["online"] and two["online"]
        assert one["version"] == a.version and two["version"] == b.version
        assert one["game"]["players"] == ["Ana", "Ben"] and one["game"]["round"] == 0
        assert one["game"]["turn"] == 1, "Ben's turn after Ana played"
        assert two["game"]["players"] == ["Cy", "Di", "Ed"] and two["game"]["round"] is None
        assert two["game"]["turn"] is None
        assert api["leaderboard"] == [] and api["games"] == []
    finally:
        night.close()


def test_finished_games_make_the_leaderboard_and_replays_change_nothing(tmp_path, broker):
    night = Evening(tmp_path, broker)
    try:
        a, b = night.hubs["table1"], night.hubs["table2"]
        quick_game(a, ["Ana", "Ben", "Chi"], [3, 5, 8])
        quick_game(b, ["Di", "Ana", "Ed"], [9, 2, 3])
        night.wait(night.caught_up, what="both games")
        api = night.api()
        assert [(g["hub"], g["players"]) for g in sorted(api["games"], key=lambda g: g["hub"])] == [
            ("table1", ["Ana", "Ben", "Chi"]), ("table2", ["Di", "Ana", "Ed"])]
        totals = {g["hub"]: g["totals"] for g in api["games"]}
        assert totals == {"table1": a.view()["result"]["totals"], "table2": b.view()["result"]["totals"]}
        board = {r["name"]: r for r in api["leaderboard"]}
        assert board["Ana"]["games"] == 2
        assert board["Ana"]["points"] == a.view()["result"]["totals"][0] + b.view()["result"]["totals"][1]
        winners = [r["name"] for r in api["leaderboard"] if r["rank"] == 1]
        assert set(winners) <= {s["name"] for v in (a.view(), b.view()) for s in v["standings"] if s["rank"] == 1}
        # the same messages again (a broker or a hub sending twice): nothing changes
        before = json.dumps(night.api(), sort_keys=True)
        for name, st in night.hubs.items():
            for message in st.mqtt.outbox.after(0, 10_000):
                assert not night.store.add_entry(name, message)
        assert json.dumps(night.api(), sort_keys=True) == before
    finally:
        night.close()


def test_a_broker_killed_mid_game_loses_nothing(tmp_path, broker):
    night = Evening(tmp_path, broker)
    try:
        a, b = night.hubs["table1"], night.hubs["table2"]
        ta = quick_game(a, ["Ana", "Ben", "Chi"], [3, 5, 8], rounds=3)
        tb = quick_game(b, ["Di", "Eve", "Fay"], [2, 4, 6], rounds=2)
        night.wait(night.caught_up, what="the first rounds")
        broker.kill()
        # both tables play on while the broker is gone
        play_rounds(a, ta, 3, 7, [3, 5, 8])
        play_rounds(b, tb, 2, 7, [2, 4, 6])
        assert a.view()["game"]["status"] == b.view()["game"]["status"] == "finished"
        broker.start()
        night.wait(night.caught_up, timeout=30, what="every entry after the outage")
        api = night.api()
        totals = {g["hub"]: g["totals"] for g in api["games"]}
        assert totals == {"table1": a.view()["result"]["totals"], "table2": b.view()["result"]["totals"]}
        for name, st in night.hubs.items():
            kept = [s for _g, s, _e in night.store.entries(name)]
            assert kept == sorted(set(kept)) == [s for s, _ in journal(st)], "each entry once, none missing"
    finally:
        night.close()


def test_a_club_away_mid_game_catches_up_when_it_is_back(tmp_path, broker):
    night = Evening(tmp_path, broker)
    try:
        a = night.hubs["table1"]
        tokens = quick_game(a, ["Ana", "Ben", "Chi"], [2, 3, 4], rounds=2)
        night.wait(night.caught_up, what="the first rounds")
        night.stop_club()                       # the club's machine is off for a while
        play_rounds(a, tokens, 2, 7, [2, 3, 4])
        night.start_club()                      # the same data dir and session: back where it was
        night.wait(night.caught_up, what="the rounds played while the club was away")
        assert [g["totals"] for g in night.api()["games"]] == [a.view()["result"]["totals"]]
    finally:
        night.close()


def test_a_club_that_comes_later_gets_every_stored_game(tmp_path, broker):
    night = Evening(tmp_path, broker, names=("table1",))
    try:
        night.stop_club()
        a = night.hubs["table1"]
        quick_game(a, ["Ana", "Ben", "Chi"], [2, 3, 4])
        night.club_dir = str(tmp_path / "new-club")       # a new club: new store, new session
        night.start_club(client_id="another-club")
        night.wait(night.caught_up, what="the game played before the club existed")
        assert [g["players"] for g in night.api()["games"]] == [["Ana", "Ben", "Chi"]]
    finally:
        night.close()
