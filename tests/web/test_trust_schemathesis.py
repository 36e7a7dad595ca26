"""Property (issue 13), by schemathesis over the app's OpenAPI document: every operation, with a game
set up and the host PIN and a seat token supplied, answers below 500 (``not_a_server_error``).

Against the real ``Station.mock()`` in process (ASGI, no server); bounded to a few examples per
operation so the suite stays fast (``MT_FUZZ_EXAMPLES=N`` for a long run: N examples per operation).
``test_trust_api_fuzz.py`` adds values outside the schema."""
from __future__ import annotations

import itertools
import os
import tempfile

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from station.service import Station
from station.throttle import Throttle
from web.app import create_app

PIN = "5926"


_DIR = tempfile.TemporaryDirectory(prefix="mt-schemathesis-")
_hour = itertools.count(0, 3600)            # the throttle's clock: wrong PINs never lock us out
STATION = Station.mock(_DIR.name, host_pin=PIN)                 # (the join codes keep the real time)
STATION.throttle = Throttle(lambda: next(_hour), db=STATION.store.db)
STATION.setup_game(PIN, ["Ana", "Ben", "Chi"], "hub", 9, {})
STATION.start_round(PIN)
TOKEN = STATION.join(0, STATION.seat_code(0, PIN))
schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(STATION, allowed_hosts={"testserver"}))


@pytest.fixture(scope="module", autouse=True)
def _close_station():
    yield
    STATION.store.close()
    STATION.hub.close()
    _DIR.cleanup()


@schema.parametrize()
@settings(max_examples=int(os.environ.get("MT_FUZZ_EXAMPLES", "12")), deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_no_operation_answers_5xx(case):
    headers = {"X-Host-Pin": PIN, "X-Seat-Token": TOKEN}
    if case.path_parameters and "seat" in case.path_parameters and case.path_parameters["seat"] in range(3):
        case.path_parameters["seat"] = 0                   # the seat whose token we hold
    case.call_and_validate(headers=headers, checks=[not_a_server_error])
