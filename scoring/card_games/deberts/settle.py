"""Deberts: counting a hand and writing it on the sheet (cards.md §2.10-§2.14).

A hand's points are card points in tricks + the declared combinations that count + 10 for the
last trick; the contract (§2.11), a bayt on cards (§2.12), hanging points (§2.11, L34), the 3p
split (§2.14) and the 50-point offer (L32) decide what each player writes.  Counting starts
again from the snapshot taken before the hand was first written, so a penalty confirmed
during the scoring re-writes the hand instead of adding to it.
"""

from __future__ import annotations

from dataclasses import replace

from scoring.card_games.deberts.messages import MESSAGES, suit_data
from scoring.card_games.deberts.rules import LAST_TRICK, Rules, combination_points
from scoring.card_games.deberts.state import (
    Hand,
    Line,
    Phase,
    Settled,
    State,
    trick_cards,
    trick_taker,
    tricks,
)
from scoring.engine import result_verdicts
from scoring.verdicts import Kind, Verdict

TRICKS = 9


def hand_parts(
    hand: Hand, seats: int, rules: Rules
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Card points in tricks, counted combinations (once the first trick is complete, when
    every declaration is in) and the last trick's 10, per seat."""
    done = tricks(hand, seats)
    combos = (0,) * seats
    if done:
        lead = (hand.dealer + 1) % seats
        combos = combination_points(hand.declared, hand.trump, rules, lead, seats)
    last = [0] * seats
    if len(done) == TRICKS:
        last[trick_taker(done[-1], hand.trump)] = LAST_TRICK
    return trick_cards(hand, seats), combos, tuple(last)


def split(points: int, seats: list[int]) -> dict[int, int]:
    """Points shared equally; an odd point goes to the first seat listed [ASM]."""
    share, rest = divmod(points, len(seats))
    return {seat: share + (1 if i < rest else 0) for i, seat in enumerate(seats)}


def _defence(hand: Hand, seats: int, loser: int) -> list[int]:
    """The other seats, in playing order after the loser."""
    return [(loser + i) % seats for i in range(1, seats)]


def _lost(raw: list[int], loser: int, hand: Hand, rules: Rules) -> list[int]:
    """A bayt or a bayt on cards: the loser writes 0 and the others take his points (2p: all
    of them; 3p: own + half his (a), or half the hand's total (b), §2.14)."""
    seats = len(raw)
    others = _defence(hand, seats, loser)
    out = [0] * seats
    if seats == 2:
        out[others[0]] = sum(raw)
        return out
    if rules.bayt_split_3p == "half_total":
        for seat, share in split(sum(raw), others).items():
            out[seat] = share
        return out
    for seat, share in split(raw[loser], others).items():
        out[seat] = raw[seat] + share
    return out


def settle(state: State, rules: Rules, offer_taken: bool = False) -> tuple[State, list[Verdict]]:
    """Write the hand (again, from its snapshot, if it was written already)."""
    hand = state.hand
    assert hand is not None and hand.declarer is not None
    players, seats = state.players, len(state.players)
    snap = hand.settled or Settled(state.totals, state.hanging, len(state.lines), state.dealer)
    verdicts: list[Verdict] = []
    declarer = hand.declarer
    outcome, new_hang = "made", 0
    if offer_taken:
        recorded = [0] * seats
        recorded[declarer] = 50
        outcome = "offer"
    else:
        cards, combos, last = hand_parts(hand, seats, rules)
        raw = [c + m + x for c, m, x in zip(cards, combos, last, strict=True)]
        for seat in range(seats):
            verdicts.append(
                MESSAGES.verdict(
                    Kind.POINTS,
                    "hand_points",
                    players[seat],
                    raw[seat],
                    cards=cards[seat],
                    combos=combos[seat],
                    last=last[seat],
                )
            )
        recorded, outcome, new_hang = _result(raw, hand, rules, players, verdicts)
    lines = list(state.lines[: snap.lines])
    pot = snap.hanging
    award = _award(pot, recorded, outcome, hand, seats)
    suit = suit_data(hand.trump or hand.proposed)
    how, how_ru = outcome, _OUTCOME_RU[outcome]
    if outcome == "penalty":  # the sheet names who lost the hand on cards, and why
        offender, reason = hand.penalties[0]
        how = f"bayt on cards ({players[offender]}: {reason})"
        how_ru = f"байт на картах ({players[offender]}: {reason})"
    lines.append(
        Line(
            f"hand_{hand.number}",
            f"Hand {hand.number}: {players[declarer]}, {suit['suit']}, {how}",
            f"Сдача {hand.number}: {players[declarer]}, {suit['suit_ru']}, {how_ru}",
            tuple(recorded),
        )
    )
    if award:
        for seat, points in award.items():
            verdicts.append(MESSAGES.verdict(Kind.POINTS, "hanging_awarded", players[seat], points))
        cells = tuple(award.get(seat) for seat in range(seats))
        lines.append(Line(f"hanging_{hand.number}", "Hanging points", "Висячие очки", cells, "row"))
        pot = 0
    if new_hang:
        cells = tuple(new_hang if seat == declarer else None for seat in range(seats))
        lines.append(Line(f"hangs_{hand.number}", "Hanging", "Висят", cells, "bonus"))
    totals = [
        t + r + award.get(s, 0) for s, (t, r) in enumerate(zip(snap.totals, recorded, strict=True))
    ]
    # corrections written during the scoring stay when a penalty re-writes the hand
    for extra in state.lines[snap.lines :]:
        if extra.key.startswith(("written_", "correction_")):
            lines.append(extra)
            totals = [t + (c or 0) for t, c in zip(totals, extra.cells, strict=True)]
    for seat in range(seats):
        verdicts.append(MESSAGES.verdict(Kind.POINTS, "recorded", players[seat], recorded[seat]))
    pot += new_hang
    best = max(recorded)
    dealer = (
        recorded.index(best) if recorded.count(best) == 1 else (hand.dealer + 1) % seats
    )  # §2.2 L22; GAP on a tie [INF]: the deal passes on
    done = tricks(hand, seats)
    last_trick = trick_taker(done[-1], hand.trump) if len(done) == TRICKS else state.last_trick
    state = replace(
        state,
        totals=tuple(totals),
        lines=tuple(lines),
        hanging=pot,
        dealer=dealer,
        last_trick=last_trick,
        hand=replace(hand, phase=Phase.DONE, settled=snap),
        hands_played=state.hands_played + (0 if hand.settled else 1),
    )
    return _after(state, rules, verdicts)


_OUTCOME_RU = {
    "made": "сыграл",
    "bayt": "байт",
    "hanging": "висячий",
    "penalty": "байт на картах",
    "offer": "полтинник",
    "count": "подсчёт",
}


def _result(
    raw: list[int], hand: Hand, rules: Rules, players: tuple[str, ...], verdicts: list[Verdict]
) -> tuple[list[int], str, int]:
    """What each seat writes, the outcome's name, and the points left hanging."""
    assert hand.declarer is not None
    declarer = hand.declarer
    if hand.penalties:
        return _lost(raw, hand.penalties[0][0], hand, rules), "penalty", 0
    if rules.short and not rules.short_bayt:
        return list(raw), "count", 0
    defence = sum(raw) - raw[declarer]
    name = players[declarer]
    if raw[declarer] > defence:  # "набрать больше", L20; 3p: more than both together, L33
        verdicts.append(MESSAGES.verdict(Kind.POINTS, "made", name, raw[declarer]))
        return list(raw), "made", 0
    if raw[declarer] == defence and rules.hanging_on_tie:
        verdicts.append(MESSAGES.verdict(Kind.INFO, "hanging", name, raw[declarer]))
        out = list(raw)
        out[declarer] = 0
        return out, "hanging", raw[declarer]
    verdicts.append(MESSAGES.verdict(Kind.FOUL, "bayt", name, raw[declarer]))
    return _lost(raw, declarer, hand, rules), "bayt", 0


def _award(pot: int, recorded: list[int], outcome: str, hand: Hand, seats: int) -> dict[int, int]:
    """Hanging points from earlier hands go to whoever writes most now; in 3p a bayt splits
    them between the defenders (L34).  With no single best they hang on."""
    if not pot:
        return {}
    if seats == 3 and outcome in ("bayt", "penalty"):
        loser = hand.penalties[0][0] if outcome == "penalty" else hand.declarer
        assert loser is not None
        return split(pot, _defence(hand, seats, loser))
    best = max(recorded)
    if recorded.count(best) != 1:
        return {}
    return {recorded.index(best): pot}


def _after(state: State, rules: Rules, verdicts: list[Verdict]) -> tuple[State, list[Verdict]]:
    """The end of the game where the variant ends it; otherwise who may claim and who deals."""
    players, totals = state.players, state.totals
    scores = dict(zip(players, totals, strict=True))
    if rules.short:
        verdicts.append(MESSAGES.verdict(Kind.GAME_OVER, "short_over"))
        best = max(totals)
        winners = tuple(s for s, t in enumerate(totals) if t == best)
        return replace(state, winners=winners), verdicts + result_verdicts(scores)
    if rules.offers_50:
        ranked = sorted(totals, reverse=True)
        if ranked[0] - ranked[1] >= rules.offer_gap:
            verdicts.append(
                MESSAGES.verdict(Kind.GAME_OVER, "gap_reached", points=ranked[0] - ranked[1])
            )
            leader = totals.index(ranked[0])
            return replace(state, winners=(leader,)), verdicts + result_verdicts(scores)
    for seat, total in enumerate(totals):
        if total >= rules.target:
            verdicts.append(MESSAGES.verdict(Kind.INFO, "may_claim", players[seat], total))
    assert state.dealer is not None
    verdicts.append(MESSAGES.verdict(Kind.TURN, "dealer_next", players[state.dealer]))
    return state, verdicts
