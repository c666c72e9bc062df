"""Golf ("Гольф", "Девять лунок", rules/cards.md §5), both pages as presets, nine holes.

Each hole: the dealer deals every player a grid face down and turns the stock's top card up to
start the discard pile (L369); everyone turns ``initial_faceup`` cards up (L370, L455), and
on page 1 may move one so that two equal face-up cards share a line (L372).  From the
dealer's left (L457), a turn is: take the top discard or the top of the stock (L373); a card
from the discard pile must replace a grid card, one from the stock may replace one or go
straight to the discard pile (L373-L374, §9 #40); the replaced card goes to the discard pile
and the new one lies face up (L375; four-card golf: face down, L481).  When a player has every
card face up (or knocks, four-card golf L482) every other player has one more turn (L377);
a used-up stock ends the hole too (L388) [ASM: at the end of the turn that took its last
card].  Then the face-down cards are turned up and the grids are scored (:mod:`.rules`).
After ``rounds`` holes the lowest total wins (L378, L472); a tie shares the win.

Public information is the whole game here: the referee sees what lies face up, the card in
motion (§8.2) and the cards turned up at the end; a face-down card is named when it becomes
visible (replaced onto the discard pile, or revealed).

Verbs (slots are numbered row by row from 1: 1-3 is the top row of a 3x3 grid):

``deal``     ``{"do": "deal", "by": DEALER, "card": "7C"}``: the grids are dealt, 7C is turned
             up.  The first hole's dealer is whoever deals; then the deal passes left.
``flip``     ``{"do": "flip", "by": P, "slot": 5, "card": "QH"}``: a card turned up at the start.
``move``     ``{"do": "move", "by": P, "from": 3, "to": 4}``: page 1's one move in the setup
             (the two cards change places).
``draw``     ``{"do": "draw", "by": P, "from": "stock", "card": "5H"}`` (``discard``: the top
             discard, the card may be left out).
``replace``  ``{"do": "replace", "by": P, "slot": 2, "card": "9S"}``: the drawn card goes to
             slot 2; ``card`` names the face-down card it replaces (left out when known).
``discard``  ``{"do": "discard", "by": P}``: the card drawn from the stock goes to the pile.
``knock``    ``{"do": "knock", "by": P}``: four-card golf: satisfied, instead of drawing.
``reveal``   ``{"do": "reveal", "by": P, "slot": 4, "card": "2D"}``: at the end of the hole.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from scoring.actions import Action, ChoiceField, IntField, Verb
from scoring.card_games.common import put
from scoring.card_games.golf.messages import MESSAGES
from scoring.card_games.golf.rules import (
    GolfCardField,
    Rules,
    grid_points,
    matched,
    middle_slots,
    rank_of,
)
from scoring.engine import (
    BaseEngine,
    OptionsError,
    best_of,
    check_players,
    check_seat,
    result_verdicts,
    seat_of,
    seated,
    sheet_row,
)
from scoring.verdicts import COMMON, Kind, Verdict

PILES = ("stock", "discard")
PILE_RU = {"stock": "из колоды", "discard": "из сброса"}


class Phase(StrEnum):
    """Where a hole stands, in order (the view shows its value): the deal, the players turning
    up their first cards, the turns of play, the last face-down cards turned up, the game over."""

    DEAL = "deal"
    SETUP = "setup"
    PLAY = "play"
    REVEAL = "reveal"
    OVER = "over"


@dataclass(frozen=True)
class Slot:
    """One place of a grid: the card if the referee has seen it, face up, or removed."""

    card: str | None = None
    up: bool = False
    removed: bool = False


Grid = tuple[Slot, ...]


@dataclass(frozen=True)
class State:
    """Between two actions.  Per-player tuples follow ``players``."""

    players: tuple[str, ...]
    grids: tuple[Grid, ...]
    flipped: tuple[int, ...]  # cards turned up in this hole's setup
    moved: tuple[bool, ...]  # page 1's setup move used
    hole: int = 1
    phase: Phase = Phase.DEAL
    dealer: int | None = None
    turn: int | None = None
    stock: int = 0
    discard: tuple[str, ...] = ()  # the pile, top last
    removed: tuple[str, ...] = ()  # page 2's lines taken out of the grids
    drawn: str | None = None
    drawn_from: str | None = None
    closer: int | None = None  # who turned his last card up (or knocked)
    final_turns: int = 0  # turns still due after the closer
    holes: tuple[tuple[int, ...], ...] = ()  # each finished hole's points

    @property
    def over(self) -> bool:
        return self.phase == Phase.OVER


#: A verb's handler given the actor's seat (see :func:`scoring.engine.seated`).
Run = Callable[[State, int, Action], tuple[State, list[Verdict]]]


class Golf(BaseEngine[State]):
    """The engine (see the module docstring)."""

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        self.game, self.preset = game, preset
        self.rules = Rules.read(options)
        runs: dict[str, Run] = {
            "deal": lambda state, p, action: self._deal(state, p, action.args["card"]),
            "flip": lambda state, p, action: self._flip(
                state, p, action.args["slot"] - 1, action.args["card"]
            ),
            "move": lambda state, p, action: self._move(
                state, p, action.args["from"] - 1, action.args["to"] - 1
            ),
            "reveal": lambda state, p, action: self._reveal(
                state, p, action.args["slot"] - 1, action.args["card"]
            ),
            "draw": lambda state, p, action: self._draw(
                state, p, action.args["from"], action.args.get("card")
            ),
            "replace": lambda state, p, action: self._replace(
                state, p, action.args["slot"] - 1, action.args.get("card")
            ),
            "discard": lambda state, p, action: self._discard(state, p),
            "knock": lambda state, p, action: self._knock(state, p),
        }
        self._handlers = {verb: seated(run) for verb, run in runs.items()}
        slot = IntField(1, self.rules.size)
        card = GolfCardField()
        self._verbs = {
            "deal": Verb("deal", {"card": card}, ("card",), summary="deal; the card turned up"),
            "flip": Verb("flip", {"slot": slot, "card": card}, ("slot", "card"), summary="turn up"),
            "move": Verb("move", {"from": slot, "to": slot}, ("from", "to"), summary="line up"),
            "draw": Verb(
                "draw",
                {"from": ChoiceField(PILES), "card": card},
                ("from",),
                summary="take the top card of the stock or of the discard pile",
            ),
            "replace": Verb(
                "replace",
                {"slot": slot, "card": card},
                ("slot",),
                summary="the drawn card replaces a grid card (name it if it was face down)",
            ),
            "discard": Verb("discard", summary="the card drawn from the stock goes to the pile"),
            "knock": Verb("knock", summary="four-card golf: everyone else has one more turn"),
            "reveal": Verb(
                "reveal", {"slot": slot, "card": card}, ("slot", "card"), summary="turn up"
            ),
        }

    def initial(self, players: Sequence[str]) -> State:
        check_players(players, self.rules.players_min, self.rules.players_max)
        n = len(players)
        if n * self.rules.size + 2 > self.rules.deck_size(n):
            raise OptionsError(f"decks: {n} grids of {self.rules.size} leave no stock")
        return State(
            players=tuple(players),
            grids=((Slot(),) * self.rules.size,) * n,
            flipped=(0,) * n,
            moved=(False,) * n,
        )

    # ----------------------------------------------------------------------------------------
    # Rules.

    def admit(self, state: State, action: Action) -> None:
        """Anyone seated until the game is over; the deal first, then each verb in its phase:
        the set-up's flips and moves by anyone, the reveal by anyone, the rest in turn."""
        player = action.by or ""
        seat_of(state.players, player, state.over)
        verb = action.verb
        if verb == "deal":
            return
        if state.phase == Phase.DEAL:
            raise MESSAGES.illegal("deal_first", player)
        if verb in ("flip", "move"):
            if state.phase != Phase.SETUP:
                raise MESSAGES.illegal("setup_over", player)
            return
        if verb == "reveal":
            if state.phase != Phase.REVEAL:
                raise MESSAGES.illegal("not_revealing", player)
            return
        if state.phase == Phase.SETUP:
            raise MESSAGES.illegal("setup_first", player, waiting=self._waiting(state))
        check_seat(state.players, self._mover(state), action)

    def _mover(self, state: State) -> str | None:
        return None if state.turn is None else state.players[state.turn]

    def _waiting(self, state: State) -> str:
        need = self.rules.initial_faceup
        return ", ".join(p for p, n in zip(state.players, state.flipped, strict=True) if n < need)

    def _deal(self, state: State, p: int, card: str) -> tuple[State, list[Verdict]]:
        player = state.players[p]
        if state.phase != Phase.DEAL:
            raise MESSAGES.illegal("setup_over", player)
        n = len(state.players)
        if state.dealer is not None and p != (state.dealer + 1) % n:
            raise MESSAGES.illegal(
                "not_dealer", player, dealer=state.players[(state.dealer + 1) % n]
            )
        stock = self.rules.deck_size(n) - n * self.rules.size - 1
        state = replace(
            state,
            grids=((Slot(),) * self.rules.size,) * n,
            flipped=(0,) * n,
            moved=(False,) * n,
            dealer=p,
            stock=stock,
            discard=(card,),
            removed=(),
            drawn=None,
            drawn_from=None,
            closer=None,
            final_turns=0,
            phase=Phase.SETUP,
            turn=None,
        )
        verdicts = [
            MESSAGES.verdict(Kind.INFO, "dealt", player, round=state.hole, card=card, stock=stock)
        ]
        if self.rules.initial_faceup:
            count = self.rules.initial_faceup
            return state, [*verdicts, MESSAGES.verdict(Kind.INFO, "turn_up", count=count)]
        return self._start_play(state, verdicts)

    def _start_play(self, state: State, verdicts: list[Verdict]) -> tuple[State, list[Verdict]]:
        """The player left of the dealer starts (L457, L463)."""
        first = ((state.dealer or 0) + 1) % len(state.players)
        verdicts.append(COMMON.verdict(Kind.TURN, "turn", state.players[first]))
        return replace(state, phase=Phase.PLAY, turn=first), verdicts

    def _slot(self, state: State, p: int, slot: int) -> Slot:
        return state.grids[p][slot]

    def _seen(self, state: State, card: str) -> None:
        """A card cannot be seen more often than the decks hold it."""
        seen = Counter(s.card for grid in state.grids for s in grid if s.card is not None)
        seen.update(state.discard)
        seen.update(state.removed)
        if state.drawn is not None:
            seen[state.drawn] += 1
        if seen[card] >= self.rules.copies(card, len(state.players)):
            raise MESSAGES.illegal("all_seen", card=card)

    def _flip(self, state: State, p: int, slot: int, card: str) -> tuple[State, list[Verdict]]:
        player = state.players[p]
        need = self.rules.initial_faceup
        if state.flipped[p] >= need:
            raise MESSAGES.illegal("flips_done", player, count=need)
        if self.rules.faceup_slots == "middle" and slot not in middle_slots(self.rules.grid):
            slots = ", ".join(str(i + 1) for i in middle_slots(self.rules.grid))
            raise MESSAGES.illegal("middle_only", player, slots=slots)
        if self._slot(state, p, slot).up:
            raise MESSAGES.illegal("face_up", player, slot=slot + 1)
        self._seen(state, card)
        state = self._put(state, p, slot, Slot(card, up=True))
        state = replace(state, flipped=put(state.flipped, p, state.flipped[p] + 1))
        verdicts = [MESSAGES.verdict(Kind.INFO, "flipped", player, card=card)]
        state = self._remove_lines(state, p, verdicts)
        if all(n >= need for n in state.flipped):
            return self._start_play(state, verdicts)
        return state, verdicts

    def _move(self, state: State, p: int, source: int, target: int) -> tuple[State, list[Verdict]]:
        """L372: two turned cards of one rank; one may move so both share a row or column."""
        player = state.players[p]
        grid = state.grids[p]
        moving = grid[source]
        if not self.rules.setup_move or state.moved[p] or not moving.up or source == target:
            raise MESSAGES.illegal("no_move", player)
        swapped = list(grid)
        swapped[source], swapped[target] = grid[target], moving
        cols = int(self.rules.grid[-1])
        partners = [
            i
            for i, s in enumerate(swapped)
            if i != target and s.up and s.card and rank_of(s.card) == rank_of(moving.card or "")
        ]
        lined = [i for i in partners if i // cols == target // cols or i % cols == target % cols]
        if not lined:
            raise MESSAGES.illegal("no_move", player)
        state = replace(
            state,
            grids=put(state.grids, p, tuple(swapped)),
            moved=put(state.moved, p, True),
        )
        verdicts = [
            MESSAGES.verdict(Kind.INFO, "moved", player, source=source + 1, target=target + 1)
        ]
        return state, verdicts

    def _draw(
        self, state: State, p: int, pile: str, card: str | None
    ) -> tuple[State, list[Verdict]]:
        player = state.players[p]
        if state.drawn is not None:
            raise MESSAGES.illegal("already_drawn", player, card=state.drawn)
        if pile == "stock":
            if state.stock == 0:
                raise MESSAGES.illegal("stock_empty", player)
            if card is None:
                raise MESSAGES.illegal("card_needed", player, what="the card drawn")
            self._seen(state, card)
            state = replace(state, stock=state.stock - 1)
        else:
            if not state.discard:
                raise MESSAGES.illegal("discard_empty", player)
            top = state.discard[-1]
            if card is not None and card != top:
                raise MESSAGES.illegal("not_top", player, top=top, card=card)
            card = top
            state = replace(state, discard=state.discard[:-1])
        state = replace(state, drawn=card, drawn_from=pile)
        return state, [
            MESSAGES.verdict(
                Kind.INFO, "drew", player, card=card, pile=f"{pile} pile", pile_ru=PILE_RU[pile]
            )
        ]

    def _replace(
        self, state: State, p: int, slot: int, card: str | None
    ) -> tuple[State, list[Verdict]]:
        player = state.players[p]
        if state.drawn is None:
            raise MESSAGES.illegal("draw_first", player)
        old = self._slot(state, p, slot)
        if old.removed:
            raise MESSAGES.illegal("slot_removed", player, slot=slot + 1)
        if old.card is None:
            if card is None:
                raise MESSAGES.illegal("card_needed", player, what=f"the card in slot {slot + 1}")
            self._seen(state, card)
        elif card is not None and card != old.card:
            raise MESSAGES.illegal("wrong_card", player, slot=slot + 1, known=old.card, card=card)
        out = old.card or card or ""
        new = Slot(state.drawn, up=self.rules.new_card == "up")
        state = self._put(state, p, slot, new)
        state = replace(state, discard=(*state.discard, out), drawn=None, drawn_from=None)
        verdicts = [MESSAGES.verdict(Kind.INFO, "replaced", player, slot=slot + 1, card=out)]
        return self._end_turn(state, p, verdicts)

    def _discard(self, state: State, p: int) -> tuple[State, list[Verdict]]:
        player = state.players[p]
        if state.drawn is None:
            raise MESSAGES.illegal("draw_first", player)
        if state.drawn_from == "discard":
            raise MESSAGES.illegal("must_replace", player)
        card = state.drawn
        state = replace(state, discard=(*state.discard, card), drawn=None, drawn_from=None)
        return self._end_turn(
            state, p, [MESSAGES.verdict(Kind.INFO, "discarded", player, card=card)]
        )

    def _knock(self, state: State, p: int) -> tuple[State, list[Verdict]]:
        player = state.players[p]
        if self.rules.end_trigger != "knock" or state.drawn is not None or state.closer is not None:
            raise MESSAGES.illegal("no_knock", player)
        verdicts = [MESSAGES.verdict(Kind.INFO, "knocked", player)]
        state = replace(state, closer=p, final_turns=len(state.players) - 1)
        return self._next(state, p, verdicts)

    def _put(self, state: State, p: int, slot: int, value: Slot) -> State:
        return replace(state, grids=put(state.grids, p, put(state.grids[p], slot, value)))

    def _remove_lines(self, state: State, p: int, verdicts: list[Verdict]) -> State:
        """Page 2 (L468, L474): a line of equal face-up cards leaves the grid at once."""
        if self.rules.triple_effect != "remove":
            return state
        grid = state.grids[p]
        faces = [s.card if s.up and not s.removed else None for s in grid]
        for line in self.rules.lines():
            if not matched(faces, line):
                continue
            cards = tuple(faces[i] or "" for i in line)
            grid = tuple(Slot(removed=True) if i in line else s for i, s in enumerate(grid))
            faces = [None if i in line else c for i, c in enumerate(faces)]
            state = replace(state, removed=(*state.removed, *cards))
            verdicts.append(
                MESSAGES.verdict(Kind.INFO, "line_removed", state.players[p], rank=cards[0][:-1])
            )
        return replace(state, grids=put(state.grids, p, grid))

    def _end_turn(
        self, state: State, p: int, verdicts: list[Verdict]
    ) -> tuple[State, list[Verdict]]:
        state = self._remove_lines(state, p, verdicts)
        if state.closer is None:
            done = all(s.up or s.removed for s in state.grids[p])
            if self.rules.end_trigger == "all_up" and done:
                verdicts.append(MESSAGES.verdict(Kind.INFO, "all_up", state.players[p]))
                state = replace(state, closer=p, final_turns=len(state.players) - 1)
        elif p != state.closer:
            state = replace(state, final_turns=state.final_turns - 1)
        return self._next(state, p, verdicts)

    def _next(self, state: State, p: int, verdicts: list[Verdict]) -> tuple[State, list[Verdict]]:
        if state.closer is not None and state.final_turns == 0:
            return self._hole_over(state, verdicts)
        if state.stock == 0:
            verdicts.append(MESSAGES.verdict(Kind.INFO, "stock_out"))
            return self._hole_over(state, verdicts)
        following = (p + 1) % len(state.players)
        verdicts.append(COMMON.verdict(Kind.TURN, "turn", state.players[following]))
        return replace(state, turn=following), verdicts

    def _hole_over(self, state: State, verdicts: list[Verdict]) -> tuple[State, list[Verdict]]:
        """L377, L388: every face-down card is turned up; the referee has seen some already
        (four-card golf's cards placed face down), the others are named by ``reveal``."""
        grids = tuple(
            tuple(replace(s, up=True) if s.card is not None and not s.removed else s for s in grid)
            for grid in state.grids
        )
        state = replace(state, grids=grids, phase=Phase.REVEAL, turn=None)
        if self._hidden(state):
            verdicts.append(MESSAGES.verdict(Kind.INFO, "reveal_all"))
            return state, verdicts
        return self._score(state, verdicts)

    def _hidden(self, state: State) -> list[tuple[int, int]]:
        return [
            (p, i)
            for p, grid in enumerate(state.grids)
            for i, s in enumerate(grid)
            if not s.up and not s.removed
        ]

    def _reveal(self, state: State, p: int, slot: int, card: str) -> tuple[State, list[Verdict]]:
        player = state.players[p]
        old = self._slot(state, p, slot)
        if old.removed:
            raise MESSAGES.illegal("slot_removed", player, slot=slot + 1)
        if old.up:
            raise MESSAGES.illegal("face_up", player, slot=slot + 1)
        self._seen(state, card)
        state = self._put(state, p, slot, Slot(card, up=True))
        verdicts = [MESSAGES.verdict(Kind.INFO, "revealed", player, slot=slot + 1, card=card)]
        if self._hidden(state):
            return state, verdicts
        return self._score(state, verdicts)

    def _score(self, state: State, verdicts: list[Verdict]) -> tuple[State, list[Verdict]]:
        points = tuple(
            grid_points(self.rules, [None if s.removed else s.card for s in grid])
            for grid in state.grids
        )
        state = replace(state, holes=(*state.holes, points))
        totals = self.scores(state)
        for player, value in zip(state.players, points, strict=True):
            verdicts.append(
                MESSAGES.verdict(
                    Kind.HAND_OVER,
                    "hole_points",
                    player,
                    value,
                    round=state.hole,
                    total=totals[player],
                )
            )
        if len(state.holes) >= self.rules.rounds:
            verdicts += result_verdicts(totals, highest=False)
            return replace(state, phase=Phase.OVER), verdicts
        return replace(state, phase=Phase.DEAL, hole=state.hole + 1), verdicts

    # ----------------------------------------------------------------------------------------
    # What the displays read.

    def scores(self, state: State) -> dict[str, int]:
        return {p: sum(hole[i] for hole in state.holes) for i, p in enumerate(state.players)}

    def view(self, state: State) -> dict[str, Any]:
        players = state.players
        scores = self.scores(state)
        return {
            "players": list(players),
            "turn": self._mover(state),
            "scores": scores,
            "over": state.over,
            "winner": best_of(scores, highest=False) if state.over else None,
            "hole": state.hole,
            "phase": state.phase,
            "dealer": None if state.dealer is None else players[state.dealer],
            "grids": {p: [_shown(s) for s in g] for p, g in zip(players, state.grids, strict=True)},
            "stock": state.stock,
            "discard_top": state.discard[-1] if state.discard else None,
            "drawn": state.drawn,
            "closer": None if state.closer is None else players[state.closer],
            "final_turns": state.final_turns,
            "last_hole": dict(zip(players, state.holes[-1], strict=True)) if state.holes else None,
        }

    def needs(self, state: State, action: Action) -> tuple[str, ...]:
        """A card the table shows is the table's to name: the stock's top card drawn and the
        card of a face-down slot replaced, as well as the required ones."""
        missing = super().needs(state, action)
        if missing or "card" in action.args:
            return missing
        if action.verb == "draw" and action.args["from"] == "stock":
            return ("card",)
        if action.verb == "replace" and action.by is not None:
            p = state.players.index(action.by)
            if state.grids[p][action.args["slot"] - 1].card is None:
                return ("card",)
        return ()

    def open_actions(self, state: State) -> list[Action]:
        """The actions open now; a card the table will show (the upcard, a stock card, a
        face-down card) is left out, like the faces of a throw, for the table to name."""
        players = state.players
        if state.over:
            return []
        if state.phase == Phase.DEAL:
            n = len(players)
            dealers = range(n) if state.dealer is None else [(state.dealer + 1) % n]
            return [Action("deal", players[p]) for p in dealers]
        if state.phase == Phase.SETUP:
            slots = middle_slots(self.rules.grid) if self.rules.faceup_slots == "middle" else None
            return [
                Action("flip", players[p], {"slot": i + 1})
                for p, grid in enumerate(state.grids)
                if state.flipped[p] < self.rules.initial_faceup
                for i, s in enumerate(grid)
                if not s.up and (slots is None or i in slots)
            ]
        if state.phase == Phase.REVEAL:
            return [Action("reveal", players[p], {"slot": i + 1}) for p, i in self._hidden(state)]
        p = state.turn or 0
        player = players[p]
        if state.drawn is None:
            out = []
            if state.stock:
                out.append(Action("draw", player, {"from": "stock"}))
            if state.discard:
                out.append(Action("draw", player, {"from": "discard"}))
            if self.rules.end_trigger == "knock" and state.closer is None:
                out.append(Action("knock", player))
            return out
        out = [
            Action("replace", player, {"slot": i + 1})
            for i, s in enumerate(state.grids[p])
            if not s.removed
        ]
        if state.drawn_from == "stock":
            out.append(Action("discard", player))
        return out

    def score_sheet(self, state: State) -> dict[str, Any]:
        """The golf card: one row per hole played, each followed by the running totals."""
        players = state.players
        rows = []
        running = dict.fromkeys(players, 0)
        for number, points in enumerate(state.holes, start=1):
            cells = dict(zip(players, points, strict=True))
            running = {p: running[p] + cells[p] for p in players}
            rows.append(sheet_row(f"hole_{number}", f"Hole {number}", f"Лунка {number}", cells))
            if number < len(state.holes):
                rows.append(
                    sheet_row(
                        f"after_{number}",
                        f"  after {number}",
                        f"  после {number}",
                        running,
                        "running",
                    )
                )
        rows.append(self.total_row(self.scores(state)))
        return {"columns": list(players), "rows": rows}


def _shown(slot: Slot) -> str:
    """A grid place as the table shows it: the card face up, ``?`` face down, ``-`` removed."""
    if slot.removed:
        return "-"
    return slot.card if slot.up and slot.card else "?"


ENGINE = Golf
