"""A pulled plug: the station process is killed (SIGKILL) mid-round and started again; the game,
the tokens and the version are all there, and the record exports and replays."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import httpx

from engine.record import replay

PIN = "1357"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_station(data_dir: str, port: int) -> subprocess.Popen:
    proc = subprocess.Popen(
        [sys.executable, "-m", "cli", "run", "--mock", "--data-dir", data_dir,
         "--port", str(port), "--pin", PIN],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/view", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
        if proc.poll() is not None:
            raise AssertionError(f"station exited: {proc.stdout.read()}")
    proc.kill()
    raise AssertionError("station did not serve within 30 s")


def test_sigkill_mid_round_then_restart_finds_the_same_game(tmp_path):
    port = free_port()
    url = f"http://127.0.0.1:{port}/api"
    host = {"X-Host-Pin": PIN}
    proc = start_station(str(tmp_path), port)
    try:
        httpx.post(f"{url}/host/setup", headers=host, timeout=10,
                   json={"players": ["Ana", "Ben", "Chi"], "profile": "hub", "set": 9}).raise_for_status()
        tokens = []
        for seat in range(3):
            code = httpx.get(f"{url}/host/seat/{seat}/code", headers=host, timeout=10).json()["code"]
            tokens.append(httpx.post(f"{url}/seat/{seat}/join", json={"code": code}, timeout=10).json()["token"])
        httpx.post(f"{url}/host/start", headers=host, timeout=10).raise_for_status()
        for seat, event in [(0, {"play": "9-4", "on": 0}), (1, {"play": "9-2", "on": "mexican"}),
                            (2, {"draw": True})]:
            version = httpx.get(f"{url}/view", timeout=10).json()["version"]
            httpx.post(f"{url}/seat/{seat}/submit", headers={"X-Seat-Token": tokens[seat]}, timeout=10,
                       json={"event": event, "version": version}).raise_for_status()
        before = httpx.get(f"{url}/view", timeout=10).json()
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)

    proc = start_station(str(tmp_path), port)
    try:
        after = httpx.get(f"{url}/view", timeout=10).json()
        assert after["version"] == before["version"]
        assert after["result"] == before["result"]
        assert after["result"]["state"]["hand_counts"] == [12, 12, 14]   # 13 tiles each: two played, one drawn
        # the phones' tokens survived: Chi, who drew, may now pass
        response = httpx.post(f"{url}/seat/2/submit", headers={"X-Seat-Token": tokens[2]}, timeout=10,
                              json={"event": {"pass": True}, "version": after["version"]})
        assert response.status_code == 200, response.text
        record = httpx.get(f"{url}/host/export", headers=host, timeout=10).json()
        result, status = replay(record)
        assert status == 0 and result["state"]["trains"][2]["marked"] is True
    finally:
        proc.terminate()
        proc.wait(timeout=10)
