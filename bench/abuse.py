"""Load-and-abuse bench (not a test), issue 23: a real ``station run --mock`` on a free loopback port
while a guest's script attacks it and a player goes on making moves.

The attack, from other loopback addresses than the player's (the station caps connections per
address: an attacker with one address is capped at once; spread over ``--idle-sources`` addresses
the idle sockets are held until the header timeout closes them):

- ``--idle`` TCP connections (default 2,000) that send nothing, held open for the whole run;
- ``--frames`` bad WebSocket frames (default 2,000): binary, invalid UTF-8 and a lone surrogate in
  turn, each on its own handshake (the station closes the socket at the first);
- ``--long-urls`` WebSocket handshakes (default 20) with a 10,000-character URL (each must be
  answered 414).

Meanwhile the player (its own address, one live WebSocket like a phone) submits moves (a draw,
then the host's undo, in turn) without pause. Reports, each with a ratio to a reference taken in
the same run (the calibration workload for times, bench/calibration.py; the station's RSS before
the abuse for memory) and the machine load:

- the player's submit p99 during the abuse (target < 250 ms) and without it;
- the station's log lines written during the abuse (target < 100);
- tracebacks in the station's log (target 0);
- the station's RSS before and after (and the most seen during);
- what became of the attack (held, refused, answered), and whether the idle sockets were closed.

Exits 1 when a target is missed (or the player got an error), 0 otherwise.

    python bench/abuse.py [--idle 2000] [--idle-sources 10] [--frames 2000] [--long-urls 20] [--quiet-moves 40]
"""
from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import resource
import socket
import statistics
import sys
import tempfile
import threading
import time

import httpx
import websockets

# bench/ holds web.py and station.py too: the packages are imported with bench/ off the path
BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != BENCH]
from web.serve import FILE_LIMIT, HEADER_TIMEOUT_S  # noqa: E402

sys.path.append(BENCH)

from calibration import Calibration, cpu_s, rss_mb  # noqa: E402
from hostile import (BINARY, TEXT, closed_soon, connect, free_port, read_log,  # noqa: E402
                     running_station, ws_frame, ws_open)
from seated import draw_or_undo, seat_zero  # noqa: E402

P99_MS, LOG_LINES, TRACEBACKS = 250.0, 100, 0
PLAYER = "127.0.9.1"                 # the legitimate phone's address
BAD_FRAMES = [(BINARY, b"\x00\x01binary"), (TEXT, b"\xff\xfe not utf-8"), (TEXT, b"lone \xed\xa0\x80 surrogate")]


def idle_attack(port: int, count: int, sources: int, opened, stop, result) -> None:
    """Open ``count`` connections from ``sources`` addresses (127.0.20.x), send nothing, hold them
    until ``stop``; puts on ``result`` (a queue) {"opened", "failed": connects that failed,
    "open_at_stop": still open when told to stop}."""
    socks, failed = [], 0
    for i in range(count):
        try:
            socks.append(connect(port, f"127.0.20.{1 + i % sources}", timeout=5))
        except OSError:
            failed += 1
    time.sleep(1)
    opened.set()
    stop.wait()
    still = 0
    for s in socks:
        s.setblocking(False)
        try:
            still += bool(s.recv(1, socket.MSG_PEEK))     # b"": the station closed it
        except BlockingIOError:
            still += 1                                     # nothing to read: still open
        except OSError:
            pass                                           # reset: closed
        s.close()
    result.put(("idle", {"opened": len(socks), "failed": failed, "open_at_stop": still}))


def frame_attack(port: int, frames: int, long_urls: int, result) -> None:
    """``frames`` bad frames, each on a new WebSocket from 127.0.30.x (two threads), and
    ``long_urls`` handshakes with a 10,000-character URL; puts on ``result`` (a queue) what each got."""
    # refused_handshake / long_closed: closed before an answer (the station closes the oldest sockets
    # that sent nothing when the idle flood is over MAX_IDLE: a handshake not read yet can be one);
    # not_closed / long_open: left open, which is what the station must never do
    counts = {"closed": 0, "not_closed": 0, "refused_handshake": 0, "long_414": 0, "long_closed": 0, "long_open": 0}
    lock = threading.Lock()

    def bad_frames(part: int, n: int) -> None:
        for i in range(n):
            opcode, payload = BAD_FRAMES[i % len(BAD_FRAMES)]
            try:
                sock = ws_open(port, source=f"127.0.30.{1 + part}")
            except (ConnectionError, OSError):
                key = "refused_handshake"
            else:
                sock.sendall(ws_frame(opcode, payload))
                key = "closed" if closed_soon(sock, 5, ws=True) else "not_closed"
                sock.close()
            with lock:
                counts[key] += 1

    threads = [threading.Thread(target=bad_frames, args=(p, frames // 2 + (p < frames % 2))) for p in range(2)]
    for t in threads:
        t.start()
    for _ in range(long_urls):
        try:
            ws_open(port, "/ws?seat=1&token=" + "x" * 10_000, source="127.0.30.9")
            counts["long_open"] += 1                 # accepted: not what a 10k URL may get
        except ConnectionError as refused:
            counts["long_414" if str(refused).startswith("HTTP/1.1 414") else "long_closed"] += 1
        except OSError:                              # no answer within the socket's 10 s: left open
            counts["long_open"] += 1
    for t in threads:
        t.join()
    result.put(("frames", counts))


async def moves(http: httpx.AsyncClient, token: str, until, at_least: int) -> tuple[list[float], int]:
    """Submit moves (a draw, then the host's undo) until ``until()`` is true and ``at_least`` are
    made; returns (the submit times in ms, the number of error answers)."""
    latencies, errors, i = [], [], 0
    while i < at_least or not until():
        try:
            view = await http.get("/api/view")
            view.raise_for_status()
            start = time.perf_counter()
            r = await draw_or_undo(http, token, i, view.json()["version"])
            latencies.append((time.perf_counter() - start) * 1000)
            r.raise_for_status()
            i += 1
        except httpx.HTTPError as exc:       # the player was refused or not answered: an error
            errors.append(f"{type(exc).__name__}: {str(exc)[:160]}")
            if len(errors) > 20:
                break
    return latencies, errors


async def phone(port: int, seen: list) -> None:
    """The player's own live WebSocket: counts the views it gets."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws", compression=None, ping_interval=None,
                                  local_addr=(PLAYER, 0)) as ws:
        async for _ in ws:
            seen[0] += 1


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


async def run(port: int, pid: int, data_dir: str, args) -> dict:
    transport = httpx.AsyncHTTPTransport(local_address=PLAYER)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30, transport=transport) as http:
        token = await seat_zero(http)
        seen = [0]
        live = asyncio.create_task(phone(port, seen))
        quiet, quiet_errors = await moves(http, token, lambda: True, args.quiet_moves)
        await asyncio.sleep(0.5)
        before = rss_mb(pid)
        log_before = len(read_log(data_dir).splitlines())
        load_before = os.getloadavg()[0]

        ctx = multiprocessing.get_context("fork")
        results = ctx.Queue()
        opened, stop = ctx.Event(), ctx.Event()
        idle = ctx.Process(target=idle_attack, args=(port, args.idle, args.idle_sources, opened, stop, results),
                           daemon=True)
        frames = ctx.Process(target=frame_attack, args=(port, args.frames, args.long_urls, results), daemon=True)
        peak = [before]

        async def watch_rss():
            while True:
                peak[0] = max(peak[0], rss_mb(pid))
                await asyncio.sleep(0.2)

        opened_at = [float("inf")]

        async def watch_opened():
            while not opened.is_set():
                await asyncio.sleep(0.05)
            opened_at[0] = time.monotonic()

        watcher = asyncio.create_task(watch_rss())
        opening = asyncio.create_task(watch_opened())
        cpu = cpu_s(pid)
        started = time.monotonic()
        idle.start()
        frames.start()
        abused, errors = await moves(http, token, lambda: not frames.is_alive() and opened.is_set(), 50)
        duration = time.monotonic() - started
        cpu = cpu_s(pid) - cpu
        load_during = os.getloadavg()[0]
        frames.join()
        await opening
        # the idle sockets: held past the header timeout (from the last one opened), the station
        # must have closed them all
        await asyncio.sleep(max(0.0, HEADER_TIMEOUT_S + 3 - (time.monotonic() - opened_at[0])))
        stop.set()
        idle.join()
        watcher.cancel()
        await asyncio.sleep(1)
        after = rss_mb(pid)
        log = read_log(data_dir)
        after_ok = (await http.get("/api/view")).status_code == 200
        live.cancel()
        await asyncio.gather(live, return_exceptions=True)
        result = {"quiet": quiet, "abused": abused, "errors": quiet_errors + errors + ([] if after_ok else ["GET /api/view after the abuse failed"]),
                  "duration": duration, "cpu": cpu, "before": before, "after": after, "peak": peak[0],
                  "log_lines": len(log.splitlines()) - log_before, "tracebacks": log.count("Traceback"),
                  **dict(results.get(timeout=30) for _ in range(2)), "views": seen[0],
                  "load": (load_before, load_during), "log_tail": log.splitlines()[log_before:][-12:]}
        return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle", type=int, default=2000, help="idle TCP connections (default 2000)")
    parser.add_argument("--idle-sources", type=int, default=10, help="addresses they come from (default 10)")
    parser.add_argument("--frames", type=int, default=2000, help="bad WebSocket frames (default 2000)")
    parser.add_argument("--long-urls", type=int, default=20, help="10,000-character handshakes (default 20)")
    parser.add_argument("--quiet-moves", type=int, default=40, help="moves timed before the abuse (default 40)")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    # the unit's LimitNOFILE for the station (inherited); the bench's own sockets fit in it too
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(FILE_LIMIT, args.idle + 512)), hard))
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the start")
    cal = Calibration()
    port, data_dir = free_port(), tempfile.mkdtemp()
    with running_station(data_dir, port) as proc:
        got = asyncio.run(run(port, proc.pid, data_dir, args))
    cal.sample()
    quiet_p99, abused_p99 = p99(got["quiet"]), p99(got["abused"])
    print(cal.line())
    print(f"load average (1 min): {got['load'][0]:.2f} before the abuse, {got['load'][1]:.2f} at its end")
    print(f"attack over {got['duration']:.1f} s: idle {got['idle']}; frames and long URLs {got['frames']}")
    attacks = args.idle + args.frames + args.long_urls
    print(f"station CPU during the attack: {got['cpu']:.2f} s ({got['cpu'] / got['duration'] * 100:.0f}% of one core; "
          f"{got['cpu'] / attacks * 1000:.2f} ms = {cal.of_ms(got['cpu'] / attacks * 1000)} per attacking connection, "
          f"the player's moves included)")
    print(f"player: {len(got['quiet'])} moves without abuse, submit p50 {statistics.median(got['quiet']):.1f} ms, "
          f"p99 {quiet_p99:.1f} ms ({cal.of_ms(quiet_p99)})")
    print(f"player: {len(got['abused'])} moves during the abuse, submit p50 {statistics.median(got['abused']):.1f} ms, "
          f"p99 {abused_p99:.1f} ms ({cal.of_ms(abused_p99)}; target < {P99_MS:.0f} ms); "
          f"{len(got['errors'])} errors{': ' + got['errors'][0] if got['errors'] else ''}; "
          f"its WebSocket got {got['views']} views")
    print(f"station log: {got['log_lines']} lines written during the abuse (target < {LOG_LINES}), "
          f"{got['tracebacks']} tracebacks (target {TRACEBACKS})")
    for line in got["log_tail"]:
        print(f"  | {line[:160]}")
    print(f"station RSS: {got['before']:.1f} MB before, {got['peak']:.1f} MB at most during, {got['after']:.1f} MB after "
          f"({got['after'] / got['before']:.2f} x before)")
    missed = []
    if abused_p99 >= P99_MS:
        missed.append("submit p99")
    if got["log_lines"] >= LOG_LINES:
        missed.append("log lines")
    if got["tracebacks"] > TRACEBACKS:
        missed.append("tracebacks")
    if got["errors"]:
        missed.append("the player got errors")
    if got["idle"].get("open_at_stop"):
        missed.append("idle connections left open")
    if got["frames"].get("not_closed") or got["frames"].get("long_open"):
        missed.append("a bad frame or long URL left open")
    if missed:
        print("MISSED TARGET: " + ", ".join(missed))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
