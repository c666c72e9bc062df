"""Deberts (Деберц, cards.md §2, seed 004 L14-L34), refereed and scored as the table plays it.

Two players (three in the ``three`` preset) with the 32-card deck.  The referee sees the table,
not the hands (§8.5): cards are named when they are turned, shown or played, and a breach of the
follow rules is flagged once a later card proves it; ``information: full`` takes the hands as
they are dealt and refuses an illegal card at once (tests, simulations).

Verbs (``by`` is the player who acts):

``deal``       ``turnup``: the dealer has dealt six each and turned this card (§2.3).
``pass``       no contract (§2.4).
``take``       "играю": play on the turn-up's suit (round one).
``name``       ``suit``: name another trump (round two; never the turn-up's suit).
``offer``      a defender offers 50 without play (``offers_50``, L32); ``accept``/``decline``.
``deal_rest``  ``bottom``: three more each, the bottom card (фреза) shown (§2.5).
``hand``       ``cards``: full information only: the six, then the three (or nine) cards dealt.
``swap``       ``card`` (a seven), ``take`` (``turnup`` default, or ``bottom``): §2.6.
``declare``    ``cards``: a terz, fifty or bella shown before one's first card (§2.8).
``sevens``     four sevens shown before one's first card: redeal (L21).
``play``       ``card``: one card to the trick (§2.9).
``claim``      "I have 501" (§2.13).
``penalty``    ``reason``: ``by`` loses the hand on cards (§2.12): confirms a proven flag.
``concede``    the short game given up before play (``dave``, L31).
``carry``      ``points``: a total brought forward from a paper sheet, before the first deal.
``misrecord``  ``points``: ``by`` wrote that many too many (L26); ``spot`` (``writer``) finds it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scoring.actions import Action, ChoiceField, IntField, NameField, Verb
from scoring.card_games.deberts import deal as dealing
from scoring.card_games.deberts import play as playing
from scoring.card_games.deberts.messages import MESSAGES
from scoring.card_games.deberts.rules import (
    ORDER,
    Rules,
    combination,
    possible_combinations,
)
from scoring.card_games.deberts.settle import hand_parts
from scoring.card_games.deberts.sheet import carry, misrecord, score_sheet, spot
from scoring.card_games.deberts.state import (
    Phase,
    State,
    current_trick,
    has_played,
    next_to_play,
    tricks,
)
from scoring.card_games.tricks import playable
from scoring.cards import CardField, CardsField, deck, parse_card
from scoring.engine import BaseEngine, check_players, seat_of, seated, winner_field
from scoring.verdicts import COMMON, Verdict

DECK = deck(32)
DECK_ORDER = {card: index for index, card in enumerate(DECK)}  # how hands are listed
SUITS = ("C", "D", "H", "S")


def _verbs() -> dict[str, Verb]:
    card = CardField(DECK)
    return {
        "deal": Verb("deal", {"turnup": card}, ("turnup",), summary="six each dealt; turn-up"),
        "pass": Verb("pass", summary="pass (no contract)"),
        "take": Verb("take", summary="play on the turn-up's suit (round one)"),
        "name": Verb("name", {"suit": ChoiceField(SUITS)}, ("suit",), summary="name a trump"),
        "offer": Verb("offer", summary="a defender offers 50 without play"),
        "accept": Verb("accept", summary="the declarer takes the 50"),
        "decline": Verb("decline", summary="the declarer plays on"),
        "deal_rest": Verb(
            "deal_rest", {"bottom": card}, ("bottom",), summary="three more each; bottom card"
        ),
        "hand": Verb(
            "hand",
            {"cards": CardsField(DECK, 3, 9)},
            ("cards",),
            summary="full information: the cards dealt to by",
        ),
        "swap": Verb(
            "swap",
            {"card": card, "take": ChoiceField(("turnup", "bottom"))},
            ("card",),
            summary="swap a seven for the turn-up (or the bottom card)",
        ),
        "declare": Verb(
            "declare",
            {"cards": CardsField(DECK, 2, 8)},
            ("cards",),
            summary="show a terz, fifty or bella",
        ),
        "sevens": Verb("sevens", summary="show four sevens: redeal"),
        "play": Verb("play", {"card": card}, ("card",), summary="play a card to the trick"),
        "claim": Verb("claim", summary="claim the game: the target is reached"),
        "penalty": Verb(
            "penalty",
            {"reason": ChoiceField(playing.PENALTIES)},
            ("reason",),
            summary="by loses the hand on cards",
        ),
        "concede": Verb("concede", summary="give up the short game (dave)"),
        "carry": Verb(
            "carry", {"points": IntField(0)}, ("points",), summary="a total brought forward"
        ),
        "misrecord": Verb(
            "misrecord", {"points": IntField(1)}, ("points",), summary="by wrote too many"
        ),
        "spot": Verb(
            "spot", {"writer": NameField()}, ("writer",), summary="by finds writer's error"
        ),
    }


#: Verbs that wait for their turn; the others (showing, claiming, penalties) come at any time.
TURN_VERBS = ("pass", "take", "name", "play", "deal_rest", "accept", "decline")
#: The sheet's verbs and the deal, which need no hand in play.
TABLE_VERBS = ("carry", "misrecord", "spot", "deal")
#: The calls of the bidding, and the verbs of the play (which need every hand with full
#: information).
BIDDING_VERBS = ("pass", "take", "name")
PLAY_VERBS = ("swap", "declare", "play")

#: A verb's handler given the actor's seat (see :func:`scoring.engine.seated`).
Run = Callable[[State, int, Action], tuple[State, list[Verdict]]]


class Deberts(BaseEngine[State]):
    """The engine (see the module docstring)."""

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        self.game, self.preset = game, preset
        self.rules = rules = Rules.read(options)
        self._verbs = _verbs()
        runs: dict[str, Run] = {
            "carry": lambda state, seat, action: carry(state, seat, action.args["points"]),
            "misrecord": lambda state, seat, action: misrecord(state, seat, action.args["points"]),
            "spot": lambda state, seat, action: spot(state, seat, action.args["writer"]),
            "deal": lambda state, seat, action: dealing.deal(
                state, rules, seat, parse_card(action.args["turnup"])
            ),
            **dict.fromkeys(
                BIDDING_VERBS,
                lambda state, seat, action: dealing.call(
                    state, rules, seat, action.verb, action.args.get("suit")
                ),
            ),
            "deal_rest": lambda state, seat, action: dealing.deal_rest(
                state, rules, seat, parse_card(action.args["bottom"])
            ),
            "hand": lambda state, seat, action: dealing.give_hand(
                state, rules, seat, tuple(map(parse_card, action.args["cards"]))
            ),
            "offer": lambda state, seat, action: dealing.offer(state, rules, seat),
            **dict.fromkeys(
                ("accept", "decline"),
                lambda state, seat, action: dealing.answer(
                    state, rules, seat, action.verb == "accept"
                ),
            ),
            "claim": lambda state, seat, action: playing.claim(state, rules, seat),
            "penalty": lambda state, seat, action: playing.penalty(
                state, rules, seat, action.args["reason"]
            ),
            "concede": lambda state, seat, action: playing.concede(state, rules, seat),
            "sevens": lambda state, seat, action: playing.sevens(state, rules, seat),
            "swap": lambda state, seat, action: playing.swap(
                state,
                rules,
                seat,
                parse_card(action.args["card"]),
                action.args.get("take", "turnup"),
            ),
            "declare": lambda state, seat, action: playing.declare(
                state, rules, seat, tuple(map(parse_card, action.args["cards"]))
            ),
            "play": lambda state, seat, action: playing.play(
                state, rules, seat, parse_card(action.args["card"])
            ),
        }
        self._handlers = {verb: seated(run) for verb, run in runs.items()}

    def initial(self, players: Sequence[str]) -> State:
        check_players(players, self.rules.players, self.rules.players)
        n = len(players)
        return State(tuple(players), (0,) * n, misrecorded=(0,) * n)

    # ----------------------------------------------------------------------------------------

    def admit(self, state: State, action: Action) -> None:
        """Anyone seated may act until the game is over; all but the sheet's verbs and the
        deal need a hand dealt, the turn verbs their turn, and each verb its phase."""
        seat = seat_of(state.players, action.by, state.over)
        verb = action.verb
        if verb in TABLE_VERBS:
            return
        hand = state.hand
        if hand is None:
            raise MESSAGES.illegal("deal_first", action.by)
        if verb in TURN_VERBS:
            turn = self.turn(state)
            if turn != seat:
                who = "" if turn is None else state.players[turn]
                raise COMMON.illegal("not_your_turn", action.by, turn=who)
        if verb in BIDDING_VERBS and hand.phase != Phase.BIDDING:
            raise MESSAGES.illegal("not_bidding", action.by)
        if verb == "sevens" and hand.phase == Phase.DONE:
            raise MESSAGES.illegal("sevens_too_late", action.by)
        if verb in PLAY_VERBS:
            if hand.phase != Phase.PLAY:
                raise MESSAGES.illegal("not_playing", action.by)
            dealing.need_hands(state, self.rules, 9)

    def turn(self, state: State) -> int | None:
        """Who acts next: the dealer, the bidder, the declarer answering an offer, the player
        to play; None once the game is over or while the first dealer is drawn by lot."""
        hand = state.hand
        if state.over:
            return None
        if hand is None or hand.phase == Phase.DONE:
            return state.dealer
        seats = len(state.players)
        if hand.phase == Phase.BIDDING:
            return dealing.bidder(hand, seats)
        if hand.phase == Phase.DEALING:
            return hand.declarer if hand.offer_by is not None else hand.dealer
        return next_to_play(hand, seats)

    # ----------------------------------------------------------------------------------------

    def view(self, state: State) -> dict[str, Any]:
        players, seats, hand = state.players, len(state.players), state.hand
        turn = self.turn(state)
        out: dict[str, Any] = {
            "players": list(players),
            "turn": None if turn is None else players[turn],
            "scores": dict(zip(players, state.totals, strict=True)),
            "over": state.over,
            "winner": winner_field([players[s] for s in state.winners]),
            "target": self.rules.target,
            "hands_played": state.hands_played,
            "dealer": None if state.dealer is None else players[state.dealer],
            "hanging": state.hanging,
            "phase": "deal" if hand is None else hand.phase,
        }
        if hand is None:
            return out
        parts = hand_parts(hand, seats, self.rules)
        trick = current_trick(hand, seats)
        done = tricks(hand, seats)
        out |= {
            "hand": hand.number,
            "turnup": str(hand.turnup),
            "bottom": None if hand.bottom is None else str(hand.bottom),
            "declarer": None if hand.declarer is None else players[hand.declarer],
            "trump": hand.trump,
            "first_trump": hand.first_trump,
            "calls": [[players[s], c, suit] for s, c, suit in hand.calls],
            "trick": [[players[p.seat], str(p.card)] for p in trick],
            "tricks": len(done),
            # §2.9 L22: either player may look at the last trick at any time
            "last_trick": [[players[p.seat], str(p.card)] for p in (done[-1] if done else ())],
            "card_points": dict(zip(players, parts[0], strict=True)),
            "combination_points": dict(zip(players, parts[1], strict=True)),
            "declared": [
                {"player": players[d.player], "combo": d.combo, "cards": [str(c) for c in d.cards]}
                for d in hand.declared
            ],
            "offer_by": None if hand.offer_by is None else players[hand.offer_by],
            "penalties": [[players[s], r] for s, r in hand.penalties],
            "flags": [[players[f.seat], f.breach, f.trick] for f in hand.flags],
        }
        if hand.hands:
            out["hands"] = {p: _sorted(cs) for p, cs in zip(players, hand.hands, strict=True)}
            out["possible"] = {
                p: [[str(c) for c in combo] for combo in possible_combinations(cs, hand.trump)]
                for p, cs in zip(players, hand.hands, strict=True)
            }
            if hand.phase == Phase.PLAY and turn is not None and len(hand.hands[turn]) > 0:
                cards = playable(
                    hand.hands[turn], [p.card for p in trick], hand.trump, ORDER, self.rules.follow
                )
                out["playable"] = _sorted(cards)
        return out

    def open_actions(self, state: State) -> list[Action]:
        """The decisions open now.  A card that is hidden (public information) is listed as a
        ``play`` without a card, as a dice game lists a roll without its faces."""
        if state.over:
            return []
        players, seats, hand = state.players, len(state.players), state.hand
        turn = self.turn(state)
        if hand is None or hand.phase == Phase.DONE:
            dealers = range(seats) if turn is None else [turn]
            out = [Action("deal", players[s]) for s in dealers]
            if hand is not None:
                out += [
                    Action("claim", p)
                    for p, t in zip(players, state.totals, strict=True)
                    if t >= self.rules.target
                ]
            return out
        assert turn is not None
        name = players[turn]
        full = bool(hand.hands)
        if full and hand.phase == Phase.BIDDING and any(not cs for cs in hand.hands):
            return [Action("hand", p) for p, cs in zip(players, hand.hands, strict=True) if not cs]
        if hand.phase == Phase.BIDDING:
            if len(hand.calls) < seats:
                return [Action("take", name), Action("pass", name)]
            names = [Action("name", name, {"suit": s}) for s in SUITS if s != hand.proposed]
            return [*names, Action("pass", name)]
        if hand.phase == Phase.DEALING:
            if hand.offer_by is not None:
                return [Action("accept", name), Action("decline", name)]
            out = [Action("deal_rest", name)]
            if self.rules.offers_50:
                out += [
                    Action("offer", players[s])
                    for s in range(seats)
                    if s != hand.declarer and s not in hand.offers_made
                ]
            return out
        if full and any(len(cs) + _played(hand, s) < 9 for s, cs in enumerate(hand.hands)):
            return [
                Action("hand", players[s])
                for s, cs in enumerate(hand.hands)
                if len(cs) + _played(hand, s) < 9
            ]
        out = []
        if full:
            out += self._showing(state)
            cards = playable(
                hand.hands[turn],
                [p.card for p in current_trick(hand, seats)],
                hand.trump,
                ORDER,
                self.rules.follow,
            )
            out += [Action("play", name, {"card": str(c)}) for c in _sorted_cards(cards)]
        else:
            out.append(Action("play", name))
        return out

    def _showing(self, state: State) -> list[Action]:
        """Full information: the legal swap and each combination not yet declared, for every
        player who has not played a card."""
        hand = state.hand
        assert hand is not None
        out = []
        for seat, cards in enumerate(hand.hands):
            if has_played(hand, seat):
                continue
            name = state.players[seat]
            seven = next((c for c in cards if c.rank == "7" and c.suit == hand.trump), None)
            if hand.first_trump and hand.swapped_by is None and seven is not None:
                out.append(Action("swap", name, {"card": str(seven)}))
            for combo in possible_combinations(cards, hand.trump):
                declared = any(
                    d.player == seat and set(d.cards) == set(combo) for d in hand.declared
                )
                if not declared and combination(combo, hand.trump, self.rules):
                    out.append(Action("declare", name, {"cards": tuple(map(str, combo))}))
        return out

    def score_sheet(self, state: State) -> dict[str, Any]:
        return score_sheet(state)


def _played(hand: Any, seat: int) -> int:
    return sum(1 for p in hand.played if p.seat == seat)


def _sorted_cards(cards: Sequence[Any]) -> list[Any]:
    return sorted(cards, key=DECK_ORDER.__getitem__)


def _sorted(cards: Sequence[Any]) -> list[str]:
    return [str(c) for c in _sorted_cards(cards)]


ENGINE = Deberts
