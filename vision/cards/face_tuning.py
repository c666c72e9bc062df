"""Teach mode for the detector reader: its face classifier tuned on a taught deck in seconds.

The classifier was trained on one real deck and many rendered ones; an unseen deck's court
figures and index font are new to it.  Teach mode keeps the detector's crop of each card's photo
(:class:`vision.cards.deck.DeckProfile` ``faces``) and crops of the table beside it; here the
classifier's head is tuned on those crops seen as a table camera sees cards (moved and rescaled
by the finder's error, turned half round, part covered by another card, blurred, re-lit, JPEG),
with the table crops as ``none``.  The features stay frozen (computed once, so it takes
seconds), and a pull back towards the trained weights keeps what the network knew.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import torch
from torch import nn

from vision.cards.deck import DeckProfile
from vision.cards.face_classifier import CROP_H, CROP_W, NONE, SUITS
from vision.cards.face_net import FaceNet
from vision.cards.nets import to_tensor
from vision.cards.real import RANKS, rank_of

#: Augmented copies of each taught crop (and of each table crop).
COPIES = 32
#: Training steps (batches of 128) and their learning rate.
STEPS = 200
LEARNING_RATE = 1e-3
#: Weight of the pull back towards the trained weights (sum of squared differences).
ANCHOR = 0.02
#: A copy is part covered with this probability, by up to MAX_COVER of its width or height.
COVER_RATE = 0.35
MAX_COVER = 0.5


def augment(crop: np.ndarray, rng: np.random.Generator, cover: np.ndarray | None) -> np.ndarray:
    """One view of a taught crop as the finder would cut it at the table."""
    scale = rng.uniform(0.9, 1.1)
    angle = rng.normal(0, 0.04)
    shift = rng.normal(0, 0.04, 2) * [CROP_W, CROP_H]
    c, s = scale * math.cos(angle), scale * math.sin(angle)
    centre = np.array([CROP_W / 2, CROP_H / 2])
    offset = centre - np.array([[c, -s], [s, c]]) @ centre + shift
    matrix = np.array([[c, -s, offset[0]], [s, c, offset[1]]], np.float32)
    out = cv2.warpAffine(crop, matrix, (CROP_W, CROP_H), borderMode=cv2.BORDER_REPLICATE)
    if rng.random() < 0.5:
        out = out[::-1, ::-1]
    if cover is not None and rng.random() < COVER_RATE:
        out = out.copy()
        if rng.random() < 0.5:
            width = int(CROP_W * rng.uniform(0.2, MAX_COVER))
            out[:, CROP_W - width :] = cover[:, CROP_W - width :]
        else:
            height = int(CROP_H * rng.uniform(0.2, MAX_COVER))
            out[CROP_H - height :, :] = cover[CROP_H - height :, :]
    shrink = rng.uniform(0.4, 1.0)
    if shrink < 0.9:  # a card seen smaller than in its photo
        small = (max(8, round(CROP_W * shrink)), max(12, round(CROP_H * shrink)))
        out = cv2.resize(cv2.resize(out, small, interpolation=cv2.INTER_AREA), (CROP_W, CROP_H))
    sigma = rng.uniform(0.0, 1.2)
    if sigma > 0.3:
        out = cv2.GaussianBlur(out, (0, 0), sigma)
    light = out.astype(np.float32) * rng.uniform(0.7, 1.25) + rng.uniform(-25, 25)
    light *= rng.uniform(0.9, 1.1, 3)
    out = np.clip(light, 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        _, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(40, 90))])
        out = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return out


def training_set(
    profile: DeckProfile, rng: np.random.Generator
) -> tuple[list[np.ndarray], list[int], list[int]]:
    """Augmented crops with their rank class and suit class (-1 for a table crop)."""
    crops, ranks, suits = [], [], []
    faces = list(profile.faces.items())
    for code, crop in faces:
        for _ in range(COPIES):
            other = faces[int(rng.integers(len(faces)))][1] if len(faces) > 1 else None
            crops.append(augment(crop, rng, other))
            ranks.append(RANKS.index(rank_of(code)))
            suits.append(SUITS.index(code[-1]))
    for table in profile.tables:
        for _ in range(COPIES):
            crops.append(augment(table, rng, None))
            ranks.append(NONE)
            suits.append(-1)
    return crops, ranks, suits


def tune(net: FaceNet, profile: DeckProfile, seed: int = 0) -> FaceNet:
    """``net``'s head tuned on the profile's taught crops, in place (see the module doc)."""
    if not profile.faces:
        return net
    rng = np.random.default_rng(seed)
    generator = torch.Generator().manual_seed(seed)
    crops, ranks, suits = training_set(profile, rng)
    x = to_tensor(crops)
    y_rank, y_suit = torch.tensor(ranks), torch.tensor(suits)
    net.eval()  # batch-norm statistics and dropout as trained
    for parameter in net.features.parameters():
        parameter.requires_grad_(False)
    tuned = [*net.head.parameters(), *net.rank.parameters(), *net.suit.parameters()]
    start = [p.detach().clone() for p in tuned]
    with torch.no_grad():
        features = net.features(x)
    optimiser = torch.optim.Adam(tuned, lr=LEARNING_RATE)
    rank_loss = nn.CrossEntropyLoss(label_smoothing=0.05)
    suit_loss = nn.CrossEntropyLoss(ignore_index=-1)
    for _ in range(STEPS):
        batch = torch.randint(len(y_rank), (128,), generator=generator)
        optimiser.zero_grad()
        hidden = net.head(features[batch])
        loss = rank_loss(net.rank(hidden), y_rank[batch])
        if (y_suit[batch] >= 0).any():
            loss = loss + suit_loss(net.suit(hidden), y_suit[batch])
        anchor = sum(((p - q) ** 2).sum() for p, q in zip(tuned, start, strict=True))
        (loss + ANCHOR * anchor).backward()
        optimiser.step()
    for parameter in net.parameters():
        parameter.requires_grad_(False)
    return net
