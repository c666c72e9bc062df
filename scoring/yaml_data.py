"""YAML as the presets and scenarios are read: libyaml's parser where PyYAML was built with it
(the catalogue's 51 preset files then parse in a fraction of the pure-Python parser's time,
which every command that lists or opens a game pays at start-up), the pure-Python one
otherwise.  Both are PyYAML's safe loaders: plain data only, never an object."""

from __future__ import annotations

from typing import Any

import yaml

LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str) -> Any:
    """The data of one YAML document (raises ``yaml.YAMLError`` as ``yaml.safe_load`` does)."""
    return yaml.load(text, Loader=LOADER)
