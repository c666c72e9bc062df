"""Serial links to the table peripherals: ports, reconnect, the panel and the emulator.

``link`` (the host end of the protocol: find the panel by its hello, exactly-once events,
reconnect), ``keymap`` and ``panel`` (inputs to table facts by gestures, verdicts to outputs),
``emulator`` with ``script`` and ``firmware_lib`` (the C firmware on a pseudo-terminal, with
fault injection), ``bench`` (``tableref bench panel``).

Imports ``firmware_interface`` only.
"""
