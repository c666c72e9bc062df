"""The operator's PIN: printed when the server starts, asked for by the page before it shows
confirm and undo, and checked on every such request.  Six digits are quick to type on a phone
and too many to guess while each address gets ``TRIES`` wrong ones before a ``LOCKOUT_S`` wait."""

from __future__ import annotations

import hmac
import secrets
import threading
import time

PIN_DIGITS = 6
TRIES = 5
LOCKOUT_S = 60.0


def new_pin() -> str:
    return f"{secrets.randbelow(10**PIN_DIGITS):0{PIN_DIGITS}d}"


class OperatorGate:
    def __init__(self, pin: str | None = None) -> None:
        self.pin = pin or new_pin()
        self._lock = threading.Lock()
        self._misses: dict[str, tuple[int, float]] = {}

    def check(self, client: str, given: str | None) -> str:
        """``ok``, ``wrong`` or ``locked`` for a PIN from ``client`` (its address)."""
        now = time.monotonic()
        with self._lock:
            misses, until = self._misses.get(client, (0, 0.0))
            if misses >= TRIES and now < until:
                return "locked"
            if given is not None and hmac.compare_digest(given.encode(), self.pin.encode()):
                self._misses.pop(client, None)
                return "ok"
            misses = 1 if misses >= TRIES else misses + 1
            self._misses[client] = (misses, now + LOCKOUT_S)
            return "wrong"
