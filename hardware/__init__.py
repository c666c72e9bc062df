"""Serial links to the table peripherals: ports, reconnect, the panel and the emulator.

``link`` (the host end of the protocol: find the panel by its hello, exactly-once events,
reconnect), ``keymap`` and ``panel`` (inputs to table facts by gestures, verdicts to outputs),
``emulator`` with ``script`` and ``firmware_lib`` (the C firmware on a pseudo-terminal, with
fault injection), ``avr_sim`` (the firmware built for its chip, run on a cycle-accurate
simulator behind a pty) and ``avr_soak`` (the host link soaked against it), ``bench``
(``tableref bench panel``).

Imports ``firmware_interface`` only.
"""
