"""Issue 23, 1: a station out of file descriptors logs its accept errors once per cause per
minute, never a traceback per try. A real ``station run --mock`` with a limit of 64 open files is
filled with idle sockets: asyncio's "socket.accept() out of system resource" comes back each time
the loop retries the listening socket (without the filter, 26,634 tracebacks in five seconds on
this machine), and ``station.logs.QuietFilter`` on the asyncio logger (web/serve.py
``server_config``) lets one line through. When the sockets go, the station serves again."""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parents[2] / "bench"))     # after the packages: bench/station.py is no package
from hostile import connect, free_port, read_head, read_log, running_station  # noqa: E402

from web.serve import MAX_IDLE, MAX_PER_CLIENT  # noqa: E402

FILES = 64           # the station's limit of open files in this test (it starts with about 10 open)
SOCKETS = 100        # idle sockets: more than the limit leaves, fewer than MAX_IDLE, so none is closed


def test_accept_errors_are_one_line_a_minute_without_a_traceback(tmp_path):
    assert SOCKETS < MAX_IDLE and SOCKETS // 8 < MAX_PER_CLIENT     # the guard closes none of them
    data, port = str(tmp_path / "data"), free_port()
    with running_station(data, port, files=FILES) as proc:
        idle = [connect(port, f"127.0.60.{1 + i % 8}") for i in range(SOCKETS)]
        deadline = time.monotonic() + 10
        while len(os.listdir(f"/proc/{proc.pid}/fd")) < FILES and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(os.listdir(f"/proc/{proc.pid}/fd")) == FILES, "the station never ran out of files"
        time.sleep(3)                             # the loop retries the listening socket meanwhile
        log = read_log(data)
        for sock in idle:
            sock.close()
        time.sleep(0.5)
        player = connect(port, "127.0.0.12")
        player.sendall(b"GET /api/view HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert read_head(player).startswith(b"HTTP/1.1 200")   # the station serves again
        player.close()
    assert "Traceback" not in log, log[-3000:]
    assert log.count("socket.accept() out of system resource") == 1, log[-3000:]
    assert "Too many open files" in log                           # the cause, on that one line
    assert len(log.splitlines()) < 10, log[-3000:]
