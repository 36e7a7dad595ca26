"""A calibration workload timed in the same run as a bench, so a figure can go with a ratio that
another machine can compare (the integrator may replace this with the shared helper).

``calibrate()`` returns the median milliseconds of one fixed pure-Python job (JSON round trips of a
view-sized document), timed 15 times.
"""
from __future__ import annotations

import json
import statistics
import time

_DOC = {"players": [f"player {i}" for i in range(8)], "log": [{"seat": i % 8, "text": "played 9-4 on the Mexican train",
                                                             "at": i} for i in range(200)],
        "totals": list(range(8)), "trains": {str(i): [f"{i}-{j}" for j in range(12)] for i in range(8)}}


def calibrate(rounds: int = 15) -> float:
    """Median milliseconds of 20 JSON encode/decode round trips of a 20 KB document."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(20):
            json.loads(json.dumps(_DOC))
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)
