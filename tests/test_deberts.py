"""Deberts (cards.md §2): rules, variants, hidden-hand proofs, penalties, claims and the sheet.

The §9 acceptance cases are scenario files under ``tests/scenarios/cards/deberts/``; these
tests cover what lies between them: every option's alternative, the refusals, and the sheet
as ``tableref sheet`` prints it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scoring.actions import Action
from scoring.card_games.deberts.rules import (
    BELLA,
    FIFTY,
    TERZ,
    Declared,
    Rules,
    card_points,
    combination,
    combination_points,
)
from scoring.card_games.deberts.settle import _award, split
from scoring.card_games.deberts.state import Hand
from scoring.cards import deck, parse_card
from scoring.engine import Decision, OptionsError, open_now
from scoring.match import Match
from scoring.registry import create_engine
from ui.cli import main

PLAYERS = ("Anna", "Boris")
SCENARIOS = Path(__file__).parent / "scenarios" / "cards" / "deberts"

#: §9 #18's hand, public information: Anna (N, on lead) against Boris, trump H (turn-up 8H).
SPEC_PLAY = [
    ("Anna", "JH"), ("Boris", "7H"), ("Anna", "9H"), ("Boris", "QH"), ("Anna", "AS"),
    ("Boris", "7S"), ("Anna", "10S"), ("Boris", "KS"), ("Anna", "7C"), ("Boris", "AC"),
    ("Boris", "10C"), ("Anna", "8C"), ("Boris", "AD"), ("Anna", "KD"), ("Boris", "10D"),
    ("Anna", "JD"), ("Boris", "9D"), ("Anna", "QD"),
]  # fmt: skip


def cards(text: str) -> tuple:
    return tuple(parse_card(word) for word in text.split())


def game(preset: str = "moscow", players: tuple[str, ...] = PLAYERS, **options: Any) -> Match:
    return Match(create_engine("deberts", preset, options), players)


def do(match: Match, *actions: dict[str, Any]) -> Any:
    """Submit actions that must be accepted; the last outcome's verdict codes."""
    outcome = None
    for action in actions:
        outcome = match.submit(action)
        assert outcome.accepted, (action, outcome.code, outcome.error)
    assert outcome is not None
    return [v.code for v in outcome.verdicts]


def refused(match: Match, action: dict[str, Any]) -> str | None:
    outcome = match.submit(action)
    assert not outcome.accepted, action
    return outcome.code


def spec_hand(match: Match, declarer: str = "Anna") -> list[str]:
    """§9 #18's hand with ``declarer`` (public information); the last verdict codes."""
    do(match, {"do": "deal", "by": "Boris", "turnup": "8H"})
    if declarer == "Anna":
        do(match, {"do": "take", "by": "Anna"})
    else:
        do(match, {"do": "pass", "by": "Anna"}, {"do": "take", "by": "Boris"})
    do(match, {"do": "deal_rest", "by": "Boris", "bottom": "8S"})
    do(match, {"do": "declare", "by": "Anna", "cards": ["JD", "QD", "KD"]})
    return do(match, *({"do": "play", "by": p, "card": c} for p, c in SPEC_PLAY))


# --------------------------------------------------------------------------------------------
# Values, combinations, options.


def test_card_values_total_152_and_trump_62() -> None:
    """§2.7: trump suit 62, each plain suit 30, the whole deck 152."""
    assert card_points(deck(32), "H") == 152
    assert card_points([c for c in deck(32) if c.suit == "H"], "H") == 62
    assert card_points([c for c in deck(32) if c.suit == "S"], "H") == 30


@pytest.mark.parametrize(
    ("text", "trump", "expected"),
    [
        ("9H 8H 7H", "S", TERZ),  # L55: 9-8-7 is a terz
        ("7C 8C 9C 10C", "H", FIFTY),
        ("7C 8C 9C 10C JC", "H", FIFTY),  # run5_as_50 (§2.8 GAP)
        ("KH QH", "H", BELLA),
        ("KH QH", "S", None),  # §9 #24
        ("7C 8C 10C", "H", None),
        ("7C 8C 9D", "H", None),
        ("QS KS", None, None),
    ],
)
def test_combinations(text: str, trump: str | None, expected: str | None) -> None:
    assert combination(cards(text), trump, Rules()) == expected


def test_five_card_run_without_run5_as_50() -> None:
    assert combination(cards("7C 8C 9C 10C JC"), "H", Rules(run5_as_50=False)) is None


def test_sequence_settlement_options() -> None:
    """§2.8: Moscow equal non-trump sequences go to the lead [ASM] or to nobody; without
    winner-takes-all everybody scores; bella_always false lets a winning sequence cancel it."""
    seqs = [
        Declared(0, TERZ, cards("8S 9S 10S")),
        Declared(1, TERZ, cards("8D 9D 10D")),
        Declared(1, BELLA, cards("KC QC")),
    ]
    assert combination_points(seqs, "C", Rules(), 0, 2) == (20, 20)
    assert combination_points(seqs, "C", Rules(), 1, 2) == (0, 40)
    assert combination_points(seqs, "C", Rules(sequence_tie="none"), 0, 2) == (0, 20)
    assert combination_points(seqs, "C", Rules(combo_winner_takes_all=False), 0, 2) == (20, 40)
    assert combination_points(seqs, "C", Rules(bella_always=False), 0, 2) == (20, 0)


def test_split_gives_the_odd_point_to_the_first() -> None:
    assert split(71, [1, 2]) == {1: 36, 2: 35}


@pytest.mark.parametrize(
    "options",
    [
        {"rules": "odessa"},
        {"target": 0},
        {"players": 4},
        {"dave": True},  # the offer to concede belongs to the short game
        {"information": "camera"},
        {"3p_bayt_split": "thirds"},
        {"trump": "H"},
    ],
)
def test_bad_options_are_refused_by_name(options: dict[str, Any]) -> None:
    with pytest.raises(OptionsError) as caught:
        create_engine("deberts", "moscow", options)
    assert next(iter(options)) in str(caught.value)


def test_seats_follow_the_preset() -> None:
    with pytest.raises(OptionsError):
        game("moscow", ("Anna", "Boris", "Vera"))
    with pytest.raises(OptionsError):
        game("three", PLAYERS)


# --------------------------------------------------------------------------------------------
# The deal, the bidding and the turn.


def test_bidding_refusals_and_turns() -> None:
    match = game()
    assert refused(match, {"do": "pass", "by": "Anna"}) == "deal_first"
    assert refused(match, {"do": "deal", "by": "Gleb", "turnup": "9C"}) == "unknown_player"
    do(match, {"do": "deal", "by": "Anna", "turnup": "9C"})  # the first dealer is drawn by lot
    assert match.view()["turn"] == "Boris"
    assert refused(match, {"do": "name", "by": "Boris", "suit": "S"}) == "name_in_round_one"
    assert refused(match, {"do": "deal", "by": "Anna", "turnup": "9C"}) == "hand_running"
    assert refused(match, {"do": "play", "by": "Boris", "card": "9S"}) == "not_playing"
    legal = {a.verb for a in open_now(match.engine, match.state)}
    assert legal == {"take", "pass"}


def test_three_players_bid_from_the_dealers_left_and_six_passes_redeal() -> None:
    match = game("three", ("Anna", "Boris", "Vera"))
    do(match, {"do": "deal", "by": "Vera", "turnup": "9C"})
    order = []
    for _ in range(6):
        order.append(match.view()["turn"])
        codes = do(match, {"do": "pass", "by": match.view()["turn"]})
    assert order == ["Anna", "Boris", "Vera"] * 2
    assert "all_passed" in codes and match.view()["dealer"] == "Anna"


def test_full_information_needs_the_hands_first() -> None:
    match = game("full_information")
    do(match, {"do": "deal", "by": "Boris", "turnup": "8H"})
    assert refused(match, {"do": "take", "by": "Anna"}) == "hands_needed"
    assert refused(match, {"do": "hand", "by": "Anna", "cards": "JH 9H AS"}) == "hand_size"
    do(match, {"do": "hand", "by": "Anna", "cards": "JH 9H AS 10S 7C 8C"})
    bad = {"do": "hand", "by": "Boris", "cards": "JH QH 7S KS AC 10C"}
    assert refused(match, bad) == "card_out_of_play"
    assert refused(match, {"do": "hand", "by": "Anna", "cards": "7H QH 7S KS AC 10C"}) == (
        "hand_size"
    )
    public = game()
    do(public, {"do": "deal", "by": "Boris", "turnup": "8H"})
    assert refused(public, {"do": "hand", "by": "Anna", "cards": "JH 9H AS 10S 7C 8C"}) == (
        "public_information"
    )


def test_public_information_refuses_a_card_seen_elsewhere() -> None:
    match = game()
    do(match, {"do": "deal", "by": "Boris", "turnup": "8H"}, {"do": "take", "by": "Anna"})
    do(match, {"do": "deal_rest", "by": "Boris", "bottom": "8S"})
    assert refused(match, {"do": "play", "by": "Anna", "card": "8H"}) == "card_out_of_play"
    assert refused(match, {"do": "play", "by": "Anna", "card": "8S"}) == "card_out_of_play"
    do(match, {"do": "play", "by": "Anna", "card": "JH"})
    assert refused(match, {"do": "play", "by": "Boris", "card": "JH"}) == "card_out_of_play"
    assert match.engine.legal(match.state) == []
    assert match.engine.decisions(match.state) == [Decision(Action("play", "Boris"), ("card",))]


# --------------------------------------------------------------------------------------------
# §8.5 proofs.


def _play(match: Match, *moves: tuple[str, str]) -> list[str]:
    return do(match, *({"do": "play", "by": p, "card": c} for p, c in moves))


def _spades_contract(match: Match) -> None:
    do(match, {"do": "deal", "by": "Boris", "turnup": "8S"}, {"do": "pass", "by": "Anna"})
    do(match, {"do": "take", "by": "Boris"}, {"do": "deal_rest", "by": "Boris", "bottom": "7H"})


def test_proven_failure_to_trump() -> None:
    """§8.5: void in hearts Anna discarded a club; a later spade (trump) proves she could
    have trumped."""
    match = game()
    _spades_contract(match)
    _play(match, ("Anna", "7C"), ("Boris", "AC"), ("Boris", "AH"), ("Anna", "8C"))
    codes = _play(match, ("Boris", "9C"), ("Anna", "JS"))
    assert "proven_no_trump" in codes
    assert match.view()["flags"] == [["Anna", "no_trump", 2]]


def test_proven_failure_to_overtrump() -> None:
    """§8.5: trump led (10S), Anna played 7S and later plays AS, which beats the 10."""
    match = game()
    _spades_contract(match)
    _play(match, ("Anna", "7C"), ("Boris", "AC"), ("Boris", "10S"), ("Anna", "7S"))
    assert match.view()["flags"] == []
    codes = _play(match, ("Boris", "KC"), ("Anna", "AS"))
    assert "proven_no_overtrump" in codes
    assert match.view()["flags"] == [["Anna", "no_overtrump", 2]]


def test_false_declaration_is_proven_by_the_card_and_by_the_end() -> None:
    """§2.8, L27: a declared card played by the opponent, or never played, proves the
    declaration false."""
    match = game()
    do(match, {"do": "deal", "by": "Boris", "turnup": "8H"}, {"do": "take", "by": "Anna"})
    do(match, {"do": "deal_rest", "by": "Boris", "bottom": "8S"})
    do(match, {"do": "declare", "by": "Anna", "cards": ["7C", "8C", "9C"]})
    codes = _play(match, ("Anna", "AH"), ("Boris", "9C"))
    assert "proven_false_declaration" in codes
    assert match.view()["flags"] == [["Anna", "false_declaration", 0]]


def test_penalty_at_the_scoring_rewrites_the_hand() -> None:
    """§2.12, pencil rule L25: an extra card found at the scoring: Anna loses the hand on
    cards; Boris writes all 143; the hand has one line, and a misrecord written before stays."""
    match = game()
    assert "made" in spec_hand(match)
    do(match, {"do": "misrecord", "by": "Boris", "points": 5})
    codes = do(match, {"do": "penalty", "by": "Anna", "reason": "extra_card"})
    assert "penalty" in codes and "recorded" in codes
    assert match.view()["scores"] == {"Anna": 0, "Boris": 148}
    keys = [row["key"] for row in match.engine.score_sheet(match.state)["rows"]]
    assert keys.count("hand_1") == 1 and "written_2" in keys
    assert refused(match, {"do": "penalty", "by": "Anna", "reason": "revoke"}) == (
        "already_penalised"
    )
    assert match.view()["dealer"] == "Boris"


# --------------------------------------------------------------------------------------------
# Variants.


def test_short_game_with_and_without_bayt() -> None:
    """L31: one deal, the higher score wins; with bayt Boris's 48 go to Anna."""
    match = game("short")
    codes = spec_hand(match, declarer="Boris")
    assert "short_over" in codes
    view = match.view()
    assert view["over"] and view["winner"] == "Anna" and view["scores"]["Anna"] == 143
    match = game("short_no_bayt")
    spec_hand(match, declarer="Boris")
    assert match.view()["scores"] == {"Anna": 95, "Boris": 48}


def test_dave_concedes_the_short_game_before_play() -> None:
    match = game("short")
    do(match, {"do": "deal", "by": "Boris", "turnup": "8H"})
    assert "conceded" in do(match, {"do": "concede", "by": "Anna"})
    assert match.view()["winner"] == "Boris"
    match = game("short")
    do(match, {"do": "deal", "by": "Boris", "turnup": "8H"}, {"do": "take", "by": "Anna"})
    do(match, {"do": "deal_rest", "by": "Boris", "bottom": "8S"})
    do(match, {"do": "play", "by": "Anna", "card": "JH"})
    assert refused(match, {"do": "concede", "by": "Anna"}) == "concede_too_late"
    moscow = game()
    do(moscow, {"do": "deal", "by": "Boris", "turnup": "8H"})
    assert refused(moscow, {"do": "concede", "by": "Anna"}) == "dave_off"


def test_offers_only_in_their_preset() -> None:
    match = game()
    do(match, {"do": "deal", "by": "Boris", "turnup": "8H"}, {"do": "take", "by": "Anna"})
    assert refused(match, {"do": "offer", "by": "Boris"}) == "offers_off"
    assert refused(match, {"do": "accept", "by": "Anna"}) == "not_your_turn"


def test_claims_only_at_their_moments() -> None:
    """§2.13: not during the bidding; not after the opponent's trick; at the scoring a claim
    short of the target is false."""
    match = game()
    do(match, {"do": "deal", "by": "Boris", "turnup": "8H"})
    assert refused(match, {"do": "claim", "by": "Anna"}) == "not_claim_time"
    match = game()
    spec_hand(match)
    codes = do(match, {"do": "claim", "by": "Anna"})
    assert "false_claim" in codes and match.view()["winner"] == "Boris"


def test_carry_only_before_the_first_deal() -> None:
    match = game()
    do(match, {"do": "carry", "by": "Anna", "points": 300})
    do(match, {"do": "deal", "by": "Boris", "turnup": "8H"})
    assert refused(match, {"do": "carry", "by": "Boris", "points": 10}) == "carry_too_late"
    assert refused(match, {"do": "misrecord", "by": "Anna", "points": 10}) == "not_scoring_time"


# --------------------------------------------------------------------------------------------
# The sheet as ``tableref sheet`` prints it.


def test_tableref_sheet_prints_hands_running_totals_and_hanging(tmp_path, capsys) -> None:
    journal = tmp_path / "deberts.sqlite"
    scenario = SCENARIOS / "d20_tie_hangs.yaml"
    assert main(["journal", "import", str(scenario), "--journal", str(journal)]) == 0
    capsys.readouterr()
    assert main(["sheet", str(journal)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["Anna", "Boris"]
    assert [line.split()[-2:] for line in lines if line.startswith("Hand ")] == [
        ["0", "81"],
        ["95", "48"],
    ]
    assert "Running total" in "\n".join(lines)
    assert any(line.startswith("Hanging") and line.split()[-1] == "81" for line in lines)
    assert lines[-2].split() == ["Total", "176", "129"]
    assert main(["sheet", str(journal), "--lang", "ru"]) == 0
    assert "Сдача 1: Anna, черви, висячий" in capsys.readouterr().out
    assert main(["sheet", str(journal), "--format", "csv"]) == 0
    csv_lines = capsys.readouterr().out.splitlines()
    assert csv_lines[0] == "key,row,kind,Anna,Boris"
    assert "hangs_1,Hanging,bonus,81," in csv_lines


def test_every_deberts_acceptance_case_has_a_scenario() -> None:
    """cards.md §9 #1-#33 are the Deberts cases; each has a file named d<NN>_..."""
    numbers = {int(path.name[1:3]) for path in SCENARIOS.glob("d*.yaml")}
    assert numbers == set(range(1, 34))


def test_the_last_trick_may_be_looked_at() -> None:
    """§2.9 L22: the view keeps the last trick (face down on the table) for a look."""
    match = game()
    do(match, {"do": "deal", "by": "Boris", "turnup": "8H"}, {"do": "take", "by": "Anna"})
    do(match, {"do": "deal_rest", "by": "Boris", "bottom": "8S"})
    assert match.view()["last_trick"] == []
    _play(match, ("Anna", "KC"), ("Boris", "10C"), ("Boris", "7D"))
    assert match.view()["last_trick"] == [["Anna", "KC"], ["Boris", "10C"]]


def test_hanging_points_go_to_the_best_or_split_after_a_3p_bayt() -> None:
    """§2.11 / L34: hanging points go to whoever writes most in the next hand; in 3p a bayt
    splits them between the defenders; with no single best they hang on."""
    hand = Hand(number=2, dealer=2, turnup=parse_card("8H"), proposed="H", declarer=0)
    assert _award(81, [0, 95, 48], "made", hand, 3) == {1: 81}
    assert _award(81, [0, 75, 80], "bayt", hand, 3) == {1: 41, 2: 40}
    assert _award(81, [50, 50], "made", hand, 2) == {}
    assert _award(0, [95, 48], "made", hand, 2) == {}


def test_full_information_takes_all_nine_cards_at_the_second_deal() -> None:
    match = game("full_information")
    do(match, {"do": "deal", "by": "Boris", "turnup": "8H"})
    do(match, {"do": "hand", "by": "Anna", "cards": "JH 9H AS 10S 7C 8C"})
    do(match, {"do": "hand", "by": "Boris", "cards": "7H QH 7S KS AC 10C"})
    do(match, {"do": "take", "by": "Anna"}, {"do": "deal_rest", "by": "Boris", "bottom": "8S"})
    bad = {"do": "hand", "by": "Anna", "cards": "JH 9H AS 10S 7C 9C KD JD QD"}
    assert refused(match, bad) == "not_in_hand"
    do(match, {"do": "hand", "by": "Anna", "cards": "JH 9H AS 10S 7C 8C KD JD QD"})
    assert refused(match, {"do": "play", "by": "Anna", "card": "JH"}) == "hands_needed"
    do(match, {"do": "hand", "by": "Boris", "cards": "AD 10D 9D"})
    assert match.view()["playable"] == [
        "7C", "8C", "JD", "QD", "KD", "9H", "JH", "10S", "AS"
    ]  # fmt: skip


def test_three_player_overtrump_flag_reaches_the_follow_rules() -> None:
    """§2.14 GAP must_overtrump_when_void_3p: only a 3-player table uses it."""
    assert Rules(players=3, must_overtrump_when_void_3p=True).follow.overtrump_when_trumping
    assert not Rules(players=3).follow.overtrump_when_trumping
    assert not Rules(must_overtrump_when_void_3p=True).follow.overtrump_when_trumping
    assert Rules().follow.overtrump_on_trump_lead
