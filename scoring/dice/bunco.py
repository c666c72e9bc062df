"""Bunco (rules/dice.md G18, seed 001 L605-711): a party game of tables of four, in rounds.

Three dice.  Players sit in tables of four, partners opposite (L630); every table plays at
once.  In round n (1..6) each die showing n scores 1 point (L612-613, L637-642); three n's are
a Bunco, 21 points (L643), three of another face a mini-Bunco, 5 points (L644-645).  A player
keeps throwing while he scores, then the dice pass to the left (L614, L646).  Each table's
scorekeeper writes the points of the "We" team (her own) and "They" (L657, L663).  The round
ends when a team at the head table (table 1) reaches 21: the bell rings (L615, L647), and the
player in the middle of his turn at every table, the bell-ringer included, throws on until a
throw scores nothing (L648, L670).  A tie at a table is broken by roll-off sessions: the
scorekeeper first, each player throws until he misses, repeated until one team leads
(L694-697).  Every player marks W or L for the round (L676-677) and a tally of his own Buncos
(L678-679) and mini-Buncos (L680).  Then the teams move (L684-689): head-table winners stay,
winners move up a table, losers down, losers of the last table stay; partners change.  After
6 rounds a set is over; 2 to 4 sets are played (L609), or the table stops earlier (L692).

Seats and the scorekeeper are [ASM]s of this engine: a table is seated in the order the
players are listed (table 1 = the first four), the first at a table keeps score and throws
first (L635, L652), partners are seats 1 and 3, 2 and 4.  After a move the pair with priority
(head-table winners staying, else the pair coming down from the table above) takes seats 1 and
2 and the other pair seats 3 and 4, so that every new team mixes the two pairs and the one who
"moves a chair" is the second of the staying pair.

Tables whose throws nobody reports (``remote_tables``) are facts: the head table's bell comes
as a ``bell`` action when the head table is remote, and each remote table reports its final
score with a ``tally``.

Verbs
  ``roll``    ``dice``: the three faces thrown.
  ``void``    the throw was invalid (§1.4).
  ``bell``    the head table (remote) rang the bell.
  ``tally``   ``we``, ``they`` (``rolloff``: who won a tie): a remote table's final score.
  ``finish``  the players stop between rounds (L692).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from scoring.actions import Action, ChoiceField, IntField, Verb
from scoring.dice.game import MESSAGES as FAMILY
from scoring.dice.game import DiceGame, Options, left_of, roll_verb, rolled
from scoring.dice.throws import FACES
from scoring.engine import (
    OptionsError,
    best_of,
    check_players,
    result_verdicts,
    sheet_row,
    winner_field,
)
from scoring.verdicts import COMMON, Kind, Message, Messages, Verdict

SEATS = 4
ROUNDS_PER_SET = 6
TEAMS = ("we", "they")


class Phase(StrEnum):
    """Where a table stands in a round (the view shows its value): before the bell; bell rung,
    the thrower plays his turn out; round over at this table; tie broken by roll-off; a remote
    table that plays unseen; one that owes its tally."""

    PLAY = "play"
    FINISH = "finish"
    DONE = "done"
    ROLLOFF = "rolloff"
    UNSEEN = "unseen"
    OWES = "owes"


THROWING = (Phase.PLAY, Phase.FINISH, Phase.ROLLOFF)

MESSAGES = FAMILY | Messages(
    {
        "scored": Message(
            "{player} scores {points} ({team} {total})", "{player}: +{points} ({team_ru} {total})"
        ),
        "bunco": Message("Bunco! {player}: +{points}", "Банко! {player}: +{points}"),
        "mini_bunco": Message("Mini-Bunco! {player}: +{points}", "Мини-банко! {player}: +{points}"),
        "miss": Message(
            "{player} scores nothing: {turn} points this turn",
            "{player} ничего не набрал: за ход {turn}",
        ),
        "bell": Message(
            "The head table reaches {points}: the bell ends round {round}",
            "Главный стол набрал {points}: колокольчик, раунд {round} окончен",
        ),
        "travel": Message(
            "Travel! {player} takes the traveller", "Путешествие! {player} берёт приз"
        ),
        "table_done": Message(
            "Table {table} ends the round: We {we}, They {they}",
            "Стол {table} закончил раунд: Мы {we}, Они {they}",
        ),
        "rolloff": Message(
            "Table {table} is tied at {points}: roll-off, {player} throws first",
            "За столом {table} ничья ({points}): переигровка, первым бросает {player}",
        ),
        "round_won": Message(
            "Table {table}: {winners} win round {round}",
            "Стол {table}: раунд {round} выиграли {winners}",
        ),
        "new_round": Message(
            "Set {set}, round {round}: score {round}s. Table 1: {head}",
            "Сет {set}, раунд {round}: очки за {round}. Стол 1: {head}",
        ),
        "table_waits": Message(
            "Table {table} has finished this round: wait for the next one",
            "Стол {table} уже закончил раунд: ждите следующего",
        ),
        "remote_table": Message(
            "Table {table}'s throws are not reported here: it reports its score after the bell",
            "Броски стола {table} здесь не записываются: он сообщит счёт после колокольчика",
        ),
        "not_remote": Message(
            "Table {table}'s throws are reported here, so its score is known",
            "Броски стола {table} записываются здесь, счёт уже известен",
        ),
        "no_bell_yet": Message(
            "The round is still on: a table reports its score after the bell",
            "Раунд ещё идёт: счёт стола сообщают после колокольчика",
        ),
        "bell_rung": Message("The bell has already rung", "Колокольчик уже прозвенел"),
        "tie_needs_rolloff": Message(
            "A tie at {points}: say which team won the roll-off",
            "Ничья {points}: укажите, кто выиграл переигровку",
        ),
        "no_tie": Message(
            "We {we}, They {they} is no tie: there was no roll-off",
            "Мы {we}, Они {they} — не ничья, переигровки не было",
        ),
        "head_below_bell": Message(
            "The head table ends a round only at {bell}: We {we}, They {they}",
            "Главный стол заканчивает раунд только на {bell}: Мы {we}, Они {they}",
        ),
        "round_under_way": Message(
            "The players stop only between rounds", "Закончить можно только между раундами"
        ),
    }
)


def score_throw(dice: Sequence[int], face: int, bunco: int, mini: int) -> tuple[int, str]:
    """Points and kind of one throw in the round of ``face`` (L632-645)."""
    if len(set(dice)) == 1:
        return (bunco, "bunco") if dice[0] == face else (mini, "mini_bunco")
    hits = dice.count(face)
    return hits, "scored" if hits else "miss"


@dataclass(frozen=True)
class Table:
    """One table: its players in seat order (partners opposite), who has the dice, We/They."""

    seats: tuple[int, ...]
    phase: Phase = Phase.PLAY
    thrower: int = 0
    points: tuple[int, int] = (0, 0)
    turn_points: int = 0
    rolloff: tuple[int, int] = (0, 0)
    rolled_off: int = 0
    rolloff_winner: int | None = None

    def team(self, seat: int) -> int:
        """0 for We (the scorekeeper's team, seats 1 and 3), 1 for They."""
        return seat % 2

    def members(self, team: int) -> tuple[int, int]:
        return self.seats[team], self.seats[team + 2]

    def winner(self) -> int:
        if self.rolloff_winner is not None:
            return self.rolloff_winner
        we, they = self.points
        if we != they:
            return 0 if we > they else 1
        return 0 if self.rolloff[0] > self.rolloff[1] else 1


@dataclass(frozen=True)
class BuncoState:
    """``round`` counts from 1 over all sets.  ``finished``: the tables of every round played,
    as they ended (the scorekeepers' We/They sheets, from which the W/L cards follow)."""

    players: tuple[str, ...]
    tables: tuple[Table, ...]
    round: int = 1
    bell: bool = False
    finished: tuple[tuple[Table, ...], ...] = ()
    buncos: tuple[int, ...] = ()
    minis: tuple[int, ...] = ()
    last_bunco: int | None = None
    traveller: int | None = None
    over: bool = False

    @property
    def face(self) -> int:
        return (self.round - 1) % ROUNDS_PER_SET + 1

    @property
    def set(self) -> int:
        return (self.round - 1) // ROUNDS_PER_SET + 1

    def cards(self) -> tuple[str, ...]:
        """Each player's personal card: W or L for every round played (L675-677)."""
        marks = [""] * len(self.players)
        for tables in self.finished:
            for table in tables:
                won = table.winner()
                for team, mark in ((won, "W"), (1 - won, "L")):
                    for seat in table.members(team):
                        marks[seat] += mark
        return tuple(marks)


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return tuple(value if i == index else v for i, v in enumerate(values))


def _pair(values: tuple[int, int], team: int, amount: int) -> tuple[int, int]:
    return (values[0] + amount, values[1]) if team == 0 else (values[0], values[1] + amount)


class BuncoEngine(DiceGame[BuncoState]):
    total_title = ("Wins", "Победы")

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        read = Options(
            options,
            ("sets", "bunco_points", "mini_bunco_points", "bell_at", "travel", "remote_tables"),
        )
        self.sets = read.whole("sets", 4)
        self.bunco = read.whole("bunco_points", 21)
        self.mini = read.whole("mini_bunco_points", 5, 0)
        self.bell_at = read.whole("bell_at", 21)
        self.travel = read.numbers("travel", None, FACES, 3)
        remote = options.get("remote_tables", [])
        if not isinstance(remote, list) or any(
            isinstance(t, bool) or not isinstance(t, int) or t < 1 for t in remote
        ):
            raise OptionsError(f"remote_tables: expected a list of table numbers, got {remote!r}")
        self.remote = frozenset(t - 1 for t in remote)
        points = IntField(0)
        verbs = [
            roll_verb(3),
            Verb("bell", summary="the head table (not reported here) rang the bell"),
            Verb(
                "tally",
                {"we": points, "they": points, "rolloff": ChoiceField(TEAMS)},
                ("we", "they"),
                summary="a remote table's final score (and who won its roll-off)",
            ),
            Verb("finish", summary="stop the game between rounds"),
        ]
        super().__init__(game, preset, verbs, read)

    def initial(self, players: Sequence[str]) -> BuncoState:
        check_players(players, SEATS)
        if len(players) % SEATS:
            raise OptionsError(f"players: Bunco seats tables of 4, got {len(players)} players")
        count = len(players) // SEATS
        if any(t >= count for t in self.remote):
            raise OptionsError(f"remote_tables: there are only {count} tables")
        tables = tuple(
            Table(
                tuple(range(SEATS * t, SEATS * t + SEATS)),
                Phase.UNSEEN if t in self.remote else Phase.PLAY,
            )
            for t in range(count)
        )
        zeros = tuple(0 for _ in players)
        return BuncoState(tuple(players), tables, buncos=zeros, minis=zeros)

    # Seats ---------------------------------------------------------------------------------

    def _table_of(self, state: BuncoState, player: str | None) -> tuple[int, Table]:
        index = state.players.index(player)
        return next((t, table) for t, table in enumerate(state.tables) if index in table.seats)

    def _check_seat(self, state: BuncoState, action: Action) -> None:
        """Every table plays at once: a thrower answers to his own table's turn."""
        if action.by not in state.players:
            raise COMMON.illegal("unknown_player", action.by, players=", ".join(state.players))
        if state.over:
            raise COMMON.illegal("game_over", action.by)
        if action.verb not in ("roll", "void"):
            return
        number, table = self._table_of(state, action.by)
        if table.phase in (Phase.UNSEEN, Phase.OWES):
            raise MESSAGES.illegal("remote_table", action.by, table=number + 1)
        if table.phase not in THROWING:
            raise MESSAGES.illegal("table_waits", action.by, table=number + 1)
        thrower = state.players[table.seats[table.thrower]]
        if action.by != thrower:
            raise COMMON.illegal("not_your_turn", action.by, turn=thrower)

    # Rules ---------------------------------------------------------------------------------

    def _play(self, state: BuncoState, action: Action) -> tuple[BuncoState, list[Verdict]]:
        if action.verb == "roll":
            return self._roll(state, action)
        if action.verb == "bell":
            return self._bell_verb(state, action)
        if action.verb == "tally":
            return self._tally(state, action)
        if state.round == 1 or not self._between_rounds(state):
            raise MESSAGES.illegal("round_under_way", action.by)
        state = replace(state, over=True)
        return state, result_verdicts(self.scores(state))

    def _roll(self, state: BuncoState, action: Action) -> tuple[BuncoState, list[Verdict]]:
        dice, player = action.args["dice"], action.by
        index = state.players.index(player)
        number, table = self._table_of(state, player)
        points, kind = score_throw(dice, state.face, self.bunco, self.mini)
        verdicts = [rolled(player, dice)]
        if kind == "bunco":
            state = replace(
                state, buncos=_put(state.buncos, index, state.buncos[index] + 1), last_bunco=index
            )
        elif kind == "mini_bunco":
            state = replace(state, minis=_put(state.minis, index, state.minis[index] + 1))
        if self.travel and tuple(sorted(dice)) == self.travel:
            state = replace(state, traveller=index)
            verdicts.append(MESSAGES.verdict(Kind.INFO, "travel", player))
        if kind == "miss":
            verdicts.append(MESSAGES.verdict(Kind.INFO, "miss", player, turn=table.turn_points))
            return self._missed(state, number, verdicts)
        team = table.team(table.thrower)
        if table.phase == Phase.ROLLOFF:
            table = replace(table, rolloff=_pair(table.rolloff, team, points))
            total = table.rolloff[team]
        else:
            table = replace(
                table,
                points=_pair(table.points, team, points),
                turn_points=table.turn_points + points,
            )
            total = table.points[team]
        verdicts.append(
            MESSAGES.verdict(
                Kind.POINTS,
                kind,
                player,
                points,
                team=TEAMS[team].capitalize(),
                team_ru=("Мы", "Они")[team],
                total=total,
            )
        )
        state = replace(state, tables=_put(state.tables, number, table))
        if number == 0 and table.phase == Phase.PLAY and total >= self.bell_at:
            return self._ring(state, total, verdicts)
        return state, verdicts

    def _ring(
        self, state: BuncoState, points: int, verdicts: list[Verdict]
    ) -> tuple[BuncoState, list[Verdict]]:
        """The bell: every table plays out the turn in progress; remote tables owe a tally."""
        after = {Phase.PLAY: Phase.FINISH, Phase.UNSEEN: Phase.OWES}
        tables = tuple(replace(t, phase=after.get(t.phase, t.phase)) for t in state.tables)
        bell = MESSAGES.verdict(Kind.HAND_OVER, "bell", points=points, round=state.face)
        return replace(state, bell=True, tables=tables), [*verdicts, bell]

    def _bell_verb(self, state: BuncoState, action: Action) -> tuple[BuncoState, list[Verdict]]:
        number, _ = self._table_of(state, action.by)
        if 0 not in self.remote or number != 0:
            raise MESSAGES.illegal("not_remote", action.by, table=1)
        if state.bell:
            raise MESSAGES.illegal("bell_rung", action.by)
        return self._ring(state, self.bell_at, [])

    def _missed(
        self, state: BuncoState, number: int, verdicts: list[Verdict]
    ) -> tuple[BuncoState, list[Verdict]]:
        """A throw that scores nothing ends the turn, and after the bell the table's round."""
        table = state.tables[number]
        if table.phase == Phase.PLAY:
            table = replace(table, thrower=left_of(table.thrower, SEATS), turn_points=0)
            verdicts.append(
                MESSAGES.verdict(Kind.TURN, "turn", state.players[table.seats[table.thrower]])
            )
        elif table.phase == Phase.FINISH:
            table = replace(table, turn_points=0)
            table, more = self._table_over(state, number, table)
            verdicts += more
        else:
            table, more = self._rolloff_turn(state, number, table)
            verdicts += more
        state = replace(state, tables=_put(state.tables, number, table))
        return self._close_round(state, verdicts)

    def _table_over(
        self, state: BuncoState, number: int, table: Table
    ) -> tuple[Table, list[Verdict]]:
        we, they = table.points
        verdicts = [
            MESSAGES.verdict(Kind.HAND_OVER, "table_done", table=number + 1, we=we, they=they)
        ]
        if we != they:
            return replace(table, phase=Phase.DONE), verdicts
        table = replace(table, phase=Phase.ROLLOFF, thrower=0, rolloff=(0, 0), rolled_off=0)
        first = state.players[table.seats[0]]
        verdicts.append(MESSAGES.verdict(Kind.INFO, "rolloff", first, table=number + 1, points=we))
        return table, verdicts

    def _rolloff_turn(
        self, state: BuncoState, number: int, table: Table
    ) -> tuple[Table, list[Verdict]]:
        """One player's roll-off session is over; after all four, a lead ends it (L694-697)."""
        done = table.rolled_off + 1
        if done < SEATS:
            table = replace(table, rolled_off=done, thrower=left_of(table.thrower, SEATS))
            return table, [
                MESSAGES.verdict(Kind.TURN, "turn", state.players[table.seats[table.thrower]])
            ]
        if table.rolloff[0] != table.rolloff[1]:
            return replace(table, phase=Phase.DONE, rolled_off=done), []
        table = replace(table, rolled_off=0, thrower=0)
        first = state.players[table.seats[0]]
        points = table.points[0]
        return table, [
            MESSAGES.verdict(Kind.INFO, "rolloff", first, table=number + 1, points=points)
        ]

    def _tally(self, state: BuncoState, action: Action) -> tuple[BuncoState, list[Verdict]]:
        number, table = self._table_of(state, action.by)
        if number not in self.remote:
            raise MESSAGES.illegal("not_remote", action.by, table=number + 1)
        if table.phase != Phase.OWES:
            raise MESSAGES.illegal(
                "no_bell_yet" if not state.bell else "table_waits", action.by, table=number + 1
            )
        we, they = action.args["we"], action.args["they"]
        rolloff = action.args.get("rolloff")
        if we == they and rolloff is None:
            raise MESSAGES.illegal("tie_needs_rolloff", action.by, points=we)
        if we != they and rolloff is not None:
            raise MESSAGES.illegal("no_tie", action.by, we=we, they=they)
        if number == 0 and max(we, they) < self.bell_at:
            raise MESSAGES.illegal(
                "head_below_bell", action.by, bell=self.bell_at, we=we, they=they
            )
        winner = None if rolloff is None else TEAMS.index(rolloff)
        table = replace(table, phase=Phase.DONE, points=(we, they), rolloff_winner=winner)
        verdicts = [
            MESSAGES.verdict(Kind.HAND_OVER, "table_done", table=number + 1, we=we, they=they)
        ]
        return self._close_round(replace(state, tables=_put(state.tables, number, table)), verdicts)

    def _close_round(
        self, state: BuncoState, verdicts: list[Verdict]
    ) -> tuple[BuncoState, list[Verdict]]:
        """When every table is done: W and L on the cards, the moves, the next round."""
        if any(table.phase != Phase.DONE for table in state.tables):
            return state, verdicts
        winners, losers = [], []
        for number, table in enumerate(state.tables):
            won = table.winner()
            winners.append(table.members(won))
            losers.append(table.members(1 - won))
            names = " & ".join(state.players[s] for s in table.members(won))
            verdicts.append(
                MESSAGES.verdict(
                    Kind.HAND_OVER, "round_won", table=number + 1, winners=names, round=state.face
                )
            )
        finished = (*state.finished, state.tables)
        state = replace(state, finished=finished, bell=False, round=state.round + 1)
        if state.round > self.sets * ROUNDS_PER_SET:
            state = replace(state, over=True)
            return state, verdicts + result_verdicts(self.scores(state))
        tables = tuple(
            Table(seats, Phase.UNSEEN if number in self.remote else Phase.PLAY)
            for number, seats in enumerate(self._moves(winners, losers))
        )
        state = replace(state, tables=tables)
        head = ", ".join(state.players[s] for s in tables[0].seats)
        verdicts.append(
            MESSAGES.verdict(Kind.INFO, "new_round", set=state.set, round=state.face, head=head)
        )
        return state, verdicts

    @staticmethod
    def _moves(
        winners: Sequence[tuple[int, int]], losers: Sequence[tuple[int, int]]
    ) -> list[tuple[int, ...]]:
        """Who sits where next round (L684-689): winners up, losers down, pairs split."""
        count = len(winners)
        seated: list[tuple[int, ...]] = []
        for t in range(count):
            if count == 1:
                first, second = winners[0], losers[0]
            elif t == 0:
                first, second = winners[0], winners[1]
            elif t == count - 1:
                first, second = losers[t - 1], losers[t]
            else:
                first, second = losers[t - 1], winners[t + 1]
            seated.append((first[0], first[1], second[0], second[1]))
        return seated

    def _between_rounds(self, state: BuncoState) -> bool:
        return not state.bell and all(
            t.points == (0, 0) and t.thrower == 0 and t.turn_points == 0 for t in state.tables
        )

    def _wasted_throw(
        self, state: BuncoState, player: str | None
    ) -> tuple[BuncoState, list[Verdict]]:
        """A wasted throw scores nothing, so it ends the turn like a miss."""
        number, table = self._table_of(state, player)
        verdict = MESSAGES.verdict(Kind.INFO, "miss", player, turn=table.turn_points)
        return self._missed(state, number, [verdict])

    # Views ---------------------------------------------------------------------------------

    def turn(self, state: BuncoState) -> str | None:
        """The thrower at the lowest-numbered table still throwing (every table plays at once;
        ``tables`` in the view names each table's thrower), else whoever owes a tally."""
        if state.over:
            return None
        for table in state.tables:
            if table.phase in THROWING:
                return state.players[table.seats[table.thrower]]
        owing = next((t for t in state.tables if t.phase == Phase.OWES), None)
        return None if owing is None else state.players[owing.seats[0]]

    def scores(self, state: BuncoState) -> dict[str, int]:
        return {p: card.count("W") for p, card in zip(state.players, state.cards(), strict=True)}

    def _table_view(self, state: BuncoState, number: int, table: Table) -> dict[str, Any]:
        """A scorekeeper's We/They sheet for one table."""
        players = state.players
        done = table.phase == Phase.DONE
        return {
            "table": number + 1,
            "seats": [players[s] for s in table.seats],
            "we": [players[s] for s in table.members(0)],
            "they": [players[s] for s in table.members(1)],
            "points": dict(zip(TEAMS, table.points, strict=True)),
            "turn_points": table.turn_points,
            "phase": table.phase,
            "thrower": players[table.seats[table.thrower]] if table.phase in THROWING else None,
            "rolloff": dict(zip(TEAMS, table.rolloff, strict=True)),
            "won": TEAMS[table.winner()] if done else None,
        }

    def details(self, state: BuncoState) -> dict[str, Any]:
        players, cards = state.players, state.cards()

        def most(values: Sequence[int]) -> str | list[str] | None:
            return best_of(dict(zip(players, values, strict=True))) if any(values) else None

        wins = [card.count("W") for card in cards]
        losses = [card.count("L") for card in cards]
        return {
            "set": state.set,
            "round": state.face,
            "bell": state.bell,
            "tables": [self._table_view(state, n, t) for n, t in enumerate(state.tables)],
            "rounds": [
                {
                    "set": index // ROUNDS_PER_SET + 1,
                    "round": index % ROUNDS_PER_SET + 1,
                    "tables": [self._table_view(state, n, t) for n, t in enumerate(tables)],
                }
                for index, tables in enumerate(state.finished)
            ],
            "cards": {
                player: {
                    "rounds": card,
                    "wins": card.count("W"),
                    "losses": card.count("L"),
                    "buncos": state.buncos[i],
                    "mini_buncos": state.minis[i],
                }
                for i, (player, card) in enumerate(zip(players, cards, strict=True))
            },
            "prizes": {
                "most_buncos": most(state.buncos),
                "most_wins": most(wins),
                "most_losses": most(losses),
                "most_mini_buncos": most(state.minis),
                "even_split": winner_field(
                    [p for p, w, lost in zip(players, wins, losses, strict=True) if w and w == lost]
                ),
                "last_bunco": None if state.last_bunco is None else players[state.last_bunco],
                "travel": None if state.traveller is None else players[state.traveller],
            },
        }

    def open_actions(self, state: BuncoState) -> list[Action]:
        if state.over:
            return []
        actions = [
            Action("roll", state.players[t.seats[t.thrower]])
            for t in state.tables
            if t.phase in THROWING
        ]
        head = state.tables[0]
        if head.phase == Phase.UNSEEN and not state.bell:
            actions.append(Action("bell", state.players[head.seats[0]]))
        actions += [
            Action("tally", state.players[t.seats[0]])
            for t in state.tables
            if t.phase == Phase.OWES
        ]
        if state.round > 1 and self._between_rounds(state):
            actions.append(Action("finish", state.players[head.seats[0]]))
        return actions

    def sheet_rows(self, state: BuncoState) -> list[dict[str, Any]]:
        """Each player's personal card (L675-680): W/L per round, losses, Buncos, mini-Buncos;
        the wins close it."""
        cards = state.cards()

        def cells(values: Sequence[Any]) -> dict[str, Any]:
            return dict(zip(state.players, values, strict=True))

        rows = [
            sheet_row(
                f"set_{index // ROUNDS_PER_SET + 1}_round_{index % ROUNDS_PER_SET + 1}",
                f"Set {index // ROUNDS_PER_SET + 1}, round {index % ROUNDS_PER_SET + 1}",
                f"Сет {index // ROUNDS_PER_SET + 1}, раунд {index % ROUNDS_PER_SET + 1}",
                cells([card[index] for card in cards]),
            )
            for index in range(len(state.finished))
        ]
        losses = [card.count("L") for card in cards]
        return [
            *rows,
            sheet_row("losses", "Losses", "Поражения", cells(losses), "subtotal"),
            sheet_row("buncos", "Buncos", "Банко", cells(state.buncos), "subtotal"),
            sheet_row("mini_buncos", "Mini-Buncos", "Мини-банко", cells(state.minis), "subtotal"),
        ]


ENGINE = BuncoEngine
