#!/usr/bin/env bash
# Sets up .venv with everything the tests need: the package with all extras, the oracle engines,
# and PyTorch for ultralytics from the machine's local wheels (torch 2.14.1 / torchvision 0.29.1).
# OpenCV comes as the headless wheels only: the GUI wheels ship their own Qt and break PySide6.
set -euo pipefail
cd "$(dirname "$0")/.."
# The card renderer draws its decks' indices with the DejaVu fonts and the font families of
# Debian's font packages below (vision.cards.faces.FONT_PACKAGES); the tests render every style.
FONTS="fonts-dejavu-core fonts-dejavu-extra fonts-urw-base35 fonts-liberation2 fonts-freefont-ttf fonts-crosextra-carlito"
bash scripts/apt-install.sh "the card renderer's fonts" $FONTS
# Real deck designs the card readers are trained and measured on (vision.cards.art_decks).
bash scripts/apt-install.sh "the card renderer's real deck designs" kdegames-card-data-kf5
# The panel firmware built for its chip (avr-gcc, avr-libc: `make avr`), its Arduino sketch on
# the Arduino core (`make arduino`), both run in a cycle-accurate simulator (simavr's library:
# `make sim`), as tests/test_panel_avr.py does.
bash scripts/apt-install.sh "the panel's AVR build and simulator" \
    gcc-avr avr-libc arduino-core-avr libsimavr-dev
# The printed sheets' pages are checked as PNGs (pdftoppm, pdftotext) and the live page in a
# real browser (Playwright drives this chromium; `playwright install` is never run).
bash scripts/apt-install.sh "the PDF page checks and the live page's browser tests" \
    poppler-utils chromium
# The club's MQTT broker: tests/test_club.py starts its own mosquitto on a free port.
bash scripts/apt-install.sh "the club's MQTT broker" mosquitto
# The club's results store on PostgreSQL: tests/test_club_results.py starts its own server.
bash scripts/apt-install.sh "the club's PostgreSQL results store tests" postgresql
# Qt's X11 plugin (the windows on a screen) links to these; minimal Debian images lack them.
bash scripts/apt-install.sh "Qt's X11 libraries" $(cat scripts/qt-x11-packages.txt)
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet torch==2.14.1 torchvision==0.29.1
# setuptools warns (a UserWarning) that folders named like the packages take precedence in an
# editable install: that is this checkout itself, so the warning is noise to a new user.
PYTHONWARNINGS=ignore::UserWarning .venv/bin/python -m pip install --quiet -e '.[all]'
