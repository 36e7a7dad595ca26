"""What a hostile guest's script sends, as raw bytes (issue 23): shared by bench/abuse.py and the
connection tests (tests/web/test_trust_connections.py).

- ``running_station(data_dir, port, *args, files=None)``: ``station run --mock`` in a child
  process (``files``: its limit of open files), its output in ``<data_dir>/station.log``; yields
  the ``Popen``;
- ``connect(port, source="127.0.0.1")``: a TCP socket to the station from a loopback source address
  (the per-client cap counts each address);
- ``ws_open(port, path, source)``: a socket after a WebSocket handshake (raises on a refusal);
- ``ws_frame(opcode, payload)``: one masked client frame (``TEXT``, ``BINARY``).
"""
from __future__ import annotations

import base64
import contextlib
import os
import resource
import socket
import subprocess
import sys
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEXT, BINARY, CLOSE = 0x1, 0x2, 0x8
PIN = "2468"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def running_station(data_dir: str, port: int, *args: str, files: int | None = None):
    """``station run --mock --pin 2468`` on 127.0.0.1:``port``; stopped (SIGTERM) on leaving.
    ``files``: the child's soft limit of open files (``RLIMIT_NOFILE``), to run it out of them."""
    os.makedirs(data_dir, exist_ok=True)
    log = open(os.path.join(data_dir, "station.log"), "w")

    def limit() -> None:
        if files is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (files, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
    proc = subprocess.Popen([sys.executable, "-m", "cli", "run", "--mock", "--data-dir", data_dir,
                             "--port", str(port), "--pin", PIN, *args], cwd=ROOT, stdout=log,
                            stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"},
                            preexec_fn=limit if files is not None else None)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/view", timeout=2):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"station run did not serve: {read_log(data_dir)[-2000:]}")
                time.sleep(0.1)
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def read_log(data_dir: str) -> str:
    with open(os.path.join(data_dir, "station.log"), encoding="utf-8", errors="replace") as f:
        return f.read()


def connect(port: int, source: str = "127.0.0.1", timeout: float = 10.0) -> socket.socket:
    sock = socket.socket()
    sock.settimeout(timeout)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def read_head(sock: socket.socket) -> bytes:
    """The response head (up to the blank line), or what came before the socket closed."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(1)           # byte by byte: what follows the head stays in the socket
        if not chunk:
            break
        data += chunk
    return data


def ws_open(port: int, path: str = "/ws", source: str = "127.0.0.1") -> socket.socket:
    """A socket past the WebSocket handshake on ``path`` (its head read, no frame), raises
    ``ConnectionError`` if refused."""
    sock = connect(port, source)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = read_head(sock)
    if not head.startswith(b"HTTP/1.1 101"):
        sock.close()
        raise ConnectionError(head[:200].decode("latin-1") or "closed without an answer")
    return sock


def ws_frame(opcode: int, payload: bytes) -> bytes:
    """One final, masked client frame (payload under 64 KiB)."""
    mask = os.urandom(4)
    n = len(payload)
    head = bytes([0x80 | opcode]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + n.to_bytes(2, "big"))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def _has_close_frame(data: bytes) -> bool:
    """Whether the server's frames in ``data`` (unmasked, from the start) include a close frame."""
    i = 0
    while i + 2 <= len(data):
        opcode, n, i = data[i] & 0x0F, data[i + 1] & 0x7F, i + 2
        if n == 126:
            n, i = int.from_bytes(data[i:i + 2], "big"), i + 2
        elif n == 127:
            n, i = int.from_bytes(data[i:i + 8], "big"), i + 8
        if opcode == CLOSE:
            return True
        i += n
    return False


def closed_soon(sock: socket.socket, within: float, ws: bool = False) -> bool:
    """Whether the station closes ``sock`` within ``within`` seconds (reading whatever it sends);
    ``ws``: a WebSocket after its handshake, where a close frame counts as closing."""
    sock.settimeout(within)
    deadline = time.monotonic() + within
    seen = b""
    try:
        while time.monotonic() < deadline:
            chunk = sock.recv(65536)
            if not chunk:
                return True
            seen += chunk
            if ws and _has_close_frame(seen):
                return True
    except (TimeoutError, socket.timeout):
        return False
    except (ConnectionResetError, BrokenPipeError):
        return True
    return False
