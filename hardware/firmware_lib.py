"""The reference firmware (``firmware_interface/firmware``) built for this machine and loaded
with ctypes, so the emulator runs the very code a board runs rather than a Python imitation.

The library is built once per version of the C sources into a cache folder (the sources' hash
names it), with the firmware's own Makefile; building needs ``make`` and a C compiler.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from firmware_interface import FIRMWARE_DIR


class FirmwareBuildError(RuntimeError):
    """The C firmware could not be built (no compiler, or the build failed)."""


class DeviceConfig(ctypes.Structure):
    """``device_config_t`` of ``device.h``."""

    _fields_ = [
        ("device_id", ctypes.c_uint32),
        ("inputs", ctypes.c_uint8),
        ("outputs", ctypes.c_uint8),
        ("buzzer_mask", ctypes.c_uint8),
        ("debounce_us", ctypes.c_uint32),
        ("heartbeat_us", ctypes.c_uint32),
        ("resend_us", ctypes.c_uint32),
        ("host_timeout_us", ctypes.c_uint32),
    ]


@dataclass(frozen=True)
class PanelSpec:
    """What the emulated board is: its identity, its pins and its timing."""

    device_id: int = 0x00C0FFEE
    inputs: int = 8
    outputs: int = 3
    buzzer_mask: int = 0b100
    debounce_us: int = 5_000
    heartbeat_us: int = 250_000
    resend_us: int = 100_000
    host_timeout_us: int = 1_000_000

    def config(self) -> DeviceConfig:
        return DeviceConfig(
            self.device_id,
            self.inputs,
            self.outputs,
            self.buzzer_mask,
            self.debounce_us,
            self.heartbeat_us,
            self.resend_us,
            self.host_timeout_us,
        )


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "tableref" / "firmware"


def _sources_hash() -> str:
    digest = hashlib.sha256()
    for path in [*sorted(FIRMWARE_DIR.glob("*.[ch]")), FIRMWARE_DIR / "Makefile"]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def build_library() -> Path:
    """The path of ``libpanel.so`` for the current sources, building it if needed."""
    target = _cache_dir() / _sources_hash() / "libpanel.so"
    if target.exists():
        return target
    if shutil.which("make") is None:
        raise FirmwareBuildError("building the emulator's firmware needs make and a C compiler")
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as build:
        done = subprocess.run(
            ["make", "-s", "-C", str(FIRMWARE_DIR), f"BUILD={build}", "lib"],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise FirmwareBuildError(f"building the firmware failed: {done.stderr.strip()}")
        os.replace(Path(build) / "libpanel.so", target)  # atomic: a parallel build is harmless
    return target


@cache
def load_library() -> ctypes.CDLL:
    lib = ctypes.CDLL(str(build_library()))
    dev, u8, u16, u32, u64, size = (
        ctypes.c_void_p,
        ctypes.c_uint8,
        ctypes.c_uint16,
        ctypes.c_uint32,
        ctypes.c_uint64,
        ctypes.c_size_t,
    )
    signatures = {
        "device_size": ([], size),
        "device_boot": ([dev, ctypes.POINTER(DeviceConfig), u32, u64, u32], None),
        "device_rx": ([dev, ctypes.c_char_p, size, u64], None),
        "device_tick": ([dev, u64, u32], None),
        "device_tx_take": ([dev, ctypes.c_char_p, size], size),
        "device_output_level": ([dev, u8], u8),
        "device_pending": ([dev], u8),
        "device_last_seq": ([dev], u16),
        "device_dropped": ([dev], u16),
    }
    for name, (args, result) in signatures.items():
        function = getattr(lib, name)
        function.argtypes = args
        function.restype = result
    return lib


class FirmwareDevice:
    """One board's state (a ``device_t``) driven through the C functions of ``device.h``."""

    def __init__(self, spec: PanelSpec) -> None:
        self._lib = load_library()
        self._state = ctypes.create_string_buffer(self._lib.device_size())
        self._config = spec.config()
        self._tx = ctypes.create_string_buffer(4096)
        self.spec = spec

    def boot(self, boot_id: int, now_us: int, levels: int) -> None:
        self._lib.device_boot(self._state, ctypes.byref(self._config), boot_id, now_us, levels)

    def receive(self, data: bytes, now_us: int) -> None:
        self._lib.device_rx(self._state, data, len(data), now_us)

    def tick(self, now_us: int, levels: int) -> None:
        self._lib.device_tick(self._state, now_us, levels)

    def take_tx(self) -> bytes:
        n = self._lib.device_tx_take(self._state, self._tx, len(self._tx))
        return self._tx.raw[:n]

    def output(self, index: int) -> int:
        return self._lib.device_output_level(self._state, index)

    @property
    def pending(self) -> int:
        return self._lib.device_pending(self._state)

    @property
    def last_seq(self) -> int:
        return self._lib.device_last_seq(self._state)

    @property
    def dropped(self) -> int:
        return self._lib.device_dropped(self._state)
