"""Writing a finished Thousand deal on the sheet: contract, defenders' points and the penalties
and hanging points of §3.3 (bolts, the barrel, 555, the throw-in, the 4-player sitter).

Order of the arithmetic, per player: what the deal is worth to him (declarer +/-contract,
defender his points, rounded on page B; nothing while on the barrel unless it takes him to the
target), then bolts, then the barrel, then 555.  Each step leaves a mark for the sheet.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from scoring.card_games.common import put
from scoring.card_games.thousand.messages import MESSAGES
from scoring.card_games.thousand.rules import MARRIAGES, Rules, marriages_in, points, round_defender
from scoring.card_games.thousand.state import Deal, Line, State
from scoring.engine import result_verdicts
from scoring.verdicts import Kind, Verdict

ACES = 200  # "ace marriage" / four aces, pages A and B


def meld_value(meld: str) -> int:
    return ACES if meld == "aces" else MARRIAGES[meld]


def raw_points(deal: Deal, seat: int) -> int:
    """Card points taken plus the marriages (and four aces) declared."""
    return deal.taken[seat] + sum(meld_value(m) for s, m in deal.melds if s == seat)


def sitter_points(rules: Rules, talon: tuple[str, ...]) -> int:
    """The sitting-out dealer of 4 players writes the talon's points and the marriages in it
    (pages A, D); some play half the value for half a marriage (page A, an option)."""
    value = points(talon) + sum(MARRIAGES[s] for s in marriages_in(talon))
    if rules.sitter_half_marriage:
        whole = set(marriages_in(talon))
        halves = {c[-1] for c in talon if c[:-1] in ("K", "Q") and c[-1] not in whole}
        value += sum(MARRIAGES[s] // 2 for s in halves)
    return value


@dataclass
class Tally:
    """The arithmetic of one deal, player by player, with the marks and announcements."""

    state: State
    rules: Rules
    totals: list[int]
    marks: list[list[str]]
    bolts: list[int]
    barrel: list[int | None]
    falls: list[int]
    verdicts: list[Verdict]

    @classmethod
    def start(cls, state: State, rules: Rules) -> Tally:
        n = len(state.players)
        return cls(
            state,
            rules,
            list(state.totals),
            [[] for _ in range(n)],
            list(state.bolts),
            list(state.barrel),
            list(state.falls),
            [],
        )

    def name(self, seat: int) -> str:
        return self.state.players[seat]

    def say(self, kind: Kind, code: str, seat: int, points: int | None = None, **data) -> None:
        self.verdicts.append(MESSAGES.verdict(kind, code, self.name(seat), points, **data))

    def write(self, seat: int, delta: int, bolt: bool, factor: int = 1) -> None:
        """Add a deal's worth, then the bolt count (a bolt resets a run only when counted);
        ``factor`` doubles the bolt penalty in a golden deal (page B)."""
        self.totals[seat] += delta
        bolts = self.rules.bolts
        if bolts is None:
            return
        if bolt:
            self.bolts[seat] += 1
            self.marks[seat].append("/" * self.bolts[seat])
            self.say(Kind.FOUL, "bolt", seat, count=self.bolts[seat])
            if self.bolts[seat] >= bolts.count:
                penalty = bolts.penalty * factor
                self.totals[seat] -= penalty
                self.marks[seat].append(f"-{penalty}")
                self.say(Kind.FOUL, "bolt_penalty", seat, -penalty, count=bolts.count)
                self.bolts[seat] = 0
        elif bolts.consecutive:
            self.bolts[seat] = 0

    def fall(self, seat: int, code: str, **data) -> None:
        barrel = self.rules.barrel
        assert barrel is not None
        self.barrel[seat] = None
        self.totals[seat] = barrel.at - barrel.penalty
        self.falls[seat] += 1
        self.marks[seat].append("[B-]")
        self.say(Kind.FOUL, code, seat, self.totals[seat], **data)
        if barrel.falls_to_zero is not None and self.falls[seat] >= barrel.falls_to_zero:
            self.totals[seat] = 0
            self.falls[seat] = 0
            self.marks[seat].append("->0")
            self.say(Kind.FOUL, "falls_to_zero", seat, 0, count=barrel.falls_to_zero)

    def barrel_step(self, seat: int, was_on: bool) -> None:
        """A try used or the climb onto the barrel, knocking a sitter off (pages A, B)."""
        barrel = self.rules.barrel
        target = self.rules.target
        if barrel is None or self.totals[seat] >= target:
            return
        if was_on:
            tries = (self.barrel[seat] or 0) + 1
            self.barrel[seat] = tries
            self.marks[seat].append(f"[B{tries}]")
            self.say(Kind.INFO, "barrel_try", seat, count=tries, tries=barrel.tries)
            if tries >= barrel.tries:
                self.fall(seat, "barrel_fall")
        elif self.totals[seat] >= barrel.at:
            self.totals[seat] = barrel.at
            self.barrel[seat] = 0
            self.marks[seat].append("[B]")
            self.say(Kind.INFO, "on_barrel", seat, barrel.at)
            if barrel.knock_off:
                for other, other_tries in enumerate(self.barrel):
                    if other != seat and other_tries is not None:
                        self.fall(other, "knocked_off", by=self.name(seat))

    def dump(self, seat: int) -> None:
        total = self.totals[seat]
        mode = self.rules.dump_555
        if (total == 555 and mode != "none") or (total == -555 and mode == "both"):
            self.totals[seat] = 0
            self.marks[seat].append(f"{total}->0")
            self.say(Kind.FOUL, "dump", seat, 0, was=total)

    def close(
        self, deal: Deal, outcome: str, following: Deal | None = None, golden_made: bool = False
    ) -> State:
        """The new game state: the sheet line added, the next deal (``following``, by default
        the next dealer's) set up, or the game won."""
        for seat in range(len(self.totals)):
            self.dump(seat)
        state = self.state
        line = Line(
            deal.number,
            deal.declarer,
            deal.contract,
            outcome,
            tuple(self.totals),
            tuple(tuple(m) for m in self.marks),
        )
        reached = [s for s, t in enumerate(self.totals) if t >= self.rules.target]
        winners: tuple[int, ...] = ()
        if reached:
            best = max(self.totals[s] for s in reached)
            winners = tuple(s for s in reached if self.totals[s] == best)
        n = len(state.players)
        return replace(
            state,
            totals=tuple(self.totals),
            lines=(*state.lines, line),
            bolts=tuple(self.bolts),
            barrel=tuple(self.barrel),
            falls=tuple(self.falls),
            winners=winners,
            golden_made=state.golden_made or golden_made,
            deal=following or Deal(deal.number + 1, (deal.dealer + 1) % n),
        )


def settle(state: State, rules: Rules) -> tuple[State, list[Verdict]]:
    """Score the deal after its last trick.  A golden deal doubles everything (pages A, B);
    a dark 120 (page A) doubles the declarer's result."""
    deal = state.deal
    declarer = deal.declarer
    assert declarer is not None
    tally = Tally.start(state, rules)
    on_barrel = [tries is not None for tries in state.barrel]
    factor = 2 if deal.golden else 1
    made = raw_points(deal, declarer) >= deal.contract
    for seat in deal.active:
        raw = raw_points(deal, seat)
        if seat == declarer:
            double = 2 if deal.golden or deal.dark == seat else 1
            delta = double * (deal.contract if made else -deal.contract)
            if on_barrel[seat] and state.totals[seat] + delta < rules.target:
                delta = 0  # pages A, B, D: on the barrel only reaching the target counts
                tally.say(Kind.INFO, "barrel_miss", seat, taken=raw, contract=deal.contract)
            else:
                code = "made" if made else "failed"
                tally.say(Kind.POINTS, code, seat, delta, contract=deal.contract, taken=raw)
            tally.write(seat, delta, bolt=False)
        else:
            written = factor * (round_defender(raw) if rules.rounding else raw)
            if on_barrel[seat]:
                written = 0  # [INF] a player on the barrel scores only as declarer
            else:
                tally.say(Kind.POINTS, "writes", seat, written)
            bolts = rules.bolts
            bolt = (
                bolts is not None
                and not on_barrel[seat]
                and (deal.tricks[seat] == 0 if bolts.kind == "no_trick" else raw == 0)
            )
            tally.write(seat, written, bolt, factor)
        tally.barrel_step(seat, on_barrel[seat])
    _sitter(tally, deal)
    golden = rules.golden
    if (
        deal.golden
        and golden is not None
        and golden.all_fail_reset
        and deal.number == golden.count(len(state.players))
        and not (state.golden_made or made)
    ):
        for seat in range(len(tally.totals)):  # page B: nobody made it, everything to 0
            tally.totals[seat] = 0
            tally.marks[seat].append("->0")
        tally.say(Kind.FOUL, "golden_reset", declarer)
    new = tally.close(deal, "made" if made else "failed", golden_made=deal.golden and made)
    return new, tally.verdicts + _result(new)


def penalty(
    state: State, rules: Rules, seat: int, amount: int, outcome: str, following: Deal
) -> tuple[State, list[Verdict]]:
    """A penalty outside the play, on its own sheet line: a card exposed in the deal (page D,
    the deal passes on) or three nines cut in a row (pages A, D)."""
    tally = Tally.start(state, rules)
    tally.totals[seat] -= amount
    tally.marks[seat].append(f"-{amount}")
    tally.say(Kind.FOUL, outcome, seat, -amount)
    new = tally.close(replace(state.deal, declarer=None, contract=0), outcome, following)
    return new, tally.verdicts + _result(new)


def throw_in(state: State, rules: Rules) -> tuple[State, list[Verdict]]:
    """ "Роспись": the declarer gives the deal up before play (page A: once a game, the
    opponents +60 each; page B: declarer -bid, each opponent +bid/2, a half rounded up)."""
    deal = state.deal
    declarer = deal.declarer
    terms = rules.throw_in
    assert declarer is not None and terms is not None
    tally = Tally.start(state, rules)
    lost = deal.contract if terms.declarer == "bid" else int(terms.declarer)
    gain = (deal.contract + 1) // 2 if terms.opponents == "half_bid" else int(terms.opponents)
    tally.say(Kind.POINTS, "threw_in", declarer, -lost, contract=deal.contract)
    tally.write(declarer, -lost, bolt=False)
    for seat in deal.active:
        if seat != declarer:
            tally.say(Kind.POINTS, "writes", seat, gain)
            tally.write(seat, gain, bolt=False)
    _sitter(tally, deal)
    new = tally.close(deal, "thrown_in")
    new = replace(new, throw_ins=put(new.throw_ins, declarer, new.throw_ins[declarer] + 1))
    return new, tally.verdicts + _result(new)


def _sitter(tally: Tally, deal: Deal) -> None:
    sitters = [s for s in range(len(tally.totals)) if s not in deal.active]
    if not sitters or deal.talon is None:
        return
    value = sitter_points(tally.rules, deal.talon)
    for seat in sitters:
        tally.totals[seat] += value
        tally.marks[seat].append("*")
        tally.say(Kind.POINTS, "sitter", seat, value)


def _result(state: State) -> list[Verdict]:
    if not state.winners:
        return []
    players = state.players
    return result_verdicts({players[s]: state.totals[s] for s in state.winners})
