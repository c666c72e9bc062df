"""Scenarios: the YAML test format shared by developers, acceptance checks and exported sessions.

A scenario names a ``game``, ``preset``, ``players``, optional ``options`` and ``steps``.  A step
is an action (``{do: roll, by: Anna, dice: [1, 3, 4, 5, 6]}``, optionally with a ``meta`` block of
journal details that the game ignores) or an ``expect:`` block checked against the action just
before it.  The expectation keys are exactly those of :data:`EXPECT_KEYS`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from scoring.engine import OptionsError
from scoring.match import Match, Outcome
from scoring.registry import UnknownGame, create_engine
from scoring.yaml_data import load_yaml

EXPECT_KEYS = ("scores", "turn", "legal", "illegal", "verdicts", "over", "winner", "state")
SCENARIO_KEYS = ("game", "preset", "players", "options", "steps", "source", "description")
SUFFIXES = (".yaml", ".yml")


class ScenarioError(ValueError):
    """A file that is not a well-formed scenario; the message names the file and what is wrong."""


@dataclass(frozen=True)
class Scenario:
    game: str
    players: tuple[str, ...]
    steps: tuple[Mapping[str, Any], ...]
    preset: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    source: str | None = None
    path: Path | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.game}
        if self.preset:
            out["preset"] = self.preset
        out["players"] = list(self.players)
        if self.options:
            out["options"] = dict(self.options)
        if self.source:
            out["source"] = self.source
        out["steps"] = [dict(step) for step in self.steps]
        return out

    def to_yaml(self) -> str:
        return yaml.safe_dump(self.to_dict(), allow_unicode=True, sort_keys=False, width=100)

    def match(self) -> Match:
        """A fresh match for this scenario's game, preset, options and players."""
        engine = create_engine(self.game, self.preset, self.options)
        return Match(engine, self.players)

    @staticmethod
    def split_step(step: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any] | None]:
        """An action step's action and its journal ``meta`` block (or None)."""
        action = dict(step)
        meta = action.pop("meta", None)
        return action, meta


def load(path: Path | str) -> Scenario:
    path = Path(path)
    try:
        raw = load_yaml(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        raise ScenarioError(f"{path}: not valid YAML: {' '.join(str(error).split())}") from None
    except OSError as error:
        raise ScenarioError(f"{path}: cannot read: {error.strerror}") from None
    except UnicodeDecodeError:
        raise ScenarioError(f"{path}: not a text file (a scenario is YAML)") from None
    return from_dict(raw, path)


def from_dict(raw: Any, path: Path | None = None) -> Scenario:
    where = str(path) if path else "scenario"
    if not isinstance(raw, Mapping):
        raise ScenarioError(f"{where}: a scenario is a mapping with game, players and steps")
    unknown = sorted(set(raw) - set(SCENARIO_KEYS))
    if unknown:
        raise ScenarioError(
            f"{where}: unknown key {unknown[0]!r} (keys: {', '.join(SCENARIO_KEYS)})"
        )
    for key in ("game", "players", "steps"):
        if key not in raw:
            raise ScenarioError(f"{where}: {key} is missing")
    for key in ("game", "preset"):
        if raw.get(key) is not None and not isinstance(raw[key], str):
            raise ScenarioError(f"{where}: {key} must be a name, got {raw[key]!r}")
    if not isinstance(raw.get("options") or {}, Mapping):
        raise ScenarioError(f"{where}: options must be a mapping of option: value")
    players = raw["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ScenarioError(f"{where}: players must be a list of names")
    steps = raw["steps"] or []
    if not isinstance(steps, list) or not all(isinstance(s, Mapping) for s in steps):
        raise ScenarioError(f"{where}: steps must be a list of actions and expect blocks")
    return Scenario(
        game=raw["game"],
        players=tuple(players),
        steps=tuple(steps),
        preset=raw.get("preset"),
        options=raw.get("options") or {},
        source=raw.get("source") or raw.get("description"),
        path=path,
    )


# --------------------------------------------------------------------------------------------
# Running.


@dataclass(frozen=True)
class Failure:
    """The first unmet expectation of a scenario, or why it could not run."""

    path: str
    step: int | None
    what: str
    expected: Any = None
    actual: Any = None

    def __str__(self) -> str:
        where = self.path if self.step is None else f"{self.path} step {self.step}"
        if self.expected is None and self.actual is None:
            return f"FAIL {where}: {self.what}"
        return f"FAIL {where}: {self.what}: expected {self.expected!r}, got {self.actual!r}"


def _subset(expected: Any, actual: Any) -> bool:
    """Dicts match on the keys given; lists element by element; anything else by equality."""
    if isinstance(expected, Mapping):
        return isinstance(actual, Mapping) and all(
            key in actual and _subset(value, actual[key]) for key, value in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list | tuple)
            and len(expected) == len(actual)
            and all(_subset(e, a) for e, a in zip(expected, actual, strict=True))
        )
    return expected == actual


def _check(
    expect: Mapping[str, Any], outcome: Outcome | None, view: Mapping[str, Any]
) -> tuple[str, Any, Any] | None:
    """The first expectation that does not hold, as (key, expected, actual), or None."""
    for key, expected in expect.items():
        if key in ("legal", "illegal", "verdicts"):
            if outcome is None:
                return key, expected, "no action before this expect"
            failed = _check_outcome(key, expected, outcome)
            if failed is not None:
                return failed
        elif key == "scores":
            if not _subset(expected, view["scores"]):
                return key, expected, {p: view["scores"].get(p) for p in expected}
        elif key == "winner":
            actual = view["winner"]
            if isinstance(expected, list) and isinstance(actual, list):
                if sorted(expected) != sorted(actual):
                    return key, expected, actual
            elif expected != actual:
                return key, expected, actual
        elif key == "state":
            if not _subset(expected, view):
                return key, expected, {k: view.get(k) for k in expected}
        elif view[key] != expected:
            return key, expected, view[key]
    return None


def _check_outcome(key: str, expected: Any, outcome: Outcome) -> tuple[str, Any, Any] | None:
    """An expectation about the last action (``legal``, ``illegal``, ``verdicts``)."""
    if key == "legal":
        if outcome.accepted != bool(expected):
            return (
                key,
                expected,
                outcome.accepted
                if outcome.accepted
                else f"refused: {outcome.code}: {outcome.error}",
            )
    elif key == "illegal":
        if outcome.accepted:
            return key, expected, "accepted"
        if expected is not True and outcome.code != expected:
            return key, expected, f"{outcome.code}: {outcome.error}"
    else:
        codes = [v.code for v in outcome.verdicts]
        wanted = expected if isinstance(expected, list) else [expected]
        if not set(wanted) <= set(codes):
            return key, wanted, codes
    return None


def _expects_refusal(expect: Any) -> bool:
    """Whether an expect block awaits a refused action (so the refusal is not a failure)."""
    return isinstance(expect, Mapping) and ("illegal" in expect or expect.get("legal") is False)


def run(scenario: Scenario) -> Failure | None:
    """Play a scenario; the first unmet expectation (or refused action nobody expected) fails it."""
    where = str(scenario.path or f"{scenario.game} scenario")
    try:
        match = scenario.match()
    except (UnknownGame, OptionsError) as error:
        return Failure(where, None, str(error))
    outcome: Outcome | None = None
    steps = scenario.steps
    for number, step in enumerate(steps, start=1):
        if "expect" in step:
            expect = step["expect"] or {}
            if not isinstance(expect, Mapping):
                return Failure(where, number, f"expect must be a mapping of checks, got {expect!r}")
            unknown = sorted(set(expect) - set(EXPECT_KEYS))
            if unknown or len(step) != 1:
                bad = unknown[0] if unknown else next(k for k in step if k != "expect")
                return Failure(
                    where, number, f"unknown expectation {bad!r} (keys: {', '.join(EXPECT_KEYS)})"
                )
            unmet = _check(expect, outcome, match.view())
            if unmet:
                return Failure(where, number, f"expect {unmet[0]}", unmet[1], unmet[2])
            continue
        action, _meta = Scenario.split_step(step)
        outcome = match.submit(action)
        following = steps[number] if number < len(steps) else {}
        if not outcome.accepted and not _expects_refusal(following.get("expect")):
            return Failure(where, number, f"action refused: {outcome.code}: {outcome.error}")
    return None


def discover(paths: Iterable[Path | str]) -> list[Path]:
    """Scenario files named directly, and every .yaml/.yml file under folders named."""
    found: list[Path] = []
    for item in map(Path, paths):
        if item.is_dir():
            found += sorted(p for p in item.rglob("*") if p.suffix in SUFFIXES and p.is_file())
        else:
            found.append(item)
    return found


def check(paths: Sequence[Path | str]) -> tuple[int, list[Failure]]:
    """Run every scenario under ``paths``: the number that passed and the failures."""
    passed, failures = 0, []
    for path in discover(paths):
        try:
            failure = run(load(path))
        except ScenarioError as error:
            failure = Failure(str(path), None, str(error).removeprefix(f"{path}: "))
        if failure is None:
            passed += 1
        else:
            failures.append(failure)
    return passed, failures
