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


def test_a_resumed_run_plays_only_the_games_missing_and_ends_as_one_run(tmp_path):
    whole, part = tmp_path / "whole.json", tmp_path / "part.json"
    common = ["--pairing", "greedy:random", "--pairing", "playout:random", "--playout-games", "2", "--seed", "5"]
    assert run("--games", "8", *common, "--json", str(whole)).returncode == 0
    assert run("--games", "3", *common[:-4], "--playout-games", "1", "--seed", "5", "--json", str(part)).returncode == 0
    resumed = run("--games", "8", *common, "--json", str(part), "--resume")
    assert resumed.returncode == 0, resumed.stderr
    a, b = json.loads(whole.read_text()), json.loads(part.read_text())
    assert b["complete"] is True
    for p in ("greedy:random", "playout:random"):
        assert b["pairings"][p]["wins"] == a["pairings"][p]["wins"]      # game i is game i
    other_seed = run("--games", "8", *common[:-1], "6", "--json", str(part), "--resume")
    assert other_seed.returncode == 2 and "seed 5" in other_seed.stderr


def test_a_bad_argument_or_file_is_exit_2_with_one_line(tmp_path):
    for args in (["--pairing", "strong:random"], ["--games", "0"], ["--report", str(tmp_path / "none.json")],
                 ["--resume"], ["--resume", "--json", str(tmp_path / "none.json")]):
        done = run(*args)
        assert done.returncode == 2 and done.stdout == ""
        assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
