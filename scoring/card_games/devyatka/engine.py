"""Devyatka ("Девятка", rules/cards.md Appendix A [EXT]; §8.2, §8.5, §9 scenarios 45-47).

A shedding game on a 36-card deck, all cards dealt.  The 9 of diamonds opens the deal; then in
turn each player lays one card on the layout (rules: :mod:`.rules`) or, holding none
that fits, passes and pays ``pass_fine`` into the bank.  Everyone antes into the bank at the
start of each deal; the first to empty his hand takes the bank.  The session ends after the
deal in which a player's coins run out (at 0 or below: fines are paid even into debt [ASM]);
the most coins win.

Public information (the default): the referee sees the layout and how many cards each player
holds, not the hands.  Whoever lays the 9 of diamonds is its holder and starts.  A pass is
taken on trust; it is proven illegal when the same player later lays a card, or shows a hand
holding a card, that fitted the layout when he passed (§8.5: hands only shrink, so he held
it then).  The proof is a ``foul`` verdict; the penalty waits for the referee's ``fine``.
Once a hand is shown it is known: a pass while it holds a playable card is refused.
``information: full`` gives the referee every dealt hand (``show`` by each player before the
opening): then a pass with a playable card is refused outright (must play if able).

Verbs:

``play``    ``{"do": "play", "by": P, "card": "10D"}``: lay a card on the layout.
``pass``    ``{"do": "pass", "by": P}``: nothing fits; P pays ``pass_fine`` into the bank.
``show``    ``{"do": "show", "by": P, "cards": [...]}``: P's whole hand, laid open (full
            information: his dealt hand, before the opening).
``redeal``  ``{"do": "redeal", "by": P, "cards": ["AC", "AD", "AH", "AS"]}``: before the
            first card, a player shows ``redeal_aces`` aces; the cards are dealt again and
            the bank stays as it is (no second ante) [ASM].
``fine``    ``{"do": "fine", "by": P, "coins": N}``: a penalty the referee confirmed (after a
            proven illegal pass), paid into the bank.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring.actions import Action, IntField, Verb
from scoring.card_games.common import card_words, parse_cards, put
from scoring.card_games.devyatka.messages import MESSAGES
from scoring.card_games.devyatka.rules import (
    DECK,
    EMPTY,
    OPENING,
    Layout,
    Rules,
    hand_size,
    legal_cards,
    on_table,
    opened,
    place,
    playable,
    row_text,
)
from scoring.cards import Card, CardField, CardsField, cards_text, parse_card
from scoring.engine import (
    BaseEngine,
    best_of,
    check_players,
    check_seat,
    result_verdicts,
    seat_of,
    seated,
    sheet_row,
)
from scoring.verdicts import COMMON, Kind, Verdict

Hand = tuple[Card, ...]


@dataclass(frozen=True)
class Pass:
    """One pass of the current deal: who passed and the layout he passed on (§8.5)."""

    player: int
    layout: Layout
    proven: bool = False


@dataclass(frozen=True)
class DealResult:
    """A finished deal, as the sheet writes it: who took the bank, and each player's net."""

    winner: int
    bank: int
    net: tuple[int, ...]


@dataclass(frozen=True)
class State:
    """Between two actions.  Per-player tuples follow ``players``."""

    players: tuple[str, ...]
    coins: tuple[int, ...]
    bank: int
    deal: int  # the deal being played, from 1
    net: tuple[int, ...]  # coins won (+) or paid (-) in this deal so far
    counts: tuple[int, ...]  # cards in each hand
    hands: tuple[Hand | None, ...]  # the hands the referee knows (full information or shown)
    layout: Layout = EMPTY
    turn: int | None = None  # None before the opening (public: the 9D holder is unknown)
    passes: tuple[Pass, ...] = ()
    fines: tuple[int, ...] = ()  # every fine paid this session (passes, confirmed fines)
    banks: tuple[int, ...] = ()  # coins taken from banks this session
    results: tuple[DealResult, ...] = ()
    over: bool = False


#: A verb's handler given the actor's seat (see :func:`scoring.engine.seated`).
Run = Callable[[State, int, Action], tuple[State, list[Verdict]]]


class Devyatka(BaseEngine[State]):
    """The engine (see the module docstring)."""

    total_title = ("Coins", "Монет")

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        self.game, self.preset = game, preset
        self.rules = Rules.read(options)
        self._verbs = {
            "play": Verb("play", {"card": CardField(DECK)}, ("card",), summary="lay a card"),
            "pass": Verb("pass", summary="no card fits: pay the pass fine into the bank"),
            "show": Verb(
                "show",
                {"cards": CardsField(DECK, 0, len(DECK))},
                ("cards",),
                summary="lay the whole hand open (full information: the dealt hand)",
            ),
            "redeal": Verb(
                "redeal",
                {"cards": CardsField(DECK, 3, 4)},
                ("cards",),
                summary="show the aces that void the deal, before the first card",
            ),
            "fine": Verb(
                "fine", {"coins": IntField(1)}, ("coins",), summary="a confirmed fine to the bank"
            ),
        }
        runs: dict[str, Run] = {
            "fine": lambda state, p, action: self._fine(state, p, action.args["coins"]),
            "show": lambda state, p, action: self._show(
                state, p, parse_cards(action.args["cards"])
            ),
            "redeal": lambda state, p, action: self._redeal(
                state, p, parse_cards(action.args["cards"])
            ),
            "play": lambda state, p, action: self._play(state, p, parse_card(action.args["card"])),
            "pass": lambda state, p, action: self._pass(state, p),
        }
        self._handlers = {verb: seated(run) for verb, run in runs.items()}

    def initial(self, players: Sequence[str]) -> State:
        check_players(players, self.rules.players_min, self.rules.players_max)
        n = len(players)
        start = State(
            players=tuple(players),
            coins=(self.rules.start_coins,) * n,
            bank=0,
            deal=0,
            net=(0,) * n,
            counts=(0,) * n,
            hands=(None,) * n,
            fines=(0,) * n,
            banks=(0,) * n,
        )
        return self._new_deal(start, [])

    # ----------------------------------------------------------------------------------------
    # Rules.

    def admit(self, state: State, action: Action) -> None:
        """Anyone seated until the game is over; with full information a card or a pass waits
        for every hand to be shown."""
        player = action.by or ""
        seat_of(state.players, player, state.over)
        if action.verb not in ("play", "pass"):
            return
        if self.rules.full and None in state.hands and not opened(state.layout):
            waiting = [q for q, hand in zip(state.players, state.hands, strict=True) if not hand]
            raise MESSAGES.illegal("show_hands_first", player, waiting=", ".join(waiting))

    def _seat(self, state: State, p: int, verb: str) -> None:
        turn = None if state.turn is None else state.players[state.turn]
        check_seat(state.players, turn, Action(verb, state.players[p]))

    def _play(self, state: State, p: int, card: Card) -> tuple[State, list[Verdict]]:
        player = state.players[p]
        if state.turn is not None:
            self._seat(state, p, "play")
        self._check_held(state, p, card)
        if not opened(state.layout):
            if card != OPENING:
                raise MESSAGES.illegal("must_open_9d", player)
        elif not playable(state.layout, card):
            raise MESSAGES.illegal("not_playable", player, **card_words(card))
        verdicts: list[Verdict] = []
        state = self._prove(state, p, (card,), verdicts)
        hand = state.hands[p]
        left = state.counts[p] - 1
        state = replace(
            state,
            layout=place(state.layout, card),
            counts=put(state.counts, p, left),
            hands=put(state.hands, p, None if hand is None else _without(hand, card)),
        )
        verdicts.insert(
            0, MESSAGES.verdict(Kind.INFO, "played", player, left=left, **card_words(card))
        )
        if left == 0:
            return self._deal_won(state, p, verdicts)
        return self._next(state, p, verdicts)

    def _check_held(self, state: State, p: int, card: Card) -> None:
        """A card on the table or in another known hand cannot be played; a known hand must
        hold it."""
        player = state.players[p]
        if card in on_table(state.layout):
            raise MESSAGES.illegal("on_table", player, **card_words(card))
        for q, hand in enumerate(state.hands):
            if q != p and hand is not None and card in hand:
                raise MESSAGES.illegal(
                    "held_elsewhere", player, holder=state.players[q], **card_words(card)
                )
        own = state.hands[p]
        if own is not None and card not in own:
            raise MESSAGES.illegal("not_in_hand", player, **card_words(card))

    def _pass(self, state: State, p: int) -> tuple[State, list[Verdict]]:
        player = state.players[p]
        if not opened(state.layout):
            raise MESSAGES.illegal("must_open_9d", player)
        self._seat(state, p, "pass")
        hand = state.hands[p]
        if hand is not None:
            fits = legal_cards(state.layout, hand)
            if fits:
                raise MESSAGES.illegal("must_play", player, **card_words(fits[0]))
        fine = self.rules.pass_fine
        state = self._pay(state, p, fine)
        state = replace(state, passes=(*state.passes, Pass(p, state.layout)))
        verdicts = [MESSAGES.verdict(Kind.FOUL, "passed", player, fine, bank=state.bank)]
        return self._next(state, p, verdicts)

    def _fine(self, state: State, p: int, coins: int) -> tuple[State, list[Verdict]]:
        state = self._pay(state, p, coins)
        player = state.players[p]
        return state, [MESSAGES.verdict(Kind.FOUL, "fined", player, coins, bank=state.bank)]

    def _pay(self, state: State, p: int, coins: int) -> State:
        """``coins`` from player ``p`` into the bank, written as a fine."""
        return replace(
            state,
            coins=put(state.coins, p, state.coins[p] - coins),
            net=put(state.net, p, state.net[p] - coins),
            fines=put(state.fines, p, state.fines[p] + coins),
            bank=state.bank + coins,
        )

    def _show(self, state: State, p: int, cards: Hand) -> tuple[State, list[Verdict]]:
        player = state.players[p]
        known = state.hands[p]
        if known is not None:
            if set(known) == set(cards):
                raise MESSAGES.illegal("already_shown", player)
            raise MESSAGES.illegal("hand_differs", player, cards=cards_text(known))
        if len(cards) != state.counts[p]:
            raise MESSAGES.illegal("wrong_count", player, count=state.counts[p], given=len(cards))
        for card in cards:
            self._check_held(state, p, card)
        verdicts = [MESSAGES.verdict(Kind.INFO, "shown", player, cards=cards_text(cards))]
        state = self._prove(state, p, cards, verdicts)
        state = replace(state, hands=put(state.hands, p, _in_deck_order(cards)))
        if self.rules.full and OPENING in cards and not opened(state.layout):
            state = replace(state, turn=p)  # full information: the 9D holder opens
        if state.turn is not None and None not in state.hands and not opened(state.layout):
            verdicts.append(COMMON.verdict(Kind.TURN, "turn", state.players[state.turn]))
        return state, verdicts

    def _prove(self, state: State, p: int, cards: Hand, verdicts: list[Verdict]) -> State:
        """§8.5: a card of ``p``'s hand now was in it at each of his passes this deal; any that
        fitted the layout then proves that pass illegal (flagged once)."""
        passes = list(state.passes)
        for number, earlier in enumerate(passes, start=1):
            if earlier.player != p or earlier.proven:
                continue
            fits = [card for card in cards if playable(earlier.layout, card)]
            if fits:
                passes[number - 1] = replace(earlier, proven=True)
                verdicts.append(
                    MESSAGES.verdict(
                        Kind.FOUL,
                        "illegal_pass_proven",
                        state.players[p],
                        number=number,
                        **card_words(fits[0]),
                    )
                )
        return replace(state, passes=tuple(passes))

    def _redeal(self, state: State, p: int, cards: Hand) -> tuple[State, list[Verdict]]:
        player = state.players[p]
        if opened(state.layout):
            raise MESSAGES.illegal("too_late_to_redeal", player)
        aces = [card for card in cards if card.rank == "A"]
        need = self.rules.redeal_aces
        if need == 0 or len(aces) != len(cards) or len(aces) < need:
            raise MESSAGES.illegal("no_redeal", player, need=need or 4, given=len(aces))
        for card in cards:
            self._check_held(state, p, card)
        size = hand_size(len(state.players))
        state = replace(
            state,
            counts=(size,) * len(state.players),
            hands=(None,) * len(state.players),
            turn=None,
            passes=(),
        )
        return state, [MESSAGES.verdict(Kind.INFO, "redeal", player, cards=cards_text(cards))]

    def _next(self, state: State, p: int, verdicts: list[Verdict]) -> tuple[State, list[Verdict]]:
        step = 1 if self.rules.direction == "left" else -1
        following = (p + step) % len(state.players)
        verdicts.append(COMMON.verdict(Kind.TURN, "turn", state.players[following]))
        return replace(state, turn=following), verdicts

    def _deal_won(
        self, state: State, p: int, verdicts: list[Verdict]
    ) -> tuple[State, list[Verdict]]:
        """The first out takes the bank, after the cards-left fines (Fan Tan) are paid in."""
        for q, left in enumerate(state.counts):
            fine = left * self.rules.card_fine
            if fine:
                state = self._pay(state, q, fine)
                verdicts.append(
                    MESSAGES.verdict(
                        Kind.FOUL, "cards_left_fine", state.players[q], fine, cards=left
                    )
                )
        bank = state.bank
        net = put(state.net, p, state.net[p] + bank)
        state = replace(
            state,
            coins=put(state.coins, p, state.coins[p] + bank),
            banks=put(state.banks, p, state.banks[p] + bank),
            bank=0,
            net=net,
            results=(*state.results, DealResult(p, bank, net)),
            turn=None,
        )
        verdicts.append(MESSAGES.verdict(Kind.HAND_OVER, "takes_bank", state.players[p], bank))
        broke = [q for q, coins in enumerate(state.coins) if coins <= 0]
        if broke:
            verdicts += [
                MESSAGES.verdict(Kind.INFO, "out_of_coins", state.players[q]) for q in broke
            ]
            verdicts += result_verdicts(self.scores(state))
            return replace(state, over=True), verdicts
        return self._new_deal(state, verdicts), verdicts

    def _new_deal(self, state: State, verdicts: list[Verdict]) -> State:
        """Every player antes (Appendix A: 10 per deal) and the 36 cards are dealt again."""
        n = len(state.players)
        ante = self.rules.ante
        state = replace(
            state,
            deal=state.deal + 1,
            coins=tuple(c - ante for c in state.coins),
            net=(-ante,) * n,
            bank=state.bank + ante * n,
            counts=(hand_size(n),) * n,
            hands=(None,) * n,
            layout=EMPTY,
            turn=None,
            passes=(),
        )
        if ante:
            verdicts.append(
                MESSAGES.verdict(Kind.INFO, "ante", coins=ante, deal=state.deal, bank=state.bank)
            )
        return state

    # ----------------------------------------------------------------------------------------
    # What the displays read.

    def scores(self, state: State) -> dict[str, int]:
        return dict(zip(state.players, state.coins, strict=True))

    def view(self, state: State) -> dict[str, Any]:
        players = state.players
        return {
            "players": list(players),
            "turn": None if state.turn is None else players[state.turn],
            "scores": self.scores(state),
            "over": state.over,
            "winner": best_of(self.scores(state)) if state.over else None,
            "deal": state.deal,
            "bank": state.bank,
            "layout": row_text(state.layout),
            "on_table": len(on_table(state.layout)),
            "cards_left": dict(zip(players, state.counts, strict=True)),
            "known_hands": {
                p: cards_text(h) for p, h in zip(players, state.hands, strict=True) if h is not None
            },
            "playable": self._playable(state),
            "passes": len(state.passes),
            "proven_passes": sum(1 for x in state.passes if x.proven),
            "information": self.rules.information,
        }

    def _playable(self, state: State) -> list[str] | None:
        """The cards that fit now in the hand of the player to move, where that hand is known
        (the must-play hint of a display); None while it is hidden."""
        if state.turn is None or state.hands[state.turn] is None:
            return None
        return [str(card) for card in legal_cards(state.layout, state.hands[state.turn] or ())]

    def open_actions(self, state: State) -> list[Action]:
        """The decisions open now.  Public information: any card that fits and is not known
        to be elsewhere, and the pass, which only the hand (when known) can refuse."""
        if state.over:
            return []
        unseen = [
            card
            for card in DECK
            if card not in on_table(state.layout)
            and not any(card in hand for hand in state.hands if hand is not None)
        ]
        if self.rules.full and None in state.hands and not opened(state.layout):
            return [
                Action("show", p)
                for p, h in zip(state.players, state.hands, strict=True)
                if h is None
            ]
        if state.turn is None:  # public: whoever holds the 9 of diamonds opens
            return [Action("play", p, {"card": str(OPENING)}) for p in state.players]
        player = state.players[state.turn]
        hand = state.hands[state.turn]
        fits = legal_cards(state.layout, unseen if hand is None else hand)
        out = [Action("play", player, {"card": str(card)}) for card in fits]
        if hand is None or not fits:
            out.append(Action("pass", player))
        return out

    def score_sheet(self, state: State) -> dict[str, Any]:
        """The coins as the table keeps them: what each started with, each deal's net (antes,
        fines, the bank taken), the fines and the banks in all, and the coins now."""
        players = state.players
        start = {p: self.rules.start_coins for p in players}
        rows = [sheet_row("start", "Coins at the start", "Монет в начале", start)]
        for number, result in enumerate(state.results, start=1):
            who = players[result.winner]
            rows.append(
                sheet_row(
                    f"deal_{number}",
                    f"Deal {number}: {who} takes the bank of {result.bank}",
                    f"Сдача {number}: {who} забирает банк {result.bank}",
                    dict(zip(players, result.net, strict=True)),
                )
            )
        if not state.over:
            rows.append(
                sheet_row(
                    f"deal_{state.deal}",
                    f"Deal {state.deal} so far (bank {state.bank})",
                    f"Сдача {state.deal}, идёт (в банке {state.bank})",
                    dict(zip(players, state.net, strict=True)),
                )
            )
        rows.append(
            sheet_row(
                "fines",
                "Fines paid",
                "Уплачено штрафов",
                dict(zip(players, state.fines, strict=True)),
                "subtotal",
            )
        )
        rows.append(
            sheet_row(
                "banks",
                "Banks taken",
                "Взято банков",
                dict(zip(players, state.banks, strict=True)),
                "subtotal",
            )
        )
        rows.append(self.total_row(self.scores(state)))
        return {"columns": list(players), "rows": rows}


def _in_deck_order(cards: Hand) -> Hand:
    """Suits C D H S, each 6..A: how a hand is listed on a display."""
    return tuple(sorted(cards, key=DECK.index))


def _without(hand: Hand, card: Card) -> Hand:
    return tuple(c for c in hand if c != card)


ENGINE = Devyatka
