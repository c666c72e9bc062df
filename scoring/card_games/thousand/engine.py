"""Thousand (1000) for 3 players (4 with the dealer sitting out), cards.md §3, refereed from
what the table shows.

Verbs (``P`` is the acting player; cards as in :mod:`scoring.cards`, e.g. ``10H``, ``QS``):

``deal``      ``{"do": "deal", "by": DEALER}``: the dealer deals.  With ``cards`` (all 24: 7
              for each player in play clockwise from the dealer's left, then the 3 of the
              talon) the referee knows every hand: the full-information option requires it.
``bid``       ``{"do": "bid", "by": P, "points": 120}``: a bid over the last (the opener's
              forced 100 is placed by the deal).  A bid above 120 needs a marriage: with hidden
              hands the bidder shows it (``show``: the K and Q, or several pairs).  ``"dark":
              true``: 120 before looking, at the player's first call (page A), doubled.
``pass``      the bidder passes; a pass is final.
``redeal``    a hand (or, by the declarer after seeing it, the talon) that the preset lets be
              thrown in: ``cards`` shows it (hidden hands).
``talon``     the declarer takes the talon and it is turned up (``cards``), except after an
              uncontested forced 100 (§3.2), when it stays unseen.
``give``      ``{"do": "give", "by": P, "to": Q}``: the declarer passes one card face down to
              each opponent (``card`` with full information).
``contract``  ``{"points": N}``: the declarer raises the contract before the first card (never
              lowers it); ``show`` as for ``bid``.
``throw_in``  the declarer gives up before the first card ("роспись", where the preset has it).
``marriage``  ``{"suit": "H"}``: K and Q of a suit shown, its value scored and trumps set
              (``"aces"``: four aces, 200, where the preset has it).
``play``      ``{"card": "AS"}``: a card to the trick.
``cut``       ``{"bottom": "9S"}``: the cut before the deal and the card seen at the bottom
              (pages A, D: a nine means a recut, three in a row cost the cutter 120).
``misdeal``   a card was exposed while dealing (page D: the dealer loses 120, the deal passes).

Golden deals (``golden``) skip the bidding: the opener plays 120, everything doubled.

Hidden hands (the default): a failure to follow suit or to trump is accepted, since the camera
cannot see it, and flagged as ``proven`` when a later card or shown marriage shows the player had
the suit then (§8.5).  ``information: full`` checks every card against the known hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from scoring.actions import Action, BoolField, ChoiceField, IntField, NameField, Verb
from scoring.card_games.common import put
from scoring.card_games.thousand import bidding, play, settle
from scoring.card_games.thousand.checks import check_holds, check_phase
from scoring.card_games.thousand.messages import MESSAGES
from scoring.card_games.thousand.play import RANKS
from scoring.card_games.thousand.rules import (
    DECK,
    FORCED_BID,
    HAND,
    MAX_BID,
    PLAIN_CAP,
    STEP,
    TALON,
    Rules,
    marriages_in,
)
from scoring.card_games.thousand.state import Deal, Phase, State
from scoring.card_games.tricks import playable
from scoring.cards import CardField, CardsField, parse_card
from scoring.engine import BaseEngine, check_players, check_seat, seated, sheet_row, winner_field
from scoring.verdicts import Kind, Verdict

SUIT_CHOICES = ("C", "D", "H", "S", "aces")
OUTCOME_MARK = {"made": "+", "failed": "-", "thrown_in": "x"}
LINE_WORDS = {
    "misdeal": ("card exposed in the deal", "карта открылась при сдаче"),
    "cut_nines": ("3 nines cut in a row", "3 девятки подряд при съёме"),
}
#: Verbs not bound to the turn: a redeal claim in the bidding, the declarer's raise and
#: throw-in before the first card (whoever leads it), the cut and a misdeal reported by anyone;
#: each checks its own seat.
FREE_VERBS = ("redeal", "contract", "throw_in", "cut", "misdeal")


#: The phase each phase-bound verb is played in (the others check their own).
PHASES = {
    "deal": Phase.DEAL,
    "bid": Phase.BID,
    "pass": Phase.BID,
    "talon": Phase.TALON,
    "give": Phase.GIVE,
    "play": Phase.PLAY,
    "marriage": Phase.PLAY,
}


class Thousand(BaseEngine[State]):
    """The engine (see the module docstring): the deal and bidding are
    :mod:`~scoring.card_games.thousand.bidding`'s, the tricks
    :mod:`~scoring.card_games.thousand.play`'s; the talon, the cards passed, the contract and
    the throw-in, and what the displays read, are here."""

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        self.game, self.preset = game, preset
        self.rules = rules = Rules.read(options)
        self.follow = play.follow(rules)
        self._handlers = {
            "deal": seated(partial(bidding.deal_hands, rules)),
            "bid": seated(partial(bidding.bid, rules)),
            "pass": seated(partial(bidding.pass_bid, rules)),
            "redeal": seated(partial(bidding.redeal, rules)),
            "cut": seated(partial(bidding.cut, rules)),
            "misdeal": partial(bidding.misdeal, rules),
            "talon": seated(self._talon),
            "give": seated(self._give),
            "contract": seated(self._contract),
            "throw_in": seated(self._throw_in),
            "marriage": seated(partial(play.marriage, rules)),
            "play": seated(partial(play.play_card, rules)),
        }
        show = CardsField(DECK, 1, 8)
        self._verbs = {
            "deal": Verb("deal", {"cards": CardsField(DECK, 24, 24)}, summary="deal the cards"),
            "bid": Verb(
                "bid",
                {"points": IntField(FORCED_BID, MAX_BID), "show": show, "dark": BoolField()},
                ("points",),
                summary="bid over the last bid (show a marriage to go above 120; dark: 120 unseen)",
            ),
            "pass": Verb("pass", summary="pass in the bidding (final)"),
            "redeal": Verb(
                "redeal",
                {"cards": CardsField(DECK, TALON, HAND)},
                summary="show a hand or talon that calls for a redeal",
            ),
            "talon": Verb(
                "talon", {"cards": CardsField(DECK, TALON, TALON)}, summary="take the talon"
            ),
            "give": Verb(
                "give",
                {"to": NameField(), "card": CardField(DECK)},
                ("to",),
                summary="pass a card face down to an opponent",
            ),
            "contract": Verb(
                "contract",
                {"points": IntField(FORCED_BID, MAX_BID), "show": show},
                ("points",),
                summary="raise the contract before the first card",
            ),
            "throw_in": Verb("throw_in", summary="give the deal up before play (роспись)"),
            "marriage": Verb(
                "marriage",
                {"suit": ChoiceField(SUIT_CHOICES)},
                ("suit",),
                summary="declare a marriage (K+Q of a suit) or four aces",
            ),
            "play": Verb("play", {"card": CardField(DECK)}, ("card",), summary="play a card"),
            "cut": Verb(
                "cut",
                {"bottom": CardField(DECK)},
                ("bottom",),
                summary="the cut before the deal, with the card seen at the bottom",
            ),
            "misdeal": Verb("misdeal", summary="a card was exposed while dealing"),
        }

    def initial(self, players: Sequence[str]) -> State:
        check_players(players, 3, 4)  # §3.2 is for 3; 4 with the dealer out (§3.3); 2p: [GAP]
        n = len(players)
        zeros = (0,) * n
        return State(
            tuple(players),
            zeros,
            Deal(1, 0),
            bolts=zeros,
            barrel=(None,) * n,
            falls=zeros,
            throw_ins=zeros,
        )

    # ----------------------------------------------------------------------------------------
    # Dispatch.

    def admit(self, state: State, action: Action) -> None:
        """The seat (the player to move, or anyone for the verbs not bound to the turn), then
        the phase of a phase-bound verb."""
        if action.verb in FREE_VERBS or (
            action.verb == "marriage" and not self.rules.marriage_on_lead
        ):
            check_seat(state.players, None if state.over else action.by or "", action)
        else:
            check_seat(state.players, self._turn(state), action)
        phase = PHASES.get(action.verb)
        if phase is not None:
            check_phase(state, action, phase)

    def _turn(self, state: State) -> str | None:
        if state.over:
            return None
        return self._turn_or_dealer(state)

    # ----------------------------------------------------------------------------------------
    # The talon, the cards passed, the contract, the throw-in.

    def _talon(self, state: State, seat: int, action: Action) -> tuple[State, list[Verdict]]:
        deal = state.deal
        cards = action.args.get("cards")
        open_talon = deal.contested or len(deal.active) < len(state.players)
        if cards is None and self._talon_unknown(state):
            raise MESSAGES.illegal("talon_needed", action.by)
        if cards is not None:
            if deal.talon is not None and set(cards) != set(deal.talon):
                raise MESSAGES.illegal(
                    "talon_mismatch", action.by, dealt=" ".join(deal.talon), cards=" ".join(cards)
                )
            for card in cards:
                if deal.talon is None and deal.holder(card) is not None:
                    raise MESSAGES.illegal("not_in_hand", action.by, card=card)
        talon = tuple(cards) if cards is not None else deal.talon
        shown = cards is not None or open_talon
        new = replace(deal, phase=Phase.GIVE, talon=talon, talon_shown=shown)
        if deal.hands is not None and talon is not None:
            new = replace(new, hands=put(deal.hands, seat, (*deal.hands[seat], *talon)))
        elif talon is not None:
            new = replace(new, shown=(*deal.shown, *((seat, c) for c in talon)))
        if shown and talon is not None:
            verdict = MESSAGES.verdict(Kind.INFO, "talon", action.by, cards=" ".join(talon))
        else:
            verdict = MESSAGES.verdict(Kind.INFO, "talon_hidden", action.by)
        return replace(state, deal=new), [verdict]

    def _give(self, state: State, seat: int, action: Action) -> tuple[State, list[Verdict]]:
        deal = state.deal
        to = action.args["to"]
        target = state.players.index(to) if to in state.players else None
        if target is None or target == seat or target not in deal.active or target in deal.given:
            raise MESSAGES.illegal("not_an_opponent", action.by, to=to)
        card = action.args.get("card")
        if card is None and deal.hands is not None:
            raise MESSAGES.illegal("cards_needed", action.by, what="give")
        new = replace(deal, given=(*deal.given, target))
        if card is None:  # any card the declarer showed may be the one passed face down
            new = replace(new, shown=tuple(sc for sc in deal.shown if sc[0] != seat))
        else:
            check_holds(deal, seat, card, action.by or "")
            new = new.move(card, seat, target)
            new = replace(new, shown=tuple((target if c == card else s, c) for s, c in new.shown))
        verdicts = [MESSAGES.verdict(Kind.INFO, "gave", action.by, to=to)]
        if len(new.given) == len(deal.active) - 1:
            leader = seat if self.rules.first_lead == "declarer" else deal.active[0]
            new = replace(new, phase=Phase.PLAY, leader=leader, turn=leader)
            verdicts.append(MESSAGES.verdict(Kind.TURN, "turn", state.players[leader]))
        return replace(state, deal=new), verdicts

    def _contract(self, state: State, seat: int, action: Action) -> tuple[State, list[Verdict]]:
        deal = state.deal
        check_phase(state, action, Phase.GIVE, Phase.PLAY)
        if seat != deal.declarer:
            declarer = state.players[deal.declarer] if deal.declarer is not None else "-"
            raise MESSAGES.illegal("not_your_turn", action.by, turn=declarer)
        if deal.first_card_down:
            raise MESSAGES.illegal("contract_closed", action.by)
        if deal.dark == seat or deal.golden:
            raise MESSAGES.illegal("dark_fixed", action.by)
        amount = action.args["points"]
        if amount <= deal.contract or amount % STEP:
            raise MESSAGES.illegal("contract_low", action.by, points=amount, current=deal.contract)
        deal = replace(bidding.check_cap(self.rules, deal, seat, action, amount), contract=amount)
        return replace(state, deal=deal), [
            MESSAGES.verdict(Kind.INFO, "contract", action.by, amount)
        ]

    def _throw_in(self, state: State, seat: int, action: Action) -> tuple[State, list[Verdict]]:
        deal = state.deal
        terms = self.rules.throw_in
        check_phase(state, action, Phase.GIVE, Phase.PLAY)
        why = None
        if terms is None:
            why = "not in these rules"
        elif seat != deal.declarer:
            why = "only the declarer may"
        elif deal.first_card_down:
            why = "the play has begun"
        elif terms.limit is not None and state.throw_ins[seat] >= terms.limit:
            why = f"{terms.limit} per game"
        if why is not None:
            raise MESSAGES.illegal("throw_in_closed", action.by, why=why)
        return settle.throw_in(state, self.rules)

    # ----------------------------------------------------------------------------------------
    # What the displays and the tests read.

    def view(self, state: State) -> dict[str, Any]:
        players = state.players
        deal = state.deal
        name = lambda s: None if s is None else players[s]  # noqa: E731
        out: dict[str, Any] = {
            "players": list(players),
            "turn": None if state.over else self._turn_or_dealer(state),
            "scores": dict(zip(players, state.totals, strict=True)),
            "over": state.over,
            "winner": winner_field([players[s] for s in state.winners]),
            "deal": deal.number,
            "dealer": players[deal.dealer],
            "phase": deal.phase,
            "bid": deal.bid or None,
            "bidder": name(deal.bidder),
            "dark": name(deal.dark),
            "golden": deal.golden,
            "declarer": name(deal.declarer),
            "contract": deal.contract or None,
            "trump": deal.trump,
            "trick": list(deal.trick),
            "tricks": {players[s]: deal.tricks[s] for s in deal.active} if deal.tricks else {},
            "taken": {players[s]: deal.taken[s] for s in deal.active} if deal.taken else {},
            "marriages": [{"player": players[s], "suit": m} for s, m in deal.melds],
            "talon": list(deal.talon) if deal.talon_shown and deal.talon else None,
            "proven": [{"player": players[p.seat], **p.data()} for p in deal.proofs],
            "bolts": dict(zip(players, state.bolts, strict=True)),
            "barrel": {players[s]: t for s, t in enumerate(state.barrel) if t is not None},
        }
        if deal.hands is not None and self.rules.information == "full":
            out["hands"] = {players[s]: sorted(deal.hands[s]) for s in deal.active}
        return out

    def _turn_or_dealer(self, state: State) -> str:
        deal = state.deal
        if deal.phase == Phase.DEAL:
            return state.players[deal.dealer]
        assert deal.turn is not None
        return state.players[deal.turn]

    def needs(self, state: State, action: Action) -> tuple[str, ...]:
        """With full information the deal names every card (public: the cards stay hidden);
        a talon turned up that the referee does not know from the deal is named."""
        if "cards" in action.args:
            return super().needs(state, action)
        if action.verb == "deal" and self.rules.information == "full":
            return ("cards",)
        if action.verb == "talon" and self._talon_unknown(state):
            return ("cards",)
        return super().needs(state, action)

    @staticmethod
    def _talon_unknown(state: State) -> bool:
        """Whether the talon is turned up for all to see (a contested bid, or a deal with a
        seat out) and the referee does not know it from the deal: the table names it."""
        deal = state.deal
        open_talon = deal.contested or len(deal.active) < len(state.players)
        return open_talon and deal.talon is None

    def open_actions(self, state: State) -> list[Action]:
        if state.over:
            return []
        deal = state.deal
        # outside the deal phase the turn is set (see turn() above)
        player = state.players[deal.dealer if deal.phase == Phase.DEAL else deal.turn]  # type: ignore[index]
        if deal.phase == Phase.DEAL:
            return [Action("deal", player)]
        if deal.phase == Phase.BID:
            return self._legal_bids(state, player)
        if deal.phase == Phase.TALON:
            return [Action("talon", player)]
        out: list[Action] = []
        seat = state.players.index(player)
        if deal.phase == Phase.GIVE:
            for target in deal.active:
                if target == seat or target in deal.given:
                    continue
                to = state.players[target]
                if deal.hands is None:
                    out.append(Action("give", player, {"to": to}))
                else:
                    out += [Action("give", player, {"to": to, "card": c}) for c in deal.hands[seat]]
        else:
            out += self._legal_plays(state, deal, seat, player)
        if not deal.first_card_down and deal.declarer == seat:
            if self.rules.throw_in is not None and (
                self.rules.throw_in.limit is None
                or state.throw_ins[seat] < self.rules.throw_in.limit
            ):
                out.append(Action("throw_in", player))
            if deal.hands is not None and deal.dark != seat and not deal.golden:
                cap = self.rules.cap(marriages_in(deal.hands[seat]))
                out += [
                    Action("contract", player, {"points": p})
                    for p in range((deal.contract // STEP + 1) * STEP, cap + 1, STEP)
                ]
        return out

    def _legal_bids(self, state: State, player: str) -> list[Action]:
        deal = state.deal
        seat = state.players.index(player)
        out = [Action("pass", player)]
        ban = self.rules.low_score_ban
        if ban is not None and state.totals[seat] < ban:
            return out
        cap = PLAIN_CAP
        if deal.hands is not None:
            cap = self.rules.cap(marriages_in(deal.hands[seat]))
        out += [
            Action("bid", player, {"points": p})
            for p in range(deal.bid + STEP, cap + 1, STEP)
            if self.rules.bid_ok(p, deal.bid)
        ]
        if deal.hands is not None:
            out += [
                Action("redeal", state.players[s])
                for s in deal.active
                if self.rules.redeal_hand.reason(deal.hands[s], s == deal.opener) and s == seat
            ]
        return out

    def _legal_plays(self, state: State, deal: Deal, seat: int, player: str) -> list[Action]:
        if deal.hands is None:
            return [Action("play", player)]
        hand = deal.hands[seat]
        cards = playable(
            [parse_card(c) for c in hand],
            [parse_card(c) for c in deal.trick],
            deal.trump,
            RANKS,
            self.follow,
        )
        allowed = [str(c) for c in cards]
        if self.rules.trump_lead_reserved and not deal.trick and deal.trump_by not in (None, seat):
            others = [c for c in allowed if c[-1] != deal.trump]
            allowed = others or allowed
        out = [Action("play", player, {"card": c}) for c in allowed]
        on_lead = not deal.trick
        timing_ok = (not self.rules.marriage_on_lead or on_lead) and (
            not self.rules.marriage_needs_trick or deal.tricks[seat] > 0
        )
        if timing_ok:
            declared = {m for _, m in deal.melds}
            out += [
                Action("marriage", player, {"suit": s})
                for s in marriages_in(hand)
                if s not in declared
            ]
        return out

    def score_sheet(self, state: State) -> dict[str, Any]:
        """The Thousand sheet as players keep it: one line per deal with everyone's running
        total (the declarer's contract in the line's title, + made, - failed, x thrown in),
        bolts as strokes (/, //) and their penalty, the barrel as [B], its tries [B1].. and a
        fall [B-], the sitting-out dealer *, and 555 -> 0; then bolts and barrel standing now."""
        players = state.players
        rows = []
        for line in state.lines:
            if line.declarer is None:
                en, ru = (f"{line.number}. {w}" for w in LINE_WORDS[line.outcome])
            else:
                mark = OUTCOME_MARK.get(line.outcome, "")
                en = ru = f"{line.number}. {players[line.declarer]} {line.contract}{mark}"
            cells = {
                players[s]: " ".join((str(line.totals[s]), *line.marks[s])).strip()
                for s in range(len(players))
            }
            rows.append(sheet_row(f"deal_{line.number}", en, ru, cells))
        if self.rules.bolts is not None:
            bolts = {p: "/" * b for p, b in zip(players, state.bolts, strict=True)}
            rows.append(sheet_row("bolts", "Bolts standing", "Болты", bolts, "bonus"))
        if self.rules.barrel is not None:
            barrel = {
                p: ("" if t is None else f"{t}/{self.rules.barrel.tries}")
                for p, t in zip(players, state.barrel, strict=True)
            }
            rows.append(sheet_row("barrel", "Barrel tries", "Бочка: попытки", barrel, "bonus"))
        totals = dict(zip(players, state.totals, strict=True))
        rows.append(self.total_row(totals))
        return {"columns": list(players), "rows": rows}


ENGINE = Thousand
