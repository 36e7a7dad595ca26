"""The pip-counting network (vision/pipnet.py, issue 20): what it is shown, what it is trained on
(tools/train_pips.py's data, not its training, which needs PyTorch), and what it reads."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from photo_helpers import assert_read_exactly, render  # noqa: E402

cv2 = pytest.importorskip("cv2")
import numpy as np  # noqa: E402

from tools.train_pips import halves_of, jittered  # noqa: E402
from vision import pipnet  # noqa: E402
from vision.read import WORK, upright  # noqa: E402


def patches_of(jpeg: bytes, quad) -> np.ndarray:
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    assert max(image.shape[:2]) == WORK
    return pipnet.half_patches(upright(np.array(quad), cv2.cvtColor(image, cv2.COLOR_BGR2LAB)))


@pytest.mark.parametrize("body", ["white", "ivory", "black"])
def test_ink_stands_out_in_the_half_it_belongs_to(body):
    """A 0-6 tile: the blank half's patch is empty and the six's has six blobs of ink, on light
    and black tiles alike (the lightness channel is turned so that ink is positive). The
    dividing line runs along each patch's lower edge, so its last rows are left out."""
    jpeg, truth = render(3, tiles=["0-6"], body=body, pips="plain", table="felt", style="row", quality=85, set=6)
    tile = truth["tiles"][0]
    halves = {int(n): k for k, n in enumerate(tile["tile"].split("-"))}
    p = patches_of(jpeg, tile["quad"])
    blank, six = p[halves[0], :, 2:-4, 2:-2], p[halves[6], :, 2:-4, 2:-2]
    for ch in (0, 1):
        n, _, stats, _ = cv2.connectedComponentsWithStats((six[ch] > 0.5).astype(np.uint8))
        pips = [i for i in range(1, n) if stats[i, cv2.CC_STAT_AREA] >= 20       # a pip is ~36 px here
                and min(stats[i, 2], stats[i, 3]) >= 0.7 * max(stats[i, 2], stats[i, 3])]
        assert len(pips) == 6, (body, ch)
        assert float((blank[ch] > 0.5).mean()) < 0.01, (body, ch)


def test_jitter_stays_near_the_true_outline():
    rng = np.random.default_rng(5)
    quad = np.array([[100, 100], [200, 100], [200, 300], [100, 300]], np.float64)
    for _ in range(200):
        q = jittered(quad, rng)
        assert np.abs(q.mean(0) - quad.mean(0)).max() <= 0.07 * 100 + 1e-9
        width, length = np.linalg.norm(q[1] - q[0]), np.linalg.norm(q[3] - q[0])
        assert 94 - 1e-6 <= width <= 106 + 1e-6 and 188 - 1e-6 <= length <= 212 + 1e-6


def test_training_halves_carry_their_own_counts():
    """Every training patch is labelled with the count of the half it shows: a half labelled 0
    has no ink, one labelled with pips has some (the pairing of label and half is the one thing
    a training set cannot get wrong)."""
    x, y = halves_of(2_000_011, jitters=1)
    assert len(x) == len(y) > 0 and x.shape[1:] == (2, pipnet.PATCH, pipnet.PATCH)
    ink = (x[:, 0] > 0.5).mean(axis=(1, 2))
    counted = (y >= 3) & (y < pipnet.NO_HALF)
    assert (y == 0).any() and counted.any()
    assert ink[y == 0].max() < ink[counted].min()
    # an outline moved off its tile gives both its halves as no half, one for each true outline
    assert (y == pipnet.NO_HALF).sum() == (y < pipnet.NO_HALF).sum()


def test_without_the_model_the_classical_counts_stand(monkeypatch, tmp_path):
    """A checkout without ``models/pips.onnx`` still reads photos (the classical count), and
    ``count_pips`` says what is missing rather than failing inside OpenCV."""
    monkeypatch.setattr(pipnet, "MODEL", tmp_path / "pips.onnx")
    assert not pipnet.available()
    with pytest.raises(FileNotFoundError, match="train_pips"):
        pipnet.count_pips(np.zeros((1, 2, pipnet.PATCH, pipnet.PATCH), np.float32))
    jpeg, truth = render(7, body="white", pips="plain", table="felt", style="row", quality=85, set=6, count=7)
    assert_read_exactly(jpeg, truth)


@pytest.mark.parametrize("seed", [6, 19, 28, 47, 60])
def test_counts_the_classical_reader_got_wrong_are_read_by_the_network(seed):
    """Bench photos (``bench/vision.py``'s seeds) the classical count misread by a pip or two in
    one half (6-8 as 8-4, 10-11 as 10-10, 2-3 as 2-2, 5-1 as 1-4, 8-8 as 8-9: blur, coloured pips
    of low contrast, a double-12 half) are read exactly with the network."""
    jpeg, truth = render(seed)
    assert_read_exactly(jpeg, truth)
