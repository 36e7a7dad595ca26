"""Web benchmark (not a test): with 30 WebSocket clients connected to a running station (mock
backend, a real `station run` process), the time from a move request to the last client
receiving the new state. Target: p99 under 100 ms.

    python bench/web.py [--clients 30] [--moves 100]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import httpx
import websockets
from calibration import Calibration  # bench/calibration.py, beside this file

PIN = "4321"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def wait_served(url: str, proc: subprocess.Popen) -> None:
    async with httpx.AsyncClient() as client:
        for _ in range(300):
            try:
                if (await client.get(f"{url}/api/view")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if proc.poll() is not None:
                raise SystemExit(f"the station exited: {proc.stdout.read()}")
            await asyncio.sleep(0.1)
    raise SystemExit("the station did not serve within 30 s")


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
    url = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen([sys.executable, "-m", "cli", "run", "--mock", "--port", str(port),
                             "--data-dir", tempfile.mkdtemp(), "--pin", PIN],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        await wait_served(url, proc)
        host = {"X-Host-Pin": PIN}
        async with httpx.AsyncClient(base_url=url, timeout=10) as http:
            (await http.post("/api/host/setup", headers=host,
                             json={"players": ["Ana", "Ben", "Chi", "Dee"], "profile": "hub", "set": 12})).raise_for_status()
            code = (await http.get("/api/host/seat/0/code", headers=host)).json()["code"]
            token = (await http.post("/api/seat/0/join", json={"code": code})).json()["token"]
            (await http.post("/api/host/start", headers=host)).raise_for_status()
            seen = [0] * clients
            ready, count = asyncio.Event(), [0]
            tasks = [asyncio.create_task(client(f"ws://127.0.0.1:{port}/ws", seen, ready, count, i))
                     for i in range(clients)]
            await asyncio.wait_for(ready.wait(), 30)
            latencies = []
            for i in range(moves):
                version = (await http.get("/api/view")).json()["version"]
                start = time.perf_counter()
                if i % 2 == 0:
                    response = await http.post("/api/seat/0/submit", headers={"X-Seat-Token": token},
                                               json={"event": {"draw": True}, "version": version})
                else:
                    response = await http.post("/api/host/undo", headers=host, json={"version": version})
                response.raise_for_status()
                new = response.json()["version"]
                while min(seen) < new:
                    await asyncio.sleep(0.0005)
                latencies.append((time.perf_counter() - start) * 1000)
            for task in tasks:
                task.cancel()
            return latencies
    finally:
        proc.terminate()
        proc.wait(timeout=10)


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
