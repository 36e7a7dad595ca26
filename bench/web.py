"""Web benchmark (not a test): with 30 WebSocket clients connected to a running station (mock
backend, a real `station run` process), the time from a move request to the last client
receiving the new state. Target: p99 under 100 ms.

    python bench/web.py [--clients 30] [--moves 100]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time

import httpx
import websockets
from calibration import Calibration  # bench/calibration.py, beside this file
from hostile import free_port, running_station
from seated import draw_or_undo, seat_zero


async def client(url: str, seen: list[int], ready: asyncio.Event, count: list[int], index: int) -> None:
    async with websockets.connect(url, max_size=None) as ws:
        await ws.recv()                                   # the first view
        count[0] += 1
        if count[0] == len(seen):
            ready.set()
        async for message in ws:
            data = json.loads(message)
            if data.get("type") == "view":
                seen[index] = data["view"]["version"]


async def run(clients: int, moves: int) -> list[float]:
    port = free_port()
    with running_station(tempfile.mkdtemp(), port):
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=10) as http:
            token = await seat_zero(http)
            seen = [0] * clients
            ready, count = asyncio.Event(), [0]
            tasks = [asyncio.create_task(client(f"ws://127.0.0.1:{port}/ws", seen, ready, count, i))
                     for i in range(clients)]
            await asyncio.wait_for(ready.wait(), 30)
            latencies = []
            for i in range(moves):
                version = (await http.get("/api/view")).json()["version"]
                start = time.perf_counter()
                response = await draw_or_undo(http, token, i, version)
                response.raise_for_status()
                new = response.json()["version"]
                while min(seen) < new:
                    await asyncio.sleep(0.0005)
                latencies.append((time.perf_counter() - start) * 1000)
            for task in tasks:
                task.cancel()
            return latencies


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=30)
    parser.add_argument("--moves", type=int, default=100)
    args = parser.parse_args()
    cal = Calibration()
    latencies = sorted(asyncio.run(run(args.clients, args.moves)))
    cal.sample()
    print(cal.line())
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(f"move to last of {args.clients} WebSocket clients: p50 {statistics.median(latencies):.1f} ms, "
          f"p99 {p99:.1f} ms = {cal.of_ms(p99)}, max {latencies[-1]:.1f} ms over {len(latencies)} moves "
          f"(target p99 < 100 ms)")
    if p99 >= 100:
        print("MISSED TARGET: WebSocket fan-out p99")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
