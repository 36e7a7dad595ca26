"""Shared helpers for the hardware tests (a module, not conftest: ``from conftest import`` breaks
when folders are collected in another order): an event collector that waits on the loop thread."""
from __future__ import annotations

import asyncio
import threading

import pytest

WAIT_S = 10.0  # generous: a loaded 2-core CI machine must never flake


class Collector:
    """The ``on_event`` callback; records events and checks they arrive on the loop thread."""

    def __init__(self):
        self.events: list = []
        self.wrong_thread = 0
        self._thread = threading.get_ident()
        self._changed = asyncio.Event()

    def __call__(self, event) -> None:
        if threading.get_ident() != self._thread:
            self.wrong_thread += 1
        self.events.append(event)
        self._changed.set()

    def of(self, kind) -> list:
        return [e for e in self.events if isinstance(e, kind)]

    async def wait_for(self, predicate, timeout: float = WAIT_S):
        """Wait until ``predicate(events)`` is true; fails the test after ``timeout`` seconds."""
        async def loop():
            while not predicate(self.events):
                self._changed.clear()
                await self._changed.wait()
        try:
            await asyncio.wait_for(loop(), timeout)
        except TimeoutError:
            pytest.fail(f"timed out; events so far: {self.events}")

    async def quiet(self, seconds: float = 0.1) -> None:
        """Let pending callbacks (and settle timers) run."""
        await asyncio.sleep(seconds)
