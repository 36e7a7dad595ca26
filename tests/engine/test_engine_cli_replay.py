"""Bad input through ``station replay``: a malformed record, an unknown tile (13-2 in a double-12
game), an unparsable tile text, an out-of-turn event: the spec error code, a clear message, exit
status 1 or 2, and no traceback."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STATION = ROOT / ".venv" / "bin" / "station"


def run(tmp_path, doc, *extra):
    path = tmp_path / "record.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    cmd = [str(STATION)] if STATION.exists() else [sys.executable, "-m", "cli"]
    proc = subprocess.run(cmd + ["replay", str(path), *extra], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert "Traceback" not in proc.stdout + proc.stderr
    return proc


def game12(events, hands=None):
    rnd = {"engine": 12, "events": events}
    return {"format": "mexican-train-record/1", "profile": "hub", "set": 12,
            "players": ["Ana", "Ben"], "rounds": [rnd]}


CASES = [
    ("{not json", 2, "bad-record", None, None),
    (json.dumps({"format": "something-else"}), 2, "bad-record", None, None),
    (game12([{"seat": 0, "play": "13-2", "on": 0}]), 1, "no-such-tile", 0, 0),
    (game12([{"seat": 0, "play": "13/2", "on": 0}]), 2, "bad-record", 0, 0),
    (game12([{"seat": 0, "play": "12-2", "on": 0}, {"seat": 0, "play": "2-3", "on": 0}]),
     1, "not-your-turn", 0, 1),
]


@pytest.mark.parametrize("doc,status,code,rnd,event", CASES)
def test_cli_replay_json_refusals(tmp_path, doc, status, code, rnd, event):
    """station replay --json: exit 1 (illegal event) or 2 (bad-record), the refusal object on stdout."""
    proc = run(tmp_path, doc, "--json")
    assert proc.returncode == status
    result = json.loads(proc.stdout)
    assert result["ok"] is False and result["error"] == code
    assert result["round"] == rnd and result["event"] == event
    assert isinstance(result["message"], str) and len(result["message"]) > 5


@pytest.mark.parametrize("doc,status,code,rnd,event", CASES)
def test_cli_replay_human_summary_refusals(tmp_path, doc, status, code, rnd, event):
    """station replay without --json: a readable refusal line naming the error code."""
    proc = run(tmp_path, doc)
    assert proc.returncode == status
    assert "refused" in proc.stdout and code in proc.stdout


def test_cli_replay_missing_file_is_bad_record(tmp_path):
    """A record that cannot be read: bad-record, exit 2, no traceback."""
    cmd = [str(STATION)] if STATION.exists() else [sys.executable, "-m", "cli"]
    proc = subprocess.run(cmd + ["replay", str(tmp_path / "nope.json"), "--json"], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and json.loads(proc.stdout)["error"] == "bad-record"
    assert "Traceback" not in proc.stderr


def test_cli_replay_legal_record_exit_0(tmp_path):
    """A legal record: exit 0 and the result object."""
    proc = run(tmp_path, game12([{"seat": 0, "play": "12-2", "on": 0}]), "--json")
    assert proc.returncode == 0
    result = json.loads(proc.stdout)
    assert result["ok"] is True and result["state"]["trains"][0]["tiles"] == ["12-2"]
    assert result["state"]["hand_counts"] == [15, 16]
