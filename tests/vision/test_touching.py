"""Touching tiles (issue 20, *tiles touching or overlapping at the edges*): the corpus lays them
side by side, and the reader tells a dividing line from the crack between two tiles."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from photo_helpers import assert_read_exactly, render  # noqa: E402

cv2 = pytest.importorskip("cv2")
import numpy as np  # noqa: E402

from vision.read import _across_spinner, _Candidate  # noqa: E402


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_touching_tiles_meet_at_their_edges_without_covering_pips(seed):
    _, truth = render(seed, style="touching", count=12, set=9)
    quads = [np.array(t["quad"], np.float32) for t in truth["tiles"]]
    for i, a in enumerate(quads):
        area = cv2.contourArea(a)
        for b in quads[i + 1:]:
            shared, _ = cv2.intersectConvexConvex(a, b)
            assert shared < 0.06 * area      # an edge's sliver, never a column of pips


@pytest.mark.parametrize("body,seed,table", [
    ("white", 1, "wood"), ("white", 5, "gingham"), ("black", 6, "felt"), ("black", 8, "gingham"),
    ("ivory", 3, "felt"),
])
def test_touching_row_is_read_exactly(body, seed, table):
    jpeg, truth = render(seed, style="touching", body=body, pips="plain", table=table, count=7, set=9, quality=80)
    assert_read_exactly(jpeg, truth)


def bar(x, length, y=100.0):
    return _Candidate(np.array([x, y]), np.array([1.0, 0.0]), length, 4.0, True)


def test_a_line_cut_by_a_spinner_is_read_whole():
    merged = _across_spinner([bar(100, 36), bar(150, 36)])      # 36 px halves, a 14 px stud between
    assert len(merged) == 1
    assert merged[0].length == pytest.approx(86) and merged[0].centre[0] == pytest.approx(125)


def test_a_row_of_spinner_lines_pairs_each_piece_with_its_own_tile():
    # two touching tiles whose lines are in line: each line is two 36 px halves with a 14 px stud
    # between; the first tile's right half and the second's left half are 20 px apart (two insets
    # and the crack), near enough to pass for a stud too, and must not be read as a line
    row = [bar(100, 36), bar(150, 36), bar(206, 36), bar(256, 36)]
    merged = sorted(_across_spinner(row), key=lambda c: c.centre[0])
    assert [(round(c.centre[0]), round(c.length)) for c in merged] == [(125, 86), (231, 86)]


def test_bars_apart_or_out_of_line_stay_apart():
    assert _across_spinner([bar(100, 36), bar(200, 36)]) == []            # 64 px apart: two tiles' lines
    assert _across_spinner([bar(100, 36), bar(150, 36, y=120)]) == []     # side by side, not in line


# Failure classes of the old reader (issue 20 follow-up): each case below was misread by the
# reader before the row completion and the line-through-the-middle check (vision/read.py
# ``_complete``), and is read exactly now.

@pytest.mark.parametrize("seed", [1, 3, 6])
def test_touching_black_tiles_are_all_found(seed):
    """Touching black tiles: their seam barely shows, so the edge fit loses some; a tile of the
    photo's size with a dividing line beside a found one is found too."""
    jpeg, truth = render(seed, style="touching", body="black", pips="plain", table="felt", count=8, set=12, quality=80)
    assert_read_exactly(jpeg, truth)


@pytest.mark.parametrize("seed", [3, 9, 11])
def test_touching_white_row_on_wood_has_no_outline_across_two_tiles(seed):
    """Touching white tiles on wood: an outline across the halves of two neighbours (no line
    through its middle) is dropped and the tiles it hid are found beside their neighbours."""
    jpeg, truth = render(seed, style="touching", body="white", pips="plain", table="wood", count=8, set=12, quality=80)
    assert_read_exactly(jpeg, truth)
