"""The card readers measured on data none was trained or tuned on: the held-out fifth of the
real photos (``cards-real-train``, :mod:`vision.cards.real`) and rendered tables of the
held-out deck style and fonts.

Renders (unless the folders exist) ``--scenes`` mixed-deck tables and as many tables of one
36-card Russian deck, all in ``faces.HELD_OUT`` (a style no reader was trained or tuned on), and
a third as many tables in each of ``faces.HELD_OUT_FONTS`` (font families no reader was trained
on: the stand-in for a deck nobody has seen, read zero-shot) and in each of the real deck
designs of ``art_decks.HELD_OUT_DECKS`` (court art and lettering no reader was trained on), laid
on table textures cut from the held-out real photos; teaches the Russian deck from one
rendered photo per card, then scores: the default ``combined`` reader, the detector reader and
the learned reader on the real photos, the first two on the held-out fonts and decks; the
learned reader
on the held-out style; the template reader with the rendered profile of each set's deck and
with the taught profile; the learned reader adapted to the taught profile (teach mode's corner
reader); the detector reader plain and tuned on the taught photos (teach mode's detector
reader); the combined reader with the taught profile; the combined reader on single photos of
each card of the held-out deck designs on held-out real tables, on white paper and cropped to
the card (a scan), zero-shot and taught from one photo a card; the combined reader on the
held-out real photos turned a quarter; and the layout tracker's frames
per second (reader + observer, one thread).  ``--parts`` measures only some of these.
Run: ``nice -n 10 .venv/bin/python scripts/eval_cards_heldout.py --out build/cards-heldout``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import cv2
import numpy as np

from scoring.cards import deck
from ui.commands._cards import tracker_fps
from vision.cards.art_decks import HELD_OUT_DECKS
from vision.cards.deck import resolve_deck
from vision.cards.detector import DetectorCards
from vision.cards.evaluate import evaluate_cards
from vision.cards.faces import HELD_OUT, HELD_OUT_FONTS, style_named
from vision.cards.looks import surest_outline
from vision.cards.readers import adapted, combined, detector, learned, template
from vision.cards.real import evaluate_real_cards, labelled_photos, textures
from vision.cards.teach import code_from_name, teach_deck
from vision.synth.cards import render_dataset, render_photos, single_card

#: What ``--parts`` can name: ``turned`` is the combined reader on the real photos held out,
#: each turned a quarter (a camera over a table has no up; the photos show most cards one way).
PARTS = ("real", "turned", "tables", "singles", "fps")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("build/cards-heldout"))
    parser.add_argument("--scenes", type=int, default=150)
    parser.add_argument("--seed", type=int, default=9001)
    parser.add_argument(
        "--real",
        type=Path,
        default=Path(__file__).resolve().parents[2] / "shared" / "data" / "cards-real-train",
    )
    parser.add_argument(
        "--parts",
        default=",".join(PARTS),
        help=f"which sets to measure, of: {', '.join(PARTS)} (default: all)",
    )
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    mixed, fixed, photos = args.out / "mixed", args.out / "ru36", args.out / "photos"
    if not mixed.is_dir():
        render_dataset(mixed, args.scenes, args.seed, HELD_OUT)
    if not fixed.is_dir():
        render_dataset(fixed, args.scenes, args.seed + 1, HELD_OUT, 36, "russian")
    if not photos.is_dir():
        render_photos(photos, 36, "russian", HELD_OUT, args.seed + 2)
    taught = teach_deck(
        [(code_from_name(p), cv2.imread(str(p))) for p in sorted(photos.glob("*.jpg"))],
        "taught",
        "russian",
        faces=DetectorCards().teach_crops,
        outline=surest_outline(combined(resolve_deck("52"))),
    )
    rendered = resolve_deck(f"36-russian-{HELD_OUT}")
    results = {}
    for make in (combined, detector, learned) if "real" in parts else ():
        reader = make(resolve_deck("52"))
        report = evaluate_real_cards(reader, args.real, "held")
        results[f"{reader.name}, real photos held out"] = report.to_json()
        print(f"== {reader.name}, real photos held out\n{report.to_text()}\n", flush=True)
    if "turned" in parts:
        reader = combined(resolve_deck("52"))
        report = evaluate_real_cards(reader, args.real, "held", turned=True)
        results["combined, real photos held out, turned a quarter"] = report.to_json()
        print(f"== combined, real photos held out, turned a quarter\n{report.to_text()}\n")
    runs = {}
    for index, font in enumerate(HELD_OUT_FONTS):
        folder = args.out / f"font-{font}"
        if not folder.is_dir():
            render_dataset(folder, args.scenes // 3, args.seed + 10 + index, font)
        for make in (combined, detector):
            runs[f"{make.__name__}, unseen font {font}"] = (make(resolve_deck("52")), folder)
    held_tables = textures(labelled_photos(args.real, "held"))
    for index, name in enumerate(HELD_OUT_DECKS):
        folder = args.out / f"deck-{name}"
        if not folder.is_dir():
            seed = args.seed + 20 + index
            render_dataset(folder, args.scenes // 3, seed, art=name, backgrounds=held_tables)
        for make in (combined, detector):
            runs[f"{make.__name__}, unseen deck {name}"] = (make(resolve_deck("52")), folder)
    runs |= {
        "detector, mixed decks": (detector(resolve_deck("52")), mixed),
        "detector, 36 Russian": (detector(rendered), fixed),
        "detector (taught profile), 36 Russian": (detector(taught), fixed),
        "combined (taught profile), 36 Russian": (combined(taught), fixed),
        "learned, mixed decks": (learned(resolve_deck("52")), mixed),
        "learned, 36 Russian": (learned(rendered), fixed),
        "template (rendered profile), 36 Russian": (template(rendered), fixed),
        "template (taught profile), 36 Russian": (template(taught), fixed),
        "adapted (taught profile), 36 Russian": (adapted(taught), fixed),
    }
    for name, (reader, folder) in runs.items() if "tables" in parts else ():
        report = evaluate_cards(reader, folder)
        results[name] = report.to_json()
        print(f"== {name}\n{report.to_text()}\n", flush=True)
    for index, name in enumerate(HELD_OUT_DECKS if "singles" in parts else ()):
        surfaces = (
            ("table", args.seed + 399),
            ("paper", args.seed + 499),
            ("crop", args.seed + 599),
        )
        for surface, seed in surfaces:
            found = singles(args.out, name, surface, seed + index, held_tables)
            for mode, right in found.items():
                what = f"combined ({mode}), single photos of unseen deck {name} on {surface}"
                results[what] = right
                print(f"== {what}: {right}/52", flush=True)
    frames = sorted(fixed.glob("*.jpg"))[:30]
    for make in (detector, learned) if "fps" in parts else ():
        reader = make(rendered)
        results[f"tracker_fps_{reader.name}"] = fps = tracker_fps(reader, frames)
        print(f"tracker fps ({reader.name} reader + observer, one thread): {fps:.1f}")
    named = "results.json" if parts == set(PARTS) else f"results-{'-'.join(sorted(parts))}.json"
    (args.out / named).write_text(json.dumps(results, indent=1), encoding="utf-8")


def singles(
    out: Path, name: str, surface: str, seed: int, tables: list[np.ndarray]
) -> dict[str, int]:
    """Photos of each card of the deck design ``name`` alone, as a user shows one card: on a
    held-out real table 80-300 px wide (``surface`` "table"), 180-300 px wide on white paper
    ("paper", a card scanned or photographed on a sheet), or cropped to the card (a few px of
    cloth round it: "crop", a scan cut to the card), rendered at ``seed`` unless there; and
    how many of the 52 the combined reader's surest reading names right: zero-shot, and with
    the deck taught from one photo a card (rendered once a deck, at its table seed - 100)."""
    folder = out / (("single-" if surface == "table" else f"single-{surface}-") + name)
    photos = out / f"single-{name}-teach"
    if not folder.is_dir():
        folder.mkdir(parents=True)
        rng = np.random.default_rng(seed)
        for card in deck(52):
            if surface == "table":
                under, widths = tables[int(rng.integers(len(tables)))], (80.0, 300.0)
            elif surface == "paper":
                under, widths = white_paper(rng), (180.0, 300.0)
            else:
                under, widths = None, (200.0, 300.0)
            image, quad = single_card(
                rng, card, style_named(HELD_OUT), "latin", name, under, widths
            )
            if surface == "crop":
                x, y, w, h = cv2.boundingRect(quad.astype(np.int32))
                image = image[
                    max(0, y - CROP_MARGIN) : y + h + CROP_MARGIN,
                    max(0, x - CROP_MARGIN) : x + w + CROP_MARGIN,
                ]
            cv2.imwrite(str(folder / f"{card}.jpg"), image)
    if not photos.is_dir():
        table_seed = seed - 100 if surface == "table" else seed - 200
        render_photos(photos, 52, "latin", HELD_OUT, table_seed, art=name)
    taught = teach_deck(
        [(code_from_name(p), cv2.imread(str(p))) for p in sorted(photos.glob("*.jpg"))],
        f"taught {name}",
        faces=DetectorCards().teach_crops,
        outline=surest_outline(combined(resolve_deck("52"))),
    )
    right = {}
    for mode, profile in (("zero-shot", resolve_deck("52")), ("taught", taught)):
        reader = combined(profile)
        right[mode] = 0
        for path in sorted(folder.glob("*.jpg")):
            readings = reader.read(cv2.imread(str(path)))
            surest = max(readings, key=lambda r: r.confidence, default=None)
            right[mode] += surest is not None and surest.card == code_from_name(path)
    return right


#: A card cropped out of its photo keeps this many px of the cloth round it.
CROP_MARGIN = 4


def white_paper(rng: np.random.Generator) -> np.ndarray:
    """A sheet of white paper or a scanner's lid: light grey of a random shade, a little noise."""
    shade = float(rng.uniform(225, 250))
    sheet = np.full((480, 640, 3), shade, np.float32) + rng.normal(0, 3, (480, 640, 3))
    return np.clip(sheet, 0, 255).astype(np.uint8)


if __name__ == "__main__":
    main()
