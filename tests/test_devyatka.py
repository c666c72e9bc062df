"""Devyatka (rules/cards.md Appendix A): the legal-move rule against Codeforces 1769 D1 stated
independently, and Hypothesis properties over whole random games (cards are conserved, a
random legal game ends, undo restores the exact state)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.actions import parse_action
from scoring.card_games.devyatka.engine import State
from scoring.card_games.devyatka.rules import DECK, EMPTY, on_table, place
from scoring.cards import SUITS, Card
from scoring.engine import OptionsError, open_now
from scoring.match import Match, effective
from scoring.registry import create_engine
from scoring.scenario import Scenario
from scoring.verdicts import IllegalMove
from session.journal import Journal
from tests.card_play import pick, replayed, submit
from ui.cli import main

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLAYERS = ["Anna", "Boris", "Vera"]

# --------------------------------------------------------------------------------------------
# Codeforces 1769 D1, stated on its own terms: a set of cards on the table, ranks by name.

CF_ORDER = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")


def cf_may_play(card: Card, table: set[Card]) -> bool:
    """CF 1769 D1: any 9 at any time; 6, 7, 8 when the card one rank higher of the same suit
    is on the table; 10..A when the card one rank lower of the same suit is."""
    at = CF_ORDER.index(card.rank)
    if card.rank == "9":
        return card not in table
    if at < CF_ORDER.index("9"):
        return Card(CF_ORDER[at + 1], card.suit) in table and card not in table
    return Card(CF_ORDER[at - 1], card.suit) in table and card not in table


def random_position(rng: random.Random) -> tuple[Any, set[Card]]:
    """A layout reachable in play (9D down, every row a run through its 9) and its cards."""
    layout = place(EMPTY, Card("9", "D"))
    for suit in SUITS:
        if suit != "D" and rng.random() < 0.4:
            continue
        for rank in ("9", *CF_ORDER[4 : 4 + rng.randint(0, 5)]):
            layout = place(layout, Card(rank, suit))
        for rank in reversed(CF_ORDER[3 - rng.randint(0, 3) : 3]):
            layout = place(layout, Card(rank, suit))
    return layout, set(on_table(layout))


@pytest.mark.parametrize("seed", range(40))
def test_legal_moves_match_codeforces_1769_d1(seed: int) -> None:
    rng = random.Random(seed)
    engine = create_engine("devyatka", "full_information", {"players_min": 2})  # CF: 2 players
    layout, table = random_position(rng)
    rest = [card for card in DECK if card not in table]
    rng.shuffle(rest)
    hand = tuple(rest[: rng.randint(1, min(12, len(rest)))])
    others = tuple(rest[len(hand) :])
    state = State(
        players=tuple(PLAYERS[:2]),
        coins=(100, 100),
        bank=20,
        deal=1,
        net=(-10, -10),
        counts=(len(hand), len(others)),
        hands=(hand, others),
        layout=layout,
        turn=0,
        fines=(0, 0),
        banks=(0, 0),
    )
    expected = {card for card in hand if cf_may_play(card, table)}
    listed = open_now(engine, state)
    plays = {Card(*_split(a.args["card"])) for a in listed if a.verb == "play"}
    assert plays == expected
    assert any(a.verb == "pass" for a in listed) == (not expected)  # must play if able
    passing = parse_action({"do": "pass", "by": "Anna"}, engine.verbs)
    if expected:  # must play if able: the known hand refuses the pass
        with pytest.raises(IllegalMove) as refused:
            engine.apply(state, passing)
        assert refused.value.code == "must_play"
    else:
        assert engine.apply(state, passing)[0].coins[0] == 100 - engine.rules.pass_fine
    for card in hand:  # and apply agrees with the rule card by card
        action = parse_action({"do": "play", "by": "Anna", "card": str(card)}, engine.verbs)
        try:
            engine.apply(state, action)
        except IllegalMove as refused:
            assert card not in expected and refused.code == "not_playable"
        else:
            assert card in expected


def _split(text: str) -> tuple[str, str]:
    return text[:-1], text[-1]


def test_options_are_checked() -> None:
    for bad in (
        {"ante": -1},
        {"redeal_aces": 2},
        {"direction": "up"},
        {"players_max": 5},
        {"x": 1},
    ):
        with pytest.raises(OptionsError):
            create_engine("devyatka", None, bad)
    with pytest.raises(OptionsError):
        create_engine("devyatka").initial(["Anna", "Boris"])  # the app seats 3-4
    assert create_engine("devyatka", None, {"players_min": 2}).initial(["A", "B"]).counts == (
        18,
        18,
    )


# --------------------------------------------------------------------------------------------
# Whole games.


def conserved(engine: Any, state: State) -> None:
    """Every card is on the table or in exactly one hand; counts match the known hands."""
    table = on_table(state.layout)
    assert len(table) + sum(state.counts) == len(DECK)
    known = [card for hand in state.hands if hand is not None for card in hand]
    assert len(known) == len(set(known)) and not set(known) & set(table)
    for hand, count in zip(state.hands, state.counts, strict=True):
        assert hand is None or len(hand) == count


def deal_hands(rng: random.Random, players: list[str]) -> list[dict[str, Any]]:
    cards = [str(card) for card in DECK]
    rng.shuffle(cards)
    size = len(cards) // len(players)
    return [
        {"do": "show", "by": p, "cards": cards[i * size : (i + 1) * size]}
        for i, p in enumerate(players)
    ]


def play_session(seed: int, preset: str, options: dict[str, Any], undo_every: int = 7) -> Match:
    """A random session through a Match (full information: hands dealt at random and shown;
    public: any listed move), checking conservation at each step and that undoing an action
    gives back the exact state before it."""
    rng = random.Random(seed)
    engine = create_engine("devyatka", preset, options)
    players = PLAYERS if seed % 2 else [*PLAYERS, "Gleb"]
    match = Match(engine, players)
    for step in range(3000):
        if match.view()["over"]:
            break
        listed = open_now(engine, match.state)
        assert listed
        if listed[0].verb == "show":
            for raw in deal_hands(rng, players):
                assert match.submit(raw).accepted
            continue
        choice = pick(rng, listed, lambda a: a.verb == "play", 0.9)
        submit(match, choice, undo=step % undo_every == 0)
        conserved(engine, match.state)
    return match


@SETTINGS
@given(st.integers(0, 10**6))
def test_random_full_information_session_ends(seed: int) -> None:
    match = play_session(seed, "full_information", {"start_coins": 20})
    view = match.view()
    assert view["over"] and view["winner"] is not None
    assert open_now(match.engine, match.state) == []
    assert min(view["scores"].values()) <= 0
    sheet = match.engine.score_sheet(match.state)
    body = [row for row in sheet["rows"] if row["kind"] == "row"]
    for player, coins in view["scores"].items():  # start + every deal's net = the coins
        assert sum(row["cells"][player] for row in body) == coins
    assert sheet["rows"][-1]["cells"] == view["scores"]


@SETTINGS
@given(st.integers(0, 10**6), st.sampled_from([{}, {"card_fine": 1}, {"direction": "right"}]))
def test_random_public_session_ends(seed: int, options: dict[str, Any]) -> None:
    match = play_session(seed, "app", {"start_coins": 20, **options})
    view = match.view()
    assert view["over"]
    # the coins only move between the players and the bank, which is empty after a deal
    assert sum(view["scores"].values()) == 20 * len(view["players"]) - view["bank"]


def test_full_information_refuses_a_card_not_held() -> None:
    engine = create_engine("devyatka", "full_information")
    match = Match(engine, PLAYERS)
    for raw in deal_hands(random.Random(3), PLAYERS):
        match.submit(raw)
    holder = match.view()["turn"]
    other = next(p for p in PLAYERS if p != holder)
    outcome = match.submit({"do": "play", "by": other, "card": "9D"})
    assert not outcome.accepted and outcome.code == "not_your_turn"
    nine = next(c for c in ("9C", "9H", "9S") if c not in match.view()["known_hands"][holder])
    outcome = match.submit({"do": "play", "by": holder, "card": nine})
    assert not outcome.accepted and outcome.code == "held_elsewhere"  # every card is known


def test_sheet_keeps_fines_and_banks() -> None:
    """Each finished deal's nets sum to zero (coins move only through the bank), and the
    banks taken add up to the banks the deal rows name."""
    match = play_session(11, "fan_tan", {"start_coins": 30}, undo_every=10**6)
    sheet = match.engine.score_sheet(match.state)
    rows = {row["key"]: row for row in sheet["rows"]}
    deals = [row for key, row in rows.items() if key.startswith("deal_")]
    assert len(deals) >= 2
    for row in deals:
        assert sum(row["cells"].values()) == 0, row
    banks = sum(rows["banks"]["cells"].values())
    assert banks == sum(int(row["en"].rsplit(" ", 1)[1]) for row in deals)
    assert sum(rows["fines"]["cells"].values()) > 0


def test_tableref_sheet_prints_fines_and_the_bank(tmp_path: Any, capsys: Any) -> None:
    """`tableref sheet` prints the coins: the start, each deal with its bank, the fines and
    the banks taken, the coins now and the winner."""
    match = play_session(3, "app", {"start_coins": 30}, undo_every=10**6)
    steps = tuple(entry.action.to_dict() for entry in effective(match.entries))
    scenario = Scenario("devyatka", match.players, steps, "app", {"start_coins": 30})
    Journal.from_scenario(scenario, tmp_path / "d.sqlite").close()
    assert main(["sheet", str(tmp_path / "d.sqlite"), "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "Монет в начале" in out and "Уплачено штрафов" in out and "Взято банков" in out
    assert "Сдача 1:" in out and "забирает банк" in out
    coins = next(line for line in out.splitlines() if line.startswith("Монет  ")).split()[1:]
    assert coins == [str(match.view()["scores"][p]) for p in match.players]


def test_acceptance_scenarios_are_there() -> None:
    """rules/cards.md §9 scenarios 45-47 each have a scenario file (run by test_scenarios)."""
    folder = Path(__file__).parent / "scenarios" / "cards" / "devyatka"
    ids = {path.name.split("_")[0] for path in folder.glob("*.yaml")}
    assert {"s45", "s46", "s47"} <= ids


def test_random_public_play_reaches_the_rules() -> None:
    """Random public play passes, proves passes illegal (§8.5), takes banks and antes again:
    the properties above are not vacuous."""
    codes: list[str] = []
    for seed in range(3):
        match = play_session(seed, "app", {"start_coins": 20}, undo_every=10**6)
        codes += [v.code for v in replayed(match)]
    for code in ("passed", "illegal_pass_proven", "takes_bank", "ante", "out_of_coins"):
        assert code in codes, code
