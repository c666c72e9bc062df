"""The test rig for the panel: an emulated panel on a real pseudo-terminal and a host link to
it, with timings shortened so that faults play out in fractions of a second.  Imported by the
other hardware and panel tests; the tests here check the rig's own parts (the script language).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from hardware.emulator import Emulator
from hardware.firmware_lib import PanelSpec
from hardware.link import InputEvent, Link, LinkRecord, LinkSettings, LinkStatus
from hardware.script import ScriptError, Step, parse_line, parse_script

FAST_PANEL = PanelSpec(
    debounce_us=1_000, heartbeat_us=100_000, resend_us=50_000, host_timeout_us=500_000
)
FAST_LINK = LinkSettings(
    hello_timeout=0.2,
    heartbeat_period=0.1,
    heartbeat_timeout=0.4,
    backoff_initial=0.02,
    backoff_max=0.2,
    output_retry=0.05,
    time_sync_period=1.0,
)


@contextmanager
def rig(seed: int = 1, spec: PanelSpec = FAST_PANEL) -> Iterator[tuple[Emulator, Link]]:
    """An emulator found by the link through its current pty path (which a replug changes)."""
    emulator = Emulator(spec, seed=seed).start()
    link = Link(lambda: [emulator.path] if emulator.path else [], settings=FAST_LINK)
    try:
        yield emulator, link
    finally:
        link.close()
        emulator.stop()


def pump(
    link: Link, until: Callable[[list[LinkRecord]], bool], timeout: float = 20.0
) -> list[LinkRecord]:
    """Poll the link, collecting records, until ``until(records)`` or the timeout."""
    records: list[LinkRecord] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not until(records):
        records += link.poll(0.05)
    return records


def events(records: list[LinkRecord]) -> list[InputEvent]:
    return [r for r in records if isinstance(r, InputEvent)]


def statuses(records: list[LinkRecord], kind: str) -> list[LinkStatus]:
    return [r for r in records if isinstance(r, LinkStatus) and r.kind == kind]


def run_script(
    emulator: Emulator, link: Link, script: str, timeout: float = 30.0
) -> list[LinkRecord]:
    """Play the script and collect until every event the firmware made (and did not lose in a
    crash) has been delivered, or the timeout."""
    emulator.submit(parse_script(script))

    def done(records: list[LinkRecord]) -> bool:
        if not emulator.wait_idle(0):
            return False
        made = {(e.boot_id, e.seq) for e in emulator.events} - emulator.stats.lost_in_crash
        return made <= {(e.boot_id, e.seq) for e in events(records)}

    return pump(link, done, timeout)


def test_script_lines_parse_with_defaults_and_comments():
    assert parse_script("press 3  # the bell\n\npress 0 800\nunplug 200\nreboot") == [
        Step("press", (3, 30)),
        Step("press", (0, 800)),
        Step("unplug", (200,)),
        Step("reboot"),
    ]
    assert parse_line("   # nothing") is None


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("jump 3", "unknown step 'jump'"),
        ("press", "press takes input [hold_ms]"),
        ("press 1 2 3", "press takes input [hold_ms]"),
        ("wait soon", "whole numbers"),
        ("garbage -4", ">= 0"),
    ],
)
def test_script_mistakes_name_the_line(line, message):
    with pytest.raises(ScriptError, match=re.escape(message)) as refused:
        parse_script(f"press 0\n{line}", "demo.txt")
    assert "demo.txt:2" in str(refused.value)


def test_the_emulator_refuses_an_input_the_panel_lacks():
    with rig() as (emulator, _), pytest.raises(ValueError, match=r"inputs 0\.\.7, not 8"):
        emulator.submit(parse_script("press 1\npress 8"))
    assert emulator.events == []
