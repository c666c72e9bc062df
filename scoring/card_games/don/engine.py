"""Nine-card Don for 4 players in fixed partnerships (cards.md §6), refereed from the table.

Seats follow the players' order clockwise; partners sit opposite (seats 1+3 and 2+4).  The
dealer deals 9 each and puts 16 aside unused [S:L526]; the deal rotates clockwise; the pitcher
(left of the dealer) leads first and, [EXT] pagat, that card's suit is trumps.  The winner of a
trick leads the next [S:L528].  Must follow suit (the seed's revoke, L439; ``follow:
follow_or_trump`` plays the traditional freedom Parlett mentions).  Point cards are pegged as
tricks are won and a side reaching the target (91 or 121) wins at once [INF: the crib board].
At the end of the deal: game (8; Preston 6 and +1 for the trump jack won, +1 high; Macclesfield
high 1, low 1, jack 1, game 5 in that order).

Verbs:

``deal``     ``{"do": "deal", "by": DEALER}``; ``cards`` (36: 9 for each player clockwise from
             the dealer's left) gives the referee every hand: required by ``information: full``.
``play``     ``{"do": "play", "by": P, "card": "9S"}``.
``exposed``  ``{"do": "exposed", "by": P, "card": C}``: P played C out of turn; it lies face up
             and must be played at the first legal opportunity; league: his side loses 19.
``revoke``   ``{"do": "revoke", "by": Q, "player": P}``: a proven revoke is confirmed (up to the
             next deal): friendly, the deal is cancelled and dealt again; league, also 52 [INF].

Hidden hands (the default): a card that does not follow is accepted and flagged ``proven`` when
the same player later plays the suit (§8.5); with full information it is refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring.actions import Action, NameField, Verb
from scoring.card_games.don.messages import MESSAGES
from scoring.card_games.don.rules import HAND, PLAYERS, TRICKS, Rules, game_value, peg, strength
from scoring.card_games.thousand.proofs import Played, Proof, new_proofs
from scoring.card_games.tricks import FollowRules, RankOrder, breach, trick_winner
from scoring.cards import RANKS, CardField, CardsField, deck, parse_card
from scoring.engine import BaseEngine, check_players, check_seat, result_verdicts, seated, sheet_row
from scoring.verdicts import Kind, Verdict

DECK = deck(52)
ORDER = RankOrder(RANKS)
MUST_FOLLOW = FollowRules(must_follow=True, must_trump=False)


@dataclass(frozen=True)
class Deal:
    number: int
    dealer: int
    dealt: bool = False
    hands: tuple[tuple[str, ...], ...] | None = None
    trump: str | None = None
    trick: tuple[str, ...] = ()
    turn: int | None = None
    done: int = 0
    history: tuple[Played, ...] = ()
    proofs: tuple[Proof, ...] = ()
    won: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # cards taken by each side
    low_side: int | None = None  # side that took the lowest trump so far (Macclesfield)
    exposed: tuple[tuple[int, str], ...] = ()
    start: tuple[int, int] = (0, 0)  # the sides' totals when the deal began


@dataclass(frozen=True)
class Line:
    """A row of the sheet: what each side scored in one deal, or a penalty."""

    key: str
    en: str
    ru: str
    points: tuple[int, int]


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    totals: tuple[int, int]
    deal: Deal
    lines: tuple[Line, ...] = ()
    winners: tuple[int, ...] = ()  # sides; both when a Burnley match ends level
    finished: Deal | None = None  # the last deal, open to a revoke claim until the next deal
    played: int = 0  # deals played to the end and not voided (Burnley's match of four)

    @property
    def over(self) -> bool:
        return bool(self.winners)


def side(seat: int) -> int:
    return seat % 2


class NineCardDon(BaseEngine[State]):
    """The engine (see the module docstring)."""

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        self.game, self.preset = game, preset
        self.rules = Rules.read(options)
        self._verbs = {
            "deal": Verb("deal", {"cards": CardsField(DECK, 36, 36)}, summary="deal 9 each"),
            "play": Verb("play", {"card": CardField(DECK)}, ("card",), summary="play a card"),
            "exposed": Verb(
                "exposed",
                {"card": CardField(DECK)},
                ("card",),
                summary="a card played out of turn, left face up",
            ),
            "revoke": Verb(
                "revoke",
                {"player": NameField()},
                ("player",),
                summary="confirm a proven revoke by a player",
            ),
        }
        self._handlers = {
            "deal": self._deal,
            "play": seated(self._play),
            "exposed": seated(self._exposed),
            "revoke": self._revoke,
        }

    def initial(self, players: Sequence[str]) -> State:
        check_players(players, PLAYERS, PLAYERS)
        return State(tuple(players), (0, 0), Deal(1, 0))

    def side_name(self, state: State, team: int) -> str:
        return f"{state.players[team]} & {state.players[team + 2]}"

    # ----------------------------------------------------------------------------------------

    def admit(self, state: State, action: Action) -> None:
        """An exposed card and a revoke claim by anyone seated, the rest in turn; the deal
        before the cards, the cards after the deal."""
        if action.verb in ("exposed", "revoke"):
            check_seat(state.players, None if state.over else action.by, action)
        else:
            check_seat(state.players, self._turn(state), action)
        if action.verb != "revoke" and (action.verb == "deal") == state.deal.dealt:
            raise MESSAGES.illegal("wrong_phase", action.by, verb=action.verb)

    def _turn(self, state: State) -> str | None:
        if state.over:
            return None
        deal = state.deal
        return state.players[deal.turn if deal.dealt and deal.turn is not None else deal.dealer]

    def _deal(self, state: State, action: Action) -> tuple[State, list[Verdict]]:
        deal = state.deal
        cards = action.args.get("cards")
        if cards is None and self.rules.information == "full":
            raise MESSAGES.illegal("cards_needed", action.by)
        hands = None
        pitcher = (deal.dealer + 1) % PLAYERS
        if cards is not None:
            order = [(deal.dealer + k) % PLAYERS for k in range(1, PLAYERS + 1)]
            by_seat: list[tuple[str, ...]] = [()] * PLAYERS
            for index, seat in enumerate(order):
                by_seat[seat] = tuple(cards[index * HAND : (index + 1) * HAND])
            hands = tuple(by_seat)
        new = replace(deal, dealt=True, hands=hands, turn=pitcher, start=state.totals)
        verdict = MESSAGES.verdict(
            Kind.INFO, "dealt", action.by, number=deal.number, pitcher=state.players[pitcher]
        )
        return replace(state, deal=new, finished=None), [verdict]

    def _held_elsewhere(self, state: State, deal: Deal, seat: int, card: str) -> None:
        player = state.players[seat]
        if card in (p.card for p in deal.history):
            raise MESSAGES.illegal("card_played", player, card=card)
        if deal.hands is not None and card not in deal.hands[seat]:
            raise MESSAGES.illegal("not_in_hand", player, card=card)
        if any(c == card and s != seat for s, c in deal.exposed):
            raise MESSAGES.illegal("not_in_hand", player, card=card)

    def _legal_now(self, deal: Deal, seat: int, card: str) -> bool:
        """Whether ``card`` may be played now as far as the referee can tell."""
        if not deal.trick:
            return True
        led = deal.trick[0][-1]
        if deal.hands is None:
            return card[-1] == led or self._free(deal, card)
        return self._breach(deal, deal.hands[seat], card) is None

    def _free(self, deal: Deal, card: str) -> bool:
        return self.rules.follow == "follow_or_trump" and card[-1] == deal.trump

    def _breach(self, deal: Deal, hand: Sequence[str], card: str) -> str | None:
        if self._free(deal, card):
            return None
        return breach(
            [parse_card(c) for c in hand],
            [parse_card(c) for c in deal.trick],
            parse_card(card),
            deal.trump,
            ORDER,
            MUST_FOLLOW,
        )

    def _play(self, state: State, seat: int, action: Action) -> tuple[State, list[Verdict]]:
        deal = state.deal
        card = action.args["card"]
        player = action.by or ""
        self._held_elsewhere(state, deal, seat, card)
        mine = [c for s, c in deal.exposed if s == seat]
        if mine and card not in mine:
            due = next((c for c in mine if self._legal_now(deal, seat, c)), None)
            if due is not None:
                raise MESSAGES.illegal("must_play_exposed", player, card=due)
        if deal.hands is not None and self._breach(deal, deal.hands[seat], card) is not None:
            raise MESSAGES.illegal("revoke_illegal", player, suit=deal.trick[0][-1])
        verdicts: list[Verdict] = []
        if deal.trump is None:
            deal = replace(deal, trump=card[-1])
            verdicts.append(MESSAGES.verdict(Kind.INFO, "trump", player, card=card, suit=card[-1]))
        played = Played(
            seat,
            card,
            deal.done + 1,
            deal.trick,
            deal.trump,
            free_suit=deal.trump if self.rules.follow == "follow_or_trump" else None,
        )
        found: tuple[Proof, ...] = ()
        if deal.hands is None:
            found = new_proofs(deal.history, seat, (card,), deal.proofs, ORDER, MUST_FOLLOW)
        hands = deal.hands
        if hands is not None:
            hands = tuple(
                tuple(c for c in h if c != card) if s == seat else h for s, h in enumerate(hands)
            )
        deal = replace(
            deal,
            hands=hands,
            trick=(*deal.trick, card),
            history=(*deal.history, played),
            proofs=(*deal.proofs, *found),
            exposed=tuple(e for e in deal.exposed if e != (seat, card)),
            turn=(seat + 1) % PLAYERS,
        )
        verdicts += [
            MESSAGES.verdict(
                Kind.FOUL, "proven", state.players[p.seat], trick=p.trick, card=p.card, by=p.witness
            )
            for p in found
        ]
        if len(deal.trick) < PLAYERS:
            return replace(state, deal=deal), verdicts
        return self._end_trick(state, deal, verdicts)

    def _end_trick(
        self, state: State, deal: Deal, verdicts: list[Verdict]
    ) -> tuple[State, list[Verdict]]:
        assert deal.trump is not None
        trump = deal.trump
        trick = deal.trick
        seats = [p.seat for p in deal.history[-PLAYERS:]]
        winner = seats[trick_winner([parse_card(c) for c in trick], trump, ORDER)]
        team = side(winner)
        won = list(deal.won)
        won[team] = (*won[team], *trick)
        trumps = [c for c in trick if c[-1] == trump]
        low_side = deal.low_side
        lowest_so_far = self._lowest(deal, exclude=trick)
        if trumps:
            low_here = min(trumps, key=strength)
            if lowest_so_far is None or strength(low_here) < strength(lowest_so_far):
                low_side = team
        deal = replace(
            deal,
            trick=(),
            done=deal.done + 1,
            won=(won[0], won[1]),
            low_side=low_side,
            turn=winner,
        )
        value = sum(peg(c, trump) for c in trick)
        verdicts.append(
            MESSAGES.verdict(
                Kind.POINTS,
                "trick",
                state.players[winner],
                value,
                trick=deal.done,
                cards=" ".join(trick),
                side=self.side_name(state, team),
            )
        )
        state = replace(state, deal=deal)
        state = self._score(state, team, value, verdicts)
        jack = f"J{trump}"
        if self.rules.scoring == "preston" and jack in trick:
            verdicts.append(
                MESSAGES.verdict(
                    Kind.BONUS, "jack_bonus", None, 1, side=self.side_name(state, team)
                )
            )
            state = self._score(state, team, 1, verdicts)
        if state.over or deal.done < TRICKS:
            if not state.over:
                verdicts.append(MESSAGES.verdict(Kind.TURN, "turn", state.players[winner]))
            return state, verdicts
        return self._end_deal(state, verdicts)

    def _lowest(self, deal: Deal, exclude: Sequence[str] = ()) -> str | None:
        trumps = [
            p.card for p in deal.history if p.card[-1] == deal.trump and p.card not in exclude
        ]
        return min(trumps, key=strength) if trumps else None

    def _score(self, state: State, team: int, points: int, verdicts: list[Verdict]) -> State:
        """Peg ``points`` for a side; reaching the target ends the game at once [INF]."""
        if state.over or points == 0:
            return state
        totals = list(state.totals)
        totals[team] += points
        state = replace(state, totals=(totals[0], totals[1]))
        if self.rules.target is not None and totals[team] >= self.rules.target:
            state = replace(state, winners=(team,))
            verdicts.append(
                MESSAGES.verdict(
                    Kind.GAME_OVER, "reached", None, totals[team], side=self.side_name(state, team)
                )
            )
            verdicts.append(MESSAGES.verdict(Kind.GAME_OVER, "game_over"))
            state = self._close_line(state)
        return state

    def _end_deal(self, state: State, verdicts: list[Verdict]) -> tuple[State, list[Verdict]]:
        """High, low and jack where the scoring has them, then game, strictly in that order
        (Macclesfield L421-L423: the order decides near the target); the first award that
        takes a side to the target ends the game, and what follows is not scored."""
        for award in self._awards(state):
            if state.over:
                return state, verdicts
            if award is None:
                continue
            team, points, verdict = award
            verdicts.append(verdict)
            state = self._score(state, team, points, verdicts)
        if state.over:
            return state, verdicts
        state = self._close_line(state)
        state = replace(state, played=state.played + 1)
        match = self.rules.match_deals
        if match is not None and state.played >= match:
            best = max(state.totals)
            winners = tuple(t for t in (0, 1) if state.totals[t] == best)
            scores = {self.side_name(state, t): state.totals[t] for t in (0, 1)}
            return replace(state, winners=winners), verdicts + result_verdicts(scores)
        finished = state.deal
        nxt = Deal(finished.number + 1, (finished.dealer + 1) % PLAYERS)
        verdicts.append(MESSAGES.verdict(Kind.HAND_OVER, "turn", state.players[nxt.dealer]))
        return replace(state, deal=nxt, finished=finished), verdicts

    def _awards(self, state: State) -> list[tuple[int, int, Verdict] | None]:
        """The end-of-deal awards in scoring order: (side, points, announcement)."""
        deal = state.deal
        assert deal.trump is not None
        scoring = self.rules.scoring
        name = lambda team: self.side_name(state, team)  # noqa: E731
        out: list[tuple[int, int, Verdict] | None] = []
        trumps = [p for p in deal.history if p.card[-1] == deal.trump]
        if scoring in ("preston", "macclesfield") and trumps:
            high = max(trumps, key=lambda p: strength(p.card))
            team = side(high.seat)
            out.append((team, 1, self._say("high", 1, side=name(team), card=high.card)))
        if scoring == "macclesfield" and deal.low_side is not None:
            low = self._lowest(deal)
            team = deal.low_side
            out.append((team, 1, self._say("low", 1, side=name(team), card=low)))
        jack = f"J{deal.trump}"
        if scoring == "macclesfield":
            holder = next((t for t in (0, 1) if jack in deal.won[t]), None)
            out.append(
                None if holder is None else (holder, 1, self._say("jack", 1, side=name(holder)))
            )
        values = [game_value(deal.won[0]), game_value(deal.won[1])]
        if values[0] == values[1]:
            out.append((0, 0, MESSAGES.verdict(Kind.INFO, "game_tied", None, value=values[0])))
        else:
            team = 0 if values[0] > values[1] else 1
            points = self.rules.game_points
            verdict = self._say(
                "game_point", points, side=name(team), value=values[team], other=values[1 - team]
            )
            out.append((team, points, verdict))
        return out

    @staticmethod
    def _say(code: str, points: int, **data: Any) -> Verdict:
        return MESSAGES.verdict(Kind.BONUS, code, None, points, **data)

    def _close_line(self, state: State) -> State:
        deal = state.deal
        made = (state.totals[0] - deal.start[0], state.totals[1] - deal.start[1])
        title = f"Deal {deal.number}"
        return replace(
            state,
            lines=(*state.lines, Line(f"deal_{deal.number}", title, f"Сдача {deal.number}", made)),
        )

    # ----------------------------------------------------------------------------------------
    # Penalties (L436-L441).

    def _exposed(self, state: State, seat: int, action: Action) -> tuple[State, list[Verdict]]:
        deal = state.deal
        card = action.args["card"]
        if not deal.dealt:
            raise MESSAGES.illegal("wrong_phase", action.by, verb="exposed")
        if deal.turn == seat:
            raise MESSAGES.illegal("not_out_of_turn", action.by)
        self._held_elsewhere(state, deal, seat, card)
        deal = replace(deal, exposed=(*deal.exposed, (seat, card)))
        state = replace(state, deal=deal)
        verdicts = [MESSAGES.verdict(Kind.FOUL, "exposed", action.by, card=card)]
        if self.rules.penalties == "league":
            team = side(seat)
            points = self.rules.out_of_turn_points
            verdicts.append(
                MESSAGES.verdict(
                    Kind.FOUL, "exposed_league", None, -points, side=self.side_name(state, team)
                )
            )
            words = ("out_of_turn", "Out of turn", "Ход не в очередь")
            state = self._penalty(state, team, -points, words, verdicts)
        return state, verdicts

    def _revoke(self, state: State, action: Action) -> tuple[State, list[Verdict]]:
        """A proven revoke confirmed: friendly, the deal is void (its points are taken back)
        and the same dealer deals again; league, the 52 of L441 as well [INF]."""
        name = action.args["player"]
        if name not in state.players:
            raise MESSAGES.illegal("unknown_player", name, players=", ".join(state.players))
        offender = state.players.index(name)
        deal = state.finished if state.finished is not None else state.deal
        if not any(p.seat == offender for p in deal.proofs):
            raise MESSAGES.illegal("no_proof", action.by, offender=name)
        verdicts = [MESSAGES.verdict(Kind.FOUL, "revoke", name)]
        if state.finished is None:
            state = self._close_line(state)
        made = (state.totals[0] - deal.start[0], state.totals[1] - deal.start[1])
        void = Line(
            f"void_{deal.number}",
            f"Deal {deal.number} void (revoke)",
            f"Сдача {deal.number} отменена (ренонс)",
            (-made[0], -made[1]),
        )
        played = state.played - (1 if state.finished is not None else 0)
        state = replace(
            state, totals=deal.start, lines=(*state.lines, void), finished=None, played=played
        )
        state = replace(state, deal=Deal(deal.number + 1, deal.dealer))
        if self.rules.penalties == "league":
            points = self.rules.revoke_points
            team = (
                1 - side(offender) if self.rules.league_revoke == "opponents_52" else side(offender)
            )
            signed = points if self.rules.league_revoke == "opponents_52" else -points
            verdicts.append(
                MESSAGES.verdict(
                    Kind.FOUL, "revoke_league", None, signed, side=self.side_name(state, team)
                )
            )
            state = self._penalty(state, team, signed, ("revoke", "Revoke", "Ренонс"), verdicts)
        return state, verdicts

    def _penalty(
        self,
        state: State,
        team: int,
        points: int,
        line_words: tuple[str, str, str],
        verdicts: list[Verdict],
    ) -> State:
        """A penalty on its own sheet line, kept out of the deal's own points."""
        key, en, ru = line_words
        totals = list(state.totals)
        totals[team] += points
        cells = (points, 0) if team == 0 else (0, points)
        line = Line(f"{key}_{len(state.lines) + 1}", en, ru, cells)
        state = replace(state, totals=(totals[0], totals[1]), lines=(*state.lines, line))
        deal = state.deal
        start = list(deal.start)
        start[team] += points
        state = replace(state, deal=replace(deal, start=(start[0], start[1])))
        target = self.rules.target
        if target is not None and totals[team] >= target and not state.over:
            state = replace(state, winners=(team,))  # the opponents' 52 can end the game
            verdicts.append(
                MESSAGES.verdict(
                    Kind.GAME_OVER, "reached", None, totals[team], side=self.side_name(state, team)
                )
            )
            verdicts.append(MESSAGES.verdict(Kind.GAME_OVER, "game_over"))
        return state

    # ----------------------------------------------------------------------------------------

    def scores(self, state: State) -> dict[str, int]:
        return {p: state.totals[side(s)] for s, p in enumerate(state.players)}

    def view(self, state: State) -> dict[str, Any]:
        players = state.players
        deal = state.deal
        winner = [players[s] for t in state.winners for s in (t, t + 2)] or None
        out: dict[str, Any] = {
            "players": list(players),
            "turn": self._turn(state),
            "scores": self.scores(state),
            "over": state.over,
            "winner": winner,
            "sides": {self.side_name(state, t): state.totals[t] for t in (0, 1)},
            "target": self.rules.target,
            "deal": deal.number,
            "dealer": players[deal.dealer],
            "trump": deal.trump,
            "trick": list(deal.trick),
            "tricks_done": deal.done,
            "exposed": [{"player": players[s], "card": c} for s, c in deal.exposed],
            "proven": [
                {"player": players[p.seat], **p.data()} for p in (state.finished or deal).proofs
            ],
        }
        if deal.hands is not None and self.rules.information == "full":
            out["hands"] = {players[s]: sorted(h) for s, h in enumerate(deal.hands)}
        return out

    def needs(self, state: State, action: Action) -> tuple[str, ...]:
        """With full information the deal names every card (public: the cards stay hidden)."""
        if (
            action.verb == "deal"
            and self.rules.information == "full"
            and "cards" not in action.args
        ):
            return ("cards",)
        return super().needs(state, action)

    def open_actions(self, state: State) -> list[Action]:
        turn = self._turn(state)
        if turn is None:
            return []
        deal = state.deal
        out: list[Action] = []
        proven = (state.finished or deal).proofs
        for offender in sorted({p.seat for p in proven}):
            claimant = state.players[(offender + 1) % PLAYERS]
            out.append(Action("revoke", claimant, {"player": state.players[offender]}))
        if not deal.dealt:
            return [Action("deal", turn), *out]
        seat = state.players.index(turn)
        if deal.hands is None:
            return [Action("play", turn), *out]
        hand = deal.hands[seat]
        allowed = [c for c in hand if self._breach(deal, hand, c) is None]
        due = [c for s, c in deal.exposed if s == seat and c in allowed]
        return [Action("play", turn, {"card": c}) for c in (due[:1] or allowed)] + out

    def score_sheet(self, state: State) -> dict[str, Any]:
        """The pegging board written down: what each side made in each deal (both partners'
        columns show their side), penalties on their own lines, and the totals."""
        players = state.players
        rows = []
        lines = list(state.lines)
        deal = state.deal
        if deal.dealt and not state.over:
            made = (state.totals[0] - deal.start[0], state.totals[1] - deal.start[1])
            key, number = f"deal_{deal.number}", deal.number
            lines.append(Line(key, f"Deal {number} (in play)", f"Сдача {number} (идёт)", made))
        for line in lines:
            cells = {p: line.points[side(s)] for s, p in enumerate(players)}
            rows.append(sheet_row(line.key, line.en, line.ru, cells))
        rows.append(self.total_row(self.scores(state)))
        return {"columns": list(players), "rows": rows}


ENGINE = NineCardDon
