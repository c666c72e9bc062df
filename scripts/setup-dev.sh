#!/usr/bin/env bash
# Sets up .venv with everything the tests need: the package with all extras, the oracle engines,
# and PyTorch for ultralytics from the machine's local wheels (torch 2.14.1 / torchvision 0.29.1).
# OpenCV comes as the headless wheels only: the GUI wheels ship their own Qt and break PySide6.
set -euo pipefail
cd "$(dirname "$0")/.."
# The card renderer draws its decks' indices with the DejaVu fonts and the font families of
# Debian's font packages below (vision.cards.faces.FONT_PACKAGES); the tests render every style.
FONTS="fonts-dejavu-core fonts-dejavu-extra fonts-urw-base35 fonts-liberation2 fonts-freefont-ttf fonts-crosextra-carlito"
installed=$(dpkg-query -W -f='${Status}\n' $FONTS 2>/dev/null | grep -c "install ok installed" || true)
if [ "$installed" -lt "$(echo $FONTS | wc -w)" ]; then
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
        (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $FONTS) ||
            echo "warning: could not install $FONTS (the card renderer's fonts)" >&2
    else
        echo "warning: install Debian's $FONTS (the card renderer's fonts)" >&2
    fi
fi
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet torch==2.14.1 torchvision==0.29.1
.venv/bin/python -m pip install --quiet -e '.[all]'
