"""The Qt windows (PySide6): the audience display, the per-game views it shows, and the
language switch every window shares.

Everything here is drawn from plain data (an engine's ``view`` and ``score_sheet`` dicts,
journal rows, verdicts), so the operator console, the replay viewer and the tests can show any
state without a live session behind it.
"""
