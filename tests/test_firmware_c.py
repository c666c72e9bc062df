"""The device side in C: its host-compiled unit tests run on the same vectors as the Python
codec (``firmware_interface/vectors.txt``), with the build flags a board build would need
(C99, every warning an error, nothing from libc: no heap)."""

from __future__ import annotations

import ctypes
import random
import shutil
import subprocess
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_interface import FIRMWARE_DIR, VECTORS
from firmware_interface.codec import (
    SCHEMAS,
    FrameError,
    MessageType,
    cobs_encode,
    crc16,
    decode_frame,
)
from hardware.firmware_lib import load_library

needs_compiler = pytest.mark.skipif(
    shutil.which("make") is None or (shutil.which("cc") is None and shutil.which("gcc") is None),
    reason="the firmware tests need make and a C compiler",
)


@needs_compiler
def test_firmware_builds_and_passes_its_tests_on_the_shared_vectors(tmp_path):
    done = subprocess.run(
        ["make", "-C", str(FIRMWARE_DIR), f"BUILD={tmp_path}", f"VECTORS={VECTORS}", "test"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    summary = next(line for line in done.stdout.splitlines() if line.startswith("firmware tests:"))
    vector_lines = [
        line
        for line in VECTORS.read_text().splitlines()
        if line.split()[:1] in (["crc"], ["cobs"], ["frame"])
    ]
    assert summary.startswith(f"firmware tests: {len(vector_lines)} vectors,"), summary
    assert summary.endswith(" 0 failed"), summary
    assert (tmp_path / "no_libc.ok").exists()


class _CMessage(ctypes.Structure):
    """``proto_msg_t`` of protocol.h."""

    _fields_ = [
        ("version", ctypes.c_uint8),
        ("type", ctypes.c_uint8),
        ("seq", ctypes.c_uint16),
        ("boot_id", ctypes.c_uint32),
        ("f", ctypes.c_uint64 * 7),
    ]


_C_TYPES = {"B": ctypes.c_uint8, "H": ctypes.c_uint16, "I": ctypes.c_uint32, "Q": ctypes.c_uint64}
C_REASONS = ["none", "ok", "oversize", "cobs", "short", "crc", "version", "type", "length"]


def _c_decode(lib: ctypes.CDLL, frame: bytes) -> str | tuple:
    message = _CMessage()
    result = C_REASONS[lib.proto_decode(frame, len(frame), ctypes.byref(message))]
    if result != "ok":
        return result
    count = len(SCHEMAS[MessageType(message.type)])
    return (message.type, message.seq, message.boot_id, tuple(message.f[:count]))


def _python_decode(frame: bytes) -> str | tuple:
    try:
        message = decode_frame(frame)
    except FrameError as error:
        return error.reason
    return (message.type, message.seq, message.boot_id, tuple(message.fields.values()))


def _with_crc(body: bytes) -> bytes:
    return cobs_encode(body + crc16(body).to_bytes(2, "little"))


def _plausible_body(kind: int) -> st.SearchStrategy[bytes]:
    """Version 1, a type near the known ones, a payload of about the right size."""
    size = _STRUCT_SIZES.get(kind, 4)
    return st.tuples(st.binary(min_size=6, max_size=6), st.binary(max_size=size + 1)).map(
        lambda parts: bytes([1, kind]) + parts[0] + parts[1]
    )


_STRUCT_SIZES = {
    int(kind): sum(ctypes.sizeof(_C_TYPES[code]) for _, code in schema)
    for kind, schema in SCHEMAS.items()
}


@needs_compiler
@settings(max_examples=300)
@given(
    st.one_of(
        st.binary(min_size=1, max_size=40).map(lambda b: b.replace(b"\x00", b"\x01")),
        st.binary(min_size=1, max_size=26).map(lambda raw: cobs_encode(raw)),
        st.binary(min_size=8, max_size=24).map(_with_crc),
        st.integers(0, 8).flatmap(_plausible_body).map(_with_crc),
    )
)
def test_fuzz_the_c_and_python_decoders_agree_on_any_frame(frame):
    """Random frames (raw noise, valid COBS, valid CRC with any header): the C codec and the
    Python codec give the same message, or refuse for the same reason."""
    lib = load_library()
    lib.proto_decode.restype = ctypes.c_int
    assert _c_decode(lib, frame) == _python_decode(frame)


@needs_compiler
def test_the_decoders_agree_on_thousands_of_seeded_frames_of_every_outcome():
    """The same comparison on a fixed sample that is checked to reach a message and every
    refusal (oversize aside: these frames are short), so the fuzz cannot pass by missing."""
    lib = load_library()
    lib.proto_decode.restype = ctypes.c_int
    rng = random.Random(5)
    outcomes = Counter()
    for _ in range(3000):
        kind = rng.randrange(9)
        size = _STRUCT_SIZES.get(kind, 4) + rng.choice((-1, 0, 0, 0, 1))
        body = bytes([rng.choice((1, 1, 1, 2)), kind]) + rng.randbytes(6 + max(size, 0))
        frame = _with_crc(body)
        if rng.random() < 0.2:  # damage: a flipped bit or a cut
            damaged = bytearray(frame)
            damaged[rng.randrange(len(damaged))] ^= 1 << rng.randrange(8)
            frame = bytes(damaged).replace(b"\x00", b"")[: rng.randrange(1, len(frame) + 1)]
        outcome = _c_decode(lib, frame)
        assert outcome == _python_decode(frame), frame.hex()
        outcomes[outcome if isinstance(outcome, str) else "ok"] += 1
    assert set(outcomes) == {"ok", "cobs", "short", "crc", "version", "type", "length"}, outcomes
