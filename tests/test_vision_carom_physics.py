"""The shot simulator (issue 10): physics invariants, determinism, every kind of event."""

from __future__ import annotations

import numpy as np
import pytest

from scoring.actions import parse_action
from scoring.carom.shot import ShotRecord
from scoring.registry import create_engine
from vision.carom.layout import layout
from vision.carom.physics import ShotSetup, simulate
from vision.synth.carom import KINDS, plan, skittle_states, truth_record

TABLE = layout("seven_skittles")


def shot(kind: str, seed: int):
    return simulate(plan(TABLE, kind, np.random.default_rng(seed)))


@pytest.mark.parametrize("kind", ["object_ball", "direct", "pot"])
def test_energy_never_grows_and_collisions_keep_momentum(kind: str) -> None:
    sim = shot(kind, 3)
    assert np.all(np.diff(sim.energy) <= 1e-6 * sim.energy[0])
    for before, after in sim.momentum_checks:
        assert np.allclose(before, after, atol=1e-6)


def test_momentum_is_checked_on_a_real_collision() -> None:
    balls = {"red": (-600.0, 0.0), "pink": (0.0, 20.0), "black": (900.0, 600.0)}
    sim = simulate(ShotSetup(TABLE, balls, (), "red", (2500.0, 0.0)))
    assert sim.momentum_checks
    assert sim.events[0].kind == "contact" and sim.events[0].a == "red"


def test_same_setup_same_shot() -> None:
    first, second = shot("object_ball", 11), shot("object_ball", 11)
    assert first.events == second.events
    assert np.array_equal(first.positions["red"], second.positions["red"], equal_nan=True)


def test_the_kinds_cover_every_entry_of_the_record() -> None:
    seen: set[str] = set()
    for index in range(20):
        sim = shot(KINDS[index % len(KINDS)], 100 + index)
        record = truth_record(sim)
        for key in ("down", "pocketed", "off_table", "displaced"):
            if record[key]:
                seen.add(key)
        if any(c[1].startswith("cushion") for c in record["contacts"]):
            seen.add("cushion")
        if any(c[1] in TABLE.balls for c in record["contacts"]):
            seen.add("ball")
        if any(d[1] in TABLE.skittle_names for d in record["down"]):
            seen.add("chain")
        if set(record["stopped_on"]) - {"spot_front", "spot_rear"}:
            seen.add("on_mark")
        if "removed" in skittle_states(sim).values():
            seen.add("removed")
        engine = create_engine("seven_skittles")
        ShotRecord.from_action(parse_action({**record, "by": "Anna"}, engine.verbs))
    assert seen >= {"down", "pocketed", "off_table", "displaced", "cushion", "ball", "on_mark"}
