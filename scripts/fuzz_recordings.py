"""Issue 25's damaged-recording fuzz run: seeded mutations of a real recording (made by the demo's
recording code) given to ``tableref replay`` and ``tableref journal show`` in-process, and fuzzed
scenario YAML given to ``tableref journal import``.

    nice -n 10 .venv/bin/python scripts/fuzz_recordings.py --count 10000 --seed 1

A mutation is one of: the file cut short, bytes flipped, invalid UTF-8 put in, a JSON field's
value swapped for another type, a key deleted, a huge number, deep nesting, a whole line made
``5``; in journal.sqlite a row or a meta value rewritten (not JSON, NULL, a blob, wrong types),
a row or meta key deleted.  Prints per entry point: runs, refused with one ``error:`` line,
accepted (exit 0 or 1, nothing on stderr), tracebacks, multi-line (or unprintable) errors, and
for ``import`` refusals that left a file behind.  Every column after "accepted" must be 0; the
first failure of each entry point is printed with its mutation, and the exit status is then 1.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import shutil
import sqlite3
import sys
import tempfile
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "scripts"))

from fuzz_inputs import fuzz  # noqa: E402
from fuzz_surfaces import YAML_FILES, Result, Surface, _one_error_line  # noqa: E402

from session.recording import (  # noqa: E402
    EVENTS,
    FACTS,
    FINAL,
    FRAMES,
    JOURNAL,
    META,
    SERIAL_INDEX,
)
from ui.cli import main  # noqa: E402

COLUMNS = ("runs", "refused", "accepted", "tracebacks", "not_one_line", "files_left")
JSON_FILES = (META, FINAL)
LINE_FILES = (FRAMES, FACTS, EVENTS, SERIAL_INDEX)
SWAPS: tuple[Any, ...] = (
    5,
    -1,
    0,
    1.5,
    "x",
    "",
    None,
    True,
    [],
    {},
    [5],
    {"a": 1},
    "../x",
    "/etc/passwd",
    "\udcff",
    10**30,
    1e308,
)
HUGE = "9" * 5000
DEEP = "[" * 100_000 + "]" * 100_000


# --------------------------------------------------------------------------------------------
# The recording to damage.


def base_recording(folder: Path, turns: int = 2) -> Path:
    """A real recording, as the demo makes it: rendered, read, judged and recorded."""
    from session.demo import generate_dice_night

    recording = folder / "base.tableref"
    generate_dice_night(recording, turns=turns)
    return recording


def copy_recording(base: Path, folder: Path) -> Path:
    """A fresh copy to damage: the video is hard-linked (never written), the rest copied."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for found in base.iterdir():
        if found.suffix == ".avi":
            os.link(found, folder / found.name)
        else:
            shutil.copyfile(found, folder / found.name)
    return folder


# --------------------------------------------------------------------------------------------
# Mutations: each damages one file of the copy and says what it did.


def mutate(rng: random.Random, folder: Path) -> str:
    kind = rng.choice(["bytes", "bytes", "json", "json", "json", "journal", "journal"])
    if kind == "journal":
        return _mutate_journal(rng, folder / JOURNAL)
    names = [*JSON_FILES, *LINE_FILES] if kind == "json" else [*JSON_FILES, *LINE_FILES, JOURNAL]
    present = [name for name in names if (folder / name).is_file()]
    name = rng.choice(present)
    if kind == "bytes":
        return f"{name}: {_mutate_bytes(rng, folder / name)}"
    return f"{name}: {_mutate_json(rng, folder / name, name in LINE_FILES)}"


def _mutate_bytes(rng: random.Random, path: Path) -> str:
    data = bytearray(path.read_bytes())
    how = rng.choice(["truncate", "flip", "utf8", "cut"])
    at = rng.randrange(len(data) + 1)
    if how == "truncate":
        del data[at:]
    elif how == "flip":
        for _ in range(rng.randint(1, 8)):
            if data:
                data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    elif how == "utf8":
        data[at:at] = rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xfe\xff", b"\x80"])
    else:
        del data[at : at + rng.randint(1, 64)]
    path.write_bytes(bytes(data))
    return f"{how} at byte {at}"


def _mutate_json(rng: random.Random, path: Path, lines: bool) -> str:
    if not lines:
        text, what = _damage_document(rng, path.read_text("utf-8"))
        path.write_text(text, "utf-8", errors="surrogateescape")
        return what
    records = path.read_text("utf-8").splitlines()
    if not records:
        path.write_text("5\n", "utf-8")
        return "an empty file given the line 5"
    index = rng.randrange(len(records))
    records[index], what = _damage_document(rng, records[index])
    path.write_text("\n".join(records) + "\n", "utf-8", errors="surrogateescape")
    return f"line {index + 1}: {what}"


def _damage_document(rng: random.Random, text: str) -> tuple[str, str]:
    """One JSON document damaged structurally; the new text (one line) and what was done."""
    document = json.loads(text)
    how = rng.choice(["swap", "swap", "delete", "whole", "huge", "deep"])
    if how == "whole":
        value = rng.choice(SWAPS)
        return _dumps(value), f"made {_dumps(value)[:20]}"
    parent, key = _pick(rng, document)
    if parent is None:
        return _dumps(rng.choice(SWAPS)), "the document replaced"
    if how == "delete":
        del parent[key]
        return _dumps(document), f"{key!r} deleted"
    if how == "swap":
        value = rng.choice(SWAPS)
        parent[key] = value
        return _dumps(document), f"{key!r} made {_dumps(value)[:20]}"
    marker = "__fuzz_marker__"
    parent[key] = marker
    return _dumps(document).replace(
        f'"{marker}"', HUGE if how == "huge" else DEEP
    ), f"{key!r} {how}"


def _pick(rng: random.Random, document: Any) -> tuple[Any, Any]:
    """A random place in a document: its container and key (None when it holds nothing)."""
    parent, key = None, None
    node = document
    while isinstance(node, dict | list) and node:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        parent, key = node, rng.choice(keys)
        node = node[key]
        if rng.random() < 0.4:
            break
    return parent, key


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _mutate_journal(rng: random.Random, path: Path) -> str:
    """A row or meta value rewritten in the SQLite file (its guards and constraints dropped
    first, as a hand edit or another program might)."""
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("DROP TRIGGER IF EXISTS entries_never_change")
        db.execute("DROP TRIGGER IF EXISTS entries_never_vanish")
        db.execute("CREATE TABLE loose AS SELECT * FROM entries")  # without NOT NULL
        db.execute("DROP TABLE entries")
        db.execute("ALTER TABLE loose RENAME TO entries")
        seqs = [seq for (seq,) in db.execute("SELECT seq FROM entries")]
        keys = [key for (key,) in db.execute("SELECT key FROM meta")]
        values: list[Any] = [
            None,
            "5",
            "{bad",
            b"\xff\xfe",
            "[" * 100_000,
            '"text"',
            '{"do": 5}',
            "null",
            HUGE,
            5,
            1.5,
            "\udcff",
            '{"do": "roll", "by": "Nobody", "dice": [9]}',
        ]
        how = rng.choice(["row", "row", "column", "delete_row", "meta", "meta", "delete_meta"])
        value = rng.choice(values)
        if isinstance(value, str):
            value = value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
        if how == "row" and seqs:
            seq = rng.choice(seqs)
            db.execute("UPDATE entries SET action = ? WHERE seq = ?", (value, seq))
            return f"journal row {seq} action made {str(value)[:20]!r}"
        if how == "column" and seqs:
            seq, column = rng.choice(seqs), rng.choice(["at", "source", "confidence", "frame"])
            db.execute(f"UPDATE entries SET {column} = ? WHERE seq = ?", (value, seq))
            return f"journal row {seq} {column} made {str(value)[:20]!r}"
        if how == "delete_row" and seqs:
            seq = rng.choice(seqs)
            db.execute("DELETE FROM entries WHERE seq = ?", (seq,))
            return f"journal row {seq} deleted"
        key = rng.choice(keys)
        if how == "delete_meta":
            db.execute("DELETE FROM meta WHERE key = ?", (key,))
            return f"journal meta {key} deleted"
        text = rng.choice(['"x"', "5", "[5]", "{}", '{"a": 1}', "null", "{bad", HUGE, "[" * 9999])
        db.execute("UPDATE meta SET value = ? WHERE key = ?", (text, key))
        return f"journal meta {key} made {text[:20]!r}"


# --------------------------------------------------------------------------------------------
# Running the entry points.


def run_main(argv: list[str]) -> tuple[int, str]:
    """``tableref ARGV`` in-process; its exit status and what it wrote on stderr."""
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, err.getvalue()


def judged(code: int, err: str) -> str:
    """``refused``, ``accepted`` or ``not_one_line`` for one finished run."""
    try:
        err.encode("utf-8")  # a lone surrogate would crash the real stderr's print
    except UnicodeEncodeError:
        return "not_one_line"
    if code == 2:
        return "refused" if _one_error_line(err) else "not_one_line"
    return "accepted" if code in (0, 1) and not err else "not_one_line"


ENTRY_POINTS: dict[str, Callable[[Path], list[str]]] = {
    "replay": lambda folder: ["replay", str(folder)],
    "show": lambda folder: ["journal", "show", str(folder / JOURNAL)],
}


def fuzz_recordings(
    count: int, seed: int, base: Path, scratch: Path
) -> tuple[dict[str, Counter[str]], dict[str, str]]:
    """``count`` mutations of ``base``, each run through every entry point: the counts and the
    first failure of each entry point."""
    rng = random.Random(seed)
    counts = {name: Counter[str]() for name in ENTRY_POINTS}
    first: dict[str, str] = {}
    for number in range(count):
        folder = copy_recording(base, scratch / "damaged.tableref")
        try:
            what = mutate(rng, folder)
        except Exception:  # the mutation itself failed: the input is what it is, run it
            what = f"mutation {number} failed: {traceback.format_exc(limit=1)}"
        for name, argv in ENTRY_POINTS.items():
            counts[name]["runs"] += 1
            try:
                outcome = judged(*run_main(argv(folder)))
            except Exception:
                counts[name]["tracebacks"] += 1
                first.setdefault(name, f"input {number}: {what}\n{traceback.format_exc()}")
                continue
            counts[name][outcome] += 1
            if outcome == "not_one_line":
                first.setdefault(name, f"input {number}: {what}: not one error line")
    return counts, first


# --------------------------------------------------------------------------------------------
# journal import of fuzzed scenarios.


def _scenario_text(fields: dict[str, Any]) -> str:
    return yaml.safe_dump(fields, allow_unicode=True)


STEPS = st.one_of(
    st.just({"do": "roll", "by": "Anna", "dice": [1, 2, 3, 4, 5]}),
    st.just({"do": "score", "by": "Anna", "row": "chance"}),
    st.just({"do": "undo"}),
    st.dictionaries(
        st.sampled_from(["do", "by", "dice", "row", "target", "meta", "expect", "action"]),
        st.one_of(
            st.none(),
            st.integers(),
            st.text(max_size=5),
            st.lists(st.integers(-1, 9), max_size=6),
            st.dictionaries(st.sampled_from(["at", "source", "frame", "x"]), st.integers()),
        ),
        max_size=4,
    ),
)
SCENARIOS = st.builds(
    lambda game, players, steps, extra: _scenario_text(
        {"game": game, "players": players, "steps": steps, **extra}
    ),
    st.sampled_from(["yahtzee", "farkle", "chess", 5, None, ["yahtzee"]]),
    st.one_of(st.just(["Anna", "Boris"]), st.lists(st.text(max_size=3), max_size=3)),
    st.lists(STEPS, max_size=6),
    st.dictionaries(
        st.sampled_from(["preset", "options", "x"]),
        st.one_of(st.none(), st.integers(), st.text(max_size=4), st.just({"target": "x"})),
        max_size=2,
    ),
)
IMPORT_FILES = st.one_of(YAML_FILES, SCENARIOS)


def import_surface() -> Callable[[str], Result]:
    """``journal import`` of one generated file: a refusal is one line and leaves no file."""
    kept = tempfile.TemporaryDirectory(prefix="fuzz-import-")  # removed with ``drive``
    folder = Path(kept.name)
    scenario, target = folder / "input.yaml", folder / "imported.sqlite"

    def drive(text: str) -> Result:
        assert kept.name
        scenario.write_text(text, encoding="utf-8", errors="surrogateescape")
        code, err = run_main(["journal", "import", str(scenario), "--journal", str(target)])
        left = sorted(found.name for found in folder.iterdir() if found != scenario)
        if code == 0:
            for name in left:
                (folder / name).unlink()
            return Result(refused=False)
        return Result(True, judged(code, err) == "refused", rows_changed=bool(left))

    return drive


# --------------------------------------------------------------------------------------------


def main_(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10000, help="mutated recordings (10000)")
    parser.add_argument("--seed", type=int, default=0, help="the mutations' seed (0)")
    parser.add_argument(
        "--import-count", type=int, help="fuzzed journal import files (default: --count)"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="fuzz-recordings-") as scratch:
        base = base_recording(Path(scratch))
        counts, first = fuzz_recordings(args.count, args.seed, base, Path(scratch))
    imports, broken = fuzz(
        Surface("import", IMPORT_FILES, import_surface()),
        args.count if args.import_count is None else args.import_count,
        args.seed,
    )
    counts["import"] = Counter(
        runs=imports["tried"],
        refused=imports["refused"],
        accepted=imports["accepted"],
        tracebacks=imports["tracebacks"],
        not_one_line=imports["not_one_line"],
        files_left=imports["rows_changed"],
    )
    if broken:
        first["import"] = broken
    print(f"{'entry':<8}" + "".join(f"{column:>14}" for column in COLUMNS))
    for name, counted in counts.items():
        print(f"{name:<8}" + "".join(f"{counted[column]:>14}" for column in COLUMNS))
    for name, failure in first.items():
        print(f"--- {name}\n{failure}")
    bad = any(counted[c] for counted in counts.values() for c in COLUMNS[3:])
    return 1 if bad or first else 0


if __name__ == "__main__":
    raise SystemExit(main_())
