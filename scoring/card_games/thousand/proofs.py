"""What a hidden hand is later proven to have held (cards.md §8.5), for Thousand and Don.

The camera sees the cards played, not the hands, so a follower who fails to follow suit cannot
be refused at once.  Once hands only shrink (1000: after the talon is passed; Don: from the
first lead), every card a player plays or shows later was in his hand at each earlier trick.
So at each new card the earlier tricks of that player are judged again by
:func:`scoring.card_games.tricks.breach` with the cards now known to have been held; a breach
found is a :class:`Proof`, announced as a flag that a person confirms before any penalty.
``scoring.card_games.tricks`` has the follow rules but no memory of past tricks; this module is
that memory.  Page A of 1000 adds a duty of its own: only the player whose marriage set the
trump may lead it, unless he holds nothing else (``trump_lead``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.card_games.tricks import FollowRules, RankOrder, breach
from scoring.cards import Card, parse_card

#: The proof kind for page A's reserved trump lead; the others are tricks.py's breach codes.
TRUMP_LEAD = "trump_lead"


@dataclass(frozen=True)
class Played:
    """One card to a trick as the table saw it: who, what, the cards before it in the trick,
    the trump in force then, and whether leading that trump was reserved to someone else."""

    seat: int
    card: str
    trick: int
    before: tuple[str, ...]
    trump: str | None
    reserved_lead: bool = False
    free_suit: str | None = None  # Don's "follow or trump": a card of this suit always goes


@dataclass(frozen=True)
class Proof:
    """A rule proven broken at trick ``trick`` by ``witness``, a card played or shown later."""

    seat: int
    kind: str
    trick: int
    card: str
    witness: str

    def data(self) -> dict[str, object]:
        return {"kind": self.kind, "trick": self.trick, "card": self.card, "by": self.witness}


def cards(texts: Iterable[str]) -> tuple[Card, ...]:
    return tuple(parse_card(text) for text in texts)


def judge(played: Played, held: Iterable[str], order: RankOrder, rules: FollowRules) -> str | None:
    """The breach that ``held`` (cards known to have been in the hand) proves for ``played``."""
    held = tuple(held)
    if played.free_suit is not None and played.card[-1] == played.free_suit:
        return None
    if played.reserved_lead and any(c[-1] != played.card[-1] for c in held):
        return TRUMP_LEAD
    return breach(
        cards(held), cards(played.before), parse_card(played.card), played.trump, order, rules
    )


def new_proofs(
    history: Sequence[Played],
    seat: int,
    witnesses: Sequence[str],
    known: Sequence[Proof],
    order: RankOrder,
    rules: FollowRules,
) -> tuple[Proof, ...]:
    """Proofs that ``witnesses`` (cards ``seat`` plays or shows now) add: each earlier card of
    his is judged against everything he played from it on, plus the witnesses."""
    proven = {(p.seat, p.trick) for p in known}
    found: list[Proof] = []
    mine = [p for p in history if p.seat == seat]
    for index, played in enumerate(mine):
        if (seat, played.trick) in proven:
            continue
        later = [p.card for p in mine[index + 1 :]]
        for witness in witnesses:
            kind = judge(played, [*later, witness], order, rules)
            if kind is not None:
                found.append(Proof(seat, kind, played.trick, played.card, witness))
                break
    return tuple(found)
