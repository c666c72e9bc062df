"""A Mosquitto broker of the test's own: on a free loopback port, from a temporary config, no
persistence; stopped and started again on the same port to play a broker that goes away."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Broker:
    def __init__(self, folder: Path) -> None:
        if not Path(MOSQUITTO).exists():
            pytest.skip("Debian's mosquitto is not installed (scripts/setup-dev.sh installs it)")
        self.host, self.port = "127.0.0.1", free_port()
        self.config = folder / "mosquitto.conf"
        self.config.write_text(
            f"listener {self.port} {self.host}\nallow_anonymous true\npersistence false\n"
            "log_dest none\n",
            encoding="utf-8",
        )
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen([MOSQUITTO, "-c", str(self.config)])
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection((self.host, self.port), timeout=0.2).close()
                return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(f"mosquitto exited with {self.process.returncode}") from None
                time.sleep(0.05)
        raise RuntimeError(f"mosquitto did not listen on {self.address}")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None
