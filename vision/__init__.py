"""Frame sources, calibration, detectors, trackers and observers (see docs/ARCHITECTURE.md).

Imports ``scoring`` for types only.
"""
