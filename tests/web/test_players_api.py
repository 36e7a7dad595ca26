"""The players endpoints against the real station: figures as JSON and CSV for every phone, the
merge of two spellings with the host PIN, refusals that name the field in the page's language."""
from __future__ import annotations

import csv
import io
import sys
from pathlib import Path

from api_helpers import H

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "station"))
from players_helpers import doubles_game  # noqa: E402


def two_games(station):
    doubles_game(station, ["Ana", "Ben"], [[0, 4], [6, 0]])
    doubles_game(station, ["ana", "Benn"], [[0, 2]])


def test_figures_for_every_phone(client, station):
    assert client.get("/api/players").json()["players"] == []
    two_games(station)
    r = client.get("/api/players")
    assert r.status_code == 200
    names = {p["name"]: p for p in r.json()["players"]}
    assert names["ana"]["games"] == 2 and names["ana"]["spellings"] == ["ana", "Ana"]
    assert names["Ben"]["games"] == 1 and names["Benn"]["games"] == 1


def test_csv_export(client, station):
    two_games(station)
    r = client.get("/api/players.csv")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    assert "attachment" in r.headers["content-disposition"]
    rows = list(csv.DictReader(io.StringIO(r.text)))
    ana = next(row for row in rows if row["name"] == "ana")
    assert (ana["games"], ana["wins"], ana["average_round"], ana["worst_round"], ana["doubles"]) == ("2", "1", "2.0", "6", "2")


def test_merge_needs_the_pin_and_is_undone(client, station):
    two_games(station)
    body = {"name": "Benn", "into": "ben"}
    assert client.post("/api/players/merge", json=body).status_code == 401
    assert client.post("/api/players/merge", json=body, headers={"X-Host-Pin": "0000"}).status_code == 403
    r = client.post("/api/players/merge", json=body, headers=H)
    assert r.status_code == 200, r.text
    ben = next(p for p in r.json()["players"] if p["name"] == "Ben")
    assert ben["games"] == 2 and ben["spellings"] == ["Benn", "Ben"]     # newest first
    merge = r.json()["merged"]
    assert client.get("/api/players").json()["merges"][0]["id"] == merge
    r = client.post("/api/players/unmerge", json={"merge": merge}, headers=H)
    assert r.status_code == 200 and r.json()["merges"][0]["undone"] is not None
    again = client.post("/api/players/unmerge", json={"merge": merge}, headers=H)
    assert again.status_code == 400 and again.json()["facts"]["field"] == "merge"


def test_a_refused_merge_names_the_field_in_the_page_language(client, station):
    two_games(station)
    r = client.post("/api/players/merge?lang=so", json={"name": "Zed", "into": "Ben"}, headers=H)
    assert r.status_code == 400 and r.json()["facts"]["field"] == "name"
    assert "Zed" in r.json()["text"] and r.json()["text"] != r.json()["message"]
    r = client.post("/api/players/merge", json={"name": "Ana", "into": "Ben"}, headers=H)
    assert r.status_code == 400 and r.json()["facts"]["problem"] == "together"
    assert r.json()["text"] == "Ana and Ben played in the same game: they are two people."
    r = client.post("/api/players/merge", json={"name": "", "into": "Ben"}, headers=H)
    assert r.status_code == 422
    r = client.post("/api/players/merge", json={"name": "Ben", "into": "Benn", "pin": "2468"}, headers=H)
    assert r.status_code == 422
    r = client.post("/api/players/unmerge", json={"merge": 0}, headers=H)
    assert r.status_code == 422


def test_players_page_is_served_in_every_language(client):
    for lang in ("en", "so", "sn", "si", "ps", "uz"):
        r = client.get(f"/players?lang={lang}")
        assert r.status_code == 200 and 'id="player-list"' in r.text
    assert client.get("/static/chart/chart.umd.min.js").status_code == 200
    assert client.get("/static/chart/LICENSE.md").status_code == 200
