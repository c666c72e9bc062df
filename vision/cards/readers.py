"""The card readers by name, for ``tableref detect cards`` / ``eval cards`` and the session.

Both share the corner finder and differ in how a corner is read: ``learned`` by the small CNN
trained on rendered scenes of several deck styles, ``template`` by correlation against the deck
profile's own templates (rendered, or taught from photos of a real deck).
"""

from __future__ import annotations

from collections.abc import Callable

from vision.cards.deck import DeckProfile
from vision.cards.matcher import TemplateMatcher
from vision.cards.reader import CardReader, NetCorners


def learned(profile: DeckProfile) -> CardReader:
    return CardReader(NetCorners(profile.codes), "learned")


def template(profile: DeckProfile) -> CardReader:
    return CardReader(TemplateMatcher(profile), "template")


READERS: dict[str, Callable[[DeckProfile], CardReader]] = {"learned": learned, "template": template}
DEFAULT = "learned"
