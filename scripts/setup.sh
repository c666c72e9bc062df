#!/usr/bin/env bash
# Sets up .venv with what the bundled demo needs: the referee, OpenCV (headless) for its classical
# dice reader and PySide6 for its windows; no camera, no device, no PyTorch.
# scripts/setup-dev.sh installs everything else (the learned readers, oracles, tests).
set -euo pipefail
cd "$(dirname "$0")/.."
# Qt's X11 plugin (the windows on a screen) links to these; minimal Debian images lack them.
bash scripts/apt-install.sh "Qt's X11 libraries" $(cat scripts/qt-x11-packages.txt)
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
# setuptools warns (a UserWarning) that folders named like the packages take precedence in an
# editable install: that is this checkout itself, so the warning is noise to a new user.
PYTHONWARNINGS=ignore::UserWarning .venv/bin/python -m pip install --quiet -e '.[demo]'
