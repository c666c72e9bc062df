"""Each skittle's state (up, displaced, down, removed) by comparison with the set-up frame.

At the set-up, each skittle is found as the blob of white body and red head nearest its mark
(and nearer it than any other skittle's mark) that shows its head: seen from above a standing
skittle's head is on top, so a blob without one is a chalk cross or the cloth's noise.  That
blob, in a patch round the mark, is the skittle's reference.  On a cloth of the skittles' own
colours the cloth's pixels are left out, but a white body on a grey cloth is still far
brighter than the cloth, and on a red cloth a head of the cloth's colour is the red inside its
white body (or, where the video's colour blur took it, a body bigger than any chalk mark).
The mark's place is only predicted by the calibration; the reference is where the skittle
really stands, so the comparison is immune to calibration error and to the lean that parallax
gives tall skittles.
A skittle with no blob at the set-up is ``removed``.

In a later frame, the skittle is ``up`` while most of its reference pixels are still skittle
pixels; else ``displaced`` if a blob of the same size stands nearby (a skittle seen from above
looks the same wherever it stands), and ``down`` otherwise: a fallen skittle lies full length,
five times the area, or it is gone.  Balls are cut out of the patch first (a ball's highlight is
as white as a skittle), and a skittle hidden under a ball is ``covered``: no reading, the last
one stands.  Shadows are dark and keep the cloth's hue, so they are never skittle pixels.

The red head settles what the white body leaves open.  Seen from above, a standing skittle's
head is on top of everything at its foot: while it is still red where it was, the skittle
stands, even with a fallen neighbour lying against it; where that place is white but the head
has gone, the skittle fell (its base end lies there, the rest under a ball).  A slid skittle's
head stays within a slide of where it stood, so a head further out is a body lying or falling,
and a body that runs out from under the ball on a skittle's place, head at its far end, is the
skittle lying there rather than covered.  A slid skittle that a fallen neighbour lies against
or across its place merges with it into one blob too big for a skittle; it is still read
``displaced`` where its own set-up picture, head and body, stands within a slide of its place
and that head is not the far end of a neighbour lying from where the neighbour stood.
A reference that a ball at rest (on the spot beside a side skittle) partly hid at the set-up
is only a floor for the skittle's size: slid out from under the ball it shows whole, as big as
a standing skittle's top and lean can be.

A broadcast stream keeps the colour at a quarter of the resolution and blurs it with JPEG:
a head 3-4 px wide loses the saturation the absolute test asks for.  A skittle whose set-up
patch shows no such head (or a pixel or two of one) is looked for again with a head relative
to its body and the cloth: darker than a white body, inside its outline, redder (Cr) than
grey and than the cloth's own noise; that skittle is read with the same test in every frame.
On a grey or camel cloth, whose own Cr a blurred head shares, a head is the dark hole in its
white body.

A tilted camera's lamps cast a ball's shadow sideways over the side skittle beside it: a body
is white against the shaded cloth round it, not the lit cloth's median.  A standing skittle
that a fallen or slid neighbour touches at a pixel or two is parted from it before it is
judged, so the one long blob is not read as itself lying.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.carom.layout import TableLayout
from vision.carom.table_finder import ClothModel
from vision.profile import Calibration

UP, DISPLACED, DOWN, REMOVED, COVERED = "up", "displaced", "down", "removed", "covered"
STATES = (UP, DISPLACED, DOWN, REMOVED)
#: A cloth whose pixels pass a skittle's colour tests for more than this share of it needs its
#: pixels left out of every patch (a grey or camel cloth is "white", a red one "red").
CLOTH_PASSES = 0.01
SLIDE_MM = 42.0  # how far a slid skittle's head may be from where it stood: ~33 mm and error
#: On a cloth that passes the white-body test (grey, camel), a pixel of the cloth's colour is
#: still a body's where it is this many times as bright as the cloth round the skittle (the
#: patch's median at the set-up): a white body is about twice a grey cloth (paint of 232
#: against 110, the cloth a fifth either way), the cloth's own pixels reach 1.22 times its
#: median (99.9th percentile, grey-cloth development videos), so the body shows whole rather
#: than as the few off-colour pixels at its edge, whose flicker read a standing skittle slid.
BODY_BRIGHTER = 1.4
#: A white body's pixels are at most this saturated (HSV): the cloths' are above it.
BODY_MAX_SAT = 90
#: A body is judged against the cloth's brightness round it (:meth:`SkittleWatcher._shade`)
#: where that is darker than the patch's median: a side skittle beside a ball on its spot lies
#: in the ball's shadow, which a tilted camera's lamps cast sideways over it, and its body is
#: darker than eight tenths of the lit cloth's median (varied development seeds 9611 shots 0
#: and 16: body 110-172 against a median of 195-215) though brighter than the shaded cloth
#: round it (80-135).  Never below SHADOW_FLOOR of the median: a ball's shadow leaves 0.72
#: of the light (:mod:`vision.carom.render`), two lamps' shadows overlapping 0.52.  The cloth
#: round a pixel is the saturated pixels no darker than SHADE_CLOTH_MIN of the median (a black
#: ball's pixels, which compression's colour bleed saturates, are no cloth) in a box a ball's
#: diameter wide; where they are less than SHADE_CLOTH_SHARE of it, the median stands.
SHADOW_FLOOR, SHADE_CLOTH_MIN, SHADE_CLOTH_SHARE = 0.5, 0.4, 0.2
#: On a red cloth a head is of the cloth's colour, and the cloth's noise scatters "off-cloth"
#: red everywhere: a head is the red inside the white body's outline, the body's mask closed
#: over a disc this wide (mm), a small skittle's width, which fills the head's place (a disc
#: 3-4 px wide at 1280x720) and not the cloth round the body.
HEAD_CLOSE_MM = 16.0
#: ... and where the video's colour blur leaves no red there, a white body at least this big
#: (px) stands for the skittle: the smallest skittle's top on a red cloth in the development
#: videos is 25 px (one whose head blurred away 37 px), and no empty mark there shows a white
#: blob of 12 px nearer it than its neighbours' marks (a chalk cross's arm is a line 1 px wide).
MIN_BODY_PIXELS = 12
#: A set-up reference smaller than this share of its body's disc seen from above is only a
#: part of the skittle: beside a ball on its spot a side skittle's body lies in the ball's
#: shadow, too dark for a white body, so only its head is seen (0.14-0.47 of the disc on the
#: blue and camel cloths of development seeds 200 and 201; every whole reference there, the
#: skittle's top and its lean, 0.74 or more).  Like one a ball's disc cut, its size is then
#: only a floor and its head tells whether it moved (a side skittle the black ball pushed
#: showed whole, 19 times its reference, and was read up).
PARTIAL_TOP = 0.6
#: A reference a ball's disc cut, with no head to tell where the skittle stands, is still in
#: place when at least KEPT_SHARE of its pixels are still the skittle's and at least
#: NEW_IN_HIDDEN of what shows besides lies where the balls' discs hid it at the set-up: a
#: skittle slid the least a ball slides one (12 mm, 4 px at 1280x720 on a body 5 px wide)
#: leaves much of its reference, and shows its new pixels on the side it went, not under the
#: ball that hid it.  Chosen so that a skittle uncovered whole keeps its reference (28-29 of
#: 29 px on the red cloth of development seed 201) with a margin for the colour blur.
KEPT_SHARE = 0.85
NEW_IN_HIDDEN = 0.8
#: A skittle's pixels joined to a neighbour's (fallen against it, or slid to it) by a pixel
#: or two are parted by an opening this many px wide: a standing skittle's top is 5 px or
#: more across at 1280x720, a junction of lying bodies' antialiased edges 1-2 px (varied
#: development seed 9613 shots 8 and 20 on burgundy cloths: small_rear and small_right,
#: standing, joined to the big skittle slid or fallen beside them, were read down).
PART_PX = 3
#: A skittle whose set-up patch shows no head by the absolute test (saturation 110 or more)
#: is looked for again with a head relative to its body and the cloth: inside the body's
#: outline (closed over :data:`HEAD_CLOSE_MM`: seen from above the head is on top of the
#: body), darker than a white body (luma at most HEAD_LUMA: a body's top is 230 or more, the
#: head's paint 45-130), where within HEAD_CHROMA_PX the picture is redder (YCrCb Cr, the
#: very channel a broadcast stream keeps at a quarter of the resolution) than both grey
#: (NEUTRAL_CR) and the cloth round it by HEAD_REDNESS, the cloth's noise being
#: HEAD_CLOTH_MADS median absolute deviations of the patch's Cr above its median.
#: Compression blurs a head 3-4 px wide into its body and the cloth (its saturation falls to
#: 6-60) and puts its colour a px or two off where its luma, kept at full resolution, shows
#: it, but on green and blue cloths its Cr still stands 134-155 against the cloth's 89-112
#: and the bled body's 125 at most (set-up frames of the compressed development videos of
#: seed 510).
NEUTRAL_CR, HEAD_REDNESS, HEAD_LUMA, HEAD_CHROMA_PX = 128, 4, 190, 2
HEAD_CLOTH_MADS = 4.0
#: On a cloth the white-body test passes (grey, camel) a compressed head's redness is lost
#: in the cloth's own (camel's Cr is a head's, blurred), but its paint stays dark: a head is
#: a hole in a white body darker than HEAD_DARKER of the patch's median luma: the camel-cloth
#: heads of varied development seeds 9611 shot 10 and 9612 shots 10 and 22 are 0.50-0.68 of
#: it (the four small skittles of shot 22 had no head by the other tests and were read
#: removed); the cloth's shadows are as dark (0.51-0.78 at the first percentile) but lie
#: outside the bodies' outlines, and a chalk cross closes over the cloth's own colour.
HEAD_DARKER = 0.75
#: A set-up head of fewer pixels than this by the absolute test is looked for again by the
#: relative one too: a head the compression left a pixel or two of red (the big skittle of
#: seed 510's shot 0) would read gone at the next frame's flicker; uncompressed, the smallest
#: head is 4 px (development seed 400).  A head the relative test finds needs as many (the
#: real ones, spread over their colour's blocks, are 12-48 px on seed 510; 2 px on a grey
#: cloth's empty mark of seed 91 were a neighbour's head bled over its chalk cross).
FEW_HEAD_PIXELS = 3
#: The set-up frame's colour is washed out when fewer than this share of its skittles show a
#: head of FEW_HEAD_PIXELS by the absolute test: 0-2 of 7 on the compressed development
#: videos of seed 510, 6-7 of 7 (one mark empty) on the uncompressed ones of seeds 400-402.
WASHED_SHARE = 0.5


@dataclass(frozen=True)
class Reference:
    """A skittle at the set-up: its patch's corner, its pixels (mask), centroid and area."""

    name: str
    x0: int
    y0: int
    mask: np.ndarray | None
    centroid: tuple[float, float]
    area: int
    cloth: float
    reach: float = 0.0  # how far its pixels lie from its head's centre (px)
    head: tuple[float, float] | None = None  # its head's centre in the patch (px)
    head_mask: np.ndarray | None = None  # its head's pixels
    cut: bool = False  # part of it was under a ball's disc (or shadow, :data:`PARTIAL_TOP`)
    #   at the set-up: ``area`` is too small
    hidden: np.ndarray | None = None  # where the balls' discs lay at the set-up, if cut
    faded: bool = False  # its head found only by the relative test (:data:`HEAD_REDNESS`)


class SkittleWatcher:
    """Knows each skittle's reference from the set-up frame and reads its state in a frame."""

    def __init__(
        self,
        layout: TableLayout,
        calibration: Calibration,
        setup: np.ndarray,
        balls_px: Sequence[tuple[float, float, float]] = (),
        cloth: ClothModel | None = None,
    ) -> None:
        self.layout = layout
        self.calibration = calibration
        white_cloth, red_cloth = (
            _passes_for_skittle(cloth, setup) if cloth is not None else (False, False)
        )
        self.cloth = cloth if white_cloth or red_cloth else None
        #: On a cloth the white-body test passes (grey, camel) a mark's chalk cross is as white
        #: as a body: a body there never stands for a head that compression washed out.
        self.white_cloth = white_cloth
        #: On a cloth the red-head test passes, a head is of the cloth's colour: it is looked
        #: for inside its body (:data:`HEAD_CLOSE_MM`, :data:`MIN_BODY_PIXELS`).
        self.red_cloth = red_cloth
        to_image = calibration.to_image
        self.scale = float(
            np.hypot(*(to_image([(100.0, 0.0)])[0] - to_image([(0.0, 0.0)])[0])) / 100
        )
        self.ball_px = layout.ball_radius * self.scale
        self.references = {
            s.name: self._reference(setup, s.name, balls_px, self._washed(setup, balls_px))
            for s in layout.skittles
        }

    def _slid(
        self,
        ref: Reference,
        touching: list[int],
        labels: np.ndarray,
        stats: np.ndarray,
        centroids: np.ndarray,
        heads: np.ndarray,
        hidden: np.ndarray,
    ) -> str:
        """Up, unless the whole skittle, as big as at the set-up and clear of any ball, has
        moved its centre by more than a fifth of a ball's radius (a nudge off the mark).  A
        reference a ball partly hid at the set-up is only part of the skittle: clear of that
        ball the whole top shows, as big as a standing skittle's can be (with the chalk cross
        it stood on, once slid off it), and its head, not its centre, tells whether it
        moved."""
        if len(touching) != 1:
            return UP
        i = touching[0]
        x, y, w, h = stats[i, :4]
        if not 0.7 * ref.area <= stats[i, cv2.CC_STAT_AREA] <= 1.4 * self._whole(ref):
            return UP
        if hidden[max(0, y - 2) : y + h + 2, max(0, x - 2) : x + w + 2].any():
            return UP
        cx, cy = ref.centroid[0] - ref.x0, ref.centroid[1] - ref.y0
        at = (centroids[i][0], centroids[i][1])
        if ref.cut and ref.head is not None:
            head = _centre(heads & (labels == i))
            if head is None:
                return UP
            (cx, cy), at = ref.head, head
        elif ref.cut and self._only_uncovered(ref, labels == i):
            return UP
        shift = float(np.hypot(at[0] - cx, at[1] - cy))
        return DISPLACED if shift > max(2.5, 0.2 * self.ball_px) else UP

    @staticmethod
    def _only_uncovered(ref: Reference, blob: np.ndarray) -> bool:
        """Whether a blob is the skittle where it stood, only showing more of it than at the
        set-up: its reference still covered (:data:`KEPT_SHARE`) and what it shows besides
        (:data:`NEW_IN_HIDDEN`) where a ball's disc hid it then.  A reference with no head
        (a red cloth's, the video's colour blur took it) has nothing else to go by: its
        centre moves towards the part the ball hid (a side skittle beside the pink on its
        spot, 29 px at the set-up and 85 once the pink left, was read slid)."""
        if ref.mask is None or ref.hidden is None or ref.area == 0:
            return False
        kept = float((blob & ref.mask).sum()) / ref.area
        grown = cv2.dilate(ref.mask.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
        new = blob & ~grown
        if not new.any():
            return kept >= KEPT_SHARE
        hidden = cv2.dilate(ref.hidden.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
        inside = float((new & hidden).sum()) / float(new.sum())
        return kept >= KEPT_SHARE and inside >= NEW_IN_HIDDEN

    def _as_standing(self, ref: Reference) -> float:
        """How many px a white blob at the skittle's place may cover and still be its standing
        top (leaning, or slid a little), not a body lying there."""
        return max(2.2 * ref.area + 4, 1.4 * self._whole(ref))

    def _whole(self, ref: Reference) -> float:
        """How many px the skittle's whole top may cover: its reference's, or, where a ball
        hid part of it at the set-up, as many as a standing skittle's top and lean."""
        if not ref.cut:
            return float(ref.area)
        spec = self.layout.skittle(ref.name)
        width = 2 * spec.body_radius * self.scale
        return max(float(ref.area), width * (width + 0.65 * spec.height * self.scale))

    @staticmethod
    def _head_in_place(ref: Reference, heads: np.ndarray, hidden: np.ndarray) -> bool | None:
        """Whether the skittle's head is still where it stood (None: unsure, or hidden): a
        fallen skittle's white base end lies there, and a neighbour fallen against a standing
        skittle leaves its head in view."""
        if ref.head_mask is None:
            return None
        seen = ref.head_mask & ~hidden
        if seen.sum() < 0.6 * ref.head_mask.sum():
            return None
        red = float(heads[seen].mean())
        return True if red >= 0.6 else False if red < 0.25 else None

    def _slid_head(self, ref: Reference, heads: np.ndarray) -> bool:
        """Whether a blob's head stands where a slid skittle's head can be: a struck skittle
        slides at most about a ball's radius and stays upright, so its head stays that
        close to where it was; a falling or fallen skittle's head swings a body's length out
        (seen under a ball, only that far end may show, short enough to pass for standing)."""
        head = _centre(heads)
        if head is None or ref.head is None:
            return True
        shift = float(np.hypot(head[0] - ref.head[0], head[1] - ref.head[1]))
        return shift <= SLIDE_MM * self.scale

    def _patch(self, name: str, shape: tuple[int, ...]) -> tuple[int, int, int, int]:
        spec = self.layout.skittle(name)
        cx, cy = self.calibration.to_image([spec.at])[0]
        half = int((spec.height + 25.0) * self.scale) + 4
        x0, y0 = max(0, int(cx) - half), max(0, int(cy) - half)
        return x0, y0, min(shape[1], int(cx) + half), min(shape[0], int(cy) + half)

    def _layers(
        self,
        image: np.ndarray,
        box: tuple[int, int, int, int],
        cloth_v: float,
        faded: bool = False,
    ) -> tuple[np.ndarray, np.ndarray]:
        """A patch's white-body and red-head pixels; ``faded``: heads by the relative test
        too (:data:`HEAD_REDNESS`)."""
        x0, y0, x1, y1 = box
        patch = cv2.GaussianBlur(image[y0:y1, x0:x1], (3, 3), 0)
        hsv = cv2.cvtColor(patch, cv2.COLOR_BGR2HSV)
        # where the cloth's own colour cannot pass for a body, a body in a ball's shadow is
        # judged against the shaded cloth round it (:data:`SHADOW_FLOOR`)
        floor = cloth_v if self.white_cloth else self._shade(hsv, cloth_v)
        white, red = _skittle_colours(hsv, floor)
        if faded:
            red = red | _redder(image[y0:y1, x0:x1], white, self.scale)
        if self.cloth is not None:  # a grey cloth is "white", a red one "red": never a skittle
            off = (~self.cloth.is_cloth(patch)).astype(np.uint8) * 255
            # a white body has a grey cloth's colour, but is far brighter than the cloth
            bright = cv2.inRange(hsv[..., 2], min(255.0, BODY_BRIGHTER * cloth_v), 255)
            white = white & cv2.bitwise_or(off, bright)
            if self.red_cloth:
                # the head is the cloth's colour, and the cloth's noise scatters "off-cloth"
                # red everywhere: a head is the red inside the white body's outline
                size = max(3, round(HEAD_CLOSE_MM * self.scale) | 1)
                kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
                red = red & cv2.morphologyEx(white, cv2.MORPH_CLOSE, kernel)
            else:
                red = red & off
            if faded and self.white_cloth:
                red = red | _dark_heads(image[y0:y1, x0:x1], white, self.scale)
        return white, red

    def _shade(self, hsv: np.ndarray, cloth_v: float) -> np.ndarray:
        """The cloth's brightness round each pixel of a patch (``hsv``), never above the
        patch's median ``cloth_v`` nor below :data:`SHADOW_FLOOR` of it: the mean brightness
        of the cloth's pixels (saturated, :data:`BODY_MAX_SAT`, and not a black ball's,
        :data:`SHADE_CLOTH_MIN`) in a box a ball's diameter wide (the median where they are
        few, :data:`SHADE_CLOTH_SHARE`)."""
        sat, value = hsv[..., 1], hsv[..., 2].astype(np.float32)
        cloth = ((sat > BODY_MAX_SAT) & (value >= SHADE_CLOTH_MIN * cloth_v)).astype(np.float32)
        size = (max(3, round(2 * self.ball_px) | 1),) * 2
        share = cv2.blur(cloth, size)
        local = cv2.blur(value * cloth, size) / np.maximum(share, 1e-6)
        local = np.where(share > SHADE_CLOTH_SHARE, local, cloth_v)
        return np.clip(local, SHADOW_FLOOR * cloth_v, cloth_v)

    def _washed(self, image: np.ndarray, balls_px: Sequence[tuple[float, float, float]]) -> bool:
        """Whether the set-up frame's colour is washed out: fewer than :data:`WASHED_SHARE`
        of the skittles in the picture show a head of :data:`FEW_HEAD_PIXELS` by the absolute
        test.  Only then is a skittle's head looked for by the relative test: where the
        others' heads are red, a mark with none has no skittle (an empty mark's chalk cross
        beside red heads gave 4 px of "head" on an uncompressed video, seed 402's shot 9)."""
        if self.red_cloth:
            return False
        shown = total = 0
        for spec in self.layout.skittles:
            box = self._patch(spec.name, image.shape)
            x0, y0, x1, y1 = box
            if x1 - x0 < 3 or y1 - y0 < 3:
                continue
            cloth = float(np.median(cv2.cvtColor(image[y0:y1, x0:x1], cv2.COLOR_BGR2HSV)[..., 2]))
            found = self._find(image, spec.name, box, cloth, _discs(balls_px, box), faded=False)
            total += 1
            shown += found is not None and int(found[1].sum()) >= FEW_HEAD_PIXELS
        return shown < WASHED_SHARE * total

    def _reference(
        self,
        image: np.ndarray,
        name: str,
        balls_px: Sequence[tuple[float, float, float]],
        washed: bool,
    ) -> Reference:
        """The skittle's reference on the set-up frame; ``washed``: its colour is washed out
        (:meth:`_washed`), and a head may be found by the relative test."""
        box = self._patch(name, image.shape)
        x0, y0, x1, y1 = box
        spec = self.layout.skittle(name)
        cx, cy = self.calibration.to_image([spec.at])[0]
        if x1 - x0 < 3 or y1 - y0 < 3:  # its mark out of the picture: no skittle seen there
            return Reference(name, x0, y0, None, (cx, cy), 0, 0.0)
        cloth = float(np.median(cv2.cvtColor(image[y0:y1, x0:x1], cv2.COLOR_BGR2HSV)[..., 2]))
        discs = _discs(balls_px, box)
        found = self._find(image, name, box, cloth, discs, faded=False)
        if washed and (found is None or int(found[1].sum()) < FEW_HEAD_PIXELS):
            # compression may have washed its head out, or all but a pixel or two of it
            found = self._find(image, name, box, cloth, discs, faded=True) or found
        if found is None:
            return Reference(name, box[0], box[1], None, (cx, cy), 0, cloth)
        mask, head, faded = found
        ys, xs = np.nonzero(mask)
        mx, my = float(xs.mean()), float(ys.mean())
        grown = cv2.dilate(mask.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
        top = np.pi * (spec.body_radius * self.scale) ** 2
        cut = bool((grown & (discs > 0)).any()) or mask.sum() < PARTIAL_TOP * top
        return Reference(
            name,
            box[0],
            box[1],
            mask,
            (mx + box[0], my + box[1]),
            int(mask.sum()),
            cloth,
            _reach(mask, head),
            _centre(head),
            head if head.any() else None,
            cut,
            (discs > 0) if cut else None,
            faded,
        )

    def _find(
        self,
        image: np.ndarray,
        name: str,
        box: tuple[int, int, int, int],
        cloth: float,
        discs: np.ndarray,
        faded: bool,
    ) -> tuple[np.ndarray, np.ndarray, bool] | None:
        """The skittle's blob in its set-up patch (its mask, its head's pixels and
        ``faded``), or None."""
        spec = self.layout.skittle(name)
        cx, cy = self.calibration.to_image([spec.at])[0]
        white, red = self._layers(image, box, cloth, faded)
        pixels = cv2.bitwise_or(white, red) & ~discs
        count, labels, stats, centroids = cv2.connectedComponentsWithStats(pixels, connectivity=8)
        # seen from above a standing skittle's red head is on top, in view whatever stands
        # round it: a blob with no head is no skittle (a chalk cross on a grey cloth is as
        # white as a body, and a body in a ball's shadow may not read white at all); on a red
        # cloth, or where compression washed out its colour, a body big enough stands for a
        # head the video's colour blur lost
        heads = np.bincount(labels[red > 0], minlength=count)
        bodies = np.bincount(labels[white > 0], minlength=count)
        marks = [
            self.calibration.to_image([s.at])[0] for s in self.layout.skittles if s.name != name
        ]
        best, best_d = None, (spec.height * 0.6 + 15) * self.scale
        # its head's colour may be gone altogether (not where a chalk cross is as white)
        headless = self.red_cloth or (faded and not self.white_cloth)
        # a head the relative test finds is spread over its colour's blocks: a pixel or two
        # is the bleed of a neighbour's head over a chalk cross
        least = FEW_HEAD_PIXELS if faded else 1
        for i in range(1, count):
            if stats[i, cv2.CC_STAT_AREA] < 3:
                continue
            if heads[i] < least and not (headless and bodies[i] >= MIN_BODY_PIXELS):
                continue
            at = (centroids[i][0] + box[0], centroids[i][1] + box[1])
            d = float(np.hypot(at[0] - cx, at[1] - cy))
            # nearer another skittle's mark, it is that skittle (the big one's search reaches
            # its neighbours when it is off the table)
            if d < best_d and all(np.hypot(at[0] - x, at[1] - y) > d for x, y in marks):
                best, best_d = i, d
        if best is None:
            return None
        mask = labels == best
        return mask, (red > 0) & mask, faded

    def base_px(self, name: str) -> tuple[float, float]:
        """Where the skittle stood at the set-up (image px): its reference's centre, or, where
        a ball hid part of it (:attr:`Reference.cut`), its mark's place: the part in view is
        the far side from the ball, its centre pushed away from it (side skittles beside the
        balls on their spots, development seeds 200 and 206: 6.7 mm off their marks at the
        median, to 21 mm, uncut references 1.7 mm), and a ball's touch timed on that centre
        came a few ms late (red into the pink and side_front, their touches 4 ms apart, read
        in the wrong order)."""
        ref = self.references[name]
        if ref.cut:
            x, y = self.calibration.to_image([self.layout.skittle(name).at])[0]
            return float(x), float(y)
        return ref.centroid

    def read(
        self, image: np.ndarray, balls_px: Sequence[tuple[float, float, float]]
    ) -> dict[str, str]:
        """Each skittle's state; ``balls_px``: (x, y, radius) of the balls to cut out."""
        return {name: self.state(image, name, balls_px) for name in self.references}

    def state(
        self, image: np.ndarray, name: str, balls_px: Sequence[tuple[float, float, float]]
    ) -> str:
        ref = self.references[name]
        if ref.mask is None:
            return REMOVED
        h, w = ref.mask.shape
        box = (ref.x0, ref.y0, ref.x0 + w, ref.y0 + h)
        white, red = self._layers(image, box, ref.cloth, ref.faded)
        pixels = (white | red) > 0
        heads = red > 0
        hidden_b = _discs(balls_px, box) > 0
        visible = ref.mask & ~hidden_b
        free = (pixels & ~hidden_b).astype(np.uint8)
        count, labels, stats, centroids = cv2.connectedComponentsWithStats(free, connectivity=8)
        covered = visible.sum() < 0.35 * ref.area
        if not covered and (pixels & visible).sum() >= 0.45 * visible.sum():
            touching = [i for i in np.unique(labels[visible & pixels]) if i > 0]
            area = int(sum(stats[i, cv2.CC_STAT_AREA] for i in touching))
            head = self._head_in_place(ref, heads, hidden_b)
            if (
                head is False
                and (self.red_cloth or ref.faded)
                and area <= ref.area + MIN_BODY_PIXELS
            ):
                # on a red cloth the video's colour blur takes a head of the cloth's colour
                # now and then (seed 97, shot 19: on every frame but the set-up's), and a head
                # found only by the relative test (a washed-out stream) comes and goes with
                # each frame's JPEG (varied seed 510: read down one frame after the set-up);
                # a body no bigger than it stood at the set-up is no fallen body lying out of
                # its place, so a lost head there says nothing, and where it stands decides
                head = None
            if area <= self._as_standing(ref):
                if head is not False:
                    return self._slid(ref, touching, labels, stats, centroids, heads, hidden_b)
                # its place is still white but its head has gone: the base end of a
                # fallen body (the rest under a ball), or a skittle slid off
            elif head:
                return UP  # a neighbour lies against it: its own head is still on top
            elif (own := self._own_top(ref, pixels, hidden_b)) is not None:
                # a neighbour lying or slid against it touches it at a point: parted there,
                # its own top stands as big as a standing skittle's, where it stood
                return self._slid(ref, *own, heads, hidden_b)
            else:
                ys, xs = np.nonzero(np.isin(labels, touching))
                cx, cy = ref.centroid[0] - ref.x0, ref.centroid[1] - ref.y0
                reach = float(np.hypot(xs - cx, ys - cy).max()) if len(xs) else 0.0
                spec = self.layout.skittle(name)
                # lying over its own place, the body runs a skittle's length out of it; a
                # neighbour that slid against it does not reach as far
                if reach <= 0.7 * spec.height * self.scale:
                    return UP
                return DISPLACED if self._standing_copy(ref, pixels, heads, hidden_b) else DOWN
        cx, cy = ref.centroid[0] - ref.x0, ref.centroid[1] - ref.y0
        reach = 45.0 * self.scale
        height = self.layout.skittle(name).height * self.scale
        most = max(2.5 * ref.area, self._whole(ref))  # a ball may have hid part of it
        for i in range(1, count):
            area = stats[i, cv2.CC_STAT_AREA]
            if not 0.4 * ref.area <= area <= most:
                continue
            d = float(np.hypot(centroids[i][0] - cx, centroids[i][1] - cy))
            if d > reach:
                continue
            # standing, a skittle is all within its own reach of its head, as at the set-up;
            # lying, its body runs a skittle's length from the head (even where a ball hides
            # part of it), and with no head in view it is not a standing skittle's top
            blob = labels == i
            standing = max(ref.reach + 2.5, 0.65 * height)  # the reference may be cut by a ball
            if _reach(blob, heads & blob) <= standing and self._slid_head(ref, heads & blob):
                return DISPLACED
        if covered and self._lying_out(ref, labels, stats, heads, hidden_b):
            return DOWN
        if covered:
            return COVERED
        return DISPLACED if self._standing_copy(ref, pixels, heads, hidden_b) else DOWN

    def _own_top(
        self, ref: Reference, pixels: np.ndarray, hidden: np.ndarray
    ) -> tuple[list[int], np.ndarray, np.ndarray, np.ndarray] | None:
        """The skittle's own top, parted from what touches it at a pixel or two (the blob's
        thin junctions opened, :data:`PART_PX`): its component's index, labels, stats and
        centroids, where that component keeps :data:`KEPT_SHARE` of the set-up's pixels in
        view and is no bigger than a standing skittle's top; else None (a body lying out of
        its place is as wide there as a top, and stays joined to it)."""
        if ref.mask is None:
            return None
        kernel = np.ones((PART_PX, PART_PX), np.uint8)
        parted = cv2.morphologyEx((pixels & ~hidden).astype(np.uint8), cv2.MORPH_OPEN, kernel)
        count, labels, stats, centroids = cv2.connectedComponentsWithStats(parted, connectivity=4)
        visible = ref.mask & ~hidden
        seen = int(visible.sum())
        if seen == 0:
            return None
        own = np.bincount(labels[visible], minlength=count)
        own[0] = 0
        i = int(np.argmax(own))
        if own[i] < KEPT_SHARE * seen:
            return None
        if stats[i, cv2.CC_STAT_AREA] > self._as_standing(ref):
            return None
        return [i], labels, stats, centroids

    def _standing_copy(
        self, ref: Reference, pixels: np.ndarray, heads: np.ndarray, hidden: np.ndarray
    ) -> bool:
        """Whether the skittle stands slid within a slide of its place, merged into one blob
        with a fallen neighbour lying against it or across its place: a red head the size of
        its own, with the set-up's pixels round it as they were round its head, which is not
        the far end of a neighbour lying from its own place."""
        if ref.head_mask is None or ref.head is None or ref.mask is None:
            return False
        count, _labels, stats, centres = cv2.connectedComponentsWithStats(
            heads.astype(np.uint8), connectivity=8
        )
        head_area = int(ref.head_mask.sum())
        nudge = max(2.5, 0.2 * self.ball_px)
        for i in range(1, count):
            dx, dy = centres[i][0] - ref.head[0], centres[i][1] - ref.head[1]
            if not nudge < float(np.hypot(dx, dy)) <= SLIDE_MM * self.scale:
                continue
            if not 0.5 * head_area <= stats[i, cv2.CC_STAT_AREA] <= 2.0 * head_area:
                continue
            if self._fit_at(ref, (dx, dy), pixels, heads, hidden) < 0.8:
                continue
            at = (centres[i][0] + ref.x0, centres[i][1] + ref.y0)
            if not self._lying_head(ref.name, at, pixels, hidden, (ref.x0, ref.y0)):
                return True
        return False

    @staticmethod
    def _fit_at(
        ref: Reference,
        shift: tuple[float, float],
        pixels: np.ndarray,
        heads: np.ndarray,
        hidden: np.ndarray,
    ) -> float:
        """How well the set-up's picture, moved by about ``shift`` (px, to a pixel either
        way), fits: the share of its pixels still skittle pixels, where at least seven
        tenths of its head's are still red (0 where that nowhere holds)."""
        head_ys, head_xs = np.nonzero(ref.head_mask)
        body_ys, body_xs = np.nonzero(ref.mask)
        best = 0.0
        for dx in range(round(shift[0]) - 1, round(shift[0]) + 2):
            for dy in range(round(shift[1]) - 1, round(shift[1]) + 2):
                if _fit(heads, hidden, head_xs + dx, head_ys + dy) >= 0.7:
                    best = max(best, _fit(pixels, hidden, body_xs + dx, body_ys + dy))
        return best

    def _lying_head(
        self,
        name: str,
        at: tuple[float, float],
        pixels: np.ndarray,
        hidden: np.ndarray,
        corner: tuple[int, int],
    ) -> bool:
        """Whether a head at ``at`` (image px) is another skittle's, fallen from its place: a
        lying skittle's head is its length from where it stood, white body all the way."""
        for other in self.references.values():
            if other.name == name or other.mask is None:
                continue
            spec = self.layout.skittle(other.name)
            length = (spec.height - spec.body_radius) * self.scale
            gap = float(np.hypot(at[0] - other.centroid[0], at[1] - other.centroid[1]))
            if not 0.75 * length <= gap <= 1.2 * length:
                continue
            steps = np.linspace(0.1, 0.9, 12)
            xs = np.round(at[0] + steps * (other.centroid[0] - at[0]) - corner[0]).astype(int)
            ys = np.round(at[1] + steps * (other.centroid[1] - at[1]) - corner[1]).astype(int)
            if _fit(pixels, hidden, xs, ys, least=4) >= 0.8:
                return True
        return False

    def _lying_out(
        self,
        ref: Reference,
        labels: np.ndarray,
        stats: np.ndarray,
        heads: np.ndarray,
        hidden: np.ndarray,
    ) -> bool:
        """Whether, its place under a ball, the skittle is seen lying: a body runs out from
        under that ball with its head further from where the head stood than a slide takes it,
        and no further than a skittle's length."""
        if ref.head is None:
            return False
        edge = cv2.dilate(hidden.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
        length = (self.layout.skittle(ref.name).height + 20.0) * self.scale
        for i in np.unique(labels[edge & ~hidden]):
            if i == 0 or not 0.4 * ref.area <= stats[i, cv2.CC_STAT_AREA] <= 6 * ref.area:
                continue
            head = _centre(heads & (labels == i))
            if head is None:
                continue
            shift = float(np.hypot(head[0] - ref.head[0], head[1] - ref.head[1]))
            if SLIDE_MM * self.scale < shift <= length:
                return True
        return False


def _centre(mask: np.ndarray) -> tuple[float, float] | None:
    """The centre of a mask's pixels (None when it has none)."""
    ys, xs = np.nonzero(mask)
    return (float(xs.mean()), float(ys.mean())) if len(xs) else None


def _discs(
    balls_px: Sequence[tuple[float, float, float]], box: tuple[int, int, int, int]
) -> np.ndarray:
    """The balls' discs inside a patch (uint8 0/255)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    hidden = np.zeros((h, w), np.uint8)
    for bx, by, radius in balls_px:
        if -radius < bx - x0 < w + radius and -radius < by - y0 < h + radius:
            cv2.circle(hidden, (round(bx - x0), round(by - y0)), round(radius), 255, -1)
    return hidden


def _fit(
    mask: np.ndarray, hidden: np.ndarray, xs: np.ndarray, ys: np.ndarray, least: int = 0
) -> float:
    """The share of the points (patch px) in view that are on ``mask``; 0 when fewer than
    ``least`` of them, or under six tenths of them, are in the patch and clear of balls."""
    h, w = mask.shape
    inside = (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
    xs, ys = xs[inside], ys[inside]
    clear = ~hidden[ys, xs]
    xs, ys = xs[clear], ys[clear]
    if len(xs) < max(least, 0.6 * len(inside)) or len(xs) == 0:
        return 0.0
    return float(np.count_nonzero(mask[ys, xs])) / len(xs)


def _reach(blob: np.ndarray, heads: np.ndarray) -> float:
    """How far the blob's pixels lie from the centre of its red head (inf without a head)."""
    ys, xs = np.nonzero(heads)
    if len(xs) == 0:
        return float("inf")
    hx, hy = xs.mean(), ys.mean()
    by, bx = np.nonzero(blob)
    return float(np.hypot(bx - hx, by - hy).max())


def _redder(patch: np.ndarray, white: np.ndarray, scale: float) -> np.ndarray:
    """The head pixels (uint8 0/255) of a patch whose colour compression blurred: inside a
    white body's outline, darker than a white body, and within a few px redder than grey and
    than the cloth's noise round it (:data:`HEAD_REDNESS`)."""
    ycc = cv2.cvtColor(patch, cv2.COLOR_BGR2YCrCb)
    size = 2 * HEAD_CHROMA_PX + 1
    cr = cv2.dilate(ycc[..., 1], np.ones((size, size), np.uint8))
    values = ycc[..., 1].astype(np.float32)
    median = float(np.median(values))
    spread = float(np.median(np.abs(values - median)))
    floor = max(NEUTRAL_CR, median + HEAD_CLOTH_MADS * spread) + HEAD_REDNESS
    close = max(3, round(HEAD_CLOSE_MM * scale) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (close, close))
    inside = cv2.morphologyEx(white, cv2.MORPH_CLOSE, kernel)
    dark = cv2.inRange(ycc[..., 0], 0, HEAD_LUMA)
    return dark & inside & cv2.inRange(cr, min(255.0, floor), 255)


def _dark_heads(patch: np.ndarray, white: np.ndarray, scale: float) -> np.ndarray:
    """The head pixels (uint8 0/255) of a patch on a cloth the white-body test passes (grey,
    camel) whose colour compression took: holes in a white body's outline (closed over
    :data:`HEAD_CLOSE_MM`) darker than :data:`HEAD_DARKER` of the patch's median luma.  A
    chalk cross's arms close over the cloth's own colour, no darker than the cloth."""
    luma = cv2.cvtColor(patch, cv2.COLOR_BGR2YCrCb)[..., 0]
    close = max(3, round(HEAD_CLOSE_MM * scale) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (close, close))
    inside = cv2.morphologyEx(white, cv2.MORPH_CLOSE, kernel) & ~white
    dark = cv2.inRange(luma, 0, HEAD_DARKER * float(np.median(luma)))
    return inside & dark


def _passes_for_skittle(cloth: ClothModel, setup: np.ndarray) -> tuple[bool, bool]:
    """Whether the cloth itself passes the white-body test (a grey or camel cloth) and the
    red-head test (a red one): only then must every patch leave the cloth's pixels out, which
    costs a colour test per pixel and frame that a green or blue cloth does not need."""
    small = cv2.resize(setup, (160, 90), interpolation=cv2.INTER_AREA)
    on_cloth = cloth.is_cloth(small)
    if not on_cloth.any():
        return False, False
    hsv = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)
    white, red = _skittle_colours(hsv, float(np.median(hsv[..., 2][on_cloth])))
    total = float(on_cloth.sum())
    return (
        float(((white > 0) & on_cloth).sum()) / total > CLOTH_PASSES,
        float(((red > 0) & on_cloth).sum()) / total > CLOTH_PASSES,
    )


def _skittle_colours(hsv: np.ndarray, cloth_v: float | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The white-body and red-head pixels (uint8 0/255) of an HSV image: bodies grey and not
    much darker than the cloth's brightness ``cloth_v`` (one for the image, or one per pixel:
    :meth:`SkittleWatcher._shade`; a shadow on a body keeps it white)."""
    if isinstance(cloth_v, np.ndarray):
        bright = hsv[..., 2] >= np.minimum(250.0, 0.8 * cloth_v)
        white = ((hsv[..., 1] <= BODY_MAX_SAT) & bright).astype(np.uint8) * 255
    else:
        white = cv2.inRange(hsv, (0, 0, min(250, 0.8 * cloth_v)), (180, BODY_MAX_SAT, 255))
    red = cv2.inRange(hsv, (0, 110, 60), (8, 255, 255)) | cv2.inRange(
        hsv, (168, 110, 60), (180, 255, 255)
    )
    return white, red
