"""The keymap: which panel input means which table fact, by which gesture, and which verdicts
the panel's outputs show.  A YAML file (``keymaps/default.yaml`` is the example), so a table
with its buttons wired differently needs no code.

Every mistake in a keymap is refused at load time with the file and the key named.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from firmware_interface.codec import OutputMode

DEFAULT_KEYMAP = Path(__file__).parent / "keymaps" / "default.yaml"
#: The facts a key reports.  Besides the table's buttons, a bet keypad (``keymaps/holdem.yaml``):
#: ``digit`` and ``chip`` key an amount (a digit appended, a chip's value added), ``clear``
#: forgets it, and the betting keys ``enter``, ``check_call``, ``bet_raise``, ``fold`` and
#: ``all_in`` make it the player's move (what each means is the game's interpreter's).
FACTS = (
    "player", "bell", "foul", "undo", "confirm",
    "digit", "chip", "clear", "enter", "check_call", "bet_raise", "fold", "all_in",
)  # fmt: skip
#: The facts that carry a value, and its range: a digit, or a chip's worth in the game's units.
VALUES = {"digit": (0, 9), "chip": (1, 1_000_000)}
GESTURES = ("press", "hold", "double")
UINT16 = 0xFFFF

#: libyaml's parser where PyYAML has it: besides speed, it refuses nesting past 1000 levels
#: with a YAMLError, where the pure-Python composer recurses into a RecursionError.
LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class KeymapError(ValueError):
    """A keymap that cannot be used; the message names the file and the key."""


@dataclass(frozen=True)
class FactSpec:
    """What a gesture reports: a fact, the seat (1-based) for a player's button or a seat's own
    bet keys, and the value of a digit or chip key."""

    fact: str
    player: int | None = None
    value: int | None = None


@dataclass(frozen=True)
class InputMap:
    press: FactSpec | None = None
    hold: FactSpec | None = None
    double: FactSpec | None = None

    @property
    def immediate(self) -> bool:
        """Only a plain press is mapped, so the fact can go out on the press itself."""
        return self.hold is None and self.double is None


@dataclass(frozen=True)
class Signal:
    """An output pattern (``set_output``) shown for a verdict."""

    output: int
    mode: OutputMode
    on_ms: int = 0
    off_ms: int = 0
    repeats: int = 0


@dataclass(frozen=True)
class Keymap:
    hold_ms: int
    double_ms: int
    inputs: Mapping[int, InputMap]
    outputs: Mapping[str, int]
    signals: Mapping[str, Signal]

    def check_device(self, inputs: int, outputs: int, buzzer_mask: int) -> list[str]:
        """What does not fit the panel that said hello (warnings: the panel still works)."""
        problems = [
            f"the keymap uses input {index}, the panel has {inputs}"
            for index in self.inputs
            if index >= inputs
        ]
        problems += [
            f"the keymap's output {name} is {index}, the panel has {outputs}"
            for name, index in self.outputs.items()
            if index >= outputs
        ]
        problems += [
            f"the keymap's output {name} ({index}) is not a buzzer on this panel"
            for name, index in self.outputs.items()
            if name == "buzzer" and index < outputs and not buzzer_mask >> index & 1
        ]
        return problems


def load_keymap(path: Path = DEFAULT_KEYMAP) -> Keymap:
    """A keymap file, every fault one :class:`KeymapError` naming the file.

    Besides broken YAML, PyYAML's constructor raises ValueError for an integer of more than
    4300 digits, and the pure-Python parser a RecursionError for deep nesting; the layering
    keeps ``scoring.yaml_data``'s measured loader out of reach of this package, and a keymap
    is only walked by :func:`parse_keymap`, which never recurses into a value.
    """
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=LOADER)
    except yaml.YAMLError as error:
        raise KeymapError(f"{path}: not YAML: {' '.join(str(error).split())}") from None
    except (ValueError, RecursionError) as error:
        raise KeymapError(f"{path}: not a keymap: {type(error).__name__}: {error}") from None
    return parse_keymap(data, str(path))


def parse_keymap(data: Any, where: str = "keymap") -> Keymap:
    data = _mapping(data, where)
    _only(data, ("hold_ms", "double_ms", "inputs", "outputs", "signals"), where)
    hold_ms = _number(data.get("hold_ms", 700), f"{where}: hold_ms", 1, UINT16)
    double_ms = _number(data.get("double_ms", 350), f"{where}: double_ms", 1, UINT16)
    outputs = {
        str(name): _number(index, f"{where}: outputs.{name}", 0, 255)
        for name, index in _mapping(data.get("outputs", {}), f"{where}: outputs").items()
    }
    inputs = {}
    for key, value in _mapping(data.get("inputs", {}), f"{where}: inputs").items():
        index = _number(key, f"{where}: inputs key {key!r}", 0, 31)
        inputs[index] = _input_map(value, f"{where}: inputs.{key}")
    signals = {
        str(name): _signal(value, outputs, f"{where}: signals.{name}")
        for name, value in _mapping(data.get("signals", {}), f"{where}: signals").items()
    }
    return Keymap(hold_ms, double_ms, inputs, outputs, signals)


def _input_map(value: Any, where: str) -> InputMap:
    gestures = _mapping(value, where)
    _only(gestures, GESTURES, where)
    if not gestures:
        raise KeymapError(f"{where}: map at least one gesture of {', '.join(GESTURES)}")
    return InputMap(**{name: _fact(spec, f"{where}.{name}") for name, spec in gestures.items()})


def _fact(value: Any, where: str) -> FactSpec:
    if isinstance(value, str):
        value = {"fact": value}
    spec = _mapping(value, where)
    _only(spec, ("fact", "player", "value"), where)
    fact = spec.get("fact")
    if fact not in FACTS:
        raise KeymapError(f"{where}: fact must be one of {', '.join(FACTS)}, got {_shown(fact)}")
    player = spec.get("player")
    if player is not None:
        player = _number(player, f"{where}.player", 1, 99)
    if fact == "player" and player is None:
        raise KeymapError(f"{where}: a player fact needs player: SEAT (1, 2, ...)")
    value = spec.get("value")
    if fact in VALUES:
        if value is None:
            low, high = VALUES[fact]
            raise KeymapError(f"{where}: a {fact} key needs value: {low}..{high}")
        value = _number(value, f"{where}.value", *VALUES[fact])
    elif value is not None:
        raise KeymapError(f"{where}: only {' and '.join(VALUES)} keys take a value")
    return FactSpec(fact, player, value)


def _signal(value: Any, outputs: Mapping[str, int], where: str) -> Signal:
    spec = _mapping(value, where)
    _only(spec, ("output", "mode", "on_ms", "off_ms", "repeats"), where)
    output = spec.get("output")
    if isinstance(output, str):
        if output not in outputs:
            raise KeymapError(f"{where}: unknown output {output!r} (outputs: {sorted(outputs)})")
        output = outputs[output]
    output = _number(output, f"{where}.output", 0, 255)
    modes = {mode.name.lower(): mode for mode in OutputMode}
    mode = spec.get("mode", "blink")
    if not isinstance(mode, str) or mode not in modes:
        raise KeymapError(f"{where}.mode: one of {', '.join(modes)}, got {_shown(mode)}")
    return Signal(
        output,
        modes[mode],
        _number(spec.get("on_ms", 0), f"{where}.on_ms", 0, UINT16),
        _number(spec.get("off_ms", 0), f"{where}.off_ms", 0, UINT16),
        _number(spec.get("repeats", 0), f"{where}.repeats", 0, 255),
    )


def _mapping(value: Any, where: str) -> Mapping[Any, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise KeymapError(f"{where}: expected a mapping, got {type(value).__name__}")
    return value


def _only(data: Mapping[Any, Any], keys: tuple[str, ...], where: str) -> None:
    unknown = sorted(str(key) for key in data if key not in keys)
    if unknown:
        raise KeymapError(f"{where}: unknown key {unknown[0]!r} (keys: {', '.join(keys)})")


def _number(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise KeymapError(f"{where}: a whole number {low}..{high}, got {_shown(value)}")
    return value


def _shown(value: Any) -> str:
    """A value in an error message: a scalar as written, a list or mapping by its kind only
    (through YAML aliases its repr can be deep enough to be a RecursionError, and huge)."""
    if isinstance(value, list | Mapping):
        return f"a {type(value).__name__}"
    return repr(value)
