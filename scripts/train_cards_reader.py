"""Train the card corner classifier (vision/cards/corners.pt) on rendered scenes.

Renders ``--scenes`` Durak tables in the training styles (never ``faces.HELD_OUT``), ``--art``
of them in the real deck designs whose index is where the reader looks
(``art_decks.CORNER_DECKS``, never ``HELD_OUT_DECKS``), cuts the
finder's corner patches with jittered copies, and trains :class:`vision.cards.nets.CornerNet`
on the CPU.  Run: ``nice -n 10 .venv/bin/python scripts/train_cards_reader.py``; it takes a few
minutes on two cores and prints the accuracy on a validation slice of scenes.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

from vision.cards.art_decks import CORNER_DECKS
from vision.cards.nets import WEIGHTS, CornerNet, to_tensor
from vision.cards.patches import scene_patches
from vision.synth.cards import render_scene

#: The share of scenes drawn in a real deck design by default.
ART = 0.4


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scenes", type=int, default=600)
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    parser.add_argument(
        "--art", type=float, default=ART, help="share of scenes in real deck designs"
    )
    args = parser.parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    start = time.time()
    patches, classes = [], []
    for _ in range(args.scenes):
        art = (
            CORNER_DECKS[int(rng.integers(len(CORNER_DECKS)))] if rng.random() < args.art else None
        )
        image, labels = render_scene(rng, art=art)
        found = scene_patches(image, labels, rng, copies=3)
        patches += found[0]
        classes += found[1]
    print(f"{len(patches)} patches from {args.scenes} scenes in {time.time() - start:.0f} s")
    x, y = to_tensor(patches), torch.tensor(classes)
    split = int(0.9 * len(y))
    net = CornerNet()
    optimiser = torch.optim.AdamW(net.parameters(), lr=3e-3, weight_decay=1e-4)
    steps = args.epochs * ((split + 127) // 128)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, 3e-3, total_steps=steps)
    loss_fn = nn.CrossEntropyLoss(label_smoothing=0.05)
    for epoch in range(args.epochs):
        net.train()
        order = torch.randperm(split)
        for batch in order.split(128):
            optimiser.zero_grad()
            loss = loss_fn(net(x[batch]), y[batch])
            loss.backward()
            optimiser.step()
            schedule.step()
        net.eval()
        with torch.no_grad():
            right = (net(x[split:]).argmax(1) == y[split:]).float().mean().item()
        print(f"epoch {epoch + 1}: loss {loss.item():.3f}, validation {100 * right:.2f}%")
    torch.save(net.state_dict(), args.out)
    print(f"saved {args.out} after {time.time() - start:.0f} s")


if __name__ == "__main__":
    main()
