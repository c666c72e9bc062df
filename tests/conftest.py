"""Shared test setup: Qt renders offscreen, and ultralytics keeps its settings in the build tree."""

import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault("YOLO_CONFIG_DIR", str(ROOT / "build" / "ultralytics"))

#: The shared folder beside the repository: rules, real images and oracles (never copied in).
SHARED = Path(__file__).resolve().parents[2] / "shared"
