"""Scenario files and the scenario runner.

Every YAML file under ``tests/scenarios/`` is an acceptance check (rules specs §11, oracles
re-encoded, table situations), so each one runs as its own test and a failure names the file.
The runner is tested too, with small scenarios written to ``tmp_path``: a runner that passes
everything would make all those files worthless, so it must fail in the right way, naming the
step, the key, what was expected and what happened.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from scoring.scenario import Failure, ScenarioError, check, discover, load, run

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = discover([SCENARIOS])

#: A one-player Yahtzee turn that a test completes with its own expect block.
TURN = """\
game: yahtzee
players: [Anna]
steps:
  - {do: roll, by: Anna, dice: [2, 2, 2, 3, 5]}
  - {do: score, by: Anna, row: three_of_a_kind}
"""


def write(folder: Path, name: str, text: str) -> Path:
    """Write a scenario file and return its path."""
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def run_text(folder: Path, text: str, name: str = "scenario.yaml") -> Failure | None:
    """Run a scenario given as YAML text: its first failure, or None if it passes."""
    return run(load(write(folder, name, text)))


# --------------------------------------------------------------------------------------------
# The scenario files.


@pytest.mark.parametrize(
    "path", FILES, ids=[path.relative_to(SCENARIOS).as_posix() for path in FILES]
)
def test_scenario_file_passes(path: Path) -> None:
    """Each scenario file plays through with every expectation met."""
    failure = run(load(path))
    assert failure is None, str(failure)


def test_scenario_files_are_all_there() -> None:
    """Guards the parametrised test above: a moved folder would otherwise run nothing at all.

    The exercism yacht oracle has 29 cases, and rules/dice.md §11 lists T22-T27 for Yahtzee.
    """
    exercism = [p for p in FILES if p.parent.name == "exercism_yacht"]
    assert len(exercism) == 29
    yahtzee = {p.name.split("_")[0] for p in FILES if p.parent.name == "yahtzee"}
    assert {"t22", "t23", "t24", "t25", "t26", "t27"} <= yahtzee


# --------------------------------------------------------------------------------------------
# The runner fails the right way.


def test_wrong_score_names_step_key_expected_and_actual(tmp_path: Path) -> None:
    """A wrong number must say where and what, or nobody can tell the rule from the typo."""
    failure = run_text(tmp_path, TURN + "  - expect: {scores: {Anna: 15}}\n")
    assert failure is not None
    assert failure.step == 3
    assert failure.what == "expect scores"
    assert failure.expected == {"Anna": 15}
    assert failure.actual == {"Anna": 14}
    message = str(failure)
    assert str(tmp_path / "scenario.yaml") in message
    assert "step 3" in message and "15" in message and "14" in message


def test_right_score_passes(tmp_path: Path) -> None:
    """The same scenario with the right number passes, so the failure above is about 15."""
    assert run_text(tmp_path, TURN + "  - expect: {scores: {Anna: 14}}\n") is None


def test_unexpected_refusal_fails(tmp_path: Path) -> None:
    """A refused action nobody expected is a failure even without an expect block after it:
    otherwise a scenario whose moves are all refused would pass silently."""
    failure = run_text(
        tmp_path,
        """\
        game: yahtzee
        players: [Anna]
        steps:
          - {do: score, by: Anna, row: chance}
          - {do: roll, by: Anna, dice: [1, 2, 3, 4, 5]}
        """,
    )
    assert failure is not None
    assert failure.step == 1
    assert "refused" in failure.what and "must_roll_first" in failure.what


def test_expected_refusal_passes_and_wrong_code_fails(tmp_path: Path) -> None:
    """``illegal:`` with the right reason code passes; with another code it fails and shows
    the code the engine gave."""
    refusal = """\
        game: yahtzee
        players: [Anna]
        steps:
          - {do: score, by: Anna, row: chance}
          - expect: {illegal: %s}
        """
    assert run_text(tmp_path, refusal % "must_roll_first") is None
    failure = run_text(tmp_path, refusal % "row_used")
    assert failure is not None
    assert (failure.step, failure.what, failure.expected) == (2, "expect illegal", "row_used")
    assert "must_roll_first" in failure.actual


def test_illegal_expected_after_accepted_action_fails(tmp_path: Path) -> None:
    """Expecting a refusal of a move the engine accepts is a failure: the rule is missing."""
    failure = run_text(tmp_path, TURN + "  - expect: {illegal: row_used}\n")
    assert failure is not None
    assert (failure.step, failure.what) == (3, "expect illegal")
    assert failure.actual == "accepted"


def test_unknown_expectation_key_fails(tmp_path: Path) -> None:
    """A misspelt key (``score`` for ``scores``) must fail, not be skipped as checked."""
    failure = run_text(tmp_path, TURN + "  - expect: {score: {Anna: 14}}\n")
    assert failure is not None
    assert failure.step == 3
    assert "unknown expectation 'score'" in failure.what


def test_verdicts_failure_lists_the_codes_announced(tmp_path: Path) -> None:
    """A missing verdict shows what was announced instead."""
    failure = run_text(tmp_path, TURN + "  - expect: {verdicts: section_bonus}\n")
    assert failure is not None
    assert failure.expected == ["section_bonus"]
    assert "scored" in failure.actual


# --------------------------------------------------------------------------------------------
# Malformed files and check().


def test_bad_yaml_is_reported_with_its_path(tmp_path: Path) -> None:
    """A file that is not YAML names itself, so the operator knows which file to fix."""
    path = write(tmp_path, "broken.yaml", "game: yahtzee\nplayers: [Anna\nsteps: []\n")
    with pytest.raises(ScenarioError, match="not valid YAML") as raised:
        load(path)
    assert str(path) in str(raised.value)
    passed, failures = check([path])
    assert passed == 0
    assert [f.path for f in failures] == [str(path)]
    assert "not valid YAML" in failures[0].what


def test_missing_players_is_reported_with_its_path(tmp_path: Path) -> None:
    """A scenario without players cannot run; the report says which key is missing where."""
    path = write(tmp_path, "no_players.yaml", "game: yahtzee\nsteps: []\n")
    with pytest.raises(ScenarioError, match="players is missing") as raised:
        load(path)
    assert str(path) in str(raised.value)
    passed, failures = check([path])
    assert passed == 0
    assert failures[0].path == str(path)
    assert failures[0].what == "players is missing"


def test_check_counts_passed_and_failed(tmp_path: Path) -> None:
    """``check`` runs a whole folder and keeps going after a failure: a count of passes and
    one failure per bad file, each naming its file."""
    write(tmp_path, "a_good.yaml", TURN + "  - expect: {scores: {Anna: 14}}\n")
    write(tmp_path, "b_good.yml", TURN + "  - expect: {turn: Anna, over: false}\n")
    wrong = write(tmp_path, "c_wrong.yaml", TURN + "  - expect: {scores: {Anna: 13}}\n")
    broken = write(tmp_path, "d_broken.yaml", "game: [\n")
    write(tmp_path, "notes.txt", "not a scenario")
    passed, failures = check([tmp_path])
    assert passed == 2
    assert [f.path for f in failures] == [str(wrong), str(broken)]
    assert failures[0].step == 3


# --------------------------------------------------------------------------------------------
# Malformed blocks and options are reported by path, never crash the run.


@pytest.mark.parametrize("block", ["5", "[scores]"])
def test_expect_block_that_is_not_a_mapping_is_reported(tmp_path: Path, block: str) -> None:
    """``expect: 5`` is a malformed file like any other: check() should report it by path."""
    path = write(tmp_path, "odd_expect.yaml", TURN + f"  - expect: {block}\n")
    passed, failures = check([path])
    assert passed == 0 and failures[0].path == str(path)


def test_option_of_the_wrong_type_is_reported(tmp_path: Path) -> None:
    """A scenario that sets ``throws: x`` should fail with its path, not stop the whole run."""
    path = write(
        tmp_path,
        "bad_option.yaml",
        "game: yahtzee\nplayers: [Anna]\noptions: {throws: x}\nsteps: []\n",
    )
    passed, failures = check([path])
    assert passed == 0 and failures[0].path == str(path)
