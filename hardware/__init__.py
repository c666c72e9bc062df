"""Serial links to the table peripherals: ports, reconnect, the panel and the emulator.

Imports ``firmware_interface`` only.
"""
