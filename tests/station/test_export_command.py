"""`station export`: a game stored by the station, written as a record `station replay` accepts."""
from __future__ import annotations

import json
import subprocess
import sys

from station_helpers import game_under_way


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cli", *args], capture_output=True, text=True, timeout=60)


def test_export_then_replay_gives_the_same_result(tmp_path):
    st, _tokens = game_under_way(str(tmp_path))
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
