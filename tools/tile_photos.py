"""Photo-like images of dominoes on a table, with their truth: the corpus of ``vision/`` (issue 20).

``render(seed, **overrides) -> (jpeg_bytes, truth)`` draws one hand: ``truth`` is
``{"seed", "set", "tiles": [{"tile": "a-b", "quad": [[x, y] x 4]}], "conditions": {...}}`` with the
tile's halves in the order the quad runs (first half between corners 0-1 and the dividing line) and
pixel coordinates of the JPEG. Everything follows from ``seed`` (numpy's PCG64), so a test or bench
makes the same corpus every run and nothing large is committed.

Conditions drawn (issue 20, *A test corpus*): double-6, 9, 12 (and 15, 18) sets; white, ivory and
black tiles; black, white or coloured pips (one colour per number, as double-9 to 18 sets have);
tiles rotated, in rows touching each other, or overlapping at the edges; a perspective view of the
table; a hand's soft shadow, glare spots, a colour cast, blur (focus or motion), sensor noise and JPEG
at quality 45-90; wood, felt cloth, gingham and printed tables. ``hard=True`` pushes every condition
to the far end of its range.

Command line: ``python tools/tile_photos.py OUT_DIR --count N [--seed S] [--hard] [--elevation DEG]`` writes
``case-<seed>.jpg`` and its sidecar ``case-<seed>.json``.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import cv2
import numpy as np

#: one colour per number (BGR), the way coloured-pip sets print them; 0 has no pips
PIP_COLOURS = [(0, 0, 0), (200, 150, 40), (40, 120, 20), (30, 30, 200), (20, 70, 150), (150, 40, 20),
               (20, 170, 210), (140, 30, 130), (60, 60, 60), (30, 50, 90), (90, 90, 10), (20, 140, 90),
               (100, 100, 100), (130, 60, 200), (160, 100, 20), (40, 90, 40), (60, 20, 120), (120, 80, 60),
               (30, 30, 140)]
BODIES = {"white": (238, 242, 244), "ivory": (190, 225, 240), "black": (32, 30, 30)}


def pip_positions(n: int) -> list[tuple[float, float]]:
    """Pip centres of ``n`` (0-18) in a unit square half, as domino sets lay them out."""
    if n <= 9:
        a, b, c = 0.22, 0.5, 0.78
        grid = {0: [], 1: [(b, b)], 2: [(a, a), (c, c)], 3: [(a, a), (b, b), (c, c)],
                4: [(a, a), (c, a), (a, c), (c, c)], 5: [(a, a), (c, a), (b, b), (a, c), (c, c)],
                6: [(a, a), (c, a), (a, b), (c, b), (a, c), (c, c)],
                7: [(a, a), (c, a), (a, b), (b, b), (c, b), (a, c), (c, c)],
                8: [(a, a), (b, a), (c, a), (a, b), (c, b), (a, c), (b, c), (c, c)],
                9: [(x, y) for y in (a, b, c) for x in (a, b, c)]}
        return grid[n]
    rows = math.ceil(n / 3)
    ys = np.linspace(0.16, 0.84, rows)
    spots = [(x, y) for y in ys for x in (0.2, 0.5, 0.8)]
    drop = rows * 3 - n          # leave out middle-column pips, from the centre row outwards
    middle = sorted(range(rows), key=lambda r: abs(r - (rows - 1) / 2))
    gone = {(0.5, ys[r]) for r in middle[:drop]}
    return [s for s in spots if s not in gone]


def _tile_image(a: int, b: int, w: int, body: str, pips: str, spinner: bool, rng) -> tuple[np.ndarray, np.ndarray]:
    """One tile face-up, ``w`` wide and ``2w`` long (half ``a`` on top): BGR image and alpha mask."""
    h = 2 * w
    base = np.array(BODIES[body], np.float32) + rng.normal(0, 6, 3)
    img = np.empty((h, w, 3), np.float32)
    img[:] = base
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    # a bevel: the face darkens (or lightens on black) towards its rounded edges
    edge = np.minimum(np.minimum(xx, w - 1 - xx), np.minimum(yy, h - 1 - yy))
    bevel = np.clip(edge / (0.07 * w), 0, 1)
    shade = 0.62 + 0.38 * bevel if body != "black" else 1.6 - 0.6 * bevel
    img *= shade[..., None]
    ink_dark = body != "black"
    line_colour = (45, 45, 45) if ink_dark else (215, 215, 215)
    lw = max(2, int(round(w * rng.uniform(0.035, 0.06))))
    inset = int(w * rng.uniform(0.07, 0.14))
    cv2.line(img, (inset, w), (w - 1 - inset, w), line_colour, lw, cv2.LINE_AA)
    if spinner:
        cv2.circle(img, (w // 2, w), int(w * 0.07), (60, 150, 190), -1, cv2.LINE_AA)
        cv2.circle(img, (w // 2, w), int(w * 0.03), (150, 210, 235), -1, cv2.LINE_AA)
    for value, top in ((a, 0), (b, w)):
        spots = pip_positions(value)
        radius = w * (0.085 if value <= 9 else 0.075 if value <= 12 else 0.062)
        if pips == "coloured":
            colour = PIP_COLOURS[value]
            if not ink_dark:
                colour = tuple(min(255, c + 90) for c in colour)
        else:
            colour = (25, 25, 25) if ink_dark else (235, 235, 235)
        for x, y in spots:
            cx, cy = x * w, top + y * w
            cv2.circle(img, (int(cx * 16), int(cy * 16)), int(radius * 16), colour, -1, cv2.LINE_AA, shift=4)
    mask = np.zeros((h, w), np.uint8)
    r = int(0.09 * w)
    cv2.rectangle(mask, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(mask, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(mask, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return np.clip(img, 0, 255), mask


def _noise(shape, scale: float, rng) -> np.ndarray:
    """Smooth random field in [-1, 1]: noise at ``1/scale`` resolution, enlarged."""
    h, w = shape
    small = rng.normal(0, 1, (max(2, int(h / scale)), max(2, int(w / scale)))).astype(np.float32)
    big = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    return big / (np.abs(big).max() + 1e-6)


def _table(kind: str, h: int, w: int, rng) -> np.ndarray:
    """A table top ``h`` x ``w``: wood, felt cloth, gingham, printed cloth or grey stone (BGR float)."""
    if kind == "wood":
        base = np.array([rng.uniform(30, 90), rng.uniform(70, 130), rng.uniform(110, 190)], np.float32)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        angle = rng.uniform(0, math.pi)
        along = xx * math.cos(angle) + yy * math.sin(angle)
        across = -xx * math.sin(angle) + yy * math.cos(angle)
        warp = _noise((h, w), 120, rng) * 25
        grain = np.sin((across + warp) / rng.uniform(3, 9)) * 0.5 + 0.5
        rings = np.sin((across + warp * 3) / rng.uniform(25, 60) + along / 900) * 0.5 + 0.5
        tone = 0.7 + 0.2 * grain + 0.25 * rings + 0.1 * _noise((h, w), 8, rng)
        table = base * tone[..., None]
        # planks: dark seams
        pitch = rng.uniform(180, 400)
        seams = (np.abs(((across + 1000) % pitch) - pitch / 2) > pitch / 2 - 2)
        table[seams] *= 0.45
        return table
    if kind == "felt":
        colours = [(40, 110, 30), (110, 60, 20), (30, 30, 120), (70, 70, 70), (120, 110, 40)]
        base = np.array(colours[rng.integers(len(colours))], np.float32) * rng.uniform(0.8, 1.3)
        tone = 1 + 0.08 * _noise((h, w), 3, rng) + 0.1 * _noise((h, w), 200, rng)
        return base * tone[..., None]
    if kind == "gingham":
        c1 = np.array([rng.uniform(20, 200), rng.uniform(20, 120), rng.uniform(120, 230)], np.float32)
        c2 = np.array([235, 235, 235], np.float32) * rng.uniform(0.75, 1.0)
        period = rng.uniform(30, 90)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        bx = (xx // period) % 2
        by = (yy // period) % 2
        mix = ((bx + by) / 2.0)[..., None]
        table = c2 * (1 - mix) + c1 * mix
        return table * (1 + 0.05 * _noise((h, w), 2, rng))[..., None]
    if kind == "print":
        table = np.empty((h, w, 3), np.float32)
        table[:] = np.array([rng.uniform(40, 200) for _ in range(3)], np.float32)
        for _ in range(int(h * w / 6000)):
            colour = tuple(float(c) for c in rng.uniform(0, 255, 3))
            centre = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
            if rng.random() < 0.5:
                cv2.circle(table, centre, int(rng.uniform(4, 30)), colour, -1, cv2.LINE_AA)
            else:
                axes = (int(rng.uniform(5, 40)), int(rng.uniform(2, 10)))
                cv2.ellipse(table, centre, axes, rng.uniform(0, 180), 0, 360, colour, -1, cv2.LINE_AA)
        return table
    # stone: grey, veined (a neutral table: the hardest for white and black tiles)
    base = rng.uniform(90, 170)
    veins = np.abs(_noise((h, w), 60, rng)) < 0.05
    table = np.full((h, w, 3), base, np.float32) * (1 + 0.12 * _noise((h, w), 20, rng))[..., None]
    table[veins] *= 0.7
    return table


def _layout(n: int, w: int, W: int, H: int, style: str, rng) -> list[tuple[float, float, float]]:
    """Centres and angles (degrees) of ``n`` tiles ``w`` x ``2w`` on a ``W`` x ``H`` canvas."""
    placed: list[tuple[float, float, float]] = []
    if style in ("row", "touching"):
        # side by side in the row's own frame: "touching" tiles meet or overlap at their long
        # edges (up to 3% of a width, more at a corner of a tile turned 2 degrees), they never
        # cover each other's pips; a row's tiles are turned up to 5 degrees within their gap
        gap = rng.uniform(-0.03 * w, 0.03 * w) if style == "touching" else rng.uniform(0.2 * w, 0.6 * w)
        per_row = max(1, int((W * 0.86) / (w + gap)))
        rows = math.ceil(n / per_row)
        y0 = H / 2 - (rows - 1) * (2 * w + 0.3 * w) / 2
        for i in range(n):
            r, c = divmod(i, per_row)
            in_row = min(per_row, n - r * per_row)
            x0 = W / 2 - (in_row - 1) * (w + gap) / 2
            jitter = rng.uniform(-2, 2) if style == "touching" else rng.uniform(-5, 5)
            placed.append((x0 + c * (w + gap), y0 + r * (2.3 * w), jitter))
        # turn the whole arrangement (positions and tiles together) about the centre; OpenCV turns
        # a tile counter-clockwise on the screen for a positive angle, these positions clockwise
        turn = math.radians(rng.uniform(-20, 20) + rng.uniform(-12, 12))
        out = []
        for x, y, a in placed:
            dx, dy = x - W / 2, y - H / 2
            out.append((W / 2 + dx * math.cos(turn) - dy * math.sin(turn),
                        H / 2 + dx * math.sin(turn) + dy * math.cos(turn), a - math.degrees(turn)))
        return out
    radius = 1.15 * w          # scattered: no two tile centres closer than a tile's length
    tries = 0
    while len(placed) < n and tries < 20000:
        tries += 1
        x, y = rng.uniform(w * 1.1, W - w * 1.1), rng.uniform(w * 1.1, H - w * 1.1)
        if all((x - px) ** 2 + (y - py) ** 2 > (2 * radius) ** 2 for px, py, _ in placed):
            placed.append((x, y, rng.uniform(0, 360)))
    return placed


def check_elevation(elevation) -> float:
    """``elevation`` (degrees over the table, ``render``'s override) as a float; raises
    ValueError naming the range when it is not 15-90."""
    value = float(elevation)
    if not 15 <= value <= 90:
        raise ValueError(f"--elevation: {value:g} degrees; from 15 to 90")
    return value


def render(seed: int, **overrides) -> tuple[bytes, dict]:
    """One photo of a hand. Overrides: ``set`` (6-18), ``count`` (tiles, 1-18), ``body``, ``pips``
    ("plain" or "coloured"), ``table``, ``style`` ("scatter", "row", "touching"), ``hard`` (bool),
    ``tiles`` (the hand, e.g. ["3-5", "0-0"]),
    ``size`` (long side, px), ``quality`` (JPEG), ``elevation`` (degrees, 15-90: the phone held that
    high over the table instead of the corpus's near-overhead view, which tilts the table by up to
    7%, 12% hard; 45 shows the table's depth at 0.71 and its far edge narrower than its near one). Returns the JPEG and the truth (module docstring)."""
    rng = np.random.default_rng(seed)
    hard = overrides.get("hard", False)
    top = overrides.get("set") or int(rng.choice([6, 9, 12, 12, 15, 18]))
    count = overrides.get("count") or int(rng.integers(1, 19))
    body = overrides.get("body") or str(rng.choice(["white", "white", "ivory", "black"]))
    pips = overrides.get("pips") or ("coloured" if top >= 9 and rng.random() < 0.5 else "plain")
    table_kind = overrides.get("table") or str(rng.choice(["wood", "felt", "gingham", "print", "stone"]))
    style = overrides.get("style") or str(rng.choice(["scatter", "row", "touching"]))
    long_side = overrides.get("size", 1600)
    W, H = (long_side, int(long_side * 0.75)) if rng.random() < 0.6 else (int(long_side * 0.75), long_side)
    all_tiles = [(a, b) for a in range(top + 1) for b in range(a, top + 1)]
    chosen = [all_tiles[i] for i in rng.choice(len(all_tiles), size=min(count, len(all_tiles)), replace=False)]
    if overrides.get("tiles"):
        chosen = [tuple(int(x) for x in t.split("-")) for t in overrides["tiles"]]
    # tile width: as large as the hand allows (a phone photographs the tiles filling the frame)
    area = W * H * rng.uniform(0.12, 0.3 if not hard else 0.22)
    w = int(np.clip(math.sqrt(area / (2 * len(chosen))), 52 if hard else 60, 300))
    spots = _layout(len(chosen), w, W, H, style, rng)
    while len(spots) < len(chosen):          # a scatter that did not fit: smaller tiles in rows
        w = int(w * 0.9)
        spots = _layout(len(chosen), w, W, H, "row", rng)
    canvas = _table(table_kind, H, W, rng)
    spinner = bool(rng.random() < 0.3)
    shadow_dir = np.array([rng.uniform(-1, 1), rng.uniform(0.3, 1)]) * w * 0.06
    quads = []
    for (a, b), (cx, cy, angle) in zip(chosen, spots):
        if rng.random() < 0.5:
            a, b = b, a
        img, mask = _tile_image(a, b, w, body, pips, spinner, rng)
        h = 2 * w
        M = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
        M[:, 2] += (cx - w / 2, cy - h / 2)
        warped = cv2.warpAffine(img, M, (W, H), flags=cv2.INTER_LINEAR)
        alpha = cv2.warpAffine(mask, M, (W, H), flags=cv2.INTER_LINEAR).astype(np.float32) / 255
        # a contact shadow first, then the tile over it
        sh = cv2.warpAffine(mask, np.vstack([M, [0, 0, 1]])[:2] + [[0, 0, shadow_dir[0]], [0, 0, shadow_dir[1]]],
                            (W, H)).astype(np.float32) / 255
        sh = cv2.GaussianBlur(sh, (0, 0), w * 0.05)
        canvas *= (1 - 0.45 * sh)[..., None]
        canvas = canvas * (1 - alpha[..., None]) + warped * alpha[..., None]
        corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
        quads.append(((a, b), cv2.transform(corners[None], M)[0]))
    # the phone's view: a perspective of the table
    tilt = 0.12 if hard else 0.07
    src = np.float32([[0, 0], [W, 0], [W, H], [0, H]])
    dst = src + rng.uniform(-tilt, tilt, (4, 2)).astype(np.float32) * [W, H]
    if overrides.get("elevation") is not None:
        # a phone held ``elevation`` degrees above the table (90: straight down): the table's depth
        # shrinks to its sine, and its far edge more than its near one
        f = math.sin(math.radians(check_elevation(overrides["elevation"])))
        k = (1 - f) * 0.3
        dst = np.float32([[W * k, H * (1 - f)], [W * (1 - k), H * (1 - f)], [W, H], [0, H]])
    dst = dst.astype(np.float32)
    P = cv2.getPerspectiveTransform(src, dst)
    # keep every tile in the frame: fit the warped tile corners back into the canvas
    pts = np.concatenate([q for _, q in quads])
    warped_pts = cv2.perspectiveTransform(pts[None], P)[0]
    lo, hi = warped_pts.min(0), warped_pts.max(0)
    scale = min(1.0, 0.96 * W / (hi[0] - lo[0]), 0.96 * H / (hi[1] - lo[1]))
    fit = np.array([[scale, 0, 0], [0, scale, 0], [0, 0, 1]], np.float64)
    mid = (lo + hi) / 2 * scale
    fit[0, 2], fit[1, 2] = W / 2 - mid[0], H / 2 - mid[1]
    P = fit @ P
    photo = cv2.warpPerspective(canvas, P, (W, H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    # light: a soft shadow of a hand or phone, glare spots, a colour cast and vignetting
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    light = np.ones((H, W), np.float32)
    if rng.random() < (0.8 if hard else 0.5):
        cx0, cy0 = rng.uniform(0, W), rng.uniform(0, H)
        radius = rng.uniform(0.2, 0.5) * max(W, H)
        d = np.sqrt((xx - cx0) ** 2 + (yy - cy0) ** 2)
        depth = rng.uniform(0.3, 0.55 if hard else 0.45)
        light *= 1 - depth * np.clip((radius - d) / (0.25 * radius), 0, 1)
    light *= 1 - 0.25 * ((xx - W / 2) ** 2 + (yy - H / 2) ** 2) / ((W / 2) ** 2 + (H / 2) ** 2)
    photo *= light[..., None]
    photo *= np.array([rng.uniform(0.85, 1.1), 1.0, rng.uniform(0.85, 1.1)], np.float32)
    glare = np.zeros((H, W), np.float32)
    for _ in range(int(rng.integers(0, 4 if hard else 3))):
        gx, gy = rng.uniform(0, W), rng.uniform(0, H)
        gs = rng.uniform(0.02, 0.06) * W
        glare += rng.uniform(60, 170 if hard else 120) * np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * gs ** 2))
    photo += glare[..., None]
    # the camera: blur (focus or motion), sensor noise, JPEG
    sigma = rng.uniform(0.3, 2.2 if hard else 1.5) * w / 100
    if rng.random() < 0.3:
        k = max(3, int(sigma * 4) | 1)
        kernel = np.zeros((k, k), np.float32)
        cv2.line(kernel, (0, k // 2), (k - 1, k // 2), 1.0, 1)
        R = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), rng.uniform(0, 180), 1.0)
        kernel = cv2.warpAffine(kernel, R, (k, k))
        photo = cv2.filter2D(photo, -1, kernel / kernel.sum())
    else:
        photo = cv2.GaussianBlur(photo, (0, 0), sigma)
    photo += rng.normal(0, rng.uniform(2, 9 if hard else 6), photo.shape).astype(np.float32)
    quality = overrides.get("quality") or int(rng.integers(45 if hard else 55, 91))
    ok, jpeg = cv2.imencode(".jpg", np.clip(photo, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    tiles = [{"tile": f"{a}-{b}", "quad": cv2.perspectiveTransform(q[None].astype(np.float64), P)[0].round(1).tolist()}
             for (a, b), q in quads]
    truth = {"seed": seed, "set": top, "width": W, "height": H, "tiles": tiles,
             "conditions": {"body": body, "pips": pips, "table": table_kind, "style": style, "tile_px": w,
                            "blur": round(float(sigma), 2), "quality": quality, "spinner": spinner, "hard": hard}}
    return jpeg.tobytes(), truth


def main(argv=None) -> int:
    """Write ``--count`` cases to OUT_DIR (module docstring)."""
    parser = argparse.ArgumentParser(description="render photos of domino hands with their truth")
    parser.add_argument("out")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hard", action="store_true")
    parser.add_argument("--elevation", type=float, help="degrees over the table, 15-90 (render's elevation)")
    args = parser.parse_args(argv)
    if args.count < 1 or args.seed < 0:
        parser.error(f"--count {args.count} --seed {args.seed}: at least 1 case, from seed 0 up")
    if args.elevation is not None:
        try:
            check_elevation(args.elevation)
        except ValueError as exc:
            parser.error(str(exc))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for seed in range(args.seed, args.seed + args.count):
        jpeg, truth = render(seed, hard=args.hard, elevation=args.elevation)
        (out / f"case-{seed}.jpg").write_bytes(jpeg)
        (out / f"case-{seed}.json").write_text(json.dumps(truth, indent=1))
    print(f"tile_photos: {args.count} case{'s' if args.count != 1 else ''} (case-SEED.jpg and its truth, case-SEED.json) in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
