"""The panel: keymap files, gestures judged on the device clock, facts, and verdicts shown on
the outputs (a buzzer on a foul)."""

from __future__ import annotations

import pytest
import yaml
from test_hardware_rig import FAST_PANEL, pump, rig, run_script, statuses

from firmware_interface.codec import OutputMode
from hardware.keymap import DEFAULT_KEYMAP, KeymapError, Signal, load_keymap, parse_keymap
from hardware.link import InputEvent
from hardware.panel import ButtonPressed, Panel, PanelSource
from hardware.script import parse_script

KEYMAP = load_keymap()
BOOT = 0xB007


def event(seq, input_, pressed, ms, boot=BOOT):
    return InputEvent(
        device_id=1,
        boot_id=boot,
        seq=seq,
        input=input_,
        pressed=pressed,
        device_time_us=int(ms * 1000),
        host_time=1000.0 + ms / 1000,
        received_at=0.0,
    )


def play(panel, *steps):
    """Steps (input, pressed, ms) as consecutive events; returns every fact."""
    facts = []
    for seq, (input_, pressed, ms) in enumerate(steps, start=1):
        facts += panel.feed(event(seq, input_, pressed, ms))
    return facts


def summary(facts):
    return [(f.fact, f.player, f.gesture) for f in facts]


def test_the_default_keymap_maps_players_bell_foul_undo_and_confirm():
    facts = {
        spec.fact for mapping in KEYMAP.inputs.values() for spec in vars(mapping).values() if spec
    }
    assert facts == {"player", "bell", "foul", "undo", "confirm"}
    assert KEYMAP.outputs == {"led": 0, "buzzer": 2}
    assert KEYMAP.check_device(inputs=8, outputs=3, buzzer_mask=0b100) == []


def test_a_plain_input_reports_on_the_press_itself():
    panel = Panel(KEYMAP)
    facts = panel.feed(event(1, 4, True, 10))  # the bell: no release needed
    assert summary(facts) == [("bell", None, "press")]
    assert facts[0] == ButtonPressed("bell", None, 4, "press", 10_000, 1000.01, 1, BOOT, 1)
    assert panel.feed(event(2, 4, False, 60)) == []


def test_a_player_button_short_press_and_hold():
    panel = Panel(KEYMAP)
    assert summary(play(panel, (1, True, 0), (1, False, 120))) == [("player", 2, "press")]
    assert play(panel, (1, True, 1000)) == []
    assert panel.advance((1000 + 699) * 1000) == []
    held = panel.advance((1000 + 700) * 1000)
    assert summary(held) == [("confirm", 2, "hold")]
    assert held[0].device_time_us == 1_000_000  # the time of the press, not of the threshold
    assert panel.feed(event(9, 1, False, 2500)) == []  # the release adds nothing


def test_a_hold_is_judged_on_the_device_clock_even_if_frames_come_late():
    """A hold seen only at its release (say, resent after an unplug) is still a hold."""
    panel = Panel(KEYMAP)
    assert summary(play(panel, (0, True, 0), (0, False, 900))) == [("confirm", 1, "hold")]


def test_double_press_and_a_single_one_on_the_same_input():
    panel = Panel(KEYMAP)
    double = play(panel, (7, True, 0), (7, False, 40), (7, True, 150), (7, False, 190))
    assert summary(double) == [("undo", None, "double")]
    assert play(panel, (7, True, 1000), (7, False, 1040)) == []
    assert panel.advance((1000 + 350) * 1000) == []
    assert summary(panel.advance((1000 + 351) * 1000)) == [("confirm", None, "press")]


def test_a_later_event_decides_a_waiting_tap():
    panel = Panel(KEYMAP)
    facts = play(panel, (7, True, 0), (7, False, 40), (4, True, 2000))
    assert summary(facts) == [("confirm", None, "press"), ("bell", None, "press")]


def test_a_reboot_settles_taps_and_forgets_held_presses():
    panel = Panel(KEYMAP)
    assert play(panel, (7, True, 0), (7, False, 40), (0, True, 50)) == []
    facts = panel.feed(event(1, 0, False, 5, boot=BOOT + 1))  # the old press's release is gone
    assert summary(facts) == [("confirm", None, "press")]
    assert panel.advance(10_000_000) == []


def test_unmapped_inputs_are_counted_not_reported():
    panel = Panel(parse_keymap({"inputs": {0: {"press": "bell"}}}))
    assert play(panel, (5, True, 0), (5, False, 30)) == []
    assert panel.unmapped == 2


def test_verdicts_light_the_outputs_by_code_then_kind():
    panel = Panel(KEYMAP)
    verdicts = [
        {"kind": "foul", "code": "F_DIRECT"},
        {"kind": "points", "code": "scored"},
        {"kind": "illegal", "code": "not_your_turn"},
    ]
    buzz = Signal(2, OutputMode.BLINK, 150, 100, 3)
    assert panel.signals(verdicts) == [buzz, Signal(2, OutputMode.BLINK, 400, 0, 1)]

    class Verdict:  # the shape of scoring.verdicts.Verdict
        kind, code = "game_over", "winner"

    assert panel.signals([Verdict()]) == [Signal(0, OutputMode.BLINK, 300, 300, 5)]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"inputs": {0: {"press": "dance"}}}, "fact must be one of player, bell"),
        ({"inputs": {0: {"press": {"fact": "player"}}}}, "a player fact needs player"),
        ({"inputs": {0: {"tap": "bell"}}}, "unknown key 'tap'"),
        ({"inputs": {"zero": {"press": "bell"}}}, "inputs key 'zero'"),
        ({"hold_ms": -5}, "hold_ms: a whole number"),
        ({"signals": {"foul": {"output": "horn"}}}, "unknown output 'horn'"),
        ({"signals": {"foul": {"output": 2, "mode": "loud"}}}, "mode: one of off, on, blink"),
        ({"inputs": {0: {}}}, "map at least one gesture"),
    ],
)
def test_keymap_mistakes_name_the_key(tmp_path, change, message):
    data = yaml.safe_load(DEFAULT_KEYMAP.read_text())
    data.update(change)
    path = tmp_path / "keymap.yaml"
    path.write_text(yaml.safe_dump(data))
    with pytest.raises(KeymapError, match=message) as refused:
        load_keymap(path)
    assert str(path) in str(refused.value)


def test_a_keymap_that_does_not_fit_the_panel_is_reported():
    keymap = parse_keymap({"inputs": {9: {"press": "bell"}}, "outputs": {"buzzer": 0}})
    assert keymap.check_device(inputs=8, outputs=3, buzzer_mask=0b100) == [
        "the keymap uses input 9, the panel has 8",
        "the keymap's output buzzer (0) is not a buzzer on this panel",
    ]


def test_end_to_end_a_foul_button_becomes_a_fact_and_a_foul_verdict_buzzes():
    with rig(spec=FAST_PANEL) as (emulator, link):
        source = PanelSource(link, Panel(KEYMAP))
        records = run_script(emulator, source.link, "press 5\npress 0 900")
        facts = [
            f
            for event in records
            if isinstance(event, InputEvent)
            for f in source.panel.feed(event)
        ]
        assert summary(facts) == [("foul", None, "press"), ("confirm", 1, "hold")]
        assert statuses(records, "connected")
        assert emulator.outputs[2] == 0
        source.show([{"kind": "foul", "code": "F_TOUCH_SKITTLE"}])
        pump(link, lambda r: emulator.outputs[2] == 1, timeout=30)
        assert emulator.outputs[2] == 1


def test_a_panel_source_decides_a_waiting_tap_from_the_synced_clock():
    with rig(spec=FAST_PANEL) as (emulator, link):
        source = PanelSource(link, Panel(KEYMAP))
        pump(link, lambda r: link.device_now_us() is not None, timeout=30)
        emulator.submit(parse_script("press 7"))
        facts = []
        for _ in range(100):
            facts += [f for f in source.poll(0.05) if isinstance(f, ButtonPressed)]
            if facts:
                break
        assert summary(facts) == [("confirm", None, "press")]
        assert source.events_seen == 2
