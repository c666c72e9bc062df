"""The panel wire protocol in Python: COBS framing, CRC-16, headers and the message schemas.

The device side speaks the same bytes from C (``firmware/protocol.c``); both are checked against
one file of test vectors (``vectors.txt``), so the two codecs cannot drift apart.  The layout is
described for people in ``PROTOCOL.md``; the tables here are the executable form of it.

A serial line loses, garbles and inserts bytes, so decoding never raises on what arrives: the
stream decoder counts each broken frame by the reason it was refused and carries on at the next
0x00 delimiter.  Only :func:`decode_frame` (one frame, for tools and tests) raises
:class:`FrameError`.
"""

from __future__ import annotations

import struct
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from types import MappingProxyType

VERSION = 1
HEADER = struct.Struct("<BBHI")  # version, type, seq, boot id
CRC_SIZE = 2
#: The longest payload of any message type; a frame longer than this is refused before decoding.
MAX_PAYLOAD = 16
MAX_RAW = HEADER.size + MAX_PAYLOAD + CRC_SIZE
#: COBS adds one byte per 254 plus one; anything longer between delimiters is not a frame.
MAX_ENCODED = MAX_RAW + 2
SEQ_MODULO = 1 << 16


class MessageType(IntEnum):
    HELLO = 1
    HEARTBEAT = 2
    INPUT_EVENT = 3
    ACK = 4
    SET_OUTPUT = 5
    TIME_SYNC = 6
    ERROR = 7


class OutputMode(IntEnum):
    OFF = 0
    ON = 1
    BLINK = 2


class ErrorCode(IntEnum):
    """Codes of the ``error`` message (the device tells the host what it refused)."""

    BAD_FRAME = 1
    UNKNOWN_TYPE = 2
    BAD_LENGTH = 3
    BAD_VERSION = 4
    QUEUE_OVERFLOW = 5
    BAD_OUTPUT = 6


#: Each message type's payload: field names and struct codes, little-endian, fixed length.
SCHEMAS: Mapping[MessageType, tuple[tuple[str, str], ...]] = MappingProxyType(
    {
        MessageType.HELLO: (
            ("device_id", "I"),
            ("fw_major", "B"),
            ("fw_minor", "B"),
            ("fw_patch", "B"),
            ("inputs", "B"),
            ("outputs", "B"),
            ("buzzer_mask", "B"),
        ),
        MessageType.HEARTBEAT: (("time_us", "Q"),),
        MessageType.INPUT_EVENT: (("input", "B"), ("pressed", "B"), ("device_time_us", "Q")),
        MessageType.ACK: (("ack_seq", "H"),),
        MessageType.SET_OUTPUT: (
            ("output", "B"),
            ("mode", "B"),
            ("on_ms", "H"),
            ("off_ms", "H"),
            ("repeats", "B"),
        ),
        MessageType.TIME_SYNC: (("host_time_us", "Q"), ("device_time_us", "Q")),
        MessageType.ERROR: (("code", "B"), ("detail", "H")),
    }
)
_STRUCTS = {
    kind: struct.Struct("<" + "".join(code for _, code in schema))
    for kind, schema in SCHEMAS.items()
}
assert max(packer.size for packer in _STRUCTS.values()) <= MAX_PAYLOAD


class FrameError(ValueError):
    """One frame refused; ``reason`` is one of :data:`REASONS` (the same words as the C codec)."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason


#: Why a frame is refused, in the order the checks run (``oversize`` is found while reading).
REASONS = ("oversize", "cobs", "short", "crc", "version", "type", "length")


@dataclass(frozen=True)
class Message:
    """One decoded message: the header and the payload fields of its type, all integers."""

    type: MessageType
    seq: int
    boot_id: int
    fields: Mapping[str, int] = field(default_factory=dict)
    version: int = VERSION

    def __getitem__(self, name: str) -> int:
        return self.fields[name]

    @classmethod
    def of(cls, kind: MessageType, seq: int, boot_id: int, **fields: int) -> Message:
        """A message checked against its schema: every field present, each in its range."""
        names = [name for name, _ in SCHEMAS[kind]]
        if sorted(fields) != sorted(names):
            raise ValueError(f"{kind.name.lower()} takes the fields {names}, got {sorted(fields)}")
        ordered = {name: int(fields[name]) for name in names}
        try:
            _STRUCTS[kind].pack(*ordered.values())
        except struct.error as error:
            raise ValueError(f"{kind.name.lower()}: a field out of range: {error}") from None
        return cls(MessageType(kind), seq % SEQ_MODULO, boot_id, MappingProxyType(ordered))

    def describe(self) -> str:
        """One line for logs and ``tableref panel monitor``."""
        parts = " ".join(f"{name}={value}" for name, value in self.fields.items())
        head = f"{self.type.name.lower()} seq={self.seq} boot={self.boot_id:08x}"
        return f"{head} {parts}".rstrip()


# --------------------------------------------------------------------------------------------
# CRC and COBS.


def _crc_table() -> tuple[int, ...]:
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
        table.append(crc & 0xFFFF)
    return tuple(table)


_CRC_TABLE = _crc_table()


def crc16(data: bytes, crc: int = 0xFFFF) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF): cheap on an 8-bit MCU, catches bursts.
    Table-driven here; the firmware computes it bit by bit to save 512 bytes of flash."""
    table = _CRC_TABLE
    for byte in data:
        crc = ((crc << 8) & 0xFF00) ^ table[(crc >> 8) ^ byte]
    return crc


def cobs_encode(data: bytes) -> bytes:
    """Consistent Overhead Byte Stuffing: the result has no 0x00, so 0x00 can end a frame."""
    out = bytearray([0])
    code_at, code = 0, 1
    for byte in data:
        if byte:
            out.append(byte)
            code += 1
        if not byte or code == 0xFF:
            out[code_at] = code
            code_at, code = len(out), 1
            out.append(0)
    out[code_at] = code
    return bytes(out)


def cobs_decode(data: bytes) -> bytes:
    """The inverse of :func:`cobs_encode`; raises :class:`FrameError` ``cobs`` on a bad block."""
    out = bytearray()
    index = 0
    while index < len(data):
        code = data[index]
        if code == 0 or index + code > len(data):
            raise FrameError("cobs", f"bad block length {code} at byte {index}")
        block = data[index + 1 : index + code]
        if 0 in block:
            raise FrameError("cobs", f"0x00 inside a block at byte {index}")
        out += block
        index += code
        if code < 0xFF and index < len(data):
            out.append(0)
    return bytes(out)


# --------------------------------------------------------------------------------------------
# Frames.


def encode_frame(message: Message) -> bytes:
    """The bytes on the wire: COBS(header + payload + CRC) and the 0x00 delimiter."""
    payload = _STRUCTS[message.type].pack(*(message.fields[n] for n, _ in SCHEMAS[message.type]))
    raw = HEADER.pack(message.version, message.type, message.seq, message.boot_id) + payload
    raw += struct.pack("<H", crc16(raw))
    return cobs_encode(raw) + b"\x00"


def encode(kind: MessageType, seq: int, boot_id: int, **fields: int) -> bytes:
    return encode_frame(Message.of(kind, seq, boot_id, **fields))


def decode_frame(frame: bytes) -> Message:
    """One frame, with or without its trailing delimiter; :class:`FrameError` names the fault."""
    if frame.endswith(b"\x00"):
        frame = frame[:-1]
    if len(frame) > MAX_ENCODED:
        raise FrameError("oversize", f"{len(frame)} bytes between delimiters")
    raw = cobs_decode(frame)
    if len(raw) < HEADER.size + CRC_SIZE:
        raise FrameError("short", f"{len(raw)} bytes")
    body, (crc,) = raw[:-CRC_SIZE], struct.unpack("<H", raw[-CRC_SIZE:])
    if crc16(body) != crc:
        raise FrameError("crc", f"frame says {crc:04x}, bytes give {crc16(body):04x}")
    version, kind, seq, boot_id = HEADER.unpack_from(body)
    if version != VERSION:
        raise FrameError("version", f"protocol version {version}, this host speaks {VERSION}")
    if kind not in SCHEMAS:
        raise FrameError("type", f"unknown message type {kind}")
    kind = MessageType(kind)
    payload = body[HEADER.size :]
    packer = _STRUCTS[kind]
    if len(payload) != packer.size:
        raise FrameError("length", f"{kind.name.lower()} needs {packer.size}, got {len(payload)}")
    values = dict(zip((n for n, _ in SCHEMAS[kind]), packer.unpack(payload), strict=True))
    return Message(kind, seq, boot_id, MappingProxyType(values), version)


class StreamDecoder:
    """Bytes in, messages out; never raises.  Broken frames are counted in :attr:`errors` by
    reason, and decoding resumes at the next delimiter (resynchronisation after garbage)."""

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._overflow = False
        self.errors: Counter[str] = Counter()
        self.frames = 0

    def feed(self, data: bytes) -> list[Message]:
        messages: list[Message] = []
        start = 0
        while True:
            end = data.find(b"\x00", start)
            if end < 0:
                self._take(data[start:])
                return messages
            self._take(data[start:end])
            message = self._finish()
            if message is not None:
                messages.append(message)
            start = end + 1

    def _take(self, chunk: bytes) -> None:
        if self._overflow:
            return
        self._buffer += chunk
        if len(self._buffer) > MAX_ENCODED:
            self._overflow = True
            self._buffer.clear()

    def _finish(self) -> Message | None:
        if self._overflow:
            self._overflow = False
            self.errors["oversize"] += 1
            return None
        if not self._buffer:  # an empty frame: a sender's leading delimiter, not an error
            return None
        frame = bytes(self._buffer)
        self._buffer.clear()
        try:
            message = decode_frame(frame)
        except FrameError as error:
            self.errors[error.reason] += 1
            return None
        self.frames += 1
        return message


def seq_after(a: int, b: int) -> bool:
    """Whether sequence number ``a`` comes after ``b`` (serial-number arithmetic, RFC 1982),
    so the 16-bit counter may wrap in a long evening without events looking old."""
    return 0 < (a - b) % SEQ_MODULO < SEQ_MODULO // 2
