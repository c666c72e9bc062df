"""Command modules of ``tableref``, one per family of commands (vision, panel, ...).

Each module here defines ``register(commands)``, which adds its sub-commands to the parser with
``set_defaults(run=...)``; :mod:`ui.cli` discovers them, so a new family of commands is one new
module and touches nothing else.  A command reports a mistake the user can fix by raising
:class:`CommandError` (one ``error:`` line, exit status 2), never with a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
from typing import Any


class CommandError(Exception):
    """A mistake the user can fix (a missing file, an unplugged camera, a bad option)."""


def register_all(commands: argparse._SubParsersAction[Any]) -> None:
    """Let every command module in this package add its commands, in name order; a module
    whose name starts with ``_`` holds what several commands share and registers nothing."""
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda found: found.name):
        if not module.name.startswith("_"):
            importlib.import_module(f"{__name__}.{module.name}").register(commands)
