"""Whether Qt can open windows here, asked without loading Qt.

On X11 Qt loads its ``xcb`` platform plugin, and when a library that plugin links to is not
installed (Debian's ``libxcb-cursor0``, ``libxcb-icccm4``, ``libxcb-keysyms1`` are the usual
ones) Qt prints a hint and *aborts the process* (SIGABRT): nothing after it runs, not even an
error handler.  So the libraries are checked first, with ``ldd`` on the plugin PySide6 ships,
and the user hears which Debian packages to install instead of a crash.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

#: How long ``ldd`` may take on the plugin before the check gives up and lets Qt try.
LDD_TIMEOUT_S = 10.0

_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found", re.M)


def debian_package(soname: str) -> str:
    """The Debian package that ships a library, by Debian's naming rule: ``libxcb-icccm.so.4``
    is in ``libxcb-icccm4``, ``libxkbcommon-x11.so.0`` in ``libxkbcommon-x11-0``."""
    name, _, version = soname.partition(".so.")
    if not version:
        return name.removesuffix(".so")
    return f"{name}{'-' if name[-1].isdigit() else ''}{version.split('.')[0]}"


def xcb_plugin() -> Path | None:
    """PySide6's X11 platform plugin, None when PySide6 is not installed or ships none."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or spec.origin is None:
        return None
    plugin = Path(spec.origin).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    return plugin if plugin.is_file() else None


def _ldd(path: Path) -> str:
    ldd = shutil.which("ldd")
    if ldd is None:
        return ""
    try:
        done = subprocess.run(
            [ldd, str(path)], capture_output=True, text=True, timeout=LDD_TIMEOUT_S, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return done.stdout


def missing_libraries(plugin: Path, ldd: Callable[[Path], str] = _ldd) -> list[str]:
    """The shared libraries ``plugin`` links to that the loader cannot find (sonames, sorted);
    empty when all are there or ``ldd`` cannot tell."""
    return sorted(set(_NOT_FOUND.findall(ldd(plugin))))


def uses_x11(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether Qt will open its windows through X11 here (Linux, a DISPLAY, no Wayland session,
    and no other platform asked for in QT_QPA_PLATFORM)."""
    platform = environ.get("QT_QPA_PLATFORM", "")
    return (
        sys.platform.startswith("linux")
        and bool(environ.get("DISPLAY"))
        and not environ.get("WAYLAND_DISPLAY")
        and platform in ("", "xcb")
    )


def no_windows(
    environ: Mapping[str, str] = os.environ,
    ldd: Callable[[Path], str] = _ldd,
) -> str | None:
    """Why Qt cannot open windows here (one line naming what to install), None if it can."""
    if importlib.util.find_spec("PySide6") is None:
        return "PySide6 is not installed (pip install -e '.[demo]' for the windows)"
    if not sys.platform.startswith("linux"):
        return None
    if not (environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY")):
        # Even with QT_QPA_PLATFORM=offscreen: windows nobody can see are no windows to a user.
        return "no display (DISPLAY/WAYLAND_DISPLAY unset)"
    plugin = xcb_plugin()
    if uses_x11(environ) and plugin is not None:
        missing = missing_libraries(plugin, ldd)
        if missing:
            packages = " ".join(debian_package(soname) for soname in missing)
            return (
                f"Qt's X11 plugin lacks {', '.join(missing)} "
                f"(Debian: sudo apt-get install {packages})"
            )
    return None


__all__ = [
    "debian_package",
    "missing_libraries",
    "no_windows",
    "uses_x11",
    "xcb_plugin",
]
