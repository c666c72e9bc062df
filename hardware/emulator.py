"""A panel on a pseudo-terminal: the reference firmware (C, through ctypes) behind a pty, with
scripted presses and the faults a table sees: noise, lost and damaged frames on the line either way,
reboots, an unplugged cable, a hung board.

The host opens the pty's path like any serial port, so everything from the link up runs as it
would with a board on USB.  The emulator keeps a record of every event the firmware produced
(boot id, sequence number, input, level, when the press was made), which is what the tests
check exactly-once delivery against and the benchmark measures latency from.
"""

from __future__ import annotations

import contextlib
import os
import random
import select
import threading
import time
import tty
from collections import Counter, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from hardware.firmware_lib import FirmwareDevice, PanelSpec
from hardware.script import Step

#: A clean reboot waits this long for the host to acknowledge everything, then reboots anyway.
REBOOT_DRAIN_S = 5.0
#: Boot ids come from the system's randomness even when faults are seeded: two runs of a seeded
#: script must not look like one boot to a host that stays up across them.
_BOOT_IDS = random.SystemRandom()
DOUBLE_GAP_MS = 60


@dataclass(frozen=True)
class GeneratedEvent:
    """An input event as the firmware produced it; ``made_at`` is the host's monotonic clock
    when the level changed on the pin (the moment of the press)."""

    boot_id: int
    seq: int
    input: int
    pressed: bool
    made_at: float


@dataclass
class EmulatorStats:
    presses: int = 0
    faults: Counter[str] = field(default_factory=Counter)
    #: Events still unacknowledged in the firmware's RAM when a crash wiped it.
    lost_in_crash: set[tuple[int, int]] = field(default_factory=set)
    #: Events the firmware refused because its queue was full (reported to the host).
    refused: int = 0
    boots: list[int] = field(default_factory=list)
    bytes_dropped_by_pty: int = 0


class _Pty:
    """A pseudo-terminal pair: the emulator holds the master; the slave's path is the port.
    The slave stays open here too, so the port exists whether or not a host has it open."""

    def __init__(self, link: Path | None) -> None:
        if link is not None and link.exists() and not link.is_symlink():
            raise FileExistsError(
                f"{link} exists and is not a link; the emulator will not replace it"
            )
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        os.set_blocking(self.master, False)
        self.path = os.ttyname(self.slave)
        self.link = link
        if link is not None:
            temporary = link.with_name(link.name + ".new")
            with contextlib.suppress(FileNotFoundError):
                temporary.unlink()
            temporary.symlink_to(self.path)
            os.replace(temporary, link)  # the link never dangles while it is moved

    def close(self) -> None:
        if self.link is not None and self.link.is_symlink() and os.readlink(self.link) == self.path:
            self.link.unlink()
        os.close(self.master)
        os.close(self.slave)


class _FrameSplitter:
    """Cuts a byte stream into 0x00-terminated frames, so faults can hit whole frames."""

    def __init__(self) -> None:
        self._partial = bytearray()

    def frames(self, data: bytes) -> list[bytes]:
        self._partial += data
        *done, rest = bytes(self._partial).split(b"\x00")
        self._partial = bytearray(rest)
        return [frame + b"\x00" for frame in done]


class Emulator:
    """One emulated panel.  ``start()`` runs it in a thread; ``submit()`` adds script steps."""

    def __init__(
        self,
        spec: PanelSpec | None = None,
        *,
        link: Path | None = None,
        seed: int | None = None,
        on_output: Callable[[int, int], None] | None = None,
    ) -> None:
        self.spec = spec or PanelSpec()
        self.device = FirmwareDevice(self.spec)
        self.stats = EmulatorStats()
        self.events: list[GeneratedEvent] = []
        self.outputs = [0] * self.spec.outputs
        self._on_output = on_output
        self._rng = random.Random(seed)
        self._link = link
        self._pty: _Pty | None = _Pty(link)
        self._replug_at: float | None = None
        self._hang_until = 0.0
        self._lock = threading.Lock()
        self._steps: deque[Step] = deque()
        self._ops: deque[tuple] = deque()
        self._ready_at = 0.0
        self._awaiting: tuple[int, bool, float] | None = None  # input, level, applied at
        self._levels = 0
        self._idle = threading.Event()
        self._idle.set()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.error: Exception | None = None
        self._drop, self._corrupt, self._drop_host = 0, 0, 0
        self._tx_frames, self._rx_frames = _FrameSplitter(), _FrameSplitter()
        self._boot()

    # ----------------------------------------------------------------------------------------
    # Control, from any thread.

    @property
    def path(self) -> str | None:
        """The port's path now (None while unplugged); a replug gives a new path."""
        pty = self._pty
        return pty.path if pty is not None else None

    @property
    def boot_id(self) -> int:
        return self.stats.boots[-1]

    def start(self) -> Emulator:
        self._thread = threading.Thread(target=self._run, name="panel-emulator", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        if self._pty is not None:
            self._pty.close()
            self._pty = None

    def __enter__(self) -> Emulator:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def submit(self, steps: Iterable[Step]) -> None:
        """Queue script steps; a press of an input the panel lacks is refused here, whole."""
        steps = list(steps)
        for step in steps:
            if step.verb in ("press", "double") and step.args[0] >= self.spec.inputs:
                raise ValueError(
                    f"{step}: the panel has inputs 0..{self.spec.inputs - 1}, not {step.args[0]}"
                )
        with self._lock:
            self._steps.extend(steps)
            if self._steps:
                self._idle.clear()

    def wait_idle(self, timeout: float) -> bool:
        """Whether the script ran to its end within ``timeout`` seconds."""
        idle = self._idle.wait(timeout)
        if self.error is not None:
            raise RuntimeError(f"the emulator stopped: {self.error!r}") from self.error
        return idle

    # ----------------------------------------------------------------------------------------
    # The loop.

    def _boot(self) -> None:
        boot_id = 0
        while boot_id in self.stats.boots or boot_id == 0:
            boot_id = _BOOT_IDS.getrandbits(32)
        self.stats.boots.append(boot_id)
        self._boot_clock = time.monotonic()
        self._registered = 0
        self._dropped_seen = 0
        self.device.boot(boot_id, 0, self._levels)

    def _now_us(self) -> int:
        return self._us(time.monotonic())

    def _us(self, instant: float) -> int:
        """A ``time.monotonic()`` instant on the device's clock (µs since its boot)."""
        return int((instant - self._boot_clock) * 1e6)

    def _run(self) -> None:
        try:
            self._loop()
        except Exception as error:  # a bug here must surface in the caller, not die unseen
            self.error = error
            self._idle.set()
            raise

    def _loop(self) -> None:
        while not self._stop.is_set():
            now = time.monotonic()
            if now < self._hang_until:
                time.sleep(min(0.005, self._hang_until - now))
                continue
            if self._replug_at is not None and now >= self._replug_at:
                self._replug_at = None
                self._pty = _Pty(self._link)
            self._wait_for_bytes(0.0005 if self._ops or self._steps else 0.002)
            # the levels change and the device samples them at one instant: a hold scheduled
            # from a change's time is then as long on the device's clock, whenever this
            # thread is preempted between the two
            now = time.monotonic()
            self._advance_script(now)
            self.device.tick(self._us(now), self._levels)
            self._note_events()
            self._send(self.device.take_tx())
            self._drive_outputs()

    def _wait_for_bytes(self, timeout: float) -> None:
        pty = self._pty
        if pty is None:
            time.sleep(timeout)
            return
        ready, _, _ = select.select([pty.master], [], [], timeout)
        if not ready:
            return
        try:
            data = os.read(pty.master, 4096)
        except (BlockingIOError, OSError):
            return
        for frame in self._rx_frames.frames(data):
            if self._drop_host > 0:
                self._drop_host -= 1
                continue
            self.device.receive(frame, self._now_us())

    def _send(self, data: bytes) -> None:
        out = bytearray()
        for frame in self._tx_frames.frames(data):
            if self._drop > 0:
                self._drop -= 1
                continue
            if self._corrupt > 0 and len(frame) > 1:
                self._corrupt -= 1
                damaged = bytearray(frame)
                damaged[self._rng.randrange(len(frame) - 1)] ^= 1 << self._rng.randrange(8)
                frame = bytes(damaged)
            out += frame
        self._write(bytes(out))

    def _write(self, data: bytes) -> None:
        pty = self._pty
        if pty is None or not data:
            return  # unplugged: the UART sends into nothing
        try:
            written = os.write(pty.master, data)
        except (BlockingIOError, OSError):
            written = 0
        self.stats.bytes_dropped_by_pty += len(data) - written

    def _note_events(self) -> None:
        """Pair the change the script made with the event the firmware registered for it."""
        registered = self.device.last_seq + self.device.dropped
        if registered == self._registered:
            return
        self._registered = registered
        if self._awaiting is None:
            return
        input_, level, applied_at = self._awaiting
        self._awaiting = None
        if self.device.dropped > self._dropped_seen:
            self._dropped_seen = self.device.dropped
            self.stats.refused += 1
            return
        self.events.append(
            GeneratedEvent(self.boot_id, self.device.last_seq, input_, level, applied_at)
        )
        if level:
            self.stats.presses += 1

    def _drive_outputs(self) -> None:
        for index in range(self.spec.outputs):
            level = self.device.output(index)
            if level != self.outputs[index]:
                self.outputs[index] = level
                if self._on_output is not None:
                    self._on_output(index, level)

    # ----------------------------------------------------------------------------------------
    # The script.

    def _advance_script(self, now: float) -> None:
        while True:
            if self._awaiting is not None:
                return  # the firmware has not registered the last change yet
            if not self._ops:
                with self._lock:
                    if not self._steps:
                        self._idle.set()
                        return
                    self._ops.extend(self._expand(self._steps.popleft()))
                continue
            op = self._ops[0]
            if op[0] == "level":
                _, input_, level, gap_s = op
                if now < self._ready_at + gap_s:
                    return
                self._ops.popleft()
                bit = 1 << input_
                self._levels = self._levels | bit if level else self._levels & ~bit
                self._awaiting = (input_, level, now)
                self._ready_at = now
            elif op[0] == "wait":
                self._ops.popleft()
                self._ready_at = now + op[1]
                self._ops.appendleft(("until", self._ready_at))
            elif op[0] == "until":
                if now < op[1]:
                    return
                self._ops.popleft()
            elif op[0] == "reboot":
                if self.device.pending and now < op[1]:
                    return
                self._ops.popleft()
                self._restart(op[2])
            else:
                self._ops.popleft()
                self._fault(op[1], now)

    def _expand(self, step: Step) -> list[tuple]:
        if step.verb == "press":
            input_, hold_ms = step.args
            return [("level", input_, True, 0.0), ("level", input_, False, hold_ms / 1000)]
        if step.verb == "double":
            (input_,) = step.args
            tap = [("level", input_, True, DOUBLE_GAP_MS / 1000), ("level", input_, False, 0.04)]
            return [("level", input_, True, 0.0), tap[1], *tap]
        if step.verb == "wait":
            return [("wait", step.args[0] / 1000)]
        if step.verb == "reboot":
            return [("reboot", time.monotonic() + REBOOT_DRAIN_S, "reboot")]
        if step.verb == "crash":
            return [("reboot", 0.0, "crash")]
        return [("fault", step)]

    def _fault(self, step: Step, now: float) -> None:
        self.stats.faults[step.verb] += 1
        count = step.args[0] if step.args else 0
        if step.verb == "garbage":
            self._write(self._rng.randbytes(count))
        elif step.verb == "noise":
            self.device.receive(self._rng.randbytes(count), self._now_us())
        elif step.verb == "drop":
            self._drop += count
        elif step.verb == "corrupt":
            self._corrupt += count
        elif step.verb == "drop_host":
            self._drop_host += count
        elif step.verb == "unplug":
            if self._pty is not None:
                self._pty.close()
                self._pty = None
            self._replug_at = now + count / 1000
        elif step.verb == "hang":
            self._hang_until = now + count / 1000

    def _restart(self, kind: str) -> None:
        """The firmware starts over: a new boot id, sequence numbers from 1 again, and the RAM
        (with any unacknowledged events) gone."""
        self.stats.faults[kind] += 1
        last = self.device.last_seq
        for offset in range(self.device.pending):
            self.stats.lost_in_crash.add((self.boot_id, last - offset))
        self._drop = self._corrupt = 0
        self._tx_frames = _FrameSplitter()
        self._boot()
