"""The host link over a real pseudo-terminal pair, against the emulated panel (the C firmware):
finding the panel by its hello, reconnecting, heartbeat timeout, reboots, outputs, time sync."""

from __future__ import annotations

import itertools
import os
import time

import serial
from test_hardware_rig import FAST_LINK, events, pump, rig, run_script, statuses

from firmware_interface.codec import MessageType, OutputMode, StreamDecoder, encode
from hardware.link import Link, host_hello, probe
from hardware.script import parse_script


def _keys(records):
    return [(e.boot_id, e.seq) for e in events(records)]


def test_the_panel_is_found_by_its_hello_among_ports_that_are_not_panels():
    silent_master, silent_slave = os.openpty()  # a port where nothing answers
    try:
        with rig() as (emulator, _):
            candidates = ["/dev/nonexistent-port", "loop://", os.ttyname(silent_slave)]
            link = Link(lambda: [*candidates, emulator.path], settings=FAST_LINK)
            records = pump(link, lambda r: bool(statuses(r, "connected")), timeout=30)
            assert link.device is not None and link.device.port == emulator.path
            assert link.device.device_id == emulator.spec.device_id
            assert link.device.inputs == 8 and link.device.buzzer_mask == 0b100
            assert link.device.boot_id == emulator.boot_id
            assert "panel 00c0ffee" in statuses(records, "connected")[0].text
            link.close()
    finally:
        os.close(silent_master)
        os.close(silent_slave)


def test_a_port_that_echoes_our_own_hello_is_not_a_panel():
    link = Link("loop://", settings=FAST_LINK)
    assert link.poll(0.5) == []
    assert not link.connected and link.stats["connect_failures"] >= 1


def test_a_panel_with_another_device_id_is_passed_over():
    with rig() as (emulator, _):
        link = Link(lambda: [emulator.path], device_id=0x1234, settings=FAST_LINK)
        assert pump(link, lambda r: False, timeout=0.6) == []
        assert link.device is None and link.stats["connect_failures"] >= 1


def test_loop_url_carries_frames_both_ways():
    port = serial.serial_for_url("loop://", timeout=0.1)
    frame = encode(MessageType.ACK, 3, 77, ack_seq=3)
    port.write(b"garbage" + host_hello() + frame)
    decoded = StreamDecoder().feed(port.read(200))
    assert [m.type for m in decoded] == [MessageType.HELLO, MessageType.ACK]


def test_the_search_backs_off_while_no_panel_answers():
    attempts = []

    def no_ports():
        attempts.append(time.monotonic())
        return []

    link = Link(no_ports, settings=FAST_LINK)  # waits 0.02 s, doubling up to 0.2 s
    while len(attempts) < 7:
        assert link.poll(0.1) == []
    gaps = [later - earlier for earlier, later in itertools.pairwise(attempts)]
    for gap, least in zip(gaps, [0.02, 0.04, 0.08, 0.16, 0.2, 0.2], strict=True):
        assert gap >= least - 0.001
    assert link.stats["connect_failures"] == len(attempts)


def test_presses_arrive_once_in_order_with_device_times():
    with rig() as (emulator, link):
        records = run_script(emulator, link, "press 0\npress 1 50\npress 2")
        got = events(records)
        assert [(e.input, e.pressed) for e in got] == [
            (0, True), (0, False), (1, True), (1, False), (2, True), (2, False),
        ]  # fmt: skip
        assert [e.seq for e in got] == [1, 2, 3, 4, 5, 6]
        held = got[3].device_time_us - got[2].device_time_us
        assert 50_000 <= held < 1_000_000  # the hold, measured on the device's clock


def test_an_unplug_is_survived_and_presses_made_meanwhile_arrive():
    with rig() as (emulator, link):
        records = run_script(emulator, link, "press 0\nunplug 300\npress 1\npress 2\nwait 100")
        assert len(statuses(records, "disconnected")) >= 1
        assert len(statuses(records, "connected")) >= 2  # found again on the new pty
        assert _keys(records) == [(emulator.boot_id, seq) for seq in range(1, 7)]
        assert link.stats["duplicates"] + link.stats["delivered"] >= 6


def test_a_silent_panel_times_out_and_is_reconnected():
    with rig() as (emulator, link):
        records = run_script(emulator, link, "press 0\nhang 800\npress 1")
        assert link.stats["heartbeat_timeouts"] >= 1
        assert "no frame for 0.4 s" in statuses(records, "disconnected")[0].text
        assert len(_keys(records)) == 4 == len(set(_keys(records)))


def test_after_a_reboot_sequence_numbers_restart_and_are_not_duplicates():
    with rig() as (emulator, link):
        records = run_script(emulator, link, "press 0\npress 1\nreboot\npress 2\npress 3")
        first, second = emulator.stats.boots
        assert _keys(records) == [(first, s) for s in (1, 2, 3, 4)] + [
            (second, s) for s in (1, 2, 3, 4)
        ]
        assert link.stats["duplicates"] == 0
        assert len(statuses(records, "reboot")) == 1


def test_a_crash_loses_only_what_was_unacknowledged_in_the_panels_ram():
    """The host's acks never arrive, so the panel still holds every event when it crashes:
    the host delivered each once already; nothing after the crash is mistaken for them."""
    with rig() as (emulator, link):
        pump(link, lambda r: bool(statuses(r, "connected")), timeout=30)
        records = run_script(emulator, link, "drop_host 1000\npress 0\npress 1\ncrash\npress 2")
        lost = emulator.stats.lost_in_crash
        first, second = emulator.stats.boots
        assert lost == {(first, s) for s in (1, 2, 3, 4)}
        assert _keys(records) == [*sorted(lost), (second, 1), (second, 2)]


def test_a_stale_ack_for_an_earlier_boot_does_not_clear_the_new_queue():
    with rig() as (emulator, link):
        run_script(emulator, link, "press 0\nreboot")
        old_boot, new_boot = emulator.stats.boots
        link.close()  # from here on nobody acknowledges: the press below stays queued
        emulator.submit(parse_script("press 1"))
        assert emulator.wait_idle(5)
        port = serial.serial_for_url(emulator.path, timeout=0.05)
        port.write(b"\x00" + encode(MessageType.ACK, 0, old_boot, ack_seq=2))
        time.sleep(0.1)
        assert emulator.device.pending == 2  # the new boot's press and release: still held
        port.write(b"\x00" + encode(MessageType.ACK, 0, new_boot, ack_seq=2))
        time.sleep(0.1)
        assert emulator.device.pending == 0
        port.close()


def test_outputs_are_set_acknowledged_and_restored_after_a_reboot():
    with rig() as (emulator, link):
        pump(link, lambda r: bool(statuses(r, "connected")), timeout=30)
        link.set_output(0, OutputMode.ON)
        link.set_output(2, OutputMode.BLINK, on_ms=500, off_ms=100, repeats=1)
        pump(link, lambda r: emulator.outputs[0] == 1 and emulator.outputs[2] == 1, timeout=30)
        assert emulator.outputs == [1, 0, 1]
        records = run_script(emulator, link, "reboot\nwait 300")
        assert statuses(records, "reboot")
        pump(link, lambda r: emulator.outputs[0] == 1, timeout=30)
        assert emulator.outputs[0] == 1  # the steady LED is back; the one-shot buzz is not
        assert emulator.outputs[2] == 0


def test_event_times_are_mapped_to_the_host_clock():
    with rig() as (emulator, link):
        pump(link, lambda r: link.device_now_us() is not None, timeout=30)
        records = run_script(emulator, link, "press 4 200")
        press, release = events(records)
        wall = time.time() - time.monotonic()
        for event, made in zip((press, release), emulator.events, strict=True):
            assert abs(event.host_time - (made.made_at + wall)) < 0.25
        assert link.settled


def test_a_new_host_carries_on_where_a_previous_one_stopped():
    """Events acknowledged by a host that then went away are not waited for by the next one
    (the panel's hello says how far it was acknowledged), and nothing is repeated."""
    with rig() as (emulator, first):
        records = run_script(emulator, first, "press 0\npress 1")
        assert len(events(records)) == 4
        first.close()
        emulator.submit(parse_script("press 2"))
        assert emulator.wait_idle(5)
        second = Link(lambda: [emulator.path], settings=FAST_LINK)
        later = pump(second, lambda r: len(events(r)) == 2, timeout=30)
        assert _keys(later) == [(emulator.boot_id, 5), (emulator.boot_id, 6)]
        assert second.stats["acked_elsewhere"] == 4
        second.close()


def test_probing_a_port_takes_no_events_from_the_panel():
    with rig() as (emulator, link):
        emulator.submit(parse_script("press 3"))
        assert emulator.wait_idle(5)
        found = probe(emulator.path, FAST_LINK)
        assert found is not None and found.device_id == emulator.spec.device_id
        assert emulator.device.pending == 2
        records = pump(link, lambda r: len(events(r)) == 2, timeout=30)
        assert _keys(records) == [(emulator.boot_id, 1), (emulator.boot_id, 2)]
    assert probe("loop://", FAST_LINK) is None
    assert probe("/dev/no-such-port", FAST_LINK) is None
