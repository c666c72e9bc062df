"""The deal (S-3, N-5, JB-2), the trump (S-4, JA-1, JB-3) and who leads first (S-5, S-6).

A fresh deal gives six each from the full deck (or the whole deck in Наваленный and
Japanese B); a ``deal`` that also names the ``stock`` is a table the referee joins mid-game:
the sizes are taken as they are and the cards missing from them are out of play unseen.  The
first leader of a game is the lowest trump's holder (game 1, after a draw, or always with
``next_game_leader: lowest_trump``); the referee knows it with full information, learns it
from the cards shown in the reveal zone otherwise, and cannot check it when nobody shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Literal

from scoring.actions import Action
from scoring.durak.hands import check_in_deck, duplicate, next_active
from scoring.durak.messages import MESSAGES
from scoring.durak.ranks import SPADES, rank_value, suit_of
from scoring.durak.rules import Rules
from scoring.durak.state import DurakState, Hand, Phase
from scoring.verdicts import IllegalMove, Kind, Verdict

HAND = 6  # "по 6 каждому" [L14]


def standard_sizes(rules: Rules, players: int) -> list[int]:
    """Six each, or the whole deck one card at a time, the extra cards to the first seats."""
    if rules.has_stock:
        return [HAND] * players
    each, extra = divmod(rules.deck_size, players)
    return [each + (1 if seat < extra else 0) for seat in range(players)]


def deal(state: DurakState, rules: Rules, action: Action) -> tuple[DurakState, list[Verdict]]:
    if state.phase not in (Phase.DEAL, Phase.OVER):
        raise MESSAGES.illegal("dealt", action.by)
    n = len(state.players)
    hands_given: Mapping[str, tuple[str, ...]] | None = action.args.get("hands")
    if rules.full_information and hands_given is None:
        raise MESSAGES.illegal("cards_needed", action.by, what="deal")
    known = _hands(state, rules, hands_given, action.by) if hands_given is not None else None
    sizes = list(action.args.get("sizes") or ([len(h) for h in known] if known else []))
    joined = "stock" in action.args
    if not sizes:
        sizes = standard_sizes(rules, n)
    if len(sizes) != n:
        raise _wrong_deal(
            action.by, f"{len(sizes)} hands for {n} players", f"{len(sizes)} рук на {n} игроков"
        )
    if known is not None and [len(h) for h in known] != sizes:
        raise _wrong_deal(action.by, "sizes differ from the hands", "размеры не совпадают с руками")
    stock = action.args.get("stock", rules.deck_size - sum(sizes)) if rules.has_stock else 0
    if joined and not rules.has_stock and action.args["stock"]:
        raise MESSAGES.illegal("F-23", action.by)
    if not joined and sizes != standard_sizes(rules, n):
        want = standard_sizes(rules, n)
        raise _wrong_deal(action.by, f"expected {want}, got {sizes}", f"нужно {want}, а не {sizes}")
    if sum(sizes) + stock > rules.deck_size:
        raise _wrong_deal(
            action.by,
            f"{sum(sizes) + stock} cards in a {rules.deck_size}-card deck",
            f"{sum(sizes) + stock} карт в колоде из {rules.deck_size}",
        )
    trump, card = _trump(rules, action)
    if known is not None and card is not None and stock and any(card in h for h in known):
        raise duplicate(card, "stock", action.by)
    hands = tuple(Hand(size, known[s] if known else ()) for s, size in enumerate(sizes))
    state = replace(
        state,
        phase=Phase.LEAD,
        games=state.games + 1,
        trump=trump,
        trump_card=card,
        turnup_in_stock=card is not None and stock > 0 and rules.has_stock,
        hands=hands,
        stock=stock,
        bout=None,
        pile=None,
        discard=(),
        unseen_out=rules.deck_size - sum(sizes) - stock,
        fresh=not joined,
        leader=None,
        leader_after=False,
        bouts=0,
        last_end=None,
        draws=(),
        out=tuple(s for s in range(n) if sizes[s] == 0 and stock == 0),
        fools=(),
    )
    shown = " ".join(f"{state.players[s]} {size}" for s, size in enumerate(sizes))
    verdicts = [
        MESSAGES.verdict(
            Kind.INFO, "dealt_out", action.by, sizes=shown, trump=trump or "-", stock=stock
        )
    ]
    leader = first_leader(state, rules)
    if leader == "redeal":
        state = replace(state, phase=Phase.DEAL, games=state.games - 1)
        return state, [*verdicts, MESSAGES.verdict(Kind.INFO, "redeal")]
    state = replace(state, leader=leader)
    if leader is not None:
        verdicts.append(MESSAGES.verdict(Kind.TURN, "turn", state.players[leader]))
    return state, verdicts


def _wrong_deal(player: str | None, en: str, ru: str) -> IllegalMove:
    return MESSAGES.illegal("F-24", player, why=en, why_ru=ru)


def _hands(
    state: DurakState, rules: Rules, given: Mapping[str, tuple[str, ...]], by: str | None
) -> list[tuple[str, ...]]:
    unknown = sorted(set(given) - set(state.players))
    if unknown or len(given) != len(state.players):
        missing = sorted(set(state.players) - set(given))
        why = f"hands for {unknown or missing} do not match the players"
        raise _wrong_deal(by, why, f"руки {unknown or missing} не совпадают с игроками")
    seen: set[str] = set()
    hands = []
    for player in state.players:
        cards = tuple(sorted(given[player]))
        check_in_deck(rules, cards, by)
        for card in cards:
            if card in seen:
                raise duplicate(card, "hand", by)
            seen.add(card)
        hands.append(cards)
    return hands


def _trump(rules: Rules, action: Action) -> tuple[str | None, str | None]:
    """The trump suit and the card that shows it (None where no card is turned up)."""
    card = action.args.get("trump")
    if rules.variant == "japanese_a":
        return "D", None  # JA-1: "козыри всегда бубны"
    if rules.japanese_b:
        if rules.jb_trump == "none":
            return None, None
        if rules.jb_trump == "D":
            return "D", None
        suit = _declared(action)
        if suit == SPADES:
            raise MESSAGES.illegal("no_spade_trump", action.by)
        return suit, None
    if rules.navalenny and rules.trump_declared:
        return _declared(action), None
    if card is None:
        raise _wrong_deal(action.by, "show the trump card", "покажите козырь")
    check_in_deck(rules, [card], action.by)
    return suit_of(card), card


def _declared(action: Action) -> str:
    """The trump suit declared before the deal (JB-3, N-4 b)."""
    suit = action.args.get("suit")
    if suit is None:
        raise _wrong_deal(action.by, "declare the trump suit", "объявите козырь")
    return suit


def first_leader(state: DurakState, rules: Rules) -> int | Literal["redeal"] | None:
    """Who leads the game's first bout: a seat, None when the referee cannot know it, or
    "redeal" (Q-05 alternative) when nobody holds a trump."""
    if not state.fresh:
        return None
    if state.results and state.results[-1] and rules.next_leader != "lowest_trump":
        fool = state.results[-1][0]
        if rules.next_leader == "fool":
            return fool
        if rules.next_leader == "left_of_fool":
            return next_active(state, rules, fool)
        first = state.first_out[-1]
        return first if first is not None else next_active(state, rules, fool)
    if not rules.full_information:
        return None
    holder = lowest_holder(state, rules)
    if holder is None:
        if rules.redeal_without_trump:
            return "redeal"
        return min(
            range(len(state.players)),
            key=lambda s: (min(rank_value(c) for c in state.hands[s].known), s),
        )
    return holder


def lowest_holder(state: DurakState, rules: Rules) -> int | None:
    """The holder of the lowest known trump (JB-4: the lowest spade first), or None."""
    suits: Sequence[str | None] = (SPADES, state.trump) if rules.japanese_b else (state.trump,)
    for suit in suits:
        if suit is None:
            continue
        held = [
            (rank_value(c), seat)
            for seat, hand in enumerate(state.hands)
            for c in hand.known
            if suit_of(c) == suit
        ]
        if held:
            return min(held)[1]
    return None
