"""A serial port is opened exclusively (issue 25): a second host on the same panel is told
``PORT: in use by another program`` in one line instead of silently taking its events and
acknowledgements.  pyserial's exclusive open is an ``flock`` on the port, tried here on a
pseudo-terminal pair; ``loop://`` has no exclusive mode and is opened as before."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator

import pytest
import serial
from test_hardware_rig import FAST_LINK

from hardware.link import Link, LinkSettings, LinkStatus, PortInUse, _open, probe

HOLDER = """
import sys
from hardware.link import LinkSettings, _open
port = _open(sys.argv[1], LinkSettings())
print("holding", flush=True)
sys.stdin.read()
"""


@pytest.fixture
def pty_port() -> Iterator[str]:
    master, slave = os.openpty()
    try:
        yield os.ttyname(slave)
    finally:
        os.close(master)
        os.close(slave)


def test_a_port_held_by_another_host_is_in_use_for_probe_and_link(pty_port: str) -> None:
    first = _open(pty_port, LinkSettings())
    try:
        with pytest.raises(PortInUse, match=f"^{pty_port}: in use by another program$"):
            probe(pty_port, FAST_LINK)
        link = Link(pty_port, settings=FAST_LINK)
        said = [record for _ in range(5) for record in link.poll(0.1)]
        assert said == [LinkStatus("in_use", f"{pty_port}: in use by another program")]
        assert not link.connected and link.stats["connect_failures"] >= 2  # said once only
    finally:
        first.close()
    assert probe(pty_port, FAST_LINK) is None  # free again: nobody answers on it


def test_a_port_held_by_another_process_is_in_use(pty_port: str) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, pty_port],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    try:
        assert child.stdout is not None and child.stdout.readline() == "holding\n"
        with pytest.raises(PortInUse) as busy:
            probe(pty_port, FAST_LINK)
        assert str(busy.value) == f"{pty_port}: in use by another program"
        assert isinstance(busy.value, OSError)  # the command line's one error line
    finally:
        child.kill()
        child.wait()


def test_loop_urls_are_opened_without_the_exclusive_mode() -> None:
    first, second = _open("loop://", LinkSettings()), _open("loop://", LinkSettings())
    assert first.exclusive is None and second.exclusive is None
    first.close()
    second.close()
    assert isinstance(serial.serial_for_url("loop://"), serial.SerialBase)


def test_panel_list_names_a_held_port_and_goes_on_to_the_next(pty_port, capsys) -> None:
    from ui.cli import main

    first = _open(pty_port, LinkSettings())
    try:
        status = main(["panel", "list", "--port", pty_port, "--port", "loop://"])
    finally:
        first.close()
    out, err = capsys.readouterr()
    assert status == 0, err
    assert f"{pty_port}: in use by another program" in out
    assert "loop://: no panel answers" in out
