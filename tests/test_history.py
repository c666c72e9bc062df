"""The history folds a revision from the state before its target (scoring/history.py): on random
histories with undos and corrections it must judge and fold exactly as the full re-fold from the
start did, which this file keeps as the reference; and a journal holding such a history resumes
to the same match, its broken rows still refused in one line."""

from __future__ import annotations

import json
import random
import sqlite3
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.actions import CORRECT, UNDO, Action
from scoring.engine import open_now
from scoring.match import MESSAGES, BrokenHistory, Entry, Match, Outcome, effective
from scoring.registry import create_engine
from scoring.verdicts import IllegalMove, Kind
from session.journal import Journal, JournalError
from session.night import measure, play_night, write_journal
from ui.cli import main
from ui.commands.bench import table

PLAYERS = ("Anna", "Boris")

# --------------------------------------------------------------------------------------------
# The reference: every revision re-folds the whole history, as the match did before.


def full_fold(match: Match, entries: list[Entry]) -> Any:
    """The state of the effective history, folded from the initial state."""
    state = match.engine.initial(match.players)
    for entry in effective(entries):
        try:
            state, _ = match.engine.apply(state, entry.action)
        except IllegalMove as illegal:
            raise BrokenHistory(entry, illegal) from None
    return state


def reference_check(match: Match, raw: dict[str, Any]) -> tuple[Outcome, Any]:
    """``Match.check`` as it was: a revision judged by folding the whole history again."""
    action = match.parse(raw)
    if action.verb not in (UNDO, CORRECT):
        return match.check(raw)
    in_force = {entry.seq for entry in effective(match.entries)}
    target = action.args.get("target")
    if target is None:
        if not in_force:
            verdict = MESSAGES.verdict(Kind.ILLEGAL, "nothing_to_undo")
            return Outcome.refused(verdict.code, verdict.en, [verdict]), match.state
        target = max(in_force)
        action = Action(UNDO, action.by, {"target": target})
    if target not in in_force:
        code = "nothing_to_undo" if not in_force and action.verb == UNDO else "bad_target"
        verdict = MESSAGES.verdict(Kind.ILLEGAL, code, target=target)
        return Outcome.refused(verdict.code, verdict.en, [verdict]), match.state
    replacement = action.args.get("action")
    if replacement is not None and replacement.verb in (UNDO, CORRECT):
        return Outcome.refused("bad_field", "", field="action"), match.state
    entry = Entry(match.next_seq, action)
    try:
        state = full_fold(match, [*match.entries, entry])
    except BrokenHistory as broken:
        verdict = MESSAGES.verdict(
            Kind.ILLEGAL,
            "history_breaks",
            step=broken.entry.seq,
            reason=broken.illegal.verdict.en,
            reason_ru=broken.illegal.verdict.ru,
        )
        return Outcome.refused(verdict.code, verdict.en, [verdict]), match.state
    code = "undone" if action.verb == UNDO else "corrected"
    verdicts = [MESSAGES.verdict(Kind.INFO, code, target=target)]
    before, after = match.view()["scores"], match.engine.view(state)["scores"]
    verdicts += [
        MESSAGES.verdict(Kind.INFO, "total_changed", player, after[player], was=before[player])
        for player in match.players
        if before[player] != after[player]
    ]
    return Outcome(True, tuple(verdicts), entry), state


def same_judgement(match: Match, raw: dict[str, Any]) -> Outcome:
    """Judge ``raw`` both ways, check they agree, and record it if accepted."""
    expected, expected_state = reference_check(match, raw)
    outcome, state = match.check(raw)
    assert (outcome.accepted, outcome.code) == (expected.accepted, expected.code), raw
    if outcome.code != "bad_field":
        assert outcome.verdicts == expected.verdicts, raw
    assert state == expected_state, raw
    if outcome.accepted:
        match.commit(outcome, state)
    return outcome


# --------------------------------------------------------------------------------------------
# Random histories.


def game_action(match: Match, rng: random.Random) -> dict[str, Any] | None:
    """A move ``legal`` lists, a throw's faces filled in (the count the engine accepts)."""
    listed = [action for action in open_now(match.engine, match.state) if action.verb != "void"]
    if not listed:
        return None
    action = rng.choice(listed)
    if action.verb != "roll" or "dice" in action.args:
        return action.to_dict()
    for count in range(6, 0, -1):
        raw = {**action.to_dict(), "dice": [rng.randint(1, 6) for _ in range(count)]}
        if match.check(raw)[0].accepted:
            return raw
    return None


def revision(match: Match, rng: random.Random) -> dict[str, Any]:
    """An undo or correction of any row, in force or not (undo of an undo, a correction that
    breaks a later action, a target past the end): each must be judged as before."""
    target = rng.randint(1, len(match.entries) + 1)
    kind = rng.choice(["undo", "bare_undo", "correct", "correct_same_verb", "correct_undo"])
    if kind == "bare_undo":
        return {"do": "undo"}
    if kind == "undo":
        return {"do": "undo", "target": target}
    if kind == "correct_undo":
        return {"do": "correct", "target": target, "action": {"do": "undo"}}
    original = match.entries[target - 1].action if target <= len(match.entries) else None
    if kind == "correct_same_verb" and original is not None and original.verb == "roll":
        dice = [rng.randint(1, 6) for _ in original.args["dice"]]
        return {"do": "correct", "target": target, "action": {**original.to_dict(), "dice": dice}}
    replacement = game_action(match, rng) or {"do": "roll", "by": PLAYERS[0], "dice": [1] * 5}
    return {"do": "correct", "target": target, "action": replacement}


def random_history(game: str, seed: int, steps: int, share: float) -> Match:
    """A match of ``steps`` submissions, ``share`` of them revisions, each judged both ways."""
    match = Match(create_engine(game), PLAYERS)
    rng = random.Random(seed)
    for _ in range(steps):
        raw = revision(match, rng) if match.entries and rng.random() < share else None
        raw = raw or game_action(match, rng)
        if raw is None:
            break
        same_judgement(match, raw)
        assert match.state == full_fold(match, match.entries)
    return match


@settings(max_examples=25)
@given(
    game=st.sampled_from(["yahtzee", "farkle", "pig"]),
    seed=st.integers(0, 10**6),
    steps=st.integers(1, 60),
    share=st.sampled_from([0.1, 0.3, 0.6]),
)
def test_random_histories_fold_as_the_full_refold(game, seed, steps, share):
    match = random_history(game, seed, steps, share)
    state = full_fold(match, match.entries)
    assert match.state == state
    assert match.engine.score_sheet(match.state) == match.engine.score_sheet(state)
    rebuilt = Match(match.engine, match.players, match.entries)
    assert rebuilt.state == state and rebuilt.view() == match.view()
    # And the rebuilt match judges what follows as the played one does.
    rng = random.Random(seed)
    for _ in range(5):
        raw = revision(match, rng)
        assert rebuilt.check(raw)[0] == match.check(raw)[0]


# --------------------------------------------------------------------------------------------
# Edge cases.


def roll(by: str, *dice: int) -> dict[str, Any]:
    return {"do": "roll", "by": by, "dice": list(dice)}


def yahtzee_turns() -> Match:
    match = Match(create_engine("yahtzee"), PLAYERS)
    for raw in (
        roll("Anna", 6, 6, 6, 2, 3),
        {"do": "score", "by": "Anna", "row": "sixes"},
        roll("Boris", 1, 1, 2, 3, 4),
        {"do": "score", "by": "Boris", "row": "ones"},
    ):
        assert same_judgement(match, raw).accepted
    return match


def test_an_undo_of_an_undo_is_refused_as_before():
    match = yahtzee_turns()
    assert same_judgement(match, {"do": "undo"}).accepted
    outcome = same_judgement(match, {"do": "undo", "target": 5})
    assert outcome.code == "bad_target"


def test_correcting_the_first_row_refolds_everything_after_it():
    match = yahtzee_turns()
    outcome = same_judgement(
        match, {"do": "correct", "target": 1, "action": roll("Anna", 6, 6, 6, 6, 3)}
    )
    assert outcome.accepted and match.view()["scores"]["Anna"] == 24
    assert match.state == full_fold(match, match.entries)
    breaking = {"do": "correct", "target": 1, "action": roll("Boris", 1, 2, 3, 4, 5)}
    assert same_judgement(match, breaking).code == "history_breaks"


def test_undoing_back_to_empty_leaves_the_initial_state_and_nothing_to_undo():
    match = yahtzee_turns()
    for _ in range(4):
        assert same_judgement(match, {"do": "undo"}).accepted
    assert match.state == match.engine.initial(PLAYERS)
    assert same_judgement(match, {"do": "undo"}).code == "nothing_to_undo"
    assert same_judgement(match, {"do": "undo", "target": 2}).code == "nothing_to_undo"
    assert same_judgement(match, roll("Anna", 1, 2, 3, 4, 5)).accepted
    assert len(match.entries) == 9 and match.state == full_fold(match, match.entries)


def test_a_revision_committed_after_other_checks_is_judged_again():
    match = yahtzee_turns()
    fixed = {"do": "correct", "target": 3, "action": roll("Boris", 1, 1, 1, 3, 4)}
    outcome, state = match.check(fixed)
    assert (
        outcome.accepted and not match.check({"do": "undo", "target": 1})[0].accepted
    )  # history_breaks
    match.check(roll("Anna", 1, 1, 1, 1, 1))
    match.commit(outcome, state)
    assert match.state == state == full_fold(match, match.entries)
    assert match.view()["scores"]["Boris"] == 3


# --------------------------------------------------------------------------------------------
# Journals.


def test_a_long_night_resumes_to_the_night_that_was_played(tmp_path):
    night = play_night(400, seed=3)
    assert night.undos and night.corrections
    path = write_journal(night, tmp_path / "night.sqlite")
    with Journal.open(path) as journal:
        assert journal.match.entries == night.match.entries
        assert journal.match.state == night.match.state
        assert journal.match.last_verdicts == night.match.last_verdicts
        assert journal.match.state == full_fold(journal.match, journal.match.entries)


def add_row(path, seq: int, action: dict[str, Any] | str) -> None:
    """A row written behind the journal's back (a hand edit: the triggers allow inserts)."""
    text = action if isinstance(action, str) else json.dumps(action)
    with sqlite3.connect(path) as db:
        db.execute(
            "INSERT INTO entries (seq, at, source, action) VALUES (?, 'now', 'hand', ?)",
            (seq, text),
        )


def stored_rows(path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT * FROM entries ORDER BY seq").fetchall()


def test_a_stored_revision_that_breaks_the_history_is_one_line_and_nothing_is_lost(
    tmp_path, capsys
):
    path = tmp_path / "broken.sqlite"
    with Journal.create(path, "yahtzee", PLAYERS) as journal:
        for raw in (roll("Anna", 6, 6, 6, 2, 3), {"do": "score", "by": "Anna", "row": "sixes"}):
            assert journal.submit(raw).accepted
    add_row(path, 3, {"do": "correct", "target": 1, "action": roll("Boris", 1, 2, 3, 4, 5)})
    stored = stored_rows(path)
    assert main(["journal", "show", str(path)]) == 2
    error = capsys.readouterr().err.strip()
    assert "\n" not in error and "action 3" in error and "action 1 illegal" in error
    with pytest.raises(JournalError, match=r"action 3 .* is refused: That would make action 1"):
        Journal.open(path)
    assert stored_rows(path) == stored and len(stored) == 3


def test_a_corrupt_row_after_revisions_is_one_line(tmp_path, capsys):
    night = play_night(60, seed=1)
    path = write_journal(night, tmp_path / "night.sqlite")
    add_row(path, 61, "{not json")
    assert main(["sheet", str(path)]) == 2
    error = capsys.readouterr().err.strip()
    assert "\n" not in error and "action 61 is not valid JSON" in error


def test_the_bench_times_resume_show_and_sheet_beside_one_fold(tmp_path):
    rows = measure(120, 1, tmp_path, "night")
    assert rows[0]["measure"] == "night: fold of the actions in force (baseline)"
    assert rows[0]["x_baseline"] == 1.0 and {row["rows"] for row in rows} == {120}
    assert any("resume" in row["measure"] for row in rows)
    printed = table([{"pipeline": "camera", "ms": 1.0}, *rows]).split("\n\n")
    assert len(printed) == 2 and printed[1].startswith("measure")
