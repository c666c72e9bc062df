"""``tableref panel emulate | list | monitor`` and ``tableref bench panel``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from test_hardware_rig import FAST_PANEL, events, pump

from hardware.emulator import Emulator
from hardware.link import Link
from hardware.script import parse_script
from ui.cli import main

TABLEREF = Path(sys.executable).with_name("tableref")


def run_cli(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_emulate_prints_its_path_and_monitor_shows_the_facts(tmp_path, capsys):
    script = tmp_path / "game.txt"
    script.write_text("wait 800\npress 4   # the bell\npress 5\npress 1 900\ngarbage 30\n")
    link = tmp_path / "panel"
    emulator = subprocess.Popen(
        [str(TABLEREF), "panel", "emulate", "--script", str(script), "--exit", "--link", str(link)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        first = emulator.stdout.readline()
        assert first.startswith("panel 00c0ffee emulated on /dev/pts/"), first
        assert str(link) in first
        status, out, _ = run_cli(capsys, "panel", "monitor", str(link), "--seconds", "5", "--raw")
    finally:
        rest, _ = emulator.communicate(timeout=30)
    assert status == 0
    assert "connected: panel 00c0ffee" in out
    facts = [line.split()[1:5] for line in out.splitlines() if "(boot " in line]
    assert facts == [
        ["bell", "input", "4", "press"],
        ["foul", "input", "5", "press"],
        ["confirm", "2", "input", "1"],
    ]
    assert "input 1 released (seq 6)" in out
    assert emulator.returncode == 0
    assert "3 presses, 6 events, 1 boots, faults: garbage 1" in rest
    assert not link.exists()  # the emulator removes its link when it stops


def test_list_finds_the_panel_by_its_hello_and_leaves_its_events(capsys):
    with Emulator(FAST_PANEL, seed=5) as emulator:
        emulator.submit(parse_script("press 2"))
        assert emulator.wait_idle(5)
        status, out, _ = run_cli(
            capsys, "panel", "list", "--port", emulator.path, "--port", "loop://"
        )
        assert status == 0
        assert f"panel 00c0ffee on {emulator.path}: firmware 1.0.0, 8 inputs, 3 outputs" in out
        assert "loop://: no panel answers" in out
        assert emulator.device.pending == 2  # listing acknowledged nothing
        link = Link(emulator.path)
        records = pump(link, lambda r: len(events(r)) == 2, timeout=30)
        link.close()
        assert [(e.seq, e.pressed) for e in events(records)] == [(1, True), (2, False)]


def test_panel_mistakes_are_one_error_line(tmp_path, capsys):
    bad_script = tmp_path / "bad.txt"
    bad_script.write_text("press 1\nfly 3\n")
    status, _, err = run_cli(capsys, "panel", "emulate", "--script", str(bad_script), "--exit")
    assert status == 2
    assert err.startswith(f"error: {bad_script}:2: unknown step 'fly' (steps: press, double")
    assert len(err.splitlines()) == 1
    keymap = tmp_path / "keys.yaml"
    keymap.write_text("inputs: {0: {press: juggle}}\n")
    status, _, err = run_cli(capsys, "panel", "monitor", "loop://", "--keymap", str(keymap))
    assert status == 2 and "fact must be one of" in err and str(keymap) in err
    status, _, err = run_cli(capsys, "panel", "emulate", "--device-id", "zz")
    assert status == 2 and "a hexadecimal id" in err
    script = tmp_path / "high.txt"
    script.write_text("press 12\n")
    status, _, err = run_cli(capsys, "panel", "emulate", "--script", str(script), "--exit")
    assert status == 2 and "inputs 0..7, not 12" in err


def test_bench_panel_reports_latency_and_throughput_with_baselines(capsys):
    status, out, _ = run_cli(capsys, "bench", "panel", "--quick", "--json")
    assert status == 0
    rows = json.loads(out)
    assert [row["measure"] for row in rows] == [
        "pty transfer, one frame (baseline)",
        "press to fact (5 ms debounce incl.), median",
        "press to fact (5 ms debounce incl.), p95",
        "decoder throughput",
    ]
    assert all(list(row) == list(rows[0]) for row in rows)
    latency = rows[1]
    assert latency["unit"] == "us" and latency["n"] == 20
    assert latency["value"] >= 5000  # the 5 ms debounce is part of every press
    expected_ratio = latency["value"] / latency["baseline_value"]
    assert abs(latency["ratio"] - expected_ratio) <= 0.01 * expected_ratio
    assert rows[3]["value"] > 0 and rows[3]["ratio"] > 0
