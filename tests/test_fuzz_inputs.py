"""Issue 25's fuzz suite, short: every input surface answers generated input with a clean
refusal (one ``error:`` line, no journal row changed) or an acceptance, never a traceback.
``scripts/fuzz_inputs.py`` runs the same generators long."""

from __future__ import annotations

from functools import cache

import pytest
from fuzz_surfaces import Surface, surfaces
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

#: Examples per surface here: the group stays well under a minute on two busy cores.
EXAMPLES = {"play": 150, "shot": 60, "check": 60, "keymap": 100, "script": 300, "codec": 300}


@cache
def surface(name: str) -> Surface:
    return {found.name: found for found in surfaces()}[name]


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_generated_input_is_refused_cleanly_or_accepted(name):
    @settings(
        max_examples=EXAMPLES[name],
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(st.data())
    def run(data):
        result = surface(name).drive(data.draw(surface(name).inputs))
        if result.refused:
            assert result.one_error_line
            assert not result.rows_changed

    run()
