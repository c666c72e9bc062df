#!/usr/bin/env bash
# Sets up .venv with what the referee itself needs to run the bundled demo: no camera, no device,
# no PyTorch.  scripts/setup-dev.sh installs everything else (vision, Qt, tests).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e .
