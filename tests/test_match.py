"""The match history (scoring/match.py): undo and correction as entries, never as erasures.

The referee's record of a game night must survive mistakes at the table: "undo that", "no, it
was a five".  These tests pin down which actions are in force after any mix of undos and
corrections, which revisions are refused (and that a refusal changes nothing at all), and that
a stored history that no longer folds is reported by the number of the action that breaks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from scoring.actions import Action
from scoring.match import BrokenHistory, Entry, Match, effective
from scoring.registry import create_engine

PLAYERS = ["Anna", "Boris"]


def roll(by: str, *dice: int) -> dict[str, Any]:
    return {"do": "roll", "by": by, "dice": list(dice)}


def score(by: str, row: str) -> dict[str, Any]:
    return {"do": "score", "by": by, "row": row}


def undo(target: int | None = None) -> dict[str, Any]:
    return {"do": "undo"} if target is None else {"do": "undo", "target": target}


def correct(target: int, action: Mapping[str, Any]) -> dict[str, Any]:
    return {"do": "correct", "target": target, "action": dict(action)}


def a(verb: str, by: str | None = None, **args: Any) -> Action:
    """An already parsed action, for building entries by hand."""
    return Action(verb, by, {k: tuple(v) if isinstance(v, list) else v for k, v in args.items()})


def entries(*actions: Action) -> list[Entry]:
    return [Entry(seq, action) for seq, action in enumerate(actions, start=1)]


def seqs_and_verbs(in_force: list[Entry]) -> list[tuple[int, str]]:
    return [(entry.seq, entry.action.verb) for entry in in_force]


def new_match(*raws: Mapping[str, Any]) -> Match:
    match = Match(create_engine("yahtzee"), PLAYERS)
    for raw in raws:
        outcome = match.submit(raw)
        assert outcome.accepted, (raw, outcome.error)
    return match


def sheet(match: Match, player: str = "Anna") -> dict[str, int]:
    return {row: pts for row, pts in match.view()["sheets"][player].items() if pts is not None}


# Anna throws 1 1 1 2 3 and writes Ones (3); Boris throws and writes Chance.
OPENING = [
    roll("Anna", 1, 1, 1, 2, 3),
    score("Anna", "ones"),
    roll("Boris", 6, 6, 5, 4, 1),
    score("Boris", "chance"),
]


# ------------------------------------------------------------------------------------------
# effective(): the actions in force.


def test_effective_without_revisions_is_the_history() -> None:
    history = entries(a("roll", "A", dice=[1] * 5), a("score", "A", row="ones"))
    assert effective(history) == history


def test_effective_drops_undone_entries_and_the_undos() -> None:
    history = entries(
        a("roll", "A", dice=[1] * 5),
        a("keep", "A", dice=[1]),
        a("undo", target=2),
        a("score", "A", row="ones"),
    )
    assert seqs_and_verbs(effective(history)) == [(1, "roll"), (4, "score")]


def test_effective_replaces_corrected_entries_in_place() -> None:
    fixed = a("roll", "A", dice=[2] * 5)
    history = entries(
        a("roll", "A", dice=[1] * 5),
        a("score", "A", row="twos"),
        a("correct", target=1, action=fixed),
    )
    assert effective(history) == [Entry(1, fixed), history[1]]


def test_effective_uses_the_latest_correction_of_a_target() -> None:
    first, second = a("roll", "A", dice=[2] * 5), a("roll", "A", dice=[3] * 5)
    history = entries(
        a("roll", "A", dice=[1] * 5),
        a("correct", target=1, action=first),
        a("correct", target=1, action=second),
    )
    assert effective(history) == [Entry(1, second)]


def test_effective_undo_of_a_corrected_entry_removes_it() -> None:
    history = entries(
        a("roll", "A", dice=[1] * 5),
        a("correct", target=1, action=a("roll", "A", dice=[2] * 5)),
        a("undo", target=1),
    )
    assert effective(history) == []


def test_effective_accepts_any_iterable_and_orders_by_seq() -> None:
    history = entries(a("roll", "A", dice=[1] * 5), a("score", "A", row="ones"))
    assert effective(iter(reversed(history))) == history


# ------------------------------------------------------------------------------------------
# Undo and correction through the match.


def test_undo_without_target_takes_back_the_last_action_in_force() -> None:
    match = new_match(*OPENING, undo())
    last = match.entries[-1]
    assert last == Entry(5, Action("undo", None, {"target": 4}))
    assert match.view()["turn"] == "Boris"
    assert sheet(match, "Boris") == {}


def test_undo_without_target_skips_what_is_already_undone() -> None:
    match = new_match(*OPENING, undo(4), undo())
    assert match.entries[-1].action.args["target"] == 3
    assert match.view()["throw"] == 0 and match.view()["turn"] == "Boris"


def test_undo_without_target_resolves_to_a_corrected_entry_by_its_own_number() -> None:
    match = new_match(*OPENING, correct(4, score("Boris", "sixes")), undo())
    assert match.entries[-1].action.args["target"] == 4


def test_undo_of_an_undone_action_is_refused() -> None:
    match = new_match(*OPENING, undo(4))
    outcome = match.submit(undo(4))
    assert (outcome.accepted, outcome.code) == (False, "bad_target")
    assert "4" in outcome.error


@pytest.mark.parametrize("target", [5, 99])
def test_revisions_and_unknown_numbers_are_not_targets(target: int) -> None:
    """Action 5 is an undo: revisions themselves are never in force, so never targets."""
    match = new_match(*OPENING, undo(4))
    assert match.submit(undo(target)).code == "bad_target"
    assert match.submit(correct(target, roll("Boris", 1, 2, 3, 4, 5))).code == "bad_target"


def test_nothing_to_undo_in_a_fresh_match() -> None:
    match = new_match()
    assert match.submit(undo()).code == "nothing_to_undo"
    assert match.submit(undo(1)).code == "nothing_to_undo"


def test_correct_in_a_fresh_match_does_not_speak_of_undo() -> None:
    outcome = new_match().submit(correct(1, roll("Anna", 1, 2, 3, 4, 5)))
    assert outcome.code == "bad_target"
    assert "undo" not in outcome.error


def test_correction_rescores_and_keeps_the_history() -> None:
    match = new_match(*OPENING)
    outcome = match.submit(correct(1, roll("Anna", 1, 1, 1, 1, 3)))
    assert outcome.accepted
    assert outcome.verdicts[0].code == "corrected"
    assert sheet(match) == {"ones": 4}
    assert len(match.entries) == 5 and match.entries[0].action.args["dice"] == (1, 1, 1, 2, 3)


def test_correct_of_a_corrected_target_uses_the_latest() -> None:
    match = new_match(
        *OPENING,
        correct(1, roll("Anna", 1, 1, 1, 1, 3)),
        correct(1, roll("Anna", 1, 1, 2, 2, 3)),
    )
    assert sheet(match) == {"ones": 2}
    assert match.submit(correct(1, roll("Anna", 1, 1, 1, 1, 1))).accepted
    assert sheet(match) == {"ones": 5}


def test_correcting_the_row_changes_the_row() -> None:
    match = new_match(*OPENING, correct(2, score("Anna", "chance")))
    assert sheet(match) == {"chance": 8}


@pytest.mark.parametrize("nested", [undo(), undo(1), correct(1, roll("Anna", 1, 2, 3, 4, 5))])
def test_a_correction_may_not_replace_an_action_by_a_revision(nested: dict[str, Any]) -> None:
    match = new_match(*OPENING)
    outcome = match.submit(correct(2, nested))
    assert (outcome.accepted, outcome.code, outcome.field) == (False, "bad_field", "action")
    assert outcome.error.startswith("action:")


def test_a_revision_that_breaks_a_later_action_is_refused_naming_it() -> None:
    match = new_match(*OPENING)
    outcome = match.submit(undo(1))  # Anna's Ones would then come before any throw
    assert (outcome.accepted, outcome.code) == (False, "history_breaks")
    assert outcome.verdicts[0].data["step"] == 2
    assert "action 2" in outcome.error
    outcome = match.submit(correct(3, roll("Anna", 1, 2, 3, 4, 5)))  # not Anna's turn
    assert (outcome.code, outcome.verdicts[0].data["step"]) == ("history_breaks", 3)


def test_check_judges_a_revision_without_recording_it() -> None:
    match = new_match(*OPENING)
    outcome, state = match.check(undo())
    assert outcome.accepted and outcome.entry == Entry(5, Action("undo", None, {"target": 4}))
    assert len(match.entries) == 4
    assert match.engine.view(state)["turn"] == "Boris" and match.view()["turn"] == "Anna"


REFUSED: list[tuple[str, dict[str, Any], str]] = [
    ("malformed", {"do": "roll", "by": "Anna", "dice": [7]}, "bad_field"),
    ("illegal move", score("Anna", "twos"), "not_your_turn"),
    ("undo of an undone action", undo(4), "bad_target"),
    ("unknown target", correct(42, roll("Anna", 1, 2, 3, 4, 5)), "bad_target"),
    ("revision as replacement", correct(2, undo(1)), "bad_field"),
    ("history breaks", undo(1), "history_breaks"),
    ("history breaks by correction", correct(3, score("Anna", "ones")), "history_breaks"),
]


@pytest.mark.parametrize(
    ("raw", "code"), [case[1:] for case in REFUSED], ids=[case[0] for case in REFUSED]
)
def test_a_refused_action_changes_nothing(raw: dict[str, Any], code: str) -> None:
    match = new_match(*OPENING, undo(4))
    entries_before, state_before = list(match.entries), match.state
    view_before, verdicts_before = match.view(), list(match.last_verdicts)
    outcome = match.submit(raw)
    assert (outcome.accepted, outcome.code, outcome.entry) == (False, code, None)
    assert match.entries == entries_before
    assert match.state is state_before
    assert match.view() == view_before
    assert match.last_verdicts == verdicts_before
    assert match.next_seq == len(entries_before) + 1


ACTIONS_REFUSED: list[tuple[str, Action, str, str | None]] = [
    ("missing field", a("roll", "Anna"), "missing_field", "dice"),
    ("bad field", a("roll", "Anna", dice=[1, 2, 3, 4, 9]), "bad_field", "dice"),
    ("unknown field", a("score", "Anna", row="ones", points=[3]), "unknown_field", "points"),
    ("unknown verb", a("attack", "Anna", cards=["8C"]), "unknown_verb", "do"),
    ("no player", a("roll", None, dice=[1, 2, 3, 4, 5]), "missing_field", "by"),
    ("bad nested", a("correct", None, target=1, action=a("roll", "Anna")), "missing_field", "dice"),
]


@pytest.mark.parametrize(
    ("action", "code", "field"),
    [case[1:] for case in ACTIONS_REFUSED],
    ids=[case[0] for case in ACTIONS_REFUSED],
)
def test_an_action_object_is_validated_as_strictly_as_a_dict(
    action: Action, code: str, field: str | None
) -> None:
    """An Action made by hand once reached the engine unchecked (a roll without dice raised
    KeyError there); it is refused as its dict form is, and nothing changes."""
    match = new_match(*OPENING[:2])
    state_before = match.state
    as_dict = match.check(action.to_dict())[0]
    outcome = match.submit(action)
    assert (outcome.accepted, outcome.code, outcome.field) == (False, code, field)
    assert (outcome.code, outcome.field, outcome.error) == (
        as_dict.code,
        as_dict.field,
        as_dict.error,
    )
    assert match.state is state_before and len(match.entries) == 2


def test_a_valid_action_object_is_taken_normalised() -> None:
    match = new_match()
    outcome = match.submit(Action("roll", "Anna", {"dice": [1, 1, 1, 2, 3]}))
    assert outcome.accepted and outcome.entry is not None
    assert outcome.entry.action == a("roll", "Anna", dice=[1, 1, 1, 2, 3])


def test_seqs_number_every_accepted_entry_including_revisions() -> None:
    match = new_match(*OPENING, undo(), correct(1, roll("Anna", 2, 1, 1, 1, 3)))
    assert [entry.seq for entry in match.entries] == [1, 2, 3, 4, 5, 6]
    assert match.next_seq == 7


def test_a_match_rebuilt_from_its_entries_has_the_same_state() -> None:
    match = new_match(*OPENING, undo(), correct(1, roll("Anna", 1, 1, 1, 1, 3)))
    rebuilt = Match(create_engine("yahtzee"), PLAYERS, match.entries)
    assert rebuilt.view() == match.view()


# ------------------------------------------------------------------------------------------
# BrokenHistory: a stored history that does not fold names its first bad action.


def test_broken_history_names_the_seq_that_fails() -> None:
    throw = a("roll", "Anna", dice=[1, 2, 3, 4, 5])
    history = entries(throw, throw, throw, throw, a("score", "Anna", row="ones"))
    with pytest.raises(BrokenHistory) as caught:
        Match(create_engine("yahtzee"), PLAYERS, history)
    broken = caught.value
    assert broken.entry.seq == 4
    assert broken.illegal.code == "no_throws_left"
    assert str(broken).startswith("action 4 (")


def test_broken_history_names_the_seq_of_a_corrected_entry() -> None:
    """A correction stands in the place of its target, so the failure is reported there."""
    history = entries(
        a("roll", "Anna", dice=[1, 2, 3, 4, 5]),
        a("score", "Anna", row="ones"),
        a("correct", target=1, action=a("score", "Anna", row="twos")),
    )
    with pytest.raises(BrokenHistory) as caught:
        Match(create_engine("yahtzee"), PLAYERS, history)
    assert caught.value.entry.seq == 1
    assert caught.value.illegal.code == "must_roll_first"
