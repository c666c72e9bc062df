"""``tableref panel emulate | simulate | list | monitor``: the button panel from the command line.

``emulate`` runs the reference firmware behind a pseudo-terminal and prints its path, then plays
script steps (``--script`` and standard input, one per line: ``press 3``, ``unplug 500``, ...;
see :mod:`hardware.script`).  ``simulate`` does the same with the firmware built for its chip
(an Arduino's ATmega328P, avr-gcc) running in a cycle-accurate simulator (simavr): presses
bounce, the UART runs at its baud rate, resets and stalls are the chip's own.  ``list`` finds
panels by their hello; ``monitor`` prints the facts a panel produces through a keymap, and what
happens to the link.
"""

from __future__ import annotations

import argparse
import signal
import sys
import tempfile
import threading
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from ui.commands import CommandError

#: Where emulators put a stable link to their current pty, and where ``list`` looks for them.
EMULATOR_LINKS = Path(tempfile.gettempdir()) / "tableref-panel-{device_id:08x}"
EMULATOR_GLOB = str(Path(tempfile.gettempdir()) / "tableref-panel-*")


def register(commands: argparse._SubParsersAction[Any]) -> None:
    panel = commands.add_parser(
        "panel", help="the serial button panel: emulate, simulate, list, monitor"
    )
    actions = panel.add_subparsers(title="actions", metavar="ACTION", required=True)

    emulate = actions.add_parser("emulate", help="run an emulated panel on a pseudo-terminal")
    emulate.add_argument("--script", type=Path, help="steps to play first (then standard input)")
    emulate.add_argument("--device-id", type=_hex, default=0x00C0FFEE, help="hex, default c0ffee")
    emulate.add_argument("--inputs", type=int, default=8, choices=range(1, 17), metavar="1..16")
    emulate.add_argument("--debounce-ms", type=float, default=5.0, help="default 5")
    emulate.add_argument("--link", type=Path, help="a stable symlink to the pty (default in tmp)")
    emulate.add_argument("--seed", type=int, help="seed for boot ids and injected faults")
    emulate.add_argument(
        "--exit", action="store_true", help="stop once the steps are played and acknowledged"
    )
    emulate.set_defaults(run=cmd_emulate)

    simulate = actions.add_parser(
        "simulate", help="run the AVR firmware on a simulated ATmega328P behind a pseudo-terminal"
    )
    simulate.add_argument("--script", type=Path, help="steps to play first (then standard input)")
    simulate.add_argument("--link", type=Path, help="a stable symlink to the pty (default in tmp)")
    simulate.add_argument("--seed", type=int, help="seed for contact chatter and line noise")
    simulate.add_argument(
        "--chatter-ms", type=_chatter, help="contact bounce of each press (default 3)"
    )
    simulate.add_argument(
        "--exit", action="store_true", help="stop once the steps are played and acknowledged"
    )
    simulate.set_defaults(run=cmd_simulate)

    listing = actions.add_parser("list", help="the panels on this machine's serial ports")
    listing.add_argument("--port", action="append", default=[], help="also try this port or URL")
    listing.set_defaults(run=cmd_list)

    monitor = actions.add_parser("monitor", help="print a panel's facts as they come")
    monitor.add_argument("port", metavar="PORT", help="a port, a URL, or 'auto' to search")
    monitor.add_argument("--keymap", type=Path, help="a keymap file (default: the built-in one)")
    monitor.add_argument("--device-id", type=_hex, help="only the panel with this id (hex)")
    monitor.add_argument("--seconds", type=float, help="stop after this long (default: never)")
    monitor.add_argument("--raw", action="store_true", help="also print every input event")
    monitor.set_defaults(run=cmd_monitor)


def _hex(text: str) -> int:
    try:
        value = int(text, 16)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a hexadecimal id, got {text!r}") from None
    if not 0 < value < 2**32:
        raise argparse.ArgumentTypeError(f"a device id is 1..ffffffff, got {text!r}")
    return value


def _chatter(text: str) -> float:
    from hardware.avr_sim import chatter_ms

    return chatter_ms(text)


def _now() -> str:
    return datetime.now().strftime("%H:%M:%S.%f")[:-3]


def _say(line: str) -> None:
    print(line, flush=True)


def _stop_on_sigterm() -> None:
    """SIGTERM ends the command like Ctrl-C does, through the cleanup (the pty and its link)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))


# --------------------------------------------------------------------------------------------
# emulate


def cmd_emulate(args: argparse.Namespace) -> int:
    from hardware.emulator import Emulator
    from hardware.firmware_lib import FirmwareBuildError, PanelSpec
    from hardware.script import ScriptError, parse_line, parse_script

    steps = []
    if args.script is not None:
        try:
            steps = parse_script(args.script.read_text(encoding="utf-8"), str(args.script))
        except ScriptError as error:
            raise CommandError(str(error)) from None
    spec = PanelSpec(
        device_id=args.device_id, inputs=args.inputs, debounce_us=int(args.debounce_ms * 1000)
    )
    link = args.link or Path(str(EMULATOR_LINKS).format(device_id=args.device_id))
    try:
        emulator = Emulator(
            spec,
            link=link,
            seed=args.seed,
            on_output=lambda index, level: _say(
                f"{_now()}  output {index} {'on' if level else 'off'}"
            ),
        )
    except FirmwareBuildError as error:
        raise CommandError(str(error)) from None
    try:
        emulator.submit(steps)
    except ValueError as error:
        emulator.stop()
        raise CommandError(str(error)) from None
    _stop_on_sigterm()
    emulator.start()
    try:
        _say(f"panel {spec.device_id:08x} emulated on {emulator.path} (link {link})")
        if not args.exit:
            for number, line in enumerate(sys.stdin, start=1):
                try:
                    step = parse_line(line, f"stdin:{number}")
                    if step is not None:
                        emulator.submit([step])
                except (ScriptError, ValueError) as error:
                    print(f"error: {error}", file=sys.stderr, flush=True)
        while not emulator.wait_idle(0.2):
            pass
        if args.exit:
            _wait_acknowledged(emulator)
        else:
            while True:
                time.sleep(1)
    finally:
        emulator.stop()
        stats = emulator.stats
        _say(_summary(stats.presses, len(emulator.events), len(stats.boots), stats.faults))
    return 0


def _summary(presses: int, events: int, boots: int, faults: dict[str, int]) -> str:
    """The line an emulated or simulated panel ends with (the tests read it)."""
    counted = ", ".join(f"{kind} {n}" for kind, n in sorted(faults.items())) or "none"
    return f"{presses} presses, {events} events, {boots} boots, faults: {counted}"


def _wait_acknowledged(emulator: Any, patience: float = 10.0) -> None:
    """With --exit: give a listening host the time to acknowledge the last events."""
    deadline = time.monotonic() + patience
    while emulator.device.pending and time.monotonic() < deadline:
        time.sleep(0.05)


# --------------------------------------------------------------------------------------------
# simulate


def cmd_simulate(args: argparse.Namespace) -> int:
    from hardware.avr_sim import (
        CHATTER_MS,
        DEVICE_ID,
        ScriptPlayer,
        SimulatedPanel,
        SimulatorUnavailable,
    )
    from hardware.script import ScriptError, parse_line, parse_script

    steps = []
    try:
        if args.script is not None:
            steps = parse_script(args.script.read_text(encoding="utf-8"), str(args.script))
        ScriptPlayer.refuse(steps)
    except (ScriptError, ValueError) as error:
        raise CommandError(str(error)) from None
    except OSError as error:
        raise CommandError(f"{args.script}: {error.strerror}") from None
    try:
        sim = SimulatedPanel(
            link=args.link or Path(str(EMULATOR_LINKS).format(device_id=DEVICE_ID)),
            seed=args.seed,
            on_output=lambda change: _say(
                f"{_now()}  output {change.output} {'on' if change.level else 'off'}"
            ),
        )
    except SimulatorUnavailable as error:
        raise CommandError(str(error)) from None
    player = ScriptPlayer(sim, CHATTER_MS if args.chatter_ms is None else args.chatter_ms)
    _stop_on_sigterm()
    try:
        board = sim.board
        assert board is not None
        _say(
            f"panel {board.device_id:08x} simulated on {sim.path} ({board.mcu} at "
            f"{board.f_cpu / 1e6:g} MHz, {board.baud} baud; {sim.build.elf.name} built by avr-gcc)"
        )
        try:
            for step in steps:
                player.play(step)
        except (ValueError, RuntimeError) as error:  # a step refused; the chip gone
            raise CommandError(str(error)) from None
        if not args.exit:
            for number, line in enumerate(sys.stdin, start=1):
                try:
                    typed = parse_line(line, f"stdin:{number}")
                    if typed is not None:
                        player.play(typed)
                except (ScriptError, ValueError) as error:
                    print(f"error: {error}", file=sys.stderr, flush=True)
            while True:
                time.sleep(1)
        _wait_simulated_acknowledged(sim)
    finally:
        sim.stop()
        _say(_summary(len(sim.closed), len(sim.tap.events), len(sim.boots), player.faults))
    return 0


def _wait_simulated_acknowledged(sim: Any, patience: float = 10.0) -> None:
    """With --exit: every pin change on the wire as an event, and acknowledged by a host."""
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline and (sim.pending() or len(sim.tap.events) < len(sim.edges)):
        time.sleep(0.05)


# --------------------------------------------------------------------------------------------
# list


def cmd_list(args: argparse.Namespace) -> int:
    from hardware.link import PortInUse, probe, scan_ports

    ports = scan_ports([EMULATOR_GLOB, *args.port])()
    if not ports:
        _say("no serial ports found")
        return 0
    for port in ports:  # a port another program holds is named, and the others still probed
        try:
            device = probe(port)
        except PortInUse as error:
            _say(str(error))
            continue
        _say(device.describe() if device is not None else f"{port}: no panel answers")
    return 0


# --------------------------------------------------------------------------------------------
# monitor


def cmd_monitor(args: argparse.Namespace) -> int:
    from hardware.keymap import DEFAULT_KEYMAP, KeymapError, load_keymap
    from hardware.link import InputEvent, Link, LinkStatus, scan_ports
    from hardware.panel import Panel, PanelSource

    try:
        keymap = load_keymap(args.keymap or DEFAULT_KEYMAP)
    except KeymapError as error:
        raise CommandError(str(error)) from None
    ports = scan_ports([EMULATOR_GLOB]) if args.port == "auto" else args.port
    link = Link(ports, device_id=args.device_id)
    source = PanelSource(link, Panel(keymap), with_events=args.raw)
    _stop_on_sigterm()
    _say(f"watching {args.port} for a panel (Ctrl-C ends)")
    deadline = None if args.seconds is None else time.monotonic() + args.seconds
    try:
        while deadline is None or time.monotonic() < deadline:
            timeout = 0.1 if deadline is None else max(0.0, min(0.1, deadline - time.monotonic()))
            for record in source.poll(timeout):
                if isinstance(record, InputEvent):
                    state = "pressed" if record.pressed else "released"
                    _say(f"{_now()}  input {record.input} {state} (seq {record.seq})")
                elif isinstance(record, LinkStatus):
                    _say(f"{_now()}  {record.kind}: {record.text}")
                else:
                    _say(_fact_line(record))
    finally:
        link.close()
        counts = ", ".join(f"{k} {v}" for k, v in sorted(link.stats.items())) or "nothing"
        _say(f"link: {counts}")
    return 0


def _fact_line(fact: Any) -> str:
    who = fact.fact if fact.player is None else f"{fact.fact} {fact.player}"
    if fact.value is not None:  # a bet keypad's digit or chip
        who = f"{who} {fact.value}"
    return (
        f"{_now()}  {who:<10} input {fact.input} {fact.gesture:<6} "
        f"(boot {fact.boot_id:08x} seq {fact.seq}, device {fact.device_time_us / 1e6:.3f} s)"
    )
