"""What a table says on the broker: the topics and the JSON messages, read back with one-line
errors that name what is wrong.

Topics, all under ``tableref/tables/<table>/``:

``meta``    retained: the game, preset, players and options, enough to set the match up, and
            the session (the journal's name and creation time): the next game at the table is
            another session, and a message of another session is not this match's.
``actions`` one message per journal row (QoS 1): ``seq``, ``at``, ``source``, ``action``.  QoS 1
            is at-least-once, so a row may arrive twice; ``seq`` tells the copy apart, and a
            missing ``seq`` is a gap a subscriber notices.
``view``    retained: the engine's view after row ``seq``, the table's own word on its state.
``status``  retained: ``online``, or ``offline`` (the broker's will when a table vanishes).
``resend``  from a subscriber: ``{"from": seq, "session": ...}`` asks the table to publish its
            rows again from ``seq`` (a gap, or a board that joined late); a table playing
            another session under the same id ignores it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

ROOT = "tableref/tables"
KINDS = ("meta", "actions", "view", "status", "resend")
#: A table id: what an operator types, and safe in an MQTT topic (no ``/``, ``+`` or ``#``).
TABLE_ID = re.compile(r"[A-Za-z0-9_.-]{1,64}")


class WireError(ValueError):
    """A message or a table id that cannot be read; the text names what is wrong."""


def check_table(table: str) -> str:
    if not TABLE_ID.fullmatch(table):
        raise WireError(
            f"table id {table!r}: use 1-64 letters, digits, '_', '.' or '-' (it is an MQTT topic)"
        )
    return table


def topic(table: str, kind: str) -> str:
    return f"{ROOT}/{check_table(table)}/{kind}"


def subscriptions() -> list[str]:
    """What a club board listens to: every table's status, meta, actions and view.  Status
    first: the broker hands out retained messages subscription by subscription, and a board
    must know a table is offline before its retained view makes it ask for rows."""
    return [f"{ROOT}/+/{kind}" for kind in ("status", "meta", "actions", "view")]


def parse_topic(name: str) -> tuple[str, str]:
    """(table, kind) of a topic under :data:`ROOT`."""
    parts = name.split("/")
    if len(parts) != 4 or "/".join(parts[:2]) != ROOT or parts[3] not in KINDS:
        raise WireError(f"topic {name!r} is not {ROOT}/<table>/<{'|'.join(KINDS)}>")
    return check_table(parts[2]), parts[3]


def encode(data: Any) -> bytes:
    """JSON, UTF-8; a value JSON lacks (a Fraction in a view) is written as its text."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, default=str).encode()


def decode(payload: bytes | bytearray, what: str) -> dict[str, Any]:
    try:
        data = json.loads(payload.decode())
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise WireError(f"{what}: not JSON ({error})") from None
    if not isinstance(data, dict):
        raise WireError(f"{what}: expected a JSON object, got {type(data).__name__}")
    return data


@dataclass(frozen=True)
class Meta:
    """A table's game.  ``session`` names the journal (its file name and creation time), so
    the next game at the same table is a new match on the board, and rows or views left over
    from an earlier game under the same table id are told apart from this one's."""

    game: str
    preset: str | None
    players: tuple[str, ...]
    options: dict[str, Any]
    session: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "preset": self.preset,
            "players": list(self.players),
            "options": self.options,
            "session": self.session,
        }

    @classmethod
    def read(cls, data: dict[str, Any], what: str) -> Meta:
        game, players = data.get("game"), data.get("players")
        if not isinstance(game, str):
            raise WireError(f"{what}: 'game' must be a game id")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise WireError(f"{what}: 'players' must be a list of names")
        preset, options = data.get("preset"), data.get("options") or {}
        if preset is not None and not isinstance(preset, str):
            raise WireError(f"{what}: 'preset' must be a preset name")
        if not isinstance(options, dict):
            raise WireError(f"{what}: 'options' must be an object")
        return cls(game, preset, tuple(players), options, str(data.get("session", "")))


@dataclass(frozen=True)
class Row:
    """One journal row as published, with the session it belongs to."""

    seq: int
    at: str
    source: str
    action: dict[str, Any]
    session: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "at": self.at,
            "source": self.source,
            "action": self.action,
            "session": self.session,
        }

    @classmethod
    def read(cls, data: dict[str, Any], what: str) -> Row:
        seq, action = data.get("seq"), data.get("action")
        if isinstance(seq, bool) or not isinstance(seq, int) or seq < 1:
            raise WireError(f"{what}: 'seq' must be a whole number from 1")
        if not isinstance(action, dict):
            raise WireError(f"{what}: 'action' must be an object")
        at, source, session = (str(data.get(key, "")) for key in ("at", "source", "session"))
        return cls(seq, at, source, action, session)


def read_seq(data: dict[str, Any], key: str, what: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise WireError(f"{what}: {key!r} must be a whole number")
    return value
