"""The package map of ARCHITECTURE.md, checked on the source: no package imports one it may not
(the cards camera once imported its facts from the session layer, and its command bodies from
the command line; both read fine and ran, and only this check says the map was broken)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OURS = ("scoring", "vision", "firmware_interface", "hardware", "session", "ui")
MAY_IMPORT = {
    "scoring": set(),
    "firmware_interface": set(),
    "hardware": {"firmware_interface"},
    "vision": {"scoring"},
    "session": {"scoring", "vision", "firmware_interface", "hardware"},
    "ui": set(OURS),
}


def imported_packages(path: Path) -> set[str]:
    """Our top-level packages a module imports, at module level or inside functions."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found |= {name.split(".")[0] for name in names} & set(OURS)
    return found


@pytest.mark.parametrize("package", sorted(MAY_IMPORT))
def test_a_package_imports_only_what_the_map_allows(package: str) -> None:
    breaches = [
        f"{path.relative_to(ROOT)} imports {other}"
        for path in sorted((ROOT / package).rglob("*.py"))
        for other in imported_packages(path) - MAY_IMPORT[package] - {package}
    ]
    assert not breaches, "\n".join(breaches)


def test_the_check_sees_a_breach(tmp_path: Path) -> None:
    module = tmp_path / "bad.py"
    module.write_text("def f():\n    from session.live import Submit\n", encoding="utf-8")
    assert imported_packages(module) == {"session"}
