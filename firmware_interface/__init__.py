"""The wire protocol to the table peripherals and the device-side reference firmware.

``codec`` is the protocol in Python; ``firmware/`` the device side in C; ``vectors.txt`` the
test vectors both are checked against; ``PROTOCOL.md`` the description for people.

Imports nothing of ours.
"""

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
VECTORS = PACKAGE_DIR / "vectors.txt"
FIRMWARE_DIR = PACKAGE_DIR / "firmware"
