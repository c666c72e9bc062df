"""The button panel as a source of table facts: input events become ``ButtonPressed`` facts
through the keymap's gestures, and verdicts become output patterns (a buzzer on a foul).

Gestures are judged on the device's clock (microseconds stamped at the pin), never on when
frames arrive, so a press resent after an unplug is still a short press and two taps still a
double press.  A gesture that waits for time to pass (a hold not yet released, the window of a
double press) is decided when the device clock passes its deadline: told by later events, or
by :meth:`Panel.advance` with the link's synced estimate of the device clock.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from hardware.keymap import FactSpec, Keymap, Signal
from hardware.link import InputEvent, Link, LinkStatus


@dataclass(frozen=True)
class ButtonPressed:
    """A table fact from the panel: ``fact`` (player, bell, foul, undo, confirm, or a bet
    keypad's key: :data:`hardware.keymap.FACTS`), the seat for a player's button or a seat's
    own keys, the gesture that made it, and where it came from.  ``device_time_us`` and
    ``host_time`` are those of the press that started the gesture; (``device_id``, ``boot_id``,
    ``seq``) names that press uniquely.  ``value`` is a digit key's digit or a chip key's
    worth."""

    fact: str
    player: int | None
    input: int
    gesture: str
    device_time_us: int
    host_time: float
    seq: int
    boot_id: int
    device_id: int
    value: int | None = None


@dataclass
class _InputState:
    down: InputEvent | None = None
    hold_reported: bool = False
    tap: InputEvent | None = None  # a short press waiting to see if a second one follows


class Panel:
    """Gestures over the input events of one panel; pure (no I/O, no clock of its own)."""

    def __init__(self, keymap: Keymap) -> None:
        self.keymap = keymap
        self._states: dict[int, _InputState] = {}
        self._boot: tuple[int, int] | None = None
        self.unmapped = 0

    def feed(self, event: InputEvent) -> list[ButtonPressed]:
        facts = []
        if self._boot != (event.device_id, event.boot_id):
            facts += self._flush()  # a new boot: its clock starts again from zero
            self._boot = (event.device_id, event.boot_id)
        facts += self.advance(event.device_time_us)
        mapping = self.keymap.inputs.get(event.input)
        if mapping is None:
            self.unmapped += 1
            return facts
        state = self._states.setdefault(event.input, _InputState())
        if event.pressed:
            if mapping.immediate:
                facts += _fact(mapping.press, event, "press")
            else:
                state.down, state.hold_reported = event, False
            return facts
        down, state.down = state.down, None
        if down is None or mapping.immediate:
            return facts  # a release whose press came before a reboot, or one not judged
        if mapping.hold is not None and self._held(down, event.device_time_us):
            if not state.hold_reported:
                facts += _fact(mapping.hold, down, "hold")
        elif mapping.double is not None:
            if state.tap is not None and self._within_double(state.tap, down):
                facts += _fact(mapping.double, state.tap, "double")
                state.tap = None
            else:
                state.tap = down
        else:
            facts += _fact(mapping.press, down, "press")
        return facts

    def advance(self, device_now_us: int) -> list[ButtonPressed]:
        """Decide the gestures whose time is up by the device clock ``device_now_us``."""
        facts = []
        for index, state in self._states.items():
            mapping = self.keymap.inputs[index]
            down = state.down
            if (
                down is not None
                and mapping.hold is not None
                and not state.hold_reported
                and self._held(down, device_now_us)
            ):
                state.hold_reported = True
                facts += _fact(mapping.hold, down, "hold")
            tap = state.tap
            if tap is not None and device_now_us - tap.device_time_us > self._double_us:
                state.tap = None
                facts += _fact(mapping.press, tap, "press")
        return facts

    def _flush(self) -> list[ButtonPressed]:
        """Taps waiting for a second press are single presses after all; presses still held
        are forgotten (their release died with the old boot)."""
        facts = []
        for index, state in self._states.items():
            if state.tap is not None:
                facts += _fact(self.keymap.inputs[index].press, state.tap, "press")
        self._states.clear()
        return facts

    @property
    def _double_us(self) -> int:
        return self.keymap.double_ms * 1000

    def _held(self, down: InputEvent, now_us: int) -> bool:
        return now_us - down.device_time_us >= self.keymap.hold_ms * 1000

    def _within_double(self, first: InputEvent, second: InputEvent) -> bool:
        return second.device_time_us - first.device_time_us <= self._double_us

    def signals(self, verdicts: Iterable[Any]) -> list[Signal]:
        """The output patterns for these verdicts: a verdict's code, else its kind, looked up
        in the keymap's signals.  Verdicts are ``scoring.verdicts.Verdict`` objects or their
        ``to_dict()`` form (this package does not import the scoring core)."""
        shown = []
        for verdict in verdicts:
            code, kind = _verdict_field(verdict, "code"), _verdict_field(verdict, "kind")
            signal = self.keymap.signals.get(code) or self.keymap.signals.get(kind)
            if signal is not None:
                shown.append(signal)
        return shown


def _fact(spec: FactSpec | None, event: InputEvent, gesture: str) -> list[ButtonPressed]:
    if spec is None:
        return []
    return [
        ButtonPressed(
            fact=spec.fact,
            player=spec.player,
            input=event.input,
            gesture=gesture,
            device_time_us=event.device_time_us,
            host_time=event.host_time,
            seq=event.seq,
            boot_id=event.boot_id,
            device_id=event.device_id,
            value=spec.value,
        )
    ]


def _verdict_field(verdict: Any, name: str) -> str:
    value = verdict.get(name) if isinstance(verdict, Mapping) else getattr(verdict, name, None)
    return "" if value is None else str(value)


#: How far behind the device clock gestures are decided: a press made just now may still be on
#: the wire, and a double press must not be split by it.
IN_FLIGHT_US = 30_000


class PanelSource:
    """A link and a panel together: poll for facts (and link status), show verdicts."""

    def __init__(self, link: Link, panel: Panel, *, with_events: bool = False) -> None:
        self.link = link
        self.panel = panel
        self.with_events = with_events  # also pass the input events on (a monitor shows them)
        self.events_seen = 0

    def poll(self, timeout: float) -> list[ButtonPressed | LinkStatus | InputEvent]:
        out: list[ButtonPressed | LinkStatus | InputEvent] = []
        for record in self.link.poll(timeout):
            if isinstance(record, InputEvent):
                self.events_seen += 1
                if self.with_events:
                    out.append(record)
                out += self.panel.feed(record)
            else:
                out.append(record)
                if record.kind == "connected" and self.link.device is not None:
                    device = self.link.device
                    out += [
                        LinkStatus("keymap", problem)
                        for problem in self.panel.keymap.check_device(
                            device.inputs, device.outputs, device.buzzer_mask
                        )
                    ]
        now = self.link.device_now_us()
        if now is not None and self.link.settled:
            out += self.panel.advance(now - IN_FLIGHT_US)
        return out

    def show(self, verdicts: Iterable[Any]) -> list[Signal]:
        signals = self.panel.signals(verdicts)
        for signal in signals:
            self.link.set_output(
                signal.output, signal.mode, signal.on_ms, signal.off_ms, signal.repeats
            )
        return signals
