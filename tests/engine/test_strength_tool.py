"""tools/strength.py (issue 22): the games it saves with --json are the games it printed, and
--report prints the same table from the file; a bad argument or file is exit 2 with one line."""
from __future__ import annotations

import json
import os
import subprocess
import sys

TOOL = os.path.join(os.path.dirname(__file__), "..", "..", "tools", "strength.py")


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, TOOL, *args], capture_output=True, text=True, timeout=300)


def test_saved_games_report_the_printed_table(tmp_path):
    saved = tmp_path / "strength.json"
    done = run("--games", "6", "--playout-games", "1", "--pairing", "greedy:random",
               "--pairing", "playout:random", "--pairing", "blind:random", "--json", str(saved))
    assert done.returncode == 0, done.stderr
    doc = json.loads(saved.read_text())
    assert doc["complete"] is True
    assert [doc["pairings"][p]["games"] for p in ("greedy:random", "playout:random", "blind:random")] == [6, 1, 1]
    shares = doc["pairings"]["greedy:random"]["wins"]
    assert len(shares) == 6 and all(0 <= w <= 1 for w in shares)
    assert doc["pairings"]["greedy:random"]["share"] == sum(shares) / 6
    assert doc["narrowing"][0]["games"] == 1
    report = run("--report", str(saved))
    assert report.returncode == 0
    assert report.stdout == done.stdout          # the same rows, CPU figures included


def test_a_bad_argument_or_file_is_exit_2_with_one_line(tmp_path):
    for args in (["--pairing", "strong:random"], ["--games", "0"], ["--report", str(tmp_path / "none.json")]):
        done = run(*args)
        assert done.returncode == 2 and done.stdout == ""
        assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
