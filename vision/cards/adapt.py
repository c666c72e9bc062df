"""Teach mode's reader: the learned corner reader adapted to one taught deck in seconds.

The template matcher compares a corner with the one patch cut from each card's photo, so every
error of that one cut (the corner finder puts it a few hundredths of a card width off) and every
difference of sharpness between the photo and the table (a blurred spade against a club, 6
against 8) costs readings.  The learned reader already knows what a corner index looks like
across styles, shifts and blur; this module fine-tunes its last two layers on the taught
templates, each copied many times moved, turned, rescaled, blurred, re-sampled and re-lit the
way a table camera sees them, with blank corners made from the same patches with their ink
removed (so the reader keeps telling an index from a blank corner).  The features stay frozen
and the tuned weights are pulled back towards the trained ones, so one photo per card adds the
deck's own glyphs without forgetting the rest.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np
import torch
from torch import nn

from vision.cards.deck import DeckProfile
from vision.cards.geometry import PATCH_H, PATCH_U, PATCH_W
from vision.cards.patches import BLANK, CODES
from vision.cards.reader import NetCorners

#: Augmented copies of each taught template per training round.
COPIES = 24
#: Training steps (batches of 128) and their learning rate.
STEPS = 120
LEARNING_RATE = 1e-3
#: Weight of the pull back towards the trained weights (sum of squared differences).
ANCHOR = 0.05
#: Patch pixels per card width: the corner finder is off by about 0.02 of it.
PX_PER_WIDTH = PATCH_W / PATCH_U


def augment(patch: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One view of a taught template as a table camera might cut it: shifted by the finder's
    error, turned, rescaled, out of focus or seen smaller, with other light and noise."""
    shift = np.clip(rng.normal(0, 0.02 * PX_PER_WIDTH, 2), -5, 5)
    angle = rng.normal(0, 0.03)
    scale = rng.uniform(0.92, 1.08)
    c, s = scale * math.cos(angle), scale * math.sin(angle)
    matrix = np.array([[c, -s, shift[0]], [s, c, shift[1]]], np.float32)
    out = cv2.warpAffine(
        patch, matrix, (PATCH_W, PATCH_H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    shrink = rng.uniform(0.35, 1.0)
    if shrink < 0.9:  # a smaller card on the table: fewer pixels across the index
        small = (max(4, round(PATCH_W * shrink)), max(6, round(PATCH_H * shrink)))
        out = cv2.resize(cv2.resize(out, small, interpolation=cv2.INTER_AREA), (PATCH_W, PATCH_H))
    sigma = rng.uniform(0.0, 1.4)
    if sigma > 0.3:
        out = cv2.GaussianBlur(out, (0, 0), sigma)
    light = out.astype(np.float32) * rng.uniform(0.75, 1.2) + rng.uniform(-25, 25)
    light += rng.normal(0, rng.uniform(0, 6), light.shape)
    return np.clip(light, 0, 255).astype(np.uint8)


def blank_of(patch: np.ndarray) -> np.ndarray:
    """The template with its ink painted over in the card's stock colour: a blank corner."""
    grey = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY)
    stock = grey >= np.percentile(grey, 60)
    colour = np.median(patch[stock], axis=0)
    ink = cv2.dilate((grey < 0.8 * np.median(grey[stock])).astype(np.uint8), np.ones((3, 3)))
    ink[:3, :] = 0  # keep the card's edge and the cloth beyond it
    ink[:, :3] = 0
    out = patch.copy()
    out[ink.astype(bool)] = colour.astype(np.uint8)
    return out


def training_set(
    templates: dict[str, np.ndarray], rng: np.random.Generator
) -> tuple[list[np.ndarray], list[int]]:
    """Augmented copies of every template with its class, and a third as many blanks."""
    patches, classes = [], []
    for code, patch in templates.items():
        for _ in range(COPIES):
            patches.append(augment(patch, rng))
            classes.append(CODES.index(code))
        blank = blank_of(patch)
        for _ in range(COPIES // 3):
            patches.append(augment(blank, rng))
            classes.append(BLANK)
    return patches, classes


def fine_tune(reader: NetCorners, templates: dict[str, np.ndarray], seed: int = 0) -> None:
    """Tune ``reader``'s head on ``templates`` (code -> BGR corner patch), in place."""
    rng = np.random.default_rng(seed)
    generator = torch.Generator().manual_seed(seed)
    patches, classes = training_set(templates, rng)
    x, y = reader.to_tensor(patches), torch.tensor(classes)
    net = reader.net
    net.eval()  # batch-norm statistics and dropout as trained
    for parameter in net.features.parameters():
        parameter.requires_grad_(False)
    tuned = [*net.head.parameters(), *net.out.parameters()]
    start = [p.detach().clone() for p in tuned]
    with torch.no_grad():
        features = net.features(x)  # frozen: computed once
    optimiser = torch.optim.Adam(tuned, lr=LEARNING_RATE)
    loss_fn = nn.CrossEntropyLoss(label_smoothing=0.05)
    for _ in range(STEPS):
        batch = torch.randint(len(y), (128,), generator=generator)
        optimiser.zero_grad()
        logits = net.out(net.head(features[batch])).masked_fill(reader.mask, -1e9)
        anchor = sum(((p - q) ** 2).sum() for p, q in zip(tuned, start, strict=True))
        loss = loss_fn(logits, y[batch]) + ANCHOR * anchor
        loss.backward()
        optimiser.step()
    for parameter in net.parameters():
        parameter.requires_grad_(False)


class AdaptedCorners(NetCorners):
    """The learned corner reader fine-tuned on a taught deck profile's templates."""

    name = "adapted"

    def __init__(self, profile: DeckProfile, codes: Sequence[str] | None = None) -> None:
        super().__init__(profile.codes if codes is None else codes, runtime="torch")
        fine_tune(self, profile.templates)
