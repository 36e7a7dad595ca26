"""Fixtures for the hardware tests; shared helpers live in hw_helpers.py."""
from __future__ import annotations

import asyncio

import pytest


@pytest.fixture
def run():
    """Run a coroutine function to completion on a fresh loop."""
    return lambda coro: asyncio.run(coro)
