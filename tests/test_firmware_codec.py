"""The Python codec of the panel protocol: the shared test vectors, and a fuzzed decoder.

The same vectors file is run by the C firmware's host tests (tests/test_firmware_c.py), so the
two codecs agree byte for byte.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_interface import VECTORS
from firmware_interface.codec import (
    MAX_ENCODED,
    REASONS,
    SCHEMAS,
    FrameError,
    Message,
    MessageType,
    StreamDecoder,
    cobs_decode,
    cobs_encode,
    crc16,
    decode_frame,
    encode,
    encode_frame,
    seq_after,
)


def _hex(text: str) -> bytes:
    return b"" if text == "-" else bytes.fromhex(text)


def _vectors(kind: str) -> list[list[str]]:
    lines = VECTORS.read_text().splitlines()
    return [line.split()[1:] for line in lines if line.split()[:1] == [kind]]


FRAMES = _vectors("frame")
OK_FRAMES = [v for v in FRAMES if v[2] == "ok"]
BAD_FRAMES = [v for v in FRAMES if v[2] == "error"]


def test_the_vectors_cover_every_message_type_and_every_refusal():
    assert {v[3] for v in OK_FRAMES} == {kind.name.lower() for kind in MessageType}
    assert {v[3] for v in BAD_FRAMES} == set(REASONS)


@pytest.mark.parametrize(("data", "crc"), _vectors("crc"))
def test_crc16_ccitt_false(data, crc):
    assert crc16(_hex(data)) == int(crc, 16)


@pytest.mark.parametrize(("raw", "encoded"), _vectors("cobs"))
def test_cobs(raw, encoded):
    assert cobs_encode(_hex(raw)) == _hex(encoded)
    assert cobs_decode(_hex(encoded)) == _hex(raw)


@pytest.mark.parametrize("vector", OK_FRAMES, ids=[v[0] for v in OK_FRAMES])
def test_frame_vectors_decode_and_encode(vector):
    _, wire, _, kind, seq, boot, *fields = vector
    expected = Message.of(
        MessageType[kind.upper()],
        int(seq),
        int(boot),
        **{name: int(value) for name, value in (field.split("=") for field in fields)},
    )
    assert decode_frame(_hex(wire)) == expected
    assert encode_frame(expected) == _hex(wire)
    assert StreamDecoder().feed(_hex(wire)) == [expected]


@pytest.mark.parametrize("vector", BAD_FRAMES, ids=[v[0] for v in BAD_FRAMES])
def test_broken_frame_vectors_are_refused_with_their_reason(vector):
    _, wire, _, reason = vector
    with pytest.raises(FrameError) as refused:
        decode_frame(_hex(wire))
    assert refused.value.reason == reason
    decoder = StreamDecoder()
    assert decoder.feed(_hex(wire)) == []
    assert decoder.errors == {reason: 1}


def test_all_vectors_in_one_stream_resynchronise_after_each_broken_frame():
    decoder = StreamDecoder()
    stream = b"".join(_hex(v[1]) for v in FRAMES)
    messages = decoder.feed(stream)
    assert [m.type.name.lower() for m in messages] == [v[3] for v in OK_FRAMES]
    assert sum(decoder.errors.values()) == len(BAD_FRAMES)


def test_a_stream_split_anywhere_decodes_the_same():
    stream = b"".join(_hex(v[1]) for v in OK_FRAMES)
    whole = StreamDecoder().feed(stream)
    rng = random.Random(11)
    for _ in range(20):
        decoder, got, at = StreamDecoder(), [], 0
        while at < len(stream):
            step = rng.randint(1, 9)
            got += decoder.feed(stream[at : at + step])
            at += step
        assert got == whole


def test_message_of_checks_the_schema():
    with pytest.raises(ValueError, match="takes the fields"):
        Message.of(MessageType.ACK, 0, 0, sequence=1)
    with pytest.raises(ValueError, match="out of range"):
        Message.of(MessageType.ACK, 0, 0, ack_seq=70000)


def test_sequence_numbers_wrap():
    assert seq_after(0, 65535) and seq_after(5, 65530) and not seq_after(65530, 5)
    assert not seq_after(7, 7)


# --------------------------------------------------------------------------------------------
# Fuzzing: arbitrary bytes never raise and never give a message that fails its CRC.


def _frames_with_good_crc(data: bytes) -> set[bytes]:
    """Independently of the decoder: the raw contents of every delimited chunk of ``data`` that
    decodes as COBS and carries a matching CRC."""
    good = set()
    for chunk in data.split(b"\x00")[:-1]:
        try:
            raw = cobs_decode(chunk)
        except FrameError:
            continue
        crc_ok = len(raw) >= 2 and crc16(raw[:-2]) == int.from_bytes(raw[-2:], "little")
        if len(chunk) <= MAX_ENCODED and crc_ok:
            good.add(raw)
    return good


def _raw(message: Message) -> bytes:
    return cobs_decode(encode_frame(message)[:-1])


valid_frames = st.builds(
    lambda kind, seq, boot, values: encode(
        kind, seq, boot, **dict(zip((n for n, _ in SCHEMAS[kind]), values, strict=False))
    ),
    st.sampled_from(
        [MessageType.ACK, MessageType.HEARTBEAT, MessageType.ERROR, MessageType.TIME_SYNC]
    ),
    st.integers(0, 65535),
    st.integers(0, 2**32 - 1),
    st.tuples(st.integers(0, 255), st.integers(0, 255)),
)


@settings(max_examples=200)
@given(st.binary(max_size=400), st.lists(st.integers(1, 50), max_size=8))
def test_fuzz_arbitrary_bytes_never_raise_nor_pass_a_bad_crc(data, cuts):
    decoder = StreamDecoder()
    messages, at = [], 0
    for cut in [*cuts, len(data)]:
        messages += decoder.feed(data[at : at + cut])
        at += cut
    messages += decoder.feed(data[at:])
    good = _frames_with_good_crc(data)
    for message in messages:
        assert _raw(message) in good


@settings(max_examples=100)
@given(st.lists(st.tuples(st.binary(max_size=30), valid_frames), min_size=1, max_size=6))
def test_fuzz_valid_frames_after_garbage_are_found_again(pieces):
    """Garbage then a delimiter then a frame: the frame is always decoded (resync)."""
    decoder = StreamDecoder()
    stream = b"".join(garbage + b"\x00" + frame for garbage, frame in pieces)
    decoded = decoder.feed(stream)
    for _, frame in pieces:
        assert decode_frame(frame) in decoded
