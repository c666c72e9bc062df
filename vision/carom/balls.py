"""Balls by colour and shape, on a downscaled frame (the speed the tracker needs).

Each ball of the preset has a colour; a pixel is a candidate for a ball when its hue,
saturation and brightness are near that colour's (brightness relative, since the lamps light
the table unevenly), or, for the achromatic balls, when it is dark and grey (black) or bright
and grey (white).  Connected blobs of about a ball's area (up to three times it: motion blur
stretches a fast ball) are the candidates, the blob's centroid its centre, mapped to table mm
through the calibration.  The pockets are left out (they are black too), and so is everything
off the cloth, and the cushions' outer rim (where cloth and rail blend into any hue).  A ball
whose colour the cloth's is near is kept apart from the cloth: a light one by its shading (its
lit middle brighter than the cloth round it: a red ball on a red cloth has no other mark), a
black one by being off the cloth's colour and brightness.  A pale ball that compression washes
out to grey (the pink) is the ball of the set that nothing else seen accounts for: it learns
its colour from that ball on the set-up frame.

What a broadcast stream and strong lamps do to them is allowed for: the black is dark and of
little colour in absolute terms (the cloth's colour bleeds into it and makes its dark pixels
"saturated"); a ball at the camera's ceiling cannot be brighter than a lamp-lit cloth, so
there a pale ball is found by its colour off the cloth's, and the pink clipped to white is
still the pink; a blob's centre is the ball's middle, not that of a skittle joined to it; and
a blob far longer than wide is a skittle lying, no ball.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.carom.layout import Colour, TableLayout
from vision.carom.table_finder import ClothModel
from vision.profile import Calibration

#: Width of the image the detector works on.
WORK_WIDTH = 640
#: A ball seen at the set-up takes over a coloured ball's hue when their hues are this close,
#: and the shift is at least LEARN_MIN_SHIFT (less, and the nominal hue's window of +-9 still
#: centres on the ball: the mask would only change at its edges).
LEARN_HUE, LEARN_MIN_SHIFT = 20, 5
#: A ball's disc (or a preset colour) at least this saturated is a coloured ball's; less is
#: grey (the white and black balls' tests), unless the set leaves it nobody else to be.
COLOURED_SAT = 60
#: The grey balls' tests: black is dark and grey (a shadow on green stays saturated), white
#: bright and grey.  The set-up frame's grey balls seen are claimed by these first, so a black
#: disc tinted by the cloth is never taken for a coloured ball.
BLACK_MAX_SAT, BLACK_MAX_VALUE = 110, 62
#: ... or dark and of little colour in absolute terms (its saturation times its brightness,
#: the spread of its B, G, R, at most BLACK_MAX_CHROMA): a compressed stream keeps the
#: colour at a quarter of the resolution and bleeds the cloth's into the black ball, and at a
#: brightness of 20-50 a few levels of it are a saturation of 110-255 (varied development
#: seeds 9611 shot 6 and 9613 shot 0: the black, 17-50 bright, 21-26 of chroma, was found
#: in no frame).  Every coloured cloth's shadow as dark as BLACK_MAX_VALUE keeps 40 or more
#: (purple's, the least); grey and camel ones pass the saturation test already.
BLACK_MAX_CHROMA = 28
WHITE_MAX_SAT, WHITE_MIN_VALUE = 55, 150
#: A coloured ball that the set-up frame shows fainter than COLOURED_SAT (the pink, 109 at
#: its paint, reads 13-56 on its disc in the broadcast-compressed development videos of seed
#: 500: colour at a quarter resolution and JPEG blur it into what is round it, and the lamps
#: wash it out) is found by its own measure, not its paint: where the set has no white ball,
#: as a white one is (its hue is noise at that saturation), bright and grey: saturation up to
#: its measured one plus FADED_SAT_SPAN, brightness down to FADED_VALUE_SHARE of its measured
#: one; beside a white ball, by its hue with saturation down to FADED_SAT_SHARE of its
#: measured one, never below FADED_SAT_FLOOR (the cloths' and rails' own noise).
FADED_SAT_SPAN, FADED_VALUE_SHARE = 40, 0.6
FADED_SAT_SHARE, FADED_SAT_FLOOR = 0.5, 20
#: A ball's colour within this many cloth limits of the cloth's chromaticity is near it.
NEAR_CLOTH = 3.0
#: A ball whose colour test passes more than this share of the table on the set-up frame (ten
#: balls' worth: a ball covers 0.05 % of a Game A table) is taken by the cloth's colour too.
CLOTH_SHARE = 0.005
#: A ball of the cloth's own colour (a red ball on a red cloth) is told from the cloth by its
#: shading: lit from above, its middle is brighter than the cloth round it, which its dark rim
#: and its shadow darken further.  Its pixels are those brighter than SHADE_BRIGHTER times the
#: mean brightness of the cloth's pixels in a box SHADE_WINDOW ball radii wide round them (the
#: lamps' pools and the cloth's mottle are wider than that, so they divide out; what is not
#: cloth is left out of the mean, else a pocket or a black ball rings itself with "brighter"
#: cloth), brightness first smoothed over SHADE_SMOOTH work px (the cloth's fibre and the
#: sensor's noise).  On the red-cloth videos of development seeds 7 and 91 a red ball's middle
#: is 1.24-1.64 times that mean, the cloth's own pixels (three radii from every ball) 1.12 at
#: the 99.99th percentile, two in a hundred thousand above 1.15, scattered, no ball-sized blob.
SHADE_WINDOW, SHADE_SMOOTH, SHADE_BRIGHTER = 3.0, 3, 1.15
#: A rolling ball's lit middle is smeared along its path, below SHADE_BRIGHTER: its pixels are
#: also those off the cloth's colour and at least SHADE_ROLLING times as bright as the cloth
#: round them (the cloth's off-colour noise is as bright as the cloth; a red ball rolling on
#: a red cloth was lost for the 20 frames it took to reach the pink, the contact missed).
#: Chosen on development seeds 7, 91 and 97: 1.05 let the noise through (seed 91's event
#: precision fell to 0.71), 1.08 and 1.10 read all three alike; 1.08, below the middle.
SHADE_ROLLING = 1.08
#: A pixel this bright is at the camera's ceiling, where shading cannot show (a cloth under a
#: strong lamp at 222 or more leaves no room for SHADE_BRIGHTER): there a pixel off the
#: cloth's colour counts as the lit middle of a ball whose test is grey (white, or a pale one
#: washed out).  The washed-out pink on a red cloth under three lamps (varied development
#: seed 9611 shot 7) is 250-255 on a cloth of 220-245, read 1.0-1.1 times as bright, and was
#: found in no frame; the cloth's own pixels, clipped or not, are on its colour.  Not for a
#: coloured ball's test: the clipped rim of that pink passed for the red.
CLIPPED_VALUE = 250
#: A coloured ball this pale (its paint's saturation at most PALE_SAT, its brightness at
#: least WHITE_MIN_VALUE: the pink, 109) is clipped to white under a strong lamp, its hue
#: lost: where the set has no white ball, its mask takes the pixels at the camera's ceiling
#: (:data:`CLIPPED_VALUE`) as grey as a white ball's (varied development seed 9611 shot 11:
#: rolling into a lamp's pool on a purple cloth the pink read saturation 4-50, its hue drawn
#: to the cloth's, and was lost for its last 70 frames).  The red (204) and the yellow (210)
#: keep their colour.
PALE_SAT = 150
#: A blob more than this many times longer than wide is no ball: a ball blurred by the
#: fastest stroke (3800 mm/s, a shutter of 1/120 s) is 1.5 times longer than wide, a skittle
#: lying 4 to 5 (its white body passed a pink washed out to white, varied development seed
#: 9611 shot 7: once the pink was pocketed it was found afresh on side_front lying).
MAX_ELONGATION = 2.5
#: A blob smaller than this share of a ball's disc is no ball (a ball's rim and shadow eat
#: into its mask, but not to less than a third) ...
MIN_BLOB = 0.3
#: ... but a ball the cloth's colour is near is found by its lit middle alone (its rim and
#: lower side are as dark as the cloth round it, SHADE_BRIGHTER): at rest on a red cloth, in
#: a darker pool of it, a red ball's middle was 0.21-0.33 of its disc on development seed
#: 201 (lost for the whole shot at 0.3), the only blob of its mask in every frame.
SHADED_MIN_BLOB = 0.18
#: A ball's centre is that of its blob's pixels within a ball's radius of it, found in
#: MERGED_STEPS steps from the blob's centroid (:meth:`BallDetector._ball_in`): a blob may be a
#: ball and something beside it, or a ball blurred by its motion.  A skittle's white body
#: beside a ball on its spot joins the pink's or a white ball's blob when compression washes
#: the pink out to white, and the centroid was pulled 6 mm towards it (varied development seed
#: 9611 shot 18: when the red slid the skittle away the pink seemed to move 9 mm off the red, a
#: graze that never was).  Taken for every blob, not only for one larger than a ball: with a
#: size threshold (1.1 ball areas) between the two estimates, a pink at rest whose blob sat at
#: it jumped 7 mm between them from frame to frame with the renderer's noise and was read
#: touching its skittle 16-20 times (fresh varied seeds 9632 and 9641: event precision 0.72 and
#: 0.76, against 0.98 on 9641 so; exact order on the development seeds 9611-9613 and 9615 78 of
#: 96 shots against 79 and the same verdict 82 either way, on 9641-9642 exact order 42 of 48
#: against 41 and the same verdict 43 against 44).  Four steps: the centre moves by less than
#: a tenth of a px in the last.
MERGED_STEPS = 4
#: Half the width (mm) of the band along the cushions' outer edge left out of every ball's
#: mask: there the cloth-covered cushion meets the rail, and the pixels blending the two take
#: hues and brightnesses of neither (a red-cloth cushion against a brown rail passes for the
#: red ball), blinking from frame to frame with the noise.  On the red-cloth shots of
#: development seed 7 such blobs lay 0-6 mm outside the edge; 12 mm is twice that, a third
#: of a ball's radius, so a ball flying off over the rim is still seen either side of it.
RIM_MM = 12.0


@dataclass(frozen=True)
class Candidate:
    """A blob that may be a ball: centre in table mm, how ball-like it is (0..1)."""

    x: float
    y: float
    score: float


def _disc_hsv(hsv: np.ndarray, x: float, y: float, r: float) -> tuple[int, int, int] | None:
    """Median hue, saturation and brightness of a ball's inner disc, its highlight left out."""
    reach = max(1, int(0.6 * r))
    patch = hsv[
        max(0, int(y) - reach) : int(y) + reach + 1, max(0, int(x) - reach) : int(x) + reach + 1
    ]
    pixels = patch.reshape(-1, 3).astype(np.float32)
    if len(pixels) < 4:
        return None
    pixels = pixels[pixels[:, 2] <= np.percentile(pixels[:, 2], 90)]
    hues = pixels[:, 0] * (np.pi / 90)  # hue is circular: red sits at both ends
    hue = (np.degrees(np.arctan2(np.sin(hues).mean(), np.cos(hues).mean())) / 2) % 180
    return int(np.rint(hue)) % 180, int(np.median(pixels[:, 1])), int(np.median(pixels[:, 2]))


def _grey_fits(colour: tuple[int, int, int], v0: int) -> bool:
    """Whether a disc's (hue, saturation, brightness) passes the test of a grey ball painted
    ``v0`` bright: black's dark and grey, or white's bright and grey."""
    if v0 < 90:
        grey = colour[1] <= BLACK_MAX_SAT or colour[1] * colour[2] <= 255 * BLACK_MAX_CHROMA
        return grey and colour[2] <= BLACK_MAX_VALUE
    return colour[1] <= WHITE_MAX_SAT and colour[2] >= WHITE_MIN_VALUE


def _grey_gap(colour: tuple[int, int, int], s0: int, v0: int) -> int:
    """How unlike a grey ball's paint a disc is, by saturation and brightness."""
    return abs(colour[1] - s0) + abs(colour[2] - v0)


def _hue_gap(a: int, b: int) -> int:
    """How far apart two OpenCV hues (0-179) are round the circle."""
    return min(abs(a - b), 180 - abs(a - b))


def _near(cloth: ClothModel, colour: Colour) -> bool:
    """Whether a ball of this colour could pass for the cloth by its chromaticity."""
    b, g, r = (float(c) + 1.0 for c in colour)
    total = b + g + r
    off = np.hypot(b / total - cloth.colour[0], g / total - cloth.colour[1])
    return bool(off < NEAR_CLOTH * cloth.limit)


def _hsv(colour: Colour) -> tuple[int, int, int]:
    pixel = np.uint8([[list(colour)]])
    h, s, v = cv2.cvtColor(pixel, cv2.COLOR_BGR2HSV)[0, 0]
    return int(h), int(s), int(v)


class BallDetector:
    """Finds the candidates of every ball in a BGR frame of the calibrated table."""

    def __init__(
        self,
        layout: TableLayout,
        calibration: Calibration,
        size: tuple[int, int],
        cloth: ClothModel | None = None,
    ) -> None:
        width, height = size
        self.layout = layout
        self.cloth = cloth
        self.factor = min(1.0, WORK_WIDTH / width)
        self.work = (max(1, round(width * self.factor)), max(1, round(height * self.factor)))
        to_image = calibration.to_image
        scale = np.hypot(*(to_image([(100.0, 0.0)])[0] - to_image([(0.0, 0.0)])[0])) / 100.0
        self.radius_px = layout.ball_radius * scale  # px in the frame
        self.radius = self.radius_px * self.factor  # px in the work image
        work_h = np.diag([self.factor, self.factor, 1.0]) @ np.linalg.inv(calibration.homography)
        self.to_table = np.linalg.inv(work_h)
        self.valid = self._valid_area(layout, work_h)
        self.colours = {ball: _hsv(colour) for ball, colour in layout.balls.items()}
        #: The grey balls of the set (white, black), by their paint: a coloured ball learned
        #: as faded as they are (:meth:`_learn_faded`) is still told by its hue.
        self.grey = {ball for ball, (_h, s0, _v) in self.colours.items() if s0 < COLOURED_SAT}
        self.white = {ball for ball in self.grey if self.colours[ball][2] >= 90}
        #: The balls whose colour the cloth's is near (a white ball on a grey cloth, a red on
        #: a burgundy one): their masks leave the cloth's own pixels out (:meth:`masks`).
        self.near_cloth = {
            ball
            for ball, colour in layout.balls.items()
            if cloth is not None and _near(cloth, colour)
        }

    def _valid_area(self, layout: TableLayout, work_h: np.ndarray) -> np.ndarray:
        """Where a ball may be seen: the cloth and the cushions (a ball leaving the table is
        seen up to the rail's edge), less the pockets and the cushions' outer rim
        (:data:`RIM_MM`)."""
        hx, hy = layout.half
        grow = layout.cushion_width + layout.rail_width * 0.8
        corners = np.float32(
            [
                (-hx - grow, hy + grow),
                (hx + grow, hy + grow),
                (hx + grow, -hy - grow),
                (-hx - grow, -hy - grow),
            ]
        )
        pixels = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), work_h).reshape(-1, 2)
        mask = np.zeros((self.work[1], self.work[0]), np.uint8)
        cv2.fillPoly(mask, [np.round(pixels).astype(np.int32)], 255)
        rx, ry = hx + layout.cushion_width, hy + layout.cushion_width
        rim = np.array([(-rx, ry), (rx, ry), (rx, -ry), (-rx, -ry)], np.float32)
        edge = cv2.perspectiveTransform(rim.reshape(-1, 1, 2), work_h).reshape(-1, 2)
        width = max(1, round(2 * RIM_MM * self.radius / layout.ball_radius))
        cv2.polylines(mask, [np.round(edge).astype(np.int32)], True, 0, width)
        for pocket in layout.pockets:
            centre = cv2.perspectiveTransform(np.float32([[pocket.at]]), work_h)[0, 0]
            cv2.circle(mask, (round(centre[0]), round(centre[1])), round(self.radius * 2.0), 0, -1)
        return mask

    def learn(self, image: np.ndarray, seen: list[tuple[float, float, float]]) -> dict[str, tuple]:
        """Take each coloured ball's colour from the table itself: ``seen`` (x, y, radius in
        ``image`` px, from :func:`vision.carom.ball_finder.find_balls` on the set-up frame)
        are matched to the set's coloured balls by hue, nearest first, and a match within
        LEARN_HUE replaces the nominal hue by the measured one (this lamp, this camera's white
        balance).  A ball matched within LEARN_MIN_SHIFT keeps its nominal hue and is matched
        all the same: no other blob may take it over (the black ball's disc, tinted by a blue
        cloth, reads a saturated orange 16 hue steps off the red and so took the red's hue from
        a red seen at its own).  White and black keep their grey tests.  Returns what was
        learned."""
        hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
        measured = [_disc_hsv(hsv, x, y, r) for x, y, r in seen]
        used = self._claim_grey(measured)
        grey_seen = len(used) == len(self.grey)  # every grey ball of the set seen
        pairs = []
        for ball, (h0, _s0, _v0) in self.colours.items():
            if ball in self.grey:
                continue
            for i, colour in enumerate(measured):
                if colour is not None and colour[1] >= COLOURED_SAT and i not in used:
                    pairs.append((_hue_gap(colour[0], h0), ball, i))
        learned: dict[str, tuple] = {}
        matched: set[str] = set()  # a ball matched once is matched: learned or kept nominal
        for gap, ball, i in sorted(pairs):
            if gap > LEARN_HUE or ball in matched or i in used:
                continue
            used.add(i)
            matched.add(ball)
            if gap < LEARN_MIN_SHIFT:
                continue  # the nominal hue's window already centres on it
            _h0, s0, v0 = self.colours[ball]
            # The hue moves with the light; the masks' saturation and brightness bounds are
            # wide already.
            learned[ball] = (measured[i][0], s0, v0)
        if grey_seen:
            learned.update(self._learn_faded(measured, used, matched))
        self.colours.update(learned)
        return learned

    def _claim_grey(self, measured: list[tuple[int, int, int] | None]) -> set[int]:
        """The balls seen that the set's grey balls (white, black) take: each the one most
        like it (by saturation and brightness) of those its own test passes
        (:data:`BLACK_MAX_SAT`, :data:`WHITE_MAX_SAT`).  Claimed first, a black disc the cloth
        tints (a saturated orange on a blue cloth, a red 6 hue steps off on a compressed
        video) is never matched to a coloured ball by its hue."""
        used: set[int] = set()
        for ball, (_h0, s0, v0) in self.colours.items():
            if ball not in self.grey:
                continue
            fits = [
                i
                for i, colour in enumerate(measured)
                if colour is not None and i not in used and _grey_fits(colour, v0)
            ]
            if fits:
                used.add(min(fits, key=lambda i: _grey_gap(measured[i], s0, v0)))
        return used

    def _learn_faded(
        self,
        measured: list[tuple[int, int, int] | None],
        used: set[int],
        matched: set[str],
    ) -> dict[str, tuple]:
        """A coloured ball of the set that no ball seen matched by hue takes the colour of a
        ball seen too grey for any coloured ball's test and that no grey ball of the set
        claimed: compressed video washes a pale ball out (the pink reads grey,
        :data:`COLOURED_SAT`), and a ball on the table is some ball of the declared set.
        Only where every grey ball of the set was seen and such balls are as many on both
        sides (else one was missed or something else taken for one, a white blob on a table
        whose black is not in view, and the nominal colours stay); each then takes the one
        nearest its hue, its measured hue, saturation and brightness learned
        (:data:`FADED_SAT_SPAN`)."""
        free = [
            i
            for i, colour in enumerate(measured)
            if colour is not None and i not in used and colour[1] < COLOURED_SAT
        ]
        left = [b for b in self.colours if b not in self.grey and b not in matched]
        if not left or len(left) != len(free):
            return {}
        pairs = sorted(
            (_hue_gap(measured[i][0], self.colours[b][0]), b, i) for b in left for i in free
        )
        learned: dict[str, tuple] = {}
        for _gap, ball, i in pairs:
            if ball in learned or i not in free:
                continue
            free.remove(i)
            learned[ball] = measured[i]
        return learned

    def guard_cloth(self, image: np.ndarray) -> set[str]:
        """Find, on the set-up frame, the balls whose colour test the cloth itself passes
        (a pink on a burgundy cloth under a lamp): where a ball's mask covers more of the table
        than CLOTH_SHARE, that ball's mask leaves the cloth's pixels out from now on, whatever
        the nominal colours say.  Returns the balls so guarded."""
        if self.cloth is None:
            return set()
        small = (
            cv2.resize(image, self.work, interpolation=cv2.INTER_AREA) if self.factor < 1 else image
        )
        table = max(1, int(np.count_nonzero(self.valid)))
        masks = self.masks(cv2.cvtColor(small, cv2.COLOR_BGR2HSV))
        spread = {
            ball for ball, mask in masks.items() if np.count_nonzero(mask) / table > CLOTH_SHARE
        }
        self.near_cloth |= spread
        return spread

    def masks(self, hsv: np.ndarray, small: np.ndarray | None = None) -> dict[str, np.ndarray]:
        """Per ball, the pixels of its colour (``small``: the BGR work image, for the cloth).

        A ball whose colour the cloth's is near keeps only the pixels that are not the cloth's:
        a light ball those brighter than the cloth round them, its shading
        (:data:`SHADE_BRIGHTER`), since by colour alone a red ball on a red cloth has none (on a
        saturated cloth the dark channels' noise scatters the cloth's own chromaticity over the
        ball's, clouds of "off-cloth" pixels that pass for the ball), a coloured ball also those
        off the cloth's colour and a little brighter (:data:`SHADE_ROLLING`: rolling, its lit
        middle is smeared); a black ball, darker than any lit cloth, those off the cloth's
        colour and brightness."""
        off_cloth = shaded = lit = None
        if self.near_cloth and self.cloth is not None and small is not None:
            on_cloth = self.cloth.is_cloth(small)
            off_cloth = (~on_cloth).astype(np.uint8) * 255
            brightness, cloth_round = self._against_cloth(hsv[..., 2], on_cloth)
            shaded = _brighter(brightness, cloth_round, SHADE_BRIGHTER)
            rolling = _brighter(brightness, cloth_round, SHADE_ROLLING)
            lit = cv2.bitwise_or(shaded, cv2.bitwise_and(off_cloth, rolling))
            # at the camera's ceiling nothing is brighter than the cloth round it: there a
            # pixel off the cloth's colour is taken as a grey ball's lit middle
            # (:data:`CLIPPED_VALUE`)
            clipped = cv2.inRange(hsv[..., 2], CLIPPED_VALUE, 255)
            shaded = cv2.bitwise_or(shaded, cv2.bitwise_and(off_cloth, clipped))
        out = {}
        for ball, (h0, s0, v0) in self.colours.items():
            cut: np.ndarray | None = off_cloth
            if ball in self.grey and v0 < 90:  # black
                mask = cv2.inRange(hsv, (0, 0, 0), (180, BLACK_MAX_SAT, BLACK_MAX_VALUE))
                mask |= _dark_grey(hsv)
            elif ball in self.grey:  # white
                mask = cv2.inRange(hsv, (0, 0, WHITE_MIN_VALUE), (180, WHITE_MAX_SAT, 255))
                cut = shaded
            elif s0 < COLOURED_SAT and not self.white:  # faded: a white one's test, its measure
                v_lo = round(FADED_VALUE_SHARE * v0)
                mask = cv2.inRange(hsv, (0, 0, v_lo), (180, s0 + FADED_SAT_SPAN, 255))
                cut = shaded
            else:
                low, high = (h0 - 9) % 180, (h0 + 9) % 180
                s_lo, s_hi = max(40, s0 - 75), min(255, s0 + 75)
                if s0 < COLOURED_SAT:  # faded beside a white ball: its hue tells them apart
                    s_lo = max(FADED_SAT_FLOOR, round(FADED_SAT_SHARE * s0))
                v_lo = max(50, int(v0 * 0.38))
                if low < high:
                    mask = cv2.inRange(hsv, (low, s_lo, v_lo), (high, s_hi, 255))
                else:
                    mask = cv2.inRange(hsv, (low, s_lo, v_lo), (180, s_hi, 255)) | cv2.inRange(
                        hsv, (0, s_lo, v_lo), (high, s_hi, 255)
                    )
                if s0 <= PALE_SAT and v0 >= WHITE_MIN_VALUE and not self.white:
                    # a pale ball under a strong lamp is clipped to white: its hue is gone
                    mask |= cv2.inRange(hsv, (0, 0, CLIPPED_VALUE), (180, WHITE_MAX_SAT, 255))
                cut = lit
            if cut is not None and ball in self.near_cloth:
                mask = cv2.bitwise_and(mask, cut)
            out[ball] = cv2.bitwise_and(mask, self.valid)
        return out

    def _against_cloth(
        self, value: np.ndarray, on_cloth: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """Each pixel's smoothed brightness times the cloth's share of the box round it, and
        the cloth's brightness summed over that box (``on_cloth``: the cloth's pixels), so
        that a pixel k times as bright as the cloth round it has the first k times the second
        (no division where no cloth is near): measured once a frame for both thresholds.

        The cloth's mean is taken twice, the second time without the pixels the first found
        :data:`SHADE_ROLLING` times as bright: a ball of the cloth's colour passes the
        cloth's colour test too, and its lit middle, counted as cloth, raised the mean it was
        judged against.  Under a strong lamp a red ball on a red cloth is clipped at 255
        against a cloth of 200-210, and its middle read only 1.10-1.15 times that mean: it
        was found in no frame and the whole shot was missed (varied development seed 9611
        shot 7)."""
        window = (max(3, round(SHADE_WINDOW * self.radius) | 1),) * 2
        cloth = on_cloth.astype(np.float32)
        bright = value.astype(np.float32)
        share = cv2.blur(cloth, window)
        local = cv2.blur(bright * cloth, window)
        # a ball of the cloth's colour passes for cloth: its lit middle is left out
        lit = bright * share > SHADE_ROLLING * local
        cloth[lit] = 0.0
        share = cv2.blur(cloth, window)
        local = cv2.blur(bright * cloth, window)
        smooth = cv2.blur(value, (SHADE_SMOOTH, SHADE_SMOOTH)).astype(np.float32)
        return smooth * share, local

    def detect(self, image: np.ndarray) -> dict[str, list[Candidate]]:
        """The candidates of each ball, best first."""
        small = (
            cv2.resize(image, self.work, interpolation=cv2.INTER_AREA) if self.factor < 1 else image
        )
        hsv = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)
        area = math.pi * self.radius**2
        out: dict[str, list[Candidate]] = {}
        for ball, mask in self.masks(hsv, small).items():
            # Labelling costs by the pixels it scans: only the box round this colour's pixels.
            bx, by, bw, bh = cv2.boundingRect(mask)
            found = []
            if bw == 0 or bh == 0:
                out[ball] = found
                continue
            count, labels, stats, centroids = cv2.connectedComponentsWithStats(
                mask[by : by + bh, bx : bx + bw], connectivity=8
            )
            least = SHADED_MIN_BLOB if ball in self.near_cloth else MIN_BLOB
            for i in range(1, count):
                blob = stats[i, cv2.CC_STAT_AREA]
                if blob < least * area or blob > 4.0 * area:
                    continue
                w, h = stats[i, cv2.CC_STAT_WIDTH], stats[i, cv2.CC_STAT_HEIGHT]
                x0, y0 = stats[i, cv2.CC_STAT_LEFT], stats[i, cv2.CC_STAT_TOP]
                own = labels[y0 : y0 + h, x0 : x0 + w] == i
                if _elongation(own) > MAX_ELONGATION:
                    continue  # a skittle lying, no ball
                fill = blob / max(1, w * h)
                size_fit = min(1.0, blob / area) if blob < area else min(1.0, 2.0 * area / blob)
                score = float(min(1.0, fill / 0.7) * size_fit)
                cx, cy = centroids[i][0] + bx, centroids[i][1] + by
                cx, cy = self._ball_in(own, (cx - bx - x0, cy - by - y0), self.radius)
                cx, cy = cx + bx + x0, cy + by + y0
                x, y = cv2.perspectiveTransform(np.float64([[[cx, cy]]]), self.to_table)[0, 0]
                found.append(Candidate(float(x), float(y), score))
            out[ball] = sorted(found, key=lambda c: -c.score)
        return out

    def _ball_in(
        self, blob: np.ndarray, start: tuple[float, float], radius: float
    ) -> tuple[float, float]:
        """The centre of the ball in a blob: from the blob's centroid, the mean of the blob's
        pixels within ``radius`` of the centre so far, a few times over
        (:data:`MERGED_STEPS`).  A blurred ball's streak is symmetric about its middle,
        which this keeps; a skittle's body merged into one side is left behind."""
        ys, xs = np.nonzero(blob)
        cx, cy = start
        for _ in range(MERGED_STEPS):
            near = (xs - cx) ** 2 + (ys - cy) ** 2 <= radius**2
            if not near.any():
                break
            cx, cy = float(xs[near].mean()), float(ys[near].mean())
        return cx, cy


def _elongation(blob: np.ndarray) -> float:
    """How many times longer than wide a blob is: the square root of its second moments'
    eigenvalues' ratio (1 for a disc)."""
    m = cv2.moments(blob.astype(np.uint8), binaryImage=True)
    if m["m00"] <= 0:
        return 1.0
    a, b, c = m["mu20"] / m["m00"], m["mu11"] / m["m00"], m["mu02"] / m["m00"]
    spread = math.sqrt(((a - c) / 2) ** 2 + b * b)
    low = (a + c) / 2 - spread
    return math.sqrt(((a + c) / 2 + spread) / low) if low > 1e-9 else math.inf


def _dark_grey(hsv: np.ndarray) -> np.ndarray:
    """The pixels (uint8 0/255) no brighter than :data:`BLACK_MAX_VALUE` whose colour spread
    is at most :data:`BLACK_MAX_CHROMA`, whatever their saturation."""
    value = hsv[..., 2]
    chroma = (hsv[..., 1].astype(np.uint16) * value) <= 255 * BLACK_MAX_CHROMA
    return ((value <= BLACK_MAX_VALUE) & chroma).astype(np.uint8) * 255


def _brighter(brightness: np.ndarray, cloth_round: np.ndarray, factor: float) -> np.ndarray:
    """The pixels ``factor`` times as bright as the cloth round them (uint8 0/255; from
    :meth:`BallDetector._against_cloth`): the lit middle of a ball, whatever its colour
    (:data:`SHADE_BRIGHTER`, :data:`SHADE_ROLLING`)."""
    return (brightness > factor * cloth_round).astype(np.uint8) * 255
