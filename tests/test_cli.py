"""The ``tableref`` command line, run in-process as a user would type it (plus one real run of
the installed console script): the catalogue, scenario checks, scripted play sessions with
their journals, journal show/export/import, the demo, and one clean ``error:`` line for every
bad input."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import yaml

from scoring.match import Match
from scoring.scenario import Scenario, load
from session.journal import Journal
from ui.cli import main
from ui.commands.catalogue import game_entries
from ui.commands.demo import DEMO
from ui.short_form import describe

#: A turn each, then Anna rolls 1 3 4 5 6: her chance is written, her dice are showing.
OPENING = [
    "roll 1 2 3 4 5",
    "score chance",
    "Boris: roll 2 2 3 4 4",
    "score chance",
    "roll 1 3 4 5 6",
]

PASSING = """\
game: yahtzee
players: [Anna]
steps:
  - {do: roll, by: Anna, dice: [2, 3, 4, 5, 6]}
  - {do: score, by: Anna, row: large_straight}
  - expect: {scores: {Anna: 40}}
"""

FAILING = """\
game: yahtzee
players: [Anna]
steps:
  - {do: roll, by: Anna, dice: [2, 3, 4, 5, 6]}
  - {do: score, by: Anna, row: chance}
  - expect: {scores: {Anna: 40}}
"""


def run_cli(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    *argv: str,
    stdin: str = "",
) -> tuple[int, str, str]:
    """``tableref ARGV`` with ``stdin`` as its input: the exit status, stdout and stderr."""
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def row_count(path: Path) -> int:
    with Journal.open(path) as journal:
        return len(journal.rows())


def assert_one_error(status: int, err: str) -> None:
    """One ``error:`` line naming the problem, no traceback, and the usage-error status."""
    assert status == 2
    assert len(err.splitlines()) == 1, err
    assert err.startswith("error: ")
    assert "Traceback" not in err


def fold_demo() -> tuple[Match, list[str]]:
    """The demo recording folded through the engine here, independently of ``tableref demo``:
    the finished match and every verdict code announced on the way."""
    scenario = load(DEMO)
    match = scenario.match()
    codes: list[str] = []
    for step in scenario.steps:
        action, _meta = Scenario.split_step(step)
        outcome = match.submit(action)
        assert outcome.accepted, (action, outcome.error)
        codes += [verdict.code for verdict in outcome.verdicts]
    return match, codes


def demo_view() -> dict[str, Any]:
    return fold_demo()[0].view()


# --------------------------------------------------------------------------------------------
# games


def test_games_json_lists_both_dice_games_with_their_verbs(capsys, monkeypatch) -> None:
    status, out, _ = run_cli(capsys, monkeypatch, "games", "--json")
    assert status == 0
    games = {entry["game"]: entry for entry in json.loads(out)}
    assert {"yahtzee", "yacht"} <= set(games)
    for name in ("yahtzee", "yacht"):
        assert games[name]["presets"] == [name]
        assert games[name]["verbs"] == ["roll", "keep", "score", "void", "undo", "correct"]


def test_games_text_shows_titles_in_both_languages(capsys, monkeypatch) -> None:
    status, out, _ = run_cli(capsys, monkeypatch, "games")
    assert status == 0
    assert "Yahtzee / Яхтзи" in out
    assert "Yacht / Яхта" in out
    assert "roll, keep, score, undo, correct" in out


@pytest.mark.parametrize("width", [60, 80, 120])
def test_games_text_fits_the_terminal_and_names_every_game(capsys, monkeypatch, width) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    status, out, _ = run_cli(capsys, monkeypatch, "games")
    assert status == 0
    assert max(len(line) for line in out.splitlines()) <= width
    for entry in game_entries():
        assert re.search(rf"^{entry['game']}: ", out, re.M)
        assert entry["title"]["ru"].split()[0] in out
    assert "verbs: roll, keep, score, void, undo, correct" in out


def test_games_text_is_one_table_on_a_terminal_wide_enough(capsys, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "1000")
    status, out, _ = run_cli(capsys, monkeypatch, "games")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].split() == [
        "game",
        "title",
        "(en",
        "/",
        "ru)",
        "family",
        "presets",
        "(*",
        "default)",
        "verbs",
    ]
    assert len(lines) == len(game_entries()) + 1


def test_installed_console_script_runs() -> None:
    script = Path(sys.executable).with_name("tableref")
    result = subprocess.run(
        [str(script), "games", "--json"], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "yahtzee" in {entry["game"] for entry in json.loads(result.stdout)}


# --------------------------------------------------------------------------------------------
# check


def test_check_passing_scenario(tmp_path, capsys, monkeypatch) -> None:
    (tmp_path / "good.yaml").write_text(PASSING, encoding="utf-8")
    status, out, _ = run_cli(capsys, monkeypatch, "check", str(tmp_path))
    assert status == 0
    assert out.splitlines()[-1] == "1 passed, 0 failed"


def test_check_failure_names_file_step_expected_and_actual(tmp_path, capsys, monkeypatch) -> None:
    good, bad = tmp_path / "good.yaml", tmp_path / "bad.yml"
    good.write_text(PASSING, encoding="utf-8")
    bad.write_text(FAILING, encoding="utf-8")
    status, out, _ = run_cli(capsys, monkeypatch, "check", str(good), str(bad))
    assert status == 1
    failure, closing = out.splitlines()
    assert closing == "1 passed, 1 failed"
    assert str(bad) in failure
    assert "step 3" in failure
    assert "expected {'Anna': 40}" in failure
    assert "got {'Anna': 20}" in failure


def test_check_counts_a_malformed_scenario_as_failed(tmp_path, capsys, monkeypatch) -> None:
    (tmp_path / "broken.yaml").write_text("game: yahtzee\nplayers: [Anna\n", encoding="utf-8")
    status, out, _ = run_cli(capsys, monkeypatch, "check", str(tmp_path))
    assert status == 1
    assert "broken.yaml" in out
    assert out.splitlines()[-1] == "0 passed, 1 failed"


def test_check_survives_a_scenario_that_trips_the_runner(tmp_path, capsys, monkeypatch) -> None:
    (tmp_path / "a-odd.yaml").write_text(
        "game: [yahtzee]\nplayers: [Anna]\nsteps: []\n", encoding="utf-8"
    )
    (tmp_path / "b-good.yaml").write_text(PASSING, encoding="utf-8")
    status, out, err = run_cli(capsys, monkeypatch, "check", str(tmp_path))
    assert status == 1
    assert err == ""
    failure, closing = out.splitlines()
    assert failure.startswith(f"FAIL {tmp_path / 'a-odd.yaml'}")
    assert closing == "1 passed, 1 failed"


@pytest.mark.parametrize("what", ["empty folder", "missing path"])
def test_check_without_scenarios_is_a_usage_error(what, tmp_path, capsys, monkeypatch) -> None:
    target = tmp_path if what == "empty folder" else tmp_path / "nope.yaml"
    status, out, err = run_cli(capsys, monkeypatch, "check", str(target))
    assert_one_error(status, err)
    assert str(target) in err
    assert out == ""


# --------------------------------------------------------------------------------------------
# play


def test_play_scripted_session(tmp_path, capsys, monkeypatch) -> None:
    journal = tmp_path / "night.sqlite"
    script = "roll 1 3 4 5 6\nkeep 5 6\nroll 2 3 4\nscore large_straight\nsheet\nquit\n"
    status, out, err = run_cli(
        capsys,
        monkeypatch,
        *("play", "yahtzee", "--players", "Anna,Boris", "--journal", str(journal)),
        stdin=script,
    )
    assert status == 0, err
    assert err == ""
    assert f"recording to {journal}" in out
    assert "Anna throws 1 3 4 5 6 (throw 1 of 3)" in out
    assert "Anna to play, throw 1/3, dice 1 3 4 5 6" in out
    assert "Anna to play, throw 1/3, dice 1 3 4 5 6, kept 5 6" in out
    assert "Anna throws 5 6 2 3 4 (throw 2 of 3)" in out
    assert "Anna writes 40 in Large straight" in out
    assert "Boris to play, throw 0/3" in out
    sheet = out[out.index("> sheet") :]
    assert re.search(r"^Large straight\s+40$", sheet, re.M)
    assert re.search(r"^Ones$", sheet, re.M)  # open rows are blank for both players
    with Journal.open(journal) as stored:
        assert [row.action["do"] for row in stored.rows()] == ["roll", "keep", "roll", "score"]
        assert {row.source for row in stored.rows()} == {"operator"}


def test_play_option_overrides_the_preset_and_is_stored(tmp_path, capsys, monkeypatch) -> None:
    journal = tmp_path / "kozel.sqlite"
    status, _, err = run_cli(
        capsys,
        monkeypatch,
        *("play", "kozel", "--players", "Anna,Boris,Vera,Gleb", "--journal", str(journal)),
        *("--option", "information=full", "--option", "target=300"),
        stdin="deal\nquit\n",
    )
    assert status == 0, err
    # The bare `deal` (every field optional) reaches the engine, which wants the hands now.
    assert "error: With full information the deal names every hand" in err
    with Journal.open(journal) as stored:
        assert stored.options == {"information": "full", "target": 300}


@pytest.mark.parametrize(
    ("option", "message"),
    [("nonsense", "not KEY=VALUE"), ("bogus=1", "bogus: not an option of dominoes")],
)
def test_play_bad_option_is_one_error(option, message, tmp_path, capsys, monkeypatch) -> None:
    journal = tmp_path / "kozel.sqlite"
    status, _, err = run_cli(
        capsys,
        monkeypatch,
        *("play", "kozel", "--players", "Anna,Boris,Vera,Gleb", "--journal", str(journal)),
        *("--option", option),
        stdin="quit\n",
    )
    assert status == 2
    assert message in err
    assert not journal.exists()


def test_play_takes_json_and_undo(tmp_path, capsys, monkeypatch) -> None:
    journal = tmp_path / "night.sqlite"
    script = '{"do": "roll", "by": "Anna", "dice": [6, 6, 6, 6, 6]}\nscore sixes\nundo\nundo 1\n'
    status, out, err = run_cli(
        capsys,
        monkeypatch,
        *("play", "yahtzee", "--players", "Anna", "--journal", str(journal)),
        stdin=script,
    )
    assert status == 0, err
    assert "Anna writes 30 in Sixes" in out
    assert "Action 2 taken back" in out
    assert "Action 1 taken back" in out
    assert row_count(journal) == 4


def test_play_without_journal_records_under_sessions(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, _ = run_cli(
        capsys, monkeypatch, "play", "yacht", "--players", "Anna", stdin="roll 1 1 2 2 3\n"
    )
    assert status == 0
    (created,) = (tmp_path / "sessions").glob("*-yacht.sqlite")
    assert f"recording to {created.relative_to(tmp_path)}" in out
    assert row_count(created) == 1


def test_sessions_started_in_the_same_moment_get_names_of_their_own(
    tmp_path, capsys, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)

    class Frozen(datetime):
        @classmethod
        def now(cls, tz=None):  # every session starts at the same millisecond
            return datetime(2026, 12, 3, 7, 45, 12, 345678, tzinfo=tz)

    monkeypatch.setattr("ui.commands._common.datetime", Frozen)
    for _ in range(3):
        status, _, err = run_cli(
            capsys, monkeypatch, "play", "yacht", "--players", "Anna", stdin="roll 1 1 2 2 3\n"
        )
        assert status == 0, err
    names = sorted(path.name for path in (tmp_path / "sessions").glob("*.sqlite"))
    assert names == [
        "20261203T074512345Z-2-yacht.sqlite",
        "20261203T074512345Z-3-yacht.sqlite",
        "20261203T074512345Z-yacht.sqlite",
    ]


def test_yacht_sheet_has_no_bonus_lines(tmp_path, capsys, monkeypatch) -> None:
    journal = tmp_path / "yacht.sqlite"
    status, out, _ = run_cli(
        capsys,
        monkeypatch,
        *("play", "yacht", "--players", "Anna,Boris", "--journal", str(journal)),
        stdin="roll 1 2 3 4 5\nscore little_straight\nsheet\n",
    )
    assert status == 0
    sheet = out[out.index("> sheet") :]
    assert re.search(r"^Little straight\s+30$", sheet, re.M)
    assert re.search(r"^Lower sum\s+30\s+0$", sheet, re.M)
    assert re.search(r"^Total\s+30\s+0$", sheet, re.M)
    assert "bonus" not in sheet
    assert "Upper total" not in sheet


def test_play_resume_carries_on(tmp_path, capsys, monkeypatch) -> None:
    journal = tmp_path / "night.sqlite"
    args = ("play", "yahtzee", "--players", "Anna,Boris", "--journal", str(journal))
    run_cli(capsys, monkeypatch, *args, stdin="roll 1 2 3 4 5\n")
    status, out, err = run_cli(
        capsys, monkeypatch, "play", "--resume", str(journal), stdin="score large_straight\n"
    )
    assert status == 0, err
    assert "resumed" in out
    assert "Anna writes 40 in Large straight" in out
    assert row_count(journal) == 2


def test_play_a_whole_game_ends_with_the_sheet(tmp_path, capsys, monkeypatch) -> None:
    scenario = load(DEMO)
    script = "".join(f"{describe(step)}\n" for step in scenario.steps)
    journal = tmp_path / "night.sqlite"
    status, out, err = run_cli(
        capsys,
        monkeypatch,
        *("play", "yahtzee", "--players", "Anna,Boris", "--journal", str(journal)),
        stdin=script,
    )
    assert status == 0
    assert err == ""
    view = demo_view()
    anna, boris = (view["scores"][player] for player in ("Anna", "Boris"))
    assert re.search(rf"^Total\s+{anna}\s+{boris}$", out, re.M)
    assert out.rstrip().endswith(f"Winner: {view['winner']} with {view['scores'][view['winner']]}")
    assert row_count(journal) == len(scenario.steps)


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("frobnicate 3", "unknown verb 'frobnicate'"),
        ("keep 7", "7 is not a face"),
        ("roll 1 2 3 4 7", "7 is not a face"),
        ("roll 1 2 3 4 5 6", "6 dice given"),
        ("Boris: roll 1 2 3 4 5", "It is Anna's turn, not Boris's"),
        ("Vera: roll 1 2 3 4 5", "Vera is not playing here"),
        ("score chance", "already written 15 in Chance"),
        ("score", "row: expected one word"),
        ("undo 42", "There is no action 42"),
        ('{"do": "roll", "by": "Anna"', "not valid JSON"),
        ('{"do": "roll", "by": "Anna", "dice": [1, 2]}', "5 dice must be on the table"),
        ("correct 2", "type correct as"),
    ],
)
def test_play_bad_line_is_one_error_and_writes_nothing(
    line: str, problem: str, tmp_path, capsys, monkeypatch
) -> None:
    journal = tmp_path / "night.sqlite"
    args = ("play", "yahtzee", "--players", "Anna,Boris", "--journal", str(journal))
    run_cli(capsys, monkeypatch, *args, stdin="\n".join(OPENING) + "\n")
    before = row_count(journal)
    status, out, err = run_cli(
        capsys, monkeypatch, "play", "--resume", str(journal), stdin=f"{line}\nscore fours\n"
    )
    assert status == 0
    assert len(err.splitlines()) == 1, err
    assert err.startswith("error: ")
    assert problem in err
    # The session went on: the next line was judged and is the only new row.
    assert "Anna writes 4 in Fours" in out
    assert row_count(journal) == before + 1


def test_play_undo_with_nothing_to_undo(tmp_path, capsys, monkeypatch) -> None:
    journal = tmp_path / "night.sqlite"
    status, _, err = run_cli(
        capsys,
        monkeypatch,
        *("play", "yahtzee", "--players", "Anna", "--journal", str(journal)),
        stdin="undo\n",
    )
    assert status == 0
    assert err == "error: There is nothing to undo\n"
    assert row_count(journal) == 0


def test_play_speaks_russian(tmp_path, capsys, monkeypatch) -> None:
    journal = tmp_path / "night.sqlite"
    status, out, err = run_cli(
        capsys,
        monkeypatch,
        *("play", "yahtzee", "--players", "Anna", "--journal", str(journal), "--lang", "ru"),
        stdin="roll 1 1 1 2 2\nscore full_house\nscore chance\n",
    )
    assert status == 0
    assert "Anna записывает 25 в графу «Фул-хаус»" in out
    assert "ходит Anna, бросок 0/3" in out
    assert err == "error: Anna ещё не бросал в этом ходу\n"


def test_play_help_lists_verbs_and_legal_moves(tmp_path, capsys, monkeypatch) -> None:
    journal = tmp_path / "night.sqlite"
    status, out, _ = run_cli(
        capsys,
        monkeypatch,
        *("play", "yahtzee", "--players", "Anna", "--journal", str(journal)),
        stdin="roll 1 2 3 4 6\nhelp\n",
    )
    assert status == 0
    assert "roll <dice> [kept]" in out
    assert "score <row>" in out
    assert "undo [target]" in out
    assert "legal now for Anna:" in out
    assert "small_straight 30" in out


# --------------------------------------------------------------------------------------------
# bad command lines


def bad_inputs(tmp_path: Path) -> dict[str, list[str]]:
    """Command lines a new user might try, each wrong in one way."""
    corrupt = tmp_path / "corrupt.sqlite"
    corrupt.write_bytes(b"this is not a database, just some bytes" * 50)
    malformed = tmp_path / "malformed.yaml"
    malformed.write_text("game: yahtzee\nsteps: [\n", encoding="utf-8")
    odd_game = tmp_path / "odd-game.yaml"
    odd_game.write_text("game: [yahtzee]\nplayers: [Anna]\nsteps: []\n", encoding="utf-8")
    odd_option = tmp_path / "odd-option.yaml"
    odd_option.write_text(
        "game: yahtzee\nplayers: [A]\noptions: {dice: x}\nsteps: []\n", encoding="utf-8"
    )
    existing = tmp_path / "existing.sqlite"
    Journal.create(existing, "yahtzee", ["Anna"]).close()
    missing = str(tmp_path / "missing.sqlite")
    players = ("--players", "Anna,Boris")
    return {
        "no command": [],
        "unknown command": ["frobnicate"],
        "unknown journal action": ["journal", "frobnicate", missing],
        "unknown game": ["play", "chess", *players],
        "unknown preset": ["play", "yahtzee", "--preset", "turbo", *players],
        "empty player name": ["play", "yahtzee", "--players", "Anna,,Boris"],
        "repeated player": ["play", "yahtzee", "--players", "Anna,Anna"],
        "no players": ["play", "yahtzee"],
        "no game": ["play", *players],
        "journal exists": ["play", "yahtzee", *players, "--journal", str(existing)],
        "resume missing": ["play", "--resume", missing],
        "resume corrupt": ["play", "--resume", str(corrupt)],
        "resume other game": ["play", "yacht", "--resume", str(existing)],
        "show missing": ["journal", "show", missing],
        "show corrupt": ["journal", "show", str(corrupt)],
        "export missing": ["journal", "export", missing],
        "import malformed": ["journal", "import", str(malformed), "--journal", missing],
        "import missing": ["journal", "import", missing, "--journal", missing],
        "import odd game": ["journal", "import", str(odd_game), "--journal", missing],
        "import odd option": ["journal", "import", str(odd_option), "--journal", missing],
        "unknown language": ["demo", "--lang", "de"],
    }


def test_every_bad_command_line_gives_one_error_line(tmp_path, capsys, monkeypatch) -> None:
    for name, argv in bad_inputs(tmp_path).items():
        status, _, err = run_cli(capsys, monkeypatch, *argv)
        assert status == 2, name
        assert len(err.splitlines()) == 1, (name, err)
        assert err.startswith("error: "), (name, err)
    assert not (tmp_path / "missing.sqlite").exists()


def test_bad_command_line_errors_name_the_problem(tmp_path, capsys, monkeypatch) -> None:
    inputs = bad_inputs(tmp_path)
    expected = {
        "unknown command": "'frobnicate'",
        "unknown game": "unknown game 'chess'",
        "unknown preset": "'turbo'",
        "empty player name": "every player needs a name",
        "repeated player": "must differ",
        "resume corrupt": "corrupt.sqlite",
        "import malformed": "malformed.yaml",
        "import odd game": "odd-game.yaml",
        "import odd option": "odd-option.yaml",
    }
    for name, words in expected.items():
        status, _, err = run_cli(capsys, monkeypatch, *inputs[name])
        assert_one_error(status, err)
        assert words in err, (name, err)


# --------------------------------------------------------------------------------------------
# journal show / export / import


@pytest.fixture
def recorded(tmp_path, capsys, monkeypatch) -> Path:
    """A journal with a few operator actions in it."""
    journal = tmp_path / "night.sqlite"
    args = ("play", "yahtzee", "--players", "Anna,Boris", "--journal", str(journal))
    run_cli(capsys, monkeypatch, *args, stdin="\n".join(OPENING) + "\n")
    return journal


def test_journal_show(recorded, capsys, monkeypatch) -> None:
    status, out, _ = run_cli(capsys, monkeypatch, "journal", "show", str(recorded))
    assert status == 0
    assert re.search(r"^game\s+yahtzee \(preset yahtzee\)$", out, re.M)
    assert re.search(r"^players\s+Anna, Boris$", out, re.M)
    assert re.search(r"^actions\s+5$", out, re.M)
    numbered = re.findall(r"^(\d+)\s+\S+\s+operator\s+(.*)$", out, re.M)
    assert [int(seq) for seq, _ in numbered] == [1, 2, 3, 4, 5]
    assert numbered[0][1] == "Anna: roll 1 2 3 4 5"  # as play reads it out, verdicts under it
    assert re.search(r"^\s+Anna throws 1 2 3 4 5 \(throw 1 of 3\)$", out, re.M)
    assert "{" not in out
    assert re.search(r"^Chance\s+15\s+15$", out, re.M)
    assert "Anna to play, throw 1/3, dice 1 3 4 5 6" in out


@pytest.mark.parametrize(
    "command",
    [("sheet",), ("hint",), ("journal", "show"), ("journal", "export")],
)
def test_readers_work_beside_the_session_writing_the_journal(
    recorded, capsys, monkeypatch, command
) -> None:
    with Journal.open(recorded):  # the live session holds the journal's lock
        status, out, err = run_cli(capsys, monkeypatch, *command, str(recorded))
    assert status == 0, err
    assert out and "in use" not in err


def test_journal_show_json_is_one_document_with_the_stored_rows(recorded, capsys, monkeypatch):
    status, out, _ = run_cli(capsys, monkeypatch, "journal", "show", str(recorded), "--json")
    assert status == 0
    document = json.loads(out)
    assert document["game"] == "yahtzee" and document["players"] == ["Anna", "Boris"]
    assert [row["seq"] for row in document["rows"]] == [1, 2, 3, 4, 5]
    first = document["rows"][0]
    assert first["action"] == {"do": "roll", "by": "Anna", "dice": [1, 2, 3, 4, 5]}
    assert first["source"] == "operator"
    assert first["verdicts"][0]["en"] == "Anna throws 1 2 3 4 5 (throw 1 of 3)"
    assert document["view"]["scores"] == {"Anna": 15, "Boris": 15}


def test_journal_export_to_stdout_and_file(recorded, tmp_path, capsys, monkeypatch) -> None:
    status, out, _ = run_cli(capsys, monkeypatch, "journal", "export", str(recorded))
    assert status == 0
    exported = yaml.safe_load(out)
    assert exported["game"] == "yahtzee"
    assert exported["players"] == ["Anna", "Boris"]
    actions = [{k: v for k, v in step.items() if k != "meta"} for step in exported["steps"]]
    assert actions[0] == {"do": "roll", "by": "Anna", "dice": [1, 2, 3, 4, 5]}
    assert len(actions) == 5
    target = tmp_path / "night.yaml"
    status, out, _ = run_cli(
        capsys, monkeypatch, "journal", "export", str(recorded), "-o", str(target)
    )
    assert status == 0
    assert str(target) in out
    assert yaml.safe_load(target.read_text(encoding="utf-8")) == exported


def test_journal_import_round_trips(recorded, tmp_path, capsys, monkeypatch) -> None:
    exported = tmp_path / "night.yaml"
    run_cli(capsys, monkeypatch, "journal", "export", str(recorded), "-o", str(exported))
    copy = tmp_path / "copy.sqlite"
    status, out, err = run_cli(
        capsys, monkeypatch, "journal", "import", str(exported), "--journal", str(copy)
    )
    assert status == 0, err
    assert "imported 5 actions" in out
    with Journal.open(recorded) as original, Journal.open(copy) as imported:
        assert [r.action for r in imported.rows()] == [r.action for r in original.rows()]
        assert imported.view() == original.view()
    status, _, err = run_cli(
        capsys, monkeypatch, "journal", "import", str(exported), "--journal", str(copy)
    )
    assert_one_error(status, err)
    assert "exists already" in err


def test_journal_import_of_the_demo(tmp_path, capsys, monkeypatch) -> None:
    journal = tmp_path / "demo.sqlite"
    status, _, err = run_cli(
        capsys, monkeypatch, "journal", "import", str(DEMO), "--journal", str(journal)
    )
    assert status == 0, err
    with Journal.open(journal) as stored:
        assert stored.view()["scores"] == demo_view()["scores"]
        assert {row.source for row in stored.rows()} == {"import"}


# --------------------------------------------------------------------------------------------
# demo


def test_demo_recording_is_a_full_interesting_game() -> None:
    match, codes = fold_demo()
    view = match.view()
    assert view["over"]
    assert view["players"] == ["Anna", "Boris"]
    assert {"section_bonus", "extra_kind_bonus", "joker"} <= set(codes)
    assert any(points == 0 for sheet in view["sheets"].values() for points in sheet.values())
    assert any(entry.action.verb == "keep" for entry in match.entries)


def test_demo_announces_every_action_and_ends_with_totals_and_winner(capsys, monkeypatch) -> None:
    view = demo_view()
    status, out, err = run_cli(capsys, monkeypatch, "demo", "--actions")
    assert status == 0, err
    steps = load(DEMO).steps
    assert len(re.findall(r"^\s+\d+\. ", out, re.M)) == len(steps)
    assert "Another Yahtzee for Boris: +100" in out
    totals = r"\s+".join(str(view["scores"][player]) for player in view["players"])
    assert re.search(rf"^Total\s+{totals}$", out, re.M)
    winner = view["winner"]
    assert out.rstrip().endswith(f"Winner: {winner} with {view['scores'][winner]}")


def test_demo_quiet_prints_only_the_sheet(capsys, monkeypatch) -> None:
    view = demo_view()
    status, out, _ = run_cli(capsys, monkeypatch, "demo", "--actions", "--quiet", "--lang", "ru")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].split() == view["players"]
    assert not re.search(r"^\s+\d+\. ", out, re.M)
    totals = r"\s+".join(str(view["scores"][player]) for player in view["players"])
    assert re.search(rf"^Итого\s+{totals}$", out, re.M)
    assert lines[-1].startswith(f"Победитель: {view['winner']}")


def test_describe_reads_an_action_out() -> None:
    action: dict[str, Any] = {"do": "roll", "by": "Anna", "dice": [5], "kept": [1, 2, 3, 4]}
    assert describe(action) == "Anna: roll 5 kept 1 2 3 4"
    assert describe({"do": "undo", "target": 3}) == "undo 3"
    fixed = {"do": "roll", "by": "Anna", "dice": [6]}
    assert describe({"do": "correct", "target": 2, "action": fixed}) == (
        'correct 2 action {"do": "roll", "by": "Anna", "dice": [6]}'
    )


def test_describe_reads_a_shot_record_out_without_python_lists() -> None:
    shot = {
        "do": "shot",
        "by": "Anna",
        "cue": "red",
        "contacts": [["red", "pink", 0.12], ["pink", "big", 0.47]],
        "down": [["big", "pink", 0.5]],
        "pocketed": [],
        "stopped_on": {"spot_rear": "black"},
    }
    text = describe(shot)
    assert text == (
        "Anna: shot red; contacts: red pink 0.12, pink big 0.47; down: big pink 0.5; "
        "stopped_on: spot_rear black"
    )
    assert not set("[]{}'\"") & set(text)


# --------------------------------------------------------------------------------------------
# sheet and hint: the player-facing sheet of a journaled session.


def test_sheet_prints_rows_down_and_players_across(recorded, capsys, monkeypatch) -> None:
    status, out, _ = run_cli(capsys, monkeypatch, "sheet", str(recorded))
    assert status == 0
    assert re.search(r"^\s+Anna\s+Boris$", out, re.M)
    assert re.search(r"^Chance\s+15\s+15$", out, re.M)
    assert re.search(r"^Ones$", out, re.M)  # open rows stay blank
    assert re.search(r"^Total\s+15\s+15$", out, re.M)


def test_sheet_exports_csv_with_one_line_per_sheet_row(recorded, capsys, monkeypatch) -> None:
    status, out, _ = run_cli(capsys, monkeypatch, "sheet", str(recorded), "--format", "csv")
    assert status == 0
    table = list(csv.reader(io.StringIO(out)))
    assert table[0] == ["key", "row", "kind", "Anna", "Boris"]
    by_key = {line[0]: line for line in table[1:]}
    assert by_key["chance"][1:] == ["Chance", "row", "15", "15"]
    assert by_key["ones"][3:] == ["", ""]
    assert by_key["total"][2:] == ["total", "15", "15"]


def test_sheet_exports_json_to_a_file(recorded, tmp_path, capsys, monkeypatch) -> None:
    target = tmp_path / "sheet.json"
    args = ("sheet", str(recorded), "--format", "json", "-o", str(target))
    status, out, _ = run_cli(capsys, monkeypatch, *args)
    assert status == 0 and str(target) in out
    sheet = json.loads(target.read_text(encoding="utf-8"))
    assert sheet["columns"] == ["Anna", "Boris"]
    total = next(row for row in sheet["rows"] if row["key"] == "total")
    assert total["cells"] == {"Anna": 15, "Boris": 15}


def test_sheet_in_russian(recorded, capsys, monkeypatch) -> None:
    status, out, _ = run_cli(capsys, monkeypatch, "sheet", str(recorded), "--lang", "ru")
    assert status == 0
    assert re.search(r"^Шанс\s+15\s+15$", out, re.M)


def test_hint_lists_every_open_row_with_its_points(recorded, capsys, monkeypatch) -> None:
    """Anna shows 1 3 4 5 6 with Chance used: the spec's values for every other row."""
    status, out, _ = run_cli(capsys, monkeypatch, "hint", str(recorded), "--no-advice")
    assert status == 0
    hints = dict(re.findall(r"^\s+(\w+)\s+(\d+)", out, re.M))
    assert hints == {
        "ones": "1", "twos": "0", "threes": "3", "fours": "4", "fives": "5", "sixes": "6",
        "three_of_a_kind": "0", "four_of_a_kind": "0", "full_house": "0",
        "small_straight": "30", "large_straight": "0", "yahtzee": "0",
    }  # fmt: skip
    assert re.search(r"^\s+small_straight\s+30\s+<- best$", out, re.M)


def test_hint_before_a_throw_says_there_is_nothing_to_write(tmp_path, capsys, monkeypatch) -> None:
    journal = tmp_path / "fresh.sqlite"
    Journal.create(journal, "yahtzee", ["Anna"]).close()
    status, _, err = run_cli(capsys, monkeypatch, "hint", str(journal))
    assert_one_error(status, err)
    assert "Anna has not thrown yet" in err


def test_sheet_of_a_missing_session_is_one_error(tmp_path, capsys, monkeypatch) -> None:
    status, _, err = run_cli(capsys, monkeypatch, "sheet", str(tmp_path / "none.sqlite"))
    assert_one_error(status, err)
    assert "no such journal file" in err


def test_verbs_with_several_fields_are_typed_as_named_words(tmp_path, capsys, monkeypatch) -> None:
    """``bid quantity=2 face=3`` at the prompt is the JSON bid; a verb without fields is one
    word; a bare word for a many-field verb gets one error saying how to type it."""
    journal = tmp_path / "liars.sqlite"
    args = ("play", "liars_dice", "--players", "Anna,Boris", "--journal", str(journal))
    stdin = "bid quantity=2 face=3\nbid 3\nchallenge\n"
    status, _, err = run_cli(capsys, monkeypatch, *args, stdin=stdin)
    assert status == 0
    assert err.count("error:") == 1 and 'type bid as "bid quantity=... face=...' in err
    with Journal.open(journal) as session:
        actions = [row.action for row in session.rows()]
    assert actions == [
        {"do": "bid", "by": "Anna", "quantity": 2, "face": 3},
        {"do": "challenge", "by": "Boris"},
    ]


# --------------------------------------------------------------------------------------------
# shot: judging one disputed record without recording it.


def test_shot_judges_a_record_at_the_point_the_session_reached(
    recorded, tmp_path, capsys, monkeypatch
) -> None:
    """Anna has thrown once: a second throw is judged with her kept dice, and nothing is
    written to the journal."""
    record = tmp_path / "throw.json"
    record.write_text('{"do": "roll", "dice": [2, 2, 2, 2, 2]}', encoding="utf-8")
    before = row_count(recorded)
    status, out, _ = run_cli(capsys, monkeypatch, "shot", str(record), "--journal", str(recorded))
    assert status == 0
    assert "Anna throws 2 2 2 2 2 (throw 2 of 3)" in out
    assert row_count(recorded) == before


def test_shot_on_a_new_game_reads_stdin(capsys, monkeypatch) -> None:
    stdin = '{"do": "roll", "by": "Anna", "dice": [1, 2, 3, 4, 5, 6]}'
    args = ("shot", "-", "yahtzee", "--players", "Anna,Boris")
    status, out, _ = run_cli(capsys, monkeypatch, *args, stdin=stdin)
    assert status == 1
    assert out.strip() == "refused: dice: 6 dice given, this game takes 1 to 5"


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"{not json", "not valid JSON"),
        (b"[1, 2]", "a shot record is a JSON object"),
        (b"\xf8\x00\xff", "not a text file"),
    ],
)
def test_a_bad_shot_record_is_one_error(tmp_path, capsys, monkeypatch, content, problem) -> None:
    record = tmp_path / "record.json"
    record.write_bytes(content)
    args = ("shot", str(record), "yahtzee", "--players", "Anna")
    status, _, err = run_cli(capsys, monkeypatch, *args)
    assert_one_error(status, err)
    assert str(record) in err and problem in err


def test_shot_needs_a_journal_or_a_game(tmp_path, capsys, monkeypatch) -> None:
    record = tmp_path / "record.json"
    record.write_text("{}", encoding="utf-8")
    status, _, err = run_cli(capsys, monkeypatch, "shot", str(record))
    assert_one_error(status, err)


def test_a_binary_file_given_as_a_scenario_fails_alone(tmp_path, capsys, monkeypatch) -> None:
    binary = tmp_path / "photo.yaml"
    binary.write_bytes(b"\xf8\x00\xff\xfe")
    status, out, _ = run_cli(capsys, monkeypatch, "check", str(binary))
    assert status == 1
    assert "not a text file" in out and out.rstrip().endswith("0 passed, 1 failed")


def a1_record(folder: Path) -> Path:
    """A-1 of rules/skittles.md as a shot record file: the pink off the cushion fells the big
    skittle."""
    record = folder / "a1.json"
    contacts = [["red", "pink", 0.1], ["pink", "cushion", 0.4], ["pink", "big", 0.9]]
    shot = {"do": "shot", "cue": "red", "contacts": contacts, "down": [["big", "pink", 0.9]]}
    record.write_text(json.dumps(shot), encoding="utf-8")
    return record


def test_shot_judges_a_carom_shot_record(tmp_path, capsys, monkeypatch) -> None:
    """A-1 of rules/skittles.md as a disputed record: pink off the cushion fells the big
    skittle, 50 from 300; before the draw the prompt asks who acts instead of guessing."""
    journal = tmp_path / "skittles.sqlite"
    args = ("play", "seven_skittles", "--players", "Anna,Boris", "--journal", str(journal))
    status, out, err = run_cli(capsys, monkeypatch, *args, stdin="start\nAnna: start\n")
    assert status == 0 and "the table says who plays next" in out
    assert "name the player, e.g. 'Anna: start'" in err
    record = a1_record(tmp_path)
    status, out, _ = run_cli(capsys, monkeypatch, "shot", str(record), "--journal", str(journal))
    assert status == 0
    assert "Anna writes off 50: 250 to go" in out
    assert row_count(journal) == 1


def test_shot_on_a_new_skittles_game_is_the_first_players_break(
    tmp_path, capsys, monkeypatch
) -> None:
    """The same A-1 record on a new game: the first player named breaks (no draw asked for)."""
    record = a1_record(tmp_path)
    args = ("shot", str(record), "seven_skittles", "--players", "Boris,Anna")
    status, out, _ = run_cli(capsys, monkeypatch, *args)
    assert status == 0
    assert "Boris writes off 50: 250 to go" in out


def test_a_command_whose_extra_is_missing_names_the_extra(capsys, monkeypatch) -> None:
    def without_opencv(args):
        raise ModuleNotFoundError("No module named 'cv2'", name="cv2")

    monkeypatch.setattr("ui.commands.eval.run", without_opencv)
    status, _, err = run_cli(capsys, monkeypatch, "eval", "dice", "anywhere")
    assert status == 2
    assert err.strip() == (
        "error: cv2 is not installed: this command needs the [vision] extra "
        "(pip install -e '.[vision]', or bash scripts/setup-dev.sh)"
    )


def test_a_missing_module_of_our_own_is_still_a_bug(capsys, monkeypatch) -> None:
    def broken(args):
        raise ModuleNotFoundError("No module named 'scoring.nothing'", name="scoring.nothing")

    monkeypatch.setattr("ui.commands.eval.run", broken)
    with pytest.raises(ModuleNotFoundError):
        run_cli(capsys, monkeypatch, "eval", "dice", "anywhere")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("shot", "-", "seven_skittles", "--players", "\udcff,Boris"), "not a name in UTF-8"),
        (("run", "--game", "yahtzee", "--players", "Anna,\udcff", "--headless"), "not a name"),
        (
            ("play", "yahtzee", "--players", "Anna,Boris", "--option", "k=" + "[" * 70 + "]" * 70),
            "k:",
        ),
    ],
    ids=["shot-name", "run-name", "deep-option"],
)
def test_every_command_refuses_a_name_or_option_it_cannot_keep(
    argv, words, tmp_path, capsys, monkeypatch
) -> None:
    """Names that are not text and option values too deep to be options are one error line in
    every command that takes them, before a journal is made."""
    monkeypatch.chdir(tmp_path)
    status, _, err = run_cli(capsys, monkeypatch, *argv)
    assert status == 2
    assert len(err.splitlines()) == 1 and words in err
    assert not (tmp_path / "sessions").exists()


def test_play_says_whose_turn_it_is_once_after_a_turn_ends(tmp_path, capsys, monkeypatch) -> None:
    script = "Anna: roll 6 6 6 6 6\nscore sixes\n"
    status, out, err = run_cli(
        capsys,
        monkeypatch,
        *("play", "yahtzee", "--players", "Anna,Boris", "--journal", str(tmp_path / "j.sqlite")),
        stdin=script,
    )
    assert status == 0, err
    after = out[out.index("Anna writes 30 in Sixes") :]
    assert after.count("Boris to play") == 1  # the state line, not a verdict line before it too
    assert re.search(r"^Boris to play, throw 0/3$", after, re.M)


def test_shot_on_a_foul_says_the_mountain_and_the_turn_once(tmp_path, capsys, monkeypatch) -> None:
    record = tmp_path / "foul.json"
    record.write_text(
        '{"do": "shot", "cue": "red", "contacts": [["red", "big", 0.12]],'
        ' "down": [["big", "red", 0.2], ["small_front", "red", 0.3]]}',
        encoding="utf-8",
    )
    status, out, err = run_cli(
        capsys, monkeypatch, "shot", str(record), "seven_skittles", "--players", "Anna,Boris"
    )
    assert status == 0, err
    lines = out.splitlines()
    assert "Foul: skittles knocked directly" in lines  # its value is the skittles line's
    assert "Skittles (the big skittle, the front small skittle): 30 onto the mountain" in lines
    assert "+35 on the mountain for Anna: 335" in lines
    assert lines.count("Boris to play") == 1 and lines[-1] == "Boris to play"


def test_the_prompt_before_the_first_move_names_a_player_of_this_table(
    tmp_path, capsys, monkeypatch
) -> None:
    args = ("play", "seven_skittles", "--players", "Vera,Gleb", "--journal", str(tmp_path / "j"))
    status, out, _ = run_cli(capsys, monkeypatch, *args, stdin="quit\n")
    assert status == 0
    assert "name the player, 'Vera: ...'" in out and "Anna" not in out
