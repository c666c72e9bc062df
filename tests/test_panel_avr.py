"""The panel firmware on its real chip: the AVR build (avr-gcc for the ATmega328P of an Arduino
Uno or Nano, within half the chip), the Arduino sketch built against the real Arduino core,
both binaries running in a cycle-accurate simulator (simavr) behind a pty, and the host link's
soak against it, short (``scripts/soak_panel_avr.py`` runs it long).

The toolchain and simavr come from Debian (``scripts/setup-dev.sh`` installs them, so CI runs
all of this); where they are missing the tests that need them skip, saying what to install.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_hardware_rig import events, rig, run_script, statuses

from firmware_interface import FIRMWARE_DIR
from hardware import avr_sim
from hardware.avr_sim import SimulatedPanel, missing_tools
from hardware.avr_soak import FAULT_KINDS, run_soak
from hardware.keymap import DEFAULT_KEYMAP, load_keymap
from hardware.link import InputEvent, Link
from ui.cli import main

ROOT = Path(__file__).resolve().parent.parent
BOARD_H = FIRMWARE_DIR / "avr" / "board.h"
WIRING = ROOT / "docs" / "panel-wiring.md"
SKETCH = FIRMWARE_DIR / "arduino" / "panel" / "panel.ino"
ARDUINO_CORE = Path("/usr/share/arduino/hardware/arduino/avr/cores/arduino/Arduino.h")
TABLEREF = Path(sys.executable).with_name("tableref")
#: Half of the ATmega328P's 32 KB of flash and 2 KB of RAM: the issue's budget.
FLASH_BUDGET, RAM_BUDGET = 16384, 1024
#: The chip's clock starts a little after a reset (the C start-up clears RAM, then the pins are
#: set up: some 270 us), so its
#: stamps run this much behind the harness's clock of the boot.
CLOCK_START_US = 400
#: A short soak: every fault kind twice, in well under a minute.
SOAK_PRESSES, SOAK_FAULTS = 120, 2 * len(FAULT_KINDS)

needs_avr = pytest.mark.skipif(missing_tools() is not None, reason=missing_tools() or "")
needs_arduino_core = pytest.mark.skipif(
    not ARDUINO_CORE.exists(), reason="the Arduino sketch's build needs Debian's arduino-core-avr"
)


def make(target: str, build: Path, *variables: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["make", "-s", "-C", str(FIRMWARE_DIR), f"BUILD={build}", *variables, target],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def size_numbers(report: str) -> tuple[int, int]:
    """Flash and static RAM bytes of a size line of ``make avr``."""
    found = re.search(r"flash (\d+) of .* RAM (\d+) of", report)
    assert found is not None, report
    return int(found[1]), int(found[2])


def board_pins(macro: str) -> list[tuple[str, int, int]]:
    body = re.search(rf"#define {macro}\s*\\?\s*(.*?)\n\s*#define", BOARD_H.read_text(), re.S)
    assert body is not None
    return [
        (port[-1], int(bit), int(pin))
        for port, bit, pin in re.findall(r"\{(BOARD_PORT_[BCD]),\s*(\d+),\s*(\d+)\}", body[1])
    ]


def test_the_wiring_page_the_sketch_and_board_h_name_the_same_pins():
    """One wiring: the firmware's board.h, the Arduino sketch's pin lists and the table of
    docs/panel-wiring.md (whose drawing scripts/draw_panel_wiring.py makes from board.h)."""
    inputs, outputs = board_pins("BOARD_INPUT_PINS"), board_pins("BOARD_OUTPUT_PINS")
    assert len(inputs) == 8 and len(outputs) == 3
    sketch = SKETCH.read_text()
    assert f"INPUT_PINS[] = {{{', '.join(str(pin) for _, _, pin in inputs)}}}" in sketch
    assert f"OUTPUT_PINS[] = {{{', '.join(str(pin) for _, _, pin in outputs)}}}" in sketch
    row = r"^\| (input|output) (\d) \| .*? \| D(\d+) \| P([BCD])(\d) \|"
    rows = re.findall(row, WIRING.read_text(), re.M)
    table = {(kind, int(n)): (port, int(bit), int(pin)) for kind, n, pin, port, bit in rows}
    assert table == {
        **{("input", i): pin for i, pin in enumerate(inputs)},
        **{("output", i): pin for i, pin in enumerate(outputs)},
    }
    keymap = load_keymap(DEFAULT_KEYMAP)
    assert keymap.outputs == {"led": 0, "buzzer": 2}  # the page draws output 2 as the buzzer
    assert (ROOT / "docs" / "panel-wiring.png").exists()


@needs_avr
def test_the_avr_build_is_warning_free_and_within_half_the_chip(tmp_path):
    done = make("avr", tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    flash, ram = size_numbers(done.stdout)
    assert 0 < flash <= FLASH_BUDGET and 0 < ram <= RAM_BUDGET, done.stdout
    elf = (tmp_path / "avr" / "panel.elf").read_bytes()
    assert elf[:4] == b"\x7fELF" and int.from_bytes(elf[18:20], "little") == 83  # EM_AVR
    assert (tmp_path / "avr" / "panel.hex").read_text().startswith(":")


@needs_avr
def test_a_build_over_its_budget_fails(tmp_path):
    done = make("avr", tmp_path, "AVR_RAM_BUDGET=500")
    assert done.returncode != 0
    assert "avr: over budget" in done.stderr


@needs_avr
def test_the_chip_boots_with_its_pull_ups_and_a_bouncing_press_is_one_event():
    with SimulatedPanel(seed=3) as sim:
        sim.wait_booted(1)
        assert sim.board is not None and sim.board.debounce_us == 5000
        pins = sim.read_pins()
        assert pins == {
            **{f"P{port}{bit}": "pullup" for port, bit, _ in board_pins("BOARD_INPUT_PINS")},
            **{f"P{port}{bit}": "output" for port, bit, _ in board_pins("BOARD_OUTPUT_PINS")},
        }
        first = sim.press(3, hold_ms=40, chatter_ms=3)
        sim.wait_for(lambda: first in sim.released, "the release")
        sim.wait_for(lambda: len(sim.tap.events) == 2, "two events")
        # After a reset the pull-ups hold the pins high again: a press is a press, not only
        # its release (simavr 1.6 keeps old pin levels; the harness makes them forget).
        sim.reset()
        sim.wait_booted(2)
        second = sim.press(6, hold_ms=40, chatter_ms=3)
        sim.wait_for(lambda: second in sim.released, "the release")
        sim.wait_for(lambda: len(sim.tap.events) == 4, "two more events")
        stats = sim.stop()
    bounced = [edge for edge in sim.edges if edge.settle_us > edge.first_us]
    assert len(bounced) == 4  # every change bounced ...
    assert [(e.input, e.pressed, e.seq) for e in sim.tap.events] == [
        (3, True, 1), (3, False, 2), (6, True, 1), (6, False, 2),
    ]  # fmt: skip
    assert len(set(sim.tap.boot_ids)) == 2  # ... and each is one event, per boot
    assert stats["uart_baud"] == 117647  # 115200 at 16 MHz with the double-speed bit


@needs_avr
def test_a_short_soak_loses_nothing_doubles_nothing_and_drives_the_pins():
    report = run_soak(SOAK_PRESSES, SOAK_FAULTS, seed=11)
    print("\n" + "\n".join(report.lines()))
    assert report.presses >= SOAK_PRESSES
    assert report.faults == {kind: 2 for kind in FAULT_KINDS}
    assert report.chip_events == report.pin_changes == report.delivered == 2 * report.presses
    assert (report.lost, report.doubled, report.out_of_order) == (0, 0, 0)
    assert (report.missed, report.phantom, report.forged) == (0, 0, 0)
    assert report.facts == report.presses
    assert report.link.get("device_error_queue_overflow", 0) == 0
    assert report.link["reboots"] == report.resets == 4
    # A foul sounds the buzzer pin: three beeps of 150 ms (the keymap's), in chip time.
    assert report.fouls > 0 and report.beeps_per_foul == [3] * report.fouls
    # (the pin follows the pattern once a turn of the chip's loop)
    turn_ms = report.harness["longest_loop_gap_us"] / 1000
    assert all(abs(ms - 150) <= turn_ms for ms in report.beep_ms), (report.beep_ms, turn_ms)
    # The LED went out with every reset and the host lit it again.
    assert report.led_rises == report.resets + 1 and report.led_on_at_end
    assert set(report.pins.values()) == {"pullup", "output"}
    assert report.ram_used <= RAM_BUDGET  # static RAM and the stack's measured peak
    # Each event is stamped between the first touch and a loop's turn after the settling.
    earliest = -report.chatter_ms * 1000 - CLOCK_START_US
    assert all(
        earliest <= error <= report.harness["longest_loop_gap_us"]
        for error in report.stamp_error_us
    ), (min(report.stamp_error_us), max(report.stamp_error_us))


@needs_avr
@needs_arduino_core
def test_the_arduino_sketch_built_on_the_arduino_core_runs_on_the_simulated_chip(tmp_path):
    done = make("arduino", tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    flash, ram = size_numbers(done.stdout)
    assert flash <= FLASH_BUDGET and ram <= RAM_BUDGET
    with SimulatedPanel(seed=4, elf=tmp_path / "arduino" / "panel.elf") as sim:
        link = Link(lambda: [sim.path] if sim.path else [])
        try:
            deadline = time.monotonic() + 10
            while link.device is None and time.monotonic() < deadline:
                link.poll(0.05)
            assert link.device is not None and link.device.inputs == 8
            sim.press(4, hold_ms=40, chatter_ms=3)
            got: list[InputEvent] = []
            while len(got) < 2 and time.monotonic() < deadline + 10:
                got += [r for r in link.poll(0.05) if isinstance(r, InputEvent)]
        finally:
            link.close()
    assert [(e.input, e.pressed, e.seq) for e in got] == [(4, True, 1), (4, False, 2)]


@needs_avr
def test_simulate_prints_its_path_and_monitor_shows_the_facts(tmp_path, capsys):
    script = tmp_path / "game.txt"
    script.write_text("wait 800\npress 4   # the bell\npress 5\npress 1 900\nnoise 30\n")
    link = tmp_path / "panel"
    simulator = subprocess.Popen(
        [str(TABLEREF), "panel", "simulate", "--script", str(script), "--exit", "--link",
         str(link), "--seed", "2"],
        stdout=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        first = simulator.stdout.readline()
        assert first.startswith("panel 00c0ffee simulated on /dev/pts/"), first
        assert "atmega328p at 16 MHz, 115200 baud" in first
        status = main(["panel", "monitor", str(link), "--seconds", "6", "--raw"])
        out, _ = capsys.readouterr()
    finally:
        rest, _ = simulator.communicate(timeout=60)
    assert status == 0
    assert "connected: panel 00c0ffee" in out
    facts = [line.split()[1:5] for line in out.splitlines() if "(boot " in line]
    assert facts == [
        ["bell", "input", "4", "press"],
        ["foul", "input", "5", "press"],
        ["confirm", "2", "input", "1"],
    ]
    assert "input 1 released (seq 6)" in out
    assert simulator.returncode == 0
    assert "3 presses, 6 events, 1 boots, faults: noise 1" in rest
    assert not link.exists()  # the harness removes its link when it stops


@needs_avr
def test_run_referees_from_the_simulated_chip(tmp_path, capsys):
    """``tableref run --panel PTY`` on the firmware binary: its foul button holds a void."""
    script = tmp_path / "foul.txt"
    script.write_text("wait 1200\npress 5\n")
    link = tmp_path / "panel"
    simulator = subprocess.Popen(
        [str(TABLEREF), "panel", "simulate", "--script", str(script), "--exit", "--link",
         str(link)],
        stdout=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        assert simulator.stdout.readline().startswith("panel 00c0ffee simulated on ")
        status = main(
            ["run", "--game", "yahtzee", "--players", "Anna,Boris", "--camera", "none",
             "--panel", str(link), "--headless", "--seconds", "5", "--journal",
             str(tmp_path / "run.sqlite")]
        )  # fmt: skip
        out, _ = capsys.readouterr()
    finally:
        simulator.communicate(timeout=60)
    assert status == 0
    assert "source panel: connected (panel 00c0ffee" in out
    assert "held #1 void by Anna: reason=off_table: ambiguous: the foul button" in out


def test_simulate_refuses_a_frame_fault_in_one_line(tmp_path, capsys):
    script = tmp_path / "frames.txt"
    script.write_text("press 1\ndrop 2\n")
    assert main(["panel", "simulate", "--script", str(script), "--exit"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "error: drop: the simulated chip's UART carries bytes, not frames (use garbage or noise)\n"
    )


def test_simulate_without_the_toolchain_names_the_packages(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(avr_sim, "_cache_dir", lambda: tmp_path)
    real_which = avr_sim.shutil.which
    monkeypatch.setattr(
        avr_sim.shutil, "which", lambda tool: None if tool.startswith("avr-") else real_which(tool)
    )
    assert main(["panel", "simulate", "--exit"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: the simulated panel needs avr-gcc, avr-objcopy, avr-size")
    assert "apt-get install gcc-avr avr-libc libsimavr-dev" in err
    assert len(err.splitlines()) == 1


def test_the_soak_script_refuses_bad_options_in_one_line():
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "soak_panel_avr.py"), "--presses", "0"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "error: argument --presses: 1 to 1000000, got '0' (see soak_panel_avr.py --help)"
    ]


def test_the_emulator_takes_noise_towards_the_device_as_the_chip_does():
    """``noise`` (bytes towards the device) is a script step for both panels."""
    with rig(seed=9) as (emulator, link):
        records = run_script(emulator, link, "noise 300\nwait 300\npress 2", timeout=30)
    assert emulator.stats.faults["noise"] == 1
    assert statuses(records, "device_error")  # the firmware refused the noise's frames
    assert [(e.input, e.pressed) for e in events(records)] == [(2, True), (2, False)]
