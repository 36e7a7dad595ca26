"""docs/club.md's Mosquitto set-up, for real: passwords, and the ACL under which each hub writes only
its own topics (the ACL is read from the docs, so they stay in step)."""
from __future__ import annotations

import re
import time
import subprocess
from pathlib import Path

import pytest
from broker import Mosquitto, Recorder
from station_helpers import PIN

from station.mqtt_config import parse_url
from station.mqtt_publish import MqttPublisher
from station.service import Station

DOCS = Path(__file__).resolve().parents[2] / "docs" / "club.md"
USERS = {"table1": "pw-one", "table2": "pw-two", "club": "pw-club"}


def docs_acl() -> str:
    """The ACL block of docs/club.md (the code block that starts with its file name)."""
    block = re.search(r"```\n(# /etc/mosquitto/club\.acl[^\n]*\n.*?)```", DOCS.read_text(), re.S)
    assert block, "docs/club.md has no club.acl block"
    return block.group(1)


@pytest.fixture
def secure_broker(tmp_path):
    folder = tmp_path / "secure"
    folder.mkdir()
    passwd = folder / "club.passwd"
    for user, password in USERS.items():
        subprocess.run(["mosquitto_passwd", "-b", *([] if passwd.exists() else ["-c"]), str(passwd), user, password],
                       check=True, capture_output=True)
    (folder / "club.acl").write_text(docs_acl())
    b = Mosquitto(folder, anonymous=False,
                  extra=f"password_file {passwd}\nacl_file {folder / 'club.acl'}\n").start()
    yield b
    b.stop()


def test_credentials_and_the_acl(tmp_path, secure_broker):
    b = secure_broker
    club = Recorder(b.port, client_id="club", persistent=False, username="club", password=USERS["club"])
    st = Station(str(tmp_path / "table1"), host_pin=PIN)
    good = MqttPublisher(st.store.path, parse_url(f"mqtt://table1:{USERS['table1']}@127.0.0.1:{b.port}"), "table1")
    wrong = MqttPublisher(st.store.path, parse_url(f"mqtt://127.0.0.1:{b.port}", username="table2", password="nope"),
                          "table2", client_id="wrong")
    st.mqtt = good.start(st.view())
    wrong.start(st.view())
    try:
        st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
        club.wait(lambda: [m["seq"] for m in club.on("journal")] == [1], what="table1's set-up, to the club")
        club.wait(lambda: wrong.refused is not None, what="the wrong password refused")
        assert "not authori" in wrong.refused.lower() and not wrong.connected.is_set()
        # table2, rightly logged in, may not write table1's topics: the broker drops it, and keeps
        # its own (sent after it: QoS 1 from one client arrives in order)
        intruder = Recorder(b.port, topic="mexican-train/table2/replay", client_id="table2", persistent=False,
                            username="table2", password=USERS["table2"])
        intruder.client.publish("mexican-train/table1/journal", b'{"v": 1, "seq": 99, "game": 1}', qos=1).wait_for_publish(5)
        intruder.client.publish("mexican-train/table2/journal", b'{"v": 1, "seq": 7, "game": 1}', qos=1).wait_for_publish(5)
        club.wait(lambda: any(m.get("hub") is None and m["seq"] == 7 for m in club.on("journal")), what="table2's own")
        assert 99 not in [m["seq"] for m in club.on("journal")]
        intruder.close()
    finally:
        wrong.stop()
        good.stop()
        st.store.close()
        club.close()


def test_the_shipped_mosquitto_files_are_the_documented_default():
    """systemd/mosquitto/: passwords and the per-hub ACL, the same text as docs/club.md's blocks."""
    shipped = Path(__file__).resolve().parents[2] / "systemd" / "mosquitto"
    assert (shipped / "club.acl").read_text() == docs_acl()
    conf = (shipped / "club.conf").read_text()
    assert conf in DOCS.read_text()
    assert "allow_anonymous false" in conf and "password_file" in conf and "acl_file" in conf


def test_under_the_acl_the_club_records_each_hub_as_its_writer(tmp_path, secure_broker):
    from club.listener import ClubListener
    from club.state import Club
    from club.store import ClubStore

    b = secure_broker
    store = ClubStore(str(tmp_path / "club"))
    club = Club(store)
    listener = ClubListener(club, parse_url(f"mqtt://club:{USERS['club']}@127.0.0.1:{b.port}"), "mt-club").start()
    st = Station(str(tmp_path / "table1"), host_pin=PIN)
    st.mqtt = MqttPublisher(st.store.path, parse_url(f"mqtt://table1:{USERS['table1']}@127.0.0.1:{b.port}"),
                            "table1").start(st.view())
    try:
        assert listener.connected.wait(10)
        st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
        deadline = time.monotonic() + 15
        while not store.writers("table1") and time.monotonic() < deadline:
            time.sleep(0.05)
        assert store.writers("table1") == [{"client": "mt-hub-table1", "user": "table1", "entries": 1,
                                            "first": 1, "last": 1}]
    finally:
        st.mqtt.stop()
        st.store.close()
        listener.stop()
        store.close()
