#!/usr/bin/env bash
# Sets up .venv with everything the tests need: the package with all extras, the oracle engines,
# and PyTorch for ultralytics from the machine's local wheels (torch 2.14.1 / torchvision 0.29.1).
# OpenCV comes as the headless wheels only: the GUI wheels ship their own Qt and break PySide6.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet torch==2.14.1 torchvision==0.29.1
.venv/bin/python -m pip install --quiet -e '.[all]'
