"""A 100 MB POST against the real server (uvicorn, as ``station run`` serves): refused with 413
before authentication and without the server reading the body (issue 13)."""
from __future__ import annotations

import asyncio
import select
import socket
import threading
import time

import pytest

from station.service import Station
from web.app import create_app

PIN = "8642"


@pytest.fixture
def server(tmp_path):
    import uvicorn

    st = Station.mock(str(tmp_path), host_pin=PIN)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(st), host="127.0.0.1", port=port, log_level="warning",
                                        lifespan="off"))
    thread = threading.Thread(target=lambda: asyncio.run(srv.serve()), daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not srv.started:
        assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.02)
    yield port
    srv.should_exit = True
    thread.join(timeout=30)
    st.store.close()
    st.hub.close()


def response_head(sock) -> str:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    return data.decode("latin-1")


def test_a_declared_100_mb_body_is_refused_unread(server):
    with socket.create_connection(("127.0.0.1", server), timeout=20) as sock:
        sock.sendall(b"POST /api/host/setup HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 104857600\r\n\r\n")            # and not one byte of the body
        head = response_head(sock)
    assert head.startswith("HTTP/1.1 413"), head


def test_a_streamed_100_mb_body_is_cut_off_near_the_limit(server):
    chunk = b"%x\r\n%s\r\n" % (1 << 20, b"x" * (1 << 20))            # 1 MiB chunks, no Content-Length
    sent = 0
    with socket.create_connection(("127.0.0.1", server), timeout=20) as sock:
        sock.sendall(b"POST /api/host/setup HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n")
        sock.setblocking(False)
        while sent < 100:
            readable, writable, _ = select.select([sock], [sock], [], 20)
            if readable:
                break                                              # the answer came: stop sending
            if writable:
                try:
                    sock.sendall(chunk)
                except (BlockingIOError, BrokenPipeError, ConnectionResetError):
                    select.select([sock], [], [], 20)
                    break
                sent += 1
        sock.setblocking(True)
        head = response_head(sock)
    assert head.startswith("HTTP/1.1 413"), head
    assert sent <= 16, sent               # answered after a few MiB (socket buffers), not 100
