"""Card Ball (pool with cards, rules/cards.md §4, seed 004 L67-L129), refereed shot by shot.

Each player is dealt 7 cards; the rest is the deck for penalties.  A player pockets the balls
of his cards (ace = 1 ... king = 13, L94) and lays those cards down; the first with an empty
hand wins (L92, L98) and every other player pays ``card_price`` per card left (L84).  Two hands
emptied by one shot: the shooter's wins (L104); without his, the players who went out draw for
the highest card (L105).  What one shot is worth: :mod:`.rules`.

A referee at a real pool table feeds it what he sees: one ``shot`` per stroke (the balls
pocketed, a ball driven to a rail, a scratch, balls off the table, and the cards the shooter
lays down for his balls), the penalty ``draw`` after a foul (the cards set aside because their
balls are gone, L111-L112), and the ``discard`` of every other player who holds a card of a
pocketed ball (L101: before his next turn).  Balls pocketed on a foul stay down and their
cards leave every hand too [ASM]: a card whose ball is gone can never be laid, which is why a
penalty card for a missing ball is set aside (L112).  An emptied hand on a foul shot draws its
penalty first and plays on [ASM].

Public information (the default, §8.2): hands are hidden; the referee trusts the cards laid
down and flags a breach when it is proven: a player who lays down (or shows) a card of a ball
that went down before a shot he took since (or that he pocketed himself: he lays them all at
once, L101) held a dead card at his turn.  ``information: full`` gives the referee every hand
(``show`` before the break, penalty cards named in ``kept``): the shooter's cards for his balls
are then laid for him, and the other players' dead cards are discarded at once.

The draw for the highest card (L105) is a chance event, supplied like a penalty card: each
player of the tie names the card he drew.  [ASM] The seed names neither the deck nor the
order, so: each draws one card from the whole pack, shuffled (the stock may be used up, L111,
and the game's cards are all counted by then); the value is the ball number (A = 1 ... K = 13,
L94), as for the shooting order (:meth:`CardBall.next_order`); those equal at the top draw
again (suits have no rank in Card Ball).  [ASM] Only ``information: full`` sees hands empty
together: in public information each other player's discard is his own action, entered one at
a time before his turn (L101), and the first whose hand it empties wins.

Verbs:

``shot``     ``{"do": "shot", "by": P, "pocketed": [12], "rail": true, "scratch": false,
             "off_table": [], "cards": ["QS", "QH"]}``: every field but ``by`` may be left out.
``draw``     ``{"do": "draw", "by": P, "aside": ["5H"], "kept": ["9C"]}``: the penalty.
``discard``  ``{"do": "discard", "by": P, "cards": ["QC"]}``: cards of balls already down.
``show``     ``{"do": "show", "by": P, "cards": [...]}``: the whole hand laid open.
``high_card`` ``{"do": "high_card", "by": P, "card": "KS"}``: the card P drew for the tie (L105).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring.actions import Action, BoolField, Verb
from scoring.card_games.card_ball.messages import MESSAGES
from scoring.card_games.card_ball.rules import (
    AUXILIARY,
    BALLS,
    DECK,
    RANK_OF_BALL,
    BallsField,
    Judgement,
    Rules,
    ball_of,
    judge,
)
from scoring.card_games.common import card_words, parse_cards, put
from scoring.cards import Card, CardField, CardsField, cards_text, parse_card
from scoring.engine import BaseEngine, check_players, check_seat, seat_of, seated, sheet_row
from scoring.verdicts import COMMON, Kind, Verdict

Hand = tuple[Card, ...]


@dataclass(frozen=True)
class Down:
    """A numbered ball pocketed: at which shot, by whom (for proving a late discard)."""

    ball: int
    shot: int
    shooter: int


@dataclass(frozen=True)
class State:
    """Between two actions.  Per-player tuples follow ``players``."""

    players: tuple[str, ...]
    counts: tuple[int, ...]
    hands: tuple[Hand | None, ...]  # known hands (full information or shown)
    laid: tuple[int, ...]  # cards laid down
    drawn: tuple[int, ...]  # penalty cards taken
    last_shot: tuple[int, ...]  # each player's latest shot number (0: none yet)
    stock: int
    table: tuple[int, ...] = BALLS  # balls on the table
    out: tuple[Card, ...] = ()  # cards laid down or set aside, face up
    down: tuple[Down, ...] = ()
    turn: int | None = 0
    penalty: int = 0  # cards the shooter must draw before the turn passes
    shots: int = 0
    winner: int | None = None  # one seat: L104 and L105 leave no shared win
    proven: tuple[Card, ...] = ()  # dead cards proven held too long (flagged once)
    tie: tuple[int, ...] = ()  # out together without the shooter, drawing (L105)
    high_cards: tuple[tuple[int, Card], ...] = ()  # this round of the draw: (seat, card)

    @property
    def over(self) -> bool:
        return self.winner is not None


#: A verb's handler given the actor's seat (see :func:`scoring.engine.seated`).
Run = Callable[[State, int, Action], tuple[State, list[Verdict]]]


class CardBall(BaseEngine[State]):
    """The engine (see the module docstring)."""

    total_title = ("Cards in hand", "Карт на руках")

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        self.game, self.preset = game, preset
        self.rules = Rules.read(options)
        balls = BallsField()
        cards = CardsField(DECK, 0, len(DECK))
        self._verbs = {
            "shot": Verb(
                "shot",
                {
                    "pocketed": balls,
                    "rail": BoolField(),
                    "scratch": BoolField(),
                    "off_table": balls,
                    "cards": cards,
                },
                summary="one stroke: balls pocketed, rail, scratch, balls off, cards laid down",
            ),
            "draw": Verb(
                "draw",
                {"aside": cards, "kept": cards},
                summary="the penalty: cards set aside (ball gone), cards kept (full: named)",
            ),
            "discard": Verb(
                "discard", {"cards": cards}, ("cards",), summary="cards of balls already down"
            ),
            "show": Verb("show", {"cards": cards}, ("cards",), summary="lay the hand open"),
            "high_card": Verb(
                "high_card",
                {"card": CardField(DECK)},
                ("card",),
                summary="the card drawn for a tie: the highest wins (L105)",
            ),
        }
        runs: dict[str, Run] = {
            "high_card": self._high_card,
            "show": lambda state, p, action: self._show(
                state, p, parse_cards(action.args["cards"])
            ),
            "discard": lambda state, p, action: self._discard(
                state, p, parse_cards(action.args["cards"])
            ),
            "draw": self._draw_verb,
            "shot": self._shot_verb,
        }
        self._handlers = {verb: seated(run) for verb, run in runs.items()}

    def initial(self, players: Sequence[str]) -> State:
        check_players(players, self.rules.players_min, self.rules.players_max)
        n = len(players)
        size = self.rules.hand_size
        return State(
            players=tuple(players),
            counts=(size,) * n,
            hands=(None,) * n,
            laid=(0,) * n,
            drawn=(0,) * n,
            last_shot=(0,) * n,
            stock=len(DECK) - n * size,
        )

    # ----------------------------------------------------------------------------------------
    # Rules.

    def apply(self, state: State, action: Action) -> tuple[State, list[Verdict]]:
        """While a tie for the highest card is open, whatever a player of it does is his draw
        (L105); otherwise the verb's handler after :meth:`admit`."""
        if state.tie:
            p = seat_of(state.players, action.by, state.over)
            return self._high_card(state, p, action)
        return super().apply(state, action)

    def admit(self, state: State, action: Action) -> None:
        """Anyone seated until the game is over may show or discard; with full information
        the rest waits for every hand to be shown, and is the shooter's, a shot after the
        penalty draw he owes."""
        player = action.by or ""
        seat_of(state.players, player, state.over)
        if action.verb in ("high_card", "show", "discard"):
            return
        if self.rules.full and None in state.hands:
            waiting = [q for q, h in zip(state.players, state.hands, strict=True) if h is None]
            raise MESSAGES.illegal("show_hands_first", player, waiting=", ".join(waiting))
        check_seat(state.players, state.players[state.turn or 0], action)
        if action.verb == "shot" and state.penalty:
            raise MESSAGES.illegal("draw_first", player, count=state.penalty)

    def _shot_verb(self, state: State, p: int, action: Action) -> tuple[State, list[Verdict]]:
        args = action.args
        laid = args.get("cards")
        return self._shot(
            state,
            p,
            args.get("pocketed", ()),
            None if laid is None else parse_cards(laid),
            args.get("rail", False),
            args.get("scratch", False),
            args.get("off_table", ()),
        )

    def _draw_verb(self, state: State, p: int, action: Action) -> tuple[State, list[Verdict]]:
        kept = action.args.get("kept")
        aside = parse_cards(action.args.get("aside", ()))
        return self._draw(state, p, aside, kept and parse_cards(kept))

    def _check_card(self, state: State, p: int | None, card: Card) -> None:
        """A card out of play or in another known hand cannot come from ``p``'s hand (or,
        with ``p`` None, from the deck)."""
        player = None if p is None else state.players[p]
        if card in state.out:
            raise MESSAGES.illegal("card_seen", player, **card_words(card))
        for q, hand in enumerate(state.hands):
            if q != p and hand is not None and card in hand:
                raise MESSAGES.illegal(
                    "held_elsewhere", player, holder=state.players[q], **card_words(card)
                )
        own = None if p is None else state.hands[p]
        if own is not None and card not in own:
            raise MESSAGES.illegal("not_in_hand", player, **card_words(card))

    def _shot(
        self,
        state: State,
        p: int,
        pocketed: Sequence[int],
        laid: Hand | None,
        rail: bool,
        scratch: bool,
        off_table: Sequence[int],
    ) -> tuple[State, list[Verdict]]:
        player = state.players[p]
        named = [*pocketed, *off_table]
        for ball in named:
            if named.count(ball) > 1:
                raise MESSAGES.illegal("ball_twice", player, ball=ball)
            if ball not in state.table:
                raise MESSAGES.illegal("ball_gone", player, ball=ball)
        hand = state.hands[p]
        if hand is not None:  # a known hand lays every card of its balls (L101)
            due = tuple(c for c in hand if ball_of(c) in pocketed)
            if laid is not None and set(laid) != set(due):
                raise MESSAGES.illegal("must_lay_all", player, cards=cards_text(due) or "-")
            laid = due
        laid = laid or ()
        for card in laid:
            if ball_of(card) not in pocketed:
                raise MESSAGES.illegal("card_not_pocketed", player, **card_words(card))
            self._check_card(state, p, card)
        judgement = judge(self.rules, pocketed, laid, rail, scratch, off_table)
        shot = state.shots + 1
        state = replace(
            state,
            table=tuple(b for b in state.table if b not in pocketed),
            down=(*state.down, *(Down(b, shot, p) for b in pocketed if b not in AUXILIARY)),
            shots=shot,
            last_shot=put(state.last_shot, p, shot),
        )
        verdicts: list[Verdict] = []
        state = self._lay(state, p, laid, verdicts)
        verdicts += self._announce(state, judgement, off_table, scratch, p)
        if self.rules.full:
            for q in range(len(state.players)):
                hand_q = state.hands[q]
                dead = tuple(c for c in hand_q or () if ball_of(c) in pocketed)
                if q != p and dead:
                    state = self._lay(state, q, dead, verdicts)
        emptied = [q for q, count in enumerate(state.counts) if count == 0]
        if p in emptied and judgement.penalty:
            emptied.remove(p)  # [ASM] the penalty comes first
        if p in emptied:  # L104: emptying together, the shooter wins
            return self._won(state, p, verdicts)
        if len(emptied) == 1:
            return self._won(state, emptied[0], verdicts)
        if emptied:  # L105: out together without the shooter, the highest card decides
            return self._tie(state, tuple(emptied), verdicts)
        if judgement.penalty:
            if state.stock == 0:
                verdicts.append(MESSAGES.verdict(Kind.INFO, "deck_empty"))
                return self._pass(state, p, verdicts)
            verdicts.append(MESSAGES.verdict(Kind.FOUL, "penalty", player, judgement.penalty))
            return replace(state, penalty=judgement.penalty), verdicts
        if judgement.continues:
            verdicts.append(MESSAGES.verdict(Kind.INFO, "inning_goes_on", player))
            verdicts.append(COMMON.verdict(Kind.TURN, "turn", player))
            return state, verdicts
        return self._pass(state, p, verdicts)

    def _announce(
        self, state: State, judgement: Judgement, off: Sequence[int], scratch: bool, p: int
    ) -> list[Verdict]:
        """The balls down, the fouls, and what the table needs (re-spotting, ball in hand)."""
        out = []
        for ball in (*judgement.matching, *judgement.wrong):
            rank = RANK_OF_BALL[ball]
            out.append(
                MESSAGES.verdict(
                    Kind.INFO, "ball_down", ball=ball, rank=rank, rank_ru=_rank_ru(rank)
                )
            )
        for ball in judgement.auxiliary:
            out.append(MESSAGES.verdict(Kind.INFO, "auxiliary", ball=ball))
        balls = ", ".join(map(str, judgement.wrong))
        for foul in judgement.fouls:
            out.append(MESSAGES.verdict(Kind.FOUL, foul, state.players[p], balls=balls))
        if off:
            out.append(
                MESSAGES.verdict(Kind.INFO, "respot", balls=", ".join(map(str, sorted(off))))
            )
        if scratch:
            following = state.players[(p + 1) % len(state.players)]
            out.append(MESSAGES.verdict(Kind.INFO, "in_hand", following))
        return out

    def _lay(self, state: State, p: int, cards: Hand, verdicts: list[Verdict]) -> State:
        """Cards leave ``p``'s hand face up."""
        if not cards:
            return state
        hand = state.hands[p]
        left = state.counts[p] - len(cards)
        verdicts.append(
            MESSAGES.verdict(
                Kind.INFO, "laid_down", state.players[p], cards=cards_text(cards), left=left
            )
        )
        return replace(
            state,
            counts=put(state.counts, p, left),
            hands=put(state.hands, p, None if hand is None else _without(hand, cards)),
            laid=put(state.laid, p, state.laid[p] + len(cards)),
            out=(*state.out, *cards),
        )

    def _pass(self, state: State, p: int, verdicts: list[Verdict]) -> tuple[State, list[Verdict]]:
        following = (p + 1) % len(state.players)
        verdicts.append(COMMON.verdict(Kind.TURN, "turn", state.players[following]))
        return replace(state, turn=following, penalty=0), verdicts

    def _draw(
        self, state: State, p: int, aside: Hand, kept: Hand | None
    ) -> tuple[State, list[Verdict]]:
        """L111-L112: a drawn card whose ball is gone is set aside and another is drawn."""
        player = state.players[p]
        if not state.penalty:
            raise MESSAGES.illegal("no_penalty", player)
        for card in aside:
            if ball_of(card) in state.table:
                raise MESSAGES.illegal(
                    "ball_on_table", player, ball=ball_of(card), **card_words(card)
                )
            self._check_card(state, None, card)
        available = state.stock - len(aside)
        if available < 0:
            raise MESSAGES.illegal("deck_short", player, stock=state.stock)
        count = min(state.penalty, available)
        if kept is None and self.rules.full:
            raise MESSAGES.illegal("wrong_count", player, count=count, given=0)
        if kept is not None:
            if len(kept) != count:
                raise MESSAGES.illegal("wrong_count", player, count=count, given=len(kept))
            for card in kept:
                if ball_of(card) not in state.table:
                    raise MESSAGES.illegal("keep_on_table_ball", player, **card_words(card))
                self._check_card(state, None, card)
        hand = state.hands[p]
        new_hand = None if hand is None or kept is None else (*hand, *kept)
        state = replace(
            state,
            stock=available - count,
            out=(*state.out, *aside),
            counts=put(state.counts, p, state.counts[p] + count),
            hands=put(state.hands, p, new_hand),
            drawn=put(state.drawn, p, state.drawn[p] + count),
        )
        verdicts = []
        if aside:
            verdicts.append(MESSAGES.verdict(Kind.INFO, "set_aside", cards=cards_text(aside)))
        verdicts.append(
            MESSAGES.verdict(Kind.INFO, "drew", player, count=count, left=state.counts[p])
        )
        return self._pass(state, p, verdicts)

    def _discard(self, state: State, p: int, cards: Hand) -> tuple[State, list[Verdict]]:
        """L101: every other player holding a card of a pocketed ball discards it."""
        player = state.players[p]
        for card in cards:
            if ball_of(card) in state.table:
                raise MESSAGES.illegal(
                    "ball_on_table", player, ball=ball_of(card), **card_words(card)
                )
            self._check_card(state, p, card)
        verdicts: list[Verdict] = []
        state = self._prove(state, p, cards, verdicts)
        state = self._lay(state, p, cards, verdicts)
        if state.counts[p] == 0:
            return self._won(state, p, verdicts)
        return state, verdicts

    def _prove(self, state: State, p: int, cards: Hand, verdicts: list[Verdict]) -> State:
        """§8.5 for Card Ball: a dead card still held after the holder's own pocket of its
        ball, or at a shot he took after its ball went down, was not discarded in time."""
        for card in cards:
            ball = ball_of(card)
            down = next((d for d in state.down if d.ball == ball), None)
            late = down and (down.shooter == p or state.last_shot[p] > down.shot)
            if late and card not in state.proven:
                state = replace(state, proven=(*state.proven, card))
                verdicts.append(
                    MESSAGES.verdict(
                        Kind.FOUL,
                        "late_discard_proven",
                        state.players[p],
                        ball=ball,
                        **card_words(card),
                    )
                )
        return state

    def _show(self, state: State, p: int, cards: Hand) -> tuple[State, list[Verdict]]:
        player = state.players[p]
        if state.hands[p] is not None:
            raise MESSAGES.illegal("already_shown", player)
        if len(cards) != state.counts[p]:
            raise MESSAGES.illegal("wrong_count", player, count=state.counts[p], given=len(cards))
        for card in cards:
            self._check_card(state, p, card)
        verdicts = [MESSAGES.verdict(Kind.INFO, "shown", player, cards=cards_text(cards))]
        state = self._prove(
            state, p, tuple(c for c in cards if ball_of(c) not in state.table), verdicts
        )
        return replace(state, hands=put(state.hands, p, cards)), verdicts

    def _tie(
        self, state: State, tied: tuple[int, ...], verdicts: list[Verdict]
    ) -> tuple[State, list[Verdict]]:
        """L105: hands emptied together by another's shot; nobody shoots until the draw for
        the highest card has named one winner (a pending penalty lapses with the game)."""
        names = ", ".join(state.players[q] for q in tied)
        verdicts.append(MESSAGES.verdict(Kind.INFO, "tie", players=names))
        return replace(state, tie=tied, high_cards=(), turn=None, penalty=0), verdicts

    def _high_card(self, state: State, p: int, action: Action) -> tuple[State, list[Verdict]]:
        """L105: each player of the tie draws a card; the highest ball number wins, and the
        ones equal at the top draw again [ASM] (see the module docstring)."""
        player = state.players[p]
        if not state.tie:
            raise MESSAGES.illegal("no_tie", player)
        drawn_by = dict(state.high_cards)
        waiting = [q for q in state.tie if q not in drawn_by]
        if action.verb != "high_card" or p not in waiting:
            names = ", ".join(state.players[q] for q in waiting)
            raise MESSAGES.illegal("tie_draw_first", player, players=names)
        card = parse_card(action.args["card"])
        if card in drawn_by.values():  # one pack: one card per round [ASM]
            raise MESSAGES.illegal("drawn_already", player, **card_words(card))
        drawn = (*state.high_cards, (p, card))
        verdicts = [MESSAGES.verdict(Kind.INFO, "high_card", player, **card_words(card))]
        if len(drawn) < len(state.tie):
            return replace(state, high_cards=drawn), verdicts
        top = max(ball_of(c) for _, c in drawn)
        best = tuple(sorted(q for q, c in drawn if ball_of(c) == top))
        if len(best) == 1:
            return self._won(replace(state, tie=(), high_cards=()), best[0], verdicts)
        names = ", ".join(state.players[q] for q in best)
        verdicts.append(MESSAGES.verdict(Kind.INFO, "draw_again", players=names))
        return replace(state, tie=best, high_cards=()), verdicts

    def _won(
        self, state: State, winner: int, verdicts: list[Verdict]
    ) -> tuple[State, list[Verdict]]:
        """The game ends; everyone else pays the agreed price per card left (L84)."""
        verdicts.append(MESSAGES.verdict(Kind.GAME_OVER, "emptied", state.players[winner]))
        for q, count in enumerate(state.counts):
            if q != winner and count:
                price = count * self.rules.card_price
                verdicts.append(
                    MESSAGES.verdict(Kind.POINTS, "settled", state.players[q], price, cards=count)
                )
        verdicts.append(COMMON.verdict(Kind.GAME_OVER, "game_over"))
        return replace(state, winner=winner, turn=None, penalty=0), verdicts

    # ----------------------------------------------------------------------------------------
    # What the displays read.

    def scores(self, state: State) -> dict[str, int]:
        """Cards in hand: the fewer the better; the winner has none."""
        return dict(zip(state.players, state.counts, strict=True))

    def settlement(self, state: State) -> dict[str, int] | None:
        """L84: what each player wins (+) or pays (-) at the agreed price per card left; None
        until the game is over.  [DECISION] No stake is ever divided: L104 and L105 always
        leave one winner, who takes every payment whole, so the settlement sums to zero and
        no remainder can be lost (one who went out but lost the draw holds no card: pays 0)."""
        if state.winner is None:
            return None
        price = self.rules.card_price
        paid = {p: -c * price for p, c in self.scores(state).items()}
        paid[state.players[state.winner]] = -sum(paid.values())
        return paid

    def view(self, state: State) -> dict[str, Any]:
        players = state.players
        return {
            "players": list(players),
            "turn": None if state.turn is None else players[state.turn],
            "scores": self.scores(state),
            "over": state.over,
            "winner": None if state.winner is None else players[state.winner],
            "on_table": list(state.table),
            "deck": state.stock,
            "penalty_due": state.penalty,
            "tie_draw": [players[q] for q in state.tie],
            "high_cards": {players[q]: str(card) for q, card in state.high_cards},
            "out_of_play": cards_text(state.out),
            "known_hands": {
                p: cards_text(h) for p, h in zip(players, state.hands, strict=True) if h is not None
            },
            "settlement": self.settlement(state),
            "next_order": self.next_order(state) if state.over else None,
        }

    def next_order(self, state: State) -> list[str]:
        """L99-L100: who shoots in what order in the next game (one match is one game; the
        next one is started with its players listed in this order).  The winner breaks; then
        fewer cards left shoot earlier; on equal counts the higher top card first, by ball
        number [ASM], where the hands are known, else the seats' order."""

        def key(q: int) -> tuple[int, int, int]:
            hand = state.hands[q]
            top = max((ball_of(c) for c in hand), default=0) if hand else 0
            return (q != state.winner, state.counts[q], -top)

        return [state.players[q] for q in sorted(range(len(state.players)), key=key)]

    def open_actions(self, state: State) -> list[Action]:
        """The decisions open now; what a shot does on the table is its chance outcome."""
        if state.over:
            return []
        players = state.players
        if state.tie:  # the card drawn is the chance outcome, named by the table (L105)
            drawn = dict(state.high_cards)
            return [Action("high_card", players[q]) for q in state.tie if q not in drawn]
        if self.rules.full and None in state.hands:
            return [
                Action("show", p) for p, h in zip(players, state.hands, strict=True) if h is None
            ]
        player = players[state.turn or 0]
        if state.penalty:
            return [Action("draw", player)]
        return [Action("shot", player)]

    def score_sheet(self, state: State) -> dict[str, Any]:
        """The cards as the table counts them: dealt, laid down, drawn as penalties, in hand,
        and once the game is over the settlement at the agreed price."""
        players = state.players
        rows = [
            sheet_row(
                "dealt", "Cards dealt", "Сдано карт", dict.fromkeys(players, self.rules.hand_size)
            ),
            sheet_row(
                "laid",
                "Laid down",
                "Сброшено",
                {p: -n for p, n in zip(players, state.laid, strict=True)},
            ),
            sheet_row(
                "penalties",
                "Penalty cards",
                "Штрафные карты",
                dict(zip(players, state.drawn, strict=True)),
            ),
        ]
        settled = self.settlement(state)
        if settled is not None:
            price = self.rules.card_price
            rows.append(
                sheet_row(
                    "settlement",
                    f"Settlement at {price} a card",
                    f"Расчёт по {price} за карту",
                    settled,
                    "bonus",
                )
            )
        rows.append(self.total_row(self.scores(state)))
        return {"columns": list(players), "rows": rows}


def _rank_ru(rank: str) -> str:
    return Card(rank, "S").shown("ru")[:-1]


def _without(hand: Hand, cards: Hand) -> Hand:
    return tuple(c for c in hand if c not in cards)


ENGINE = CardBall
