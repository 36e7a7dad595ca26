"""Issue 23, 14: names that show nothing or reorder the text around them are refused naming the
field; ``station replay`` reads at most its limit, and only from a regular file."""
from __future__ import annotations

import os
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


def _replay(path: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cli", "replay", path], capture_output=True,
                          text=True, timeout=30)


@pytest.mark.parametrize("kind", ["device", "fifo", "too large"])
def test_replay_refuses_what_is_no_record_file_in_one_line(tmp_path, kind):
    if kind == "device":
        path = "/dev/zero"
    elif kind == "fifo":
        path = str(tmp_path / "pipe")
        os.mkfifo(path)
    else:
        path = str(tmp_path / "big.json")
        with open(path, "wb") as f:
            f.write(b" " * (RECORD_MAX_BYTES + 1))
    done = _replay(path)
    assert done.returncode == 2, done
    assert "Traceback" not in done.stderr + done.stdout
    assert len((done.stdout + done.stderr).strip().splitlines()) == 1, done
