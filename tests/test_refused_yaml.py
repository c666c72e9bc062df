"""Issue 25 for YAML readers: a document too deep (aliases followed), too large with aliases
expanded, self-referring, or with a huge integer is one error line naming the file, from
``check``, ``journal import`` and ``panel monitor --keymap`` alike (each was a traceback)."""

from __future__ import annotations

import pytest

from hardware.keymap import KeymapError, load_keymap
from scoring.yaml_data import MAX_DEPTH, YAMLLimitError, load_yaml
from ui.cli import main


def alias_chain(count: int) -> str:
    """Each list holds the one before it: a short, flat file ``count`` levels deep."""
    lines = [f"- &a{i} [{f'*a{i - 1}' if i else 1}]" for i in range(count)]
    return "hold_ms:\n" + "\n".join(lines) + "\n"


SHAPES = {
    "block_mapping": "".join(" " * i + "a:\n" for i in range(3000)) + " " * 3000 + "1\n",
    "block_sequence": "- " * 3000 + "1\n",
    "flow": "[" * 3000 + "]" * 3000 + "\n",
    "alias_chain": alias_chain(3000),
    "merge_chain": "a0: &a0 {k: 1}\n"
    + "".join(f"a{i}: &a{i} {{<<: *a{i - 1}}}\n" for i in range(1, 3000)),
    "laughs": "a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n"
    + "".join(
        f"{c}: &{c} [{', '.join([f'*{p}'] * 10)}]\n"
        for p, c in zip("abcdefg", "bcdefgh", strict=True)
    ),
    "self": "hold_ms: &a [*a]\n",
    "huge_int": "hold_ms: " + "1" * 5000 + "\n",
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_check_and_import_refuse_in_one_line_naming_the_file(shape, tmp_path, capsys):
    path = tmp_path / f"{shape}.yaml"
    path.write_text(SHAPES[shape], encoding="utf-8")
    assert main(["check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out.splitlines() == [out.splitlines()[0], "0 passed, 1 failed"] and err == ""
    assert out.startswith(f"FAIL {path}: ")
    journal = tmp_path / "imported.sqlite"
    assert main(["journal", "import", str(path), "--journal", str(journal)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {path}: ") and len(err.splitlines()) == 1
    assert not journal.exists()


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_keymap_refuses_in_one_error_naming_the_file(shape, tmp_path):
    path = tmp_path / f"{shape}.yaml"
    path.write_text(SHAPES[shape], encoding="utf-8")
    with pytest.raises(KeymapError, match=f"^{path}: ") as refused:
        load_keymap(path)
    assert "\n" not in str(refused.value)


def test_a_keymap_mode_that_is_a_list_is_refused_not_a_type_error(tmp_path):
    path = tmp_path / "keymap.yaml"
    path.write_text("signals: {s: {output: 0, mode: [1]}}\n", encoding="utf-8")
    with pytest.raises(KeymapError, match="mode: one of off, on, blink, got a list"):
        load_keymap(path)


def test_the_limits_are_where_they_say():
    assert load_yaml("[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)) is not None
    with pytest.raises(YAMLLimitError, match=f"nested deeper than {MAX_DEPTH} levels"):
        load_yaml("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert load_yaml("a: &x [1]\nb: *x\n") == {"a": [1], "b": [1]}  # aliases still work
