"""Exactly-once delivery through every fault: thousands of scripted presses on the emulated
panel (the C firmware behind a real pseudo-terminal), with garbage, lost and damaged frames in
both directions, reboots, unplugs and hangs in between.  Every event the firmware made must be
delivered once (none lost, none twice), in order within each boot, and every press must become
exactly one table fact."""

from __future__ import annotations

import random

from test_hardware_rig import events, rig, run_script, statuses

from hardware.keymap import parse_keymap
from hardware.panel import ButtonPressed, Panel

PRESSES = 2000
#: Each fault with the presses around it; an unplug or a hang is followed by a pause so the
#: presses made meanwhile fit the panel's 32-event queue (a real hand is slower still).
FAULTS = [
    "garbage 40",
    "drop 2",
    "corrupt 2",
    "drop_host 3",
    "garbage 300",
    "reboot",
    "unplug 150\npress 5\npress 6\nwait 400",
    "hang 600\nwait 300",
    "corrupt 1\ndrop 1\ndrop_host 1",
]
EVERY = 50  # presses between faults

PLAIN_KEYMAP = parse_keymap({"inputs": {i: {"press": "bell"} for i in range(8)}})


def soak_script(presses: int, seed: int) -> tuple[str, int]:
    """The script and the number of presses in it."""
    rng = random.Random(seed)
    lines, count, fault = [], 0, 0
    while count < presses:
        lines.append(f"press {rng.randrange(8)} {rng.choice((2, 3, 5))}")
        count += 1
        if count % EVERY == 0:
            block = FAULTS[fault % len(FAULTS)]
            lines.append(block)
            count += block.count("press")
            fault += 1
    return "\n".join(lines), count


def test_thousands_of_presses_through_every_fault_are_delivered_exactly_once():
    script, presses = soak_script(PRESSES, seed=7)
    with rig(seed=7) as (emulator, link):
        records = run_script(emulator, link, script, timeout=600)
        delivered = [(e.boot_id, e.seq) for e in events(records)]
        made = [(e.boot_id, e.seq) for e in emulator.events]

        assert emulator.stats.presses == presses
        assert emulator.stats.refused == 0  # the panel's queue never overflowed
        assert emulator.stats.lost_in_crash == set()
        lost = set(made) - set(delivered)
        duplicated = len(delivered) - len(set(delivered))
        assert lost == set() and duplicated == 0
        assert delivered == made  # in order, across every boot
        by_key = {(e.boot_id, e.seq): e for e in emulator.events}
        for event in events(records):
            source = by_key[(event.boot_id, event.seq)]
            assert (event.input, event.pressed) == (source.input, source.pressed)

        faults = emulator.stats.faults
        assert set(faults) == {
            "garbage",
            "drop",
            "corrupt",
            "drop_host",
            "reboot",
            "unplug",
            "hang",
        }
        assert len(statuses(records, "reboot")) == faults["reboot"]
        assert link.stats["disconnects"] >= faults["unplug"] + faults["hang"]
        assert link.stats["heartbeat_timeouts"] >= faults["hang"]
        refused = sum(v for k, v in link.stats.items() if k.startswith("frames_refused_"))
        assert refused > 0 and link.stats["gaps"] + link.stats["tail_gaps"] > 0

        panel = Panel(PLAIN_KEYMAP)
        facts = [fact for event in events(records) for fact in panel.feed(event)]
        assert len(facts) == presses
        assert all(isinstance(f, ButtonPressed) and f.gesture == "press" for f in facts)
        assert len({(f.boot_id, f.seq) for f in facts}) == presses

        print(
            f"\nsoak: {presses} presses, {len(made)} events, faults {dict(faults)}"
            f" ({sum(faults.values())} in all), lost {len(lost)}, duplicated {duplicated};"
            f" link {dict(link.stats)}"
        )
