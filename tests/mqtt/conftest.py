"""Fixtures for the MQTT tests: a real Mosquitto on a free loopback port, stopped after the test."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "station"))
from broker import MOSQUITTO, Mosquitto  # noqa: E402


@pytest.fixture
def broker(tmp_path):
    if not os.path.exists(MOSQUITTO):
        pytest.fail("the MQTT tests need Debian's mosquitto: `make test` installs it "
                    "(or run `sudo apt-get install mosquitto`)", pytrace=False)
    folder = tmp_path / "broker"
    folder.mkdir()
    b = Mosquitto(folder).start()
    yield b
    b.stop()
