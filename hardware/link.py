"""The host end of the panel protocol: a dependable stream of input events over a serial line.

Ports are opened with pyserial's ``serial_for_url``, so a USB port, ``loop://`` and a
pseudo-terminal all work.  The panel is found by its ``hello`` (its device id), not by a port
name that changes when a cable is replugged.  Every input event is delivered exactly once:

- events are numbered per boot of the device; the host keeps, for each boot id it has seen, the
  last sequence number delivered, and delivers only the next one (a repeat is a duplicate, a
  jump is a gap: the host repeats its last ack and the device sends again from there);
- an event is acknowledged only after it is delivered, and an ack names the boot it is for, so
  an old ack cannot clear the queue of a rebooted device;
- after a reboot (a new boot id) numbering restarts at 1 and is not mistaken for duplicates.

A real port (a device path, not a ``loop://``-style URL) is opened exclusively (pyserial's
``exclusive=True``: an ``flock`` on the port), so a second host on the same panel is told
``PORT: in use by another program`` (:class:`PortInUse`; a ``in_use`` status record from
:meth:`Link.poll`, raised by :func:`probe`) instead of silently taking its events and acks.

A dead line (unplug, read error) or a silent one (no frame within the heartbeat timeout) closes
the port and the search starts again, with exponential backoff.  Nothing here raises for what
arrives on the line; :meth:`Link.poll` reports what happened as status records.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import serial
from serial.tools import list_ports

from firmware_interface.codec import (
    SEQ_MODULO,
    ErrorCode,
    Message,
    MessageType,
    OutputMode,
    StreamDecoder,
    encode,
    seq_after,
)

HOST_FIRMWARE = (0, 1, 0)
#: Boots remembered per device: enough that a stale frame from a recent boot is recognised.
BOOTS_REMEMBERED = 16
#: Time-sync samples kept; the one with the shortest round trip sets the clock offset.
SYNC_SAMPLES = 8


@dataclass(frozen=True)
class LinkSettings:
    baudrate: int = 115_200
    hello_timeout: float = 0.5
    heartbeat_period: float = 0.25
    heartbeat_timeout: float = 1.0
    backoff_initial: float = 0.05
    backoff_max: float = 2.0
    output_retry: float = 0.1
    time_sync_period: float = 5.0
    write_timeout: float = 0.5


@dataclass(frozen=True)
class DeviceInfo:
    port: str
    device_id: int
    firmware: str
    inputs: int
    outputs: int
    buzzer_mask: int
    boot_id: int

    def describe(self) -> str:
        return (
            f"panel {self.device_id:08x} on {self.port}: firmware {self.firmware}, "
            f"{self.inputs} inputs, {self.outputs} outputs, boot {self.boot_id:08x}"
        )


@dataclass(frozen=True)
class InputEvent:
    """An input changed on the panel.  ``host_time`` is the wall-clock time of the change
    (device time mapped through the time sync), ``received_at`` the monotonic time the host
    had it."""

    device_id: int
    boot_id: int
    seq: int
    input: int
    pressed: bool
    device_time_us: int
    host_time: float
    received_at: float


@dataclass(frozen=True)
class LinkStatus:
    """Something about the link itself: connected, disconnected, reboot, device_error."""

    kind: str
    text: str


class PortInUse(serial.SerialException):
    """Another program holds the port (another host's link, a terminal that locked it)."""


LinkRecord = InputEvent | LinkStatus
PortFinder = Callable[[], list[str]]


def fixed_port(url: str) -> PortFinder:
    return lambda: [url]


def scan_ports(patterns: Iterable[str] = ()) -> PortFinder:
    """The machine's serial ports plus any paths matching ``patterns`` (globs, e.g. the links
    emulators make), for finding a panel wherever it was plugged in."""
    patterns = tuple(patterns)

    def candidates() -> list[str]:
        found = [port.device for port in list_ports.comports()]
        for pattern in patterns:
            found += sorted(glob.glob(pattern)) if any(c in pattern for c in "*?[") else [pattern]
        return list(dict.fromkeys(found))

    return candidates


def host_hello() -> bytes:
    """The host's hello (device id 0, no inputs): it asks the panel to introduce itself."""
    major, minor, patch = HOST_FIRMWARE
    return b"\x00" + encode(
        MessageType.HELLO, 0, 0, device_id=0, fw_major=major, fw_minor=minor, fw_patch=patch,
        inputs=0, outputs=0, buzzer_mask=0,
    )  # fmt: skip


def is_own_hello(message: Message) -> bool:
    """A hello with device id 0 is a host's: the port echoes what we send (``loop://``)."""
    return message.type is MessageType.HELLO and message["device_id"] == 0


def device_info(port: str, hello: Message) -> DeviceInfo:
    return DeviceInfo(
        port=port,
        device_id=hello["device_id"],
        firmware=f"{hello['fw_major']}.{hello['fw_minor']}.{hello['fw_patch']}",
        inputs=hello["inputs"],
        outputs=hello["outputs"],
        buzzer_mask=hello["buzzer_mask"],
        boot_id=hello.boot_id,
    )


class Link:
    """One panel on some serial port.  Call :meth:`poll` in a loop (one thread)."""

    def __init__(
        self,
        ports: PortFinder | str,
        *,
        device_id: int | None = None,
        settings: LinkSettings | None = None,
    ) -> None:
        self._finder = fixed_port(ports) if isinstance(ports, str) else ports
        self._want_id = device_id
        self.settings = settings or LinkSettings()
        self.stats: Counter[str] = Counter()
        self.device: DeviceInfo | None = None
        self._port: serial.SerialBase | None = None
        self._decoder = StreamDecoder()
        self._delivered: OrderedDict[tuple[int, int], int] = OrderedDict()
        self._backoff = self.settings.backoff_initial
        self._next_attempt = 0.0
        self._last_rx = 0.0
        self._last_heartbeat = 0.0
        self._last_sync = -float("inf")
        self._sync_sent: dict[int, float] = {}
        self._sync_seq = 0
        self._samples: list[tuple[float, float]] = []  # (round trip, host - device seconds)
        self._lost: str | None = None  # why the port failed, until it is dropped
        self._fresh = False  # connected, and the panel's hello not yet announced
        self._device_seq = 0  # the newest sequence number the current boot has announced
        self._out_seq = 0
        self._outputs: dict[int, dict[str, int]] = {}  # the last command per output
        self._unacked: dict[int, tuple[int, float]] = {}  # output -> (seq, sent at)
        self._wall_minus_mono = time.time() - time.monotonic()
        self._said_in_use: set[str] = set()  # ports already reported in use, until connected

    # ----------------------------------------------------------------------------------------
    # The public surface.

    @property
    def connected(self) -> bool:
        return self._port is not None

    def poll(self, timeout: float) -> list[LinkRecord]:
        """Whatever happened within ``timeout`` seconds (returns early once something did).
        A connection attempt may take up to ``hello_timeout`` per candidate port."""
        deadline = time.monotonic() + timeout
        out: list[LinkRecord] = []
        while True:
            now = time.monotonic()
            if self._port is None and now >= self._next_attempt:
                self._connect(out)
            if self._port is None:
                pause = min(deadline, self._next_attempt) - time.monotonic()
                if pause > 0:
                    time.sleep(pause)
            else:
                self._service(deadline, out)
            if out or time.monotonic() >= deadline:
                return out

    def set_output(
        self, output: int, mode: OutputMode, on_ms: int = 0, off_ms: int = 0, repeats: int = 0
    ) -> None:
        """Drive an output (LED, buzzer); sent until the panel acknowledges it, and a steady
        level is restored after a reboot."""
        self._outputs[output] = dict(
            output=output, mode=int(mode), on_ms=on_ms, off_ms=off_ms, repeats=repeats
        )
        self._queue_output(output)
        if self._port is not None:
            self._send_outputs(time.monotonic())

    def _queue_output(self, output: int) -> None:
        """Each command gets its own sequence number, so an ack clears only what it names."""
        self._out_seq = (self._out_seq + 1) % SEQ_MODULO
        self._unacked[output] = (self._out_seq, -float("inf"))

    @property
    def settled(self) -> bool:
        """Connected, and every event the panel says it has made (in its last heartbeat or
        event) delivered: no press is missing or on its way again."""
        if self._port is None or self.device is None:
            return False
        key = (self.device.device_id, self.device.boot_id)
        return self._delivered.get(key) == self._device_seq

    def device_now_us(self) -> int | None:
        """The device's clock now, from the time sync; None while unknown or disconnected."""
        if self._port is None or not self._samples:
            return None
        _, offset = min(self._samples)
        return int((time.monotonic() - offset) * 1e6)

    def close(self) -> None:
        if self._port is not None:
            self._drop_port("closed", [])

    # ----------------------------------------------------------------------------------------
    # Finding the panel.

    def _connect(self, out: list[LinkRecord]) -> None:
        for url in self._finder():
            if self._try_port(url, out):
                self._backoff = self.settings.backoff_initial
                return
        self.stats["connect_failures"] += 1
        self._next_attempt = time.monotonic() + self._backoff
        self._backoff = min(self._backoff * 2, self.settings.backoff_max)

    def _try_port(self, url: str, out: list[LinkRecord]) -> bool:
        try:
            port = _open(url, self.settings)
        except PortInUse as busy:
            if url not in self._said_in_use:  # once, not at every retry
                self._said_in_use.add(url)
                out.append(LinkStatus("in_use", str(busy)))
            return False
        except (serial.SerialException, OSError, ValueError):
            return False
        decoder = StreamDecoder()
        try:
            port.write(host_hello())
            found = _await_hello(port, decoder, self.settings.hello_timeout, self._want_id)
        except (serial.SerialException, OSError):
            found = None
        if found is None:
            port.close()
            return False
        self._port, self._decoder, self._fresh = port, decoder, True
        self._said_in_use.clear()
        self._last_rx = time.monotonic()
        self._last_sync = -float("inf")
        self._samples.clear()
        self.stats["connects"] += 1
        for message in found:
            self._handle(message, url, out)
        return True

    def _drop_port(self, why: str, out: list[LinkRecord]) -> None:
        port, self._port, self._lost = self._port, None, None
        if port is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                port.close()
        self._merge_decoder_errors()
        self.stats["disconnects"] += 1
        out.append(LinkStatus("disconnected", why))
        self._next_attempt = time.monotonic() + self._backoff
        self._backoff = min(self._backoff * 2, self.settings.backoff_max)

    def _merge_decoder_errors(self) -> None:
        for reason, count in self._decoder.errors.items():
            self.stats[f"frames_refused_{reason}"] += count
        self._decoder.errors.clear()

    # ----------------------------------------------------------------------------------------
    # A connected panel.

    def _service(self, deadline: float, out: list[LinkRecord]) -> None:
        port = self._port
        assert port is not None
        if self._lost is not None:
            self._drop_port(self._lost, out)
            return
        try:
            port.timeout = max(0.0, min(deadline - time.monotonic(), 0.02))
            for message in self._decoder.feed(_read_some(port)):
                self._handle(message, port.name or "", out)
            now = time.monotonic()
            if now - self._last_rx > self.settings.heartbeat_timeout:
                self.stats["heartbeat_timeouts"] += 1
                self._drop_port(f"no frame for {self.settings.heartbeat_timeout:g} s", out)
                return
            self._periodic(now)
        except (serial.SerialException, OSError) as error:  # an unplug, a dead adapter
            self._drop_port(f"port lost: {error}", out)

    def _periodic(self, now: float) -> None:
        if now - self._last_heartbeat >= self.settings.heartbeat_period:
            self._last_heartbeat = now
            self._write(MessageType.HEARTBEAT, self._out_seq, time_us=int(now * 1e6))
        if now - self._last_sync >= self.settings.time_sync_period:
            self._last_sync = now
            self._sync_seq = (self._sync_seq + 1) % SEQ_MODULO
            self._sync_sent = {self._sync_seq: now}
            self._write(
                MessageType.TIME_SYNC, self._sync_seq, host_time_us=int(now * 1e6),
                device_time_us=0,
            )  # fmt: skip
        self._send_outputs(now)

    def _send_outputs(self, now: float) -> None:
        for output, (seq, sent_at) in list(self._unacked.items()):
            if now - sent_at >= self.settings.output_retry:
                self._unacked[output] = (seq, now)
                self._write(MessageType.SET_OUTPUT, seq, **self._outputs[output])

    def _write(self, kind: MessageType, seq: int, **fields: int) -> None:
        if self._port is None:
            return
        boot_id = self.device.boot_id if self.device is not None else 0
        self._send(encode(kind, seq, boot_id, **fields))

    def _handle(self, message: Message, port: str, out: list[LinkRecord]) -> None:
        now = time.monotonic()
        self._last_rx = now
        self.stats["frames"] += 1
        kind = message.type
        if kind is MessageType.HELLO:
            if not is_own_hello(message):
                self._on_hello(message, port, out)
            return
        if self.device is None:
            return
        key = (self.device.device_id, message.boot_id)
        if key not in self._delivered and kind in (MessageType.INPUT_EVENT, MessageType.HEARTBEAT):
            self._new_boot(message.boot_id, out)  # a reboot whose hello was lost
        if kind is MessageType.INPUT_EVENT:
            self._on_input(message, key, now, out)
        elif kind is MessageType.HEARTBEAT and message.boot_id == self.device.boot_id:
            self._device_seq = message.seq
            if seq_after(message.seq, self._delivered[key]):
                self.stats["tail_gaps"] += 1  # events were sent that never arrived
                self._ack(message.boot_id, self._delivered[key])
        elif kind is MessageType.ACK:
            self._on_output_ack(message)
        elif kind is MessageType.TIME_SYNC:
            sent = self._sync_sent.pop(message.seq, None)
            if sent is not None and message.boot_id == self.device.boot_id:
                offset = (sent + now) / 2 - message["device_time_us"] / 1e6
                self._samples = [*self._samples[-SYNC_SAMPLES + 1 :], (now - sent, offset)]
        elif kind is MessageType.ERROR:
            self._on_error(message, out)

    def _on_hello(self, hello: Message, port: str, out: list[LinkRecord]) -> None:
        if self._want_id is not None and hello["device_id"] != self._want_id:
            return
        info = device_info(port, hello)
        announce = self._fresh or self.device != info
        self._fresh = False
        self.device = info
        key = (info.device_id, info.boot_id)
        if key not in self._delivered:
            self._new_boot(info.boot_id, out)
        if seq_after(hello.seq, self._delivered[key]):
            # acknowledged by an earlier host (or before this one forgot): gone from the queue,
            # so waiting for them would stall the stream for good
            self.stats["acked_elsewhere"] += (hello.seq - self._delivered[key]) % SEQ_MODULO
            self._delivered[key] = hello.seq
        if seq_after(hello.seq, self._device_seq):
            self._device_seq = hello.seq
        if announce:
            out.append(LinkStatus("connected", info.describe()))

    def _new_boot(self, boot_id: int, out: list[LinkRecord]) -> None:
        assert self.device is not None
        had_boot = any(device == self.device.device_id for device, _ in self._delivered)
        self._delivered[(self.device.device_id, boot_id)] = 0
        self._device_seq = 0
        while len(self._delivered) > BOOTS_REMEMBERED:
            self._delivered.popitem(last=False)
        if self.device.boot_id != boot_id:
            self.device = DeviceInfo(**{**self.device.__dict__, "boot_id": boot_id})
        self._samples.clear()
        self._last_sync = -float("inf")
        if had_boot:
            self.stats["reboots"] += 1
            out.append(LinkStatus("reboot", f"panel rebooted (boot {boot_id:08x})"))
        for output, command in self._outputs.items():  # a reboot turned every output off
            if command["mode"] == OutputMode.ON:
                self._queue_output(output)

    def _on_input(
        self, message: Message, key: tuple[int, int], now: float, out: list[LinkRecord]
    ) -> None:
        assert self.device is not None
        last = self._delivered[key]
        if message.seq == (last + 1) % SEQ_MODULO:
            self._delivered[key] = message.seq
            if message.boot_id == self.device.boot_id and seq_after(message.seq, self._device_seq):
                self._device_seq = message.seq
            self.stats["delivered"] += 1
            out.append(self._event(message, now))
        elif seq_after(message.seq, last):
            self.stats["gaps"] += 1
        else:
            self.stats["duplicates"] += 1
        self._ack(message.boot_id, self._delivered[key])

    def _event(self, message: Message, now: float) -> InputEvent:
        assert self.device is not None
        device_s = message["device_time_us"] / 1e6
        if self._samples and message.boot_id == self.device.boot_id:
            host_mono = device_s + min(self._samples)[1]
        else:
            host_mono = now  # no clock sync yet: the arrival time is the best estimate
        return InputEvent(
            device_id=self.device.device_id,
            boot_id=message.boot_id,
            seq=message.seq,
            input=message["input"],
            pressed=bool(message["pressed"]),
            device_time_us=message["device_time_us"],
            host_time=host_mono + self._wall_minus_mono,
            received_at=now,
        )

    def _ack(self, boot_id: int, seq: int) -> None:
        self.stats["acks"] += 1
        self._send(encode(MessageType.ACK, self._out_seq, boot_id, ack_seq=seq))

    def _send(self, frame: bytes) -> None:
        """Write a frame (after a delimiter, to end any garbage before it).  A failed write
        marks the port lost; the next service drops it, so callers never see the error."""
        if self._port is None or self._lost is not None:
            return
        try:
            self._port.write(b"\x00" + frame)
        except (serial.SerialException, OSError) as error:
            self._lost = f"port lost: {error}"

    def _on_output_ack(self, message: Message) -> None:
        for output, (seq, _) in list(self._unacked.items()):
            if seq == message["ack_seq"]:
                del self._unacked[output]

    def _on_error(self, message: Message, out: list[LinkRecord]) -> None:
        try:
            name = ErrorCode(message["code"]).name.lower()
        except ValueError:
            name = f"code {message['code']}"
        self.stats[f"device_error_{name}"] += 1
        out.append(LinkStatus("device_error", f"panel reports {name} ({message['detail']})"))


def _await_hello(
    port: serial.SerialBase, decoder: StreamDecoder, timeout: float, want_id: int | None
) -> list[Message] | None:
    """The panel's hello and whatever followed it, or None if no (wanted) panel answers."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        messages = decoder.feed(_read_some(port))
        for index, message in enumerate(messages):
            if message.type is not MessageType.HELLO or is_own_hello(message):
                continue
            if want_id is not None and message["device_id"] != want_id:
                return None
            return messages[index:]
    return None


def probe(url: str, settings: LinkSettings | None = None) -> DeviceInfo | None:
    """Who answers on ``url``, without taking its events: nothing is acknowledged, so a
    panel's unacknowledged presses stay queued for the host that will use them.  A port
    another program holds raises :class:`PortInUse` (nothing is written to it)."""
    settings = settings or LinkSettings()
    try:
        port = _open(url, settings)
    except PortInUse:
        raise
    except (serial.SerialException, OSError, ValueError):
        return None
    try:
        port.write(host_hello())
        found = _await_hello(port, StreamDecoder(), settings.hello_timeout, None)
    except (serial.SerialException, OSError):
        found = None
    finally:
        port.close()
    return None if found is None else device_info(url, found[0])


#: The errors of opening a port that mean another program holds it: its ``flock`` (pyserial's
#: exclusive open), or ``TIOCEXCL`` (EBUSY).
IN_USE = {errno.EAGAIN, errno.EWOULDBLOCK, errno.EBUSY}


def _open(url: str, settings: LinkSettings) -> serial.SerialBase:
    """A port with short reads and a write timeout: a hung panel must not block the host.
    A real port is opened exclusively; pyserial's URL handlers (``loop://``, ``socket://``)
    have no exclusive mode, and take none."""
    exclusive = True if "://" not in url else None
    try:
        return serial.serial_for_url(
            url,
            baudrate=settings.baudrate,
            timeout=0.01,
            write_timeout=settings.write_timeout,
            exclusive=exclusive,
        )
    except serial.SerialException as error:
        if exclusive and error.errno in IN_USE:
            raise PortInUse(f"{url}: in use by another program") from None
        raise


def _read_some(port: serial.SerialBase) -> bytes:
    """What is waiting, after blocking up to the port's timeout for the first byte."""
    data = port.read(1)
    if data:
        waiting = port.in_waiting
        if waiting:
            data += port.read(waiting)
    return data
