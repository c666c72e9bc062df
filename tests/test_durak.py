"""Durak rules one at a time (rules/durak.md): the options, the verbs' errors, and the fouls
and alternatives that the acceptance scenarios (tests/scenarios/durak/) do not reach."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scoring.actions import ActionError, parse_action
from scoring.durak.engine import DurakEngine
from scoring.durak.state import DurakState
from scoring.engine import OptionsError, open_now
from scoring.registry import create_engine, game
from scoring.verdicts import IllegalMove

FOUR = ["P1", "P2", "P3", "P4"]


def table(preset: str = "podkidnoy", players: list[str] = FOUR, **options: Any) -> DurakEngine:
    return create_engine("durak", preset, options)  # type: ignore[return-value]


def play(engine: DurakEngine, players: list[str], *steps: dict[str, Any]) -> DurakState:
    state = engine.initial(players)
    for step in steps:
        state, _ = engine.apply(state, parse_action(step, engine.verbs))
    return state


def refused(engine: DurakEngine, state: DurakState, step: dict[str, Any]) -> str:
    with pytest.raises(IllegalMove) as caught:
        engine.apply(state, parse_action(step, engine.verbs))
    verdict = caught.value.verdict
    assert verdict.en and verdict.ru
    return caught.value.code


def verdicts(engine: DurakEngine, state: DurakState, step: dict[str, Any]) -> list[str]:
    return [v.code for v in engine.apply(state, parse_action(step, engine.verbs))[1]]


def deal(**args: Any) -> dict[str, Any]:
    return {"do": "deal", "trump": "9H", **args}


def attack(by: str, *cards: str, **args: Any) -> dict[str, Any]:
    return {"do": "attack", "by": by, "cards": list(cards), **args}


def throw(by: str, *cards: str) -> dict[str, Any]:
    return {"do": "throw_in", "by": by, "cards": list(cards)}


def beat(by: str, attack_card: str, card: str) -> dict[str, Any]:
    return {"do": "defend", "by": by, "beat": attack_card, "with": card}


def transfer(by: str, *cards: str) -> dict[str, Any]:
    return {"do": "transfer", "by": by, "cards": list(cards)}


def done(by: str) -> dict[str, Any]:
    return {"do": "done", "by": by}


# --------------------------------------------------------------------------------------------
# Presets and options.


def test_every_preset_loads_and_lists_the_verbs_of_the_issue() -> None:
    """`tableref games --json` lists the game with its presets and verbs (issue 4): the
    catalogue entry it prints, and each preset's engine offers the same verbs."""
    entry = {"presets": list(game("durak").presets)}
    assert entry["presets"] == [
        "podkidnoy",
        "simple",
        "perevodnoy",
        "navalenny",
        "oborotny",
        "japanese_a",
        "japanese_b",
    ]
    wanted = {"deal", "attack", "throw_in", "defend", "transfer", "take", "done", "draw"}
    for preset in entry["presets"]:
        assert set(create_engine("durak", preset).verbs) == wanted | {"reveal", "out"}


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"bout_cap": 7}, "bout_cap"),
        ({"variant": "pogonny"}, "variant"),
        ({"deck_size": 32}, "deck_size"),
        ({"throw_on": "always"}, "throw_on"),
        ({"variant": "japanese_b", "throw_in": "always"}, "throw_in"),
        ({"full_information": "yes"}, "full_information"),
    ],
)
def test_a_bad_option_is_refused_by_name(options: dict[str, Any], named: str) -> None:
    with pytest.raises(OptionsError, match=named):
        create_engine("durak", "podkidnoy", options)


def test_seats_two_to_six_with_36_cards_and_eight_with_52() -> None:
    """P-7, Q-02; §10 [EXT] 52 cards for 7-8 players: stock 52 - 6n."""
    with pytest.raises(OptionsError):
        table().initial(["A"])
    with pytest.raises(OptionsError):
        table().initial([f"P{i}" for i in range(7)])
    big = table(deck_size=52)
    players = [f"P{i}" for i in range(8)]
    state = play(big, players, deal())
    assert big.view(state)["stock"] == 4
    assert big.view(state)["hands"] == {p: 6 for p in players}
    assert refused(big, state, attack("P0", "2C", "2D", "2H", "2S", "3C", "3D")) == "F-01"


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({"do": "attack", "by": "P1"}, "cards"),
        ({"do": "attack", "by": "P1", "cards": ["1X"]}, "cards"),
        ({"do": "attack", "by": "P1", "cards": ["7S", "7S"]}, "cards"),
        ({"do": "defend", "by": "P2", "beat": "7S"}, "with"),
        ({"do": "draw", "by": "P1", "count": 0}, "count"),
        ({"do": "deal", "sizes": [6, -1]}, "sizes"),
        ({"do": "deal", "hands": ["7S"]}, "hands"),
        ({"do": "take", "by": "P2", "what": 1}, "what"),
    ],
)
def test_a_malformed_action_names_its_field(raw: dict[str, Any], field: str) -> None:
    with pytest.raises(ActionError) as caught:
        parse_action(raw, table().verbs)
    assert caught.value.field == field


def test_cards_are_read_in_every_spelling_and_kept_canonical() -> None:
    """TD and Russian letters are the same cards as 10D (ARCHITECTURE.md, scoring/cards.py)."""
    engine = table()
    state = play(engine, FOUR, deal(), attack("P1", "TD", "10S".replace("10", "T")))
    assert engine.view(state)["table"] == [["10D", None], ["10S", None]]
    state = play(engine, FOUR, deal(), {"do": "attack", "by": "P1", "cards": ["Д♠"]})
    assert engine.view(state)["table"] == [["QS", None]]


# --------------------------------------------------------------------------------------------
# The deal (S-3, N-5, F-24) and the first lead (S-5, S-6, Q-05, Q-06).


def test_a_wrong_deal_is_refused() -> None:
    engine = table()
    fresh = engine.initial(FOUR)
    assert refused(engine, fresh, deal(sizes=[6, 6, 6, 5])) == "F-24"
    assert refused(engine, fresh, {"do": "deal"}) == "F-24"  # no trump card shown
    assert refused(engine, fresh, deal(sizes=[20, 20, 0, 0], stock=0)) == "F-24"
    assert refused(engine, fresh, attack("P1", "7S")) == "no_deal"
    dealt = play(engine, FOUR, deal())
    assert refused(engine, dealt, deal()) == "dealt"


def test_navalenny_deals_the_whole_deck_with_the_extra_cards_first() -> None:
    """N-5: 36 cards to 5 players: one gets 8 [DEC]."""
    engine = table("navalenny")
    players = [*FOUR, "P5"]
    state = play(engine, players, deal())
    assert engine.view(state)["hands"] == {"P1": 8, "P2": 7, "P3": 7, "P4": 7, "P5": 7}
    assert engine.view(state)["stock"] == 0


def test_navalenny_trump_may_be_declared_instead() -> None:
    """N-4 (b): the trump suit declared before the deal; no card shows it."""
    engine = table("navalenny", navalenny_trump="declared")
    fresh = engine.initial(["A", "B", "C"])
    assert refused(engine, fresh, deal()) == "F-24"
    state = play(engine, ["A", "B", "C"], {"do": "deal", "suit": "C"})
    assert engine.view(state)["trump"] == "C" and engine.view(state)["trump_card"] is None


def full_deal(hands: dict[str, str], trump: str = "9H", **args: Any) -> dict[str, Any]:
    return {"do": "deal", "trump": trump, "hands": {p: h.split() for p, h in hands.items()}, **args}


def test_full_information_knows_the_lowest_trump_and_the_hands() -> None:
    """S-5 with known hands: the lowest trump's holder leads; F-26 for anyone else."""
    engine = table(full_information=True, players=["A", "B"])
    state = play(
        engine,
        ["A", "B"],
        full_deal({"A": "6S 7S 8S 9S 10S JH", "B": "6C 7C 8C 9C 10C 7H"}),
    )
    assert engine.view(state)["turn"] == "B"
    assert refused(engine, state, attack("A", "6S")) == "F-26"
    assert refused(engine, state, attack("B", "6S")) == "F-28"  # known to be A's
    assert refused(engine, state, attack("B", "AC")) == "not_in_hand"  # in the stock
    assert refused(engine, play(engine, ["A", "B"]), deal()) == "cards_needed"


def test_without_a_trump_in_hand_the_lowest_card_leads_or_the_cards_are_redealt() -> None:
    """Q-05: lowest_card (ties in seat order) by default; redeal as the alternative."""
    hands = {"A": "7S 8S 9S 10S JS QS", "B": "6C 7C 8C 9C 10C JC"}
    lowest = table(full_information=True)
    state = play(lowest, ["A", "B"], full_deal(hands))
    assert lowest.view(state)["turn"] == "B"
    redeal = table(full_information=True, no_trump_fallback="redeal")
    state, said = redeal.apply(
        redeal.initial(["A", "B"]), parse_action(full_deal(hands), redeal.verbs)
    )
    assert "redeal" in [v.code for v in said] and redeal.view(state)["phase"] == "deal"


def test_a_hand_holding_the_turned_up_trump_is_a_duplicate() -> None:
    engine = table(full_information=True)
    hands = {"A": "9H 7S 8S 9S 10S JS", "B": "6C 7C 8C 9C 10C JC"}
    assert refused(engine, engine.initial(["A", "B"]), full_deal(hands)) == "F-28"


# --------------------------------------------------------------------------------------------
# Bout rules beyond the scenarios.


def test_an_out_player_cannot_play() -> None:
    """F-27: out with no cards and no stock."""
    engine = table()
    state = play(engine, FOUR, deal(sizes=[3, 3, 3, 0], stock=0))
    assert refused(engine, state, attack("P4", "7S")) == "F-27"


def test_transfer_alternatives() -> None:
    """Q-19: transfer_max_added = 1; Q-18: the next hand compared with N before the transfer."""
    one = table("perevodnoy", transfer_max_added=1)
    state = play(one, FOUR, deal(), attack("P1", "7S"))
    assert refused(one, state, transfer("P2", "7D", "7C")) == "one_transfer_card"
    short = [deal(sizes=[6, 6, 1, 6], stock=0), attack("P1", "8D")]
    before = table("perevodnoy", transfer_count_includes_new=False)
    state = play(before, FOUR, *short, transfer("P2", "8C"))
    assert before.view(state)["defender"] == "P3"
    assert (
        refused(table("perevodnoy"), play(table("perevodnoy"), FOUR, *short), transfer("P2", "8C"))
        == "F-15"
    )


def test_perevodnoy_without_throw_in() -> None:
    """Q-17 alternative (L193 "в некоторых вариантах"): transfers only."""
    engine = table("perevodnoy", throw_in="none")
    state = play(engine, FOUR, deal(), attack("P1", "7S"))
    assert refused(engine, state, throw("P3", "7D")) == "no_throw_in"
    state = play(engine, FOUR, deal(), attack("P1", "7S"), beat("P2", "7S", "8S"))
    assert engine.view(state)["phase"] == "draw"  # covered: nothing may follow, so beaten


def test_throw_in_before_the_first_defence_can_be_forbidden() -> None:
    """P-10 alternative."""
    engine = table(throw_in_before_first_defence=False)
    state = play(engine, FOUR, deal(), attack("P1", "7S"))
    assert refused(engine, state, throw("P3", "7D")) == "wait_for_defence"
    state = play(engine, FOUR, deal(), attack("P1", "7S"), beat("P2", "7S", "8S"))
    assert verdicts(engine, state, throw("P3", "7D")) == ["thrown"]


def test_take_collects_only_the_attack_cards_as_an_alternative() -> None:
    """Q-09: L16 "все карты, которыми сделан ход"; the defence cards go to the discard."""
    steps = [deal(), attack("P1", "7S", "7D"), beat("P2", "7S", "8S")]
    engine = table(take_collects="attack_cards")
    state = play(engine, FOUR, *steps, {"do": "take", "by": "P2", "cards": ["7S", "7D"]})
    assert engine.view(state)["known"]["P2"] == ["7D", "7S"]
    assert engine.view(state)["discard"] == 12 - 12 + 1
    default = table()
    assert (
        refused(
            default, play(default, FOUR, *steps), {"do": "take", "by": "P2", "cards": ["7S", "7D"]}
        )
        == "F-18"
    )


def test_counterclockwise_play() -> None:
    """Q-07 alternative: the defender is the player to the right."""
    engine = table(direction="counterclockwise")
    state = play(engine, FOUR, deal(), attack("P1", "7S"))
    assert engine.view(state)["defender"] == "P4"


def test_a_late_card_after_bito_is_f11() -> None:
    """F-11: the bout is closed once every thrower has passed."""
    engine = table()
    steps = [deal(), attack("P1", "7S"), beat("P2", "7S", "8S"), done("P1"), done("P3")]
    state = play(engine, FOUR, *steps)
    assert engine.view(state)["phase"] == "bout"
    state = play(engine, FOUR, *steps, done("P4"))
    assert refused(engine, state, throw("P3", "8D")) == "F-11"
    assert refused(engine, state, done("P1")) == "draw_pending"
    assert refused(engine, play(engine, FOUR, *steps), done("P2")) == "not_a_thrower"


def test_draws_in_several_pulls_and_never_beyond_six() -> None:
    """§2.7: up to six each (F-21); a player may take his share one card at a time."""
    engine = table()
    steps = [deal(), attack("P1", "7S", "7D"), beat("P2", "7S", "8S"), beat("P2", "7D", "8D")]
    steps += [done("P1"), done("P3"), done("P4")]
    state = play(engine, FOUR, *steps)
    assert engine.view(state)["draws"] == [["P1", 2], ["P2", 2]]
    assert refused(engine, state, {"do": "draw", "by": "P1", "count": 3}) == "F-21"
    assert refused(engine, state, {"do": "draw", "by": "P3"}) == "F-21"  # he holds six
    assert refused(engine, state, {"do": "draw", "by": "P2"}) == "F-20"  # the defender last
    state = play(engine, FOUR, *steps, {"do": "draw", "by": "P1", "count": 1})
    assert engine.view(state)["draws"] == [["P1", 1], ["P2", 2]]
    assert engine.view(state)["turn"] == "P1"


def test_out_is_confirmed_only_for_an_empty_hand() -> None:
    engine = table()
    state = play(engine, FOUR, deal(sizes=[1, 3, 3, 3], stock=0), attack("P1", "7S"))
    assert verdicts(engine, state, {"do": "out", "by": "P1"}) == ["is_out"]
    assert refused(engine, state, {"do": "out", "by": "P2"}) == "not_out"
    state = play(engine, FOUR, deal(sizes=[1, 3, 3, 3], stock=2), attack("P1", "7S"))
    assert refused(engine, state, {"do": "out", "by": "P1"}) == "must_draw"


def test_a_card_shown_later_proves_an_earlier_duplicate() -> None:
    """Issue 4: a revealed breach is flagged afterwards (F-28 as a foul, not a refusal)."""
    engine = table()
    state = play(engine, FOUR, deal(sizes=[2, 2, 2, 2], stock=0), attack("P1", "7S"))
    said = verdicts(engine, state, {"do": "reveal", "by": "P3", "cards": ["7S"]})
    assert said == ["revealed", "F-28"]
    assert (
        refused(engine, state, {"do": "reveal", "by": "P3", "cards": ["8S", "9S", "10S"]})
        == "too_many_shown"
    )


def test_a_trump_shown_in_the_first_bout_proves_a_wrong_first_lead() -> None:
    """S-5, F-26 afterwards: nobody showed a trump before P1 led; then P3 shows 6S, the
    lowest trump there is, so P1 did not hold the lowest trump."""
    engine = table()
    state = play(engine, FOUR, deal(trump="9S"), attack("P1", "7D"))
    shown = verdicts(engine, state, {"do": "reveal", "by": "P3", "cards": ["6S"]})
    assert shown == ["revealed", "F-26"]
    # 7S proves nothing while 6S may be in the opener's hand; once 6S is seen elsewhere, it does.
    assert verdicts(engine, state, {"do": "reveal", "by": "P3", "cards": ["7S"]}) == ["revealed"]
    seen = play_on(engine, state, {"do": "reveal", "by": "P4", "cards": ["6S"]})
    assert "F-26" in verdicts(engine, seen, {"do": "reveal", "by": "P3", "cards": ["7S"]})
    # After the first bout the hands have changed: no proof.
    first_bout = [attack("P1", "7D"), beat("P2", "7D", "8D"), done("P1"), done("P3"), done("P4")]
    draws = [{"do": "draw", "by": "P1"}, {"do": "draw", "by": "P2"}]
    later = play(engine, FOUR, deal(trump="9S"), *first_bout, *draws, attack("P2", "10C"))
    assert verdicts(engine, later, {"do": "reveal", "by": "P3", "cards": ["6S"]}) == ["revealed"]


# --------------------------------------------------------------------------------------------
# Oborotny (§7).


def test_oborotny_wrong_beat_is_punished_and_the_offender_s_neighbour_leads() -> None:
    """O-3, Q-22: the defender beats wrongly, takes the bout; next_active(offender) leads."""
    engine = table("oborotny")
    state = play(engine, FOUR, deal(sizes=[6, 6, 6, 6], stock=0), attack("P1", "9C"))
    state2, said = engine.apply(state, parse_action(beat("P2", "9C", "8C"), engine.verbs))
    assert said[0].code == "penalty" and said[0].data["rule"] == "F-04"
    view = engine.view(state2)
    assert view["hands"]["P2"] == 7 and view["known"]["P2"] == ["8C", "9C"]
    assert view["turn"] == "P3"


def test_oborotny_leads_are_refused_unless_the_option_punishes_them() -> None:
    """O-4 and its alternative oborotny_penalise_lead."""
    steps = [deal(sizes=[6, 6, 6, 6], stock=0)]
    engine = table("oborotny")
    assert refused(engine, play(engine, FOUR, *steps), attack("P1", "7S", "8S")) == "F-01"
    strict = table("oborotny", oborotny_penalise_lead=True)
    state = play(strict, FOUR, *steps, attack("P1", "7S", "8S"))
    assert strict.view(state)["turn"] == "P2"
    assert strict.view(state)["known"]["P1"] == ["7S", "8S"]


# --------------------------------------------------------------------------------------------
# The match (S-6, Q-06, JB-12).


def finished_game(engine: DurakEngine) -> DurakState:
    """P2 goes out first, P3 next, P1 is the fool (a table joined with few cards)."""
    return play(
        engine,
        ["P1", "P2", "P3"],
        deal(sizes=[2, 1, 1], stock=0),
        attack("P1", "7S"),
        beat("P2", "7S", "8S"),  # his last card: no throw-in possible, beaten, P2 is out
        attack("P3", "9D"),
        {"do": "take", "by": "P1"},
    )


@pytest.mark.parametrize(
    ("leader", "expected"),
    [("first_out", "P2"), ("fool", "P1"), ("left_of_fool", "P2"), ("lowest_trump", None)],
)
def test_who_leads_the_next_game(leader: str, expected: str | None) -> None:
    engine = table(next_game_leader=leader)
    state = finished_game(engine)
    view = engine.view(state)
    assert view["over"] and view["fool"] == "P1" and view["scores"] == {"P1": 1, "P2": 0, "P3": 0}
    assert view["out"] == ["P2", "P3"]
    state = play_on(engine, state, deal())
    assert engine.view(state)["turn"] == expected


def play_on(engine: DurakEngine, state: DurakState, *steps: dict[str, Any]) -> DurakState:
    for step in steps:
        state, _ = engine.apply(state, parse_action(step, engine.verbs))
    return state


def test_after_the_game_only_a_new_deal_and_the_fool_s_hand_shown() -> None:
    """The fool lays his hand down: a card the table saw elsewhere proves a breach (F-28)."""
    engine = table()
    state = finished_game(engine)
    assert refused(engine, state, attack("P2", "7S")) == "game_over"
    shown = verdicts(engine, state, {"do": "reveal", "by": "P1", "cards": ["9D", "8S"]})
    assert shown == ["revealed", "F-28"]
    assert open_now(engine, state)[0].verb == "deal"
    sheet = engine.score_sheet(state)
    assert [row["cells"]["P1"] for row in sheet["rows"]] == [1, 1]


# --------------------------------------------------------------------------------------------
# Japanese B (§9).


def test_japanese_b_chosen_trump_is_never_spades() -> None:
    """JB-3: the trump is declared before the deal, and spades cannot be trumps."""
    engine = table("japanese_b", jb_trump="chosen")
    fresh = engine.initial(["A", "B", "C"])
    assert refused(engine, fresh, {"do": "deal", "suit": "S"}) == "no_spade_trump"
    assert refused(engine, fresh, {"do": "deal"}) == "F-24"
    state = play(engine, ["A", "B", "C"], {"do": "deal", "suit": "C"})
    assert engine.view(state)["trump"] == "C"


def test_japanese_b_the_lowest_spade_shown_leads() -> None:
    """JB-4: the holder of the lowest spade leads the first round."""
    engine = table("japanese_b")
    state = play(
        engine, ["A", "B", "C"], {"do": "deal"}, {"do": "reveal", "by": "B", "cards": ["6S"]}
    )
    assert refused(engine, state, attack("A", "9C")) == "F-26"
    assert refused(engine, state, attack("B", "6S", "7S")) == "F-30"


def test_japanese_b_pile_persists_until_a_last_player_beats() -> None:
    """Q-25 alternative: the last player took, so the pile stays and the next leader must beat
    its top card or take its bottom."""
    engine = table("japanese_b", jb_pile_persists=True)
    steps = [{"do": "deal"}, attack("A", "9C"), beat("B", "9C", "JC"), {"do": "take", "by": "C"}]
    state = play(engine, ["A", "B", "C"], *steps)
    view = engine.view(state)
    assert view["pile"] == ["JC"] and view["turn"] == "B"
    assert refused(engine, state, attack("B", "7D")) == "F-30"
    default = table("japanese_b")
    assert default.view(play(default, ["A", "B", "C"], *steps))["pile"] == []


def test_japanese_b_has_no_stock_and_no_transfer() -> None:
    engine = table("japanese_b")
    state = play(engine, ["A", "B", "C"], {"do": "deal"}, attack("A", "9C"))
    assert refused(engine, state, transfer("B", "9D")) == "F-12"
    assert refused(engine, state, {"do": "draw", "by": "B"}) == "F-23"
    assert refused(engine, state, done("B")) == "F-30"


# --------------------------------------------------------------------------------------------
# Teams (§10 [EXT], off by default).


def test_teams_seat_by_turns_and_lose_together() -> None:
    """2x2, partners opposite: P1+P3 against P2+P4.  P2 and P4 going out ends the game."""
    engine = table(teams="2x2")
    with pytest.raises(OptionsError, match="teams"):
        engine.initial(["A", "B", "C"])
    with pytest.raises(OptionsError, match="teams"):
        table("japanese_b", teams="2x2")
    state = play(engine, FOUR, deal(sizes=[3, 1, 3, 0], stock=0), attack("P1", "7S"))
    state = play_on(engine, state, beat("P2", "7S", "8S"))
    view = engine.view(state)
    assert view["over"] and view["fool"] == ["P1", "P3"]
    assert view["scores"] == {"P1": 1, "P2": 0, "P3": 1, "P4": 0}
    assert view["winner"] == ["P2", "P4"]


def test_a_partner_s_throw_in_is_allowed_with_a_warning() -> None:
    """§10 [DEC]: the defender's partner may throw in (P-4), shown as a warning."""
    engine = table(teams="2x2")
    state = play(engine, FOUR, deal(), attack("P1", "7S"))
    assert verdicts(engine, state, throw("P3", "7D")) == ["thrown"]
    passed_on = table("perevodnoy", teams="2x2")
    state = play(passed_on, FOUR, deal(), attack("P1", "7S"), transfer("P2", "7D"))
    assert passed_on.view(state)["defender"] == "P3"
    assert verdicts(passed_on, state, throw("P1", "7C")) == ["thrown", "partner_throw_in"]


def test_every_acceptance_scenario_of_the_spec_has_its_file() -> None:
    """rules/durak.md §16 lists T-01..T-44; each is a scenario file (some as two cases)."""
    folder = Path(__file__).parent / "scenarios" / "durak"
    ids = {path.name.split("_")[0] for path in folder.glob("t*.yaml")}
    assert ids == {f"t{n:02d}" for n in range(1, 45)}
