"""Golf (rules/cards.md §5): card values, the grid's lines, what a grid scores, the options.

A grid is R x C slots numbered row by row from 1 (3x3: 1-3 the top row).  A line (a row or a
column, as ``triple_lines`` allows) whose cards all share a rank scores 0: page 1's triple
(L381-L386), the six-card column pair (L392, L473-L474).  Page 2 removes such a line from the
grid as soon as it lies face up (L468); removed cards score 0 too.  Jokers are worth -2
(page 1, L386) or -5 (page 2, L462) and never make a line [ASM]: a line of jokers would cost
its owner points, which no page can mean.

Cards are those of :mod:`scoring.cards` plus the joker, written ``X`` (§1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.actions import ActionError, FieldType, ru_text
from scoring.cards import deck, parse_card
from scoring.engine import OptionsError
from scoring.options import check_known, check_table_size, option_choice, option_count, option_flag

JOKER = "X"
_JOKER_SPELLINGS = ("X", "JOKER", "JK", "ДЖОКЕР")

GRIDS = {"3x3": (3, 3), "2x3": (2, 3), "2x2": (2, 2)}
LINES = ("rowcol", "col", "none")
EFFECTS = ("score0", "remove")

OPTIONS = (
    "grid",
    "initial_faceup",
    "faceup_slots",
    "setup_move",
    "joker",
    "jokers",
    "decks",
    "triple_lines",
    "triple_effect",
    "new_card",
    "end_trigger",
    "rounds",
    "players_min",
    "players_max",
)


def golf_card(text: Any) -> str:
    """A card's canonical spelling (``10H``), or ``X`` for a joker; ``ValueError`` otherwise."""
    if isinstance(text, str) and text.strip().upper() in _JOKER_SPELLINGS:
        return JOKER
    return str(parse_card(text))


@dataclass(frozen=True)
class GolfCardField(FieldType):
    """One card of a golf deck: the 52 cards and the joker ``X``."""

    description = "a card such as 10H or QS, or X for a joker"
    description_ru = "карта, например 10H или QS, или X — джокер"

    def check(self, name: str, value: Any) -> str:
        try:
            return golf_card(value)
        except ValueError as error:
            raise ActionError(
                "bad_field",
                f"{name}: {error} (X is a joker)",
                name,
                ru=f"{name}: {ru_text(error)} (X — джокер)",
            ) from None


@dataclass(frozen=True)
class Rules:
    """A preset's options (§5 and Appendix B's golf flags); defaults are page 1's."""

    grid: str = "3x3"
    initial_faceup: int = 3  # page 1 L370; page 2: 2 (L455)
    faceup_slots: str = "any"  # page 1 six-card: "middle" (L392)
    setup_move: bool = True  # page 1 L372
    joker: int = -2  # page 1 L386; page 2: -5 (L462)
    jokers: int = 2  # per deck [ASM]: "plus jokers" (L366), the usual two
    decks: str | int = "auto"  # L390-L391: one deck for 2-3 players, two for 4 or more
    triple_lines: str = "rowcol"  # page 1 L386; page 2: col (L468)
    triple_effect: str = "score0"  # page 1 L386; page 2: remove (L468)
    new_card: str = "up"  # L375; four-card: down (L481)
    end_trigger: str = "all_up"  # L377; four-card: knock (L482)
    rounds: int = 9  # L378, L472
    players_min: int = 2
    players_max: int = 8  # [ASM] two decks, 9 cards each, leave a stock for 8

    @classmethod
    def read(cls, options: Mapping[str, Any]) -> Rules:
        check_known(options, OPTIONS, "golf")
        grid = option_choice(options, "grid", tuple(GRIDS), "3x3")
        rows, cols = GRIDS[grid]
        decks = option_choice(options, "decks", ("auto", 1, 2), "auto")
        rules = cls(
            grid=grid,
            initial_faceup=option_count(options, "initial_faceup", 3, 0) or 0,
            faceup_slots=option_choice(options, "faceup_slots", ("any", "middle"), "any"),
            setup_move=option_flag(options, "setup_move", True),
            joker=option_choice(options, "joker", (-2, -5), -2),
            jokers=option_count(options, "jokers", 2, 0) or 0,
            decks=decks,
            triple_lines=option_choice(options, "triple_lines", LINES, "rowcol"),
            triple_effect=option_choice(options, "triple_effect", EFFECTS, "score0"),
            new_card=option_choice(options, "new_card", ("up", "down"), "up"),
            end_trigger=option_choice(options, "end_trigger", ("all_up", "knock"), "all_up"),
            rounds=option_count(options, "rounds", 9) or 9,
            players_min=option_count(options, "players_min", 2) or 2,
            players_max=option_count(options, "players_max", 8) or 8,
        )
        check_table_size(rules.players_min, rules.players_max)
        if rules.initial_faceup > rows * cols:
            raise OptionsError(f"initial_faceup: {rules.initial_faceup} is more than the grid")
        if rules.faceup_slots == "middle" and rules.initial_faceup != len(middle_slots(grid)):
            raise OptionsError("faceup_slots: middle turns the middle card of each row up")
        return rules

    @property
    def size(self) -> int:
        rows, cols = GRIDS[self.grid]
        return rows * cols

    def deck_count(self, players: int) -> int:
        if self.decks == "auto":
            return 2 if players >= 4 else 1
        return int(self.decks)

    def copies(self, card: str, players: int) -> int:
        """How many of ``card`` the decks hold."""
        per_deck = self.jokers if card == JOKER else 1
        return per_deck * self.deck_count(players)

    def deck_size(self, players: int) -> int:
        return (52 + self.jokers) * self.deck_count(players)

    def value(self, card: str) -> int:
        """L381-L386, L458-L462: A 1, 2-10 face value, J and Q 10, K 0, the joker -2 or -5."""
        if card == JOKER:
            return self.joker
        rank = card[:-1]
        if rank == "A":
            return 1
        if rank in ("J", "Q"):
            return 10
        if rank == "K":
            return 0
        return int(rank)

    def lines(self) -> list[tuple[int, ...]]:
        """The lines that score 0 when their cards share a rank, as 0-based slot indexes."""
        rows, cols = GRIDS[self.grid]
        out: list[tuple[int, ...]] = []
        if self.triple_lines == "rowcol":
            out += [tuple(r * cols + c for c in range(cols)) for r in range(rows)]
        if self.triple_lines in ("rowcol", "col"):
            out += [tuple(r * cols + c for r in range(rows)) for c in range(cols)]
        return out


def middle_slots(grid: str) -> tuple[int, ...]:
    """The middle card of each row, 0-based (page 1 six-card: "the two middle cards")."""
    rows, cols = GRIDS[grid]
    return tuple(r * cols + cols // 2 for r in range(rows))


def rank_of(card: str) -> str:
    return card if card == JOKER else card[:-1]


def matched(cards: Sequence[str | None], line: Sequence[int]) -> bool:
    """A line is matched when all its cards are present, alike in rank and not jokers."""
    ranks = {rank_of(c) for c in (cards[i] for i in line) if c is not None}
    present = all(cards[i] is not None for i in line)
    return present and len(ranks) == 1 and JOKER not in ranks


def grid_points(rules: Rules, cards: Sequence[str | None]) -> int:
    """What a revealed grid scores; a removed slot is None.  Cards in a matched line are 0."""
    zero = {i for line in rules.lines() if matched(cards, line) for i in line}
    return sum(rules.value(c) for i, c in enumerate(cards) if c is not None and i not in zero)


def every_card(rules: Rules, players: int) -> list[str]:
    """The decks in play, one entry per physical card."""
    copies = rules.deck_count(players)
    cards = [str(card) for card in deck(52)] * copies
    return cards + [JOKER] * (rules.jokers * copies)
