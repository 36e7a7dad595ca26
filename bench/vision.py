"""Vision benchmark (not a test): photos of hands rendered by ``tools/tile_photos.py`` from seeds,
read by ``vision.read_photo``, compared with their truth (issue 20, *Targets*).

- tiles read exactly (the pair of pip counts right; a tile missed or an extra one counts against):
  target at least 99%;
- photos read exactly (every tile right, nothing extra), hands of 1-18 tiles: target at least 95%;
- time per 1600 px photo (median CPU time of the reading process, decode included; the wall time
  beside it grows with the load of a shared machine): target under 1 s, with its ratio to
  bench/calibration.py's workload timed in the same run (before and after the reading), and a
  Pi 4 estimate: that ratio x ``PI4_CAL_MS`` (docs/hardware.md's estimate of a Pi 4's cal; not
  measured);
- peak memory (RSS) of the process that reads: target under 250 MB.

The reading runs in a child process that imports nothing but ``vision`` and numpy/OpenCV, so its
peak RSS is the reader's. ``--hard`` renders every condition at the far end of its range;
``--elevation DEG`` shows the table as a phone held DEG degrees over it does (90: straight down;
the corpus's own view is near overhead). The targets are the corpus's: below them with either
option, the bench still exits 1.

    python bench/vision.py [--photos 200] [--seed 1] [--hard] [--elevation DEG]
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.append(str(Path(__file__).parent))   # last: this file's own name is "vision" too
from calibration import Calibration  # noqa: E402  (bench/calibration.py, beside this file)

#: ms, one cal on a Pi 4 (Cortex-A72, 1.8 GHz): docs/hardware.md's estimate for the other benches
#: (4 x this machine's idle cal; an assumption, not a measurement). The ratio, not this machine's
#: CPU time, carries to the Pi: on a busy day both the reading and the workload slow down. The
#: reader is mostly numpy and OpenCV (SIMD: NEON on the Pi), the workload plain Python, so the
#: estimate is rough either way.
PI4_CAL_MS = 60.0

TILE_TARGET, PHOTO_TARGET, TIME_TARGET, MEMORY_TARGET = 0.99, 0.95, 1.0, 250


def inside(point, quad) -> bool:
    """Whether ``point`` lies inside the convex ``quad`` (four [x, y] corners in order)."""
    sign = None
    for i in range(4):
        (x1, y1), (x2, y2) = quad[i], quad[(i + 1) % 4]
        cross = (x2 - x1) * (point[1] - y1) - (y2 - y1) * (point[0] - x1)
        if cross != 0:
            if sign is None:
                sign = cross > 0
            elif (cross > 0) != sign:
                return False
    return True


def score(reading: dict, truth: dict) -> tuple[int, int, bool, list[str]]:
    """(tiles read exactly, tiles counted, photo exact, what went wrong) for one photo: a read tile
    is matched to the truth tile its outline's centre lies in; a truth tile with no reading, a wrong
    pair, and a reading in no truth tile each count as one wrong tile."""
    wrong, right = [], 0
    used = set()
    for t in truth["tiles"]:
        found = None
        for i, r in enumerate(reading.get("tiles", [])):
            cx = sum(p[0] for p in r["outline"]) / 4
            cy = sum(p[1] for p in r["outline"]) / 4
            if i not in used and inside((cx, cy), t["quad"]):
                found = i
                break
        if found is None:
            wrong.append(f"missed {t['tile']}")
            continue
        used.add(found)
        got = reading["tiles"][found]["tile"]
        if sorted(map(int, got.split("-"))) == sorted(map(int, t["tile"].split("-"))):
            right += 1
        else:
            wrong.append(f"{t['tile']} read {got}")
    extra = [r["tile"] for i, r in enumerate(reading.get("tiles", [])) if i not in used]
    wrong += [f"extra {e}" for e in extra]
    total = len(truth["tiles"]) + len(extra)
    return right, total, not wrong, wrong


def child(folder: str) -> int:
    """Read every ``*.jpg`` of ``folder``; print one JSON line: readings, seconds, peak RSS."""
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    from vision import PhotoError, read_photo

    out = {}
    times, cpu = [], []
    for path in sorted(Path(folder).glob("*.jpg")):
        data = path.read_bytes()
        start, start_cpu = time.perf_counter(), time.process_time()
        try:
            out[path.stem] = read_photo(data).as_dict()
        except PhotoError as exc:
            out[path.stem] = {"tiles": [], "error": exc.code}
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    print(json.dumps({"readings": out, "times": times, "cpu": cpu, "peak_mb": peak_rss_mb(),
                      "ru_maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
    return 0


def peak_rss_mb() -> float:
    """This process's peak resident memory in MB: ``VmHWM`` of /proc/self/status (Linux), the
    high-water mark of this program's own address space. ``ru_maxrss`` is the fallback elsewhere;
    on Linux it keeps the peak of the pre-exec address space, a copy of the parent that forked the
    child (here: the renderer's, some 300 MB), so it is no measure of the reader."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hard", action="store_true")
    parser.add_argument("--elevation", type=float, help="degrees, 15-90 (tools/tile_photos.py's render)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--show", type=int, default=8, help="list this many misread photos")
    args = parser.parse_args(argv)
    if args.child:
        return child(args.child)
    from tools.tile_photos import check_elevation, render
    if args.photos < 1 or args.seed < 0:
        parser.error(f"--photos {args.photos} --seed {args.seed}: at least 1 photo, from seed 0 up")
    if args.elevation is not None:
        try:
            check_elevation(args.elevation)
        except ValueError as exc:
            parser.error(str(exc))

    with tempfile.TemporaryDirectory() as folder:
        truths = {}
        for seed in range(args.seed, args.seed + args.photos):
            jpeg, truth = render(seed, hard=args.hard, elevation=args.elevation)
            name = f"case-{seed:06d}"
            (Path(folder) / f"{name}.jpg").write_bytes(jpeg)
            truths[name] = truth
        cal = Calibration()
        proc = subprocess.run([sys.executable, __file__, "--child", folder], capture_output=True, text=True,
                              cwd=str(ROOT))
        if proc.returncode != 0:
            print(proc.stderr[-2000:], file=sys.stderr)
            return 1
        result = json.loads(proc.stdout.strip().splitlines()[-1])
        cal.sample()                       # the calibration before and after the reading
    right = total = exact = 0
    misread = []
    for name, truth in truths.items():
        r, t, ok, wrong = score(result["readings"][name], truth)
        right, total, exact = right + r, total + t, exact + ok
        if not ok:
            misread.append((name, len(truth["tiles"]), truth["conditions"], wrong))
    per_photo = statistics.median(result["times"])
    cpu_photo = statistics.median(result["cpu"])
    tiles_rate, photo_rate = right / total, exact / len(truths)
    view = f", seen from {args.elevation:g} degrees" if args.elevation is not None else ""
    print(f"vision: {len(truths)} photos ({'hard' if args.hard else 'mixed'} conditions{view}, seeds "
          f"{args.seed}-{args.seed + args.photos - 1}), {total} tiles")
    print(f"  tiles read exactly   {100 * tiles_rate:6.2f}%   (target >= {100 * TILE_TARGET:.0f}%)")
    print(f"  photos read exactly  {100 * photo_rate:6.2f}%   (target >= {100 * PHOTO_TARGET:.0f}%)")
    print(f"  CPU per photo        {cpu_photo * 1000:6.0f} ms (median, decode included; target < {TIME_TARGET * 1000:.0f} ms)"
          f" = {cal.of_ms(cpu_photo * 1000)}; wall {per_photo * 1000:.0f} ms (median; max "
          f"{max(result['times']) * 1000:.0f} ms; the wall time grows with the machine's load)")
    print(f"  Pi 4, estimated      {cal.ratio(cpu_photo) * PI4_CAL_MS:6.0f} ms per photo (not measured: the ratio in cal x "
          f"{PI4_CAL_MS:g} ms, docs/hardware.md's estimate of a Pi 4's cal)")
    print(f"  {cal.line()}")
    print(f"  peak memory          {result['peak_mb']:6.0f} MB (target < {MEMORY_TARGET} MB; VmHWM of the reading "
          f"process; its ru_maxrss, which counts the forked parent's pages, {result['ru_maxrss_mb']:.0f} MB)")
    for name, n, cond, wrong in misread[:args.show]:
        print(f"    {name}: {n} tiles, {cond}: {', '.join(wrong[:4])}")
    missed = []
    if tiles_rate < TILE_TARGET:
        missed.append("tiles")
    if photo_rate < PHOTO_TARGET:
        missed.append("photos")
    if cpu_photo >= TIME_TARGET:
        missed.append("time")
    if result["peak_mb"] >= MEMORY_TARGET:
        missed.append("memory")
    if missed:
        print(f"vision: below target: {', '.join(missed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
