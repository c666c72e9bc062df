"""The one registry of game families: what hangs on a game's family, looked up by its name.

A **family** is the set of games that share what the table shows and how it is read
(``../shared/ARCHITECTURE.md``, "Families").  Every preset file names its family (``family:
dice``); this module maps the name to everything the session and the windows need:

* ``facts``: the table fact kinds (the ``fact`` of each fact's ``to_json``, as recordings write
  them) its camera gives; the panel's ``ButtonPressed`` comes to every family;
* ``camera``: its perception (:class:`Camera`: the readers available, the default one, and how
  reader and observer become one step per frame), or None with the reason in ``no_camera``;
* ``interpreter``: the factory of its interpreter (facts -> proposed actions), None where only
  the panel and the operator referee it;
* ``view``: the name of its console and audience view.  Views are Qt widgets in ``ui``, which
  ``session`` may not import (the package map), so the family names its view and
  ``ui.qt.views.VIEWS`` resolves the name; a test checks every name resolves;
* ``rerun_reader``: whether a replay can re-run its perception (the reader it uses when the
  recording names none), None where it cannot;
* ``gestures``: what the panel's buttons mean in the family, where the family gives them its
  own meaning (its interpreter's ``button``); the others are :mod:`session.interpreters.panel`'s.

Nothing else decides by engine module paths or name prefixes: the interpreter, the camera of
``tableref run``, the view, the card symbols of the audience display and ``tableref replay
--rerun`` are all looked up here.  Adding a family is one :data:`FAMILIES` entry plus its own
modules (and, where it brings a new kind of view, that view's name in ``ui.qt.views``).

Readers and observers are imported only when a camera is built: this module must load on an
install without OpenCV or PyTorch (the dice classical reader is OpenCV only, the card reader
needs PyTorch, and the panel alone needs neither).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from scoring.registry import Game, UnknownGame, catalogue, game
from session.interpreters import TableInterpreter
from session.interpreters.card_ball import CardBallInterpreter
from session.interpreters.cards import DurakInterpreter
from session.interpreters.carom import CaromInterpreter
from session.interpreters.devyatka import DevyatkaInterpreter
from session.interpreters.dice import DiceInterpreter
from session.interpreters.domino_poker import DominoPokerInterpreter
from session.interpreters.dominoes import DominoesInterpreter
from session.interpreters.golf import GolfInterpreter
from session.interpreters.holdem import HoldemInterpreter
from session.interpreters.reversi import ReversiInterpreter
from session.interpreters.tricks import TrickInterpreter
from session.interpreters.tripoley import TripoleyInterpreter
from session.live import Interpreter
from vision.observe import GATED_FRAMES

if TYPE_CHECKING:  # the perceptions need OpenCV: imported when a camera is built
    from session.sources import Perception


class UnknownFamily(UnknownGame):
    """A preset file whose ``family:`` is not in :data:`FAMILIES` (the message names the file),
    or a family name asked for that is not there."""


class NoCamera(ValueError):
    """The game's family has no camera perception yet; the message gives the reason."""


@dataclass(frozen=True)
class Table:
    """The game a perception is built for: its id, preset and options (a carom table's layout,
    a card game's deck size), the deck on the table when one is named (a deck profile
    taught from photos, ``tableref deck teach``, or a rendered deck name such as 36-russian),
    the table's profile when one is named (``tableref calibrate table``), and how many play
    when it is known (a golf mat has a grid a player)."""

    game: str
    preset: str | None
    options: Mapping[str, Any]
    deck: str | None = None
    profile: str | None = None
    seats: int | None = None

    @classmethod
    def of(
        cls,
        game_id: str,
        preset: str | None = None,
        deck: str | None = None,
        profile: str | None = None,
        seats: int | None = None,
    ) -> Table:
        known = game(game_id)
        return cls(game_id, preset, known.options(preset), deck, profile, seats)


ReaderTable = tuple[Mapping[str, Callable[..., Any]], str]


@dataclass(frozen=True)
class Camera:
    """A family's camera perception.

    ``readers`` (imported when asked) gives the family's reader table and its default, as
    ``vision.<kind>.readers`` declares them (``READERS``, ``DEFAULT``); None for an observer
    that reads whole frames itself (carom).  ``reader_args(table)`` are what a reader is made
    with (a card reader takes the deck's profile).  ``perceive(reader, table)`` puts the reader
    made and the family's observer together as one step per frame (:class:`Perception`).
    """

    perceive: Callable[[Any, Table], Perception]
    readers: Callable[[], ReaderTable] | None = None
    reader_args: Callable[[Table], tuple[Any, ...]] = lambda table: ()
    kind: str = ""  # what the readers read, for messages: "dice", "cards"

    def reader_names(self) -> tuple[str, ...]:
        return tuple(self.readers()[0]) if self.readers is not None else ()

    def default_reader(self) -> str | None:
        return self.readers()[1] if self.readers is not None else None

    def reader(self, name: str | None, table: Table) -> Any:
        """The reader ``name`` (default: the family's) made for ``table``; ValueError names the
        readers there are."""
        if self.readers is None:
            if name is not None:
                raise ValueError(f"{table.game}: its camera has no readers to choose from")
            return None
        readers, default = self.readers()
        chosen = name or default
        if chosen not in readers:
            raise ValueError(
                f"unknown {self.kind} reader {chosen!r} (readers: {', '.join(readers)})"
            )
        return readers[chosen](*self.reader_args(table))

    def perception(self, table: Table, reader: str | None = None) -> Perception:
        return self.perceive(self.reader(reader, table), table)


@dataclass(frozen=True)
class Family:
    """Everything that hangs on one family (see the module's docstring for each field;
    ``shows``: what the table shows, ``dice``, ``cards``, ``tiles``, ``balls`` or ``discs``
    (a Reversi board), and the audience display writes card names with suit symbols for
    ``cards``)."""

    name: str
    shows: str
    view: str
    facts: tuple[str, ...] = ()
    interpreter: Callable[[], Interpreter] | None = None
    camera: Camera | None = None
    no_camera: str = ""
    rerun_reader: str | None = None
    gestures: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def has_camera(self) -> bool:
        """A camera perception is wired to the family's live session: a camera and an
        interpreter of what it sees."""
        return self.camera is not None and self.interpreter is not None

    @property
    def can_rerun(self) -> bool:
        return self.has_camera and self.rerun_reader is not None

    def to_json(self) -> dict[str, Any]:
        camera = self.camera if self.has_camera else None
        return {
            "family": self.name,
            "camera": self.has_camera,
            "facts": list(self.facts),
            "readers": list(camera.reader_names()) if camera is not None else [],
            "default_reader": camera.default_reader() if camera is not None else None,
            "no_camera": self.no_camera or None,
            "view": self.view,
            "replay_rerun": self.can_rerun,
            "gestures": dict(self.gestures),
        }


# ---------------------------------------------------------------------------------------------
# The perceptions, imported only when a camera is built.


def _dice_readers() -> ReaderTable:
    from vision.dice.readers import DEFAULT, READERS

    return READERS, DEFAULT


def _dice(reader: Any, table: Table) -> Perception:
    from session.sources import DicePerception
    from vision.observe import DiceObserver

    return DicePerception(reader, DiceObserver(frames=GATED_FRAMES))


def _tile_readers() -> ReaderTable:
    from vision.dominoes.readers import DEFAULT, READERS

    return READERS, DEFAULT


def _tiles(reader: Any, table: Table) -> Perception:
    from session.sources import TilePerception
    from vision.dominoes.observe import TileObserver

    return TilePerception(reader, TileObserver(frames=GATED_FRAMES))


def _showdown(reader: Any, table: Table) -> Perception:
    from session.sources import TilePerception
    from vision.dominoes.showdown import ShowdownObserver

    return TilePerception(reader, ShowdownObserver(frames=GATED_FRAMES))


def _card_readers() -> ReaderTable:
    from vision.cards.readers import DEFAULT, READERS

    return READERS, DEFAULT


def _deck(table: Table) -> tuple[Any, ...]:
    """The profile a card reader is made with: the deck named, else the smallest rendered deck
    holding the game's cards (its ``deck_size`` option, else the deck its card fields accept:
    1000's 24 cards are read with the 32-card deck).  A deck that cannot be had is a
    ValueError (``DeckError``) naming it."""
    from vision.cards.deck import SIZES, resolve_deck

    if table.deck:
        return (resolve_deck(table.deck),)
    size = int(table.options.get("deck_size") or _cards_in_play(table))
    return (resolve_deck(str(min((s for s in SIZES if s >= size), default=max(SIZES)))),)


def _cards_in_play(table: Table) -> int:
    """How many cards the game's actions may name (the deck of its first card field)."""
    from scoring.cards import CardField, CardsField
    from scoring.registry import create_engine

    engine = create_engine(table.game, table.preset)
    for verb in engine.verbs.values():
        for kind in verb.fields.values():
            if isinstance(kind, CardField | CardsField):
                return len(kind.deck)
    return 52


def _cards_as(layout: str) -> Callable[[Any, Table], Perception]:
    """A card reader and the card observer reading the table as ``layout`` lays it out
    (``durak``: attack and defence; ``devyatka``: the rows; ``deberts``: the trick)."""

    def perceive(reader: Any, table: Table) -> Perception:
        from session.sources import CardPerception
        from vision.cards.observe import CardObserver

        return CardPerception(reader, CardObserver(frames=GATED_FRAMES, game=layout))

    return perceive


def _board_readers() -> ReaderTable:
    from vision.reversi.readers import DEFAULT, READERS

    return READERS, DEFAULT


def _board(reader: Any, table: Table) -> Perception:
    """The Reversi board reader (made for the preset's board size) and the board observer."""
    from session.sources import BoardPerception
    from vision.reversi.observe import BoardObserver

    return BoardPerception(reader, BoardObserver(frames=GATED_FRAMES))


def _board_size(table: Table) -> tuple[Any, ...]:
    return (int(table.options.get("size", 8)),)


def _golf_mat(reader: Any, table: Table) -> Perception:
    """A card reader and the golf observer reading the default mat for the game's grid and its
    players (:mod:`vision.cards.golf`: the grids' and the pile's places are declared, not
    found; two seats when the players are not known)."""
    from session.sources import CardPerception
    from vision.cards.golf import GolfLayout, GolfObserver

    layout = GolfLayout.mat(str(table.options.get("grid", "3x3")), seats=table.seats or 2)
    return CardPerception(reader, GolfObserver(layout, frames=GATED_FRAMES))


def _shots(reader: Any, table: Table) -> Perception:
    """The carom table's calibration is its profile's when one is named, else it is taken
    from the cushions on the first frame; the game names the layout of marks and skittles.
    A profile that cannot be read is a ValueError naming it."""
    from session.sources import ShotPerception
    from vision.carom.observer import ShotObserver
    from vision.profile import load_profile

    profile = load_profile(table.profile) if table.profile else None
    return ShotPerception(ShotObserver(profile, table.game, table.preset))


# ---------------------------------------------------------------------------------------------
# The registry.

#: What the panel's bell and foul mean where the family leaves them to the panel's defaults.
PANEL_DEFAULTS = MappingProxyType(
    {
        "bell": "ends the turn of the player to move (the game's bell, stop, stand or knock)",
        "foul": "an invalid throw: a void of the last throw, held for the operator to say why",
    }
)

#: What the card observer gives (``vision.cards.facts``; a Devyatka row's card is a CardPlaced).
CARD_FACTS = ("card_placed", "table_cleared")


def _holdem(reader: Any, table: Table) -> Perception:
    """The card reader and observer, and the burn spot where the table's profile has one
    (docs/rules/poker.md D20); a profile that cannot be read, or a burn spot that cannot be
    seen, is a ValueError naming it."""
    from session.holdem_perception import HoldemPerception
    from vision.cards.observe import CardObserver
    from vision.holdem.burns import ZONE, BurnObserver, BurnSpot
    from vision.profile import load_profile

    observer = CardObserver(frames=GATED_FRAMES, game="durak")
    profile = load_profile(table.profile) if table.profile else None
    if profile is None or ZONE not in {zone.name for zone in profile.zones}:
        return HoldemPerception(reader, observer)
    return HoldemPerception(reader, observer, BurnSpot.of(profile), BurnObserver(GATED_FRAMES))


def _cards_seen(
    name: str,
    view: str,
    interpreter: Callable[[], Interpreter],
    gestures: Mapping[str, str],
    layout: str | None = None,
    perceive: Callable[[Any, Table], Perception] | None = None,
    facts: tuple[str, ...] = CARD_FACTS,
) -> Family:
    """A card family refereed by the card reader and the card observer reading the table as
    the game ``layout`` (default: ``name``) lays it out, or by its own ``perceive``."""
    camera = Camera(perceive or _cards_as(layout or name), _card_readers, _deck, kind="cards")
    return Family(
        name,
        shows="cards",
        view=view,
        facts=facts,
        interpreter=interpreter,
        camera=camera,
        gestures=MappingProxyType(dict(gestures)),
    )


FAMILIES: Mapping[str, Family] = MappingProxyType(
    {
        family.name: family
        for family in (
            Family(
                "dice",
                shows="dice",
                view="dice",
                facts=("dice_settled",),
                interpreter=DiceInterpreter,
                camera=Camera(_dice, _dice_readers, kind="dice"),
                rerun_reader="classical",
                gestures=PANEL_DEFAULTS,
            ),
            _cards_seen(
                "durak",
                "durak",
                DurakInterpreter,
                {"player": "the defender's button: take (беру); anyone else's: done (бито)"},
            ),
            _cards_seen("tricks", "card_sheet", TrickInterpreter, {}, layout="deberts"),
            _cards_seen(
                "devyatka",
                "scores",
                DevyatkaInterpreter,
                {"bell": "pass: nothing fits for the player to move (he pays the fine)"},
            ),
            Family(
                "golf",
                shows="cards",
                view="scores",
                facts=("card_placed", "discard_changed", "table_cleared"),
                interpreter=GolfInterpreter,
                camera=Camera(_golf_mat, _card_readers, _deck, kind="cards"),
                gestures=MappingProxyType(
                    {"bell": "knock (four-card golf): the player to move is satisfied"}
                ),
            ),
            # The balls are the referee's (§8.2); the cards laid face up stay where they were
            # laid, each news once: the Durak observer's "a card newly on the table".
            _cards_seen(
                "card_ball",
                "scores",
                CardBallInterpreter,
                {"bell": "a penalty drawn: draw by the shooter, with the cards seen set aside"},
                layout="durak",
            ),
            Family(
                "dominoes",
                shows="tiles",
                view="dominoes",
                facts=("tile_laid", "layout_changed"),
                interpreter=DominoesInterpreter,
                camera=Camera(_tiles, _tile_readers, kind="dominoes"),
                gestures=MappingProxyType({"bell": "knock: the player to move passes"}),
            ),
            Family(
                "domino_poker",
                shows="tiles",
                view="scores",
                facts=("hand_shown",),
                interpreter=DominoPokerInterpreter,
                camera=Camera(_showdown, _tile_readers, kind="dominoes"),
            ),
            # The board is found from its green and read square by square; a move is the
            # new disc and its flips against the engine's board (session/interpreters/reversi).
            Family(
                "reversi",
                shows="discs",
                view="reversi",
                facts=("board_seen",),
                interpreter=ReversiInterpreter,
                camera=Camera(_board, _board_readers, _board_size, kind="board"),
            ),
            # Hold'em: the camera reads the board and the hands tabled (cards newly face up, as
            # Durak's observer reports them) and counts the burn spot where the profile has one;
            # the amounts are the operator's or the panel's bet keys'.
            _cards_seen(
                "holdem",
                "holdem",
                HoldemInterpreter,
                {
                    "bell": "the player to act checks, or calls when there is a bet",
                    "player": "that seat's player folds (binding, in turn or out of it)",
                    "digit": "a bet keypad's digit: keys the amount (a round total)",
                    "chip": "a bet keypad's chip: adds its value to the amount keyed",
                    "clear": "forgets the amount keyed",
                    "enter": "the amount keyed is pushed silently, read by the floor rules",
                    "check_call": "the player to act checks, or calls when there is a bet",
                    "bet_raise": "the player to act bets or raises to the amount keyed",
                    "fold": "the player to act folds",
                    "all_in": "the player to act goes all-in",
                },
                perceive=_holdem,
                facts=(*CARD_FACTS, "burns_seen"),
            ),
            # Tripoley: the pay cards laid, the poker hands tabled and the Michigan plays, each a
            # card newly face up; whose hand a card came from is the operator's to confirm.
            _cards_seen(
                "tripoley",
                "tripoley",
                TripoleyInterpreter,
                {"bell": "stop: nobody holds the next card of the suit in Michigan"},
                layout="durak",
            ),
            # A round of golf is played on a course, far from any table camera: the operator
            # (or the panel) enters the strokes and the chips the group calls out.
            Family(
                "golf_course",
                shows="balls",
                view="scores",
                no_camera="a round played on a golf course, not at a table: the strokes and "
                "the chips are entered by the operator",
            ),
            # Novus: discs shot on a square board; no reader of that board exists yet, so the
            # referee enters each shot's record (docs/rules/novus.md §3).
            Family(
                "novus",
                shows="discs",
                view="novus",
                no_camera="no camera reads a Novus board yet: the referee enters each shot's "
                "record (first contact, rebound, discs pocketed, the striker)",
            ),
            # Pogs: cardboard chips thrown on any flat surface, a floor as often as a table.
            Family(
                "pogs",
                shows="discs",
                view="pogs",
                no_camera="chips thrown anywhere (a floor, a chair, a table): the operator "
                "enters each throw's flipped chips and the re-throws",
            ),
            Family(
                "carom",
                shows="balls",
                view="skittles",
                facts=("shot_ended",),
                interpreter=CaromInterpreter,
                camera=Camera(_shots),
                gestures=MappingProxyType(
                    {"foul": "kept for the next shot: the operator adds the fact to its record"}
                ),
            ),
        )
    }
)


def family(name: str) -> Family:
    """The family called ``name`` (:class:`UnknownFamily` naming the families there are)."""
    if name not in FAMILIES:
        raise UnknownFamily(f"unknown family {name!r} (families: {', '.join(FAMILIES)})")
    return FAMILIES[name]


def family_for(game_id: str) -> Family:
    """The family of a game of the catalogue; a preset file naming a family this registry does
    not hold is an error naming the file."""
    return _family_of(game(game_id))


def _family_of(known: Game) -> Family:
    if known.family not in FAMILIES:
        raise UnknownFamily(
            f"{known.path or known.id}: family {known.family!r} is not a known family "
            f"(families: {', '.join(FAMILIES)})"
        )
    return FAMILIES[known.family]


def check_catalogue() -> dict[str, Family]:
    """Every game of the catalogue with its family; the first preset file naming an unknown
    family raises :class:`UnknownFamily`."""
    return {game_id: _family_of(known) for game_id, known in catalogue().items()}


def family_of(game_id: str) -> str:
    """The name of a game's family."""
    return family_for(game_id).name


def interpreter_for(game_id: str) -> TableInterpreter:
    """A fresh interpreter for one session of ``game_id`` (interpreters remember the table):
    the family's, with the panel's buttons; the panel's alone for a family with none."""
    factory = family_for(game_id).interpreter
    return TableInterpreter(factory() if factory is not None else None)


def perception_for(
    game_id: str,
    reader: str | None = None,
    preset: str | None = None,
    deck: str | None = None,
    profile: str | None = None,
    seats: int | None = None,
) -> Perception:
    """The camera perception of a game's live session with the family's default (or the named)
    reader (and, for cards, the deck named) for ``seats`` players where known; ValueError says
    why there is none (the family's reason: :class:`NoCamera`) or what is wrong with the reader
    or deck asked for."""
    known = family_for(game_id)
    if known.camera is None or not known.has_camera:
        raise NoCamera(f"no camera perception for {game_id} ({known.name}): {known.no_camera}")
    return known.camera.perception(Table.of(game_id, preset, deck, profile, seats), reader)


__all__ = [
    "FAMILIES",
    "Camera",
    "Family",
    "NoCamera",
    "Table",
    "UnknownFamily",
    "check_catalogue",
    "family",
    "family_for",
    "family_of",
    "interpreter_for",
    "perception_for",
]
