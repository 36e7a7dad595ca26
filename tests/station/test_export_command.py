"""`station export`: a game stored by the station, written as a record `station replay` accepts."""
from __future__ import annotations

import json
import subprocess
import sys

from station_helpers import PIN, join_all

from station.service import Station


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "station.cli", *args], capture_output=True, text=True, timeout=60)


def test_export_then_replay_gives_the_same_result(tmp_path):
    st = Station(str(tmp_path), host_pin=PIN)
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
    tokens = join_all(st, 2)
    st.start_round(PIN)
    st.submit(0, tokens[0], {"play": "9-4", "on": 0}, st.version)
    st.submit(1, tokens[1], {"draw": True}, st.version)
    expected = st.referee.game.result()
    st.store.close()
    out = tmp_path / "game.json"
    exported = run("export", "--data-dir", str(tmp_path), "-o", str(out))
    assert exported.returncode == 0, exported.stderr
    replayed = run("replay", str(out), "--json")
    assert replayed.returncode == 0
    assert json.loads(replayed.stdout) == expected
    listed = run("export", "--data-dir", str(tmp_path), "--list")
    assert "Ana, Ben" in listed.stdout


def test_export_without_a_store_says_where_it_looked(tmp_path):
    result = run("export", "--data-dir", str(tmp_path / "nowhere"))
    assert result.returncode == 2 and "no station store at" in result.stderr
