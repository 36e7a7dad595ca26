"""Issue 23, 14: names that show nothing or reorder the text around them are refused naming the
field; ``station replay`` reads at most its limit, and only from a regular file."""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys

import pytest

from station.interface import StationError
from cli.replay_command import RECORD_MAX_BYTES
from station.service import Station

PIN = "2468"
INVISIBLE = ["\u200b", "\u200b\u200c\u200d", "\u2060\ufeff", " \u3164 ", "\u0301\u0301", "\u2800"]
BIDI = ["Ana\u202e", "\u202aBen", "\u202bx", "\u202cx", "\u202dx", "\u2066x", "\u2067x", "\u2068x", "x\u2069"]


@pytest.mark.parametrize("name", INVISIBLE + BIDI)
def test_a_name_that_shows_nothing_or_reorders_is_refused(tmp_path, name):
    st = Station(str(tmp_path), host_pin=PIN)
    with pytest.raises(StationError) as refused:
        st.setup_game(PIN, ["Ana", name], "hub", 6, {})
    assert refused.value.facts["field"] == "players[1]" and "player 2" in refused.value.message
    assert st.view()["game"] is None
    st.store.close()


@pytest.mark.parametrize("name", ["Zoë", "محمد", "👨\u200d👩\u200d👧", "李 雷", "a\u200eb"])
def test_real_names_still_pass(tmp_path, name):
    st = Station(str(tmp_path), host_pin=PIN)
    st.setup_game(PIN, ["Ana", name], "hub", 6, {})
    assert st.view()["game"]["players"][1] == name
    st.store.close()


#: a legal record (record-format.md): one play of 9-4 on Ana's train
RECORD = {"format": "mexican-train-record/1", "profile": "hub", "set": 9, "players": ["Ana", "Ben"],
          "rounds": [{"engine": 9, "events": [{"seat": 0, "play": "9-4", "on": 0}]}]}
MEMORY_CAP = 1024 ** 3      # bytes of address space for the replay: a reader with no limit fails, not the machine


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, resource.getrlimit(resource.RLIMIT_AS)[1]))


def _replay(path: str, stdin=None, timeout: float = 30) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cli", "replay", path], capture_output=True,
                          text=True, timeout=timeout, stdin=stdin, preexec_fn=_capped)


def _padded(path, size: int) -> str:
    """The legal record, then spaces (JSON's own whitespace) up to ``size`` bytes."""
    text = json.dumps(RECORD).encode()
    with open(path, "wb") as f:
        f.write(text + b" " * (size - len(text)))
    return str(path)


def _one_line(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 2, done
    assert "Traceback" not in done.stderr + done.stdout
    lines = (done.stdout + done.stderr).strip().splitlines()
    assert len(lines) == 1, done
    return lines[0]


@pytest.mark.parametrize("kind", ["device", "fifo"])
def test_replay_refuses_what_is_no_regular_file_in_one_line(tmp_path, kind):
    if kind == "device":
        path = "/dev/zero"
    else:
        path = str(tmp_path / "pipe")
        os.mkfifo(path)                 # opened for reading, it would wait for a writer for good
    assert "not a regular file" in _one_line(_replay(path, timeout=15))


def test_replay_reads_at_most_the_limit(tmp_path):
    assert _replay(_padded(tmp_path / "full.json", RECORD_MAX_BYTES)).returncode == 0   # up to it: read
    line = _one_line(_replay(_padded(tmp_path / "over.json", RECORD_MAX_BYTES + 1)))     # one byte more
    assert f"over {RECORD_MAX_BYTES} bytes" in line


def test_replay_of_endless_standard_input_stops_at_the_limit():
    with open("/dev/zero", "rb") as endless:
        line = _one_line(_replay("-", stdin=endless))
    assert f"over {RECORD_MAX_BYTES} bytes" in line
