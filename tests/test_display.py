"""Whether Qt can open windows, asked without loading Qt: a missing X11 library is named with
its Debian package instead of Qt aborting the process; the demo then plays headless and
``tableref run`` says what to install."""

from __future__ import annotations

import ctypes
import subprocess
import sys
from pathlib import Path

import pytest

from ui import display
from ui.cli import main

LDD_MISSING = """\
\tlinux-vdso.so.1 (0x00007ffd)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\tlibxcb.so.1 => /lib/x86_64-linux-gnu/libxcb.so.1 (0x00007f)
\tlibxcb-icccm.so.4 => not found
"""
X11 = {"DISPLAY": ":0"}


def test_debian_package_names_follow_debians_rule():
    assert display.debian_package("libxcb-icccm.so.4") == "libxcb-icccm4"
    assert display.debian_package("libxcb-cursor.so.0") == "libxcb-cursor0"
    assert display.debian_package("libxkbcommon-x11.so.0") == "libxkbcommon-x11-0"
    assert display.debian_package("libGL.so") == "libGL"


def test_missing_libraries_are_read_from_ldd():
    missing = display.missing_libraries(Path("libqxcb.so"), ldd=lambda path: LDD_MISSING)
    assert missing == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 plugin on Linux")
def test_no_windows_names_the_packages_to_install():
    if display.xcb_plugin() is None:
        pytest.skip("PySide6 ships no X11 plugin here")
    why = display.no_windows(X11, ldd=lambda path: LDD_MISSING)
    assert why == (
        "Qt's X11 plugin lacks libxcb-icccm.so.4, libxcb-keysyms.so.1 "
        "(Debian: sudo apt-get install libxcb-icccm4 libxcb-keysyms1)"
    )
    assert display.no_windows(X11, ldd=lambda path: "") is None
    assert display.no_windows({}) == "no display (DISPLAY/WAYLAND_DISPLAY unset)"
    offscreen = {"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"}
    assert display.no_windows(offscreen, ldd=lambda path: LDD_MISSING) is None  # needs no X11
    unseen = {"QT_QPA_PLATFORM": "offscreen"}  # no screen: nobody would see the windows
    assert display.no_windows(unseen) == "no display (DISPLAY/WAYLAND_DISPLAY unset)"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 plugin on Linux")
def test_the_real_plugin_check_agrees_with_the_dynamic_loader():
    plugin = display.xcb_plugin()
    if plugin is None:
        pytest.skip("PySide6 ships no X11 plugin here")
    for soname in display.missing_libraries(plugin):
        with pytest.raises(OSError):
            ctypes.CDLL(soname)


def test_tableref_run_names_what_the_windows_lack(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(display, "no_windows", lambda: "Qt's X11 plugin lacks libx.so.1")
    journal = tmp_path / "run.sqlite"
    code = main(
        ["run", "--game", "yahtzee", "--players", "Anna,Boris", "--camera", "none",
         "--panel", "none", "--journal", str(journal)]
    )  # fmt: skip
    err = capsys.readouterr().err
    assert code == 2
    assert err.splitlines() == [
        "error: the windows cannot open: Qt's X11 plugin lacks libx.so.1; or use --headless"
    ]


def test_demo_plays_headless_where_the_windows_cannot_open(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(
        display, "no_windows", lambda: "Qt's X11 plugin lacks libx.so.1 (Debian: x)"
    )
    assert main(["demo", "--game", "dice", "--turns", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Qt's X11 plugin lacks libx.so.1 (Debian: x): playing headless\n")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 plugin on Linux")
def test_the_check_itself_loads_no_qt():
    code = (
        "import sys; from ui import display; display.no_windows(); print('PySide6' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True,
        cwd=Path(__file__).resolve().parents[1],
    )  # fmt: skip
    assert done.stdout.strip() == "False"


def test_the_readme_lists_the_packages_the_setup_installs():
    root = Path(__file__).resolve().parents[1]
    packages = (root / "scripts" / "qt-x11-packages.txt").read_text().split()
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert packages and all(package in readme for package in packages)
