"""The wire protocol to the table peripherals and the device-side reference firmware.

Imports nothing of ours.
"""
