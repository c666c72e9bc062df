"""What the bluff games of rules/dice.md §3 share: claims, the cup, challenges and reveals.

The referee of a bluff game sees cups, not dice (§9.8).  So a throw under a cup is a ``shake``
without faces, a claim (G8, G9, G11) or a bid (G10) is a verb, and the dice are given only
when they are revealed (``reveal`` with the faces): the claim is judged then.

Claims name a poker-dice hand and the faces of its groups (:func:`scoring.dice.hands.claim`):
``{"do": "claim", "by": "Anna", "hand": "full_house", "faces": [3, 2]}`` is "three 3s and two
2s" (L210).  Each claim must beat the one before it: by the ranking's order (§7 #15 default),
or, with ``raise_rule: principal_face``, as L210's example reads literally (a claim of the same
hand must raise the face of its largest group and lower no other face).

The engines: :mod:`scoring.dice.bluffing.cup` (G8 Liar, G11 Liar's Dice common hand: one cup
passed round the table), :mod:`scoring.dice.bluffing.duel` (G9 Bluff) and
:mod:`scoring.dice.bluffing.bids` (G10 Liar's Dice single hand: bids on all dice).  The throws
under the cup of G8, G9 and G11 are counted here alike; the throw for the start and the throws
in the open are those of :mod:`scoring.dice.turns`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import Field, replace
from typing import Any, ClassVar, Protocol, TypeVar

from scoring.actions import Action, ChoiceField, DiceField, IntField, Verb
from scoring.dice.hands import (
    HAND_NAMES,
    NAMES,
    ClaimError,
    HandValue,
    Ranking,
    claim,
    claims,
)
from scoring.dice.throws import VoidPolicy
from scoring.dice.turns import DICE, THROW_MESSAGES
from scoring.verdicts import IllegalMove, Kind, Message, MessageData, Messages, Verdict

MESSAGES = Messages(
    {
        "shaken": Message(
            "{player} throws {count} dice under the cup",
            "{player} бросает под стаканом костей: {count}",
        ),
        "claimed": Message("{player} claims {hand}", "{player} объявляет: {hand_ru}"),
        "challenged": Message(
            "{player} calls {call}: {claimant} shows the dice",
            "{player}: «{call_ru}» — {claimant} открывает кости",
        ),
        "revealed": Message(
            "{player} shows {dice}: {hand}", "{player} открывает {dice}: {hand_ru}"
        ),
        "claim_true": Message("The claim {claim} holds", "Объявление «{claim_ru}» верно"),
        "claim_false": Message("The claim {claim} was a lie", "Объявление «{claim_ru}» ложно"),
        "pays_pot": Message(
            "{player} puts {amount} into the centre", "{player} кладёт в центр: {amount}"
        ),
        "pays_player": Message(
            "{player} gives {amount} to {receiver}", "{player} отдаёт {receiver}: {amount}"
        ),
        "out": Message("{player} is out of the game", "{player} выбывает из игры"),
        "claim_too_low": Message(
            "{claim} does not beat {previous}", "«{claim_ru}» не выше, чем «{previous_ru}»"
        ),
        "impossible_claim": Message(
            "No five dice make {hand} {faces}", "Таких костей не бывает: {hand_ru} {faces}"
        ),
        "faces_missing": Message(
            "Name the faces of {hand}: {need}", "Назовите номиналы для «{hand_ru}»: {need}"
        ),
        "not_in_ranking": Message(
            "{hand} is not a hand in this game", "В этой игре нет комбинации «{hand_ru}»"
        ),
        "must_shake_first": Message(
            "{player} must throw the dice before announcing",
            "{player} должен бросить кости, прежде чем объявлять",
        ),
        "must_throw_all": Message(
            "The first throw of a round is all {dice_count} dice",
            "Первый бросок раунда — все {dice_count} костей",
        ),
        "no_claim_to_challenge": Message(
            "There is no claim to challenge yet", "Ещё нечего оспаривать"
        ),
        "already_accepted": Message(
            "{player} has already taken the cup: the claim stands",
            "{player} уже взял стакан: объявление принято",
        ),
        "must_reveal": Message(
            "{claimant} must first show the dice", "Сначала {claimant} должен открыть кости"
        ),
        "must_claim": Message(
            "{player} has thrown and must now announce a hand",
            "{player} бросил и должен объявить комбинацию",
        ),
        "under_the_cup": Message(
            "{player}'s dice are thrown under the cup here (shake)",
            "{player} бросает кости под стаканом (shake)",
        ),
        "in_the_open": Message(
            "{player}'s reply is thrown in the open (roll)",
            "Ответ {player} бросается открыто (roll)",
        ),
        "must_answer": Message(
            '{player} answers the claim: "Bluff!" or a reply',
            "{player} отвечает на объявление: «Блеф!» или ответный бросок",
        ),
        "nothing_to_reveal": Message(
            "The dice are shown only when a claim is challenged",
            "Кости открывают, только когда объявление оспорено",
        ),
        "takes_pot": Message(
            "{player} takes the {amount} in the centre", "{player} забирает из центра: {amount}"
        ),
        "nothing_beats": Message(
            "Nothing beats {previous}: {player} can only challenge",
            "Выше «{previous_ru}» ничего нет: {player} может только оспорить",
        ),
    }
)

#: Which claims may follow which (§7 #15): by the ranking (default), or L210 read literally.
RAISE_RULES = ("ranking", "principal_face")


def shake_verb(counted: bool) -> Verb:
    """``shake``: dice thrown under a cup, unseen; ``count`` says how many (all when left out)."""
    fields = {"count": IntField(1, DICE)} if counted else {}
    return Verb("shake", fields, summary="throw dice under the cup (how many; all if omitted)")


def claim_verb(ranking: Ranking) -> Verb:
    hands = tuple(NAMES[h] for h in reversed(ranking.hands))
    return Verb(
        "claim",
        {"hand": ChoiceField(hands), "faces": DiceField(min_count=0, max_count=DICE)},
        ("hand",),
        summary="announce a hand: its name and the faces of its groups, largest first",
    )


CHALLENGE = Verb("challenge", summary="call the last claim or bid a lie: the dice are shown")


def reveal_verb(most: int = DICE) -> Verb:
    return Verb(
        "reveal",
        {"dice": DiceField(min_count=1, max_count=most)},
        ("dice",),
        summary="show the dice under the cup",
    )


def hand_words(held: HandValue, prefix: str = "") -> MessageData:
    """A hand's English and Russian words, keyed for a message's {hand} / {hand_ru}."""
    en, ru = held.text()
    return {f"{prefix or 'hand'}": en, f"{prefix or 'hand'}_ru": ru}


def read_claim(
    action: Action, ranking: Ranking, previous: HandValue | None, raise_rule: str
) -> HandValue:
    """The claim an action makes, checked: possible, and higher than ``previous``."""
    try:
        made = claim(action.args["hand"], action.args.get("faces", ()), ranking)
    except ClaimError as error:
        en, ru = HAND_NAMES[error.hand]
        raise MESSAGES.illegal(
            error.code,
            action.by,
            hand=en,
            hand_ru=ru,
            faces=" ".join(map(str, error.faces)),
            need=error.need,
        ) from None
    if previous is not None and not beats(made, previous, raise_rule):
        raise MESSAGES.illegal(
            "claim_too_low",
            action.by,
            **hand_words(made, "claim"),
            **hand_words(previous, "previous"),
        )
    return made


def beats(made: HandValue, previous: HandValue, raise_rule: str) -> bool:
    """Whether a claim may follow another.  ``principal_face`` (L210 literally): a claim of
    the same hand must raise its largest group's face and lower none of the others."""
    if raise_rule == "ranking" or made.hand != previous.hand:
        return made > previous
    pairs = list(zip(made.faces, previous.faces, strict=False))
    return bool(pairs) and pairs[0][0] > pairs[0][1] and all(m >= p for m, p in pairs[1:])


def higher_claims(ranking: Ranking, previous: HandValue | None, raise_rule: str) -> list[HandValue]:
    """The claims without kickers that may follow ``previous``: the claims the engine lists."""
    return [c for c in claims(ranking) if previous is None or beats(c, previous, raise_rule)]


def can_follow(ranking: Ranking, previous: HandValue | None, raise_rule: str) -> bool:
    """Whether any claim may follow ``previous`` (after five 6s only a challenge can)."""
    return previous is None or any(beats(c, previous, raise_rule) for c in claims(ranking))


def misplaced(action: Action) -> IllegalMove:
    """Why a verb that exists in the game does not fit the moment: a reveal before any
    challenge, or dice thrown in the open where they go under a cup."""
    if action.verb == "reveal":
        return MESSAGES.illegal("nothing_to_reveal", action.by)
    if action.verb == "challenge":
        return MESSAGES.illegal("no_claim_to_challenge", action.by)
    return MESSAGES.illegal("under_the_cup", action.by)


def claim_action(player: str, made: HandValue) -> Action:
    return Action("claim", player, {"hand": made.name, "faces": made.faces})


def next_in(players: Sequence[Any], alive: Sequence[bool], seat: int) -> int:
    """The next seat clockwise (to the left, §1.6) whose player is still in."""
    for step in range(1, len(players) + 1):
        following = (seat + step) % len(players)
        if alive[following]:
            return following
    return seat


# --------------------------------------------------------------------------------------------
# Throws under the cup.


class UnderCup(Protocol):
    """A state with throws under the cup: how many were made this turn, and the rethrow a
    void throw left owed (``VoidPolicy.owed``).  Read-only: the states are frozen dataclasses,
    changed by :func:`dataclasses.replace`, which needs a dataclass."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def shakes(self) -> int: ...

    @property
    def rethrow(self) -> str | None: ...


C = TypeVar("C", bound=UnderCup)


def may_shake(state: UnderCup, player: str | None, limit: int) -> None:
    """A throw under the cup needs a throw left, or a void throw owed again."""
    if state.shakes >= limit and state.rethrow is None:
        raise THROW_MESSAGES.illegal("no_throws_left", player, throws=limit)


def shake(state: C, action: Action, limit: int, first: bool) -> tuple[C, list[Verdict]]:
    """A throw of ``count`` dice under the cup (all when left out); a turn's ``first`` throw and
    the rethrow after a void throw that owes every die take all of them.  It makes any rethrow
    owed."""
    count = action.args.get("count", DICE)
    if count != DICE and (first or state.rethrow == "all"):
        raise MESSAGES.illegal("must_throw_all", action.by, dice_count=DICE)
    state = replace(state, shakes=min(state.shakes + 1, limit), rethrow=None)
    return state, [MESSAGES.verdict(Kind.INFO, "shaken", action.by, count=count)]


def void_shake(state: C, action: Action, limit: int, policy: VoidPolicy) -> tuple[C, list[Verdict]]:
    """A void throw under the cup (§1.4): it is owed again, perhaps at the cost of a throw."""
    shakes = min(state.shakes + 1, limit) if policy.costs_throw else state.shakes
    state = replace(state, shakes=shakes, rethrow=policy.owed)
    return state, [policy.verdict(action.by, action.args["reason"])]
