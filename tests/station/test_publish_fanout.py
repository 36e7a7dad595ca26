"""Issue 23, 4: a move's view reaches every live socket's queue with one wake-up of the event loop,
not one per socket (call_soon_threadsafe writes to the loop's self-pipe each time: with 200 phones
that was 200 system calls a move, in the submit's own path)."""
from __future__ import annotations

import asyncio

from station_helpers import PIN


def test_one_wake_up_per_loop_for_every_socket_on_it(station):
    async def run():
        loop = asyncio.get_running_loop()
        queues = [station.subscribe() for _ in range(200)]
        wakeups = []
        real = loop.call_soon_threadsafe

        def counted(callback, *args, **kw):
            wakeups.append(callback)
            return real(callback, *args, **kw)

        loop.call_soon_threadsafe = counted
        try:
            view = station.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
            await asyncio.sleep(0)
        finally:
            del loop.call_soon_threadsafe
        assert len(wakeups) == 1
        assert all(q.qsize() == 1 and q.get_nowait() is view for q in queues)
        for q in queues[:100]:
            station.unsubscribe(q)
        station.release_seat(0, PIN)
        await asyncio.sleep(0)
        assert [q.qsize() for q in queues] == [0] * 100 + [1] * 100

    asyncio.run(run())


def test_a_full_queue_keeps_the_newest_views(station):
    async def run():
        queue = station.subscribe()
        station.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
        for _ in range(queue.maxsize + 5):
            newest = station.release_seat(1, PIN)
        await asyncio.sleep(0)
        assert queue.full()
        seen = [queue.get_nowait() for _ in range(queue.qsize())]
        assert seen[-1] is newest

    asyncio.run(run())
