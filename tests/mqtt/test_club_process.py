"""`station club` as a real process: it follows a hub over the broker and serves /api/club and
/club; a missing or bad broker URL is one line and exit 2."""
from __future__ import annotations

import subprocess
import sys
import time

import httpx
from broker import free_port
from station_helpers import PIN

from station.mqtt_config import parse_url
from station.mqtt_publish import MqttPublisher
from station.service import Station


def test_station_club_serves_what_the_hubs_publish(tmp_path, broker):
    port = free_port()
    club = subprocess.Popen([sys.executable, "-m", "cli", "club", "--mqtt", broker.url, "--port", str(port),
                             "--data-dir", str(tmp_path / "club"), "--pin", "424242"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    st = Station(str(tmp_path / "hall"), host_pin=PIN)
    st.mqtt = MqttPublisher(st.store.path, parse_url(broker.url), "hall").start(st.view())
    try:
        st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
        deadline = time.monotonic() + 30
        while True:
            try:
                hubs = httpx.get(f"http://127.0.0.1:{port}/api/club", timeout=2).json()["hubs"]
                if hubs and hubs[0]["version"] == st.version:
                    break
            except httpx.HTTPError:
                pass
            assert club.poll() is None and time.monotonic() < deadline, "station club did not follow the hub"
            time.sleep(0.1)
        assert hubs[0]["name"] == "hall" and hubs[0]["online"] and hubs[0]["game"]["players"] == ["Ana", "Ben"]
        page = httpx.get(f"http://127.0.0.1:{port}/club", headers={"Accept-Language": "so"})
        assert page.status_code == 200 and "Habeenka kooxda" in page.text
        forged = httpx.get(f"http://127.0.0.1:{port}/club", headers={"Host": f"evil.example:{port}"})
        assert forged.status_code == 400 and forged.json()["facts"]["field"] == "Host"   # issue 23: its own names only
        r = httpx.post(f"http://127.0.0.1:{port}/api/club/tournament", json={"players": ["Ana", "Ben"], "games": 1},
                       headers={"X-Club-Pin": "424242"})
        assert r.status_code == 200 and r.json()["plan"] == [{"hall": r.json()["plan"][0]["hall"]}]
    finally:
        st.mqtt.stop()
        st.store.close()
        club.terminate()
        club.wait(10)


def test_station_club_needs_a_broker(tmp_path):
    for argv, words in ((["club"], "--mqtt"), (["club", "--mqtt", "tcp://x"], "tcp://x")):
        res = subprocess.run([sys.executable, "-m", "cli", *argv, "--data-dir", str(tmp_path)],
                             capture_output=True, text=True, timeout=60)
        assert res.returncode == 2 and words in res.stderr and res.stderr.count("\n") == 1, res.stderr
