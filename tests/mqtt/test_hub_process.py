"""`station run --mqtt` as a real process: online, the last will when it is SIGKILLed, and after a
restart it goes on from what the broker acknowledged (nothing missed, nothing sent twice)."""
from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time

import httpx
from broker import Recorder, free_port

PIN = "2468"


def start_hub(data_dir, port, broker, name="kitchen"):
    env = {**os.environ, "STATION_HUB_NAME": name}
    proc = subprocess.Popen([sys.executable, "-m", "cli", "run", "--mock", "--pin", PIN,
                             "--data-dir", str(data_dir), "--port", str(port), "--mqtt", broker.url],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/view", timeout=1)
            return proc
        except httpx.HTTPError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise AssertionError(f"station run did not start: {proc.stdout.read().decode()}")
            time.sleep(0.1)


def acked(data_dir) -> int:
    """The outbox's mark in the hub's SQLite file (what the broker acknowledged)."""
    with sqlite3.connect(data_dir / "station.sqlite3") as db:
        row = db.execute("SELECT acked FROM outbox").fetchone()
    return row[0] if row else 0


def host(port, path, body=None):
    r = httpx.post(f"http://127.0.0.1:{port}/api/host/{path}", json=body or {}, headers={"X-Host-Pin": PIN})
    assert r.status_code == 200, r.text
    return r.json()


def test_last_will_on_sigkill_and_resume_after_restart(tmp_path, broker):
    rec = Recorder(broker.port)
    port = free_port()
    proc = start_hub(tmp_path / "hub", port, broker)
    try:
        rec.wait(lambda: [m["online"] for m in rec.on("status")][-1:] == [True], what="online")
        assert all(t.startswith("mexican-train/kitchen/") for t, _p, _r in rec.messages)
        host(port, "setup", {"players": ["Ana", "Ben"], "profile": "hub", "set": 9})
        view = host(port, "start")
        rec.wait(lambda: [m["seq"] for m in rec.on("journal")] == [1, 2], what="the first entries")
        rec.wait(lambda: acked(tmp_path / "hub") == 2, what="the hub's outbox mark at 2")
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        rec.wait(lambda: [m["online"] for m in rec.on("status")][-1:] == [False], what="the last will")
        assert rec.on("status")[-1]["hub"] == "kitchen"

        proc = start_hub(tmp_path / "hub", port, broker)
        rec.wait(lambda: [m["online"] for m in rec.on("status")][-1:] == [True], what="online again")
        view = host(port, "end", {"abandon": True})
        rec.wait(lambda: [m["seq"] for m in rec.on("journal", True)][-1:] == [view["version"]], what="the end")
        journal = rec.on("journal", first_time=True)
        assert [m["seq"] for m in journal] == [1, 2, 3], "once each, in order, across the SIGKILL"
        assert journal[-1]["final"]["status"] == "abandoned"
        assert journal[-1]["final"]["players"] == ["Ana", "Ben"]
    finally:
        proc.kill()
        proc.wait(10)
        rec.close()
