"""Property (issue 13): every endpoint of the OpenAPI document, called with a game set up and the
host PIN and a seat token supplied (or replaced by any text), with path, query and body fields of
any JSON type, size or text, answers below 500 and raises nothing in the server; the pages still load.

The requests are drawn from the app's own OpenAPI document (every operation, its parameters and
its body's fields), so a new endpoint is covered without touching this file. Against the real
``Station.mock()`` in process; the throttle's clock jumps an hour per reading, so wrong PINs never
lock the fuzzer out of the host endpoints."""
from __future__ import annotations

import itertools
import json
import re
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from station.service import Station
from station.throttle import Throttle
from web.app import create_app

PIN = "7310"


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """(client, seat tokens, operations) with a hub double-9 game for three in round 1."""
    hour = itertools.count(0, 3600)
    st_ = Station.mock(str(tmp_path_factory.mktemp("fuzz")), host_pin=PIN)
    st_.throttle = Throttle(lambda: next(hour), db=st_.store.db)   # wrong PINs never lock us out; codes keep time
    app = create_app(st_, allowed_hosts={"testserver"})
    with TestClient(app, raise_server_exceptions=True) as client:
        h = {"X-Host-Pin": PIN}
        assert client.post("/api/host/setup", headers=h, json={"players": ["Ana", "Ben", "Chi"], "set": 9}).status_code == 200
        assert client.post("/api/host/start", headers=h).status_code == 200
        tokens = []
        for seat in range(3):
            code = client.get(f"/api/host/seat/{seat}/code", headers=h).json()["code"]
            tokens.append(client.post(f"/api/seat/{seat}/join", json={"code": code}).json()["token"])
        yield client, tokens, operations(app.openapi())
    st_.store.close()
    st_.hub.close()


def operations(doc: dict) -> list[dict]:
    """Every operation as {"method", "path", "params": [(in, name)], "fields": [body field names]}."""
    schemas = doc.get("components", {}).get("schemas", {})
    ops = []
    for path, methods in doc["paths"].items():
        for method, op in methods.items():
            fields = []
            ref = (op.get("requestBody", {}).get("content", {}).get("application/json", {})
                   .get("schema", {}).get("$ref"))
            if ref:
                fields = list(schemas[ref.rsplit("/", 1)[-1]].get("properties", {}))
            params = [(p["in"], p["name"]) for p in op.get("parameters", [])]
            ops.append({"method": method, "path": path, "params": params, "fields": fields})
    return ops


scalars = st.one_of(st.none(), st.booleans(), st.integers(min_value=-5, max_value=20), st.integers(),
                    st.integers(min_value=2 ** 63, max_value=10 ** 60), st.floats(allow_nan=False),
                    st.text(max_size=10), st.sampled_from(["9-4", "9-9", "mexican", "\ud800", "é", "x" * 300]))
anything = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                         st.dictionaries(st.text(max_size=5), inner, max_size=3)),
                        max_leaves=8)
header_text = st.text(st.characters(min_codepoint=32, max_codepoint=255), max_size=80)
path_text = st.one_of(st.integers(min_value=-3, max_value=16).map(str), st.integers().map(str),
                      st.just(str(2 ** 64)), st.text(st.characters(codec="utf-8", exclude_characters="/?#"),
                                                     min_size=1, max_size=8))
SENSIBLE = {"event": st.sampled_from([{"draw": True}, {"pass": True}, {"play": "9-4", "on": 0},
                                      {"play": "9-5", "on": "mexican"}]),
            "version": st.integers(min_value=0, max_value=40), "hand": st.sampled_from([3, ["9-4"], []]),
            "players": st.just(["Ana", "Ben"]), "seat": st.integers(min_value=0, max_value=3)}


@st.composite
def requests(draw, ops, tokens):
    op = draw(st.sampled_from(ops))
    path, headers, query = op["path"], {}, {}
    for where, name in op["params"]:
        if where == "path":
            value = draw(st.one_of(st.integers(min_value=0, max_value=3).map(str), path_text))
            path = path.replace("{" + name + "}", quote(value, safe="", errors="surrogatepass"))
        elif where == "header" and draw(st.booleans()):
            right = PIN if name.lower() == "x-host-pin" else draw(st.sampled_from(tokens))
            headers[name] = draw(st.one_of(st.just(right), header_text))
        elif where == "query" and draw(st.booleans()):
            right = {"pin": PIN, "token": draw(st.sampled_from(tokens))}.get(name, "1")
            query[name] = draw(st.one_of(st.just(right), st.text(max_size=20), st.integers().map(str)))
    body = None
    if op["method"] in ("post", "put", "patch"):
        body = {}
        for field in op["fields"]:
            if draw(st.integers(min_value=0, max_value=4)):
                body[field] = draw(st.one_of(SENSIBLE.get(field, anything), anything))
        if draw(st.integers(min_value=0, max_value=9)) == 0:
            body = draw(anything)                      # not even an object
        elif draw(st.integers(min_value=0, max_value=9)) == 0:
            body[draw(st.text(max_size=8))] = draw(anything)
    return op["method"], re.sub(r"//+", "/", path), headers, query, body


FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@FUZZ
@given(data=st.data())
def test_no_request_gets_a_5xx(table, data):
    client, tokens, ops = table
    method, path, headers, query, body = data.draw(requests(ops, tokens))
    kw = {"headers": {k: v.encode("latin-1") for k, v in headers.items()}, "params": query}
    if body is not None:     # as JSON text with \u escapes: a lone surrogate reaches the server
        kw["content"] = json.dumps(body)
        kw["headers"]["Content-Type"] = b"application/json"
    response = client.request(method.upper(), path, **kw)
    assert response.status_code < 500, (method, path, headers, query, body, response.text)
    assert client.get("/api/view").status_code == 200


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seat=st.one_of(st.integers(min_value=-2, max_value=5).map(str), st.text(max_size=6)),
       token=st.one_of(st.text(max_size=70), st.just("")))
def test_no_socket_query_breaks_the_socket(table, seat, token):
    client, tokens, _ = table
    with client.websocket_connect("/ws", params={"seat": seat, "token": token}) as ws:
        try:
            message = ws.receive_json()
        except WebSocketDisconnect as closed:
            assert closed.code == 1008 and closed.reason
        else:
            assert message["type"] in ("view", "error")
