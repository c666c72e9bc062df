"""Issue 25 for the emulator's script: every integer argument is bounded by a named limit, and
a count out of range is refused with its line (``garbage 100000000000`` was an OverflowError)."""

from __future__ import annotations

import pytest

from hardware.script import LIMITS, VERBS, ScriptError, parse_line, parse_script


@pytest.mark.parametrize(
    ("verb", "name"),
    [(verb, name.strip("[]")) for verb, names in VERBS.items() for name in names],
)
def test_every_argument_has_a_limit_and_is_refused_past_it(verb, name):
    limit = LIMITS[name]
    values = {arg.strip("[]"): "0" for arg in VERBS[verb]}
    assert parse_line(f"{verb} {' '.join(values.values())}") is not None
    values[name] = str(limit + 1)
    with pytest.raises(
        ScriptError, match=rf"^s:3: {verb}'s {name} must be >= 0 and <= {limit}, got {limit + 1}$"
    ):
        parse_script(f"# header\n\n{verb} {' '.join(values.values())}\n", "s")


def test_the_reported_overflow_is_a_script_error():
    with pytest.raises(ScriptError, match=r"garbage's bytes must be >= 0 and <= 65536"):
        parse_line("garbage 100000000000")
