"""The panel's bet keypad at a hold'em table (hardware/keymaps/holdem.yaml,
session/interpreters/bet_keys.py): amounts keyed digit by digit or chip by chip become the
engine's typed moves; an amount that does not fit its key, or a move the rules refuse, is one
line of refusal and nothing is recorded.  First from presses posted by hand, then over a real
pseudo-terminal from the emulated panel running the C firmware."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hardware.emulator import Emulator
from hardware.keymap import Keymap, KeymapError, load_keymap, parse_keymap
from hardware.link import Link
from hardware.panel import ButtonPressed, Panel, PanelSource
from hardware.script import parse_script
from scoring.verdicts import Kind
from session.families import interpreter_for
from session.journal import Journal
from session.live import LiveSession, SessionEvent, Submit
from session.sources import PanelWorker
from tests.test_hardware_rig import FAST_LINK, FAST_PANEL

KEYMAPS = Path(__file__).parents[1] / "hardware" / "keymaps"
PLAYERS = ("Anna", "Boris", "Vera")
#: A panel with a pin for every key of a 4x4 keypad.
KEYPAD_PANEL = dataclasses.replace(FAST_PANEL, inputs=16)


def key_inputs(keymap: Keymap) -> dict[str, int]:
    """Each key's input by its label: ``"0"``..``"9"`` for digits, ``"chip25"``, else the fact."""
    labels = {}
    for index, mapping in keymap.inputs.items():
        spec = mapping.press
        assert spec is not None
        if spec.fact == "digit":
            labels[str(spec.value)] = index
        elif spec.fact == "chip":
            labels[f"chip{spec.value}"] = index
        else:
            labels[spec.fact] = index
    return labels


def key(fact: str, value: int | None = None, seat: int | None = None) -> ButtonPressed:
    return ButtonPressed(fact, seat, 0, "press", 0, 0.0, 1, 1, 7, value)


def typed(text: str, seat: int | None = None) -> list[ButtonPressed]:
    """Presses from a line such as ``"6 0 bet_raise"``: a digit, ``chip25``, or a key's fact."""
    presses = []
    for word in text.split():
        if word.isdecimal():
            presses.append(key("digit", int(word), seat))
        elif word.startswith("chip"):
            presses.append(key("chip", int(word[4:]), seat))
        else:
            presses.append(key(word, None, seat))
    return presses


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[Journal, LiveSession]]:
    journal = Journal.create(tmp_path / "holdem.sqlite", "holdem", PLAYERS, None, {"hands": 1})
    yield journal, LiveSession(journal, interpreter_for("holdem"))
    journal.close()


def judged(session: LiveSession, presses: list[Any]) -> list[SessionEvent]:
    for press in presses:
        session.post(press)
    return [event for event in session.pump() if event.kind != "fact"]


# ---------------------------------------------------------------------------------------------
# The keymaps.


def test_the_holdem_keymaps_give_every_digit_or_chip_and_every_betting_key() -> None:
    digits = key_inputs(load_keymap(KEYMAPS / "holdem.yaml"))
    assert {str(d) for d in range(10)} | {"clear", "enter", "check_call", "bet_raise"} <= set(
        digits
    )
    assert {"fold", "all_in"} <= set(digits) and max(digits.values()) == 15
    chips = key_inputs(load_keymap(KEYMAPS / "holdem_chips.yaml"))
    assert {"chip1", "chip5", "chip25", "chip100", "chip500", "chip1000"} <= set(chips)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ({"fact": "digit"}, "a digit key needs value: 0..9"),
        ({"fact": "digit", "value": 10}, "value: a whole number 0..9, got 10"),
        ({"fact": "chip", "value": 0}, "value: a whole number 1..1000000, got 0"),
        ({"fact": "fold", "value": 5}, "only digit and chip keys take a value"),
        ({"fact": "raise"}, "fact must be one of"),
    ],
)
def test_a_bet_key_without_its_value_is_refused_naming_the_key(spec: Any, message: str) -> None:
    with pytest.raises(KeymapError, match=message) as refused:
        parse_keymap({"inputs": {3: {"press": spec}}}, "pad.yaml")
    assert "pad.yaml: inputs.3.press" in str(refused.value)


# ---------------------------------------------------------------------------------------------
# Presses by hand.


def test_keyed_amounts_become_the_typed_moves(table: tuple[Journal, LiveSession]) -> None:
    journal, session = table
    judged(session, typed("6 0 bet_raise fold check_call"))  # preflop: raise, fold, call
    judged(session, [Submit({"do": "flop", "cards": ["QS", "7D", "2C"]})])
    judged(session, typed("check_call chip100 chip25 chip25 enter"))  # a silent push of 150
    judged(session, typed("all_in"))
    actions = [row.action for row in journal.rows()]
    assert actions[:3] == [
        {"do": "raise", "by": "Anna", "to": 60},
        {"do": "fold", "by": "Boris"},
        {"do": "call", "by": "Vera"},
    ]
    assert actions[4:] == [
        {"do": "check", "by": "Vera"},
        {"do": "push", "by": "Anna", "amount": 150},
        {"do": "all_in", "by": "Vera"},
    ]
    assert all(row.source == "panel" for row in journal.rows() if row.action["do"] != "flop")


@pytest.mark.parametrize(
    ("keys", "code", "text"),
    [
        ("5 fold", "keyed_before_fold", "Anna: 5 keyed before fold: clear the amount to fold"),
        ("3 0 check_call", "keyed_not_this", "Anna: 30 keyed, but check/call brings the bet to 20"),
        ("bet_raise", "keyed_nothing", "Anna: key the amount before bet/raise"),
        ("enter", "keyed_nothing", "Anna: key the amount before enter"),
        ("3 0 bet_raise", "under_minimum", "30"),
        ("6 3 bet_raise", "not_whole_chips", "63"),
        ("2 0 0 0 bet_raise", "more_than_stack", "2000"),
        ("9 9 all_in", "keyed_not_this", "all-in brings the bet to 1500"),
        ("9 9 9 9 9 9 9 9", "keyed_too_long", "more than 7 digits (9999999 so far)"),
    ],
)
def test_an_amount_that_does_not_fit_is_one_line_and_nothing_is_recorded(
    table: tuple[Journal, LiveSession], keys: str, code: str, text: str
) -> None:
    journal, session = table
    events = judged(session, typed(keys))
    [refused] = events
    assert refused.kind == "refused" and refused.verdicts[0].code == code
    assert text in refused.text and "\n" not in refused.text
    assert refused.verdicts[0].ru  # every refusal has its Russian text
    # A keying slip is the dealer's (no banner for the players); the rules' refusal is shown.
    slip = code.startswith("keyed_")
    assert refused.verdicts[0].kind == (Kind.INFO if slip else Kind.ILLEGAL)
    assert journal.rows() == [] and session.pending() == []
    [accepted] = judged(session, typed("clear 6 0 bet_raise"))  # keyed again, it goes in
    assert accepted.row is not None and accepted.row.action["to"] == 60


def test_an_amount_keyed_before_the_table_moved_on_is_not_given_to_the_next_player(
    table: tuple[Journal, LiveSession],
) -> None:
    journal, session = table
    judged(session, typed("6 0"))  # for Anna; then the operator enters her raise himself
    judged(session, [Submit({"do": "raise", "by": "Anna", "to": 80})])
    [stale] = judged(session, typed("bet_raise"))
    assert stale.verdicts[0].code == "keyed_stale" and "for Boris" in stale.text
    assert len(journal.rows()) == 1
    [called] = judged(session, typed("check_call"))
    assert called.row is not None and called.row.action == {"do": "call", "by": "Boris"}


def test_a_seats_own_keys_make_its_move_out_of_turn_held_by_the_rules(
    table: tuple[Journal, LiveSession],
) -> None:
    _, session = table
    judged(session, typed("1 0 0", seat=3))  # Vera keys her raise while Anna is to act
    judged(session, typed("6 0 bet_raise"))
    [vera] = judged(session, typed("bet_raise", seat=3))
    assert vera.row is not None and vera.row.action == {"do": "raise", "by": "Vera", "to": 100}
    assert vera.verdicts[0].code == "out_of_turn"  # held until her turn (TPT 43A)
    [seat] = judged(session, typed("fold", seat=7))
    assert seat.verdicts[0].code == "keyed_no_seat"


def test_no_bet_key_works_while_the_board_is_due(table: tuple[Journal, LiveSession]) -> None:
    _, session = table
    judged(session, typed("6 0 bet_raise fold check_call"))
    [refused] = judged(session, typed("check_call"))
    assert refused.verdicts[0].code == "keyed_no_turn"


# ---------------------------------------------------------------------------------------------
# Over the real pseudo-terminal, from the emulated panel's firmware.


@pytest.fixture
def keypad() -> Iterator[tuple[Emulator, PanelSource, list[tuple[int, int]]]]:
    outputs: list[tuple[int, int]] = []
    emulator = Emulator(KEYPAD_PANEL, seed=9, on_output=lambda i, level: outputs.append((i, level)))
    emulator.start()
    link = Link(lambda: [emulator.path] if emulator.path else [], settings=FAST_LINK)
    try:
        yield emulator, PanelSource(link, Panel(load_keymap(KEYMAPS / "holdem.yaml"))), outputs
    finally:
        link.close()
        emulator.stop()


def presses(keymap: Keymap, text: str) -> str:
    """The emulator's script for keys named as :func:`typed` names them."""
    inputs = key_inputs(keymap)
    return "\n".join(f"press {inputs[word]}" for word in text.split())


def pump_until(session: LiveSession, rows: int, journal: Journal, refused: int = 0) -> list:
    events: list[SessionEvent] = []
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and (
        len(journal.rows()) < rows or sum(e.kind == "refused" for e in events) < refused
    ):
        events += session.pump(timeout=0.05)
    return events


def test_the_keypad_over_the_pty_bets_and_a_wrong_amount_sounds_the_buzzer(
    table: tuple[Journal, LiveSession], keypad: Any
) -> None:
    journal, session = table
    emulator, source, outputs = keypad
    worker = PanelWorker(session, source, poll=0.02)
    session.subscribe(worker.listener)
    worker.start()
    try:
        emulator.submit(parse_script(presses(source.panel.keymap, "6 0 bet_raise fold")))
        pump_until(session, 2, journal)
        emulator.submit(parse_script(presses(source.panel.keymap, "1 5 check_call")))
        events = pump_until(session, 2, journal, refused=1)
        [refused] = [e for e in events if e.kind == "refused"]
        assert refused.verdicts[0].code == "keyed_not_this"
        deadline = time.monotonic() + 10
        while (2, 1) not in outputs and time.monotonic() < deadline:  # the buzzer (output 2)
            time.sleep(0.02)
        assert (2, 1) in outputs
        emulator.submit(parse_script(presses(source.panel.keymap, "clear check_call")))
        pump_until(session, 3, journal)
    finally:
        worker.stop()
    assert [row.action for row in journal.rows()] == [
        {"do": "raise", "by": "Anna", "to": 60},
        {"do": "fold", "by": "Boris"},
        {"do": "call", "by": "Vera"},
    ]
    assert [row.source for row in journal.rows()] == ["panel"] * 3
