"""Checks every part of the Thousand referee makes: the phase an action belongs to, and whether
a card shown or played can be in the player's hand as far as the table has seen."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from scoring.actions import Action
from scoring.card_games.thousand.messages import MESSAGES
from scoring.card_games.thousand.state import Deal, Phase, State

PHASE_WORDS = {
    Phase.DEAL: "the deal",
    Phase.BID: "the bidding",
    Phase.TALON: "the declarer taking the talon",
    Phase.GIVE: "the declarer passing a card to each opponent",
    Phase.PLAY: "the play",
}


def check_phase(state: State, action: Action, *phases: Phase) -> None:
    if state.deal.phase not in phases:
        raise MESSAGES.illegal(
            "wrong_phase", action.by, verb=action.verb, expected=PHASE_WORDS[state.deal.phase]
        )


def check_holds(deal: Deal, seat: int, card: str, player: str) -> None:
    """A card not yet played, not seen in another hand, and in the hand where it is known."""
    if card in deal.played:
        raise MESSAGES.illegal("card_played", player, card=card)
    holder = deal.holder(card)
    if (holder is not None and holder != seat) or (deal.hands is not None and holder is None):
        raise MESSAGES.illegal("not_in_hand", player, card=card)


def show(deal: Deal, seat: int, cards: Sequence[str], player: str) -> Deal:
    """Cards shown from a hand: they must be there (or could be), and are remembered."""
    for card in cards:
        check_holds(deal, seat, card, player)
    fresh = tuple((seat, c) for c in cards if (seat, c) not in deal.shown)
    return replace(deal, shown=(*deal.shown, *fresh))
