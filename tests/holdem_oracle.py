"""One random hold'em hand played on our engine and on pokerkit (an independent engine from
PyPI), compared pot by pot, and hand values compared with treys.

The hand is dealt from a shuffled deck known in advance: our engine is given the board as the
dealer turns it and each hand as it is tabled, pokerkit deals the same cards.  Our legal moves
are chosen at random (weighted towards all-ins and calls, so side pots are common) and each is
replayed on pokerkit; pokerkit refusing one, a different player to act, or any difference in
the contested pots (amount, who could win it, who won what) or the final stacks is a
disagreement.  ``tests/test_holdem_oracle.py`` runs a few hundred hands, ``scripts/
holdem_oracle.py`` ten thousand.

Every player has at least the big blind and an ante: with a big blind all-in for less, our
engine keeps the full big blind as the bet to call (docs/rules/poker.md D4) where pokerkit plays
the amount posted.  Uncontested chips are not compared pot by pot (pokerkit returns an
unanswered bet as a pot of one player, our engine before the pots are made, D9): the final
stacks cover them.  pokerkit kills the losing hands before it pays and then splits the pots the
same hands won as one; TPT 16 splits each pot on its own, so the odd chips may land elsewhere:
such a hand is counted apart (``odd_chips``) once the stacks agree with its merged split.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerkit import Automation, FixedLimitTexasHoldem, NoLimitTexasHoldem
from pokerkit.games import PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem

from scoring.card_games.holdem.hands import best_hand
from scoring.cards import Card, deck
from scoring.engine import Decision
from scoring.match import Match
from scoring.registry import create_engine

CHIP = 5
BLINDS = (10, 20)
STRUCTURES = ("no_limit", "pot_limit", "limit")
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
#: How often a random move is an all-in or a call, where one is open: side pots need both.
WEIGHTS = {"all_in": 3.0, "call": 3.0, "check": 2.0, "fold": 1.0, "bet": 1.0, "raise": 1.0}


class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """Pot-limit Texas hold'em, which pokerkit composes from its mixins but does not name."""


class UncappedLimitTexasHoldem(FixedLimitTexasHoldem):
    """pokerkit's limit hold'em without its cap of four raises after the blinds, counting
    short all-ins: our cap (a bet and three raises, the big blind the bet, short all-ins not
    counted, D8) is checked by the scenarios, not here."""

    max_completion_betting_or_raising_count = None


def pk_card(card: Card) -> str:
    rank = "T" if card.rank == "10" else card.rank
    return rank + card.suit.lower()


def chip_divmod(amount: int, count: int) -> tuple[int, int]:
    """pokerkit's split in whole chips: the quotient in chips, the rest (the odd chips)."""
    share = (amount // CHIP) // count * CHIP
    return share, amount - share * count


def pk_state(structure: str, stacks: Sequence[int], ante: int) -> Any:
    """pokerkit's table for the same hand; its player 0 is the first seat left of our button
    (seat 0), its last player the button."""
    n = len(stacks)
    order = [stacks[(1 + i) % n] for i in range(n)]
    if structure == "limit":
        return UncappedLimitTexasHoldem.create_state(
            AUTOMATIONS, True, ante, BLINDS, BLINDS[1], 2 * BLINDS[1], order, n,
            divmod=chip_divmod,
        )  # fmt: skip
    if structure == "no_limit":
        return NoLimitTexasHoldem.create_state(
            AUTOMATIONS, True, ante, BLINDS, BLINDS[1], order, n, divmod=chip_divmod
        )
    table = PotLimitTexasHoldem(AUTOMATIONS, True, ante, BLINDS, BLINDS[1], divmod=chip_divmod)
    return table(order, n)


@dataclass
class Comparison:
    """One hand's outcome on both engines."""

    agree: bool = True
    problems: list[str] = field(default_factory=list)
    pots: int = 0  # contested pots compared
    side_pots: int = 0
    moves: int = 0
    #: The stacks differ only by odd chips: pokerkit merges the pots that the same hands win
    #: once the losing hands are killed, where TPT 16 splits each pot on its own.
    odd_chips: bool = False

    def differ(self, what: str) -> None:
        self.agree = False
        self.problems.append(what)


def contested(results: Sequence[dict[str, Any]], players: Sequence[str]) -> list[tuple]:
    """Our paid pots that more than one hand could win: (amount, claimants)."""
    return [
        (pot["amount"], frozenset(players.index(name) for name in pot["eligible"]))
        for pot in results
        if len(pot["eligible"]) > 1
    ]


def pk_contested(pots: Sequence[Any], n: int) -> list[tuple]:
    """pokerkit's pots that more than one hand could win, in our seats: (amount, claimants)."""
    seat = [(1 + i) % n for i in range(n)]
    return [
        (pot.amount, frozenset(seat[i] for i in pot.player_indices))
        for pot in pots
        if len(pot.player_indices) > 1
    ]


def play_hand(rng: random.Random, structure: str | None = None) -> Comparison:
    """One random hand on both engines, compared."""
    structure = structure or rng.choice(STRUCTURES)
    n = rng.randint(2, 9)
    stacks = [
        CHIP * rng.choice((rng.randint(5, 12), rng.randint(20, 200), rng.randint(100, 600)))
        for _ in range(n)
    ]
    ante = rng.choice((0, 0, CHIP))
    players = [f"P{i}" for i in range(n)]
    options = {
        "structure": structure,
        "stacks": stacks,
        "ante": ante,
        "hands": 1,
        "chip": CHIP,
        "blinds": list(BLINDS),
    }
    match = Match(create_engine("holdem", structure, options), players)
    pk = pk_state(structure, stacks, ante)
    cards = list(deck(52))
    rng.shuffle(cards)
    holes = {seat: cards[2 * seat : 2 * seat + 2] for seat in range(n)}
    board = cards[2 * n : 2 * n + 5]
    for i in range(n):
        pk.deal_hole("".join(pk_card(c) for c in holes[(1 + i) % n]))
    result = Comparison()
    pk_pots: list[Any] = []
    dealt = 0
    while not match.view()["over"]:
        engine, state = match.engine, match.state
        moves, decisions = engine.legal(state), engine.decisions(state)
        if moves and moves[0].verb in WEIGHTS:
            move = rng.choices(moves, [WEIGHTS[m.verb] for m in moves])[0]
            seat = players.index(move.by or "")
            if pk.actor_index is None or (1 + pk.actor_index) % n != seat:
                result.differ(f"to act: ours {move.by}, pokerkit's {pk.actor_index}")
                return result
            try:
                replay(pk, match, move, seat)
            except ValueError as refused:
                result.differ(f"pokerkit refused {move.to_dict()}: {refused}")
                return result
            outcome = match.submit(move.to_dict())
            result.moves += 1
        else:
            decision = next((d for d in decisions), None)
            action = decision.action.to_dict() if decision else moves[0].to_dict()
            while pk.actor_index is not None:
                # Our round is over because nobody could answer a bet; pokerkit still asks
                # for the check that is all such a player can do.
                if pk.can_complete_bet_or_raise_to() or pk.checking_or_calling_amount:
                    result.differ(f"our round is over, pokerkit's player {pk.actor_index} acts")
                    return result
                pk.check_or_call()
            if decision is not None:
                fill(action, decision, holes, board, dealt, players)
                if action["do"] in ("flop", "turn", "river"):
                    size = 3 if action["do"] == "flop" else 1
                    pk.deal_board("".join(pk_card(c) for c in board[dealt : dealt + size]))
                    dealt += size
            outcome = match.submit(action)
        if not outcome.accepted:
            result.differ(f"our engine refused its own listed action: {outcome.code}")
            return result
        while pk.can_show_or_muck_hole_cards():  # every hand tabled, as ours are
            pk_pots = list(pk.pots)
            pk.show_or_muck_hole_cards(True)
    if pk.status:
        result.differ("pokerkit's hand is not over")
        return result
    ours = contested(match.view()["results"], players)
    theirs = pk_contested(pk_pots, n)
    if ours != theirs:
        result.differ(f"pots: ours {ours}, pokerkit's {theirs}")
    final = [match.view()["stacks"][p] for p in players]
    pk_final = [pk.stacks[(seat - 1) % n] for seat in range(n)]
    if final != pk_final:
        if merged_split(match.view()["results"], final, players) == pk_final:
            result.odd_chips = True
        else:
            result.differ(f"stacks: ours {final}, pokerkit's {pk_final}")
    result.pots = len(ours)
    result.side_pots = max(len(ours) - 1, 0)
    return result


def merged_split(
    results: Sequence[dict[str, Any]], final: Sequence[int], players: Sequence[str]
) -> list[int]:
    """Our final stacks had the pots with the same winners been split as one pot (pokerkit's
    way): the odd chips of the merged pot to its first winner clockwise from the button."""
    stacks = list(final)
    merged: dict[tuple[str, ...], int] = {}
    for pot in results:
        winners = tuple(pot["shares"])  # clockwise from the button already
        merged[winners] = merged.get(winners, 0) + pot["amount"]
        for name, amount in pot["shares"].items():
            stacks[players.index(name)] -= amount
    for winners, amount in merged.items():
        share, odd = chip_divmod(amount, len(winners))
        for name in winners:
            stacks[players.index(name)] += share
        stacks[players.index(winners[0])] += odd
    return stacks


def fill(
    action: dict[str, Any],
    decision: Decision,
    holes: dict[int, list[Card]],
    board: list[Card],
    dealt: int,
    players: Sequence[str],
) -> None:
    """The table's data for a decision: the next board cards, or the hand tabled."""
    if action["do"] == "flop":
        action["cards"] = [str(c) for c in board[:3]]
    elif action["do"] in ("turn", "river"):
        action["card"] = str(board[dealt])
    elif action["do"] == "show":
        action["cards"] = [str(c) for c in holes[players.index(decision.by or "")]]


def replay(pk: Any, match: Match, move: Any, seat: int) -> None:
    """Our move on pokerkit: a fold, a check or call, or a bet or raise to a round total."""
    if move.verb == "fold":
        pk.fold()
        return
    state = match.state
    if move.verb in ("check", "call"):
        pk.check_or_call()
        return
    to = move.args["to"] if move.verb in ("bet", "raise") else state.bets[seat] + state.stacks[seat]
    if to <= state.current_bet:
        pk.check_or_call()
    else:
        pk.complete_bet_or_raise_to(to)


def hand_values_agree(rng: random.Random, count: int) -> tuple[int, list[str]]:
    """Random seven-card hands ranked by our evaluator and by treys: every pair of hands must
    compare the same way on both (treys ranks 1 best .. 7462 worst)."""
    from treys import Card as TreysCard
    from treys import Evaluator

    evaluator = Evaluator()
    problems = []
    cards = list(deck(52))
    for _ in range(count):
        seven = rng.sample(cards, 9)
        board, one, two = seven[:5], seven[5:7], seven[7:9]
        ours = (best_hand((*one, *board))[0], best_hand((*two, *board))[0])
        treys_board = [TreysCard.new(pk_card(c)) for c in board]
        theirs = tuple(
            evaluator.evaluate([TreysCard.new(pk_card(c)) for c in hand], treys_board)
            for hand in (one, two)
        )
        ours_order = (ours[0] > ours[1]) - (ours[0] < ours[1])
        theirs_order = (theirs[0] < theirs[1]) - (theirs[0] > theirs[1])
        name = evaluator.class_to_string(evaluator.get_rank_class(theirs[0]))
        if ours_order != theirs_order or not same_class(ours[0].en, name):
            problems.append(f"{board} {one} {two}: ours {ours}, treys {theirs} ({name})")
    return count, problems


#: treys' class names for our categories.
TREYS_CLASSES = {
    "Royal flush": "Royal Flush",
    "Straight flush": "Straight Flush",
    "Four of a kind": "Four of a Kind",
    "Full house": "Full House",
    "Flush": "Flush",
    "Straight": "Straight",
    "Three of a kind": "Three of a Kind",
    "Two pairs": "Two Pair",
    "One pair": "Pair",
    "High card": "High Card",
}


def same_class(ours: str, theirs: str) -> bool:
    return TREYS_CLASSES[ours] == theirs
