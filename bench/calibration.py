"""The calibration every bench times beside its own figures (issue 22): a fixed workload of plain
Python, run in the same process and the same minute as the figures, so that a figure can also be
given as a ratio to it. Absolute times do not carry from one machine to another (a Pi 4's core is
several times slower than a PC's for Python, a busy machine slower than an idle one); the ratio to
a workload of the same kind, timed on the same core at the same time, does, to within the spread
printed beside it.

The latency benches (hardware, station, web, club) measure wall time across threads and
processes, not the CPU time of one; they print the calibration and each latency's ratio to it
too, as a scale for another machine, with the input filters' stable times (waited in real time by
design) left out of the ratio.

The workload (``workload``) is the kind of Python the engine is made of, and nothing of ours:
small-int and bit arithmetic, attribute reads and writes on an object, method calls, list and dict
indexing, short tuples, a loop. It is fixed: changing it changes every ratio, so don't (if it must
change, the README's ratios and the benches' ratio targets change with it in the same commit).

One calibration unit ("cal") is the CPU time of one ``workload()`` call: the median of several
timings taken at the bench's start, between its figures and at its end (``Calibration``).

>>> cal = Calibration(samples=1)
>>> cal.seconds > 0 and cal.ratio(cal.seconds) == 1.0
True
"""
from __future__ import annotations

import statistics
import time

#: iterations of the workload's loop: about 15 ms of CPU on a 2-core x86-64 PC (Python 3.11)
LOOPS = 10_000


class _Table:
    """A few fields read and written as the engine's ``Round`` reads and writes its own."""

    __slots__ = ("ends", "counts", "marked", "turn", "n")

    def __init__(self, n: int):
        self.n = n
        self.ends = [12] * (n + 1)
        self.counts = [15] * n
        self.marked = [False] * n + [True]
        self.turn = 0

    def step(self, bits: int, suit: list) -> int:
        fits = bits & suit[self.ends[self.turn]]
        found = 0
        while fits:
            low = fits & -fits
            found += 1
            fits ^= low
        self.counts[self.turn] -= 1 if found else -1
        self.marked[self.turn] = not found
        self.turn = (self.turn + 1) % self.n
        return found


def workload(loops: int = LOOPS) -> int:
    """The fixed calibration workload; returns a checksum (always the same for the same ``loops``).
    Half arithmetic on a few fields, half new small objects kept a while (dicts, tuples and short
    strings, as a record's events are read and kept), so that a busy machine's shared caches slow
    it as they slow the engine."""
    table = _Table(4)
    suit = [((1 << 13) - 1) << (13 * a) | 0x1111 << a for a in range(13)]   # per pip, as tiles.TileBits
    seen: dict[tuple, int] = {}
    kept: list = []
    x, total = 12345, 0
    for i in range(loops):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF       # a fixed pseudo-random sequence
        pip = x % 13
        table.ends[i & 3] = pip
        total += table.step(x << 20 | x, suit)
        key = (pip, x & 7)
        seen[key] = seen.get(key, 0) + 1
        kept.append({"seat": i & 3, "play": f"{pip}-{x & 15}", "on": (pip, i)})
        if len(kept) == 2000:
            total += sum(len(e["play"]) for e in kept)
            kept = []
    return total + len(seen) + sum(table.counts) + len(kept)


class Calibration:
    """CPU times of ``workload()`` (``time.process_time``): ``sample()`` adds ``samples`` timings
    (the constructor takes the first set; call ``sample()`` again once the bench's figures are
    taken). ``seconds``: the median (one cal, s); ``spread``: (slowest - fastest) / median."""

    def __init__(self, samples: int = 5):
        self.samples = samples
        self.times: list[float] = []
        workload(LOOPS // 10)                          # warm-up
        self.sample()

    def sample(self) -> None:
        """Time ``samples`` more runs of the workload."""
        for _ in range(self.samples):
            start = time.process_time()
            workload()
            self.times.append(time.process_time() - start)

    def time_workload(self) -> float:
        """One run of the workload now: its CPU time (s), not added to ``times``; for a figure
        timed piece by piece, each piece's ratio taken to the workload timed beside it."""
        start = time.process_time()
        workload()
        return time.process_time() - start

    def alternate(self, fn, repeats: int, before=None) -> tuple[float, float]:
        """CPU times of ``fn()`` and of the workload, taken alternately ``repeats`` times each
        (``before()``, untimed, ahead of each ``fn()``): ``(median fn s, median workload s)``.
        For a short figure (a few ms), whose ratio to a calibration timed seconds apart follows
        the other programs on a shared machine more than the code: the two medians come from the
        same seconds. The workload times are not added to ``times`` (``seconds`` stays the run's)."""
        mine, theirs = [], []
        for _ in range(repeats):
            if before is not None:
                before()
            start = time.process_time()
            fn()
            mine.append(time.process_time() - start)
            start = time.process_time()
            workload()
            theirs.append(time.process_time() - start)
        return statistics.median(mine), statistics.median(theirs)

    @property
    def seconds(self) -> float:
        return statistics.median(self.times)

    @property
    def spread(self) -> float:
        return (max(self.times) - min(self.times)) / self.seconds

    def ratio(self, seconds: float) -> float:
        """A CPU time (s) in cal units."""
        return seconds / self.seconds

    def per_cal(self, rate: float) -> float:
        """A rate (things per CPU second) as things per cal."""
        return rate * self.seconds

    def of_ms(self, ms: float) -> str:
        """A time in ms as the benches print its ratio: ``"0.31 cal"``."""
        return f"{ms / (self.seconds * 1000):.2f} cal"

    def line(self) -> str:
        """The calibration as the benches print it."""
        return (f"calibration: 1 cal = {self.seconds * 1000:.2f} ms CPU (median of {len(self.times)} runs of "
                f"bench/calibration.py's workload through this run; spread {100 * self.spread:.0f}%)")


def rss_mb(pid: int | str = "self") -> float:
    """Resident memory of process ``pid`` (default this one) in MB, from /proc (Linux); NaN where
    there is no /proc. The memory figure of the station, web-socket and club benches."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except FileNotFoundError:
        pass
    return float("nan")


def cpu_s(pid: int | str = "self") -> float:
    """CPU time (user + system, s) that process ``pid`` has used so far, from /proc (Linux); NaN
    where there is none. A server's CPU per request is its difference over the requests, divided."""
    import os

    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rpartition(")")[2].split()
    except FileNotFoundError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
