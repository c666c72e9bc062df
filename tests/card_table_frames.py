"""Rendered pictures of a card table for the camera tests: the felt with a face-down deck, then
after each step the cards turned face up so far, each at its place on the table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

CARD_WIDTH = 110.0


def table_frames(
    steps: Sequence[Sequence[str]],
    places: Mapping[str, tuple[float, float]],
    seed: int,
    backs: Sequence[Sequence[tuple[float, float]]] = (),
) -> list[Any]:
    """One image before the first step and one after each: ``places`` puts each card's centre
    as shares of the picture's width and height; ``backs`` are the places of the cards laid
    face down at each step (a hold'em burn)."""
    import numpy as np

    from scoring.cards import parse_card
    from vision.cards.faces import card_mask, draw_back, style_named
    from vision.synth import scene
    from vision.synth.cards import BACKS, SIZE, camera, centred_quad, paint, worn_face

    height, width = SIZE
    rng = np.random.default_rng(seed)
    table = scene.felt(rng, SIZE, (40, 110, 30))
    style = style_named("classic")
    alpha, back = card_mask(style.corner), draw_back(BACKS[1])
    deck = [
        (None, centred_quad((0.09 * width, 0.5 * height), 0.02, CARD_WIDTH) + np.float32(k))
        for k in range(3)
    ]
    order = [card for step in steps for card in step]
    quads = {
        card: centred_quad(
            (places[card][0] * width, places[card][1] * height),
            float(rng.uniform(-0.06, 0.06)),
            CARD_WIDTH,
        )
        for card in order
    }
    faces = {
        card: worn_face(parse_card(card), style, "latin", np.random.default_rng([seed, k]))
        for k, card in enumerate(order)
    }
    laid = [
        [
            centred_quad((x * width, y * height), float(rng.uniform(-0.06, 0.06)), CARD_WIDTH)
            for x, y in step
        ]
        for step in backs
    ]
    images = []
    for number in range(len(steps) + 1):
        turned = [card for step in steps[:number] for card in step]
        down = [(None, quad) for step in laid[:number] for quad in step]
        image = table
        sprites = [*deck, *down, *((card, quads[card]) for card in turned)]
        for k, (card, quad) in enumerate(sprites):
            sprite = back if card is None else faces[card]
            image = paint(image, sprite, alpha, quad, np.random.default_rng([seed, 2, k]))
        images.append(camera(image, np.random.default_rng([seed, 3, number])))
    return images


def in_rows(rows: Sequence[Sequence[str]], top: float = 0.3, step: float = 0.42) -> dict:
    """Places for cards laid in rows across the table, a row under the one before."""
    places = {}
    for number, row in enumerate(rows):
        for k, card in enumerate(row):
            places[card] = (0.26 + k * 0.12 + (k // 2) * 0.04 * (number > 0), top + number * step)
    return places
