"""The host link soaked against the real firmware binary on the simulated chip.

Presses with contact chatter on every input, and between them the faults a table sees: resets
(between presses and while a button is held), noise on the line either way, the chip stalled
(shorter and longer than the host's heartbeat timeout), the cable pulled with presses made
meanwhile, the host closing and reopening the port.  The host end is the real one: a
:class:`~hardware.link.Link` and a :class:`~hardware.panel.PanelSource` on the pty.

What is checked comes from outside the chip: the pins the harness moved, what the chip put on
the wire (the tap), what the host delivered.  Every pin change must become exactly one event,
every event the chip sent must be delivered exactly once and in order, every press one fact,
a foul must sound the buzzer pin and the LED must come back on after every reset.

``scripts/soak_panel_avr.py`` runs it long; the test suite runs a short one.
"""

from __future__ import annotations

import bisect
import dataclasses
import difflib
import itertools
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from firmware_interface.codec import OutputMode
from hardware.avr_sim import Edge, PinChange, SimulatedPanel
from hardware.keymap import DEFAULT_KEYMAP, FactSpec, InputMap, Keymap, load_keymap
from hardware.link import InputEvent, Link, LinkStatus
from hardware.panel import ButtonPressed, Panel, PanelSource

#: Contact chatter of each press and release: bounces within this time.
CHATTER_MS = 3.0
#: How long a button is held, and the pause before the next press (uniform ranges, ms).
HOLD_MS = (30, 70)
GAP_MS = (20, 50)
#: The foul button (input 5 of the default keymap); every FOUL_EVERY-th press is a foul.
FOUL_INPUT = 5
FOUL_EVERY = 20
FOUL_VERDICT = {"kind": "foul", "code": "foul"}
LED_OUTPUT = 0
BUZZER_OUTPUT = 2
#: A foul's beeps are over this long after it was shown (the keymap's pattern, 650 ms, and
#: slack); no fault comes sooner.
BEEP_WINDOW_S = 1.5
FAULT_KINDS = (
    "reset",
    "reset_held",
    "noise_host",
    "noise_chip",
    "stall",
    "stall_long",
    "unplug",
    "host_reconnect",
)
NOISE_BYTES = (20, 300)
#: A stall the host rides out, and one past its 1 s heartbeat timeout (it reconnects).
STALL_MS = 300
STALL_LONG_MS = 1500
UNPLUG_MS = (200, 800)
#: Presses made while the cable is out: the chip's resend queue (16 events) keeps them.
PRESSES_UNPLUGGED = 3
#: The chip keeps 16 unacknowledged events (avr/board.h QUEUE_CAPACITY); more are refused, and
#: reported.  A hand pauses when this many of its pin changes have not reached the host yet,
#: as a player waits for the referee (the margin covers a press in flight).
UNDELIVERED_MAX = 12
#: A button held across a reset: long enough for its press to be delivered before the reset.
HELD_MS = 600
POLL_S = 0.005
PROGRESS_EVERY = 500
#: The longest wait for something that must happen (a boot, a release, the last delivery).
PATIENCE_S = 30.0
#: Presses this soon after a fault, or while the host is not connected, are not "undisturbed"
#: in the latency report.
RECOVERY_S = 2.0


class SoakError(RuntimeError):
    """The soak could not go on (the harness ended, or something never happened)."""


def soak_keymap() -> Keymap:
    """Every input a fact on the press itself (bell; foul on FOUL_INPUT), so each press's fact
    leaves the host as soon as its event arrives; the outputs and signals of the default."""
    default = load_keymap(DEFAULT_KEYMAP)
    inputs = {
        index: InputMap(press=FactSpec("foul" if index == FOUL_INPUT else "bell"))
        for index in range(8)
    }
    return dataclasses.replace(default, inputs=inputs)


@dataclass
class SoakReport:
    presses: int = 0
    faults: Counter[str] = field(default_factory=Counter)
    chatter_ms: float = CHATTER_MS
    debounce_ms: float = 0.0
    pin_changes: int = 0
    chip_events: int = 0
    delivered: int = 0
    facts: int = 0
    lost: int = 0
    doubled: int = 0
    out_of_order: int = 0
    #: Pin changes that became no event, and events no pin change made (a bounce reported).
    missed: int = 0
    phantom: int = 0
    #: Delivered events the chip never sent (corrupted on the way and still taken).
    forged: int = 0
    latency_ms: list[float] = field(default_factory=list)
    latency_undisturbed_ms: list[float] = field(default_factory=list)
    #: The event's device time minus the settling bounce's chip time (us, boot-relative).
    stamp_error_us: list[int] = field(default_factory=list)
    fouls: int = 0
    beeps: int = 0
    beeps_per_foul: list[int] = field(default_factory=list)
    beep_delay_ms: list[float] = field(default_factory=list)
    beep_ms: list[float] = field(default_factory=list)
    resets: int = 0
    led_rises: int = 0
    led_on_at_end: bool = False
    led_restore_ms: list[float] = field(default_factory=list)
    pins: dict[str, str] = field(default_factory=dict)
    size_report: str = ""
    harness: dict[str, int] = field(default_factory=dict)
    link: dict[str, int] = field(default_factory=dict)
    wall_s: float = 0.0

    @property
    def fault_count(self) -> int:
        return sum(self.faults.values())

    def lines(self) -> list[str]:
        """The report for people."""
        h = self.harness
        faults = ", ".join(f"{kind} {n}" for kind, n in sorted(self.faults.items()))
        lines = [
            f"soak: {self.presses} presses with {self.chatter_ms:g} ms of contact chatter "
            f"(debounce {self.debounce_ms:g} ms), {self.fault_count} faults ({faults}), "
            f"{self.wall_s:.1f} s",
            f"events: the chip sent {self.chip_events} for {self.pin_changes} pin changes, the "
            f"host delivered {self.delivered}: lost {self.lost}, doubled {self.doubled}, out of "
            f"order {self.out_of_order}; pin changes without an event {self.missed}, events "
            f"without a pin change {self.phantom}, delivered but never sent {self.forged}; "
            f"facts {self.facts} for {self.presses} presses",
            f"latency, first touch of the pin to the host's fact: {_spread(self.latency_ms)} "
            f"(all {len(self.latency_ms)}); undisturbed ({len(self.latency_undisturbed_ms)}: the "
            f"host connected, no fault for {RECOVERY_S:g} s before): "
            f"{_spread(self.latency_undisturbed_ms)}",
            f"device time stamps vs the settling bounce: {_range(self.stamp_error_us)} us",
            f"outputs: LED back on after each of {self.resets} resets "
            f"({self.led_rises} rises, on at the end: {self.led_on_at_end}; restored "
            f"{_spread(self.led_restore_ms)} after the boot), buzzer: {self.fouls} fouls, "
            f"{self.beeps} beeps of {_spread(self.beep_ms)} on its pin, the first "
            f"{_spread(self.beep_delay_ms)} after the verdict",
            f"chip: {self.size_report}; stack peak {h.get('stack_peak', 0)} bytes, static + "
            f"stack {self.ram_used} bytes; busy {h.get('busy_permille', 0) / 10:g} %, longest "
            f"loop turn {h.get('longest_turn_us', 0)} us, longest gap between turns "
            f"{h.get('longest_loop_gap_us', 0)} us; UART {h.get('uart_baud', 0)} baud",
            f"pacing: {h.get('late_services', 0)} of {h.get('services', 0)} services over 1 ms "
            f"late, the worst {h.get('max_lag_us', 0) / 1000:g} ms; chip time "
            f"{h.get('sim_us', 0) / 1e6:.1f} s",
            "link: " + ", ".join(f"{k} {v}" for k, v in sorted(self.link.items())),
        ]
        return lines

    @property
    def ram_used(self) -> int:
        """Static RAM (the size report's) and the stack's measured peak."""
        words = self.size_report.split()
        static = int(words[words.index("RAM") + 1]) if "RAM" in words else 0
        return static + self.harness.get("stack_peak", 0)

    def summary(self) -> dict[str, Any]:
        """The report as plain data (the script's ``--json``)."""
        data = dataclasses.asdict(self)
        data["faults"] = dict(self.faults)  # asdict makes a Counter's items its keys
        for name in (
            "latency_ms",
            "latency_undisturbed_ms",
            "stamp_error_us",
            "beep_ms",
            "beep_delay_ms",
            "led_restore_ms",
        ):
            values = data.pop(name)
            data[name] = _stats(values)
        data["beeps_per_foul"] = dict(Counter(self.beeps_per_foul))
        data["ram_used"] = self.ram_used
        return data


def run_soak(
    presses: int,
    faults: int,
    *,
    seed: int = 1,
    chatter_ms: float = CHATTER_MS,
    progress: Callable[[str], None] | None = None,
) -> SoakReport:
    """Press ``presses`` times (at least) with ``faults`` faults spread among them."""
    soak = _Soak(seed, chatter_ms, progress)
    try:
        soak.run(presses, faults)
    finally:
        soak.close()
    return soak.report()


class _Soak:
    def __init__(self, seed: int, chatter_ms: float, progress: Callable[[str], None] | None):
        self.rng = random.Random(seed)
        self.chatter_ms = chatter_ms
        self.progress = progress
        self.sim = SimulatedPanel(seed=seed)
        self.link = Link(lambda: [self.sim.path] if self.sim.path else [])
        self.source = PanelSource(self.link, Panel(soak_keymap()), with_events=True)
        self.delivered: list[InputEvent] = []
        self.facts: list[tuple[ButtonPressed, float]] = []
        self.fouls_shown: list[float] = []
        self.fault_times: list[float] = []
        self.link_changes: list[tuple[float, bool]] = []  # (when, connected)
        self.faults: Counter[str] = Counter()
        self.presses = 0
        self.started = time.monotonic()
        self.stats: dict[str, int] = {}
        self.pins: dict[str, str] = {}

    # ----------------------------------------------------------------------------------------
    # Driving.

    def run(self, presses: int, faults: int) -> None:
        self.pump(lambda: self.link.device is not None, "the host to find the panel")
        self.pins = self.sim.read_pins()
        self.link.set_output(LED_OUTPUT, OutputMode.ON)
        every = presses / faults if faults else float("inf")
        next_fault = every
        kinds: list[str] = []
        reported = 0
        while self.presses < presses or self.fault_count < faults:
            if self.presses < presses:
                self.finish_press(self.press_once())
            if self.fault_count < faults and self.presses >= min(next_fault, presses):
                if not kinds:
                    kinds = self.rng.sample(FAULT_KINDS, len(FAULT_KINDS))
                self.fault(kinds.pop())
                next_fault += every
            if self.progress is not None and self.presses >= reported + PROGRESS_EVERY:
                reported = self.presses
                self.progress(
                    f"{self.presses} presses, {self.fault_count} faults, "
                    f"{len(self.delivered)} events delivered, "
                    f"{time.monotonic() - self.started:.0f} s"
                )
        self.pump(self.all_delivered, "the last events to be delivered")
        self.pump(lambda: self.sim.pending() == 0, "the last acks")
        self.pause(0.3)

    @property
    def fault_count(self) -> int:
        return sum(self.faults.values())

    def close(self) -> None:
        self.link.close()
        self.stats = self.sim.stop()

    def buzzer_idle(self) -> bool:
        """No foul's beeps may still be sounding."""
        return not self.fouls_shown or time.monotonic() - self.fouls_shown[-1] > BEEP_WINDOW_S

    def pick_input(self, foul_allowed: bool) -> int:
        if foul_allowed and self.presses % FOUL_EVERY == FOUL_EVERY - 1 and self.buzzer_idle():
            return FOUL_INPUT
        return self.rng.choice([i for i in range(8) if i != FOUL_INPUT])

    def press_once(self, hold_ms: float | None = None) -> int:
        """A press; one held for ``hold_ms`` (across a reset) is never the foul button, whose
        beeps the reset would cut short."""
        self.pump(
            lambda: len(self.sim.edges) - len(self.delivered) <= UNDELIVERED_MAX,
            "the host to catch up",
        )
        hold = self.rng.uniform(*HOLD_MS) if hold_ms is None else hold_ms
        press_id = self.sim.press(self.pick_input(hold_ms is None), hold, self.chatter_ms)
        self.presses += 1
        return press_id

    def finish_press(self, press_id: int) -> None:
        self.pump(lambda: press_id in self.sim.released, "a button's release")
        self.pause(self.rng.uniform(*GAP_MS) / 1000)

    def fault(self, kind: str) -> None:
        """One fault, at a moment that makes its outcome exact: no beep sounding (a reset would
        cut it short, a stall delay it), and nothing the chip made undelivered (a reset loses
        its RAM: PROTOCOL.md's one loss the protocol cannot prevent)."""
        # A foul still on its way would sound in the middle of the fault: its beeps first.
        self.pump(lambda: self.all_delivered() and self.buzzer_idle(), "the buzzer to finish")
        self.faults[kind] += 1
        self.fault_times.append(time.monotonic())
        if kind == "reset":
            self.reset()
        elif kind == "reset_held":
            press_id = self.press_once(HELD_MS)
            self.pump(lambda: press_id in self.sim.closed and self.all_delivered(), "a press")
            self.reset()
            self.finish_press(press_id)
        elif kind in ("noise_host", "noise_chip"):
            self.sim.noise(kind.removeprefix("noise_"), self.rng.randint(*NOISE_BYTES))
        elif kind in ("stall", "stall_long"):
            ms = STALL_MS if kind == "stall" else STALL_LONG_MS
            self.sim.stall(ms)
            self.pause(ms / 1000 + 0.05)
        elif kind == "unplug":
            self.sim.unplug(self.rng.randint(*UNPLUG_MS))
            for _ in range(PRESSES_UNPLUGGED):
                self.finish_press(self.press_once())
        elif kind == "host_reconnect":
            self.link.close()

    def reset(self) -> None:
        boots = len(self.sim.boots)
        self.sim.reset()
        self.pump(lambda: len(self.sim.boots) > boots, "the chip to boot")

    def all_delivered(self) -> bool:
        """Every pin change made so far has come to the host as an event."""
        return len(self.delivered) >= len(self.sim.edges)

    def pause(self, seconds: float) -> None:
        until = time.monotonic() + seconds
        self.pump(lambda: time.monotonic() >= until, "a pause", seconds + PATIENCE_S)

    def pump(self, done: Callable[[], bool], what: str, patience: float = PATIENCE_S) -> None:
        """Poll the host (and show a foul on the buzzer) until ``done``."""
        deadline = time.monotonic() + patience
        while True:
            if done():
                return
            if time.monotonic() > deadline:
                raise SoakError(f"the soak waited {patience:g} s for {what} in vain")
            if not self.sim.running:
                raise SoakError(f"the simulated panel ended while waiting for {what}")
            for record in self.source.poll(POLL_S):
                now = time.monotonic()
                if isinstance(record, LinkStatus) and record.kind in ("connected", "disconnected"):
                    self.link_changes.append((now, record.kind == "connected"))
                elif isinstance(record, InputEvent):
                    self.delivered.append(record)
                elif isinstance(record, ButtonPressed):
                    self.facts.append((record, now))
                    if record.fact == "foul":
                        self.source.show([FOUL_VERDICT])
                        self.fouls_shown.append(now)

    # ----------------------------------------------------------------------------------------
    # Judging.

    def report(self) -> SoakReport:
        sim = self.sim
        assert sim.board is not None
        report = SoakReport(
            presses=self.presses,
            faults=self.faults,
            chatter_ms=self.chatter_ms,
            debounce_ms=sim.board.debounce_us / 1000,
            pin_changes=len(sim.edges),
            chip_events=len(sim.tap.events),
            delivered=len(self.delivered),
            facts=len(self.facts),
            resets=len(sim.resets),
            pins=self.pins,
            size_report=sim.build.size_report,
            harness=self.stats,
            link=dict(self.link.stats),
            wall_s=time.monotonic() - self.started,
        )
        chip_keys = [(e.boot_id, e.seq) for e in sim.tap.events]
        position = {key: index for index, key in enumerate(chip_keys)}
        delivered_keys = [(e.boot_id, e.seq) for e in self.delivered]
        report.lost = len(set(chip_keys) - set(delivered_keys))
        report.doubled = len(delivered_keys) - len(set(delivered_keys))
        report.forged = sum(1 for key in set(delivered_keys) if key not in position)
        order = [position[key] for key in dict.fromkeys(delivered_keys) if key in position]
        report.out_of_order = sum(1 for a, b in itertools.pairwise(order) if b < a)
        for event in self.delivered:
            index = position.get((event.boot_id, event.seq))
            sent = sim.tap.events[index] if index is not None else None
            if sent is not None and (sent.input, sent.pressed) != (event.input, event.pressed):
                report.forged += 1  # the number of a sent event, other content: damaged

        edge_of = self._match_edges(report)
        self._latency(report, edge_of, position)
        self._outputs(report)
        return report

    def _match_edges(self, report: SoakReport) -> dict[int, Edge]:
        """Pair the pin changes with the chip's events, in order; returns chip event index ->
        its pin change, and counts the unpaired on either side."""
        edges = self.sim.edges
        events = self.sim.tap.events
        made = [(e.input, e.closed) for e in edges]
        sent = [(e.input, e.pressed) for e in events]
        matcher = difflib.SequenceMatcher(None, made, sent, autojunk=False)
        edge_of: dict[int, Edge] = {}
        for block in matcher.get_matching_blocks():
            for k in range(block.size):
                edge_of[block.b + k] = edges[block.a + k]
        report.missed = len(made) - len(edge_of)
        report.phantom = len(sent) - len(edge_of)
        boot_start = dict(zip(self.sim.tap.boot_ids, [0, *self.sim.resets], strict=False))
        for index, edge in edge_of.items():
            event = events[index]
            start = boot_start.get(event.boot_id)
            if start is not None:
                report.stamp_error_us.append(event.device_time_us - (edge.settle_us - start))
        return edge_of

    def _latency(
        self, report: SoakReport, edge_of: dict[int, Edge], position: dict[tuple[int, int], int]
    ) -> None:
        for fact, at in self.facts:
            index = position.get((fact.boot_id, fact.seq))
            edge = edge_of.get(index) if index is not None else None
            if edge is None:
                continue
            latency = (at - edge.first_at) * 1000
            report.latency_ms.append(latency)
            if self._undisturbed(edge.first_at, at):
                report.latency_undisturbed_ms.append(latency)

    def _undisturbed(self, pressed: float, arrived: float) -> bool:
        """No fault within RECOVERY_S before the press or until its fact, and the host
        connected all the while."""
        if any(pressed - RECOVERY_S <= t <= arrived for t in self.fault_times):
            return False
        before = [connected for t, connected in self.link_changes if t <= pressed]
        during = [t for t, _ in self.link_changes if pressed < t <= arrived]
        return bool(before) and before[-1] and not during

    def _outputs(self, report: SoakReport) -> None:
        changes = self.sim.outputs
        led = [c for c in changes if c.output == LED_OUTPUT]
        report.led_rises = sum(1 for c in led if c.level)
        report.led_on_at_end = bool(led) and led[-1].level == 1
        for boot_us, _ in self.sim.boots[1:]:
            on = next((c for c in led if c.level and c.sim_us >= boot_us), None)
            if on is not None:
                report.led_restore_ms.append((on.sim_us - boot_us) / 1000)
        pulses = _pulses([c for c in changes if c.output == BUZZER_OUTPUT])
        report.fouls = len(self.fouls_shown)
        report.beeps = len(pulses)
        report.beep_ms = [(fall.sim_us - rise.sim_us) / 1000 for rise, fall in pulses]
        # Each beep belongs to the last foul shown before it; the first one's delay is the
        # time from the host's verdict to the buzzer pin.
        per_foul: list[list[PinChange]] = [[] for _ in self.fouls_shown]
        for rise, _ in pulses:
            index = bisect.bisect_right(self.fouls_shown, rise.at) - 1
            if index >= 0:
                per_foul[index].append(rise)
        report.beeps_per_foul = [len(rises) for rises in per_foul]
        report.beep_delay_ms = [
            (rises[0].at - shown) * 1000
            for shown, rises in zip(self.fouls_shown, per_foul, strict=True)
            if rises
        ]


def _pulses(changes: list[PinChange]) -> list[tuple[PinChange, PinChange]]:
    pulses, rise = [], None
    for change in changes:
        if change.level and rise is None:
            rise = change
        elif not change.level and rise is not None:
            pulses.append((rise, change))
            rise = None
    return pulses


def _stats(values: list[float] | list[int]) -> dict[str, float] | None:
    if not values:
        return None
    ordered = sorted(values)
    return {
        "n": len(ordered),
        "min": ordered[0],
        "median": statistics.median(ordered),
        "p95": ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))],
        "max": ordered[-1],
    }


def _spread(values: list[float]) -> str:
    stats = _stats(values)
    if stats is None:
        return "none"
    return f"median {stats['median']:.1f} ms, p95 {stats['p95']:.1f} ms"


def _range(values: list[int]) -> str:
    stats = _stats(values)
    if stats is None:
        return "none"
    return f"min {stats['min']:.0f}, median {stats['median']:.0f}, max {stats['max']:.0f}"
