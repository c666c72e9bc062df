"""The dominoes referee (rules/dominoes.md): one engine for every layout game of the spec.

Kozel (V2/V3), Fives and All Threes (V8/V9), the classic draw game (V1), the Bergen-type
headers game (V4), several tiles per turn (V5) and Sevastopol (V10) differ only in options
(:mod:`scoring.dominoes.rules`): the deal, the lead, drawing, the spinner and the scoring.

Verbs:

``deal``          a new round.  With public information (the default) the deal gives nothing
                  but the hand sizes the preset fixes; with full information it names every
                  hand (``hands``, seating order).
``lot``           V8: the tiles drawn for the first lead, one per seat; the lowest leads.
``lay``           ``tile`` on ``end`` (``left``, ``right``, ``up``, ``down``), or next to the
                  tile it touches (``to``); either may be left out when the tile fits one way.
``draw``          one tile from the boneyard (``tile``: which, with full information).
``knock``         pass (only when the player cannot lay, §1.4); in V5 it ends a turn of
                  several tiles.
``reveal``        the tiles left in a hand, shown at the end of a round (public information).
``redeal_claim``  V3: a hand of 5 or more doubles is shown, and the tiles are dealt again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from scoring.actions import Action, ChoiceField, Verb
from scoring.dominoes import leads, round_end
from scoring.dominoes.layout import (
    END_NAMES,
    SIDE,
    Layout,
    Misfit,
    exhausted,
    fits,
    invariant_blocked,
    lead,
    place,
)
from scoring.dominoes.messages import MESSAGES
from scoring.dominoes.rules import Rules
from scoring.dominoes.scoring_in_play import in_play_points
from scoring.dominoes.settle import Ending
from scoring.dominoes.sheet import score_sheet, view
from scoring.dominoes.state import Hand, Round, State
from scoring.dominoes.tiles import FULL_SET, HandsField, Tile, TileField, TilesField, parse_tile
from scoring.engine import BaseEngine, check_players
from scoring.verdicts import COMMON, Kind, Verdict

Result = tuple[State, list[Verdict]]


def _signature(layout: Layout) -> tuple[Any, ...]:
    """What a layout shows, whatever the ends are called: equal signatures are the same
    position, so a move that fits several such ends needs no end named (§1.3)."""
    return tuple(sorted((e.value, e.kind) for e in layout.ends)), layout.spinner


#: A verb's handler in a round, given the round and the actor's seat.
Run = Callable[[State, Round, int, Action], Result]


def _in_round(run: Run) -> Callable[[State, Action], Result]:
    """A round's handler as one of the verb table's: the round dealt and the actor's seat,
    looked up once :meth:`Dominoes.admit` has accepted both."""

    def handler(state: State, action: Action) -> Result:
        assert state.round is not None
        return run(state, state.round, state.players.index(action.by or ""), action)

    return handler


class Dominoes(BaseEngine[State]):
    """The engine (see the module docstring)."""

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        self.game, self.preset = game, preset
        self.rules = Rules.read(options)
        #: Every hand known to the referee (``information: full``), or only what was shown.
        self.full = self.rules.information == "full"
        self._verbs = {
            "deal": Verb(
                "deal",
                {"hands": HandsField()},
                needs_player=False,
                summary="deal a round (full information: hands=1-1,2-3/... per seat)",
            ),
            "lot": Verb(
                "lot",
                {"tiles": TilesField(2, 8)},
                required=("tiles",),
                needs_player=False,
                summary="the tiles drawn for the first lead, one per seat (V8)",
            ),
            "lay": Verb(
                "lay",
                {"tile": TileField(), "end": ChoiceField(END_NAMES), "to": TileField()},
                required=("tile",),
                summary="lay a tile on an open end (or next to the tile it touches)",
            ),
            "draw": Verb("draw", {"tile": TileField()}, summary="draw from the boneyard"),
            "knock": Verb("knock", summary="pass: nothing fits (V5: end a turn of several tiles)"),
            "reveal": Verb(
                "reveal", {"tiles": TilesField()}, required=("tiles",), summary="show your hand"
            ),
            "redeal_claim": Verb(
                "redeal_claim",
                {"tiles": TilesField()},
                summary="show a hand of 5 doubles: the tiles are dealt again (V3)",
            ),
        }

        if self.rules.lead != "lot":
            del self._verbs["lot"]
        if not self.rules.redeal_doubles:
            del self._verbs["redeal_claim"]
        runs: dict[str, Run] = {
            "reveal": lambda state, rnd, seat, action: round_end.reveal(
                self.rules, state, rnd, seat, action
            ),
            "redeal_claim": self._redeal,
            "lay": lambda state, rnd, seat, action: self._lay(
                state, rnd, seat, parse_tile(action.args["tile"]), action
            ),
            "draw": lambda state, rnd, seat, action: self._draw(
                state, rnd, seat, action.args.get("tile")
            ),
            "knock": lambda state, rnd, seat, action: self._knock(state, rnd, seat),
        }
        self._handlers = {
            "deal": self._deal,
            "lot": self._lot,
            **{verb: _in_round(run) for verb, run in runs.items()},
        }

    def initial(self, players: Sequence[str]) -> State:
        check_players(players, self.rules.players_min, self.rules.players_max)
        sides = self.rules.sides_for(len(players))
        self.rules.target_for(len(players))  # a target missing for this table: refused now
        return State(tuple(players), sides, (0,) * len(sides))

    def view(self, state: State) -> dict[str, Any]:
        return view(self.rules, self.full, state)

    def score_sheet(self, state: State) -> dict[str, Any]:
        return score_sheet(state, self.rules)

    # ----------------------------------------------------------------------------------------
    # Dispatch.

    def admit(self, state: State, action: Action) -> None:
        """A seated player (or the table, for the deal) before the game is over; then each verb
        waits for what comes before it: the deal, every hand shown at a round's end, the turn,
        a redeal owed, the lead."""
        if action.by is not None and action.by not in state.players:
            raise COMMON.illegal("unknown_player", action.by, players=", ".join(state.players))
        if state.over:
            raise COMMON.illegal("game_over", action.by)
        verb = action.verb
        if verb in ("deal", "lot"):
            return
        rnd = state.round
        if rnd is None:
            raise MESSAGES.illegal("deal_first", action.by)
        if verb == "reveal":
            return
        if rnd.ending is not None:
            raise MESSAGES.illegal("reveal_first", action.by)
        if verb == "redeal_claim":
            return
        seat = state.players.index(action.by or "")
        if rnd.turn is not None and rnd.turn != seat:
            raise COMMON.illegal("not_your_turn", action.by, turn=state.players[rnd.turn])
        if rnd.redeal_seat is not None:
            raise self._redeal_required(state, rnd)
        if verb != "lay" and rnd.turn is None:  # nobody has led yet: only a lead is possible
            raise COMMON.illegal("not_your_turn", action.by, turn="the leader")

    # ----------------------------------------------------------------------------------------
    # The deal.

    def _deal(self, state: State, action: Action) -> Result:
        if state.round is not None:
            raise MESSAGES.illegal("already_dealt", action.by)
        seats = len(state.players)
        size = self.rules.hand_size[seats]
        given = action.args.get("hands")
        if self.full and given is None:
            raise MESSAGES.illegal("hands_needed", action.by)
        if not self.full and given is not None:
            raise MESSAGES.illegal("hands_hidden", action.by)
        stock_count = 28 - seats * size
        if given is not None:
            if len(given) != seats:
                raise MESSAGES.illegal("wrong_hand_count", action.by, seats=seats, count=len(given))
            for seat, hand in enumerate(given):
                if len(hand) != size:
                    raise MESSAGES.illegal(
                        "wrong_hand_size", state.players[seat], size=size, count=len(hand)
                    )
            known = tuple(tuple(sorted(parse_tile(t) for t in hand)) for hand in given)
            hands = tuple(Hand(hand) for hand in known)
            dealt = {t for hand in known for t in hand}
            stock = tuple(t for t in FULL_SET if t not in dealt)
        else:
            known, hands, stock = None, tuple(Hand((), size) for _ in range(seats)), ()
        number = len(state.lines) + 1
        chosen = state.next_leader
        verdicts = [MESSAGES.verdict(Kind.INFO, "dealt", round=number, sizes=size)]
        opening = leads.opening(self.rules, known, not state.lines, chosen, stock_count == 0)
        redeal_seat = None
        if known is not None and self.rules.redeal_doubles:
            redeal_seat = next(
                (
                    s
                    for s, hand in enumerate(known)
                    if sum(t.double for t in hand) >= self.rules.redeal_doubles
                ),
                None,
            )
        rnd = Round(
            number,
            hands,
            stock,
            stock_count,
            closed=stock_count == 0,
            in_play=(0,) * len(state.sides),
            leader=opening.leader,
            lead_tiles=opening.tiles,
            turn=opening.leader,
            redeal_seat=redeal_seat,
            first_round=not state.lines,
            chosen=chosen,
        )
        if redeal_seat is not None:
            doubles = sum(t.double for t in rnd.hands[redeal_seat].tiles)
            verdicts.append(
                MESSAGES.verdict(
                    Kind.INFO, "redeal_due", state.players[redeal_seat], doubles=doubles
                )
            )
        elif opening.leader is not None:
            verdicts.append(MESSAGES.verdict(Kind.TURN, "leads", state.players[opening.leader]))
            if opening.tiles is not None:
                tiles = ", ".join(str(t) for t in sorted(opening.tiles))
                verdicts.append(
                    MESSAGES.verdict(
                        Kind.INFO, "lead_with", state.players[opening.leader], tiles=tiles
                    )
                )
        return replace(state, round=rnd), verdicts

    def _lot(self, state: State, action: Action) -> Result:
        """V8 [SRC L117-127]: before the first deal each player draws a tile; the lowest leads
        the first deal.  Without a lot the first lead is whoever lays first."""
        if self.rules.lead != "lot":
            raise MESSAGES.illegal("no_lot", action.by)
        if state.round is not None or state.lines:
            raise MESSAGES.illegal("lot_too_late", action.by)
        drawn = [parse_tile(t) for t in action.args["tiles"]]
        seats = len(state.players)
        if len(drawn) != seats:
            raise MESSAGES.illegal("bad_lot", action.by, seats=seats, count=len(drawn))
        leader = leads.lot_leader(drawn)
        verdict = MESSAGES.verdict(Kind.INFO, "lot_won", state.players[leader])
        return replace(state, next_leader=leader), [verdict]

    def _redeal_required(self, state: State, rnd: Round) -> Any:
        seat = rnd.redeal_seat
        assert seat is not None
        doubles = sum(t.double for t in rnd.hands[seat].tiles)
        return MESSAGES.illegal("redeal_required", state.players[seat], doubles=doubles)

    def _redeal(self, state: State, rnd: Round, seat: int, action: Action) -> Result:
        """V3 §5.1 [SRC L41]: 5 or more doubles in one hand; [ASM] the redeal is compulsory,
        the holder shows his hand and the same lead rule applies to the new deal."""
        player = state.players[seat]
        needed = self.rules.redeal_doubles
        if not needed:
            raise MESSAGES.illegal("no_redeal_rule", player)
        if not rnd.layout.empty:
            raise MESSAGES.illegal("redeal_too_late", player)
        hand = rnd.hands[seat]
        shown = action.args.get("tiles")
        if shown is not None:
            tiles = round_end.shown(state, rnd, seat, shown)
        else:
            tiles = hand.tiles if hand.known else ()
        doubles = sum(t.double for t in tiles)
        if doubles < needed:
            raise MESSAGES.illegal("no_redeal", player, needed=needed, doubles=doubles)
        verdicts = [
            MESSAGES.verdict(Kind.INFO, "redeal", player, doubles=doubles),
            MESSAGES.verdict(Kind.INFO, "next_round", round=rnd.number),
        ]
        return replace(state, round=None), verdicts

    # ----------------------------------------------------------------------------------------
    # Laying.

    def lays(self, rnd: Round, seat: int) -> list[tuple[Tile, str | None]]:
        """Every (tile, end) the seat may lay now, from the tiles known to be in his hand."""
        hand = rnd.hands[seat].tiles
        if rnd.layout.empty:
            if rnd.leader is not None and rnd.leader != seat:
                return []
            return [(t, None) for t in hand if rnd.lead_tiles is None or t in rnd.lead_tiles]
        out: list[tuple[Tile, str | None]] = []
        for tile in hand:
            for name in fits(rnd.layout, tile, self.rules.long_sides_first):
                if self._duty(rnd, seat, tile, name) is None:
                    out.append((tile, name))
        return out

    def _duty(self, rnd: Round, seat: int, tile: Tile, name: str) -> str | None:
        """V10 [SRC L186-187]: while the 6-6 has free sides, a 6 opens a new side; a player
        holding a 6 must open one ([INF]); without a 6 he may play on (default ``free``) or must
        knock (``knock``).  The duty lapses once no 6 is left to open a side with."""
        layout = rnd.layout
        if self.rules.open_sides == "none" or layout.spinner is None or not layout.free_sides:
            return None
        n = layout.spinner.lo
        end = layout.end(name)
        if end is None or end.kind == SIDE or exhausted(layout, n):
            return None
        if tile.has(n) or self.rules.open_sides == "knock":
            return "open_side_first"
        if any(t.has(n) for t in rnd.hands[seat].tiles):
            return "open_side_first"
        return None

    def _end_for(self, rnd: Round, tile: Tile, action: Action) -> str:
        """The end named, or the one the tile touches, or the only one it can go on."""
        layout = rnd.layout
        name = action.args.get("end")
        if name is not None:
            return name
        candidates = fits(layout, tile, self.rules.long_sides_first)
        touching = action.args.get("to")
        if touching is not None:
            to = parse_tile(touching)
            candidates = [c for c in candidates if layout.ends[self._index(layout, c)].tile == to]
            if not candidates:
                raise MESSAGES.illegal("not_touching", action.by, to=str(to), tile=str(tile))
        if not candidates:
            values = "/".join(str(v) for v in layout.values())
            raise MESSAGES.illegal(
                "does_not_fit", action.by, tile=str(tile), end="open", value=values
            )
        shown = {_signature(self._place(layout, tile, c, action.by)) for c in candidates}
        if len(shown) > 1:
            raise MESSAGES.illegal(
                "which_end", action.by, tile=str(tile), ends=", ".join(candidates)
            )
        return candidates[0]

    @staticmethod
    def _index(layout: Layout, name: str) -> int:
        return next(i for i, e in enumerate(layout.ends) if e.name == name)

    def _place(self, layout: Layout, tile: Tile, name: str, player: str | None) -> Layout:
        try:
            return place(layout, tile, name, self.rules.spinner, self.rules.long_sides_first)
        except Misfit as misfit:
            raise MESSAGES.illegal(misfit.code, player, **misfit.data) from None

    def _holds(self, state: State, rnd: Round, seat: int, tile: Tile) -> Hand:
        """The seat's hand without ``tile``, or the refusal: not his, or already down."""
        player = state.players[seat]
        if tile in rnd.layout.tiles:
            raise MESSAGES.illegal("already_laid", player, tile=str(tile))
        hand = rnd.hands[seat]
        if tile in hand.tiles:
            return Hand(tuple(t for t in hand.tiles if t != tile), hand.hidden)
        elsewhere = any(tile in h.tiles for s, h in enumerate(rnd.hands) if s != seat)
        if self.full or hand.hidden == 0 or elsewhere:
            if hand.count == 0:
                raise MESSAGES.illegal("no_tiles", player)
            raise MESSAGES.illegal("not_in_hand", player, tile=str(tile))
        return Hand(hand.tiles, hand.hidden - 1)

    def _lay(self, state: State, rnd: Round, seat: int, tile: Tile, action: Action) -> Result:
        player = state.players[seat]
        hand = self._holds(state, rnd, seat, tile)
        if rnd.layout.empty:
            if rnd.leader is not None and rnd.leader != seat:
                raise MESSAGES.illegal("wrong_leader", player, leader=state.players[rnd.leader])
            if rnd.lead_tiles is not None and tile not in rnd.lead_tiles:
                tiles = ", ".join(str(t) for t in sorted(rnd.lead_tiles))
                raise MESSAGES.illegal("wrong_lead", player, tiles=tiles, tile=str(tile))
            layout, where = lead(tile, self.rules.spinner), None
        else:
            where = self._end_for(rnd, tile, action)
            duty = self._duty(rnd, seat, tile, where)
            if duty and rnd.layout.end(where) is not None:
                raise MESSAGES.illegal(duty, player)
            layout = self._place(rnd.layout, tile, where, player)
        hands = tuple(hand if s == seat else h for s, h in enumerate(rnd.hands))
        rnd = replace(
            rnd,
            hands=hands,
            layout=layout,
            plays=(*rnd.plays, (seat, tile)),
            knocks=0,
            laid=rnd.laid + 1,
        )
        side = state.side_of(seat)
        verdicts = [
            MESSAGES.verdict(
                Kind.INFO,
                "laid",
                player,
                tile=str(tile),
                where=f" on the {where} end" if where else " (lead)",
                where_ru=f" на конец {where}" if where else " (заход)",
            )
        ]
        points = in_play_points(self.rules, layout, player, tile, verdicts)
        if points:
            in_play = tuple(p + points if i == side else p for i, p in enumerate(rnd.in_play))
            scores = tuple(s + points if i == side else s for i, s in enumerate(state.scores))
            rnd = replace(rnd, in_play=in_play)
            state = replace(state, scores=scores)
            if self.rules.target_check == "event" and round_end.reached(self.rules, state):
                return round_end.close(self.rules, state, rnd, verdicts)
        if hand.count == 0:
            ending = Ending("out", seat, rnd.layout.tiles[0], tile)
            verdicts.append(MESSAGES.verdict(Kind.HAND_OVER, "domino", player))
            return round_end.round_over(self.rules, state, rnd, ending, verdicts)
        if self._blocked(rnd):
            return round_end.fish(self.rules, state, rnd, verdicts)
        if self.rules.many_per_turn:  # V5: the turn goes on until the player knocks (§7)
            return replace(state, round=replace(rnd, turn=seat)), verdicts
        return self._pass_turn(state, rnd, seat, verdicts)

    def _pass_turn(self, state: State, rnd: Round, seat: int, verdicts: list[Verdict]) -> Result:
        following = (seat + 1) % len(state.players)
        rnd = replace(rnd, turn=following, drew=0, laid=0)
        verdicts.append(COMMON.verdict(Kind.TURN, "turn", state.players[following]))
        return replace(state, round=rnd), verdicts

    # ----------------------------------------------------------------------------------------
    # Drawing and knocking.

    def drawable(self, rnd: Round) -> int:
        """Tiles that may still be drawn: none where the rest is out of play (V5 default,
        OpenSpiel's block game); V4's last two never (§6 [SRC L57])."""
        if self.rules.stock == "out_of_play":
            return 0
        return max(0, rnd.stock_count - self.rules.dead_tiles)

    def _may_draw(self, rnd: Round) -> bool:
        return self.drawable(rnd) > 0 and not (self.rules.draw != "until_playable" and rnd.drew)

    def _draw(self, state: State, rnd: Round, seat: int, named: str | None) -> Result:
        player = state.players[seat]
        if self.drawable(rnd) <= 0:
            if self.rules.stock == "boneyard" and rnd.stock_count and self.rules.dead_tiles:
                raise MESSAGES.illegal("last_tiles_dead", player, dead=self.rules.dead_tiles)
            raise MESSAGES.illegal("stock_empty", player)
        if self.rules.draw != "until_playable" and rnd.drew:
            raise MESSAGES.illegal("one_draw", player)
        if rnd.laid:
            raise MESSAGES.illegal("turn_over", player)
        if self.full:
            moves = self.lays(rnd, seat)
            if moves:
                raise MESSAGES.illegal("must_play", player, moves=_moves_text(moves))
            if named is None:
                raise MESSAGES.illegal("name_the_tile", player)
        hand = rnd.hands[seat]
        stock = rnd.stock
        if named is not None:
            tile = parse_tile(named)
            if self.full and tile not in stock:
                raise MESSAGES.illegal("not_in_stock", player, tile=str(tile))
            if tile in rnd.layout.tiles or any(tile in h.tiles for h in rnd.hands):
                raise MESSAGES.illegal("not_in_stock", player, tile=str(tile))
            hand = Hand(tuple(sorted((*hand.tiles, tile))), hand.hidden)
            stock = tuple(t for t in stock if t != tile)
        else:
            hand = Hand(hand.tiles, hand.hidden + 1)
        hands = tuple(hand if s == seat else h for s, h in enumerate(rnd.hands))
        rnd = replace(
            rnd, hands=hands, stock=stock, stock_count=rnd.stock_count - 1, drew=rnd.drew + 1
        )
        left = rnd.stock_count
        verdicts = [
            MESSAGES.verdict(Kind.INFO, "drew_tile", player, tile=named, stock=left)
            if named and self.full
            else MESSAGES.verdict(Kind.INFO, "drew", player, stock=left)
        ]
        if self._blocked(rnd):
            return round_end.fish(self.rules, state, rnd, verdicts)
        return replace(state, round=rnd), verdicts

    def _knock(self, state: State, rnd: Round, seat: int) -> Result:
        player = state.players[seat]
        if self.rules.many_per_turn and rnd.laid:
            return self._pass_turn(
                state, rnd, seat, [MESSAGES.verdict(Kind.INFO, "turn_ends", player)]
            )
        if self.full:
            moves = self.lays(rnd, seat)
            if moves:
                raise MESSAGES.illegal("must_play", player, moves=_moves_text(moves))
        if self._may_draw(rnd) and self.rules.draw != "optional_one":
            raise MESSAGES.illegal("must_draw", player)
        log = (*rnd.knock_log, (seat, len(rnd.layout.tiles), rnd.layout.values()))
        rnd = replace(rnd, knocks=rnd.knocks + 1, knock_log=log)
        verdicts = [MESSAGES.verdict(Kind.INFO, "knocks", player)]
        if rnd.knocks >= len(state.players):  # a whole round of knocks: nobody can play
            return round_end.fish(self.rules, state, rnd, verdicts)
        return self._pass_turn(state, rnd, seat, verdicts)

    def _blocked(self, rnd: Round) -> bool:
        """Nobody can lay and nobody can draw.  With full information this is asked of the
        hands; with public information only the §1.5 invariant can tell, where it holds."""
        if rnd.layout.empty or self._may_draw(replace(rnd, drew=0)):
            return False
        if self.full:
            return not any(self._fits_any(rnd, seat) for seat in range(len(rnd.hands)))
        return rnd.stock_count == 0 and invariant_blocked(rnd.layout)

    def _fits_any(self, rnd: Round, seat: int) -> bool:
        return any(fits(rnd.layout, t, self.rules.long_sides_first) for t in rnd.hands[seat].tiles)

    # ----------------------------------------------------------------------------------------
    # What may be done now.

    def needs(self, state: State, action: Action) -> tuple[str, ...]:
        """A table with open hands names the hands it deals and the tile it draws."""
        missing = super().needs(state, action)
        if not missing and self.full:
            if action.verb == "deal" and "hands" not in action.args:
                return ("hands",)
            if action.verb == "draw" and "tile" not in action.args:
                return ("tile",)
        return missing

    def open_actions(self, state: State) -> list[Action]:
        if state.over:
            return []
        rnd = state.round
        if rnd is None:
            return [Action("deal")]
        names = state.players
        if rnd.ending is not None:
            return [Action("reveal", names[s]) for s, h in enumerate(rnd.hands) if not h.known]
        if rnd.redeal_seat is not None:
            return [Action("redeal_claim", names[rnd.redeal_seat])]
        if rnd.turn is None:  # whoever leads first (the lot was drawn at the table)
            if not self.full:
                return [Action("lay", p) for p in names]
            return [
                Action("lay", names[seat], {"tile": str(t)})
                for seat in range(len(names))
                for t, _ in self.lays(rnd, seat)
            ]
        seat, player = rnd.turn, names[rnd.turn]
        if not self.full and rnd.layout.empty:
            return [Action("lay", player)]
        if not self.full:
            out = [Action("lay", player)]
            if self._may_draw(rnd) and not rnd.laid:
                out.append(Action("draw", player))
            if not self._may_draw(rnd) or self.rules.draw == "optional_one" or rnd.laid:
                out.append(Action("knock", player))
            return out
        out = [
            Action("lay", player, {"tile": str(t), **({"end": e} if e else {})})
            for t, e in self.lays(rnd, seat)
        ]
        if self.rules.many_per_turn and rnd.laid:
            return [*out, Action("knock", player)]
        if out:
            return out
        if self._may_draw(rnd):
            out.append(Action("draw", player))
            if self.rules.draw != "optional_one":
                return out
        return [*out, Action("knock", player)]


def _moves_text(moves: Sequence[tuple[Tile, str | None]]) -> str:
    return ", ".join(f"{t} {e}" if e else str(t) for t, e in moves[:6])


ENGINE = Dominoes
