"""The Reversi board: squares named as in chess from the top left (docs/rules/reversi.md O2),
the start positions, and which discs a placement turns (O6-O8).

A board is one string of ``size * size`` cells, row by row from the top: ``B`` a black disc,
``W`` a white one, ``.`` an empty square.  A string is immutable and cheap to copy, so states
stay frozen and the oracle can compare boards cell by cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scoring.actions import ActionError, FieldType

BLACK, WHITE, EMPTY = "B", "W", "."
#: The columns' letters (O2); the largest board is as wide as this (decision D6).
LETTERS = "abcdefghijklmnop"
SIZES = tuple(range(4, len(LETTERS) + 1, 2))
#: The eight lines a row of discs may run along (O6): rows, columns and diagonals.
DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
COLOUR_NAMES = {BLACK: ("black", "чёрные"), WHITE: ("white", "белые")}


def other(colour: str) -> str:
    return WHITE if colour == BLACK else BLACK


def square_name(size: int, index: int) -> str:
    """``d3`` for the square in column d, third row from the top."""
    row, col = divmod(index, size)
    return f"{LETTERS[col]}{row + 1}"


def square_index(size: int, name: str) -> int | None:
    """The square ``name`` names on a ``size`` board (letters either case), None if none."""
    text = name.strip().lower()
    if len(text) < 2 or text[0] not in LETTERS[:size] or not text[1:].isdigit():
        return None
    row = int(text[1:]) - 1
    if not 0 <= row < size or text[1] == "0":
        return None
    return row * size + LETTERS.index(text[0])


def centre(size: int) -> tuple[int, ...]:
    """The four centre squares: top left, top right, bottom left, bottom right."""
    half = size // 2
    top, left = (half - 1) * size, half - 1
    return (top + left, top + left + 1, top + size + left, top + size + left + 1)


def start(size: int, pattern: str) -> str:
    """The start position: ``cross`` the chequered centre of O4 (8 × 8: black d5 and e4, white
    d4 and e5), ``parallel`` one colour side by side (V1, decision D6: black on the left
    column), ``open`` an empty board (V5)."""
    cells = [EMPTY] * (size * size)
    top_left, top_right, bottom_left, bottom_right = centre(size)
    if pattern == "cross":
        cells[top_left] = cells[bottom_right] = WHITE
        cells[top_right] = cells[bottom_left] = BLACK
    elif pattern == "parallel":
        cells[top_left] = cells[bottom_left] = BLACK
        cells[top_right] = cells[bottom_right] = WHITE
    return "".join(cells)


def flips(board: str, size: int, index: int, colour: str) -> tuple[int, ...]:
    """The opponent's discs a disc of ``colour`` on the empty square ``index`` turns: every
    unbroken row of them closed by a disc of ``colour`` (O6-O8), in square order."""
    row, col = divmod(index, size)
    foe = other(colour)
    turned: list[int] = []
    for dr, dc in DIRECTIONS:
        run: list[int] = []
        r, c = row + dr, col + dc
        while 0 <= r < size and 0 <= c < size and board[r * size + c] == foe:
            run.append(r * size + c)
            r, c = r + dr, c + dc
        if run and 0 <= r < size and 0 <= c < size and board[r * size + c] == colour:
            turned += run
    return tuple(sorted(turned))


def placements(board: str, size: int, colour: str) -> list[int]:
    """Every empty square where a disc of ``colour`` turns at least one disc (O6, O9)."""
    return [
        index
        for index, cell in enumerate(board)
        if cell == EMPTY and flips(board, size, index, colour)
    ]


def placed(board: str, index: int, colour: str, turned: Sequence[int]) -> str:
    """The board after a disc of ``colour`` is put on ``index`` and ``turned`` are turned."""
    cells = list(board)
    cells[index] = colour
    for square in turned:
        cells[square] = colour
    return "".join(cells)


def rows(board: str, size: int) -> list[str]:
    """The board as the view shows it: one string a row, the top row first."""
    return [board[r * size : (r + 1) * size] for r in range(size)]


def bad_square(name: str, value: Any, size: int) -> ActionError:
    return ActionError(
        "bad_field",
        f"{name}: {value!r} is not a square of the {size} x {size} board (a1 to "
        f"{LETTERS[size - 1]}{size})",
        name,
        ru=f"{name}: {value!r} не клетка доски {size} x {size} (от a1 до "
        f"{LETTERS[size - 1]}{size})",
    )


@dataclass(frozen=True)
class SquareField(FieldType):
    """One square of the board, written as in chess (``d3``)."""

    size: int = 8

    @property
    def description(self) -> str:  # type: ignore[override]  # property over a class attribute
        return f"a square a1 to {LETTERS[self.size - 1]}{self.size}"

    @property
    def description_ru(self) -> str:  # type: ignore[override]  # property over a class attribute
        return f"клетка от a1 до {LETTERS[self.size - 1]}{self.size}"

    def check(self, name: str, value: Any) -> str:
        if not isinstance(value, str) or square_index(self.size, value) is None:
            raise bad_square(name, value, self.size)
        return value.strip().lower()


@dataclass(frozen=True)
class SquaresField(FieldType):
    """Squares of the board, each once (the discs the table shows turned; may be none)."""

    size: int = 8

    @property
    def description(self) -> str:  # type: ignore[override]  # property over a class attribute
        return f"squares a1 to {LETTERS[self.size - 1]}{self.size}, each once"

    @property
    def description_ru(self) -> str:  # type: ignore[override]  # property over a class attribute
        return f"клетки от a1 до {LETTERS[self.size - 1]}{self.size}, каждая один раз"

    def check(self, name: str, value: Any) -> tuple[str, ...]:
        if not isinstance(value, list | tuple):
            raise ActionError(
                "bad_field",
                f"{name}: expected a list of squares, got {value!r}",
                name,
                ru=f"{name}: нужен список клеток, а не {value!r}",
            )
        squares = [SquareField(self.size).check(name, item) for item in value]
        if len(set(squares)) != len(squares):
            raise ActionError(
                "bad_field",
                f"{name}: a square is given twice in {value!r}",
                name,
                ru=f"{name}: клетка названа дважды в {value!r}",
            )
        return tuple(sorted(squares, key=lambda s: square_index(self.size, s) or 0))

    def from_words(self, name: str, words: Sequence[str]) -> tuple[str, ...]:
        return self.check(name, [p for word in words for p in word.replace(",", " ").split()])
