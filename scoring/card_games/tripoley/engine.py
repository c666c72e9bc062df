"""Tripoley (docs/rules/tripoley.md): every player antes a chip on each pocket of the layout;
the pay cards collect their pockets (stage one), a round of limit poker plays for the pot
(stage two), and Michigan (stage three) pays the first player out of cards the kitty and a chip
for every card left in the other hands.

Hands are hidden: the referee counts each hand's cards (from the deal, changed by an exchange
or a sale of the spare) and checks what the table shows: the pay cards laid down, the five
cards tabled, the cards played, each seen once and by one player in a deal.

Verbs (docs/rules/tripoley.md §7): ``exchange``, ``sell`` (``to``, ``price``), ``keep``;
``claim`` (``cards``), ``payouts_done``; ``check``, ``bet``/``raise`` (``chips``), ``call``,
``fold``, ``show`` (``cards``); ``play`` (``card``), ``stop``, ``pass``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from scoring.actions import Action, IntField, NameField, Verb
from scoring.card_games.common import card_words, put
from scoring.card_games.holdem.hands import HandValue, five_card_value
from scoring.card_games.tripoley.messages import COLOURS_RU, MESSAGES, PHASES_RU
from scoring.card_games.tripoley.pots import Paid, pay_pots
from scoring.card_games.tripoley.rules import (
    HEARTS,
    KING_QUEEN,
    KITTY,
    PLAYERS_MAX,
    PLAYERS_MIN,
    POCKET_NAMES,
    POCKETS,
    POT,
    RUN,
    Rules,
    hand_sizes,
)
from scoring.card_games.tripoley.state import Phase, State
from scoring.card_games.tripoley.view import public_view, score_sheet
from scoring.cards import RANKS, SUITS, Card, CardField, CardsField, cards_text, deck, parse_card
from scoring.engine import BaseEngine, check_players, result_verdicts, seat_of
from scoring.verdicts import COMMON, Kind, Verdict

DECK = deck(52)
ACE = RANKS.index("A")
ANTE = len(POCKETS)  # a chip on each pocket (R2)
POKER_CARDS = 5
RED = ("D", "H")
Outcome = tuple[State, list[Verdict]]
#: The verbs of each stage, for the refusal that names the stage.
STAGES = {
    Phase.SPARE: ("exchange", "sell", "keep"),
    Phase.PAYOUTS: ("claim", "payouts_done"),
    Phase.POKER: ("check", "bet", "raise", "call", "fold"),
    Phase.SHOWDOWN: ("show",),
    Phase.MICHIGAN: ("play", "stop", "pass"),
}


def pocket(layout: tuple[int, ...], name: str) -> int:
    return layout[POCKETS.index(name)]


def set_pocket(layout: tuple[int, ...], name: str, amount: int) -> tuple[int, ...]:
    return put(layout, POCKETS.index(name), amount)


def colour_of(card: Card) -> str:
    return "red" if card.suit in RED else "black"


class TripoleyEngine(BaseEngine[State]):
    """One engine for every preset (docs/rules/tripoley.md §5)."""

    total_title = ("Chips", "Фишки")

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        self.game, self.preset = game, preset
        self.rules = Rules.read(options)
        cards = CardsField(DECK, 1, 3)
        self._verbs = {
            "exchange": Verb("exchange", summary="the dealer takes the spare hand"),
            "sell": Verb(
                "sell",
                {"to": NameField(), "price": IntField(0)},
                ("to", "price"),
                summary="the dealer sells the spare hand",
            ),
            "keep": Verb("keep", summary="the dealer keeps his hand"),
            "claim": Verb("claim", {"cards": cards}, ("cards",), summary="lay pay cards down"),
            "payouts_done": Verb("payouts_done", summary="stage one is over"),
            "check": Verb("check"),
            "call": Verb("call"),
            "fold": Verb("fold"),
            "bet": Verb("bet", {"chips": IntField(1)}, ("chips",), summary="open the betting"),
            "raise": Verb("raise", {"chips": IntField(1)}, ("chips",), summary="over the call"),
            "show": Verb(
                "show",
                {"cards": CardsField(DECK, POKER_CARDS, POKER_CARDS)},
                ("cards",),
                summary="the five poker cards",
            ),
            "play": Verb("play", {"card": CardField(DECK)}, ("card",), summary="Michigan"),
            "stop": Verb("stop", needs_player=False, summary="nobody can follow"),
            "pass": Verb("pass", summary="the leader holds only the suit just played"),
        }
        runs: dict[str, Callable[[State, int, Action], Outcome]] = {
            "exchange": self._exchange,
            "sell": self._sell,
            "keep": lambda s, p, a: self._payouts_begin(s, [self._say("keep", s, p)]),
            "claim": self._claim,
            "payouts_done": lambda s, p, a: self._payouts_end(s),
            "check": self._check,
            "call": self._call,
            "fold": self._fold,
            "bet": self._bet,
            "raise": self._bet,
            "show": self._show,
            "play": self._play,
            "stop": lambda s, p, a: self._stop(s),
            "pass": self._pass,
        }
        self._runs = runs
        self._handlers = {verb: self._dispatch for verb in runs}

    # ----------------------------------------------------------------------------------------
    # The table and the deal (R1-R5, D1-D3).

    def initial(self, players: Sequence[str]) -> State:
        check_players(players, PLAYERS_MIN, PLAYERS_MAX)
        chips = (self.rules.stack,) * len(players)
        state = State(players=tuple(players), start=chips, chips=chips, layout=(0,) * ANTE)
        return self._deal(state, 1, 0)[0]

    def _deals(self, state: State) -> int:
        return self.rules.deals or state.seats

    def _deal(self, state: State, number: int, dealer: int) -> Outcome:
        """A deal begins: the antes (a player who cannot pay is out, D2), the hands counted."""
        verdicts: list[Verdict] = []
        dealt = tuple(chips >= ANTE for chips in state.chips)
        before = state.dealt or dealt
        for seat in range(state.seats):
            if before[seat] and not dealt[seat]:
                verdicts.append(self._say("out_of_game", state, seat))
        if sum(dealt) < PLAYERS_MIN:
            return self._final_or_over(state, verdicts)
        if not dealt[dealer]:
            dealer = state.next_seat(dealer, lambda seat: dealt[seat]) or dealer
        chips = tuple(c - ANTE if d else c for c, d in zip(state.chips, dealt, strict=True))
        layout = tuple(amount + sum(dealt) for amount in state.layout)
        order = [(dealer + 1 + k) % state.seats for k in range(state.seats)]
        counts, spare = hand_sizes([seat for seat in order if dealt[seat]], state.seats)
        n = state.seats
        state = replace(
            state,
            deal=number,
            dealer=dealer,
            dealt=dealt,
            deal_start=state.chips,
            chips=chips,
            layout=layout,
            counts=counts,
            spare=spare,
            exchanged=False,
            seen=(),
            gone=(),
            runs=(),
            bets=(0,) * n,
            folded=(False,) * n,
            acted=(False,) * n,
            current=0,
            hands=(None,) * n,
            order=(),
            winners=(),
            suit=None,
            rank=-1,
            last=None,
            stopped=None,
            colour="black",
            passes=0,
            played=(),
            turn=dealer,
            phase=Phase.SPARE,
            final=False,
        )
        verdicts.append(
            MESSAGES.verdict(Kind.TURN, "ante", deal=number, dealer=state.players[dealer])
        )
        if self.rules.spare == "none":
            return self._payouts_begin(state, verdicts)
        return state, verdicts

    def _dispatch(self, state: State, action: Action) -> Outcome:
        """The stage's checks, then the verb's own handler with the actor's seat."""
        if action.verb not in STAGES.get(state.phase, ()):
            phase = state.phase.value
            raise MESSAGES.illegal("wrong_stage", phase=phase, phase_ru=PHASES_RU[phase])
        seat = -1
        if action.by is not None:
            seat = seat_of(state.players, action.by, state.over)
            if not state.dealt[seat]:
                raise MESSAGES.illegal("not_in_hand", action.by)
        return self._runs[action.verb](state, seat, action)

    def admit(self, state: State, action: Action) -> None:
        if state.over:
            raise COMMON.illegal("game_over", action.by)

    def _say(self, code: str, state: State, seat: int, **data: Any) -> Verdict:
        return MESSAGES.verdict(Kind.INFO, code, state.players[seat], **data)

    def _dealer_only(self, state: State, seat: int) -> None:
        if seat != state.dealer:
            raise MESSAGES.illegal("not_dealer", dealer=state.players[state.dealer])

    # ----------------------------------------------------------------------------------------
    # The spare hand (R4, D4).

    def _exchange(self, state: State, seat: int, action: Action) -> Outcome:
        self._dealer_only(state, seat)
        if state.exchanged:
            raise MESSAGES.illegal("exchanged_already", state.players[seat])
        state = replace(
            state,
            counts=put(state.counts, seat, state.spare),
            spare=state.counts[seat],
            exchanged=True,
        )
        return state, [self._say("exchange", state, seat)]

    def _sell(self, state: State, seat: int, action: Action) -> Outcome:
        self._dealer_only(state, seat)
        buyer_name, price = action.args["to"], action.args["price"]
        if buyer_name not in state.players or buyer_name == state.players[seat]:
            raise MESSAGES.illegal("bad_buyer", other=buyer_name)
        buyer = state.players.index(buyer_name)
        if not state.dealt[buyer]:
            raise MESSAGES.illegal("bad_buyer", other=buyer_name)
        if state.chips[buyer] < price:
            raise MESSAGES.illegal("short_of_chips", buyer_name, chips=state.chips[buyer])
        chips = put(state.chips, buyer, state.chips[buyer] - price)
        state = replace(
            state,
            chips=put(chips, seat, chips[seat] + price),
            counts=put(state.counts, buyer, state.spare),
            spare=state.counts[buyer],
        )
        verdict = self._say("sold", state, seat, other=buyer_name, price=price)
        return self._payouts_begin(state, [verdict])

    # ----------------------------------------------------------------------------------------
    # Stage one: the pay cards (R6-R9, D5).

    def _payouts_begin(self, state: State, verdicts: list[Verdict]) -> Outcome:
        if self.rules.payouts == "michigan":
            return self._poker_begin(state, verdicts)
        return replace(state, phase=Phase.PAYOUTS, turn=state.dealer), verdicts

    def _run_suits(self) -> list[tuple[Card, ...]]:
        return [tuple(Card(rank, suit) for rank in self.rules.sequence) for suit in SUITS]

    def _claim(self, state: State, seat: int, action: Action) -> Outcome:
        player = state.players[seat]
        cards = tuple(parse_card(text) for text in action.args["cards"])
        for card in cards:
            holder = state.holder(card)
            if holder is not None:
                raise MESSAGES.illegal(
                    "claimed", player, other=state.players[holder], **card_words(card)
                )
        laid = {card for card, holder in state.seen if holder == seat} | set(cards)
        runs = [run for run in self._run_suits() if set(run) <= laid]
        hearts = [card for card in cards if str(card) in HEARTS]
        if any(str(card) not in HEARTS and not any(card in run for run in runs) for card in cards):
            raise MESSAGES.illegal("pays_nothing", player, cards=cards_text(cards))
        state = replace(state, seen=(*state.seen, *((card, seat) for card in cards)))
        verdicts: list[Verdict] = []
        for card in hearts:
            state, verdict = self._collect(state, seat, str(card))
            verdicts.append(verdict)
        if runs and seat not in state.runs:
            state = replace(state, runs=(*state.runs, seat))
        if (
            any(str(card) in ("KH", "QH") for card in hearts)
            and {Card("K", "H"), Card("Q", "H")} <= laid
        ):
            state, verdict = self._collect(state, seat, KING_QUEEN)
            verdicts.append(verdict)
        return state, verdicts

    def _collect(self, state: State, seat: int, name: str) -> tuple[State, Verdict]:
        """A pocket's chips to a player."""
        amount = pocket(state.layout, name)
        state = replace(
            state,
            layout=set_pocket(state.layout, name, 0),
            chips=put(state.chips, seat, state.chips[seat] + amount),
        )
        en, ru = POCKET_NAMES[name]
        return state, self._say("collects", state, seat, pocket=en, pocket_ru=ru, amount=amount)

    def _payouts_end(self, state: State) -> Outcome:
        """The run pocket shared among those who laid a run, the remainder left (R8, R9)."""
        verdicts: list[Verdict] = []
        if state.runs:
            amount = pocket(state.layout, RUN)
            share, rest = divmod(amount, len(state.runs))
            chips = list(state.chips)
            for seat in state.runs:
                chips[seat] += share
            state = replace(state, chips=tuple(chips), layout=set_pocket(state.layout, RUN, rest))
            en, ru = POCKET_NAMES[RUN]
            shares = ", ".join(f"{state.players[s]} {share}" for s in state.runs)
            verdicts.append(
                MESSAGES.verdict(
                    Kind.INFO,
                    "run_shared",
                    pocket=en,
                    pocket_ru=ru,
                    shares=shares,
                    rest=f"; {rest} left" if rest else "",
                    rest_ru=f"; {rest} остаётся" if rest else "",
                )
            )
        left = [name for name in (*HEARTS, KING_QUEEN, RUN) if pocket(state.layout, name)]
        if left:
            verdicts.append(
                MESSAGES.verdict(
                    Kind.INFO,
                    "left_on_layout",
                    pockets=", ".join(POCKET_NAMES[name][0] for name in left),
                    pockets_ru=", ".join(POCKET_NAMES[name][1] for name in left),
                )
            )
        return self._poker_begin(state, verdicts)

    # ----------------------------------------------------------------------------------------
    # Stage two: poker (R10-R15, D6, D7); the final round for the layout (R21).

    def _poker_begin(self, state: State, verdicts: list[Verdict]) -> Outcome:
        n = state.seats
        opener = self._opener(state)
        state = replace(
            state,
            phase=Phase.POKER,
            turn=opener,
            bets=(0,) * n,
            folded=(False,) * n,
            acted=(False,) * n,
            current=0,
            hands=(None,) * n,
        )
        return state, [*verdicts, self._say("poker", state, opener)]

    def _opener(self, state: State) -> int:
        """Who opens the poker betting: left of the dealer (R11), or the dealer (V3)."""
        if self.rules.poker_opens == "dealer" and state.dealt[state.dealer]:
            return state.dealer
        opener = state.next_seat(state.dealer, lambda seat: state.dealt[seat])
        assert opener is not None
        return opener

    def _poker_turn(self, state: State, seat: int) -> None:
        if seat != state.turn:
            turn = state.players[state.turn] if state.turn is not None else "-"
            raise COMMON.illegal("not_your_turn", state.players[seat], turn=turn)

    def _check(self, state: State, seat: int, action: Action) -> Outcome:
        self._poker_turn(state, seat)
        if state.current > state.bets[seat]:
            raise MESSAGES.illegal("cannot_check", state.players[seat])
        return self._acted(state, seat, [self._say("check", state, seat)])

    def _call(self, state: State, seat: int, action: Action) -> Outcome:
        self._poker_turn(state, seat)
        owed = min(state.current - state.bets[seat], state.chips[seat])
        if state.current <= state.bets[seat]:
            raise MESSAGES.illegal("nothing_to_call", state.players[seat])
        state = self._pay_in(state, seat, owed)
        return self._acted(state, seat, [self._say("call", state, seat, amount=owed)])

    def _fold(self, state: State, seat: int, action: Action) -> Outcome:
        self._poker_turn(state, seat)
        state = replace(state, folded=put(state.folded, seat, True))
        return self._acted(state, seat, [self._say("fold", state, seat)])

    def _bet(self, state: State, seat: int, action: Action) -> Outcome:
        """A bet opens (nothing bet yet), a raise goes over the call; each at most the limit
        (R15); a player bets only chips he has."""
        self._poker_turn(state, seat)
        player, amount = state.players[seat], action.args["chips"]
        if action.verb == "bet" and state.current:
            raise MESSAGES.illegal("raise_not_bet", player)
        if action.verb == "raise" and not state.current:
            raise MESSAGES.illegal("bet_first", player)
        if amount > self.rules.poker_limit:
            raise MESSAGES.illegal(
                "over_limit", player, amount=amount, limit=self.rules.poker_limit
            )
        owed = state.current - state.bets[seat] + amount
        if owed > state.chips[seat]:
            raise MESSAGES.illegal("short_of_chips", player, chips=state.chips[seat])
        state = self._pay_in(state, seat, owed)
        state = replace(state, current=state.bets[seat], acted=(False,) * state.seats)
        return self._acted(state, seat, [self._say(action.verb, state, seat, amount=amount)])

    def _pay_in(self, state: State, seat: int, amount: int) -> State:
        return replace(
            state,
            chips=put(state.chips, seat, state.chips[seat] - amount),
            bets=put(state.bets, seat, state.bets[seat] + amount),
            layout=set_pocket(state.layout, POT, pocket(state.layout, POT) + amount),
        )

    def _needs(self, state: State, seat: int) -> bool:
        """Still to act: in the hand with chips to add, and either not acted since the last
        bet or short of it (D6: a player whose every chip is in stays in for the pots he
        reached, and is asked nothing more)."""
        if not state.in_hand(seat) or (state.chips[seat] == 0 and state.bets[seat] > 0):
            return False
        return not state.acted[seat] or (state.bets[seat] < state.current and state.chips[seat] > 0)

    def _acted(self, state: State, seat: int, verdicts: list[Verdict]) -> Outcome:
        state = replace(state, acted=put(state.acted, seat, True))
        still = [s for s in range(state.seats) if state.in_hand(s)]
        if len(still) == 1:
            return self._poker_won(state, verdicts, taker=still[0])
        following = state.next_seat(seat, lambda other: self._needs(state, other))
        if following is not None:
            return replace(state, turn=following), verdicts
        opener = self._opener(state)
        order = tuple(s % state.seats for s in range(opener, opener + state.seats))
        shown = tuple(s for s in order if state.in_hand(s))  # D7: from the opener
        state = replace(state, phase=Phase.SHOWDOWN, order=shown, turn=shown[0])
        return state, [*verdicts, self._say("showdown", state, shown[0])]

    def _show(self, state: State, seat: int, action: Action) -> Outcome:
        self._poker_turn(state, seat)
        player = state.players[seat]
        cards = tuple(parse_card(text) for text in action.args["cards"])
        if not state.final and state.counts[seat] < POKER_CARDS:
            raise MESSAGES.illegal("too_many_cards", player, count=state.counts[seat])
        for card in cards:
            holder = state.holder(card)
            if holder is not None and holder != seat:
                raise MESSAGES.illegal(
                    "card_of_another", player, other=state.players[holder], **card_words(card)
                )
        state = replace(
            state,
            hands=put(state.hands, seat, cards),
            seen=(*state.seen, *((c, seat) for c in cards if state.holder(c) is None)),
        )
        value = five_card_value(cards)
        text = " ".join(card.shown() for card in cards)
        verdicts = [self._say("shows", state, seat, cards=text, hand=value.en, hand_ru=value.ru)]
        waiting = [s for s in state.order if state.hands[s] is None]
        if waiting:
            return replace(state, turn=waiting[0]), verdicts
        values: dict[int, HandValue] = {
            s: five_card_value(hand) for s, hand in enumerate(state.hands) if hand is not None
        }
        return self._poker_won(state, verdicts, values=values)

    def _poker_won(
        self,
        state: State,
        verdicts: list[Verdict],
        *,
        values: Mapping[int, HandValue] | None = None,
        taker: int = 0,
    ) -> Outcome:
        """The pot (the whole layout in the final round) to ``taker``, the last player in, or,
        at the showdown, its main and side pots each to its best hands (``values``), shared
        equally, the remainder left (R13, R14, R21, D6); the main pot's winners lead the
        Michigan stage (D11)."""
        prize = sum(state.layout) if state.final else pocket(state.layout, POT)
        if values is None:
            paid, rest = [Paid(prize, (taker,), prize)], 0
        else:
            in_hand = [state.in_hand(seat) for seat in range(state.seats)]
            paid, rest = pay_pots(prize, state.bets, in_hand, values, state.order)
        chips = list(state.chips)
        for pot in paid:
            for seat in pot.winners:
                chips[seat] += pot.share
        if state.final:
            layout = set_pocket((0,) * len(POCKETS), POT, rest)
        else:
            layout = set_pocket(state.layout, POT, rest)
        winners = paid[0].winners
        state = replace(state, chips=tuple(chips), layout=layout, winners=winners)
        verdicts = [*verdicts, *self._pots_verdicts(state, paid, rest)]
        if state.final:
            return self._over(state, verdicts)
        return self._michigan_begin(state, list(winners), verdicts)

    def _pots_verdicts(self, state: State, paid: Sequence[Paid], rest: int) -> list[Verdict]:
        """Each pot's winner or split, the main pot first, then the side pots by number."""
        out = []
        for number, pot in enumerate(paid):
            side: dict[str, Any] = {"number": number} if number else {}
            prefix = "side_" if number else ""
            if len(pot.winners) == 1:
                code = f"{prefix}pot_won" if number or not state.final else "layout_won"
                player = state.players[pot.winners[0]]
                out.append(
                    MESSAGES.verdict(Kind.POINTS, code, player, pot.share, amount=pot.share, **side)
                )
                continue
            shares = ", ".join(f"{state.players[s]} {pot.share}" for s in pot.winners)
            last = number == len(paid) - 1 and rest
            out.append(
                MESSAGES.verdict(
                    Kind.POINTS,
                    f"{prefix}pot_split",
                    shares=shares,
                    rest=f"; {rest} left" if last else "",
                    rest_ru=f"; {rest} остаётся" if last else "",
                    **side,
                )
            )
        return out

    # ----------------------------------------------------------------------------------------
    # Stage three: Michigan (R16-R20, V1, V4, V6, D8, D9).

    def _michigan_begin(self, state: State, winners: list[int], verdicts: list[Verdict]) -> Outcome:
        if self.rules.michigan_leads == "dealer":
            leader = state.dealer
        elif self.rules.michigan_leads == "left":
            leader = state.next_seat(state.dealer, lambda seat: state.dealt[seat]) or 0
        else:  # the poker winner; a tie: the first of them from the dealer's left (R16)
            leader = min(winners, key=lambda seat: (seat - state.dealer - 1) % state.seats)
        state = replace(state, phase=Phase.MICHIGAN, turn=leader, suit=None, played=())
        return state, [*verdicts, self._say("michigan", state, leader)]

    def _play(self, state: State, seat: int, action: Action) -> Outcome:
        player = state.players[seat]
        card = parse_card(action.args["card"])
        if state.counts[seat] == 0:
            raise MESSAGES.illegal("too_many_cards", player, count=0)
        if card in state.gone:
            raise MESSAGES.illegal("played_already", player, **card_words(card))
        holder = state.holder(card)
        if holder is not None and holder != seat:
            raise MESSAGES.illegal(
                "card_of_another", player, other=state.players[holder], **card_words(card)
            )
        if state.suit is None:
            self._check_lead(state, seat, card)
            code = "lead"
            state = replace(state, played=(), passes=0)
        else:
            following = Card(RANKS[state.rank + 1], state.suit) if state.rank < ACE else None
            if card != following:
                nxt = following or card
                raise MESSAGES.illegal(
                    "not_next",
                    player,
                    **card_words(card),
                    next=str(nxt),
                    next_ru=nxt.shown("ru"),
                )
            code = "follow"
        state = replace(
            state,
            suit=card.suit,
            rank=card.rank_index,
            last=seat,
            counts=put(state.counts, seat, state.counts[seat] - 1),
            played=(*state.played, (card, seat)),
            gone=(*state.gone, card),
            seen=(*state.seen, *(((card, seat),) if holder is None else ())),
            turn=None,
        )
        verdicts = [self._say(code, state, seat, **card_words(card))]
        if self.rules.payouts == "michigan":
            state, paid = self._paid_in_play(state, seat)
            verdicts += paid
        if state.counts[seat] == 0:
            return self._out(state, seat, verdicts)
        if card.rank_index == ACE:
            state = self._stopped(state)
            return state, [*verdicts, self._say("ace_stop", state, seat)]
        if Card(RANKS[card.rank_index + 1], card.suit) in state.gone:  # R17: played already
            state = self._stopped(state)
            return state, [*verdicts, self._say("stop", state, seat)]
        return state, verdicts

    def _check_lead(self, state: State, seat: int, card: Card) -> None:
        player = state.players[seat]
        if state.turn != seat:
            turn = state.players[state.turn] if state.turn is not None else "-"
            raise COMMON.illegal("not_your_turn", player, turn=turn)
        if card.suit == state.stopped:
            raise MESSAGES.illegal("same_suit", player)
        if self.rules.alternate_colours and colour_of(card) != state.colour:
            raise MESSAGES.illegal(
                "wrong_colour", player, colour=state.colour, colour_ru=COLOURS_RU[state.colour]
            )

    def _paid_in_play(self, state: State, seat: int) -> tuple[State, list[Verdict]]:
        """V1: a pay card's pocket to whoever plays it; king-queen for the queen and king of
        hearts played in a row by one player; the run for its three cards in a row."""
        card, _ = state.played[-1]
        verdicts = []
        if str(card) in HEARTS:
            state, verdict = self._collect(state, seat, str(card))
            verdicts.append(verdict)
        for size, wanted, name in ((2, ("Q", "K"), KING_QUEEN), (3, self.rules.sequence, RUN)):
            last = state.played[-size:]
            in_a_row = len(last) == size and all(who == seat for _, who in last)
            suited = name != KING_QUEEN or card.suit == "H"  # king-queen of hearts only
            if in_a_row and suited and tuple(c.rank for c, _ in last) == wanted:
                state, verdict = self._collect(state, seat, name)
                verdicts.append(verdict)
        return state, verdicts

    def _stopped(self, state: State) -> State:
        """The run of plays ends (an ace or a stop): its last player leads, not in its suit."""
        colour = "red" if state.colour == "black" else "black"
        return replace(
            state, stopped=state.suit, suit=None, turn=state.last, colour=colour, passes=0
        )

    def _stop(self, state: State) -> Outcome:
        if state.suit is None:
            raise MESSAGES.illegal("nothing_to_stop")
        state = self._stopped(state)
        assert state.turn is not None
        return state, [self._say("stop", state, state.turn)]

    def _pass(self, state: State, seat: int, action: Action) -> Outcome:
        """The leader holds only the suit just played: the lead goes left (R20, V6)."""
        if state.suit is not None:
            raise MESSAGES.illegal("not_leading")
        if state.stopped is None:
            raise MESSAGES.illegal("nothing_played", state.players[seat])
        if seat != state.turn:
            turn = state.players[state.turn] if state.turn is not None else "-"
            raise COMMON.illegal("not_your_turn", state.players[seat], turn=turn)
        passes = state.passes + 1
        holders = sum(1 for s in range(state.seats) if state.dealt[s] and state.counts[s])
        if passes >= holders:
            return self._nobody_leads(state)
        following = state.next_seat(seat, lambda s: state.dealt[s] and state.counts[s] > 0)
        assert following is not None
        state = replace(state, turn=following, passes=passes)
        return state, [self._say("passes", state, seat, other=state.players[following])]

    def _out(self, state: State, seat: int, verdicts: list[Verdict]) -> Outcome:
        """The first player out of cards: the kitty, and a chip a card from the others (R19)."""
        kitty = pocket(state.layout, KITTY)
        chips = list(state.chips)
        paid = 0
        for other in range(state.seats):
            if other != seat and state.dealt[other]:
                due = min(state.counts[other], chips[other])
                chips[other] -= due
                paid += due
        chips[seat] += kitty + paid
        state = replace(state, chips=tuple(chips), layout=set_pocket(state.layout, KITTY, 0))
        verdict = MESSAGES.verdict(
            Kind.POINTS, "out", state.players[seat], kitty + paid, kitty=kitty, paid=paid
        )
        return self._deal_over(state, [*verdicts, verdict])

    def _nobody_leads(self, state: State) -> Outcome:
        """Nobody can lead another suit: a chip a card into the kitty (R20)."""
        chips = list(state.chips)
        paid = 0
        for seat in range(state.seats):
            if state.dealt[seat]:
                due = min(state.counts[seat], chips[seat])
                chips[seat] -= due
                paid += due
        layout = set_pocket(state.layout, KITTY, pocket(state.layout, KITTY) + paid)
        state = replace(state, chips=tuple(chips), layout=layout)
        return self._deal_over(state, [MESSAGES.verdict(Kind.POINTS, "nobody_leads", paid=paid)])

    # ----------------------------------------------------------------------------------------
    # The end of a deal and of the game (R21, D1).

    def _deal_over(self, state: State, verdicts: list[Verdict]) -> Outcome:
        net = tuple(
            after - before for after, before in zip(state.chips, state.deal_start, strict=True)
        )
        state = replace(state, history=(*state.history, net))
        if state.deal >= self._deals(state):
            return self._final_or_over(state, verdicts)
        following = state.next_seat(state.dealer, lambda seat: state.chips[seat] >= ANTE)
        state, more = self._deal(state, state.deal + 1, following if following is not None else 0)
        return state, [*verdicts, *more]

    def _final_or_over(self, state: State, verdicts: list[Verdict]) -> Outcome:
        """The layout's chips played for in one more poker round, or the game's end."""
        players_left = [seat for seat in range(state.seats) if state.chips[seat] > 0]
        if not self.rules.final_round or not sum(state.layout):
            return self._over(state, verdicts)
        if len(players_left) == 1:  # D1: nobody to play against: the layout is his
            winner = replace(state, final=True, deal_start=state.chips)
            return self._poker_won(winner, verdicts, taker=players_left[0])
        n = state.seats
        dealt = tuple(chips > 0 for chips in state.chips)
        state = replace(
            state,
            final=True,
            dealt=dealt,
            deal_start=state.chips,
            counts=tuple(POKER_CARDS if d else 0 for d in dealt),
            seen=(),
            bets=(0,) * n,
        )
        return self._poker_begin(state, verdicts)

    def _over(self, state: State, verdicts: list[Verdict]) -> Outcome:
        if state.final:
            net = tuple(
                after - before for after, before in zip(state.chips, state.deal_start, strict=True)
            )
            state = replace(state, history=(*state.history, net))
        state = replace(state, phase=Phase.OVER, turn=None)
        scores = dict(zip(state.players, state.chips, strict=True))
        return state, [*verdicts, *result_verdicts(scores)]

    # ----------------------------------------------------------------------------------------
    # What is open, the view and the sheet.

    def open_actions(self, state: State) -> list[Action]:
        if state.over:
            return []
        name = state.players
        if state.phase is Phase.SPARE:
            dealer = name[state.dealer]
            out = [Action("keep", dealer), Action("sell", dealer)]
            return out if state.exchanged else [Action("exchange", dealer), *out]
        if state.phase is Phase.PAYOUTS:
            return [*self._claims(state), Action("payouts_done", name[state.dealer])]
        if state.phase is Phase.SHOWDOWN:
            assert state.turn is not None
            return [Action("show", name[state.turn])]
        if state.phase is Phase.POKER:
            return self._poker_actions(state)
        if state.suit is None:
            assert state.turn is not None
            leads = [Action("play", name[state.turn])]
            return leads if state.stopped is None else [*leads, Action("pass", name[state.turn])]
        out = [Action("stop")]
        if state.rank < ACE:
            following = str(Card(RANKS[state.rank + 1], state.suit))
            holder = state.holder(parse_card(following))
            out += [
                Action("play", name[seat], {"card": following})
                for seat in range(state.seats)
                if state.dealt[seat] and state.counts[seat] and holder in (None, seat)
            ]
        return out

    def _claims(self, state: State) -> list[Action]:
        """The pay cards and runs nobody has laid yet, as each player's claim."""
        free = [[card] for card in HEARTS if state.holder(parse_card(card)) is None] + [
            [str(card) for card in run]
            for run in self._run_suits()
            if all(state.holder(card) is None for card in run)
        ]
        return [
            Action("claim", name, {"cards": cards})
            for seat, name in enumerate(state.players)
            if state.dealt[seat]
            for cards in free
        ]

    def _poker_actions(self, state: State) -> list[Action]:
        seat = state.turn
        assert seat is not None
        player = state.players[seat]
        owed = state.current - state.bets[seat]
        out = [Action("call" if owed > 0 else "check", player), Action("fold", player)]
        verb = "raise" if state.current else "bet"
        room = min(self.rules.poker_limit, state.chips[seat] - max(owed, 0))
        out += [Action(verb, player, {"chips": k}) for k in range(1, room + 1)]
        return out

    def view(self, state: State) -> dict[str, Any]:
        return public_view(state, self.rules)

    def score_sheet(self, state: State) -> dict[str, Any]:
        return score_sheet(state, self.total_row)


ENGINE = TripoleyEngine
