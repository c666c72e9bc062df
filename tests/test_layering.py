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


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that a module imports (``from a.b import c`` is ``a.b.c`` when
    that is a module, else ``a.b``), at module level or inside functions."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names} & known
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for alias in node.names:
                name = f"{node.module}.{alias.name}"
                found.add(name if name in known else node.module)
    return found & known


def import_cycles(package: str) -> list[list[str]]:
    """Every strongly connected set of more than one module in the package's import graph."""
    paths = {module_name(path): path for path in sorted((ROOT / package).rglob("*.py"))}
    graph = {name: imported_modules(path, set(paths)) - {name} for name, path in paths.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(name: str) -> None:  # Tarjan's strongly connected components
        index[name] = low[name] = len(index)
        stack.append(name)
        for other in sorted(graph[name]):
            if other not in index:
                visit(other)
                low[name] = min(low[name], low[other])
            elif other in stack:
                low[name] = min(low[name], index[other])
        if low[name] == index[name]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == name:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return cycles


#: Circles known and not yet taken apart (strict: the test says when one is gone).
KNOWN_CIRCLES: dict[str, str] = {}


@pytest.mark.parametrize(
    "package",
    [
        pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=KNOWN_CIRCLES[name]))
        if name in KNOWN_CIRCLES
        else name
        for name in OURS
    ],
)
def test_no_import_circle_inside_a_package(package: str) -> None:
    """ui once went round: the command line imported the windows (tableref run, demo), the
    console imported the command line for the typed short form of actions.  The short form is
    now ui/short_form.py, which imports neither."""
    assert import_cycles(package) == []


def test_the_command_line_is_the_parser_and_the_console_does_not_import_it() -> None:
    known = {module_name(path) for path in (ROOT / "ui").rglob("*.py")}
    assert imported_modules(ROOT / "ui" / "cli.py", known) <= {
        "ui.commands",
        "ui.commands._common",
        "ui.short_form",
    }
    for path in sorted((ROOT / "ui" / "qt").rglob("*.py")):
        assert not {"ui.cli", "ui.commands"} & imported_modules(path, known), path


def test_the_cycle_check_sees_a_circle(tmp_path: Path) -> None:
    first, second = tmp_path / "first.py", tmp_path / "second.py"
    first.write_text("def f():\n    import second\n", encoding="utf-8")
    second.write_text("import first\n", encoding="utf-8")
    assert imported_modules(first, {"first", "second"}) == {"second"}
    assert imported_modules(second, {"first", "second"}) == {"first"}
