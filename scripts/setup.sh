#!/usr/bin/env bash
# Sets up .venv with what the bundled demo needs: the referee, OpenCV (headless) for its classical
# dice reader and PySide6 for its windows; no camera, no device, no PyTorch.
# scripts/setup-dev.sh installs everything else (the learned readers, oracles, tests).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[demo]'
