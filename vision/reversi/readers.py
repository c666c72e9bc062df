"""The Reversi board readers the family registry offers (``READERS``, ``DEFAULT``), as the
other families' ``vision.<kind>.readers`` declare theirs."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from vision.reversi.reader import BoardReader

READERS: Mapping[str, Callable[..., Any]] = MappingProxyType({"grid": BoardReader})
DEFAULT = "grid"
