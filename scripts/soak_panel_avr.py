"""The panel's soak on its real firmware binary: the AVR build on a simulated ATmega328P
(simavr) behind a pty, the host link on the other end, presses with contact chatter and faults
between them.  Prints the report; exits 1 if an event was lost, doubled, out of order, or any
check of the pins failed.

    .venv/bin/python scripts/soak_panel_avr.py --presses 10000 --faults 250
    .venv/bin/python scripts/soak_panel_avr.py --presses 300 --faults 24 --json report.json

Runs in real time (the chip is paced to the wall clock, at 115200 baud): about 0.1 s a press
and 1 s a fault.  The test suite runs a short one (tests/test_panel_avr.py).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from hardware.avr_sim import SimulatorUnavailable, chatter_ms
from hardware.avr_soak import CHATTER_MS, SoakError, SoakReport, run_soak

#: The most presses (or faults) a run takes: over a day of pressing.
MAX_PRESSES = 1_000_000


class _Parser(argparse.ArgumentParser):
    """A bad option is one ``error:`` line, as everywhere in tableref, not usage and a trace."""

    def error(self, message: str) -> NoReturn:
        print(f"error: {message} (see {self.prog} --help)", file=sys.stderr)
        sys.exit(2)


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--presses", type=_count(1, MAX_PRESSES), default=10_000)
    parser.add_argument("--faults", type=_count(0, MAX_PRESSES), default=250)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--chatter-ms", type=chatter_ms, default=CHATTER_MS, help="contact bounce of each press"
    )
    parser.add_argument("--json", type=Path, help="also write the report here as JSON")
    args = parser.parse_args(argv)
    try:
        report = run_soak(
            args.presses,
            args.faults,
            seed=args.seed,
            chatter_ms=args.chatter_ms,
            progress=lambda line: print(line, file=sys.stderr, flush=True),
        )
    except (SimulatorUnavailable, SoakError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print("\n".join(report.lines()))
    if args.json is not None:
        args.json.write_text(json.dumps(report.summary(), indent=1) + "\n")
    problems = failures(report)
    for problem in problems:
        print(f"FAILED: {problem}")
    return 1 if problems else 0


def failures(report: SoakReport) -> list[str]:
    """What the soak must never see, in words."""
    checks = {
        "events lost": report.lost,
        "events doubled": report.doubled,
        "events out of order": report.out_of_order,
        "pin changes that became no event": report.missed,
        "events no pin change made": report.phantom,
        "events delivered that the chip never sent": report.forged,
        "presses without exactly one fact": abs(report.facts - report.presses),
        "fouls without exactly three beeps": sum(1 for n in report.beeps_per_foul if n != 3),
        "resets after which the LED stayed off": report.resets + 1 - report.led_rises,
        "presses the chip refused with its queue full": report.link.get(
            "device_error_queue_overflow", 0
        ),
        "input pins without their pull-up": sum(
            1 for pin, state in report.pins.items() if state == "floating"
        ),
    }
    return [f"{name}: {count}" for name, count in checks.items() if count]


def _count(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"a whole number, got {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{low} to {high}, got {text!r}")
        return value

    return parse


if __name__ == "__main__":
    sys.exit(main())
