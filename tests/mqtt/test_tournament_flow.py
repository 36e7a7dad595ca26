"""A tournament over a real Mosquitto: the club seats six players at two hubs, each hub's host
confirms the proposed set-up, the next game goes out when every table is over, and the ranking and
exports come from the games the hubs played."""
from __future__ import annotations

import csv
import io

from club_support import Evening, play_rounds
from station_helpers import PIN, join_all

PLAYERS = ["Ana", "Ben", "Cy", "Di", "Ed", "Flo"]
PIPS = [4, 7, 9]              # seat s shows PIPS[s] pips in each round it does not go out


def test_a_two_game_tournament_on_two_hubs(tmp_path, broker):
    night = Evening(tmp_path, broker)
    try:
        night.wait(night.all_online, what="both hubs online")
        r = night.post("/api/club/tournament", {"players": PLAYERS, "games": 2, "by": "points", "set": 6,
                                                "options": {"hand_size": 1}})
        assert r.status_code == 200, r.text
        tid = r.json()["id"]
        plan = r.json()["plan"]
        totals = {p: 0 for p in PLAYERS}
        for game in range(2):
            for name, st in night.hubs.items():
                night.wait(lambda: (st.view()["club_setup"] or {}).get("game") == game, what=f"{name}'s set-up {game + 1}")
                assert st.view()["club_setup"]["players"] == plan[game][name]
                view = st.setup_from_club(PIN)
                assert view["game"]["players"] == plan[game][name] and view["club_setup"] is None
                play_rounds(st, join_all(st, 3), 0, 7, PIPS)
                for s in st.view()["standings"]:
                    totals[s["name"]] += s["total"]
            night.wait(lambda: (night.api()["tournament"] or {}).get("current") == (None if game else 1),
                       what=f"game {game + 1} over at both tables")
        summary = night.api()["tournament"]
        assert [(r["name"], r["points"]) for r in summary["standings"]] == sorted(totals.items(), key=lambda kv: (kv[1], kv[0].casefold()))
        assert all(r["games"] == 2 for r in summary["standings"])
        rows = list(csv.DictReader(io.StringIO(night.get(f"/api/club/tournament/{tid}/export?format=csv").text)))
        assert {row["name"]: int(row["points"]) for row in rows} == totals
        doc = night.get(f"/api/club/tournament/{tid}/export?format=json").json()
        assert len(doc["results"]) == 4 and doc["plan"] == plan
    finally:
        night.close()


def test_only_the_director_sets_up_a_tournament(tmp_path, broker):
    night = Evening(tmp_path, broker, names=("table1",))
    try:
        body = {"players": PLAYERS[:2], "games": 1}
        assert night.post("/api/club/tournament", body, pin=None).status_code == 401
        assert night.post("/api/club/tournament", body, pin="000000").status_code == 403
        r = night.post("/api/club/tournament", {"players": ["Ana"], "games": 1})
        assert r.status_code == 422 and "players" in r.text
        r = night.post("/api/club/tournament", {"players": ["Ana", "Ana"], "games": 1})
        assert r.status_code == 400 and r.json()["facts"]["field"] == "players"
        assert night.get("/api/club/tournament/9/export").status_code == 404
    finally:
        night.close()
