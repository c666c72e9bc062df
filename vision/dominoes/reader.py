"""The domino reader: find every tile, then read each half.

1. *Scale*, measured from the tiles themselves: the finder is run over a pyramid of tile
   widths (:data:`SEARCH_WIDTHS`, 20 to 80 px at 1280 px and the same share of any other
   image), each find's halves are read, and the width whose finds read most surely as tiles
   wins; that width is then refined from the finder's own size estimate of those tiles.  No
   measure of the background enters it, so a patterned cloth, wood grain or a printed board
   does not move the scale: at a wrong width the finds are pips, dividers, squares of a
   pattern or pairs of tiles, and the half classifier (trained on exactly those, cut at the
   wrong scale) calls them no tile.  The old measure (the width of whatever is not table)
   gave 10-14 px on real photos where tiles were 34 px wide.  A tile of that size read at a
   width beside the chosen one (the neighbouring levels, the refined pass) and covered by no
   read of the chosen width is kept too (:func:`_with_missed`): which peaks the finder marks
   and how a half is cut depend on the exact scale, and a tile one width loses another reads.
2. *Find*: a small network marks each tile's centre, axis and size
   (:class:`~vision.dominoes.nets.TileFinder`); face-up and face-down tiles alike, loose or
   touching in a line of play.
3. *Read*: each half is cut out straight at full resolution and classified as 0..6 pips, the
   back of a face-down tile, or no tile (:class:`~vision.dominoes.nets.HalfClassifier`).  A
   tile is face down when its halves read as back (a face-up 0-0 shows its divider, a back has
   none); a find whose halves read as no tile (table texture, a grid square, a printed
   picture, a hand, a box straddling two touching tiles) is dropped, which lets the finder's
   threshold stay low so no tile is missed.  A face-up tile needs *each* half to read as its
   pips more than as no tile: a tile half under a hand or off the picture, or a cut with one
   half on the table, reads as pips on one half only, and their "no tile" shares summing to
   under one once let it through as a tile of confidence near 0.
4. *Standing*: each read is seen whole with a ring of the table around it
   (:class:`~vision.dominoes.nets.RaisedClassifier`); a read with no cast shadow or side face
   (a printed picture of a tile, an empty slot of a printed board) is dropped (:func:`standing`;
   ``flat_check=False`` skips it).

A reader made with ``keep_scale=True`` (the live table: the camera does not move) keeps the
width it found on at least :data:`KEEP_TILES` tiles and searches again only when nothing
reads at it, or every :data:`SEARCH_EVERY` frames.

The weights are committed (``finder.pt``, ``halves.pt``, ``raised.pt``, a few hundred kB, and
their ONNX exports) and rebuilt by ``scripts/train_domino_reader.py`` from rendered scenes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import torch

from vision.dominoes.nets import (
    BACK,
    FINDER_SIDE,
    NOT_TILE,
    STRIDE,
    HalfClassifier,
    RaisedClassifier,
    TileFinder,
    TilePose,
    cut_half,
    cut_tile,
    finder_batch,
    half_batch,
)
from vision.dominoes.surround import back_and_ring, looks_like_table
from vision.runtime import OnnxNet, chosen_runtime, onnx_beside, softmax
from vision.types import Box, TileReading

#: A network as the reader runs it: a float32 batch in, its output out (either runtime).
Net = Callable[[np.ndarray], np.ndarray]

FINDER_FILE = Path(__file__).parent / "finder.pt"
HALVES_FILE = Path(__file__).parent / "halves.pt"
RAISED_FILE = Path(__file__).parent / "raised.pt"
#: Heat a centre needs to be a tile: low, because the half classifier checks every find.
MIN_HEAT = 0.3
#: Tile widths searched, as a share of the image's longer side: 20 to 80 px at 1280 px (the
#: range the renderer draws and real cameras over a table show), a factor SEARCH_STEP apart.
#: The finder is trained on tiles up to 1.25 times off its width, so neighbouring levels
#: overlap and a tile between two levels is found at both.
SEARCH_STEP = math.sqrt(2)
SEARCH_WIDTHS = tuple(20 / 1280 * SEARCH_STEP**k for k in range(5))
#: The scale search runs on the image reduced to at most this many px on its longer side
#: (the widths above are shares of it), so a 4000x3000 photo costs what a 1280 frame does.
SEARCH_SIDE = 1280
#: At most this many finds per level are read (strongest first): at a too fine level the
#: finder may mark every pip, and reading them all would cost more than the frame.
MAX_FINDS = 160
#: The search's widths twice apart are this many levels apart (SEARCH_STEP squared is 2).
HALF_LEVELS = 2
#: The width the search chose gives way to twice it when at least this share of its reads lie
#: on tiles read there, and those are read this surely on average (mean confidence).  On the
#: development scenes every wrong width (5 of 650 scenes, lone large tiles) was half the
#: tiles' width.
HALVES_SHARE = 0.8
SURE_COARSE = 0.8
#: The final pass is run again at the refined width when it is this far (ratio) from the
#: level's width; nearer, the level's finds stand.
REFINE_OFF = 1.12
#: A live reader with a kept width searches all widths again after this many frames, in case
#: the camera was moved.
SEARCH_EVERY = 60
#: A live reader keeps a width only when the search read at least this many tiles there: one
#: or two reads are weak evidence (on the development games, seed 6200, the table before the
#: lead showed only a printed picture of a tile, read as one at its size, and the width kept
#: from it missed every real tile of the game; a boneyard is several tiles).  Until then it
#: searches on every frame it reads, which the rest gate makes rare.
KEEP_TILES = 3
#: A find is doubtful, and read again at nudged poses, when its halves' "no tile"
#: probabilities sum to between these (2 = surely no tile; a find is dropped above 1).
DOUBT = (0.5, 1.7)
#: The nudges tried on a doubtful find: (size factor, turn in degrees, shift along the axis in
#: half sides).  The finder's errors on the development scenes' missed tiles: size 0.83 to
#: 1.2 of the tile's, axis up to 12 degrees off.
NUDGES = (
    *((scale, turn, 0.0) for scale in (0.9, 1.0, 1.1) for turn in (-6.0, 0.0, 6.0)),
    (1.0, 0.0, -0.1),
    (1.0, 0.0, 0.1),
)
#: A nudged pose replaces the find's only when it reads this surely as a tile (its "no tile"
#: sum under it): nudged until something reads, a square of a cloth or a printed picture
#: would read as a doubtful tile too.
REFINED_SURE = 0.2
#: A back read at least this surely sets the colour of the set's backs in the picture ...
SURE_SET_BACK = 0.95
#: ... a doubtful back farther than this from it (BGR levels) is not a tile: on the
#: development scenes true doubtful backs lay within 46 of the sure backs' colour (light
#: falls unevenly), false ones mostly 60 to 240 off.  (Taking, the other way, finds the
#: classifier half called backs when they are of that colour found two missed backs and
#: three false ones there: not done.)
BACK_OFF = 55.0
#: Two tiles read that overlap by more than this share of the smaller are one tile: the
#: surer read stands.  This is judged on the reads, after the half classifier, not on the
#: finder's marks: a mark on the seam between two touching tiles (a box straddling both, which
#: the classifier rejects) may be hotter than the marks on the tiles, and judged on the marks
#: it hid them both.
SAME_TILE = 0.3
#: A tile read at a width beside the chosen one (a neighbouring level of the search, the pass
#: at the refined width) is added where no read covers it when its side is within this ratio
#: of the chosen reads' median side: a tile, not a pip, a half or a pair of tiles read as one
#: (about twice off and more).  The development renders' tiles lie within 1.19 of their
#: scene's median side, the tilted phone photos' within 1.25 (``--photo --dev 5300``) ...
OTHER_WIDTH_SIDE = 1.3
#: ... and it reads at least this surely: without it, a face-up cut across a back read at
#: confidence 0.00 was added (development scenes, ``eval_domino_heldout.py --dev 6200``); the
#: tiles added read 0.5 to 1.  On the development scenes (``--dev 6100 --drawn``, ``--dev
#: 6200``, 220 scenes) it added 8 tiles the chosen width missed (backs on checked cloths, big
#: lone backs, a tile squeezed in a dense chain) and 4 false ones (3 squares of one checked
#: cloth already read as backs there, a printed picture): the raised classifier did not tell
#: them apart (tiles 0.38 to 1.0, false 0.95 to 0.98), nor did the confidence, nor whether
#: a second width read them.  On the fresh ``--dev 6400`` and ``--photo --dev 5300``: 7 tiles
#: added, 2 false (printed pictures on the photos).
OTHER_WIDTH_SURE = 0.3
#: A read is a tile standing on the table when the raised classifier gives it at least this
#: probability; below, it is something flat (a printed picture of a tile, a slot of a printed
#: board).  Measured on the reads of the reader without the check: on the development photos
#: (``eval_domino_heldout.py --photo --dev 5100``) prints read as tiles had a median of 0.012,
#: and 0.05 took 52 of 75 of them, 73 of the 75 other reads off tiles (board slots read as
#: backs) and 1 of 851 tiles (0.1: 56 prints, 75 others, 1 tile); on the development renders
#: (``--dev 6200``) it took 3 of 1285 tiles (0.1: 3).  Whole reader, tiles located and read
#: and false tiles a photo: photos 97.35 % and 0.45 (0.1: 97.35 % and 0.32; no check: 97.35 %
#: and 2.50), renders 98.84 %, as without the check (0.1: 98.77 %).  A tile missed weighs more
#: than a print read (the play zone may exclude prints): both stay within one false tile a
#: photo.
RAISED_MIN = 0.05
#: ... or at least this and touching a read that passes RAISED_MIN (within TOUCH of a side):
#: a tile of the line of play whose free sides show little shadow is vouched for by its
#: neighbour; 73 of the 75 reads off tiles and prints on the development photos scored under
#: it, and prints lie apart from the play.
RAISED_NEIGHBOUR = 0.02
TOUCH = 0.15
#: Finder marks overlapping more than this are one mark (two peaks on one tile), so the
#: classifier does not read the same tile twice.
SAME_FIND = 0.7


@dataclass(frozen=True)
class _Read:
    """One pass of the reader at one width: the tiles read, their poses and its score (the
    sum of the readings' confidences: surely read tiles, not many doubtful ones)."""

    readings: list[TileReading]
    poses: list[TilePose]

    @property
    def score(self) -> float:
        return float(sum(r.confidence for r in self.readings))

    def width(self) -> float | None:
        """The median tile width of the tiles read (px of the full image)."""
        return float(np.median([p.side for p in self.poses])) if self.poses else None


class NetTileReader:
    """Reads domino tiles with the two small networks of :mod:`vision.dominoes.nets`."""

    name = "learned"

    def __init__(
        self, keep_scale: bool = False, runtime: str = "auto", flat_check: bool = True
    ) -> None:
        """``flat_check`` False: no read is judged flat (the raised classifier's training
        reads what the half classifier alone takes for tiles)."""
        self.finder, self.halves = load_nets(runtime)
        self.raised = load_raised(runtime) if flat_check else None
        self.keep_scale = keep_scale
        self._width: float | None = None
        self._since_search = 0

    def read(self, image: np.ndarray) -> list[TileReading]:
        if not isinstance(image, np.ndarray) or image.ndim != 3 or image.shape[2] != 3:
            raise ValueError("expected a BGR colour image (height x width x 3)")
        if image.dtype != np.uint8:
            raise ValueError(f"expected an 8-bit image, got {image.dtype}")
        if self.keep_scale and self._width is not None and self._since_search < SEARCH_EVERY:
            self._since_search += 1
            kept = self._read_at(image, FINDER_SIDE / self._width)
            if kept.readings:
                return kept.readings
        best = self.search(image)
        self._width = best.width() if len(best.readings) >= KEEP_TILES else None
        self._since_search = 0
        return best.readings

    def search(self, image: np.ndarray) -> _Read:
        """The surest read over the pyramid of tile widths, refined at the width it shows."""
        longer = max(image.shape[:2])
        shrink = min(1.0, SEARCH_SIDE / longer)
        small = (
            image
            if shrink == 1.0
            else cv2.resize(image, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
        )
        tries = []
        for share in SEARCH_WIDTHS:
            width = share * longer  # px of the full image
            poses = find_tiles(self.finder, small, FINDER_SIDE / (width * shrink), refine=False)
            poses = [_scaled(pose, 1 / shrink) for pose in poses[:MAX_FINDS]]
            tries.append((width, _read(self.halves, self.raised, image, poses)))
        chosen = max(range(len(tries)), key=lambda k: tries[k][1].score)
        coarse = chosen + HALF_LEVELS
        if coarse < len(tries) and _halves_of(tries[chosen][1], tries[coarse][1]):
            chosen = coarse
        width, best = tries[chosen]
        others = [tries[k][1] for k in (chosen - 1, chosen + 1) if 0 <= k < len(tries)]
        seen = best.width()
        if seen is not None and not 1 / REFINE_OFF < seen / width < REFINE_OFF:
            refined = self._read_at(image, FINDER_SIDE / seen)
            if refined.score >= best.score:
                best, refined = refined, best
            others.append(refined)
        return _with_missed(best, others)

    def _read_at(self, image: np.ndarray, factor: float) -> _Read:
        return _read(self.halves, self.raised, image, find_tiles(self.finder, image, factor))


def _read(classifier: Net, raised: Net | None, image: np.ndarray, poses: list[TilePose]) -> _Read:
    kept = read_tiles(classifier, image, poses) if poses else []
    kept = _without_table(image, _one_read_a_tile(standing(raised, image, kept)))
    return _Read([reading for reading, _ in kept], [pose for _, pose in kept])


def standing(
    raised: Net | None, image: np.ndarray, kept: list[tuple[TileReading, TilePose]]
) -> list[tuple[TileReading, TilePose]]:
    """The reads that are tiles standing on the table: a printed picture of a tile or an
    empty slot of a printed board reads like a tile to the half classifier, which sees one
    half and a thin rim; the raised classifier sees the whole read and the table around it,
    where a tile casts its shadow and shows its side face and a print has neither.  Judged
    before overlapping reads are told apart, so a sure read of a print beside a tile does not
    hide the tile."""
    if not kept or raised is None:
        return kept
    logits = raised(half_batch([cut_tile(image, pose) for _, pose in kept]))[:, 0]
    chance = 1.0 / (1.0 + np.exp(-logits))
    sure = [pose for (_, pose), p in zip(kept, chance, strict=True) if p >= RAISED_MIN]

    def vouched(pose: TilePose) -> bool:
        grown = TilePose(pose.centre, pose.angle, pose.side * (1 + TOUCH))
        return any(other is not pose and _overlap(grown, other) > 0 for other in sure)

    return [
        (reading, pose)
        for (reading, pose), p in zip(kept, chance, strict=True)
        if p >= RAISED_MIN or (p >= RAISED_NEIGHBOUR and vouched(pose))
    ]


def _one_read_a_tile(
    kept: list[tuple[TileReading, TilePose]],
) -> list[tuple[TileReading, TilePose]]:
    """The reads less those overlapping a surer read by more than SAME_TILE."""
    chosen: list[tuple[TileReading, TilePose]] = []
    for reading, pose in sorted(kept, key=lambda item: -item[0].confidence):
        if not any(_overlap(pose, other) > SAME_TILE for _, other in chosen):
            chosen.append((reading, pose))
    return chosen


def _without_table(
    image: np.ndarray, kept: list[tuple[TileReading, TilePose]]
) -> list[tuple[TileReading, TilePose]]:
    """The reads less the backs that are the table (:mod:`vision.dominoes.surround`): a
    square of a check or grid, a patch of cloth the colour of its surroundings."""
    poses = [pose for _, pose in kept]
    return [
        (reading, pose)
        for index, (reading, pose) in enumerate(kept)
        if reading.halves is not None
        or not looks_like_table(image, pose, reading.confidence, poses[:index] + poses[index + 1 :])
    ]


def _with_missed(best: _Read, others: list[_Read]) -> _Read:
    """The chosen width's reads and, from the reads at the widths beside it (the search's
    neighbouring levels, the pass at the refined width), each tile of the chosen size that no
    read covers: a finder's peak and a half's cut depend on the exact scale, and a tile one
    width loses (a doubtful back, a tile squeezed in a dense chain) is often read at the next.
    Reads of another size (pips, halves, pairs of tiles at a wrong width) are not taken, nor
    reads that overlap a tile already read (one tile, one reading: the chosen width's read
    stands)."""
    width = best.width()
    if width is None:
        return best
    readings, poses = list(best.readings), list(best.poses)
    extra = sorted(
        (
            (reading, pose)
            for other in others
            for reading, pose in zip(other.readings, other.poses, strict=True)
        ),
        key=lambda item: -item[0].confidence,
    )
    for reading, pose in extra:
        if not 1 / OTHER_WIDTH_SIDE <= pose.side / width <= OTHER_WIDTH_SIDE:
            continue
        if reading.confidence < OTHER_WIDTH_SURE:
            continue
        if any(_near(pose, other) and _overlap(pose, other) > SAME_TILE for other in poses):
            continue
        readings.append(reading)
        poses.append(pose)
    return _Read(readings, poses)


def _halves_of(fine: _Read, coarse: _Read) -> bool:
    """Whether the tiles read at a fine width are the halves of the tiles read surely at twice
    that width: a lone large tile read at half its width is two tiles, one on each half (or
    one tile and a miss), and their confidences may sum to more than its own."""
    if not fine.readings or not coarse.readings:
        return False
    if float(np.mean([r.confidence for r in coarse.readings])) < SURE_COARSE:
        return False
    outlines = [pose.corners().astype(np.float32) for pose in coarse.poses]
    inside = sum(
        any(cv2.pointPolygonTest(outline, pose.centre, False) >= 0 for outline in outlines)
        for pose in fine.poses
    )
    return inside >= HALVES_SHARE * len(fine.poses)


def _scaled(pose: TilePose, k: float) -> TilePose:
    return TilePose((pose.centre[0] * k, pose.centre[1] * k), pose.angle, pose.side * k)


def load_nets(runtime: str = "auto") -> tuple[Net, Net]:
    """The committed networks, loaded once per process and runtime: their ONNX exports where
    :func:`vision.runtime.onnx_beside` chooses them, else the PyTorch networks."""
    return _load_nets(chosen_runtime(runtime))


@cache
def _load_nets(runtime: str) -> tuple[Net, Net]:
    finder = _load(TileFinder(), FINDER_FILE, "domino tile finder", runtime)
    return finder, _load(HalfClassifier(), HALVES_FILE, "domino half classifier", runtime)


def load_raised(runtime: str = "auto") -> Net:
    """The committed raised classifier (ONNX export beside it where chosen, else PyTorch),
    loaded once per process and runtime."""
    return _load_raised(chosen_runtime(runtime))


@cache
def _load_raised(runtime: str) -> Net:
    return _load(RaisedClassifier(), RAISED_FILE, "domino raised classifier", runtime)


def _load(model: torch.nn.Module, path: Path, what: str, runtime: str) -> Net:
    """One committed network: its ONNX export where chosen, else ``model`` with its weights."""
    export = onnx_beside(path, runtime)
    if export is not None:
        net = OnnxNet(export, what)
        return lambda batch: net(batch)[0]
    try:
        model.load_state_dict(torch.load(path, map_location="cpu", weights_only=True))
    except (OSError, RuntimeError, KeyError) as error:
        raise RuntimeError(
            f"{path}: the {what}'s weights cannot be read ({error}); "
            "rebuild them with scripts/train_domino_reader.py"
        ) from None
    return _on_torch(model.eval())


def _on_torch(model: torch.nn.Module) -> Net:
    def run(batch: np.ndarray) -> np.ndarray:
        with torch.inference_mode():
            return model(torch.from_numpy(batch)).numpy()

    return run


# --------------------------------------------------------------------------------------------
# Finding the tiles.


def find_tiles(
    finder: Net, image: np.ndarray, factor: float, refine: bool = True
) -> list[TilePose]:
    """Every tile's pose in image pixels, strongest first (face up or down), searched in the
    image scaled by ``factor`` (a tile should then be about FINDER_SIDE px wide).

    With ``refine``, where the finder's own size estimate disagrees with the scale, the image
    is scaled again by what the finder saw and searched once more."""
    found = _find_at(finder, image, factor)
    if found and refine:
        seen = float(np.median([pose.side for _, pose in found])) * factor
        if not 1 / REFINE_OFF < seen / FINDER_SIDE < REFINE_OFF:
            found = _find_at(finder, image, factor * FINDER_SIDE / seen)
    return [pose for _, pose in found]


def _find_at(finder: Net, image: np.ndarray, factor: float) -> list[tuple[float, TilePose]]:
    """The tiles found in ``image`` scaled by ``factor``: (heat, pose in image pixels)."""
    scaled = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    height, breadth = scaled.shape[:2]
    pad_y, pad_x = -height % STRIDE, -breadth % STRIDE
    scaled = cv2.copyMakeBorder(scaled, 0, pad_y, 0, pad_x, cv2.BORDER_REPLICATE)
    values = finder(finder_batch(scaled))[0]
    heat = 1.0 / (1.0 + np.exp(-values[0]))
    peaks = (heat == cv2.dilate(heat, np.ones((3, 3), np.uint8))) & (heat > MIN_HEAT)
    rows, cols = np.nonzero(peaks)
    strength = heat[rows, cols]
    found: list[tuple[float, TilePose]] = []
    for row, col, score in sorted(
        zip(rows, cols, strength, strict=True), key=lambda item: -item[2]
    ):
        dx, dy, cos2, sin2, log_side = values[1:, row, col]
        centre = ((col + dx) * STRIDE / factor, (row + dy) * STRIDE / factor)
        side = FINDER_SIDE * math.exp(float(log_side)) / factor
        angle = (0.5 * math.atan2(float(sin2), float(cos2))) % math.pi
        pose = TilePose((float(centre[0]), float(centre[1])), angle, side)
        if not any(_overlap(pose, other) > SAME_FIND for _, other in found):
            found.append((float(score), pose))
    return found


def _near(pose: TilePose, other: TilePose) -> bool:
    """Whether two tiles lie close enough to overlap by more than a corner (their centres
    within the sum of their half lengths): a cheap test before :func:`_overlap`."""
    return math.dist(pose.centre, other.centre) < pose.side + other.side


def _overlap(pose: TilePose, other: TilePose) -> float:
    """The share of the smaller of two tiles that the other covers: touching tiles share a
    sliver, two marks on one tile (a weak echo on one half) most of it."""
    area, _ = cv2.intersectConvexConvex(
        pose.corners().astype(np.float32), other.corners().astype(np.float32)
    )
    return float(area) / (2 * min(pose.side, other.side) ** 2)


# --------------------------------------------------------------------------------------------
# Reading the tiles.


def read_tiles(
    classifier: Net, image: np.ndarray, poses: list[TilePose]
) -> list[tuple[TileReading, TilePose]]:
    """Each tile's halves (None when face down), boxes and confidence, with the pose it was
    read at; finds that read as no tile are left out, and so are face-up finds one half of
    which reads as no tile more than as its pips: half a tile (under a hand, off the picture)
    or a cut half on the table.  On the development scenes (``eval_domino_heldout.py --dev
    6100 --drawn``, ``--dev 6200``) that took a read of a tile a hand hides (confidence 0.00)
    and one off any tile (0.06), and one tile read at 0.09 on a pose 11 % too small; on the
    fresh ``--dev 6400`` the face-up reads that went were three of tiles a hand hides (0.03 to
    0.27), two off any tile (0.13, 0.47) and one tile read at 0.01."""
    crops = [cut_half(image, pose, half) for pose in poses for half in (0, 1)]
    probs = softmax(classifier(half_batch(crops)))
    poses, probs = _refined(classifier, image, list(poses), probs)
    size = (image.shape[1], image.shape[0])
    readings = []
    for index, pose in enumerate(poses):
        first, second = probs[2 * index], probs[2 * index + 1]
        box = _box(pose.corners(), size)
        if first[NOT_TILE] + second[NOT_TILE] > 1.0:
            continue
        if first[BACK] + second[BACK] > 1.0:
            confidence = (first[BACK] + second[BACK]) / 2
            readings.append((TileReading(None, box, round(float(confidence), 3)), pose))
            continue
        halves = (int(np.argmax(first[:BACK])), int(np.argmax(second[:BACK])))
        if first[halves[0]] < first[NOT_TILE] or second[halves[1]] < second[NOT_TILE]:
            continue  # one half is no tile: half a tile (under a hand, off the picture)
        confidence = float(first[halves[0]] * second[halves[1]])
        half_boxes = (
            _box(pose.corners((-1.0, 0.0)), size),
            _box(pose.corners((0.0, 1.0)), size),
        )
        readings.append((TileReading(halves, box, round(confidence, 3), half_boxes), pose))
    return _one_set_of_backs(image, readings)


def _one_set_of_backs(
    image: np.ndarray, readings: list[tuple[TileReading, TilePose]]
) -> list[tuple[TileReading, TilePose]]:
    """The backs of one set are one colour: where some backs are read surely, a doubtful back
    of another colour is not a tile (a square of a check, a logo, a shadow)."""
    sure = [
        back_and_ring(image, pose)[0]
        for reading, pose in readings
        if reading.halves is None and reading.confidence >= SURE_SET_BACK
    ]
    if not sure:
        return readings
    colour = np.median(sure, axis=0)
    return [
        (reading, pose)
        for reading, pose in readings
        if reading.halves is not None
        or reading.confidence >= SURE_SET_BACK
        or np.linalg.norm(back_and_ring(image, pose)[0] - colour) <= BACK_OFF
    ]


def _refined(
    classifier: Net, image: np.ndarray, poses: list[TilePose], probs: np.ndarray
) -> tuple[list[TilePose], np.ndarray]:
    """Doubtful finds read again at poses a little off the finder's (:data:`NUDGES`): the
    finder's size and axis are a few percent and degrees out on small or dark tiles, and a
    half cut that far off its tile reads as half tile, half table.  Each doubtful find keeps
    the pose that reads least as no tile."""
    not_tile = probs[0::2, NOT_TILE] + probs[1::2, NOT_TILE]
    doubtful = [i for i, value in enumerate(not_tile) if DOUBT[0] < value < DOUBT[1]]
    if not doubtful:
        return poses, probs
    tries = [_nudged(poses[i], nudge) for i in doubtful for nudge in NUDGES]
    crops = [cut_half(image, pose, half) for pose in tries for half in (0, 1)]
    tried = softmax(classifier(half_batch(crops)))
    tried_not = tried[0::2, NOT_TILE] + tried[1::2, NOT_TILE]
    probs = probs.copy()
    for k, index in enumerate(doubtful):
        span = slice(k * len(NUDGES), (k + 1) * len(NUDGES))
        best = int(np.argmin(tried_not[span])) + k * len(NUDGES)
        if tried_not[best] < REFINED_SURE:
            poses[index] = tries[best]
            probs[2 * index], probs[2 * index + 1] = tried[2 * best], tried[2 * best + 1]
    return poses, probs


def _nudged(pose: TilePose, nudge: tuple[float, float, float]) -> TilePose:
    scale, turn, along = nudge
    centre = np.array(pose.centre) + along * pose.side * pose.axis()
    return TilePose(
        (float(centre[0]), float(centre[1])), pose.angle + math.radians(turn), pose.side * scale
    )


def _box(corners: np.ndarray, size: tuple[int, int]) -> Box:
    """The upright box of ``corners`` within the picture (``size`` is width, height): a tile
    at the edge is boxed by its part in view, as the truth boxes it."""
    x0, y0 = np.clip(corners.min(axis=0), 0, size)
    x1, y1 = np.clip(corners.max(axis=0), 0, size)
    return Box(float(x0), float(y0), float(x1 - x0), float(y1 - y0))
