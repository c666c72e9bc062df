"""What ``tableref detect cards``, ``tableref eval cards`` and ``tableref deck teach`` do, kept
here so the command modules only parse arguments and call one function each."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path

import cv2

from ui.commands import CommandError
from ui.commands._images import Images
from vision.cards.deck import DeckError, DeckProfile, resolve_deck
from vision.cards.reader import CardsReader
from vision.cards.real import Part

DEFAULT_DECK = "52"


def make_reader(deck: str | None, reader: str | None) -> CardsReader:
    """The reader ``reader`` (default: learned) for the deck ``deck`` (a profile file or a
    rendered deck name; default 52 Latin)."""
    from vision.cards.readers import DEFAULT, READERS

    try:
        profile = resolve_deck(deck or DEFAULT_DECK)
    except DeckError as error:
        raise CommandError(str(error)) from None
    chosen = reader or DEFAULT
    if chosen not in READERS:
        raise CommandError(f"unknown cards reader {chosen!r}; choose one of: {', '.join(READERS)}")
    try:
        return READERS[chosen](profile)
    except FileNotFoundError as error:
        raise CommandError(str(error)) from None


def detect_cards(
    images: Sequence[Path], deck: str | None, reader: str | None, as_json: bool
) -> int:
    """One line per image: ``{"image", "cards": [{"card", "box", "confidence", "covered_by",
    ...}]}`` with ``--json``, else a short text; an unreadable image is an ``error:`` line and
    exit status 2, the other images are still read."""
    chosen = make_reader(deck, reader)
    readable = Images(images)
    for path, image in readable:
        found = {"image": str(path), "cards": [r.to_json() for r in chosen.read(image)]}
        print(json.dumps(found) if as_json else _text(found), flush=True)
    return readable.status


def _text(found: dict) -> str:
    cards = found["cards"]
    lines = [f"{found['image']}: {len(cards)} cards: " + " ".join(c["card"] for c in cards)]
    for card in cards:
        x, y, w, h = card["box"]
        under = f", under {card['covered_by']}" if card["covered_by"] else ""
        where = f"at x={x:g} y={y:g} w={w:g} h={h:g}"
        lines.append(f"  {card['card']:>4}  {where}  ({card['confidence']:.2f}{under})")
    return "\n".join(lines)


def eval_cards(
    folder: Path,
    deck: str | None,
    reader: str | None,
    limit: int | None,
    as_json: bool,
    part: Part = "held",
) -> int:
    """Score a reader on rendered scenes, and time the layout tracker (reader + observer) on
    them at one thread; or, on a folder of real photos with Pascal VOC labels (rank only, as
    ``cards-real-train``), score the ranks found on ``part`` of it (held, train or all)."""
    from vision.cards.evaluate import evaluate_cards

    if not folder.is_dir():
        raise CommandError(f"{folder}: no such folder")
    chosen = make_reader(deck, reader)
    if any(folder.glob("*.xml")):
        return _eval_real(chosen, folder, part, limit, as_json)
    report = evaluate_cards(chosen, folder, limit)
    if report.images == 0:
        raise CommandError(f"{folder}: no rendered card scenes (scene_N.jpg + scene_N.json)")
    tracker = tracker_fps(chosen, sorted(folder.glob("*.jpg"))[:20])
    if as_json:
        print(json.dumps({**report.to_json(), "tracker_fps": round(tracker, 2)}, indent=1))
    else:
        print(
            report.to_text()
            + f"\ntracker fps     {tracker:.1f} (reader + layout observer, one thread)"
        )
    return 0


def _eval_real(
    reader: CardsReader, folder: Path, part: Part, limit: int | None, as_json: bool
) -> int:
    from vision.cards.real import VocError, evaluate_real_cards

    try:
        report = evaluate_real_cards(reader, folder, part, limit)
    except VocError as error:
        raise CommandError(str(error)) from None
    if report.images == 0:
        raise CommandError(f"{folder}: no labelled photos in part {part!r}")
    print(json.dumps({**report.to_json(), "part": part}, indent=1) if as_json else report.to_text())
    return 0


def tracker_fps(reader: CardsReader, paths: Sequence[Path]) -> float:
    """Frames per second of reading and observing frames (one thread, images decoded first)."""
    import torch

    from vision.cards.observe import CardObserver

    frames = [
        image
        for image in (cv2.imread(str(p), cv2.IMREAD_COLOR) for p in paths)
        if image is not None
    ]
    if not frames:
        return 0.0
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        observer = CardObserver()
        start = time.perf_counter()
        for index, frame in enumerate(frames):
            observer.update(reader.read(frame), index, index / 30)
        return len(frames) / (time.perf_counter() - start)
    finally:
        torch.set_num_threads(threads)


def teach(
    images: Sequence[Path],
    out: Path,
    order: Path | None,
    alphabet: str,
    size: int | None,
    name: str | None,
) -> DeckProfile:
    """Teach a deck from one photo per card and save its profile at ``out``."""
    from vision.cards.teach import TeachError, code_from_name, read_order, teach_deck

    try:
        codes = read_order(order) if order is not None else [code_from_name(p) for p in images]
        if len(codes) != len(images):
            raise TeachError(f"{order}: {len(codes)} cards listed for {len(images)} photos")
        photos = []
        for code, path in zip(codes, images, strict=True):
            image = cv2.imread(str(path), cv2.IMREAD_COLOR) if path.is_file() else None
            if image is None:
                raise TeachError(
                    f"{path}: {'not a readable image' if path.exists() else 'no such file'}"
                )
            photos.append((code, image))
        from vision.cards.detector import DetectorCards
        from vision.cards.looks import surest_outline
        from vision.cards.readers import combined

        cutter = DetectorCards().teach_crops
        outline = surest_outline(combined(resolve_deck("52")))
        profile = teach_deck(photos, name or out.stem, alphabet, size, cutter, outline)
        profile.save(out)
    except (TeachError, DeckError) as error:
        raise CommandError(str(error)) from None
    return profile


def teach_video(
    clip: Path,
    out: Path,
    order: Path,
    alphabet: str,
    size: int | None,
    name: str | None,
) -> DeckProfile:
    """Teach a deck from a clip of it dealt one card at a time, the cards in the order of
    ``order``, and save its profile at ``out``."""
    from vision.cards.dealt import dealt_cards
    from vision.cards.detector import TEACH_SURE, DetectorCards
    from vision.cards.teach import TeachError, read_order, teach_dealt
    from vision.sources import FrameSourceError, VideoFileSource

    finder = DetectorCards()
    try:
        codes = read_order(order)
        source = VideoFileSource(clip)
        dealt = dealt_cards(
            (frame.image for frame in source.frames()),
            lambda image: any(sure >= TEACH_SURE for _, sure in finder.propose(image)),
        )
        if len(dealt) != len(codes):
            raise TeachError(
                f"{clip}: {len(dealt)} cards dealt in the clip, {len(codes)} listed in {order}"
            )
        stills = [(code, image, where) for code, (image, where) in zip(codes, dealt, strict=True)]
        profile = teach_dealt(stills, name or out.stem, finder.teach_crops, alphabet, size)
        profile.save(out)
    except (FrameSourceError, TeachError, DeckError) as error:
        raise CommandError(str(error)) from None
    return profile
