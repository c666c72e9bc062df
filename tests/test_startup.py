"""Start-up stays light: ``tableref games`` and ``--help`` load none of numpy, OpenCV, PyTorch
or Qt (they cost most of a second; the listing needs none of them).  Checked by what is
imported, in a fresh interpreter, not by timing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("numpy", "cv2", "torch", "ultralytics", "onnxruntime", "PySide6")


@pytest.mark.parametrize("argv", [["games"], ["games", "--json"], ["--help"]])
def test_the_command_loads_no_heavy_library(argv) -> None:
    code = (
        "import contextlib, io, sys\n"
        "from ui.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main({argv!r}) == 0\n"
        f"print(','.join(name for name in {HEAVY!r} if name in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == ""
