"""A skittle seen lying stays down (issue 10): read down for a while after a moving ball came
by, later readings round the ball that came to rest on it do not stand it up; read down with
nothing that could have felled it (the player's arm over it), it is not taken to lie."""

from __future__ import annotations

from vision.carom.layout import layout
from vision.carom.lying import LAIN_FRAMES, LyingSkittles

TABLE = layout("seven_skittles")


def feed(red: list[tuple[float, float]], readings: list[str]) -> list[set[str]]:
    """small_front's readings frame by frame, red's track alongside; what lies after each."""
    lying = LyingSkittles(TABLE)
    pink = [(-846.0, 0.0)] * len(red)  # at rest on its spot, by the side skittle
    out = []
    for k, state in enumerate(readings):
        raw = {name: "up" for name in TABLE.skittle_names} | {"small_front": state}
        out.append(set(lying.update(raw, {"red": red[: k + 1], "pink": pink[: k + 1]})))
    return out


def test_a_skittle_read_down_after_a_ball_came_by_stays_down() -> None:
    # red rolls in to rest on the mark; the skittle reads down, then up round the ball
    red = [(-300.0 + min(k, 20) * 11.0, 0.0) for k in range(40)]
    readings = ["up"] * 18 + ["down"] * LAIN_FRAMES + ["up"] * 14
    seen = feed(red, readings)
    assert all("small_front" not in s for s in seen[: 18 + LAIN_FRAMES - 1])
    assert all(s == {"small_front"} for s in seen[18 + LAIN_FRAMES - 1 :])


def test_a_short_flicker_is_not_lying() -> None:
    red = [(-300.0 + min(k, 20) * 11.0, 0.0) for k in range(40)]
    readings = ["up"] * 18 + ["down"] * (LAIN_FRAMES - 1) + ["up"] * 15
    assert not any(feed(red, readings))


def test_read_down_with_no_ball_near_it_is_not_lying() -> None:
    # the player's arm over the skittles at the stroke; red starts far off, pink rests
    red = [(-1300.0 + k * 11.0, 300.0) for k in range(40)]
    readings = ["down"] * 12 + ["up"] * 28
    assert not any(feed(red, readings))


def test_a_neighbour_lying_could_have_felled_it() -> None:
    # red runs past the big skittle (never near small_front) and the big one reads down;
    # then small_front reads down with no ball near it: the big body could have felled it
    lying = LyingSkittles(TABLE)
    red = [(-10.0 + 10.0 * min(k, 8), 45.0) for k in range(2 * LAIN_FRAMES)]
    up = {name: "up" for name in TABLE.skittle_names}
    for k in range(LAIN_FRAMES):
        lying.update(up | {"big": "down"}, {"red": red[: k + 1]})
    assert lying.lying == {"big"}
    for k in range(LAIN_FRAMES, 2 * LAIN_FRAMES):
        lying.update(up | {"big": "down", "small_front": "down"}, {"red": red[: k + 1]})
    assert lying.lying == {"big", "small_front"}
