"""Texas hold'em at a tournament table under the Poker Tour floor rules (docs/rules/poker.md).

The referee sees the board, the burn cards turned up and the hands tabled at the showdown, and
is told how the chips and words came forward; the hole cards stay hidden until shown, so the
board and the shown hands are the table's data (decisions) and the betting is the players'
moves.  Every hand is played from the blinds to the payout; the game ends when one player has
every chip (or after ``hands`` hands).

Verbs (docs/rules/poker.md §5): ``fold``, ``check``, ``call``, ``bet``/``raise`` (``to``, the
round total), ``all_in``; ``declare`` (a binding word) and ``push`` (chips and words, judged
by the floor rules); ``flop``, ``reflop``, ``turn``, ``river`` (the dealer); ``show``, ``muck``;
``misdeal``, ``clock``, ``ruling`` (the operator).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from scoring.actions import Action, BoolField, ChoiceField, IntField, NameField, Verb
from scoring.card_games.common import put
from scoring.card_games.holdem import betting
from scoring.card_games.holdem.hands import best_hand
from scoring.card_games.holdem.listing import next_street, open_actions
from scoring.card_games.holdem.messages import (
    MESSAGES,
    STREETS_BEFORE_RU,
    STREETS_DUE_RU,
    STREETS_RU,
    WORDS_RU,
)
from scoring.card_games.holdem.payout import pay, return_uncalled
from scoring.card_games.holdem.pushes import Facing, PushedChipsField, Reading, judge
from scoring.card_games.holdem.rules import MOST_PLAYERS, Rules, Structure
from scoring.card_games.holdem.state import BOARD_SIZE, Held, Phase, State, Street
from scoring.card_games.holdem.view import public_view, score_sheet, turn_name
from scoring.cards import Card, CardField, CardsField, cards_text, deck, parse_card
from scoring.engine import (
    BaseEngine,
    check_players,
    result_verdicts,
    seat_of,
)
from scoring.verdicts import COMMON, IllegalMove, Kind, MessageData, Verdict

DECK = deck(52)
Outcome = tuple[State, list[Verdict]]
#: The moves of a betting round; out of turn they are held (TPT 43A).
BETTING = ("fold", "check", "call", "bet", "raise", "all_in", "declare", "push")
RAISES = ("bet", "raise", "all_in")
WORDS = ("call", "check", "fold", "raise", "bet", "all_in", "pot")
#: The floor rules whose rulings the operator records (docs/rules/poker.md §3).
RULINGS = (
    "1", "2", "3", "8B", "8C", "9", "10A", "13", "17", "21", "23", "24B", "28", "37", "39",
    "41C", "43B", "47", "49", "50", "52", "53", "54", "55A", "55B", "56", "58", "59", "60", "61",
)  # fmt: skip
#: The board verbs and the street each deals.
STREET_OF = {"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}


def tpt(rule: str) -> MessageData:
    """A verdict's ``rule``: the floor rule that decided it."""
    return {"rule": f"TPT {rule}"}


def substantial(state: State) -> bool:
    """TPT 27: two actions in turn, one of them putting chips in, or any three."""
    return len(state.moves) >= 3 or (len(state.moves) >= 2 and any(state.moves))


class HoldemEngine(BaseEngine[State]):
    """One engine for the no-limit, pot-limit and limit presets (docs/rules/poker.md)."""

    total_title = ("Chips", "Фишки")

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        self.game, self.preset = game, preset
        self.rules = Rules.read(options)
        card = CardField(DECK)
        to = IntField(1)
        burned = IntField(0, 3)  # D20: the cards the camera saw laid in the burn spot
        self._verbs = {
            "fold": Verb("fold", summary="drop the hand"),
            "check": Verb("check", summary="pass with nothing to call"),
            "call": Verb("call", summary="match the bet"),
            "bet": Verb("bet", {"to": to}, ("to",), summary="bet: the round total"),
            "raise": Verb("raise", {"to": to}, ("to",), summary="raise to a round total"),
            "all_in": Verb("all_in", summary="every chip in"),
            "declare": Verb(
                "declare",
                {"word": ChoiceField(WORDS), "amount": to},
                ("word",),
                summary="a binding word (TPT 41A, 44B, 45)",
            ),
            "push": Verb(
                "push",
                {
                    "chips": PushedChipsField(),
                    "said": ChoiceField(("call", "raise", "all_in")),
                    "amount": to,
                    "motions": IntField(1, 20),
                },
                summary="the chips pushed and the words said (TPT 31-36)",
            ),
            "flop": Verb(
                "flop",
                {"cards": CardsField(DECK, 3, 4), "burn": card, "burned": burned},
                ("cards",),
                needs_player=False,
                summary="the flop (four cards: TPT 30)",
            ),
            "reflop": Verb(
                "reflop",
                {"burn": card},
                ("burn",),
                needs_player=False,
                summary="the card of a four-card flop picked as the burn",
            ),
            "turn": Verb(
                "turn",
                {"card": card, "burn": card, "burned": burned},
                ("card",),
                needs_player=False,
                summary="the turn card",
            ),
            "river": Verb(
                "river",
                {"card": card, "burn": card, "burned": burned},
                ("card",),
                needs_player=False,
                summary="the river card",
            ),
            "show": Verb(
                "show",
                {"cards": CardsField(DECK, 2, 2)},
                ("cards",),
                summary="both hole cards tabled",
            ),
            "muck": Verb("muck", summary="throw the hand away unshown"),
            "misdeal": Verb(
                "misdeal",
                {"foul_deck": BoolField()},
                needs_player=False,
                summary="a misdeal (TPT 26)",
            ),
            "clock": Verb("clock", needs_player=False, summary="time is up (TPT 22)"),
            "ruling": Verb(
                "ruling",
                {
                    "rule": ChoiceField(RULINGS),
                    "player": NameField(),
                    "kill": BoolField(),
                    "note": NameField(),
                },
                ("rule",),
                needs_player=False,
                summary="the floor's ruling, recorded with its rule",
            ),
        }
        self._handlers: dict[str, Callable[[State, Action], Outcome]] = {
            **dict.fromkeys(BETTING, self._betting),
            "flop": self._flop,
            "reflop": self._reflop,
            "turn": self._card,
            "river": self._card,
            "show": self._show,
            "muck": self._muck,
            "misdeal": self._misdeal,
            "clock": self._clock,
            "ruling": self._ruling,
        }

    # ----------------------------------------------------------------------------------------
    # The table.

    def initial(self, players: Sequence[str]) -> State:
        check_players(players, 2, MOST_PLAYERS)
        stacks = self.rules.starting(players)
        heads_up = len(players) == 2
        state = State(
            players=tuple(players),
            start=stacks,
            stacks=stacks,
            button=0,
            small_blind=0 if heads_up else 1,
            big_blind=1 if heads_up else 2,
        )
        return self._deal(state, 1)[0]

    def admit(self, state: State, action: Action) -> None:
        if state.over:
            raise COMMON.illegal("game_over", action.by)
        if self.verbs[action.verb].needs_player:
            seat_of(state.players, action.by, state.over)

    def _deal(self, state: State, number: int) -> Outcome:
        """A hand begins (D19): antes, blinds, the first player to act; the same positions for
        a misdeal's replay (TPT 26C)."""
        n = state.seats
        start = state.stacks
        dealt = tuple(chips > 0 for chips in start)
        state = replace(
            state,
            hand=number,
            hand_start=start,
            dealt=dealt,
            committed=(0,) * n,
            bets=(0,) * n,
            folded=(False,) * n,
            acted=(None,) * n,
            phase=Phase.BETTING,
            street=Street.PREFLOP,
            current_bet=self.rules.big_blind,
            last_raise=self.rules.big_blind,
            raises=1,
            aggressor=None,
            board=(),
            burns=(),
            burned=0,
            four=(),
            shown=(None,) * n,
            mucked=(False,) * n,
            show_order=(),
            face_up=False,
            moves=(),
            held=None,
            bound=None,
            rulings=(),
        )
        verdicts = []
        if self.rules.ante:
            for seat in range(n):
                if dealt[seat]:
                    state = betting.commit(state, seat, min(self.rules.ante, state.stacks[seat]))
            state = replace(state, bets=(0,) * n)
            verdicts.append(MESSAGES.verdict(Kind.INFO, "antes", amount=self.rules.ante))
        blinds = []
        for seat, amount in (
            (state.small_blind, self.rules.small_blind),
            (state.big_blind, self.rules.big_blind),
        ):
            if dealt[seat]:
                state = betting.commit(state, seat, min(amount, state.stacks[seat]))
                blinds.append(f"{state.players[seat]} {state.bets[seat]}")
        verdicts.append(
            MESSAGES.verdict(
                Kind.TURN,
                "blinds",
                hand=number,
                button=state.players[state.button],
                blinds=", ".join(blinds),
            )
        )
        state = replace(state, turn=betting.first_to_act(state, state.big_blind))
        return self._go_on(state, verdicts)

    # ----------------------------------------------------------------------------------------
    # Betting.

    def _betting(self, state: State, action: Action) -> Outcome:
        seat = state.players.index(action.by or "")
        if state.phase is not Phase.BETTING:
            if action.verb == "fold" and state.live(seat):
                return self._kill(state, seat, [MESSAGES.verdict(Kind.INFO, "fold", action.by)])
            raise MESSAGES.illegal("no_betting", action.by)
        if seat != state.turn:
            return self._out_of_turn(state, seat, action)
        if state.bound == "raise" and action.verb in ("fold", "check", "call"):
            raise MESSAGES.illegal("bound_raise", action.by, **tpt("41A"))
        moves: dict[str, Callable[[State, int, Action], Outcome]] = {
            "fold": lambda s, p, a: self._fold(s, p),
            "check": lambda s, p, a: self._check(s, p),
            "call": lambda s, p, a: self._call(s, p),
            "bet": lambda s, p, a: self._raise(s, p, a.args["to"]),
            "raise": lambda s, p, a: self._raise(s, p, a.args["to"]),
            "all_in": lambda s, p, a: self._all_in(s, p),
            "declare": self._declare,
            "push": self._push,
        }
        state, verdicts = moves[action.verb](state, seat, action)
        return self._go_on(state, verdicts)

    def _fold(self, state: State, seat: int) -> Outcome:
        code, data = ("fold", {}) if state.to_call(seat) > 0 else ("fold_no_bet", tpt("48"))
        state = replace(state, folded=put(state.folded, seat, True))
        verdict = MESSAGES.verdict(Kind.INFO, code, state.players[seat], **data)
        return betting.acted(state, seat, False), [verdict]

    def _check(self, state: State, seat: int) -> Outcome:
        owed = state.to_call(seat)
        if owed > 0:
            raise MESSAGES.illegal("cannot_check", state.players[seat], amount=owed)
        verdict = MESSAGES.verdict(Kind.INFO, "check", state.players[seat])
        return betting.acted(state, seat, False), [verdict]

    def _call(self, state: State, seat: int) -> Outcome:
        owed = state.to_call(seat)
        if owed == 0:
            state, _ = self._check(state, seat)
            verdict = MESSAGES.verdict(Kind.INFO, "call_is_check", state.players[seat], **tpt("45"))
            return state, [verdict]
        state = betting.commit(state, seat, owed)
        verdicts = [MESSAGES.verdict(Kind.INFO, "call", state.players[seat], amount=owed)]
        if state.stacks[seat] == 0:
            verdicts.append(self._all_in_verdict(state, seat))
        return betting.acted(state, seat, True), verdicts

    def _raise(self, state: State, seat: int, to: int) -> Outcome:
        player = state.players[seat]
        refusal = betting.raise_refusal(state, self.rules, seat, to)
        if refusal is not None:
            raise MESSAGES.illegal(
                refusal,
                player,
                to=to,
                minimum=betting.min_raise_to(state, self.rules),
                maximum=betting.max_raise_to(state, self.rules, seat),
                stack=state.stacks[seat],
                chip=self.rules.chip,
                **tpt("38A" if refusal == "no_raise_open" else "34A"),
            )
        code = "bet" if state.current_bet == 0 else "raise"
        state = betting.raised_to(state, self.rules, seat, to)
        verdicts = [MESSAGES.verdict(Kind.INFO, code, player, to=to)]
        if state.stacks[seat] == 0:
            verdicts.append(self._all_in_verdict(state, seat))
        return betting.acted(state, seat, True), verdicts

    def _all_in(self, state: State, seat: int) -> Outcome:
        everything = betting.all_in_to(state, seat)
        if everything <= state.current_bet:
            return self._call(state, seat)
        return self._raise(state, seat, everything)

    def _all_in_verdict(self, state: State, seat: int) -> Verdict:
        return MESSAGES.verdict(Kind.INFO, "all_in", state.players[seat], to=state.bets[seat])

    def _declare(self, state: State, seat: int, action: Action) -> Outcome:
        """A word in turn binds (TPT 41A, 44B, 45; D14)."""
        word, amount = action.args["word"], action.args.get("amount")
        player = state.players[seat]
        said = MESSAGES.verdict(
            Kind.INFO, "declared", player, word=WORDS_RU.get(word, word), **tpt("41A")
        )
        if word == "fold":
            state, verdicts = self._fold(state, seat)
        elif word == "check" and state.to_call(seat) > 0:
            note = MESSAGES.verdict(Kind.FOUL, "checked_facing", player, **tpt("45"))
            return replace(state, bound="no_raise"), [note]
        elif word in ("check", "call"):
            state, verdicts = (
                self._call(state, seat) if word == "call" else self._check(state, seat)
            )
        elif word == "all_in":
            state, verdicts = self._all_in(state, seat)
        elif not betting.can_raise(state, self.rules, seat):
            state, verdicts = self._call(state, seat)
            verdicts.insert(0, MESSAGES.verdict(Kind.FOUL, "no_raise_open", player, **tpt("38A")))
        elif word == "pot" and self.rules.structure is Structure.POT_LIMIT:
            state, verdicts = self._raise(
                state, seat, betting.max_raise_to(state, self.rules, seat)
            )
        elif word == "pot" or amount is None:
            note = (
                MESSAGES.verdict(Kind.FOUL, "pot_no_limit", player, **tpt("44B"))
                if word == "pot"
                else MESSAGES.verdict(Kind.INFO, "bound_raise", player, **tpt("41A"))
            )
            return replace(state, bound="raise"), [said, note]
        else:  # TPT 42A: corrected up to the minimum; never past the most allowed
            lowest = betting.min_raise_to(state, self.rules)
            highest = betting.max_raise_to(state, self.rules, seat)
            state, verdicts = self._raise(state, seat, min(max(amount, lowest), highest))
        return state, [said, *verdicts]

    def _push(self, state: State, seat: int, action: Action) -> Outcome:
        """Chips and words as they came, read by the floor rules (D15)."""
        player = state.players[seat]
        chips = action.args.get("chips", ())
        amount = action.args.get("amount")
        if not chips and amount is None:
            raise MESSAGES.illegal("nothing_pushed", player)
        live = len(state.live_seats())
        facing = Facing(
            bet=state.bets[seat],
            stack=state.stacks[seat],
            current=state.current_bet,
            min_to=betting.min_raise_to(state, self.rules),
            last_raise=max(state.last_raise, self.rules.big_blind),
            binding_under_call=live == 2 or state.raises <= 1,
        )
        try:
            reading = judge(
                chips, facing, action.args.get("said"), amount, action.args.get("motions", 1)
            )
        except ValueError as problem:
            code = str(problem)
            raise MESSAGES.illegal(
                code, player, stack=state.stacks[seat], amount=amount, bet=state.bets[seat]
            ) from None
        return self._read(state, seat, reading)

    def _read(self, state: State, seat: int, reading: Reading) -> Outcome:
        """The move a push was read as, announced with the rule that read it."""
        why = MESSAGES.verdict(
            Kind.INFO, reading.code, state.players[seat], to=reading.to, rule=reading.rule
        )
        if reading.verb == "raise":
            if not betting.can_raise(state, self.rules, seat):
                state, verdicts = self._call(state, seat)
            else:
                top = betting.max_raise_to(state, self.rules, seat)
                state, verdicts = self._raise(state, seat, min(reading.to, top))
        elif reading.verb == "all_in":
            state, verdicts = self._all_in(state, seat)
        elif reading.verb == "call":
            state, verdicts = self._call(state, seat)
        else:
            state, verdicts = self._check(state, seat)
        return state, [why, *verdicts]

    # ----------------------------------------------------------------------------------------
    # Out of turn (TPT 43A, 10B, 48).

    def _out_of_turn(self, state: State, seat: int, action: Action) -> Outcome:
        player = state.players[seat]
        if not state.live(seat):
            raise MESSAGES.illegal("not_in_hand", player)
        if not betting.needs_action(state, seat):
            raise COMMON.illegal("not_your_turn", player, turn=turn_name(state))
        if action.verb == "fold" or (action.verb == "declare" and action.args["word"] == "fold"):
            state = replace(state, folded=put(state.folded, seat, True))
            verdict = MESSAGES.verdict(Kind.FOUL, "oot_fold", player, **tpt("43A"))
            return self._go_on(state, [verdict])
        if state.held is not None:
            other = state.players[state.held.seat]
            raise MESSAGES.illegal("one_held", player, other=other)
        state = replace(state, held=Held(seat, action, state.current_bet))
        verdict = MESSAGES.verdict(
            Kind.FOUL, "out_of_turn", player, turn=turn_name(state), **tpt("43A")
        )
        return state, [verdict]

    def _release(self, state: State) -> Outcome:
        """The turn reached a player whose action out of turn is held: it stands if the bet to
        him is what it was, else it is void (TPT 43A)."""
        held = state.held
        assert held is not None
        state = replace(state, held=None)
        player = state.players[held.seat]
        if state.current_bet == held.facing:
            try:
                following, verdicts = self._betting(state, held.action)
            except IllegalMove:
                pass
            else:
                stands = MESSAGES.verdict(Kind.INFO, "oot_binding", player, **tpt("43A"))
                return following, [stands, *verdicts]
        return state, [MESSAGES.verdict(Kind.INFO, "oot_void", player, **tpt("43A"))]

    # ----------------------------------------------------------------------------------------
    # How the hand goes on after a move.

    def _go_on(self, state: State, verdicts: list[Verdict]) -> Outcome:
        """After any change in a betting round: the pot to the last live hand, the round's end,
        or the next player (his held action first)."""
        if len(state.live_seats()) == 1:
            return self._award(state, verdicts)
        if state.phase is not Phase.BETTING:
            return state, verdicts
        if state.turn is not None and not betting.needs_action(state, state.turn):
            state = replace(state, turn=betting.first_to_act(state, state.turn))
        if state.turn is None:
            return self._end_round(state, verdicts)
        if state.held is not None and not state.live(state.held.seat):
            state = replace(state, held=None)
        if state.held is not None and state.held.seat == state.turn:
            state, more = self._release(state)
            return state, [*verdicts, *more]
        return state, verdicts

    def _end_round(self, state: State, verdicts: list[Verdict]) -> Outcome:
        """The bets are matched: the unanswered part returned (D9), then the next card, the
        showdown, or an all-in showdown with the rest of the board to come (TPT 11)."""
        state, verdicts = return_uncalled(state, verdicts)
        n = state.seats
        state = replace(
            state,
            bets=(0,) * n,
            acted=(None,) * n,
            current_bet=0,
            last_raise=self.rules.big_blind,
            raises=0,
            held=None,
            bound=None,
            turn=None,
        )
        able = sum(1 for seat in range(n) if state.active(seat))
        if state.street is Street.RIVER or able <= 1:
            return self._showdown(state, verdicts)
        return replace(state, phase=Phase.DEAL), verdicts

    # ----------------------------------------------------------------------------------------
    # The board (D12, TPT 30).

    def _seen(self, state: State) -> set[Card]:
        shown = {card for hand in state.shown if hand for card in hand}
        return {*state.board, *state.burns, *state.four, *shown}

    def _check_new(self, state: State, cards: Sequence[Card]) -> None:
        seen = self._seen(state)
        for card in cards:
            if card in seen:
                raise MESSAGES.illegal("card_seen", card=str(card))

    def _due(self, state: State, verb: str) -> None:
        if state.phase is not Phase.DEAL:
            raise MESSAGES.illegal("no_deal_now")
        due = next_street(state)
        if STREET_OF[verb] is not due:
            raise MESSAGES.illegal(
                "wrong_street",
                street=verb,
                street_ru=STREETS_DUE_RU[verb],
                due=due.label,
                due_ru=STREETS_DUE_RU[due.label],
            )

    def _burn(self, state: State, action: Action) -> tuple[State, list[Verdict]]:
        """The burn before a street (TPT 29, D20): a burn card seen face up is recorded, and
        where the camera counted the burn spot, a burn missing, doubled or exposed is a foul."""
        counted = action.args.get("burned")
        burn = parse_card(action.args["burn"]) if "burn" in action.args else None
        if burn is not None and counted == 0:
            raise MESSAGES.illegal("burn_uncounted", card=str(burn), count=counted)
        verdicts = []
        if burn is not None:
            state = replace(state, burns=(*state.burns, burn))
            if counted is None:
                verdicts.append(MESSAGES.verdict(Kind.INFO, "burn", card=str(burn)))
            else:
                exposed = MESSAGES.verdict(Kind.FOUL, "burn_exposed", card=str(burn), **tpt("29"))
                verdicts.append(exposed)
        if counted is None:
            return replace(state, burned=state.burned + (burn is not None)), verdicts
        street = {"street": action.verb, "street_ru": STREETS_BEFORE_RU[action.verb], **tpt("29")}
        if counted == 0:
            verdicts.append(MESSAGES.verdict(Kind.FOUL, "no_burn", **street))
        elif counted > 1:
            verdicts.append(MESSAGES.verdict(Kind.FOUL, "extra_burns", count=counted, **street))
        return replace(state, burned=state.burned + counted), verdicts

    def _flop(self, state: State, action: Action) -> Outcome:
        self._due(state, "flop")
        cards = tuple(parse_card(text) for text in action.args["cards"])
        burn = (parse_card(action.args["burn"]),) if "burn" in action.args else ()
        self._check_new(state, (*cards, *burn))
        if burn and burn[0] in cards:
            raise MESSAGES.illegal("card_seen", card=str(burn[0]))
        state, verdicts = self._burn(state, action)
        if len(cards) == 4:
            verdict = MESSAGES.verdict(Kind.FOUL, "four_card_flop", **tpt("30"))
            return replace(state, phase=Phase.FOUR_CARD_FLOP, four=cards), [*verdicts, verdict]
        return self._street(state, cards, verdicts)

    def _reflop(self, state: State, action: Action) -> Outcome:
        if state.phase is not Phase.FOUR_CARD_FLOP:
            raise MESSAGES.illegal("no_deal_now")
        burn = parse_card(action.args["burn"])
        if burn not in state.four:
            raise MESSAGES.illegal("not_in_four", card=str(burn))
        flop = tuple(card for card in state.four if card != burn)
        state = replace(
            state, four=(), burns=(*state.burns, burn), burned=state.burned + 1, phase=Phase.DEAL
        )
        verdict = MESSAGES.verdict(Kind.INFO, "burn", card=str(burn))
        return self._street(state, flop, [verdict])

    def _card(self, state: State, action: Action) -> Outcome:
        self._due(state, action.verb)
        card = parse_card(action.args["card"])
        burn = (parse_card(action.args["burn"]),) if "burn" in action.args else ()
        self._check_new(state, (card, *burn))
        if burn and burn[0] == card:
            raise MESSAGES.illegal("card_seen", card=str(card))
        state, verdicts = self._burn(state, action)
        return self._street(state, (card,), verdicts)

    def _street(self, state: State, cards: Sequence[Card], verdicts: list[Verdict]) -> Outcome:
        """New cards on the board: a betting round, or the next card where nobody can bet, or
        the payout once the board is complete."""
        board = (*state.board, *cards)
        street = next(s for s, size in BOARD_SIZE.items() if size == len(board))
        state = replace(state, board=board, street=street)
        verdicts = [
            *verdicts,
            MESSAGES.verdict(
                Kind.INFO,
                "board",
                street=street.label.capitalize(),
                street_ru=STREETS_RU[street.label],
                cards=cards_text(cards),
            ),
        ]
        if state.face_up or sum(1 for s in range(state.seats) if state.active(s)) < 2:
            if street is Street.RIVER:
                return self._award(state, verdicts)
            return replace(state, phase=Phase.DEAL), verdicts
        state = replace(state, phase=Phase.BETTING, aggressor=None)
        state = replace(state, turn=betting.first_to_act(state, state.button))
        return self._go_on(state, verdicts)

    # ----------------------------------------------------------------------------------------
    # The showdown (TPT 7, 11, 12; D11).

    def _showdown(self, state: State, verdicts: list[Verdict]) -> Outcome:
        live = state.live_seats()
        face_up = any(state.stacks[seat] == 0 for seat in live)
        if face_up:
            first = state.next_seat(state.button, state.live)
            verdict = MESSAGES.verdict(Kind.INFO, "face_up", **tpt("11"))
        else:
            first = (
                state.aggressor
                if state.aggressor is not None and state.live(state.aggressor)
                else state.next_seat(state.button, state.live)
            )
            assert first is not None
            verdict = MESSAGES.verdict(Kind.INFO, "showdown", state.players[first], **tpt("12A"))
        assert first is not None
        order = tuple(
            s % state.seats
            for s in range(first, first + state.seats)
            if state.live(s % state.seats)
        )
        state = replace(state, phase=Phase.SHOWDOWN, face_up=face_up, show_order=order)
        return self._next_show(state, [*verdicts, verdict])

    def _next_show(self, state: State, verdicts: list[Verdict]) -> Outcome:
        waiting = [s for s in state.show_order if state.live(s) and state.shown[s] is None]
        if len(state.live_seats()) == 1 or not waiting:
            if len(state.board) < 5 and len(state.live_seats()) > 1:
                return replace(state, phase=Phase.DEAL, turn=None), verdicts
            return self._award(state, verdicts)
        return replace(state, turn=waiting[0]), verdicts

    def _show(self, state: State, action: Action) -> Outcome:
        seat = state.players.index(action.by or "")
        player = state.players[seat]
        if state.phase is not Phase.SHOWDOWN:
            raise MESSAGES.illegal("not_to_show", player, turn=turn_name(state))
        if not state.live(seat):
            raise MESSAGES.illegal("not_in_hand", player)
        if state.shown[seat] is not None:
            raise MESSAGES.illegal("already_shown", player)
        cards = tuple(parse_card(text) for text in action.args["cards"])
        self._check_new(state, cards)
        state = replace(state, shown=put(state.shown, seat, cards))
        text = " ".join(card.shown() for card in cards)
        if len(state.board) == 5:
            value = best_hand((*cards, *state.board))[0]
            verdict = MESSAGES.verdict(
                Kind.INFO, "shows", player, cards=text, hand=value.en, hand_ru=value.ru, **tpt("7")
            )
        else:
            verdict = MESSAGES.verdict(Kind.INFO, "shows_early", player, cards=text)
        return self._next_show(state, [verdict])

    def _muck(self, state: State, action: Action) -> Outcome:
        seat = state.players.index(action.by or "")
        player = state.players[seat]
        if not state.live(seat):
            raise MESSAGES.illegal("not_in_hand", player)
        if state.phase is Phase.BETTING:
            if seat == state.turn:
                return self._betting(state, Action("fold", player))
            return self._muck_in_round(state, seat)
        if state.phase is not Phase.SHOWDOWN or seat != state.turn:
            raise MESSAGES.illegal("not_to_show", player, turn=turn_name(state))
        if state.face_up:
            raise MESSAGES.illegal("no_muck_all_in", player, **tpt("11"))
        if len(state.live_seats()) == 1:
            raise MESSAGES.illegal("last_hand", player, **tpt("12B"))
        state = replace(state, mucked=put(state.mucked, seat, True))
        return self._next_show(state, [MESSAGES.verdict(Kind.INFO, "mucks", player)])

    def _muck_in_round(self, state: State, seat: int) -> Outcome:
        """A muck during the betting: a fold, and a bet nobody answered comes back (TPT 10B)."""
        top = max(bet for other, bet in enumerate(state.bets) if other != seat)
        excess = max(state.bets[seat] - top, 0)
        state = replace(
            state,
            folded=put(state.folded, seat, True),
            stacks=put(state.stacks, seat, state.stacks[seat] + excess),
            bets=put(state.bets, seat, state.bets[seat] - excess),
            committed=put(state.committed, seat, state.committed[seat] - excess),
            current_bet=top if excess else state.current_bet,
        )
        verdict = MESSAGES.verdict(
            Kind.FOUL, "muck_returned", state.players[seat], amount=excess, **tpt("10B")
        )
        return self._go_on(state, [verdict])

    # ----------------------------------------------------------------------------------------
    # The payout (TPT 15, 16; D9, D10) and the next hand.

    def _award(self, state: State, verdicts: list[Verdict]) -> Outcome:
        state, verdicts = pay(state, verdicts, self.rules.chip)
        return self._next_hand(state, verdicts)

    def _next_hand(self, state: State, verdicts: list[Verdict]) -> Outcome:
        alive = [seat for seat in range(state.seats) if state.stacks[seat] > 0]
        if len(alive) < 2 or (self.rules.hands and state.hand >= self.rules.hands):
            scores = dict(zip(state.players, state.stacks, strict=True))
            state = replace(state, phase=Phase.OVER, turn=None)
            return state, [*verdicts, *result_verdicts(scores)]
        big = state.next_seat(state.big_blind, lambda seat: state.stacks[seat] > 0)
        assert big is not None
        if len(alive) == 2:  # TPT 25: heads-up the button is the small blind
            other = next(seat for seat in alive if seat != big)
            state = replace(state, button=other, small_blind=other, big_blind=big)
        else:  # TPT 24A, D3: a dead button and a dead small blind are positions
            state = replace(
                state, button=state.small_blind, small_blind=state.big_blind, big_blind=big
            )
        state, more = self._deal(state, state.hand + 1)
        return state, [*verdicts, *more]

    # ----------------------------------------------------------------------------------------
    # The operator (TPT 22, 26, 27; D16-D18).

    def _misdeal(self, state: State, action: Action) -> Outcome:
        foul = bool(action.args.get("foul_deck", False))
        if substantial(state) and not foul:
            raise MESSAGES.illegal("misdeal_late", **tpt("26D"))
        state = replace(state, stacks=state.hand_start)
        verdict = MESSAGES.verdict(Kind.FOUL, "misdeal", **tpt("26E" if foul else "26"))
        state, more = self._deal(state, state.hand)
        return state, [verdict, *more]

    def _clock(self, state: State, action: Action) -> Outcome:
        if state.phase is not Phase.BETTING or state.turn is None:
            raise MESSAGES.illegal("no_betting")
        seat = state.turn
        player = state.players[seat]
        if state.to_call(seat) > 0:
            state = replace(state, folded=put(state.folded, seat, True))
            state = betting.acted(state, seat, False)
            verdict = MESSAGES.verdict(Kind.FOUL, "clock_fold", player, **tpt("22"))
        else:
            state = betting.acted(state, seat, False)
            verdict = MESSAGES.verdict(Kind.FOUL, "clock_check", player, **tpt("22"))
        return self._go_on(state, [verdict])

    def _ruling(self, state: State, action: Action) -> Outcome:
        rule = action.args["rule"]
        player = action.args.get("player")
        kill = bool(action.args.get("kill", False))
        note = action.args.get("note", "")
        if player is not None:
            seat_of(state.players, player, state.over)
        verdict = MESSAGES.verdict(
            Kind.FOUL if kill else Kind.INFO,
            "ruling",
            player,
            rule=f"TPT {rule}",
            about=f": {player}" if player else "",
            about_ru=f": {player}" if player else "",
            note=f", {note}" if note else "",
        )
        state = replace(state, rulings=(*state.rulings, (f"TPT {rule}", player, kill, note)))
        if not kill:
            return state, [verdict]
        if player is None or not state.live(state.players.index(player)):
            raise MESSAGES.illegal("not_live", player or "-")
        killed = MESSAGES.verdict(Kind.FOUL, "killed", player, rule=f"TPT {rule}")
        return self._kill(state, state.players.index(player), [verdict, killed])

    def _kill(self, state: State, seat: int, verdicts: list[Verdict]) -> Outcome:
        """A hand made dead outside its turn: folded; the hand goes on from where it was."""
        if len(state.live_seats()) == 1:
            raise MESSAGES.illegal("last_hand", state.players[seat], **tpt("12B"))
        state = replace(state, folded=put(state.folded, seat, True))
        if state.phase is Phase.SHOWDOWN:
            return self._next_show(state, verdicts)
        if len(state.live_seats()) == 1:
            return self._award(state, verdicts)
        return self._go_on(state, verdicts)

    # ----------------------------------------------------------------------------------------
    # What is open, the view and the sheet.

    def open_actions(self, state: State) -> list[Action]:
        return open_actions(state, self.rules)

    def view(self, state: State) -> dict[str, Any]:
        return public_view(state, self.rules)

    def score_sheet(self, state: State) -> dict[str, Any]:
        return score_sheet(state, self.total_row)


ENGINE = HoldemEngine
