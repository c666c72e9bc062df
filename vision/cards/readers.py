"""The card readers by name, for ``tableref detect cards`` / ``eval cards`` and the session.

``detector`` finds cards with a learned detector and reads each with a face classifier
(:mod:`vision.cards.detector`; it reads real photos); ``combined`` merges it with ``learned``
(:mod:`vision.cards.combined`).  The others share the corner finder and
differ in how a corner is read: ``learned`` by the small CNN
trained on rendered scenes of several deck styles, ``template`` by correlation against the deck
profile's own templates (rendered, or taught from photos of a real deck), ``adapted`` by the
CNN fine-tuned on those templates when the reader is made (teach mode's reader; seconds).
"""

from __future__ import annotations

from collections.abc import Callable

from vision.cards.deck import DeckProfile
from vision.cards.matcher import TemplateMatcher
from vision.cards.reader import CardReader, CardsReader, NetCorners


def learned(profile: DeckProfile) -> CardReader:
    return CardReader(NetCorners(profile.codes), "learned")


def template(profile: DeckProfile) -> CardReader:
    return CardReader(TemplateMatcher(profile), "template")


def adapted(profile: DeckProfile) -> CardReader:
    from vision.cards.adapt import AdaptedCorners

    return CardReader(AdaptedCorners(profile), "adapted")


def detector(profile: DeckProfile) -> CardsReader:
    from vision.cards.detector import DetectorCards

    return DetectorCards(profile)


def combined(profile: DeckProfile) -> CardsReader:
    """For a deck taught from photos (a profile with index templates and taught crops; a
    rendered deck has templates only) the corner reader is ``adapted`` and the face classifier
    the untuned one: teach mode's tuning, made on whole single cards, reads covered cards
    worse, and the combined reader leans on the classifier for those (tables in two held-out
    fonts, each deck taught from one photo a card: 80.1-81.9 % of the overlapped cards read
    with ``learned`` and the tuned classifier, 96.4-99.3 % so).  A profile with taught crops
    only (from a dealt clip) keeps the tuned classifier: nothing else in it is taught."""
    from vision.cards.combined import CombinedCards
    from vision.cards.detector import DetectorCards
    from vision.cards.glyph_reader import GlyphReader

    if profile.templates and profile.faces:
        return CombinedCards(
            adapted(profile), DetectorCards(profile, tuned=False), GlyphReader(), profile.looks
        )
    return CombinedCards(learned(profile), DetectorCards(profile), GlyphReader(), profile.looks)


READERS: dict[str, Callable[[DeckProfile], CardsReader]] = {
    "combined": combined,
    "detector": detector,
    "learned": learned,
    "template": template,
    "adapted": adapted,
}
#: What ``detect cards``, ``eval cards`` and a live table read with: the combined reader, the
#: best on real photos and on rendered tables alike (held-out real photos: 93.3 % and 4 extra
#: readings against 93.3 % and 5 for ``detector``, 36.5 % for ``learned``; tables of the
#: held-out real deck designs: 80.1 % against ``detector``'s 55.4 %; held-out rendered style:
#: 99.5-100 %, ``learned`` 99.5-100 %),
#: and it keeps the corner reader's outlines and covers the layout facts need.
DEFAULT = "combined"
