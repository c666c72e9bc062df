"""The training scripts under ``scripts/`` loaded as modules, so tests can check the parts of
a recipe (labels, folds, augmentation) without running a training."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def training_script(name: str) -> ModuleType:
    """``scripts/<name>.py`` as a module (its own imports of its siblings resolve too)."""
    if str(SCRIPTS) not in sys.path:
        sys.path.insert(0, str(SCRIPTS))
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
