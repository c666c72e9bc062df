"""Interpreters: table facts read against the real engines, judged by a real live session over
a real journal.  What a camera reads must become the action a referee would write, and
whatever the rules cannot decide must wait for the operator."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hardware.panel import ButtonPressed
from session.families import family_of, interpreter_for
from session.interpreters import CardPlaced, TableCleared
from session.journal import Journal
from session.live import Confirm, LiveSession, SessionEvent, Submit
from vision.carom.observer import ShotEnded
from vision.dominoes.observe import Joint, TileLaid
from vision.observe import DiceSettled
from vision.types import Box

TILES = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]


def live(tmp_path: Path, game: str, players: tuple[str, ...], **options: Any) -> LiveSession:
    journal = Journal.create(tmp_path / f"{game}.sqlite", game, players, options=options)
    return LiveSession(journal, interpreter_for(game))


def judge(session: LiveSession, *items: Any) -> list[SessionEvent]:
    for item in items:
        session.post(item)
    return [event for event in session.pump() if event.kind != "fact"]


def dice(
    values: list[int],
    places: list[int] | None = None,
    *,
    confidence: float = 0.97,
    cocked: tuple[int, ...] = (),
    frame: int = 7,
) -> DiceSettled:
    """Dice at rest: die i at column ``places[i]`` (default i) of a row, 40 px apart."""
    places = list(range(len(values))) if places is None else places
    return DiceSettled(
        values=tuple(values),
        boxes=tuple(Box(40.0 * p, 100.0, 30.0, 30.0) for p in places),
        cocked=tuple(i in cocked for i in range(len(values))),
        frame_index=frame,
        timestamp=frame / 30,
        confidence=confidence,
    )


def button(fact: str, player: int | None = None, seq: int = 1) -> ButtonPressed:
    return ButtonPressed(fact, player, 0, "press", seq * 1000, 0.0, seq, 1, 0xC0FFEE)


def test_the_family_is_the_one_the_preset_file_names():
    assert family_of("poker_school") == "dice"
    assert family_of("farkle") == "dice"
    assert family_of("durak") == "durak"
    assert family_of("kozel") == "dominoes"
    assert family_of("five_pins") == "carom"
    assert family_of("deberts") == "tricks"


# ---------------------------------------------------------------------------------------------
# Dice.


def test_a_settled_throw_is_the_roll_of_the_player_to_move(tmp_path):
    session = live(tmp_path, "yahtzee", ("Anna", "Boris"))
    [event] = judge(session, dice([1, 3, 4, 5, 6], confidence=0.95, frame=12))
    assert event.kind == "accepted"
    assert event.row.action == {"do": "roll", "by": "Anna", "dice": [1, 3, 4, 5, 6]}
    assert (event.row.source, event.row.confidence, event.row.frame) == ("camera", 0.95, 12)


def test_the_same_dice_where_they_lay_propose_nothing(tmp_path):
    session = live(tmp_path, "yahtzee", ("Anna", "Boris"))
    judge(session, dice([2, 2, 3, 5, 6]))
    assert judge(session, dice([2, 2, 3, 5, 6], frame=40)) == []
    assert len(session.rows()) == 1


def test_dice_that_did_not_move_are_the_kept_ones(tmp_path):
    session = live(tmp_path, "yahtzee", ("Anna", "Boris"))
    judge(session, dice([6, 6, 2, 3, 6]))
    # The two and the three were picked up and thrown again; the sixes lay still.
    [event] = judge(session, dice([6, 6, 5, 6, 1], [0, 1, 7, 4, 9]))
    assert event.kind == "accepted"
    assert event.row.action == {"do": "roll", "by": "Anna", "dice": [5, 1], "kept": [6, 6, 6]}
    assert sorted(session.view()["dice"]) == [1, 5, 6, 6, 6]


def test_with_the_kept_dice_out_of_view_the_operators_keep_counts(tmp_path):
    session = live(tmp_path, "yahtzee", ("Anna", "Boris"))
    judge(session, dice([6, 6, 2, 3, 6]))
    judge(session, Submit({"do": "keep", "by": "Anna", "dice": [6, 6, 6]}))
    [event] = judge(session, dice([4, 4], [5, 8]))
    assert event.kind == "accepted"
    assert event.row.action == {"do": "roll", "by": "Anna", "dice": [4, 4]}
    assert sorted(session.view()["dice"]) == [4, 4, 6, 6, 6]


def test_without_a_keep_too_few_dice_are_refused_and_held(tmp_path):
    session = live(tmp_path, "yahtzee", ("Anna", "Boris"))
    judge(session, dice([6, 6, 2, 3, 6]))
    [event] = judge(session, dice([4, 4], [5, 8]))
    assert event.kind == "refused"
    assert [v.code for v in event.verdicts] == ["wrong_dice_count"]
    assert [p.proposal.action["dice"] for p in session.pending()] == [[4, 4]]


def test_farkle_rolls_only_the_dice_that_moved(tmp_path):
    session = live(tmp_path, "farkle", ("Anna", "Boris"))
    judge(session, dice([1, 5, 2, 3, 4, 6]))
    judge(session, Submit({"do": "keep", "by": "Anna", "dice": [1, 5]}))
    # The one and the five stay where they lay; four live dice are thrown again.
    [event] = judge(session, dice([1, 5, 2, 2, 4, 1], [0, 1, 6, 7, 8, 9]))
    assert event.kind == "accepted"
    assert event.row.action == {"do": "roll", "by": "Anna", "dice": [2, 2, 4, 1]}


def test_a_cocked_die_holds_the_throw_for_the_operator(tmp_path):
    session = live(tmp_path, "yahtzee", ("Anna", "Boris"))
    [event] = judge(session, dice([1, 3, 4, 1, 6], cocked=(3,)))
    assert event.kind == "pending"
    assert "cocked" in event.pending.why
    assert session.rows() == []


def test_dice_under_a_cup_propose_nothing(tmp_path):
    session = live(tmp_path, "liars_dice", ("Anna", "Boris"))
    assert judge(session, dice([1, 3, 4, 5, 6])) == []


# ---------------------------------------------------------------------------------------------
# Durak.


def durak(tmp_path: Path, preset_players: tuple[str, ...] = ("A", "B", "C")) -> LiveSession:
    journal = Journal.create(tmp_path / "durak.sqlite", "durak", preset_players, "perevodnoy")
    session = LiveSession(journal, interpreter_for("durak"))
    judge(session, Submit({"do": "deal", "trump": "9H"}))
    return session


def test_the_trump_turned_up_is_the_deal_and_only_while_a_deal_is_due(tmp_path):
    journal = Journal.create(tmp_path / "durak.sqlite", "durak", ("A", "B"))
    session = LiveSession(journal, interpreter_for("durak"))
    [deal] = judge(session, CardPlaced("9H", zone="trump", confidence=0.95))
    assert deal.kind == "accepted" and deal.row.source == "camera"
    assert deal.row.action == {"do": "deal", "trump": "9H"}
    assert judge(session, CardPlaced("9H", zone="trump")) == []  # dealt: just the card


def test_a_card_on_an_attack_card_is_a_defence(tmp_path):
    session = durak(tmp_path)
    [lead] = judge(session, CardPlaced("9C", player="A"))
    assert lead.kind == "accepted"
    assert lead.row.action == {"do": "attack", "by": "A", "cards": ["9C"]}
    [cover] = judge(session, CardPlaced("JC", covers="9C"))
    assert cover.kind == "accepted"
    assert cover.row.action == {"do": "defend", "by": "B", "beat": "9C", "with": "JC"}


def test_a_card_of_the_attack_rank_may_be_a_transfer_or_a_throw_in(tmp_path):
    session = durak(tmp_path)
    judge(session, CardPlaced("9C", player="A"))
    [event] = judge(session, CardPlaced("9D"))
    assert event.kind == "pending"
    assert "transfer by B" in event.pending.why
    assert len(session.rows()) == 2


def test_the_seat_the_card_came_from_decides(tmp_path):
    session = durak(tmp_path)
    judge(session, CardPlaced("9C", player="A"))
    [event] = judge(session, CardPlaced("9D", player="B"))
    assert event.kind == "accepted"
    assert event.row.action == {"do": "transfer", "by": "B", "cards": ["9D"]}
    assert session.view()["defender"] == "C"


def test_a_card_the_rules_refuse_shows_the_rule(tmp_path):
    session = durak(tmp_path)
    judge(session, CardPlaced("9C", player="A"))
    [event] = judge(session, CardPlaced("8C", covers="9C"))
    assert event.kind == "refused"
    assert event.verdicts and event.verdicts[0].code.startswith("F-")


def test_a_table_cleared_after_every_card_was_beaten_is_done(tmp_path):
    session = durak(tmp_path)
    judge(session, CardPlaced("9C", player="A"), CardPlaced("JC", covers="9C"))
    events = judge(session, TableCleared("pile"))
    assert [e.kind for e in events] == ["accepted", "accepted"]
    assert [e.row.action for e in events] == [{"do": "done", "by": "A"}, {"do": "done", "by": "C"}]
    assert session.view()["phase"] == "draw"
    assert session.view()["discard"] == 2


def test_a_table_cleared_with_an_attack_unbeaten_is_taken(tmp_path):
    session = durak(tmp_path)
    judge(session, CardPlaced("9C", player="A"))
    events = judge(session, TableCleared())
    assert events[0].row.action == {"do": "take", "by": "B"}
    assert session.view()["hands"]["B"] > 6


def test_the_defenders_button_takes(tmp_path):
    session = durak(tmp_path)
    judge(session, CardPlaced("9C", player="A"))
    [event] = judge(session, button("player", 2))
    assert event.kind == "accepted"
    assert event.row.action == {"do": "take", "by": "B"}
    assert event.row.source == "panel"


# ---------------------------------------------------------------------------------------------
# Dominoes, carom, panel.


def laid(tile: str, joins: tuple[str, int] | None, value: int | None, **kw: Any) -> TileLaid:
    return TileLaid(
        tile=tile,
        joins=None if joins is None else Joint(joins[0], joins[1], False),
        value=value,
        consistent=kw.get("consistent", True),
        crosswise=False,
        open_ends=(),
        box=Box(0, 0, 20, 40),
        frame_index=kw.get("frame", 3),
        timestamp=0.1,
        confidence=kw.get("confidence", 0.95),
    )


def test_a_tile_joined_to_the_line_is_laid_next_to_the_tile_it_touches(tmp_path):
    session = live(tmp_path, "block_dominoes", ("A", "B"), information="full")
    judge(session, Submit({"do": "deal", "hands": [TILES[:7], TILES[7:14]]}))
    [lead] = judge(session, laid("0-3", None, None))
    assert lead.row.action == {"do": "lay", "by": "A", "tile": "0-3"}
    [joined] = judge(session, laid("1-3", ("0-3", 3), 3))
    assert joined.kind == "accepted"
    assert joined.row.action == {"do": "lay", "by": "B", "tile": "1-3", "to": "0-3"}


def test_a_joint_whose_pips_disagree_is_held(tmp_path):
    session = live(tmp_path, "block_dominoes", ("A", "B"), information="full")
    judge(session, Submit({"do": "deal", "hands": [TILES[:7], TILES[7:14]]}))
    judge(session, laid("0-3", None, None))
    [event] = judge(session, laid("1-2", ("0-3", 3), 2, consistent=False))
    assert event.kind in ("pending", "refused")
    assert len(session.rows()) == 2


SHOT = {
    "cue": "red",
    "contacts": [["red", "pink", 0.1], ["pink", "cushion", 0.4], ["pink", "big", 0.9]],
    "down": [["big", "pink", 0.9]],
}


def test_a_shot_at_rest_is_the_shot_of_the_player_to_move(tmp_path):
    session = live(tmp_path, "seven_skittles", ("Anna", "Boris"))
    judge(session, Submit({"do": "start", "by": "Anna"}))
    [event] = judge(session, ShotEnded(SHOT, 0.96, (), 30, 1.0))
    assert event.kind == "accepted"
    assert event.row.action["by"] == "Anna"
    assert event.row.frame == 30
    assert session.view()["scores"]["Anna"] == 250


def test_the_trackers_doubt_and_the_foul_button_hold_the_shot(tmp_path):
    session = live(tmp_path, "seven_skittles", ("Anna", "Boris"))
    judge(session, Submit({"do": "start", "by": "Anna"}))
    [held] = judge(session, ShotEnded(SHOT, 0.96, ("two contact orders fit",), 30, 1.0))
    assert held.kind == "pending" and "two contact orders" in held.pending.why
    judge(session, button("foul"))
    [fouled] = judge(session, ShotEnded(SHOT, 0.99, (), 31, 2.0))
    assert fouled.kind == "pending" and "foul" in fouled.pending.why


@pytest.mark.parametrize(
    ("game", "verb"), [("pig", "stop"), ("zariki", "stand"), ("block_dominoes", "knock")]
)
def test_the_bell_is_the_games_own_way_to_end_a_turn(tmp_path, game, verb):
    session = live(tmp_path, game, ("A", "B"))
    if game == "block_dominoes":
        judge(session, Submit({"do": "deal"}))
    proposals = session.interpreter.propose(button("bell"), session.match)
    assert [p.action["do"] for p in proposals] == [verb]
    assert proposals[0].source == "panel"


def test_the_bell_ends_a_pig_turn(tmp_path):
    session = live(tmp_path, "pig", ("A", "B"))
    judge(session, dice([5]), dice([3]))  # the draw for the start: the lower throw begins
    judge(session, dice([4]))
    [event] = judge(session, button("bell"))
    assert event.kind == "accepted"
    assert event.row.action == {"do": "stop", "by": "B"}
    assert session.view()["scores"] == {"A": 0, "B": 4}


def test_the_foul_button_holds_a_void_in_dice_games(tmp_path):
    session = live(tmp_path, "yahtzee", ("A", "B"))
    judge(session, dice([1, 2, 3, 4, 5]))
    [event] = judge(session, button("foul"))
    assert event.kind == "pending"
    assert event.pending.proposal.action["do"] == "void"
    assert judge(session, button("bell")) == []  # Yahtzee has no verb for it


# ---------------------------------------------------------------------------------------------
# Devyatka.


def test_devyatka_rows_are_plays_the_opening_held_and_the_bell_a_pass(tmp_path):
    session = live(tmp_path, "devyatka", ("Anna", "Boris", "Vera"))
    [opening] = judge(session, CardPlaced("9D", zone="row:D"))
    assert opening.kind == "pending"  # who held the 9 of diamonds: the operator says
    assert "could also be play by Boris" in opening.pending.why
    [confirmed] = judge(
        session, Confirm(opening.pending.id, {**opening.pending.proposal.action, "by": "Boris"})
    )
    assert confirmed.row.action == {"do": "play", "by": "Boris", "card": "9D"}
    [play] = judge(session, CardPlaced("8D", zone="row:D", covers="9D", confidence=0.97))
    assert play.kind == "accepted" and play.row.action == {"do": "play", "by": "Vera", "card": "8D"}
    [passed] = judge(session, button("bell"))
    assert passed.kind == "accepted" and passed.row.action == {"do": "pass", "by": "Anna"}
    assert judge(session, CardPlaced("KH", zone="table")) == []  # not a row: not Devyatka's
