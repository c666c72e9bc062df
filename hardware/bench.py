"""``tableref bench panel``: press-to-fact latency through a real pty, and decoder throughput.

Each measurement comes with a baseline taken in the same run on the same machine (a raw
pty transfer for the latency, splitting the byte stream on delimiters for the decoder), since
the machines are shared and absolute numbers drift; the ratio is what to compare across runs.
The press-to-fact latency includes the panel's debounce time (5 ms), which a real board has too.
"""

from __future__ import annotations

import os
import statistics
import time
import tty
from typing import Any

import serial

from firmware_interface.codec import MessageType, StreamDecoder, encode
from hardware.emulator import Emulator
from hardware.firmware_lib import PanelSpec
from hardware.keymap import parse_keymap
from hardware.link import Link, LinkSettings
from hardware.panel import ButtonPressed, Panel, PanelSource
from hardware.script import parse_script

ALL_BELLS = parse_keymap({"inputs": {i: {"press": "bell"} for i in range(8)}})


def run_bench(quick: bool) -> list[dict[str, Any]]:
    presses = 20 if quick else 200
    frames = 2_000 if quick else 20_000
    echo = _pty_transfer_us(50 if quick else 300)
    latency = _press_to_fact_us(presses)
    decode, split = _decoder_seconds(frames)
    pressed = "press to fact (5 ms debounce incl.)"
    return [
        _row("pty transfer, one frame (baseline)", _median(echo), "us", "", None, len(echo)),
        _row(f"{pressed}, median", _median(latency), "us", "pty transfer", _median(echo),
             len(latency)),
        _row(f"{pressed}, p95", _p95(latency), "us", "pty transfer", _median(echo), len(latency)),
        _row("decoder throughput", frames / decode, "frames/s", "split on 0x00",
             frames / split, frames),
    ]  # fmt: skip


def _row(
    measure: str, value: float, unit: str, baseline: str, base: float | None, n: int
) -> dict[str, Any]:
    return {
        "measure": measure,
        "value": _significant(value),
        "unit": unit,
        "baseline": baseline,
        "baseline_value": None if base is None else _significant(base),
        "ratio": None if not base else round(value / base, 3),
        "n": n,
    }


def _significant(value: float) -> float:
    """Four significant digits: a few-microsecond baseline rounded to 0.1 us was off by 2%,
    and the ratio read from the printed values no longer matched the one reported."""
    return float(f"{value:.4g}")


def _median(values: list[float]) -> float:
    return statistics.median(values)


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _pty_transfer_us(count: int) -> list[float]:
    """One input_event frame written on a pty master and read whole from its slave."""
    frame = encode(MessageType.INPUT_EVENT, 1, 1, input=0, pressed=1, device_time_us=1)
    master, slave = os.openpty()
    tty.setraw(slave)
    port = serial.serial_for_url(os.ttyname(slave), timeout=1)
    times = []
    try:
        for _ in range(count):
            start = time.perf_counter()
            os.write(master, frame)
            got = port.read(len(frame))
            times.append((time.perf_counter() - start) * 1e6)
            assert got == frame
    finally:
        port.close()
        os.close(master)
        os.close(slave)
    return times


def _press_to_fact_us(presses: int) -> list[float]:
    """From the pin changing on the emulated panel to the fact out of ``PanelSource.poll``."""
    settings = LinkSettings(heartbeat_timeout=2.0)
    latencies = []
    with Emulator(PanelSpec(), seed=3) as emulator:
        link = Link(lambda: [emulator.path] if emulator.path else [], settings=settings)
        source = PanelSource(link, Panel(ALL_BELLS))
        deadline = time.monotonic() + 10
        while link.device is None and time.monotonic() < deadline:
            source.poll(0.05)
        emulator.submit(parse_script("wait 100\n" + "press 3 20\nwait 30\n" * presses))
        facts: list[tuple[ButtonPressed, float]] = []
        deadline = time.monotonic() + 10 + presses * 0.2
        while len(facts) < presses and time.monotonic() < deadline:
            for record in source.poll(0.05):
                if isinstance(record, ButtonPressed):
                    facts.append((record, time.monotonic()))
        link.close()
        made = {(e.boot_id, e.seq): e.made_at for e in emulator.events}
        for fact, at in facts:
            latencies.append((at - made[(fact.boot_id, fact.seq)]) * 1e6)
    if len(latencies) < presses:
        raise RuntimeError(f"only {len(latencies)} of {presses} presses became facts")
    return latencies


def _decoder_seconds(frames: int) -> tuple[float, float]:
    stream = b"".join(
        encode(
            MessageType.INPUT_EVENT, i % 65536, 0xB007, input=i % 8, pressed=i % 2,
            device_time_us=i * 1000,
        )
        for i in range(frames)
    )  # fmt: skip
    chunks = [stream[at : at + 4096] for at in range(0, len(stream), 4096)]
    start = time.perf_counter()
    decoder = StreamDecoder()
    decoded = sum(len(decoder.feed(chunk)) for chunk in chunks)
    decode = time.perf_counter() - start
    if decoded != frames:
        raise RuntimeError(f"decoded {decoded} of {frames} frames")
    start = time.perf_counter()
    pieces = sum(chunk.count(b"\x00") + len(chunk.split(b"\x00")) for chunk in chunks)
    split = time.perf_counter() - start
    assert pieces > frames
    return decode, split
