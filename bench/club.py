"""Club benchmark (not a test): N simulated hubs publishing games at table pace to one Mosquitto
and one club service (``station club``, its own process), on this machine:

1. journal commit at a hub to the entry kept in the club's SQLite (``received - at``): p50, p99;
2. journal commit to the hub's new version on ``GET /api/club`` (one client asking every 50 ms,
   the load of 20 phones on /club): p50, p99 (50 ms resolution); target p99 < 1 s;
3. the club's and the broker's CPU (share of one core) and the club's memory (RSS) at the end.

Each hub is a real ``Station`` (no hardware) with its ``MqttPublisher``; one driver thread plays
their hidden-hands double-6 games (one tile each), one journal entry per hub every ``--pace`` s.

Also prints the calibration (bench/calibration.py) and the p99 as a ratio to it. Exits 1 when the
p99 misses its target.

    python bench/club.py [--hubs 50] [--pace 2.0] [--seconds 60]
"""
from __future__ import annotations

import argparse
import getpass
import itertools
import json
import os
import shutil
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from calibration import Calibration, rss_mb  # noqa: E402  (bench/calibration.py, beside this file)
from station.mqtt_config import parse_url  # noqa: E402
from station.mqtt_publish import MqttPublisher  # noqa: E402
from station.service import Station  # noqa: E402

PIN = "1111"
OUTS = [0, 1, 2, 0, 1, 2, 0]
TICK = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def wait_port(port: int, proc, what: str) -> None:
    deadline = time.monotonic() + 20
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"{what} did not start")
            time.sleep(0.05)


def table_steps(st):
    """One hub's games, one journal entry per step, for ever."""
    while True:
        st.setup_game(PIN, ["Ana", "Ben", "Chi"], "hub", 6, {"hand_size": 1})
        yield
        tokens = [st.join(s, st.seat_code(s, PIN)) for s in range(3)]
        for out in OUTS:
            st.start_round(PIN)
            yield
            engine = st.view()["result"]["state"]["engine"]
            st.submit(out, tokens[out], {"play": f"{engine}-{(engine + 1) % 7}", "on": out}, st.version)
            yield
            for seat in range(3):
                st.reveal(seat, tokens[seat], [] if seat == out else 5)
                yield


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


TARGET_P99_S = 1.0            # commit -> on GET /api/club, p99


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hubs", type=int, default=50)
    ap.add_argument("--pace", type=float, default=2.0, help="seconds between two entries of one hub")
    ap.add_argument("--seconds", type=float, default=60)
    args = ap.parse_args()
    cal = Calibration()
    work = tempfile.mkdtemp(prefix="bench-club-")
    port, club_port = free_port(), free_port()
    with open(os.path.join(work, "mosquitto.conf"), "w") as f:
        f.write(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\n"
                f"user {getpass.getuser()}\nmax_queued_messages 100000\n")
    broker = subprocess.Popen([shutil.which("mosquitto") or "/usr/sbin/mosquitto", "-c", f"{work}/mosquitto.conf"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    club = subprocess.Popen([sys.executable, "-m", "cli", "club", "--mqtt", f"mqtt://127.0.0.1:{port}",
                             "--port", str(club_port), "--data-dir", f"{work}/club"], stdout=subprocess.DEVNULL)
    hubs = []
    try:
        wait_port(port, broker, "mosquitto")
        wait_port(club_port, club, "station club")
        for i in range(args.hubs):
            st = Station(f"{work}/hub{i:02d}", host_pin=PIN)
            st.mqtt = MqttPublisher(st.store.path, parse_url(f"mqtt://127.0.0.1:{port}"), f"hub{i:02d}").start(st.view())
            hubs.append(st)
        commits: dict[tuple[str, int], float] = {}
        stop = threading.Event()

        def drive():
            steps = [table_steps(st) for st in hubs]
            gap = args.pace / len(hubs)
            next_at = time.monotonic()
            for i in itertools.cycle(range(len(hubs))):
                if stop.is_set():
                    return
                next(steps[i])
                commits[(f"hub{i:02d}", hubs[i].version)] = time.time()
                next_at += gap
                time.sleep(max(0.0, next_at - time.monotonic()))

        samples: list[tuple[float, dict[str, int]]] = []      # (when, {hub: version on /api/club})
        api_times = []

        def sample():
            while not stop.is_set():
                t0 = time.time()
                with urllib.request.urlopen(f"http://127.0.0.1:{club_port}/api/club") as r:
                    body = json.load(r)
                t1 = time.time()
                api_times.append(t1 - t0)
                samples.append((t1, {h["name"]: h["version"] or 0 for h in body["hubs"]}))
                time.sleep(0.05)                           # a phone asks every second: 20 of them

        cpu0 = (cpu_seconds(club.pid), cpu_seconds(broker.pid), time.monotonic())
        threads = [threading.Thread(target=drive, daemon=True), threading.Thread(target=sample, daemon=True)]
        for t in threads:
            t.start()
        time.sleep(args.seconds)
        stop.set()
        for t in threads:
            t.join(10)
        time.sleep(2)                               # the last messages land
        cpu1 = (cpu_seconds(club.pid), cpu_seconds(broker.pid), time.monotonic())
        wall = cpu1[2] - cpu0[2]
        memory = rss_mb(club.pid)
        with sqlite3.connect(f"{work}/club/club.sqlite3") as db:
            kept = [r - a for a, r in db.execute("SELECT at, received FROM entries WHERE at IS NOT NULL")]
        api = []
        for (hub, version), at in commits.items():     # the first answer showing that version or a later one
            shown = next((t for t, versions in samples if t >= at and versions.get(hub, 0) >= version), None)
            if shown is not None:
                api.append(shown - at)
        print(f"{args.hubs} hubs, an entry per hub every {args.pace} s ({args.hubs / args.pace:.0f} entries/s), "
              f"{wall:.0f} s; {len(commits)} entries committed")
        print(f"commit -> kept by the club:   p50 {1000 * percentile(kept, .5):.0f} ms, p99 {1000 * percentile(kept, .99):.0f} ms "
              f"({len(kept)} entries)")
        cal.sample()
        print(cal.line())
        p99 = percentile(api, .99)
        print(f"commit -> on GET /api/club:   p50 {1000 * percentile(api, .5):.0f} ms, p99 {1000 * p99:.0f} ms "
              f"= {cal.of_ms(1000 * p99)} ({len(api)} of {len(commits)} seen; GET /api/club itself p50 "
              f"{1000 * statistics.median(api_times):.0f} ms; target p99 < {TARGET_P99_S:g} s)")
        print(f"club: CPU {100 * (cpu1[0] - cpu0[0]) / wall:.0f}% of one core, RSS {memory:.0f} MB; "
              f"mosquitto: CPU {100 * (cpu1[1] - cpu0[1]) / wall:.0f}% of one core")
    finally:
        for st in hubs:
            st.mqtt.stop(timeout=0.2)
            st.store.close()
        club.terminate()
        broker.terminate()
        club.wait(10)
        broker.wait(10)
        shutil.rmtree(work, ignore_errors=True)
    if p99 >= TARGET_P99_S:
        print("MISSED TARGET: commit -> on GET /api/club p99")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
