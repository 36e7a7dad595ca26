"""Train the pip-counting network of ``vision/pipnet.py`` (issue 20) and write
``vision/models/pips.onnx``.

The data: photos rendered by ``tools/tile_photos.py`` from seeds 2,000,000 up (the bench reads
1-10,000 and 50,001-80,000; none is shared), a quarter of them with every condition at its hard end.
Each tile's true outline is moved (up to 7% of the tile along and across), turned (up to 4
degrees) and scaled (up to 6% each way) ``--jitters`` times, as the tile finder's own outlines
err, warped upright by ``vision.read.upright`` and cut into the network's two half patches by
``vision.pipnet.half_patches``: the very functions the reader uses.

The network: four 3x3 convolutions (16, 32, 64 and 64 channels, each with batch norm and ReLU, the
first three with a 2x2 max pool) and two dense layers (128, then 20: the counts 0-18 and no half). Adam, cross-entropy, the patches also
flipped left-right and up-down while training (a pip layout reads the same mirrored).

Needs PyTorch and ONNX (a developer's tools, not the hub's: ``pip install torch onnx onnxscript``);
the hub runs the exported file in ``cv2.dnn``.

    python tools/train_pips.py [--photos 1200] [--jitters 3] [--epochs 14] [--workers 2]
        [--data /tmp/pips.npz] [--out vision/models/pips.onnx]

Prints the held-back accuracy (halves of photos whose seeds were not trained on) per count.
"""
from __future__ import annotations

import argparse
import math
import sys
from multiprocessing import Pool
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.tile_photos import render  # noqa: E402
from vision.pipnet import CLASSES, MODEL, NO_HALF, PATCH, half_patches  # noqa: E402
from vision.read import WORK, upright  # noqa: E402

FIRST_SEED = 2_000_000


def jittered(quad: np.ndarray, rng) -> np.ndarray:
    """``quad`` (4 x [x, y], outline order) moved, turned and scaled a little about its centre."""
    centre = quad.mean(0)
    u = (quad[1] - quad[0]) / 2          # half the width, across the tile
    v = (quad[3] - quad[0]) / 2          # half the length, along it
    shift = u * rng.uniform(-0.07, 0.07) + v * rng.uniform(-0.035, 0.035)
    su, sv = rng.uniform(0.94, 1.06, 2)
    turn = math.radians(rng.uniform(-4, 4))
    R = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]])
    corners = np.array([-u * su - v * sv, u * su - v * sv, u * su + v * sv, -u * su + v * sv])
    return centre + shift + corners @ R.T


def misplaced(quad: np.ndarray, rng) -> np.ndarray:
    """``quad`` moved off its tile: by a third to two thirds of a half along the tile (its halves
    then straddle the dividing line or the tile's end) or of a width across it (a neighbour's half
    or the table), the way an outline across two touching tiles lies."""
    u = quad[1] - quad[0]
    v = (quad[3] - quad[0]) / 2
    step = rng.uniform(0.35, 0.65) * rng.choice([-1, 1])
    return quad + (v if rng.random() < 0.5 else u) * step


def halves_of(seed: int, jitters: int = 3) -> tuple[np.ndarray, np.ndarray]:
    """Patches (N, 2, PATCH, PATCH) and their labels (N,) from one rendered photo: a half's pip
    count, or ``NO_HALF`` for both halves of an outline ``misplaced`` off its tile (one for every
    ``jitters`` true ones)."""
    rng = np.random.default_rng(seed)
    jpeg, truth = render(seed, count=int(rng.integers(4, 19)), hard=bool(seed % 4 == 0))
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    scale = WORK / max(image.shape[:2])
    if scale != 1:
        image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2LAB)
    xs, ys = [], []
    for t in truth["tiles"]:
        a, b = (int(x) for x in t["tile"].split("-"))
        quad = np.array(t["quad"], np.float64) * scale
        for _ in range(jitters):
            patches = half_patches(upright(jittered(quad, rng), lab))
            xs += [patches[0], patches[1]]
            ys += [a, b]
        patches = half_patches(upright(misplaced(jittered(quad, rng), rng), lab))
        xs += [patches[0], patches[1]]
        ys += [NO_HALF, NO_HALF]
    return np.array(xs, np.float32), np.array(ys, np.int64)


def _job(args):
    return halves_of(*args)


def make_data(first: int, photos: int, jitters: int, workers: int) -> tuple[np.ndarray, np.ndarray]:
    """Patches and counts of ``photos`` photos from seed ``first`` on, rendered by ``workers``
    processes."""
    xs, ys = [], []
    with Pool(workers) as pool:
        for k, (x, y) in enumerate(pool.imap(_job, [(s, jitters) for s in range(first, first + photos)], chunksize=4)):
            xs.append(x)
            ys.append(y)
            if (k + 1) % 100 == 0:
                print(f"  {k + 1}/{photos} photos rendered", flush=True)
    return np.concatenate(xs), np.concatenate(ys)


def build(torch):
    nn = torch.nn

    def stage(cin, cout, pool=True):
        return [nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU()] + ([nn.MaxPool2d(2)] if pool else [])

    side = PATCH // 8
    return nn.Sequential(*stage(2, 16), *stage(16, 32), *stage(32, 64), *stage(64, 64, pool=False), nn.Flatten(),
                         nn.Linear(64 * side * side, 128), nn.ReLU(), nn.Dropout(0.2), nn.Linear(128, CLASSES))


def train(x, y, xv, yv, epochs: int, seed: int = 1):
    import torch
    torch.manual_seed(seed)
    torch.set_num_threads(2)
    model = build(torch)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=epochs * math.ceil(len(x) / 128))
    X, Y = torch.from_numpy(x), torch.from_numpy(y)
    Xv, Yv = torch.from_numpy(xv), torch.from_numpy(yv)
    for epoch in range(epochs):
        model.train()
        order = torch.randperm(len(X))
        total = 0.0
        for i in range(0, len(X), 128):
            idx = order[i:i + 128]
            xb, yb = X[idx], Y[idx]
            if torch.rand(1).item() < 0.5:
                xb = xb.flip(3)
            if torch.rand(1).item() < 0.5:
                xb = xb.flip(2)
            loss = torch.nn.functional.cross_entropy(model(xb), yb, label_smoothing=0.02)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss.detach()) * len(idx)
        acc = accuracy(model, Xv, Yv)
        print(f"  epoch {epoch + 1}/{epochs}: loss {total / len(X):.4f}, held-back halves {100 * acc:.2f}%", flush=True)
    model.eval()
    return model


def accuracy(model, X, Y) -> float:
    import torch
    model.eval()
    with torch.no_grad():
        pred = torch.cat([model(X[i:i + 1024]).argmax(1) for i in range(0, len(X), 1024)])
    return float((pred == Y).float().mean())


def export(model, out: Path) -> None:
    import torch
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(model, (torch.zeros(1, 2, PATCH, PATCH),), str(out), input_names=["patches"],
                      output_names=["logits"], dynamic_axes={"patches": {0: "n"}, "logits": {0: "n"}},
                      opset_version=13, dynamo=False)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=1200)
    parser.add_argument("--held-back", type=int, default=100, help="photos rendered for the held-back accuracy")
    parser.add_argument("--jitters", type=int, default=3)
    parser.add_argument("--epochs", type=int, default=14)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--data", type=Path, help="keep the rendered patches here (.npz), and reuse them")
    parser.add_argument("--also", type=Path, nargs="*", default=[], help="more patches (.npz) of earlier runs to train on")
    parser.add_argument("--first-seed", type=int, default=FIRST_SEED, help="the first photo's seed")
    parser.add_argument("--out", type=Path, default=MODEL)
    args = parser.parse_args(argv)
    if args.data and args.data.exists():
        saved = np.load(args.data)
        x, y, xv, yv = saved["x"], saved["y"], saved["xv"], saved["yv"]
    else:
        print(f"rendering {args.photos} photos from seed {args.first_seed}", flush=True)
        x, y = make_data(args.first_seed, args.photos, args.jitters, args.workers)
        xv, yv = make_data(args.first_seed + 1_000_000, args.held_back, 1, args.workers)
        if args.data:
            np.savez_compressed(args.data, x=x, y=y, xv=xv, yv=yv)
    for more in args.also:
        saved = np.load(more)
        x, y = np.concatenate([x, saved["x"]]), np.concatenate([y, saved["y"]])
        xv, yv = np.concatenate([xv, saved["xv"]]), np.concatenate([yv, saved["yv"]])
    print(f"{len(x)} halves to train on, {len(xv)} held back; counts {np.bincount(y, minlength=CLASSES).tolist()}")
    model = train(x, y, xv, yv, args.epochs)
    export(model, args.out)
    import torch
    with torch.no_grad():
        pred = model(torch.from_numpy(xv)).argmax(1).numpy()
    for n in range(CLASSES):
        if (yv == n).any():
            print(f"  {n if n != NO_HALF else 'no half':>7}: {100 * float((pred[yv == n] == n).mean()):6.2f}% of {int((yv == n).sum())}")
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
