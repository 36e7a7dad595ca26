"""``station replay`` on malformed documents (issue 13): exit 2 with a one-line reason, never a
traceback; duplicate keys refused; deep nesting refused early; a lone surrogate in a name does not
crash the plain summary."""
from __future__ import annotations

import argparse
import copy
import json
import subprocess
import sys

import pytest

from cli import replay_command

BASE = {"format": "mexican-train-record/1", "profile": "hub", "set": 9, "players": ["Ana", "Ben"],
        "rounds": [{"engine": 9, "events": [{"seat": 0, "play": "9-4", "on": 0}]}]}
BIG = 10 ** 4000        # within Python's int text limit; 5000 digits is beyond it


def changed(change) -> str:
    doc = copy.deepcopy(BASE)
    change(doc)
    return json.dumps(doc)


def event(key, value):
    return changed(lambda d: d["rounds"][0]["events"][0].__setitem__(key, value))


def in_round(**fields):
    return changed(lambda d: d["rounds"][0].update(fields))


HAND = ["9-9"] * 15
MALFORMED = {
    "tile as a list in an event": event("play", [9, 4]),
    "tile as an object in an event": event("play", {"a": 9}),
    "tile as a huge number in an event": event("play", BIG),
    "tile text of 5000 digits": event("play", "9" * 5000 + "-4"),
    "tile number of 5000 digits": '{"format": "mexican-train-record/1", "profile": "hub", "set": 9, '
                                  '"players": ["A", "B"], "rounds": [{"engine": 9, "events": '
                                  '[{"seat": 0, "play": ' + "9" * 5000 + ', "on": 0}]}]}',
    "tile as a list in a hand": in_round(hands=[[[9, 9]] + HAND[1:], HAND], boneyard=[]),
    "tile as an object in the boneyard": in_round(hands=[HAND, HAND], boneyard=[{"t": 1}]),
    "tile as a huge number in a hand": in_round(hands=[[BIG] + HAND[1:], HAND], boneyard=[]),
    "tile as a list in a reveal": in_round(reveal=[[[1, 2]], 3]),
    "tile as a huge number in a reveal": in_round(reveal=[[BIG], 3]),
    "a huge seat": event("seat", BIG),
    "a huge train": event("on", BIG),
    "arrays 1,000 deep": "[" * 1000 + "]" * 1000,
    "objects 100,000 deep in a field": '{"format": ' + '{"a": ' * 100_000 + "1" + "}" * 100_000 + "}",
    "a duplicated format": '{"format": "something-else", "format": "mexican-train-record/1", "profile": "hub", '
                           '"set": 9, "players": ["A", "B"], "rounds": []}',
    "a duplicated key in an event": changed(lambda d: None).replace('"seat": 0,', '"seat": 0, "seat": 1,'),
    "not UTF-8": None,
}


def run_cli(path, *extra) -> int:
    return replay_command.main(argparse.Namespace(record=str(path), json="--json" in extra))


@pytest.mark.parametrize("name", list(MALFORMED))
def test_malformed_records_exit_2_with_one_line(tmp_path, capsys, name):
    path = tmp_path / "record.json"
    text = MALFORMED[name]
    if text is None:
        path.write_bytes(b'{"format": "\xff\xfe"}')
    else:
        path.write_text(text, encoding="utf-8")
    assert run_cli(path) == 2
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and out.startswith("refused") and "bad-record" in out, out
    assert len(out) < 400
    assert run_cli(path, "--json") == 2
    result = json.loads(capsys.readouterr().out)
    assert result["ok"] is False and result["error"] == "bad-record"


def test_duplicate_format_names_the_key(tmp_path, capsys):
    path = tmp_path / "dup.json"
    path.write_text(MALFORMED["a duplicated format"])
    assert run_cli(path) == 2
    assert "'format' is given twice" in capsys.readouterr().out


def test_a_lone_surrogate_in_a_name_does_not_crash_the_summary(tmp_path):
    path = tmp_path / "surrogate.json"
    path.write_text('{"format": "mexican-train-record/1", "profile": "hub", "set": 9, '
                    '"players": ["\\ud800Ana", "Ben"], "rounds": []}')
    done = subprocess.run([sys.executable, "-m", "cli", "replay", str(path)], capture_output=True,
                          text=True, env={"PYTHONIOENCODING": "utf-8", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "\\ud800Ana" in done.stdout and "Ben" in done.stdout


def test_a_well_formed_record_still_replays(tmp_path, capsys):
    path = tmp_path / "ok.json"
    path.write_text(json.dumps(BASE))
    assert run_cli(path, "--json") == 0
    assert json.loads(capsys.readouterr().out)["state"]["trains"][0]["tiles"] == ["9-4"]
