"""The emulator's script language: presses, waits and faults, one step per line.

The same lines come from a script file, from ``tableref panel emulate``'s standard input and
from the tests, so a fault seen in a test can be replayed by hand::

    press 0          # press input 0 and release it after 30 ms
    press 4 800      # hold input 4 for 800 ms
    double 7         # two quick presses of input 7
    wait 500         # milliseconds
    garbage 40       # 40 random bytes on the line towards the host
    noise 40         # 40 random bytes on the line towards the device
    drop 2           # the device's next 2 frames are lost on the line
    corrupt 1        # one bit flipped in the device's next frame
    drop_host 3      # the host's next 3 frames never reach the device
    reboot           # the firmware restarts (new boot id) once the host has acked everything
    crash            # the firmware restarts now: unacknowledged events die with its RAM
    unplug 300       # the port disappears for 300 ms; the panel keeps counting presses
    hang 1500        # the firmware stops for 1500 ms: no bytes, no heartbeats
"""

from __future__ import annotations

from dataclasses import dataclass

#: Each verb and the names of its integer arguments; an argument in brackets is optional.
VERBS: dict[str, tuple[str, ...]] = {
    "press": ("input", "[hold_ms]"),
    "double": ("input",),
    "wait": ("ms",),
    "garbage": ("bytes",),
    "noise": ("bytes",),
    "drop": ("frames",),
    "corrupt": ("frames",),
    "drop_host": ("frames",),
    "reboot": (),
    "crash": (),
    "unplug": ("ms",),
    "hang": ("ms",),
}
#: The largest value of each argument.  A script is typed by hand, and an unbounded count is a
#: typo that breaks the emulator rather than the host under test: ``garbage 100000000000`` is
#: an OverflowError in the random bytes, ``wait`` or ``hang`` of 10**11 ms stalls it for years.
LIMITS: dict[str, int] = {
    #: The protocol numbers inputs 0..31 (a keymap's range); the panel's own count is checked
    #: when the step is submitted to an emulator.
    "input": 31,
    #: A minute: longer than any press, wait, outage or hang a table or a soak test needs.
    "hold_ms": 60_000,
    "ms": 60_000,
    #: 64 KiB of noise: hundreds of times the longest frame, so resynchronisation is tested.
    "bytes": 65_536,
    #: Ten thousand frames: a long soak's worth of losses, still counted down in a moment.
    "frames": 10_000,
}
FAULTS = ("garbage", "noise", "drop", "corrupt", "drop_host", "reboot", "crash", "unplug", "hang")
DEFAULT_HOLD_MS = 30


class ScriptError(ValueError):
    """A script line that does not parse; the message names the line and what is wrong."""


@dataclass(frozen=True)
class Step:
    verb: str
    args: tuple[int, ...] = ()

    def __str__(self) -> str:
        return " ".join([self.verb, *map(str, self.args)])


def parse_line(line: str, where: str = "line") -> Step | None:
    """One step, or None for a blank or comment line."""
    words = line.split("#", 1)[0].split()
    if not words:
        return None
    verb, *rest = words
    if verb not in VERBS:
        raise ScriptError(f"{where}: unknown step {verb!r} (steps: {', '.join(VERBS)})")
    names = VERBS[verb]
    required = [name for name in names if not name.startswith("[")]
    if not len(required) <= len(rest) <= len(names):
        raise ScriptError(f"{where}: {verb} takes {' '.join(names) or 'nothing'}")
    try:
        args = tuple(int(word, 0) for word in rest)
    except ValueError:
        raise ScriptError(f"{where}: {verb} takes whole numbers, got {' '.join(rest)}") from None
    for name, arg in zip((name.strip("[]") for name in names), args, strict=False):
        if not 0 <= arg <= LIMITS[name]:
            raise ScriptError(
                f"{where}: {verb}'s {name} must be >= 0 and <= {LIMITS[name]}, got {arg}"
            )
    if verb == "press" and len(args) == 1:
        args = (args[0], DEFAULT_HOLD_MS)
    return Step(verb, args)


def parse_script(text: str, source: str = "script") -> list[Step]:
    steps = []
    for number, line in enumerate(text.splitlines(), start=1):
        step = parse_line(line, f"{source}:{number}")
        if step is not None:
            steps.append(step)
    return steps
