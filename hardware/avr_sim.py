"""The panel firmware built for its chip and run in a cycle-accurate simulator, behind a pty.

The C firmware (``firmware_interface/firmware``) is built with avr-gcc for the ATmega328P of an
Arduino Uno or Nano (``make avr``: the same sources as the host build, over the AVR port of
``hal.h``), and the harness ``panel_sim`` (C on simavr, ``make sim``) runs that ELF: the chip's
UART is bridged to a pseudo-terminal at the chip's own baud rate, paced to the wall clock, so
the host link opens it like a board on USB.  The harness presses the buttons and the bell with
contact chatter, watches the LED and buzzer pins, resets or stalls the chip, injects line noise,
and taps the wire in both directions.

The tap is this module's logic analyser: it decodes what the chip really sent (every input event
by boot and sequence number) and what it received (the host's acks), so checks need nothing
from inside the chip.  Both builds are cached per version of the sources, as the emulator's
library is (:mod:`hardware.firmware_lib`).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from firmware_interface import FIRMWARE_DIR
from firmware_interface.codec import Message, MessageType, StreamDecoder, seq_after
from hardware.emulator import DOUBLE_GAP_MS, REBOOT_DRAIN_S
from hardware.script import FAULTS, Step

#: The Debian packages the AVR build and the harness need, for the message when they are missing.
DEBIAN_PACKAGES = "gcc-avr avr-libc libsimavr-dev"
#: Where Debian's libsimavr-dev puts simavr's headers (the Makefile's SIMAVR_INCLUDE).
SIMAVR_HEADER = Path("/usr/include/simavr/sim_avr.h")
#: The device id ``make avr`` builds in (board.h's BOARD_DEVICE_ID).
DEVICE_ID = 0x00C0FFEE
#: The harness's reports come within a service period; a reply it owes is waited for this long.
REPLY_TIMEOUT_S = 10.0
#: How long ``stop`` waits for the harness to write its statistics and end.
STOP_TIMEOUT_S = 10.0
#: Contact chatter of the scripted presses (``tableref panel simulate --chatter-ms``), and the
#: most it may be: bounces longer than the firmware's 5 ms debounce are presses of their own.
CHATTER_MS = 3.0
MAX_CHATTER_MS = 4.0
#: Each press of a double press is held this long (the emulator's double press).
DOUBLE_HOLD_MS = 40
#: The script steps a real UART cannot do: it carries bytes, and knows nothing of frames.
NOT_ON_A_UART = {
    "drop": "drop: the simulated chip's UART carries bytes, not frames (use garbage or noise)",
    "corrupt": "corrupt: the simulated chip's UART carries bytes, not frames (use garbage)",
    "drop_host": "drop_host: the simulated chip's UART carries bytes, not frames (use noise)",
}


class SimulatorUnavailable(RuntimeError):
    """The AVR toolchain or simavr is missing, or the build failed; the message says which."""


@dataclass(frozen=True)
class SimBuild:
    """The firmware's AVR build and the harness that runs it."""

    elf: Path
    harness: Path
    #: ``make avr``'s size line: flash and static RAM against the chip and the budget.
    size_report: str


@dataclass(frozen=True)
class Board:
    """What the harness says the firmware was built for (``avr/board.h``)."""

    mcu: str
    f_cpu: int
    baud: int
    debounce_us: int
    inputs: int
    outputs: int
    device_id: int


@dataclass(frozen=True)
class Edge:
    """A contact changed: ``first_us`` is the first touch, ``settle_us`` the bounce that settled
    it (chip time), ``first_at`` the first touch on the host's monotonic clock."""

    press_id: int
    input: int
    closed: bool
    first_us: int
    settle_us: int
    first_at: float


@dataclass(frozen=True)
class PinChange:
    """An output pin changed (chip time, and the host's monotonic clock)."""

    output: int
    level: int
    sim_us: int
    at: float


@dataclass(frozen=True)
class ChipEvent:
    """An input event as the chip put it on the wire (its first sending)."""

    boot_id: int
    seq: int
    input: int
    pressed: bool
    device_time_us: int


@dataclass
class _Tap:
    """The wire in both directions, decoded."""

    to_host: StreamDecoder = field(default_factory=StreamDecoder)
    to_chip: StreamDecoder = field(default_factory=StreamDecoder)
    boot_ids: list[int] = field(default_factory=list)
    events: list[ChipEvent] = field(default_factory=list)
    seen: set[tuple[int, int]] = field(default_factory=set)
    acked: dict[int, int] = field(default_factory=dict)  # boot id -> the newest ack it took


def missing_tools() -> str | None:
    """Why the simulated panel cannot be built here, or None if it can."""
    missing = [
        tool for tool in ("make", "avr-gcc", "avr-objcopy", "avr-size") if not shutil.which(tool)
    ]
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        missing.append("a C compiler")
    if not SIMAVR_HEADER.exists():
        missing.append("simavr's headers")
    if not missing:
        return None
    return (
        f"the simulated panel needs {', '.join(missing)} "
        f"(Debian: apt-get install {DEBIAN_PACKAGES})"
    )


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "tableref" / "avr"


def _sources_hash() -> str:
    digest = hashlib.sha256()
    paths = [*FIRMWARE_DIR.glob("*.[ch]"), *FIRMWARE_DIR.glob("avr/*.[ch]")]
    paths += [*FIRMWARE_DIR.glob("sim/*.[ch]"), FIRMWARE_DIR / "Makefile"]
    for path in sorted(paths):
        digest.update(str(path.relative_to(FIRMWARE_DIR)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def build() -> SimBuild:
    """The AVR build and the harness for the current sources, built with ``make avr sim`` into
    the cache unless they are there already."""
    target = _cache_dir() / _sources_hash()
    if not (target / "sim" / "panel_sim").exists():
        problem = missing_tools()
        if problem is not None:
            raise SimulatorUnavailable(problem)
        target.parent.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(dir=target.parent))
        done = subprocess.run(
            ["make", "-s", "-C", str(FIRMWARE_DIR), f"BUILD={scratch}", "avr", "sim"],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            shutil.rmtree(scratch, ignore_errors=True)
            detail = (done.stderr.strip() or done.stdout.strip()).splitlines()
            raise SimulatorUnavailable(f"building the AVR firmware failed: {' | '.join(detail)}")
        try:
            os.rename(scratch, target)  # atomic; a parallel build that came first wins
        except OSError:
            shutil.rmtree(scratch, ignore_errors=True)
    return SimBuild(
        elf=target / "avr" / "panel.elf",
        harness=target / "sim" / "panel_sim",
        size_report=(target / "avr" / "size.txt").read_text().strip(),
    )


class SimulatedPanel:
    """The AVR firmware running in the harness.  Control it from one thread; the reports are
    read by a thread of its own and kept here (lists only grow, so reading them is safe)."""

    def __init__(
        self,
        *,
        link: Path | None = None,
        seed: int | None = None,
        on_output: Callable[[PinChange], None] | None = None,
        elf: Path | None = None,
    ) -> None:
        """``elf``: another program for the same board (the Arduino sketch's build, say)
        instead of ``make avr``'s."""
        self.build = build()
        command = [str(self.build.harness), str(elf or self.build.elf)]
        if link is not None:
            command += ["--link", str(link)]
        if seed is not None:
            command += ["--seed", str(seed)]
        self._process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self._on_output = on_output
        self._changed = threading.Condition()
        self._next_id = 0
        self.board: Board | None = None
        self.path: str | None = None
        self.edges: list[Edge] = []
        self.closed: set[int] = set()  # presses whose contact has closed (settled)
        self.released: set[int] = set()  # ... and opened again
        self.outputs: list[PinChange] = []
        self.boots: list[tuple[int, float]] = []  # (chip time, host monotonic time)
        self.resets: list[int] = []  # chip times
        self.pins: dict[str, str] = {}
        self.stats: dict[str, int] = {}
        self.crashed: int | None = None
        self.tap = _Tap()
        self._stderr: list[str] = []
        self._reader = threading.Thread(target=self._read, name="panel-sim", daemon=True)
        self._reader.start()
        threading.Thread(target=self._read_stderr, name="panel-sim-err", daemon=True).start()
        self.wait_for(lambda: self.path is not None and self.board is not None, "its pty")

    # ----------------------------------------------------------------------------------------
    # Control.

    def press(self, input_: int, hold_ms: float, chatter_ms: float) -> int:
        """Press and release INPUT's contact (bouncing for ``chatter_ms`` each way); returns the
        press's id, which its two :class:`Edge` reports carry."""
        assert self.board is not None
        if not 0 <= input_ < self.board.inputs:
            raise ValueError(f"the panel has inputs 0..{self.board.inputs - 1}, not {input_}")
        self._next_id += 1
        self._send(
            f"press {self._next_id} {input_} {round(hold_ms * 1000)} {round(chatter_ms * 1000)}"
        )
        return self._next_id

    def reset(self) -> None:
        """A pulse on the RESET pin; returns once the chip has been reset (not yet booted)."""
        count = len(self.resets)
        self._send("reset")
        self.wait_for(lambda: len(self.resets) > count, "the reset")

    def stall(self, ms: int) -> None:
        self._send(f"stall {ms}")

    def noise(self, towards: str, count: int) -> None:
        """``count`` random bytes on the line towards ``"host"`` or ``"chip"``."""
        self._send(f"noise {towards} {count}")

    def unplug(self, ms: int) -> None:
        self._send(f"unplug {ms}")

    def read_pins(self) -> dict[str, str]:
        """Each input pin's pull-up (``pullup`` or ``floating``), each output's direction."""
        self.pins = {}
        self._send("pins")
        self.wait_for(lambda: bool(self.pins), "the pins")
        return self.pins

    def wait_booted(self, boots: int, timeout: float = REPLY_TIMEOUT_S) -> None:
        """Until the chip has booted ``boots`` times (its first byte after power-on or reset)."""
        self.wait_for(lambda: len(self.boots) >= boots, "the chip to boot", timeout)

    def pending(self) -> int:
        """Events the chip has sent in its current boot that no ack it received covers yet."""
        tap = self.tap
        if not tap.boot_ids:
            return 0
        boot = tap.boot_ids[-1]
        acked = tap.acked.get(boot, 0)
        return sum(1 for e in tap.events if e.boot_id == boot and seq_after(e.seq, acked))

    @property
    def running(self) -> bool:
        return self._process.poll() is None

    def stop(self) -> dict[str, int]:
        """End the harness; returns its statistics (chip time, pacing, bytes, stack peak)."""
        if self._process.poll() is None:
            with contextlib.suppress(BrokenPipeError, OSError):
                self._send("quit")
            try:
                self._process.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        self._reader.join(STOP_TIMEOUT_S)
        return self.stats

    def __enter__(self) -> SimulatedPanel:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ----------------------------------------------------------------------------------------
    # The harness's reports.

    def _send(self, line: str) -> None:
        assert self._process.stdin is not None
        self._process.stdin.write(line + "\n")
        self._process.stdin.flush()

    def wait_for(
        self, ready: Callable[[], bool], what: str, timeout: float = REPLY_TIMEOUT_S
    ) -> None:
        """Until ``ready()``, checked as the harness reports; RuntimeError on the timeout."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not ready():
                left = deadline - time.monotonic()
                if left <= 0 or (not self.running and not ready()):
                    if self.crashed is not None:
                        why = f"the chip's program stopped at {self.crashed} us"
                    else:
                        why = " ".join(self._stderr[-3:])
                    raise RuntimeError(f"the simulated panel gave no {what}: {why}".strip())
                self._changed.wait(min(left, 0.1))

    def _read_stderr(self) -> None:
        assert self._process.stderr is not None
        for line in self._process.stderr:
            self._stderr = [*self._stderr[-20:], line.strip()]

    def _read(self) -> None:
        assert self._process.stdout is not None
        for line in self._process.stdout:
            words = line.split()
            if words:
                self._report(words[0], words[1:])
            with self._changed:
                self._changed.notify_all()
        with self._changed:
            self._changed.notify_all()

    def _report(self, kind: str, args: list[str]) -> None:
        if kind in ("tx", "rx"):
            self._tapped(kind, bytes.fromhex(args[0]))
        elif kind == "edge":
            id_, input_, level, first, settle = map(int, args[:5])
            self.edges.append(Edge(id_, input_, level == 1, first, settle, int(args[5]) / 1e9))
            (self.closed if level == 1 else self.released).add(id_)
        elif kind == "out":
            output, level, sim_us = map(int, args[:3])
            change = PinChange(output, level, sim_us, int(args[3]) / 1e9)
            self.outputs.append(change)
            if self._on_output is not None:
                self._on_output(change)
        elif kind == "boot":
            self.boots.append((int(args[0]), int(args[1]) / 1e9))
        elif kind == "reset":
            self.resets.append(int(args[0]))
        elif kind == "port":
            self.path = args[0]
        elif kind == "pins":
            self.pins = dict(
                item.split(":") for part in args for item in part.split("=", 1)[1].split(",")
            )
        elif kind == "board":
            mcu, f_cpu, baud, debounce, inputs, outputs, device = args
            self.board = Board(
                mcu, int(f_cpu), int(baud), int(debounce), int(inputs), int(outputs),
                int(device, 16),
            )  # fmt: skip
        elif kind == "crashed":
            self.crashed = int(args[0])
        elif kind == "stats":
            self.stats = {key: int(value) for key, value in (a.split("=") for a in args)}

    def _tapped(self, direction: str, data: bytes) -> None:
        tap = self.tap
        if direction == "rx":
            for message in tap.to_chip.feed(data):
                if message.type is MessageType.ACK:
                    _take_ack(tap, message)
            return
        for message in tap.to_host.feed(data):
            if message.type is MessageType.HELLO and message["device_id"] != 0:
                if not tap.boot_ids or tap.boot_ids[-1] != message.boot_id:
                    tap.boot_ids.append(message.boot_id)
            elif message.type is MessageType.INPUT_EVENT:
                key = (message.boot_id, message.seq)
                if key not in tap.seen:
                    tap.seen.add(key)
                    tap.events.append(
                        ChipEvent(
                            message.boot_id, message.seq, message["input"],
                            bool(message["pressed"]), message["device_time_us"],
                        )
                    )  # fmt: skip


def _take_ack(tap: _Tap, message: Message) -> None:
    boot, seq = message.boot_id, message["ack_seq"]
    if boot not in tap.acked or seq_after(seq, tap.acked[boot]):
        tap.acked[boot] = seq


class ScriptPlayer:
    """Plays :mod:`hardware.script` steps on a simulated panel, one after the other as the
    emulator does: a press ends when its release has settled and the chip has had its debounce
    time to take it; ``reboot`` waits for the host to acknowledge what the chip sent (at most
    REBOOT_DRAIN_S), ``crash`` resets at once; ``hang`` stalls the chip and waits it out."""

    def __init__(self, sim: SimulatedPanel, chatter_ms: float = CHATTER_MS) -> None:
        self.sim = sim
        self.chatter_ms = chatter_ms
        self.faults: dict[str, int] = {}

    @staticmethod
    def refuse(steps: list[Step]) -> None:
        """Raise ValueError, naming the first step the simulated chip cannot play."""
        for step in steps:
            if step.verb in NOT_ON_A_UART:
                raise ValueError(NOT_ON_A_UART[step.verb])

    def play(self, step: Step) -> None:
        sim = self.sim
        self.refuse([step])
        if step.verb in ("press", "double"):
            assert sim.board is not None
            if not 0 <= step.args[0] < sim.board.inputs:
                raise ValueError(
                    f"{step}: the panel has inputs 0..{sim.board.inputs - 1}, not {step.args[0]}"
                )
        elif step.verb in FAULTS:
            self.faults[step.verb] = self.faults.get(step.verb, 0) + 1
        if step.verb == "press":
            self._press(step.args[0], step.args[1])
        elif step.verb == "double":
            self._press(step.args[0], DOUBLE_HOLD_MS)
            time.sleep(DOUBLE_GAP_MS / 1000)
            self._press(step.args[0], DOUBLE_HOLD_MS)
        elif step.verb == "wait":
            time.sleep(step.args[0] / 1000)
        elif step.verb in ("garbage", "noise"):
            sim.noise("host" if step.verb == "garbage" else "chip", step.args[0])
        elif step.verb in ("reboot", "crash"):
            deadline = time.monotonic() + (REBOOT_DRAIN_S if step.verb == "reboot" else 0)
            while sim.pending() and time.monotonic() < deadline:
                time.sleep(0.01)
            sim.reset()
            sim.wait_booted(len(sim.resets) + 1)
        elif step.verb == "unplug":
            sim.unplug(step.args[0])
        elif step.verb == "hang":
            sim.stall(step.args[0])
            time.sleep(step.args[0] / 1000)

    def _press(self, input_: int, hold_ms: int) -> None:
        sim = self.sim
        assert sim.board is not None
        press_id = sim.press(input_, hold_ms, self.chatter_ms)
        sim.wait_for(
            lambda: press_id in sim.released, "the release", REPLY_TIMEOUT_S + hold_ms / 1000
        )
        time.sleep(sim.board.debounce_us / 1e6)


def chatter_ms(text: str) -> float:
    """A command line's contact chatter in ms, 0 to MAX_CHATTER_MS (argparse's ``type``)."""
    import argparse

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"milliseconds, got {text!r}") from None
    if not 0 <= value <= MAX_CHATTER_MS:
        raise argparse.ArgumentTypeError(f"0 to {MAX_CHATTER_MS:g} ms, got {text!r}")
    return value
