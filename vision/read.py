"""Reading tiles from pixels, the classical way (issue 20, *Reading on the hub*).

1. **Dividing lines.** Every domino has a line across its middle: a thin dark bar on a light tile,
   a light bar on a black one. Black-hat and top-hat filters at two scales (the photo at 1600
   and 800 px; at 400 px too only when those give no tile: a close-up whose lines are too thick
   for the filter at 800) pick out thin bars; a bar is a candidate when it is long and thin (length over
   thickness above ``MIN_ASPECT``). A spinner (a stud in the middle of the line) cuts a line in two
   halves, each as thick but half as long: a bar above ``HALF_ASPECT`` counts only with its other
   half, in line beyond the stud (``_across_spinner``, over every reading at one scale). A line
   gives the tile's centre, its axis and its size (a line spans most of the tile's width), so
   touching tiles need no segmentation of the table. Touching
   tiles' lines are joined by the cracks between the tiles into one shape: the straight runs in it
   much longer than the photo's lines (probabilistic Hough) are erased and the rest read again.
   A shape too thick for a bar is also read at its core (``_core``: where the filter's response
   is at least half its strong level), which thins a small tile's blurred line to its print.
2. **Tile outline.** The tile's long and short edges are searched for around the size the line
   gives (the strongest gradient on both sides, turned the way a tile's edge turns: a light tile
   darkens outwards into its bevel and the table, a black one lightens into its bevel, while
   the outer edge of a column of pips beside it turns the other way); a candidate whose
   edges are weak, or whose
   rectangle holds another line, loses to a better one (``_select``). Tiles much smaller or larger
   than the photo's median tile are dropped.
2b. **Rows.** (``_complete``) The dividing line is measured again from the pixels through each
   tile's middle (``_line_runs``: its length, contrast, and face on both sides); an outline with
   no line through its middle lies across two tiles and is dropped. A hand's tiles are one size,
   so beside every tile (one width across, one length along) and at every line candidate left, a
   tile of the photo's size is taken where such a line is, with the tiles' face colour: touching
   black tiles, whose seams barely show, and touching rows whose lines ran together. Such a
   tile takes the place of outlines it overlaps whose lines are much fainter than its own
   (``REPLACE``): the crack between two touching tiles, read as a line across their halves.
3. **Pips.** The tile is warped upright to ``CANON`` x ``2 CANON`` px; in each half the pips are the
   blobs that differ in colour from the face around them (a median of the face, so shadows and
   glare across a tile cancel out), each half with its own threshold (coloured pips differ in
   contrast). The mask is opened by a disc smaller than the smallest pip (``PIP_OPENING``), which
   cuts the bevel's shade along the tile's sides off the pips beside it. Touching pips (a blurred
   column of a high count) count by the deepest points of their discs (the distance to the
   blob's edge), no two nearer than about a pip's diameter (``_peaks``); a blob much shallower
   than the half's pips is no pip.
4. **Colours.** In sets with coloured pips each number has its own colour. A half whose pip colour
   is much nearer the colour that the other halves of another count share is read as that count
   when it differs by one or two pips (a pip missed or merged), else its confidence drops.

Each tile's ``confidence`` (0-1) is the product of its line's and edges' strength, the pip blobs'
roundness and size agreement, and the colour agreement; under ``LOW_CONFIDENCE`` it is *in doubt*.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from . import pipnet
from .errors import PhotoError

WORK = 1600            # px, the long side the photo is read at
CANON = 112            # px, the width of an upright tile when its pips are counted
MIN_ASPECT = 7.0       # a dividing line is this many times longer than it is thick, at least
HALF_ASPECT = 4.5      # each half of a line a spinner cuts in two, at least (_across_spinner)
LINE_TO_WIDTH = 0.79   # a dividing line's length over the tile's width (searched 0.62-0.97)
LOW_CONFIDENCE = 0.6
IN_FRAME = 0.95        # a tile's outline inside the photo, at least (else the photo's edge cuts it off)
PIP_OPENING = 0.06     # the opening's disc in tile widths (_read_tile)
MIN_TILE = 40          # work px, a tile's width at least (2.5% of WORK): the light sliver between two
                       # touching pips of a close-up, edged by the pips, is a tile's shape in small
MIN_INSET = 1.0       # a tile's width over its dividing line's length, at least
MIN_SCORE = 0.9        # a tile's weaker edge over its face's texture, at least
CRACK_LEVEL = 0.7      # a long run fainter than this part of the lines' filter response is a crack (_split_joined)
LINE_CONTRAST = 0.65   # a dividing line's contrast over the photo's clearest lines' (90th percentile), at least


@dataclass
class TileReading:
    """One tile: ``halves`` (pips of the half at corners 0-1, pips of the other), ``confidence``
    0-1, ``outline`` four corners [x, y] in the uploaded image's pixels, ``doubt`` None or why the
    confidence is low ("pips", "colour", "edges")."""

    halves: tuple[int, int]
    confidence: float
    outline: list[list[float]]
    doubt: str | None = None

    @property
    def tile(self) -> str:
        """The tile as the record writes it, "a-b" (the halves in outline order)."""
        return f"{self.halves[0]}-{self.halves[1]}"

    def as_dict(self) -> dict:
        return {"tile": self.tile, "confidence": round(float(self.confidence), 3),
                "outline": [[round(float(x), 1), round(float(y), 1)] for x, y in self.outline],
                "low": bool(self.confidence < LOW_CONFIDENCE), "doubt": self.doubt}


@dataclass
class Reading:
    """A photo's reading: its ``width`` x ``height`` (the uploaded pixels), ``tiles`` in reading
    order (top to bottom, left to right), ``coloured`` whether the pips were read as coloured."""

    width: int
    height: int
    tiles: list[TileReading] = field(default_factory=list)
    coloured: bool = False

    def as_dict(self) -> dict:
        return {"width": self.width, "height": self.height, "coloured": self.coloured,
                "tiles": [t.as_dict() for t in self.tiles]}


@dataclass
class _Candidate:
    centre: np.ndarray     # (x, y) in work pixels
    u: np.ndarray          # unit vector along the line (across the tile)
    length: float
    thickness: float
    dark: bool             # a dark line (light tile)
    width: float = 0.0
    height: float = 0.0
    score: float = 0.0
    along: np.ndarray | None = None     # unit vector of the long edges (a perspective shears them)
    contrast: float = 0.0               # the line's contrast with the face beside it (_line_contrast)
    half: bool = False                  # too short for a line on its own: half of a line a spinner cuts
    foreshortened: bool = False         # its ends found only as a photo at an angle shows them (_fit_outline)

    @property
    def v(self) -> np.ndarray:
        return np.array([-self.u[1], self.u[0]])

    def corners(self) -> np.ndarray:
        w, h = self.width / 2, self.height / 2
        c, u, v = self.centre, self.u, self.along if self.along is not None else self.v
        return np.array([c - u * w - v * h, c + u * w - v * h, c + u * w + v * h, c - u * w + v * h])

    def contains(self, point, shrink: float = 1.0) -> bool:
        v = self.along if self.along is not None else self.v
        (ux, uy), (vx, vy) = self.u, v
        dx, dy = point[0] - self.centre[0], point[1] - self.centre[1]
        det = ux * vy - vx * uy                 # the point in (u, v) coordinates, by Cramer's rule
        a, b = (dx * vy - vx * dy) / det, (ux * dy - dx * uy) / det
        return abs(a) < self.width / 2 * shrink and abs(b) < self.height / 2 * shrink


def read_image(image: np.ndarray) -> Reading:
    """The tiles in a BGR image (``vision.decode.decode``'s array). Raises ``PhotoError``
    "nothing-found" when no tile is found."""
    height, width = image.shape[:2]
    scale = WORK / max(height, width)
    work = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    gray = cv2.cvtColor(work, cv2.COLOR_BGR2GRAY)
    grad = _gradient(gray)
    # the lines at the fine scales first; the coarsest only when they give no tile (a close-up
    # whose lines are too thick for the filter at half size)
    lines, candidates, tiles = [], [], []
    for scales in (FINE_SCALES, COARSE_SCALES):
        found = [c for c in _line_candidates(gray, scales) if _line_contrast(c, gray)]
        lines += found
        # the edge fit moves a candidate: the lines stay as found, for _complete
        candidates += [f for f in (replace(c) for c in found) if _fit_outline(f, grad)]
        tiles = _select(candidates)
        if tiles:
            break
    if not tiles:
        raise PhotoError("nothing-found", "no domino was found in the photo")
    lab = cv2.cvtColor(work, cv2.COLOR_BGR2LAB)
    tiles = _complete(tiles, lines, gray, grad, lab)
    # a tile the photo's edge cuts off is not read: its pips are partly outside (another hand's
    # tile, the boneyard), and a whole hand is photographed whole
    frame = np.float32([[0, 0], [gray.shape[1], 0], [gray.shape[1], gray.shape[0]], [0, gray.shape[0]]])
    tiles = [c for c in tiles if _overlap(c, frame) >= IN_FRAME] or tiles
    readings = [_read_tile(c, lab) for c in tiles]
    tiles, readings = _network_counts(tiles, readings, lab)
    coloured = _colour_check(readings)
    out = []
    for cand, r in sorted(zip(tiles, readings), key=lambda p: (round(p[0].centre[1] / (p[0].height or 1)), p[0].centre[0])):
        conf = r["conf"] * min(1.0, cand.score / 2.0)
        doubt = r["doubt"] or ("edges" if cand.score < 1.2 else None)
        out.append(TileReading((r["a"], r["b"]), conf, (cand.corners() / scale).tolist(),
                               doubt if conf < LOW_CONFIDENCE else None))
    return Reading(width, height, out, coloured)


def _gradient(gray: np.ndarray) -> np.ndarray:
    g = cv2.GaussianBlur(gray, (0, 0), 1.2).astype(np.float32)
    gx = cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3)
    return np.stack([gx, gy], axis=-1)


FINE_SCALES = (1.0, 0.5)     # the work image's scales searched for lines first (tiles up to 300 px wide)
COARSE_SCALES = (0.25,)      # and then, when those give no tile


def _line_candidates(gray: np.ndarray, scales: tuple[float, ...]) -> list[_Candidate]:
    """Thin bars, dark and light, at each of ``scales`` of ``gray``, as candidates in work
    pixels. The filter finds bars under 15 px thick at its scale."""
    out: list[_Candidate] = []
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (15, 15))
    for scale in scales:
        g = gray if scale == 1 else cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        for dark, op in ((True, cv2.MORPH_BLACKHAT), (False, cv2.MORPH_TOPHAT)):
            m = cv2.morphologyEx(g, op, kernel)
            _, binary = cv2.threshold(m, 30, 255, cv2.THRESH_BINARY)
            bars, joined = _bars(binary, scale, dark)
            groups = [bars]
            if joined is not None:
                # the cores first: _split_joined draws its erasures into ``joined``
                groups.append(_bars(_core(m, joined), scale, dark)[0])
                whole = [c for c in bars if not c.half]
                if whole:
                    groups.append(_split_joined(joined, float(np.median([c.length for c in whole])) * scale, scale,
                                                dark, m, _level(m, whole, scale)))
            # a spinner's two pieces may come from two readings (one piece clean, the other
            # joined to a pip and read at its core): they are paired across all of them
            found = [c for group in groups for c in group]
            out += [c for c in found if not c.half] + _across_spinner(found)
    return out


def _core(m: np.ndarray, shapes: np.ndarray) -> np.ndarray:
    """The cores of ``shapes`` (a 0/255 mask of the filter response ``m`` over its threshold):
    where ``m`` is at least half the shapes' strong response (their 95th percentile). A blur
    widens a small tile's dividing line past ``MIN_ASPECT`` and into the pips beside it; at half
    its height the line is as thin as it was printed, and stands alone."""
    level = 0.5 * float(np.percentile(m[shapes > 0], 95))
    return np.where((m >= level) & (shapes > 0), 255, 0).astype(np.uint8)


def _pixels(image: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The pixels of ``image`` (H x W, or H x W x C, C-contiguous) nearest the points ``x``, ``y``
    (arrays of one shape, work px), each clipped into the image: an array of that shape (x C)."""
    h, w = image.shape[:2]
    xi, yi = np.rint(x).astype(np.intp), np.rint(y).astype(np.intp)
    np.clip(xi, 0, w - 1, out=xi)
    np.clip(yi, 0, h - 1, out=yi)
    return image.reshape(h * w, *image.shape[2:])[yi * w + xi]


def _sample(image: np.ndarray, a: np.ndarray, b: np.ndarray, n: int = 20) -> np.ndarray:
    """``n`` pixels of ``image`` evenly along the segment ``a``-``b`` (x, y; clipped to the image)."""
    pts = a[None] + (b - a)[None] * np.linspace(0, 1, n)[:, None]
    return _pixels(image, pts[:, 0], pts[:, 1])


def _level(m: np.ndarray, bars: list[_Candidate], scale: float) -> float:
    """The typical filter response ``m`` (at ``scale``) along the middle of the clean bars."""
    return float(np.median([np.median(_sample(m, (c.centre - c.u * 0.4 * c.length) * scale,
                                              (c.centre + c.u * 0.4 * c.length) * scale)) for c in bars]))


def _across_spinner(bars: list[_Candidate]) -> list[_Candidate]:
    """A spinner (the brass stud many double-9 and larger sets have in the middle of the line)
    cuts a dividing line in two: two bars in line, as thick as each other, about as long, with a
    gap under 60% of their length between them, are also read as the one line they make. Each
    piece joins one partner at most, the nearest first: in a row of spinner tiles whose lines are in
    line, a piece's other neighbour is the next tile's half-line, farther off than the stud."""
    pairs = []
    for i, a in enumerate(bars):
        for j in range(i + 1, len(bars)):
            b = bars[j]
            if abs(float(a.u @ b.u)) < 0.98 or not 0.6 < a.length / b.length < 1.67:
                continue
            d = b.centre - a.centre
            if abs(float(d @ a.v)) > max(a.thickness, b.thickness) + 2:
                continue
            gap = abs(float(d @ a.u)) - (a.length + b.length) / 2
            if 0 <= gap < 0.3 * (a.length + b.length):
                pairs.append((gap, i, j))
    out, used = [], set()
    for _, i, j in sorted(pairs):
        if i in used or j in used:
            continue
        used.update((i, j))
        a, b = bars[i], bars[j]
        ends = [p for c in (a, b) for p in (c.centre - a.u * c.length / 2, c.centre + a.u * c.length / 2)]
        proj = [float((p - a.centre) @ a.u) for p in ends]
        lo, hi = min(proj), max(proj)
        out.append(_Candidate(a.centre + a.u * (lo + hi) / 2, a.u, hi - lo,
                              (a.thickness + b.thickness) / 2, a.dark))
    return out


def _split_joined(joined: np.ndarray, typical: float, scale: float, dark: bool, m: np.ndarray,
                  level: float) -> list[_Candidate]:
    """Touching tiles: the cracks between them join their lines into one shape. The straight runs
    much longer than a line (``typical`` px at this scale) are cracks; erased, the lines stand
    alone and are read as bars. When touching tiles' lines are in line with each other, the row
    of lines joined through the cracks is such a run too: a second reading erases only the runs
    fainter in the filter response ``m`` than the clean lines (``level``; a crack is a bevel's
    shade, a line is printed), which cuts the row where each crack crosses it. ``_select`` keeps
    the best of both readings' bars."""
    segs = cv2.HoughLinesP(joined, 1, np.pi / 180, threshold=max(18, int(typical)),
                           minLineLength=max(18, int(1.5 * typical)), maxLineGap=2)
    if segs is None:
        return []
    faint = joined.copy()
    for x1, y1, x2, y2 in segs.reshape(-1, 4):
        cv2.line(joined, (int(x1), int(y1)), (int(x2), int(y2)), 0, 3)
        if float(np.median(_sample(m, np.array([x1, y1], float), np.array([x2, y2], float)))) < CRACK_LEVEL * level:
            cv2.line(faint, (int(x1), int(y1)), (int(x2), int(y2)), 0, 3)
    return _bars(joined, scale, dark)[0] + _bars(faint, scale, dark)[0]


def _bars(binary: np.ndarray, scale: float, dark: bool) -> tuple[list[_Candidate], np.ndarray | None]:
    """The long thin components of ``binary`` (a mask at ``scale``) as candidates in work pixels,
    and a mask (255) of the other shapes at least as large, None when there are none."""
    out: list[_Candidate] = []
    n, labels, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
    big = max(binary.shape)
    w, h, area = stats[:, 2], stats[:, 3], stats[:, 4]
    extent = np.maximum(w, h)
    sized = (extent >= 18) & (area >= 25)
    sized[0] = False                                          # the background
    blob = sized & ((extent > 0.5 * big) | (area > 0.4 * extent * extent))
    rejected = list(np.flatnonzero(blob))
    ids = np.flatnonzero(sized & ~blob)
    if len(ids):
        # every shape's pixels at once, grouped by shape (row-major within each), and each shape's
        # principal axis from its covariance
        wanted = np.zeros(n, bool)
        wanted[ids] = True
        pts = cv2.findNonZero(binary).reshape(-1, 2)          # (x, y), row by row
        which = labels[pts[:, 1], pts[:, 0]]
        keep = wanted[which]
        pts, which = pts[keep], which[keep]
        order = np.argsort(which, kind="stable")
        xs, ys = pts[order, 0].astype(np.float64), pts[order, 1].astype(np.float64)
        count = area[ids].astype(np.int64)
        starts = np.r_[0, np.cumsum(count)[:-1]]
        mx, my = np.add.reduceat(xs, starts) / count, np.add.reduceat(ys, starts) / count
        dx, dy = xs - np.repeat(mx, count), ys - np.repeat(my, count)
        cxx, cyy, cxy = (np.add.reduceat(p, starts) / (count - 1) for p in (dx * dx, dy * dy, dx * dy))
        _, vecs = np.linalg.eigh(np.stack([np.stack([cxx, cxy], -1), np.stack([cxy, cyy], -1)], -2))
        ux, uy = vecs[:, 0, 1], vecs[:, 1, 1]                  # the major axis of each shape
        proj = dx * np.repeat(ux, count) + dy * np.repeat(uy, count)
        across = np.abs(-dx * np.repeat(uy, count) + dy * np.repeat(ux, count))
        hi, lo = np.maximum.reduceat(proj, starts), np.minimum.reduceat(proj, starts)
        far = np.maximum.reduceat(across, starts)
        for k, i in enumerate(ids):
            length = float(hi[k] - lo[k] + 1)
            thickness = float(area[i]) / length
            if length < 18:
                continue
            # a bar, not a curve: the points stay close to the axis
            aspect = length / max(thickness, 1.0)
            curved = far[k] > 2.5 * thickness + 2
            if aspect < MIN_ASPECT or curved:
                rejected.append(i)
                if aspect < HALF_ASPECT or curved:
                    continue
            u = np.array([ux[k], uy[k]])
            centre = (np.array([mx[k], my[k]]) + u * (hi[k] + lo[k]) / 2) / scale
            out.append(_Candidate(centre, u / np.linalg.norm(u), length / scale, thickness / scale, dark,
                                  half=aspect < MIN_ASPECT))
    joined = None
    if rejected:
        keep = np.zeros(n, np.uint8)
        keep[rejected] = 255
        joined = np.take(keep, labels)
    return out, joined


_ALONG_20 = np.linspace(0.1, 0.9, 20)    # _edge_strength's points along a segment (n = 20), in its lengths


def _edge_strength(grad: np.ndarray, a: np.ndarray, b: np.ndarray, normal: np.ndarray, n: int = 20,
                   sign: float = 0.0) -> np.ndarray:
    """The gradient across the segments (its 35th percentile along each) ``a[k]``-``b[k]`` (along ``normal``); 0 for a segment that
    mostly leaves the image. ``a``, ``b``: (K, 2) arrays; returns (K,). ``sign`` 0 takes the
    gradient either way; +1 (-1) only where the image gets lighter (darker) along ``normal``."""
    h, w = grad.shape[:2]
    t = _ALONG_20 if n == 20 else np.linspace(0.1, 0.9, n)
    d = b - a
    xi = np.rint(a[:, 0, None] + d[:, 0, None] * t).astype(np.intp)                 # (K, n)
    yi = np.rint(a[:, 1, None] + d[:, 1, None] * t).astype(np.intp)
    ok = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
    np.clip(xi, 0, w - 1, out=xi)
    np.clip(yi, 0, h - 1, out=yi)
    normal = np.asarray(normal)
    g = (grad[yi, xi] * (normal[:, None, :] if normal.ndim == 2 else normal)).sum(-1)  # (K, n)
    g = (np.abs(g) if sign == 0 else np.maximum(g * sign, 0.0)) * ok                    # (K, n)
    # an edge runs the whole segment; pips beside it only cross part of it: a low quantile
    k = int(n * 0.35)
    strength = np.partition(g, k, axis=1)[:, k]
    return np.where(ok.sum(1) >= n * 0.7, strength, 0.0)


def _line_contrast(c: _Candidate, gray: np.ndarray) -> bool:
    """Sets ``c.contrast``: how much the line stands out of the face beside it, 0-1 (a dark line:
    (face - line) / face; a light one: (line - face) / line). A domino's dividing line is printed
    or inlaid, about 0.8; the crack between two touching tiles is only their bevels' shade and a
    shadow, under 0.5, and would otherwise pass for a line across two tiles' halves. The line's
    level is the darkest (lightest) pixel across it at 9 points along its middle 80%, the face's
    the 75th (25th) percentile of the pixels 0.3-0.5 line lengths on either side (pips there are
    passed over) on the side that stands out less: a tile's end against the table is a line with
    face on one side only. True, so that it filters in a comprehension."""
    v = np.array([-c.u[1], c.u[0]])
    along = c.centre[None] + c.u[None] * (c.length * np.linspace(-0.4, 0.4, 9))[:, None]         # (9, 2)
    band = max(2.0, c.thickness)
    across = along[:, None] + v[None, None] * np.linspace(-band, band, 7)[None, :, None]       # (9, 7, 2)
    beside = along[:, None] + v[None, None] * (c.length * np.r_[-np.linspace(0.3, 0.5, 4), np.linspace(0.3, 0.5, 4)])[None, :, None]

    def sample(pts):
        return _pixels(gray, pts[..., 0], pts[..., 1]).astype(np.float32)

    line_px, face_px = sample(across), sample(beside)
    sides = face_px[:, :4], face_px[:, 4:]
    if c.dark:
        line = float(np.median(line_px.min(1)))
        face = min(float(np.percentile(side, 75)) for side in sides)
        c.contrast = (face - line) / max(face, 1.0)
    else:
        line = float(np.median(line_px.max(1)))
        face = max(float(np.percentile(side, 25)) for side in sides)
        c.contrast = (line - face) / max(line, 1.0)
    return True


SIDE_OFFSETS = np.linspace(0.45, 0.8, 15)     # a long edge's distance from the line's centre, in line lengths
END_OFFSETS = np.linspace(0.85, 1.2, 15)      # an end's distance from the line, in tile widths
TILE_RATIO = (1.6, 2.4)                      # a tile's length over its width, seen from above
#: where no tile is found so: a photo taken at an angle foreshortens a tile along the view (its
#: ends come nearer the line) or across it (its width and line shrink, not its length); a phone
#: held 45 degrees over the table shows a tile 2 x 0.71 = 1.41 to 2 / 0.71 = 2.83 times as long as wide
FORESHORTENED_END_OFFSETS = np.linspace(0.65, 1.45, 33)   # in tile widths, by the same steps
FORESHORTENED_RATIO = (1.35, 2.9)


ASYMMETRY = 2          # offset steps two opposite edges may differ by (SIDE_OFFSETS, END_OFFSETS)


def _pair(before: np.ndarray, after: np.ndarray) -> tuple[int, int, int, float]:
    """The best pair of opposite edges: ``before``, ``after`` (rows x offsets) edge strengths on
    either side of the line, row by row (a shear). The dividing line lies in the middle of a tile,
    both ways, so the two edges sit at about the same offset (up to ``ASYMMETRY`` steps): a pair
    is as strong as its weaker edge, and a strong edge on one side only (a neighbour's column of
    pips past a touching tile's faint crack) cannot pull the outline sideways. Returns (row,
    offset before, offset after, strength)."""
    n = before.shape[1]
    best = (-1.0, 0, 0, 0)
    for d in range(-ASYMMETRY, ASYMMETRY + 1):
        lo, hi = max(0, -d), min(n, n - d)
        weaker = np.minimum(before[:, lo:hi], after[:, lo + d:hi + d])
        r, k = np.unravel_index(int(np.argmax(weaker)), weaker.shape)
        if weaker[r, k] > best[0]:
            best = (float(weaker[r, k]), int(r), int(k + lo), int(k + lo + d))
    return best[1], best[2], best[3], best[0]


def _best_offset(grad, centre, axis, span_axis, offsets, span, outward: float) -> tuple[float, float, float]:
    """The strongest pair of edges either side of ``centre`` along ``axis`` (``_pair``):
    (offset before, offset after, weaker edge's strength). ``outward``: the sign the gradient
    takes away from ``centre`` (0: either)."""
    found = []
    for side in (-1, 1):
        mid = centre[None] + side * axis[None] * offsets[:, None]
        found.append(_edge_strength(grad, mid - span_axis * span, mid + span_axis * span, axis, sign=side * outward)[None])
    _, k_before, k_after, strength = _pair(*found)
    return float(offsets[k_before]), float(offsets[k_after]), strength


SHEARS = np.radians(np.arange(-12, 13, 2))   # the long edges' turn from square to the line


def _fit_outline(c: _Candidate, grad: np.ndarray) -> bool:
    """Find the tile's four edges around its line, each side on its own (a line seen a little
    long or off-centre moves the outline with it) and the long edges' direction (a perspective
    shears a tile into a parallelogram); sets ``centre``, ``width``, ``height``, ``along``,
    ``score`` (the weaker edge's gradient over the face's). False when it finds no tile.

    Edges count only where they turn the way a tile's edge turns outwards: a light tile darkens
    into its bevel and the table, a black one lightens into its bevel, while the outer edge of a
    column of pips beside it turns the other way. (On a table darker than a black tile's bevel,
    its sides' lightening is the bevel's alone, and an outline may shrink to it: dev seed 135's
    11-12. Taking a black tile's sides either way, or either way where no tile is found, read
    worse on the bench and held-out seeds.)

    The ends are looked for at ``END_OFFSETS`` (a tile 1.6-2.4 times as long as wide, as seen from
    above) and, where no tile is found so, at ``FORESHORTENED_END_OFFSETS`` (1.35-2.9: a photo
    taken at an angle); such a tile is marked ``foreshortened``, and ``_select`` takes it only
    where no other candidate stands."""
    outward = -1.0 if c.dark else 1.0
    u = c.u
    guess = c.length / LINE_TO_WIDTH
    # every shear and offset at once: (shears x offsets) segments per side
    cs, sn = np.cos(SHEARS)[:, None], np.sin(SHEARS)[:, None]
    vs = np.concatenate([-u[1] * cs - u[0] * sn, u[0] * cs - u[1] * sn], axis=1)     # (S, 2)
    normals = np.stack([vs[:, 1], -vs[:, 0]], axis=1)
    offsets = c.length * SIDE_OFFSETS
    strengths = []
    for side in (-1, 1):
        mid = c.centre[None, None] + side * u[None, None] * offsets[None, :, None]          # (1, O, 2)
        a = (mid - vs[:, None] * 0.8 * guess).reshape(-1, 2)
        b = (mid + vs[:, None] * 0.8 * guess).reshape(-1, 2)
        normal = np.repeat(normals, len(offsets), axis=0)
        strengths.append(_edge_strength(grad, a, b, normal, sign=side * outward).reshape(len(SHEARS), len(offsets)))
    s_best, k_left, k_right, across = _pair(strengths[0], strengths[1])
    v, left, right = vs[s_best], float(offsets[k_left]), float(offsets[k_right])
    middle = c.centre + u * (right - left) / 2
    width = left + right
    # a dividing line stops short of the long edges; a gap between two tiles' ends runs edge to edge
    if width / c.length <= MIN_INSET or width < MIN_TILE:
        c.score = 0.0
        return False
    for foreshortened, offsets, (short, long) in ((False, END_OFFSETS, TILE_RATIO),
                                                  (True, FORESHORTENED_END_OFFSETS, FORESHORTENED_RATIO)):
        back, front, along = _best_offset(grad, middle, v, u, width * offsets, 0.4 * width, outward)
        centre = middle + v * (front - back) / 2
        c.centre, c.width, c.height, c.along = centre, width, back + front, v
        # the face: half-way between the line and the ends, where no edge should be
        mids = np.array([centre + side * v * c.height * 0.25 for side in (-1, 1)])
        inner = _edge_strength(grad, mids - v * width * 0.2, mids + v * width * 0.2, u)
        face = max(6.0, float(np.mean(inner)))
        c.score = min(across, along) / face
        if c.score > 0.5 and short < c.height / width < long:
            c.foreshortened = foreshortened
            return True
    return False


def _select(candidates: list[_Candidate]) -> list[_Candidate]:
    """The best candidates, none holding another's centre, none overlapping the others much, all
    near the median size. A candidate struck out (overlap, size) may have hidden a true tile
    behind it in the greedy pass: the pass runs again without it (at most ``SELECT_ROUNDS``).
    The greedy pass takes the strongest first: edges (``score``) times the line's contrast, so
    where a crack between touching tiles and a printed line compete for one place (an outline
    across two tiles' halves against the tile itself), the printed line wins. Outlines found
    only foreshortened (``_fit_outline``: a photo taken at an angle) come after all the others,
    each only where no other candidate stands: beside a tile seen square, a shorter outline is
    more often a crack, a shadow or a half read as a tile's end."""
    # a line much fainter than the photo's clear lines is a crack between touching tiles
    strong = [c.contrast for c in candidates if c.score >= MIN_SCORE]
    floor = LINE_CONTRAST * float(np.percentile(strong, 90)) if strong else 0.0
    ranked = [c for c in sorted(candidates, key=lambda c: -c.score * c.contrast) if c.score >= MIN_SCORE and c.contrast >= floor]
    square = [c for c in ranked if not c.foreshortened]
    ranked = square + [c for c in ranked if c.foreshortened
                       and not any(o.contains(c.centre, 0.95) or c.contains(o.centre, 0.95) for o in square)]
    struck: set[int] = set()
    chosen: list[_Candidate] = []
    for _ in range(SELECT_ROUNDS):
        chosen = []
        for c in ranked:
            if id(c) in struck:
                continue
            if any(o.contains(c.centre, 0.95) or c.contains(o.centre, 0.95) for o in chosen):
                continue
            chosen.append(c)
        out = _strike(chosen)
        if len(out) == len(chosen):
            return out
        struck |= {id(c) for c in chosen} - {id(c) for c in out}
    return _strike(chosen)


SELECT_ROUNDS = 6


def _strike(chosen: list[_Candidate]) -> list[_Candidate]:
    """``chosen`` without the rectangles found across the ends of two tiles (each overlaps both:
    the one overlapping most goes first) and without those far from the median size."""
    chosen = list(chosen)
    while True:
        shared = [sum(_overlap(c, o) for o in chosen if o is not c) for c in chosen]
        worst = int(np.argmax(shared)) if shared else 0
        if not shared or shared[worst] < 0.3:
            break
        chosen.pop(worst)
    if not chosen:
        return []
    sizes = np.array([c.width for c in chosen])
    strong = sizes[[c.score >= 1.2 for c in chosen]]
    median = float(np.median(strong if len(strong) else sizes))
    return [c for c in chosen if 0.7 * median < c.width < 1.4 * median]


FACE_WEIGHTS = np.array([0.3, 1.0, 1.0], np.float32)   # Lab: a shadow or glare moves L, hardly a and b
FACE_DISTANCE = 28     # a tile's face from the photo's tiles' face, at most (Lab, FACE_WEIGHTS)
REPLACE = 0.8         # a tile whose line has under this part of another's contrast gives way to it (_complete)
MAX_COMPLETE = 40      # tiles _complete may add to a photo, at most (a hand has at most 18... plus room)


def _line_runs(gray: np.ndarray, centres: np.ndarray, u: np.ndarray, width: float,
               dark: bool) -> np.ndarray:
    """Dividing lines measured from the pixels: for each of ``centres`` ((D, 2) work px) the line
    through it along ``u`` on a tile ``width`` px wide. At each step along ``u`` (1 px, to 0.75
    widths either side) the darkest (dark line) or lightest pixel within 0.03 widths across the
    line is set against the face beside it (the 75th / 25th percentile of 10 pixels 0.08-0.48
    widths off the line on both sides, where pips cover a few at most). The run is the stretch
    through the centre (or, when the centre is off the line, through the strongest step within
    0.15 widths) whose contrast is at least half the strongest there; a gap of up to 0.2 widths
    across the centre (a spinner's stud) is bridged. Returns (D, 3): start, end (px along ``u``
    from the centre) and the run's median contrast; 0, 0, 0 where there is none."""
    v = np.array([-u[1], u[0]])
    s = np.arange(-0.75 * width, 0.75 * width + 1, 1.0)
    band = np.linspace(-0.03 * width, 0.03 * width, 5)
    off = width * np.r_[0.08, 0.12, 0.3, 0.4, 0.48]
    off = np.r_[-off, off]
    base = centres[:, None] + u[None, None] * s[None, :, None]                      # (D, S, 2)

    def sample(offsets):
        return _pixels(gray, base[..., 0, None] + v[0] * offsets,
                       base[..., 1, None] + v[1] * offsets).astype(np.float32)         # (D, S, n)

    line_px, face_px = sample(band), sample(off)
    # the side that stands out less: a tile's end against a dark table is a dark edge with face
    # on one side only
    sides = face_px[..., :5], face_px[..., 5:]
    if dark:
        line = line_px.min(2)
        # the 75th percentile of 5 pixels is the 4th smallest
        face = np.minimum(*(np.partition(side, 3, axis=2)[..., 3] for side in sides))
        contrast = (face - line) / np.maximum(face, 1.0)
    else:
        # a black tile's light pips crowd the face beside its line: both sides together
        # the 25th percentile of 10 pixels: a quarter of the way from the 3rd smallest to the 4th
        low = np.partition(face_px, (2, 3), axis=2)
        line, face = line_px.max(2), low[..., 2] + 0.25 * (low[..., 3] - low[..., 2])
        contrast = (line - face) / np.maximum(line, 1.0)
    contrast = (contrast + np.roll(contrast, 1, 1) + np.roll(contrast, -1, 1)) / 3
    middle = np.flatnonzero(np.abs(s) <= 0.15 * width)
    zero = int(np.argmin(np.abs(s)))
    # every row at once: ``on`` where the contrast is at least half the row's strongest near the
    # centre; each row's run is the stretch of ``on`` through its ``k``
    D, S = contrast.shape
    idx = np.arange(S)
    level = contrast[:, middle].max(1)
    on = contrast >= 0.5 * level[:, None]
    off_centre = ~on[:, zero]
    left = np.where(on[:, :zero], idx[:zero], -1).max(1, initial=-1)          # -1: none
    right = np.where(on[:, zero + 1:], idx[zero + 1:], S).min(1, initial=S)   # S: none
    bridge = off_centre & (left >= 0) & (right < S) & (s[np.minimum(right, S - 1)] - s[np.maximum(left, 0)] <= 0.2 * width)
    on |= bridge[:, None] & (idx >= left[:, None]) & (idx < right[:, None])
    k = np.where(off_centre & ~bridge, middle[np.argmax(contrast[:, middle], 1)], zero)
    gaps = ~on
    lo = np.where(gaps & (idx < k[:, None]), idx, -1).max(1) + 1
    hi = np.where(gaps & (idx > k[:, None]), idx, S).min(1) - 1
    # the run's median: its values sorted first, the rest (infinity) after
    run = np.sort(np.where((idx >= lo[:, None]) & (idx <= hi[:, None]), contrast, np.inf), axis=1)
    n, rows = hi - lo + 1, np.arange(D)
    median = (run[rows, (n - 1) // 2] + run[rows, n // 2]) / 2
    out = np.column_stack([s[lo], s[hi], median]).astype(float)
    out[level <= 0] = 0.0
    return out


def _find_line(gray: np.ndarray, p: np.ndarray, u: np.ndarray, width: float, height: float, dark: bool,
               reach: float, longest: float | None) -> tuple[float, float, float, float]:
    """The dividing line nearest ``p`` across ``u``, searched up to ``reach`` tile lengths either
    way (steps of 0.015 widths) with ``_line_runs``: the run with the most contrast over its length
    (a pip is as dark as a line but short), runs over 1.25 ``longest`` px passed over. Returns
    (start, end, contrast, offset across ``u``)."""
    v = np.array([-u[1], u[0]])
    dvs = np.arange(-reach * height, reach * height + 1e-6, max(1.0, 0.015 * width))
    runs = _line_runs(gray, p[None] + v[None] * dvs[:, None], u, width, dark)
    weight = runs[:, 2] * (runs[:, 1] - runs[:, 0])
    if longest is not None:
        weight = np.where(runs[:, 1] - runs[:, 0] <= 1.25 * longest, weight, 0.0)
    best = int(np.argmax(weight))
    if weight[best] <= 0:
        return 0.0, 0.0, 0.0, 0.0
    return float(runs[best, 0]), float(runs[best, 1]), float(runs[best, 2]), float(dvs[best])


def _complete(tiles: list[_Candidate], candidates: list[_Candidate], gray: np.ndarray,
              grad: np.ndarray, lab: np.ndarray) -> list[_Candidate]:
    """Tiles the edge fit lost or misplaced: touching black tiles (their seam barely shows) and
    touching rows whose lines ran into each other. First an outline with no dividing line through
    its middle (``_find_line``: shorter than 0.6 of the photo's median line, or under half its
    contrast) is dropped: it lies across the ends or sides of two tiles. Then, since a hand's
    tiles are all one size, a tile of the photo's size is looked for beside each tile (one width
    across, one length along; again beside each tile added) and at each line candidate left over.
    It is taken when a dividing line is there (0.8-1.25 times as long as the tiles' own, at least
    0.6 of their contrast), its face is the tiles' face colour (Lab, L weighed 0.3 for shadows;
    within 28) and it covers no tile found (under 0.25 of its area), unless its outline is the
    edge fit's and every tile it covers has a line under ``REPLACE`` of its line's contrast: then
    it takes their place (a crack between touching tiles read as a line across their halves), and
    the places they covered are searched again. Its outline is the edge fit's when that agrees (its
    width within 15% of the tiles', its ends found unforeshortened), else the neighbour's size
    about the line's middle. Returns the tiles."""
    if not tiles:
        return tiles
    runs = [_find_line(gray, c.centre, c.u, c.width, c.height, c.dark, 0.06, None) for c in tiles]
    good = [r for r in runs if r[2] > 0]
    if not good:
        return tiles
    L = float(np.median([b - a for a, b, _, _ in good]))
    K = float(np.median([k for _, _, k, _ in good]))
    H0 = float(np.median([c.height for c in tiles]))
    kept = [c for c, (a, b, k, dv) in zip(tiles, runs)
            if b - a >= 0.6 * L and k >= 0.6 * K and abs(a + b) / 2 <= 0.15 * c.width and abs(dv) <= 0.04 * c.height
            and 0.85 < c.height / H0 < 1.15]
    out = kept or list(tiles)
    # each tile's line contrast: a tile added later may take the place of tiles whose lines are
    # much fainter (a crack between touching tiles read as a line)
    line_k = {id(c): k for c, (_, _, k, _) in zip(tiles, runs)}
    ref = [c for c in out if c.score >= 1.2] or out
    W = float(np.median([c.width for c in ref]))
    H = float(np.median([c.height for c in ref]))
    dark = sum(c.dark for c in ref) * 2 >= len(ref)
    face = np.median(np.array([_face_colour(c, lab) for c in ref]), axis=0)
    h, w = gray.shape

    def beside(c):
        along = c.along if c.along is not None else c.v
        return [(c.centre + step, c.u, along)
                for step in (c.u * c.width, -c.u * c.width, along * c.height, -along * c.height)]

    queue = [q for c in out for q in beside(c)] + [(c.centre, c.u, c.v) for c in candidates if c.dark == dark]
    tried = np.empty((0, 2))
    added = 0
    while queue and added < MAX_COMPLETE:
        p, u, along = queue.pop(0)
        if not (0 <= p[0] < w and 0 <= p[1] < h):
            continue
        if len(tried) and float(np.min(np.linalg.norm(tried - p, axis=1))) < 0.04 * W:
            continue
        tried = np.vstack([tried, p])
        inside = [o for o in out if o.contains(p, 1.0)]
        if inside and not all(line_k[id(o)] < REPLACE * K for o in inside):
            continue
        a, b, k, dv = _find_line(gray, p, u, W, H, dark, 0.12, L)
        if not (0.8 * L <= b - a <= 1.25 * L and k >= 0.6 * K):
            continue
        v = np.array([-u[1], u[0]])
        centre = p + v * dv + u * (a + b) / 2
        new = _Candidate(centre, u, b - a, 0.0, dark, W, H, 1.2, along)
        refit = _Candidate(centre.copy(), u, b - a, 0.0, dark)
        if _fit_outline(refit, grad) and refit.score >= MIN_SCORE and np.linalg.norm(refit.centre - centre) < 0.1 * W \
                and 0.85 < refit.width / W < 1.15 and not refit.foreshortened:
            new = refit
        if float(np.linalg.norm((_face_colour(new, lab) - face) * FACE_WEIGHTS)) > FACE_DISTANCE:
            continue
        over = [o for o in out if _overlap(new, o) > 0.25]
        if over:
            if new.score < MIN_SCORE * 1.5 or not all(line_k[id(o)] < REPLACE * k for o in over):
                continue
            out = [o for o in out if all(o is not x for x in over)]
            # the places the tiles taken out covered are searched again
            tried = np.array([q for q in tried if not any(x.contains(q, 1.0) for x in over)]).reshape(-1, 2)
        line_k[id(new)] = k
        out.append(new)
        added += 1
        queue += beside(new)
    return out


def _face_colour(c: _Candidate, lab: np.ndarray) -> np.ndarray:
    """The median Lab colour of the tile ``c``'s face (pips and line are few of its pixels)."""
    C = CANON // 4
    M = cv2.getAffineTransform(c.corners()[:3].astype(np.float32), np.float32([[0, 0], [C, 0], [C, 2 * C]]))
    tile = cv2.warpAffine(lab, M, (C, 2 * C), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    return np.median(tile[2:-2, 2:-2].reshape(-1, 3), axis=0).astype(np.float32)


def _overlap(a: _Candidate, b: _Candidate | np.ndarray) -> float:
    """The part of ``a``'s area that ``b`` (a candidate, or a convex polygon's corners) covers (0-1)."""
    other = b if isinstance(b, np.ndarray) else b.corners()
    area, _ = cv2.intersectConvexConvex(a.corners().astype(np.float32), other.astype(np.float32))
    return float(area) / max(a.width * a.height, 1.0)


def upright(corners: np.ndarray, lab: np.ndarray) -> np.ndarray:
    """The tile whose outline is ``corners`` (4 x [x, y] px of ``lab``, in outline order: the
    first half between corners 0-1 and the dividing line) warped upright: ``2 CANON`` x ``CANON``
    x 3, half ``a`` on top. The same warp serves the pip count and ``tools/train_pips.py``."""
    C = CANON
    M = cv2.getAffineTransform(np.asarray(corners, np.float32)[:3], np.float32([[0, 0], [C, 0], [C, 2 * C]]))
    return cv2.warpAffine(lab, M, (C, 2 * C), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _read_tile(c: _Candidate, lab: np.ndarray) -> dict:
    """Pips of both halves of the tile ``c``: {"a", "b", "conf", "doubt", "colours"}."""
    C = CANON
    tile = upright(c.corners(), lab)
    small = cv2.resize(tile, (C // 2, C), interpolation=cv2.INTER_AREA)
    face = cv2.resize(cv2.medianBlur(small, 21), (C, 2 * C), interpolation=cv2.INTER_LINEAR)
    diff = tile.astype(np.float32) - face.astype(np.float32)
    d = np.sqrt(diff[..., 0] ** 2 + (1.6 * diff[..., 1]) ** 2 + (1.6 * diff[..., 2]) ** 2)
    margin, gap = int(0.06 * C), int(0.06 * C)
    mask = np.zeros((2 * C, C), np.uint8)
    mask[margin:C - gap, margin:C - margin] = 1
    mask[C + gap:2 * C - margin, margin:C - margin] = 1
    # each half its own threshold: coloured pips differ in contrast from number to number
    threshold = np.empty_like(d)
    whole = float(np.percentile(d[mask > 0], 99.5))
    for top in (0, C):
        inside = d[top:top + C][mask[top:top + C] > 0]
        threshold[top:top + C] = max(24.0, 0.3 * whole, 0.45 * float(np.percentile(inside, 99.5)))
    binary = ((d > threshold) & (mask > 0)).astype(np.uint8)
    # an opening by a disc of 0.06 tile widths (under the smallest pip's diameter, 0.12 widths)
    # keeps every pip and drops what is thinner: the bevel's shade along the tile's sides, which
    # would otherwise join the pips beside it into one blob, and a blur's neck between two pips
    opening = int(round(PIP_OPENING * C)) | 1
    binary = cv2.morphologyEx(binary, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (opening, opening)))
    peaks = _peaks(binary, 0.095 * C)

    counts, confs, colours = [], [], []
    min_area = 0.0035 * C * C
    for top in (0, C):
        part = binary[top:top + C]
        n, labels, stats, _ = cv2.connectedComponentsWithStats(part, connectivity=8)
        lo, hi = (margin, C - gap) if top == 0 else (gap, C - margin)
        # touching pips (a blur merges a column of a high count) count by their centres: the
        # peaks of the ink's distance to its edge, no two closer than about a pip's diameter,
        # each at least 0.6 of its blob's deepest (a neck between two pips is shallower)
        in_half = [(labels[y - top, x], depth) for x, y, depth in peaks if top <= y < top + C]
        deepest = np.zeros(n)
        for i, depth in in_half:
            deepest[i] = max(deepest[i], depth)
        # a pip is a disc: as deep as the half's other pips (the median blob's deepest point); a
        # strip of bevel or table inside a misfitted outline, or a speck, is much shallower
        big = [deepest[i] for i in range(1, n) if stats[i, cv2.CC_STAT_AREA] >= 0.0035 * C * C and deepest[i] > 0]
        pip_depth = float(np.median(big)) if big else 0.0
        floor = 0.6 * pip_depth
        npk = np.maximum(1, np.bincount(np.array([i for i, depth in in_half if depth >= max(0.6 * deepest[i], floor)],
                                                 np.int64), minlength=n))

        def unit(i):          # the area of one pip of the blob
            return stats[i, cv2.CC_STAT_AREA] / float(npk[i])

        def touches(i):       # the table past the tile's edge: perhaps a pip cut by the outline
            x, y, w, h = stats[i, :4]
            return x <= margin or x + w >= C - margin or y <= lo or y + h >= hi

        def pip_like(i):
            w, h, a = stats[i, 2], stats[i, 3], stats[i, cv2.CC_STAT_AREA]
            return a / float(w * h) > 0.55 and min(w, h) / max(w, h) > 0.6

        def on_line(i):       # the dividing line, not a pip beside it (the outline may sit off it)
            y, w, h = stats[i, 1], stats[i, 2], stats[i, 3]
            return (y + h >= hi if top == 0 else y <= lo) and not (pip_like(i) and w < 0.3 * C)

        blobs = [i for i in range(1, n) if stats[i, cv2.CC_STAT_AREA] >= min_area and not on_line(i)
                 and deepest[i] >= 0.55 * pip_depth]
        inner = [i for i in blobs if not touches(i)]
        sizes = [stats[i, cv2.CC_STAT_AREA] for i in inner if pip_like(i)]
        typical = float(np.median(sizes)) if sizes else None
        half = tile[top:top + C].astype(np.float32)

        def colour(i):
            return np.median(half[labels == i], axis=0)

        ink = np.median([colour(i) for i in inner], axis=0) if inner else None
        # at the half's border only a whole pip of the pips' own colour counts (not the table past
        # the tile's edge, not the line)
        blobs = inner + [i for i in blobs if touches(i) and pip_like(i) and typical is not None
                         and 0.5 * typical < stats[i, cv2.CC_STAT_AREA] < 1.6 * typical
                         and float(np.linalg.norm(colour(i) - ink)) < 20]
        # the pips of a half are all one size: a blob under half the largest is a corner or a speck
        if blobs:
            largest = max(unit(i) for i in blobs)
            blobs = [i for i in blobs if unit(i) >= 0.45 * largest or unit(i) >= 0.45 * (typical or 0) > 0]
        areas = np.array([stats[i, cv2.CC_STAT_AREA] for i in blobs], np.float32)
        conf = 1.0
        if len(blobs) == 0:
            count = 0
            # a blank half: sure when nothing at all stands out
            conf = 1.0 if not any(stats[i, cv2.CC_STAT_AREA] >= min_area * 0.4 for i in range(1, n)) else 0.55
        else:
            count = 0
            for i, a in zip(blobs, areas):
                k = int(npk[i])
                count += k
                w, h = stats[i, cv2.CC_STAT_WIDTH], stats[i, cv2.CC_STAT_HEIGHT]
                fill = a / float(w * h)             # a disc fills pi/4 of its box
                squareness = min(w, h) / max(w, h)
                if k > 1:
                    conf *= 0.8
                elif fill < 0.6 or squareness < 0.7:
                    conf *= 0.75
            units = np.array([unit(i) for i in blobs])
            spread = float(units.max() / max(units.min(), 1))
            if spread > 2.2 and len(blobs) >= 2:
                conf *= 0.8
            ink = (labels > 0) & np.isin(labels, blobs)
            colours.append((top // C, count, np.median(tile[top:top + C][ink], axis=0)))
        counts.append(count)
        confs.append(conf)
    return {"a": counts[0], "b": counts[1], "conf": min(confs), "half_conf": confs, "doubt": "pips" if min(confs) < LOW_CONFIDENCE else None,
            "colours": colours, "patches": pipnet.half_patches(tile) if pipnet.available() else None}


NETWORK_SURE = 0.5     # the network's probability for its count, at least, to overrule the classical count
OFF_TILE = 0.5         # an outline is off its tile when the network finds no half in it this surely (mean of its halves)
MOVES = ((0.5, 0.0), (-0.5, 0.0), (0.0, 0.25), (0.0, -0.25), (0.0, 0.5), (0.0, -0.5))   # (widths across, lengths along)


def _network_counts(tiles: list[_Candidate], readings: list[dict], lab: np.ndarray) -> tuple[list, list]:
    """The trained network's reading (``vision.pipnet``), one batch for the photo, where the model
    ships; without it the classical counts stand.

    An outline in which the network sees no half (``NO_HALF``, at least ``OFF_TILE`` on average
    over its halves) lies off its tile: it is moved by half a width across or a quarter or half a
    length along (``MOVES``) to where the network sees two halves best, if it then covers no
    other tile, and dropped otherwise. Each half's count is the network's when its probability
    is at least ``NETWORK_SURE`` (the classical count stays otherwise), and a half's confidence
    is that probability. Returns the tiles and readings kept, in step."""
    if not readings or readings[0]["patches"] is None:
        return tiles, readings
    probs = pipnet.count_pips(np.concatenate([r["patches"] for r in readings]))
    off = (probs[0::2, pipnet.NO_HALF] + probs[1::2, pipnet.NO_HALF]) / 2
    keep_t, keep_r, keep_p = [], [], []
    for k in np.argsort(off):                      # the surest tiles first: a moved one must miss them
        c, r, p = tiles[k], readings[k], probs[2 * k:2 * k + 2]
        if off[k] >= OFF_TILE:
            c, r, p = _moved(c, lab, keep_t + [t for j, t in enumerate(tiles) if j != k and off[j] < OFF_TILE])
            if c is None:
                continue
        keep_t.append(c)
        keep_r.append(r)
        keep_p.append(p)
    _network_beside(keep_t, keep_r, keep_p, lab)
    for r, p in zip(keep_r, keep_p):
        confs = list(r["half_conf"])
        for i, key in enumerate(("a", "b")):
            counts = p[i][:pipnet.NO_HALF]
            n = int(np.argmax(counts))
            if counts[n] >= NETWORK_SURE:
                if n != r[key]:
                    r["colours"] = [(j, n if j == i else c, col) for j, c, col in r["colours"]]
                r[key] = n
                confs[i] = float(counts[n])
            else:
                confs[i] = min(confs[i], float(counts[r[key]]) + 0.3)
        r["half_conf"] = confs
        r["conf"] = min(confs)
        r["doubt"] = "pips" if r["conf"] < LOW_CONFIDENCE else None
    return keep_t, keep_r


BESIDE_SURE = 0.9      # a tile found beside another: both halves' counts at least this sure (_network_beside)
MAX_TILES = 24         # tiles in a photo, at most, that _network_beside fills up to (a hand holds at most 18 here)


def _network_beside(tiles: list[_Candidate], readings: list[dict], probs: list, lab: np.ndarray) -> None:
    """Tiles the line finder missed in touching rows: a hand's tiles are one size, so one width
    across and one length along from every tile (and from every tile added) an outline of that
    tile's size is read by the network, and taken (appended to ``tiles``, ``readings`` and
    ``probs``) when it sees two halves (no ``NO_HALF`` over 0.1, each count at least
    ``BESIDE_SURE``), the face is the tiles' face colour (``_face_colour``, within
    ``FACE_DISTANCE``) and it covers no tile found (under 0.25 of its area)."""
    if not tiles:
        return
    face = np.median(np.array([_face_colour(c, lab) for c in tiles]), axis=0)
    h, w = lab.shape[:2]
    queue = list(tiles)
    tried: list[np.ndarray] = []
    while queue and len(tiles) < MAX_TILES:
        c = queue.pop(0)
        along = c.along if c.along is not None else c.v
        for step in (c.u * c.width, -c.u * c.width, along * c.height, -along * c.height):
            m = replace(c, centre=c.centre + step)
            if not (0 <= m.centre[0] < w and 0 <= m.centre[1] < h):
                continue
            if any(float(np.linalg.norm(t - m.centre)) < 0.25 * c.width for t in tried):
                continue
            tried.append(m.centre)
            if any(_overlap(m, o) > 0.25 for o in tiles):
                continue
            if float(np.linalg.norm((_face_colour(m, lab) - face) * FACE_WEIGHTS)) > FACE_DISTANCE:
                continue
            r = _read_tile(m, lab)
            p = pipnet.count_pips(r["patches"])
            if p[:, pipnet.NO_HALF].max() > 0.1 or p[:, :pipnet.NO_HALF].max(1).min() < BESIDE_SURE:
                continue
            tiles.append(m)
            readings.append(r)
            probs.append(p)
            queue.append(m)


def _moved(c: _Candidate, lab: np.ndarray, others: list[_Candidate]):
    """The outline ``c`` moved onto its tile (``_network_counts``): (candidate, reading, probs)
    of the move where the network sees two halves most surely, or (None, None, None)."""
    along = c.along if c.along is not None else c.v
    best = (OFF_TILE, None)
    for across_w, along_h in MOVES:
        m = replace(c, centre=c.centre + c.u * across_w * c.width + along * along_h * c.height)
        if any(_overlap(m, o) > 0.25 for o in others):
            continue
        r = _read_tile(m, lab)
        p = pipnet.count_pips(r["patches"])
        off = float(p[:, pipnet.NO_HALF].mean())
        if off < best[0]:
            best = (off, (m, r, p))
    return best[1] if best[1] is not None else (None, None, None)


def _peaks(binary: np.ndarray, spacing: float) -> list[tuple[int, int, float]]:
    """Centres (x, y) and depths (px) of the blobs of ``binary`` (a 0/1 mask): the local maxima of
    each pixel's distance to the blob's edge (a disc has one, at its centre, however flat its
    ink; two pips merged by a blur have one each, the neck between them is shallower), none
    nearer another than ``spacing`` px: a greedy non-maximum suppression, deepest first."""
    depth = cv2.distanceTransform(binary, cv2.DIST_L2, 5)
    smooth = cv2.GaussianBlur(depth, (0, 0), 1.0)
    local = (smooth >= cv2.dilate(smooth, np.ones((3, 3), np.uint8))) & (binary > 0)
    ys, xs = np.nonzero(local)
    order = np.argsort(-smooth[ys, xs])
    kept: list[tuple[int, int, float]] = []
    for k in order:
        x, y = int(xs[k]), int(ys[k])
        if all((x - a) ** 2 + (y - b) ** 2 >= spacing * spacing for a, b, _ in kept):
            kept.append((x, y, float(smooth[y, x])))
    return kept


def _colour_check(readings: list[dict]) -> bool:
    """Coloured pips: a half whose colour belongs to another count (by one or two pips) is read
    as that count; one that matches no count lowers its tile's confidence. True when the pips are
    coloured."""
    halves = [(r, i, count, colour) for r in readings for i, count, colour in r["colours"]]
    if len(halves) < 4:
        return False
    ab = np.array([h[3][1:] for h in halves], np.float32) - 128
    chroma = np.sqrt((ab ** 2).sum(1))
    if float(np.median(chroma)) < 12:
        return False
    groups: dict[int, list[np.ndarray]] = {}
    for _, _, count, colour in halves:
        groups.setdefault(count, []).append(colour.astype(np.float32))
    centres = {n: np.median(np.array(cs), axis=0) for n, cs in groups.items() if len(cs) >= 2}

    def dist(a, b):
        return float(np.sqrt((((a - b) * [0.5, 1, 1]) ** 2).sum()))

    for r, i, count, colour in halves:
        colour = colour.astype(np.float32)
        own = dist(colour, centres[count]) if count in centres else None
        others = [(dist(colour, cen), n) for n, cen in centres.items() if n != count and abs(n - count) <= 2]
        if not others:
            continue
        near, n = min(others)
        if (own is None or own > 3 * near) and near < 14 and r["half_conf"][i] < 0.9:
            key = "a" if i == 0 else "b"
            # the count moves only when the colour is clearly that count's
            r[key] = n
            r["conf"] = min(r["conf"], 0.7)
        elif own is not None and own > 30:
            r["conf"] = min(r["conf"], 0.5)
            r["doubt"] = "colour"
    return True
