"""Train the index glyph reader (:mod:`vision.cards.glyph_reader`).

It reads the patch cut to a corner's first mark (:mod:`vision.cards.index_glyph`), so it is
trained on exactly those patches, cut from rendered cards whose outline is known:

* tables (:func:`vision.synth.cards.render_scene`) and close photos of one card
  (:func:`vision.synth.cards.single_card`, ``--singles`` of them: a card filling much of a photo,
  as a scanned or close-up card does);
* ``--art`` of them in the real deck designs whose index is at the top-left
  (``art_decks.CORNER_DECKS``, never ``HELD_OUT_DECKS``), the rest in our faces in the training
  styles, the font styles of Debian's font packages and the wider families of
  :mod:`vision.cards.training_fonts` (never ``faces.HELD_OUT`` or ``HELD_OUT_FONTS``), Latin
  and, in fonts that have them, Russian indices, a quarter with the suit beside the rank;
* most on table textures cut from the real photos' training part (:mod:`vision.cards.real`);

and on the index corners of the real photos' whole cards in the training part, labelled with
their rank (:func:`real_patches`): real print through a real camera.

Each whole rendered card's four corners give a patch: its two index corners the card's rank
and suit, the other two, read in a right-handed frame (:func:`righted`), ``blank``; a covered
card gives its index corners still in view.  Each corner is moved, turned and rescaled a
little (``JITTER``) as an outline drawn by a finder is, and every patch is drawn anew in
light, blur and JPEG each epoch, half of them with the lettering reshaped (:func:`reshaped`).
The last epoch's weights are kept.  The committed weights (two CPU cores shared with other
work, 35 minutes; the wider fonts' packages installed, see ``training_fonts``):

    nice -n 5 .venv/bin/python scripts/train_cards_glyphs.py

How the recipe was chosen (``--leave-out``: four training fonts and two training deck
designs kept out and read after training; ``build/`` scripts read the real photos' dev fold,
which no glyph reader here trained on, as the share of its whole cards read right at an index
corner; 600 tables and 240 singles, 10 epochs each):

| recipe | left-out lettering | real dev fold |
|---|---|---|
| as before (``--no-wider --reshape 0 --beside 0 --real-repeat 0``) | 83.1 % | 45 / 88 |
| + wider fonts, reshaped (``--beside 0 --real-repeat 0``) | 81.5 % | 43 / 88 |
| + suit beside (``--real-repeat 0``) | 82.6 % | 53 / 88 |
| + real patches of the fit fold (``--real-part fit``) | 86.1 % | 76 / 88 |

The committed reader before this recipe read 49 of the 88.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402
import torch  # noqa: E402
from torch import nn  # noqa: E402

from scoring.cards import deck  # noqa: E402
from vision.cards.art_decks import CORNER_DECKS  # noqa: E402
from vision.cards.combined import corners_of, is_whole  # noqa: E402
from vision.cards.deck import resolve_deck  # noqa: E402
from vision.cards.faces import (  # noqa: E402
    FONT_STYLES,
    HELD_OUT_FONTS,
    TRAINING_STYLES,
    IndexStyle,
    style_named,
)
from vision.cards.geometry import Corner  # noqa: E402
from vision.cards.glyph_classes import BLANK, GLYPH_RANKS, SUITS  # noqa: E402
from vision.cards.glyph_net import GlyphNet  # noqa: E402
from vision.cards.glyph_reader import WEIGHTS, GlyphReader  # noqa: E402
from vision.cards.index_glyph import (  # noqa: E402
    OUTSIDE,
    REGION_U,
    STOCK_PERCENTILE,
    corner_region,
    glyph_patch,
    patch_at,
    rank_mark,
    right_handed,
)
from vision.cards.nets import to_tensor  # noqa: E402
from vision.cards.readers import combined  # noqa: E402
from vision.cards.real import Part, labelled_photos, read_voc, textures  # noqa: E402
from vision.cards.training_fonts import installed, missing_packages, writes_cyrillic  # noqa: E402
from vision.synth.cards import render_scene, single_card  # noqa: E402

REAL = ROOT.parent / "shared" / "data" / "cards-real-train"
#: Share of the rendered pictures on a real table texture.
REAL_TABLES = 0.6
#: A corner moved by up to this share of the card width (normal sd), turned by this many
#: radians, its card width scaled by up to this share: a finder's outline, a little off.
JITTER = (0.02, 0.03, 0.08)
#: Patches cut from each corner (the first as rendered, the rest jittered).
COPIES = 2
#: Share of the pictures blurred, and share compressed, before the patches are cut.
BLURRED = 0.5
#: A suit label the loss skips (a blank corner has none).
NO_SUIT = -100
#: Share of the rendered pictures whose index prints the suit beside the rank, not under it
#: (:attr:`vision.cards.faces.IndexStyle.suit_beside`), as many continental decks do: the
#: patch then holds the rank with a suit at its side.
BESIDE = 0.25
#: Each index patch cut from the real photos (:func:`real_patches`) is repeated this
#: many times among the rendered ones (each a jittered cut): real print through a real camera.
REAL_REPEAT = 6
#: A real card's right-handed pair of corners is its index pair where the glyph reader in use
#: gives them at least this probability of some rank, summed: a card whose outline runs the
#: other way round shows its blank corners there, read blank, and is left out.
INDEX_MASS = 0.5
#: A reading is a labelled card's when their boxes overlap this much (as the harness scores).
MATCH = 0.5
#: Share of the patches drawn anew each epoch with their lettering reshaped (:func:`reshaped`).
RESHAPED = 0.5
#: A reshaped patch is sheared by up to this much (x per y, about its centre: upright lettering
#: made oblique and the reverse) and widened or narrowed by up to this share.
SHEAR, WIDTH = 0.2, 0.2
#: Share of the reshaped patches whose strokes are made bolder or thinner by one pixel of a
#: patch drawn at twice its size (half a pixel of the patch), as heavy and light weights of a
#: family differ.
REWEIGHTED = 0.5


def jittered(corner: Corner, rng: np.random.Generator) -> Corner:
    shift, turn, scale = JITTER
    angle = rng.normal(0, turn)
    c, s = np.cos(angle), np.sin(angle)
    rotation = np.array([[c, -s], [s, c]])
    u, v = rotation @ np.array(corner.u), rotation @ np.array(corner.v)
    moved = np.array(corner.point) + rng.normal(0, shift * corner.scale, 2)
    return Corner(
        (float(moved[0]), float(moved[1])),
        (float(u[0]), float(u[1])),
        (float(v[0]), float(v[1])),
        corner.scale * float(rng.uniform(1 - scale, 1 + scale)),
    )


def righted(corner: Corner) -> Corner:
    """A top-right or bottom-left corner as a right-handed one covering the same region: what a
    blank corner would show the reader if an outline began there.  (Every training deck prints
    two indices, so these corners are blank.)"""
    shift = (REGION_U - 2 * OUTSIDE) * corner.scale
    point = np.array(corner.point) + shift * np.array(corner.u)
    turned = (-corner.u[0], -corner.u[1])
    return Corner((float(point[0]), float(point[1])), turned, corner.v, corner.scale)


def card_corners(card: dict) -> list[tuple[Corner, str, str | None]]:
    """A labelled card's corners to learn from: (corner, rank class, suit or None)."""
    code = card["card"]
    rank, suit = code[:-1], code[-1]
    quad = np.asarray(card["quad"], np.float64)
    corners = corners_of(tuple(map(tuple, quad)))
    whole = card["covered_by"] is None and len(card["index_boxes"]) == 2
    out: list[tuple[Corner, str, str | None]] = []
    for k, corner in enumerate(corners):
        index = k in (0, 2)  # the outline runs TL, TR, BR, BL: index at TL and BR
        if index and (whole or _in_view(card["index_boxes"], quad[k], corner.scale)):
            out.append((corner, rank, suit))
        elif not index and whole:
            out.append((righted(corner), BLANK, None))
    return out


def _in_view(boxes: list[list[float]], point: np.ndarray, width: float) -> bool:
    for x, y, w, h in boxes:
        if np.hypot(x + w / 2 - point[0], y + h / 2 - point[1]) < 0.45 * width:
            return True
    return False


def cut(image: np.ndarray, corner: Corner, index: bool) -> list[tuple[np.ndarray, bool]]:
    """The patches a corner gives, each with whether it is ``blank``: its glyph patch, and at an
    index corner also the patch anchored on the mark after the rank (the rank's mark painted
    out): what the cutter makes of an index whose rank it cannot see (a pale red rank, a thin
    one blurred away) is the suit or a pip, and must read as no rank, not as another."""
    if not right_handed(corner):
        return []
    region = corner_region(image, corner)
    mark = rank_mark(region)
    if mark is None:
        return []
    out = [(patch_at(region, mark), not index)]
    if index:
        x, y, w, h = mark
        painted = region.copy()
        stock = np.percentile(region.reshape(-1, 3), STOCK_PERCENTILE, axis=0)
        painted[y : y + h, x : x + w] = stock.astype(np.uint8)
        after = rank_mark(painted)
        if after is not None and after[1] >= y:
            out.append((patch_at(painted, after), True))
    return out


def rendered(
    count: int,
    singles: int,
    seed: int,
    art: float,
    tables: list[np.ndarray],
    styles: list[IndexStyle],
    designs: tuple[str, ...],
    beside: float = BESIDE,
) -> tuple[list[np.ndarray], list[int], list[int]]:
    rng = np.random.default_rng(seed)
    cards = list(deck(52))
    patches: list[np.ndarray] = []
    ranks: list[int] = []
    suits: list[int] = []
    for n in range(count + singles):
        design = str(rng.choice(designs)) if designs and rng.random() < art else None
        style = styles[int(rng.integers(len(styles)))]
        if beside and rng.random() < beside:
            style = replace(style, suit_beside=True)
        russian = not design and writes_cyrillic(style) and rng.random() < 0.5
        alphabet = "russian" if russian else "latin"
        real_table = tables and rng.random() < REAL_TABLES
        table = tables[int(rng.integers(len(tables)))] if real_table else None
        if n < count:
            image, labels = render_scene(rng, style, 52, alphabet, table, art=design)
            labelled = [c for c in labels["cards"] if c["zone"] == "table"]
        else:
            card = cards[int(rng.integers(len(cards)))]
            image, quad = single_card(rng, card, style, alphabet, design, table, (70, 420))
            whole = {"covered_by": None, "index_boxes": [0, 0]}  # both indices in view
            labelled = [{"card": str(card), "quad": quad.tolist(), **whole}]
        image = photographed(image, rng)
        for card in labelled:
            for corner, rank, suit in card_corners(card):
                for copy in range(COPIES):
                    chosen = corner if copy == 0 else jittered(corner, rng)
                    for patch, blank in cut(image, chosen, rank != BLANK):
                        patches.append(patch)
                        ranks.append(GLYPH_RANKS.index(BLANK if blank else rank))
                        suits.append(NO_SUIT if blank or suit is None else SUITS.index(suit))
        if n % 100 == 99:
            print(f"{n + 1} pictures, {len(patches)} patches", flush=True)
    return patches, ranks, suits


def real_patches(
    photos: list[Path], repeat: int, rng: np.random.Generator
) -> tuple[list[np.ndarray], list[int], list[int]]:
    """Index patches of the real photos' whole, uncovered cards, found by the card reader in
    use and labelled with the rank of the labelled card they match (the labels name no suit).

    The renders teach every rank in many letterings; these teach what a real print looks like
    through a phone's camera (ink spread, paper sheen, the corner pip beside the index), which
    no render draws: the reader in use reads a rank right at an index corner of only 155 of the
    fit fold's 264 whole cards.  Of an outline's corners the glyph reader cuts the right-handed
    pair (:func:`right_handed`); it is the card's index pair where the reader in use finds a
    mark there that may be a rank (INDEX_MASS), which it tells far better than it reads one."""
    reader, glyphs = combined(resolve_deck("52")), GlyphReader()
    blank = GLYPH_RANKS.index(BLANK)
    patches: list[np.ndarray] = []
    ranks: list[int] = []
    for path in photos:
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        truth = read_voc(path.with_suffix(".xml"))
        for reading in reader.read(image):
            best = max(truth, key=lambda card: reading.box.iou(card.box), default=None)
            whole = reading.covered_by is None and is_whole(reading.quad)
            if best is None or reading.box.iou(best.box) < MATCH or not whole:
                continue
            corners = [corner for corner in corners_of(reading.quad) if right_handed(corner)]
            scores, _suits = glyphs.scores(image, corners)
            if float((1.0 - scores[:, blank]).sum()) < INDEX_MASS:
                continue
            for corner in corners:
                for copy in range(repeat):
                    patch = glyph_patch(image, corner if copy == 0 else jittered(corner, rng))
                    if patch is not None:
                        patches.append(patch)
                        ranks.append(GLYPH_RANKS.index(best.rank))
    return patches, ranks, [NO_SUIT] * len(patches)


def photographed(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The picture as a phone camera spoils it before the patches are cut: out of focus and
    compressed, so that a small index runs into its suit and a pip as on real photos, and the
    reader learns the patches the cutter makes of those."""
    if rng.random() < BLURRED:
        image = cv2.GaussianBlur(image, (0, 0), float(rng.uniform(0.6, 1.6)))
    if rng.random() < BLURRED:
        quality = int(rng.integers(35, 85))
        _ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
        image = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return image


def reshaped(patch: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The patch's lettering as another family might draw it: sheared, widened or narrowed,
    bolder or thinner.  Unseen decks differ from the training fonts in exactly these, so the
    reader learns a rank's shape rather than a dozen fonts' outlines."""
    h, w = patch.shape[:2]
    shear = rng.uniform(-SHEAR, SHEAR)
    width = rng.uniform(1 - WIDTH, 1 + WIDTH)
    matrix = np.array([[width, shear, 0.0], [0.0, 1.0, 0.0]])
    matrix[0, 2] = w / 2 - width * w / 2 - shear * h / 2
    out = cv2.warpAffine(patch, matrix, (w, h), borderMode=cv2.BORDER_REPLICATE)
    if rng.random() < REWEIGHTED:
        big = cv2.resize(out, (2 * w, 2 * h), interpolation=cv2.INTER_LINEAR)
        kernel = np.ones((2, 2), np.uint8)
        big = cv2.erode(big, kernel) if rng.random() < 0.5 else cv2.dilate(big, kernel)
        out = cv2.resize(big, (w, h), interpolation=cv2.INTER_AREA)
    return out


def augmented(patch: np.ndarray, rng: np.random.Generator, reshape: float) -> np.ndarray:
    if rng.random() < reshape:
        patch = reshaped(patch, rng)
    out = patch.astype(np.float32) * rng.uniform(0.6, 1.3) + rng.uniform(-30, 30)
    out = np.clip(out * rng.uniform(0.85, 1.15, 3), 0, 255).astype(np.uint8)
    if rng.random() < 0.3:
        out = cv2.GaussianBlur(out, (3, 3), float(rng.uniform(0.4, 1.2)))
    if rng.random() < 0.3:
        _ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(40, 90))])
        out = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenes", type=int, default=1500)
    parser.add_argument("--singles", type=int, default=600)
    parser.add_argument("--seed", type=int, default=61)
    parser.add_argument("--art", type=float, default=0.45, help="share in real deck designs")
    parser.add_argument("--epochs", type=int, default=14)
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--real", type=Path, default=REAL)
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    parser.add_argument(
        "--no-wider", action="store_true", help="only the renderer's fonts (training_fonts off)"
    )
    parser.add_argument(
        "--reshape", type=float, default=RESHAPED, help=f"share reshaped ({RESHAPED})"
    )
    parser.add_argument(
        "--beside", type=float, default=BESIDE, help=f"share with the suit beside ({BESIDE})"
    )
    parser.add_argument(
        "--real-repeat",
        type=int,
        default=REAL_REPEAT,
        help=f"cuts of each real photo's corner patch ({REAL_REPEAT}; 0: no real patches)",
    )
    parser.add_argument(
        "--real-part",
        default="train",
        choices=("train", "fit"),
        help="the real photos' part the patches come from (fit: the dev fold kept out)",
    )
    parser.add_argument(
        "--leave-out",
        default="",
        help="fonts and deck designs (comma-separated) kept out of training and read after it:"
        " the development check of how the reader does on lettering it has not seen",
    )
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    started = time.time()
    left_out = {name for name in args.leave_out.split(",") if name}
    fonts = [style_named(name) for name in TRAINING_STYLES + FONT_STYLES]
    if not args.no_wider:
        if missing := missing_packages():
            print(missing, flush=True)
        fonts += installed()
    styles = [style for style in fonts if style.name not in left_out | set(HELD_OUT_FONTS)]
    designs = tuple(name for name in CORNER_DECKS if name not in left_out)
    tables = textures(labelled_photos(args.real, "train"))
    patches, ranks, suits = rendered(
        args.scenes, args.singles, args.seed, args.art, tables, styles, designs, args.beside
    )
    if args.real_repeat:
        part: Part = args.real_part
        real = real_patches(labelled_photos(args.real, part), args.real_repeat, rng)
        patches, ranks, suits = patches + real[0], ranks + real[1], suits + real[2]
        print(f"{len(real[0])} patches from the real photos ({part})", flush=True)
    print(f"{len(patches)} patches in {time.time() - started:.0f} s", flush=True)
    rank_t, suit_t = torch.tensor(ranks), torch.tensor(suits)
    net = GlyphNet()
    optimiser = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=1e-4)
    steps = args.epochs * (len(patches) // args.batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, args.lr, total_steps=steps)
    rank_loss = nn.CrossEntropyLoss(label_smoothing=0.05)
    suit_loss = nn.CrossEntropyLoss(ignore_index=NO_SUIT)
    for epoch in range(args.epochs):
        order = rng.permutation(len(patches))
        net.train()
        right = seen = 0
        for start in range(0, len(order) - args.batch + 1, args.batch):
            chosen = order[start : start + args.batch]
            batch = to_tensor([augmented(patches[k], rng, args.reshape) for k in chosen])
            rank_out, suit_out = net(batch)
            loss = rank_loss(rank_out, rank_t[chosen]) + suit_loss(suit_out, suit_t[chosen])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            right += int((rank_out.argmax(1) == rank_t[chosen]).sum())
            seen += len(chosen)
        print(
            f"epoch {epoch + 1}: rank right {right / seen:.3f} ({time.time() - started:.0f} s)",
            flush=True,
        )
    net.eval()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    torch.save(net.state_dict(), args.out)
    print(f"wrote {args.out}")
    if left_out:
        unseen_styles = [style for style in fonts if style.name in left_out]
        unseen_designs = tuple(sorted(left_out & set(CORNER_DECKS)))
        read_unseen(net, args, tables, unseen_styles, unseen_designs)
    return 0


def read_unseen(
    net: GlyphNet,
    args: argparse.Namespace,
    tables: list[np.ndarray],
    styles: list[IndexStyle],
    designs: tuple[str, ...],
) -> None:
    """How many index patches of the left-out lettering the trained reader reads right, the
    blank corners apart (rendered at a seed of their own, as photographed, not augmented)."""
    art = 1.0 if not styles else 0.5 if designs else 0.0
    fallback = styles or [style_named(TRAINING_STYLES[0])]
    patches, ranks, _suits = rendered(
        args.scenes // 5, args.singles // 5, args.seed + 1000, art, tables, fallback, designs, 0.0
    )
    blank = GLYPH_RANKS.index(BLANK)
    with torch.no_grad():
        read = torch.cat(
            [net(to_tensor(patches[k : k + 256]))[0].argmax(1) for k in range(0, len(patches), 256)]
        )
    truth = torch.tensor(ranks)
    index = truth != blank
    right = int((read[index] == truth[index]).sum())
    print(
        f"left out ({', '.join(s.name for s in styles)}; {', '.join(designs)}): index patches"
        f" read right {right}/{int(index.sum())} = {right / max(1, int(index.sum())):.4f},"
        f" blank read as a rank {int((read[~index] != blank).sum())}/{int((~index).sum())}",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main())
