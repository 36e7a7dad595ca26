"""WebSocket bench (not a test), issue 23: a real ``station run --mock`` with 200 live WebSockets
(one view each per move, as 200 phones would get) while a player submits moves; then 1,000
open/close cycles of one socket. Reports the submit p99 (target < 100 ms), the station's RSS with
200 sockets (target < 120 MB) and after the cycles, each with a ratio to a calibration workload
timed in the same run (bench/calibration.py's Calibration), and the station's CPU per move (its
/proc CPU time over the moves, divided: the figure a busy machine moves least).

The 200 sockets are read in a process of their own (200 phones are 200 devices): in the timing
client's own event loop, decoding 200 views a move delayed the client's reading of its own
answer, which the submit time then counted.

    python bench/ws.py [--sockets 200] [--moves 100] [--cycles 1000]
"""
from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import statistics
import sys
import tempfile
import time

import httpx
import websockets

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from calibration import Calibration, cpu_s, rss_mb  # noqa: E402
from hostile import free_port, running_station  # noqa: E402
from seated import draw_or_undo, seat_zero  # noqa: E402

P99_MS, RSS_MB = 100.0, 120.0


def source(i: int) -> tuple[str, int]:
    """A loopback source address per 20 sockets (the station caps connections per address)."""
    return (f"127.0.{10 + i // 20}.{1 + i % 20}", 0)


async def reader(url: str, i: int, ready: list, views: list) -> None:
    async with websockets.connect(url, max_size=None, compression=None, ping_interval=None,
                                  local_addr=source(i)) as ws:
        await ws.recv()
        ready.append(i)
        async for _ in ws:
            views[0] += 1


def readers(port: int, sockets: int, ready, stop, result) -> None:
    """``sockets`` live WebSockets in this process until ``stop`` is set (``ready`` once all are
    open); ``result["views"]``: the views they got after the first, ``result["error"]`` a failure."""
    async def run() -> None:
        opened: list = []
        views = [0]
        tasks = [asyncio.create_task(reader(f"ws://127.0.0.1:{port}/ws", i, opened, views)) for i in range(sockets)]
        while len(opened) < sockets:
            failed = [t for t in tasks if t.done() and t.exception() is not None]
            if failed:
                result["error"] = repr(failed[0].exception())
                ready.set()
                return
            await asyncio.sleep(0.05)
        ready.set()
        while not stop.is_set():
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.5)          # the last move's views
        result["views"] = views[0]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(run())


async def play(http: httpx.AsyncClient, token: str, moves: int) -> list[float]:
    """``moves`` moves (a draw, then the host's undo, in turn); their submit times in ms."""
    latencies = []
    for i in range(moves):
        version = (await http.get("/api/view")).json()["version"]
        start = time.perf_counter()
        r = await draw_or_undo(http, token, i, version)
        r.raise_for_status()
        latencies.append((time.perf_counter() - start) * 1000)
    return latencies


async def run(port: int, pid: int, sockets: int, moves: int, cycles: int) -> dict:
    url = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=url, timeout=20, transport=httpx.AsyncHTTPTransport(local_address="127.0.9.1")) as http:
        token = await seat_zero(http)
        cpu = cpu_s(pid)
        alone = await play(http, token, max(2, moves // 4 * 2))   # no socket: the reference (draw, undo: even)
        cpu_alone = (cpu_s(pid) - cpu) / len(alone)
        before = rss_mb(pid)
        ctx = multiprocessing.get_context("fork")
        with ctx.Manager() as manager:
            result, ready, stop = manager.dict(), ctx.Event(), ctx.Event()
            proc = ctx.Process(target=readers, args=(port, sockets, ready, stop, result))
            proc.start()
            while not ready.wait(0.05):
                await asyncio.sleep(0)
            if "error" in result:
                raise SystemExit(f"a WebSocket failed: {result['error']}")
            await asyncio.sleep(0.5)
            cpu = cpu_s(pid)
            latencies = await play(http, token, moves)
            cpu_with = (cpu_s(pid) - cpu) / len(latencies)
            with_sockets = rss_mb(pid)
            stop.set()
            proc.join()
            views = result.get("views", 0)
        for i in range(cycles):
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws", local_addr=source(i % 200)) as ws:
                await ws.recv()
        await asyncio.sleep(1)
        return {"latencies": sorted(latencies), "alone": sorted(alone), "before": before, "with": with_sockets,
                "after": rss_mb(pid), "cpu_alone": cpu_alone, "cpu_with": cpu_with, "views": views}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=int, default=200)
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--cycles", type=int, default=1000)
    args = parser.parse_args()
    args.moves += args.moves % 2          # a draw, then its undo: the table ends as it began
    cal = Calibration()
    port = free_port()
    with running_station(tempfile.mkdtemp(), port) as proc:
        got = asyncio.run(run(port, proc.pid, args.sockets, args.moves, args.cycles))
    cal.sample()
    lat, alone = got["latencies"], got["alone"]
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))]
    p99_alone = alone[min(len(alone) - 1, int(len(alone) * 0.99))]
    print(cal.line())
    print(f"machine load average (1 min) at the end: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"submit with no WebSocket: p50 {statistics.median(alone):.1f} ms, p99 {p99_alone:.1f} ms "
          f"({cal.of_ms(p99_alone)}); station CPU {got['cpu_alone'] * 1000:.1f} ms a move ({cal.of_ms(got['cpu_alone'] * 1000)})")
    print(f"submit with {args.sockets} WebSockets: p50 {statistics.median(lat):.1f} ms, p99 {p99:.1f} ms "
          f"({cal.of_ms(p99)}; target < {P99_MS:.0f} ms); station CPU {got['cpu_with'] * 1000:.1f} ms a move "
          f"({cal.of_ms(got['cpu_with'] * 1000)}); the sockets got {got['views']} views "
          f"({args.sockets * args.moves} moves x sockets)")
    print(f"station RSS: {got['before']:.1f} MB before, {got['with']:.1f} MB with {args.sockets} sockets "
          f"(target < {RSS_MB:.0f} MB; {got['with'] / got['before']:.2f} x before), {got['after']:.1f} MB after "
          f"{args.cycles} open/close cycles ({got['after'] / got['before']:.2f} x before)")
    missed = p99 >= P99_MS or got["with"] >= RSS_MB
    if missed:
        print("MISSED TARGET: WebSocket submit p99 or RSS")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
