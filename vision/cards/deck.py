"""Deck profiles: which cards a deck holds, how its indices are lettered and what each card's
index looks like (one template patch per card), saved as JSON plus a folder of PNG templates.

Decks differ from brand to brand, so the template matcher reads against the profile of the deck
in play.  A profile comes from the renderer's own styles (``52``, ``36-russian``,
``32-latin-serif``: size, alphabet, style, for tests and the harness) or from teach mode, which
cuts the templates out of one photo of each card of a physical deck
(:mod:`vision.cards.teach`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from scoring.cards import deck, parse_card
from vision.cards.faces import ALPHABETS, FACE_H, FACE_W, STYLES, card_mask, draw_face, style_named
from vision.cards.geometry import PATCH_H, PATCH_W, Corner, corner_patch

FORMAT = 1
SIZES = (52, 36, 32)


class DeckError(ValueError):
    """A deck profile that cannot be used; the message names the file and what is wrong."""


@dataclass
class DeckProfile:
    """A deck: its size (52, 36, 32), index alphabet, the style it was drawn in (None for a
    taught deck) and one BGR index template (PATCH_H x PATCH_W) per card code.

    A taught deck also keeps, per card, the detector reader's crop of its photo (``faces``) and
    crops of the table around the cards (``tables``): what :mod:`vision.cards.face_tuning`
    tunes the face classifier on; and each card's face straightened (``looks``), which its
    courts are matched against (:mod:`vision.cards.looks`)."""

    name: str
    size: int
    alphabet: str
    templates: dict[str, np.ndarray] = field(default_factory=dict)
    style: str | None = None
    faces: dict[str, np.ndarray] = field(default_factory=dict)
    tables: list[np.ndarray] = field(default_factory=list)
    looks: dict[str, np.ndarray] = field(default_factory=dict)

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(str(card) for card in deck(self.size))

    def save(self, path: Path | str) -> Path:
        """Write ``path`` (JSON) and the templates beside it in ``<stem>.templates/``."""
        path = Path(path)
        folder = template_folder(path)
        folder.mkdir(parents=True, exist_ok=True)
        for code, patch in self.templates.items():
            _write(folder / f"{code}.png", patch)
        faces = face_folder(path)
        if self.faces or self.tables:
            faces.mkdir(parents=True, exist_ok=True)
            for code, crop in self.faces.items():
                _write(faces / f"{code}.png", crop)
            for k, crop in enumerate(self.tables):
                _write(faces / f"table_{k}.png", crop)
        looks = look_folder(path)
        if self.looks:
            looks.mkdir(parents=True, exist_ok=True)
            for code, look in self.looks.items():
                _write(looks / f"{code}.png", look)
        document = {
            "format": FORMAT,
            "name": self.name,
            "size": self.size,
            "alphabet": self.alphabet,
            "style": self.style,
            "templates": folder.name,
            "cards": sorted(self.templates, key=self.codes.index),
            "faces": faces.name if self.faces else None,
            "face_cards": sorted(self.faces, key=self.codes.index),
            "tables": len(self.tables),
            "looks": looks.name if self.looks else None,
            "look_cards": sorted(self.looks, key=self.codes.index),
        }
        path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
        return path


def template_folder(path: Path) -> Path:
    return path.with_name(path.stem + ".templates")


def face_folder(path: Path) -> Path:
    return path.with_name(path.stem + ".faces")


def look_folder(path: Path) -> Path:
    return path.with_name(path.stem + ".looks")


def _write(path: Path, image: np.ndarray) -> None:
    if not cv2.imwrite(str(path), image):
        raise OSError(f"could not write {path}")


def _read(path: Path, what: str) -> np.ndarray:
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        raise DeckError(f"{what}: {path} is missing or not an image")
    return image


def load_deck(path: Path | str) -> DeckProfile:
    """Read a profile written by :meth:`DeckProfile.save`; :class:`DeckError` says what is
    wrong with a file that cannot be used."""
    path = Path(path)
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise DeckError(f"{path}: cannot read deck profile ({error})") from None
    if not isinstance(data, dict):
        raise DeckError(f"{path}: a deck profile is a JSON object")
    size, alphabet = data.get("size"), data.get("alphabet")
    if size not in SIZES:
        raise DeckError(f"{path}: size must be one of {SIZES}, got {size!r}")
    if alphabet not in ALPHABETS:
        raise DeckError(f"{path}: alphabet must be one of {ALPHABETS}, got {alphabet!r}")
    folder = path.parent / str(data.get("templates", template_folder(path).name))
    profile = DeckProfile(str(data.get("name", path.stem)), size, alphabet, {}, data.get("style"))
    for code in data.get("cards", []):
        if code not in profile.codes:
            raise DeckError(f"{path}: {code!r} is not a card of a {size}-card deck")
        patch = cv2.imread(str(folder / f"{code}.png"), cv2.IMREAD_COLOR)
        if patch is None or patch.shape[:2] != (PATCH_H, PATCH_W):
            raise DeckError(
                f"{path}: template {folder / f'{code}.png'} is missing or not {PATCH_W}x{PATCH_H}"
            )
        profile.templates[code] = patch
    _load_faces(path, data, profile)
    _load_looks(path, data, profile)
    if not profile.templates and not profile.faces:
        raise DeckError(f"{path}: the profile has no card templates")
    return profile


def _load_faces(path: Path, data: dict[str, Any], profile: DeckProfile) -> None:
    """The taught crops and the tuned classifier, where the profile has them."""
    if not data.get("faces"):
        return
    folder = path.parent / str(data["faces"])
    profile.faces = _card_images(path, folder, data.get("face_cards", []), profile)
    tables = data.get("tables", 0)
    if not isinstance(tables, int) or tables < 0:
        raise DeckError(f"{path}: tables must be a count, got {tables!r}")
    profile.tables = [_read(folder / f"table_{k}.png", str(path)) for k in range(tables)]


def _load_looks(path: Path, data: dict[str, Any], profile: DeckProfile) -> None:
    """The taught faces' looks, where the profile has them (a profile taught before looks
    were kept has none, and reads its courts by their index)."""
    if not data.get("looks"):
        return
    folder = path.parent / str(data["looks"])
    profile.looks = _card_images(path, folder, data.get("look_cards", []), profile)
    shapes = {look.shape for look in profile.looks.values()}
    if len(shapes) > 1:
        raise DeckError(f"{path}: the looks in {folder} are not all one size")


def _card_images(
    path: Path, folder: Path, codes: list[str], profile: DeckProfile
) -> dict[str, np.ndarray]:
    """The picture of each card ``codes`` names in ``folder`` (``CODE.png``)."""
    images = {}
    for code in codes:
        if code not in profile.codes:
            raise DeckError(f"{path}: {code!r} is not a card of a {profile.size}-card deck")
        images[code] = _read(folder / f"{code}.png", str(path))
    return images


def face_template(face: np.ndarray, corner_share: float) -> np.ndarray:
    """The index template of a flat face: the face laid on a dark cloth (its rounded corner
    shows the cloth, as on the table) and its top-left corner cut like a table corner."""
    pad = 20
    canvas = np.full((FACE_H + 2 * pad, FACE_W + 2 * pad, 3), 60, np.uint8)
    mask = card_mask(corner_share)
    region = canvas[pad : pad + FACE_H, pad : pad + FACE_W]
    alpha = (mask.astype(np.float32) / 255)[..., None]
    canvas[pad : pad + FACE_H, pad : pad + FACE_W] = (region * (1 - alpha) + face * alpha).astype(
        np.uint8
    )
    corner = Corner((pad, pad), (1.0, 0.0), (0.0, 1.0), float(FACE_W))
    return corner_patch(canvas, corner)


def rendered_deck(size: int = 52, alphabet: str = "latin", style: str = "classic") -> DeckProfile:
    """The profile of a deck drawn by the renderer in ``style``."""
    chosen = style_named(style)
    profile = DeckProfile(f"{size}-{alphabet}-{style}", size, alphabet, {}, style)
    for card in deck(size):
        face = draw_face(card, chosen, alphabet)
        profile.templates[str(card)] = face_template(face, chosen.corner)
    return profile


def resolve_deck(spec: str) -> DeckProfile:
    """A profile file (``.json``), or a rendered deck named ``SIZE[-ALPHABET][-STYLE]``
    (``52``, ``36-russian``, ``32-latin-serif``)."""
    if spec.endswith(".json") or Path(spec).is_file():
        return load_deck(spec)
    parts = spec.split("-")
    try:
        size = int(parts[0])
    except ValueError:
        raise DeckError(
            f"{spec!r} is neither a profile file nor a deck name like 36-russian-classic"
        ) from None
    alphabet = parts[1] if len(parts) > 1 else "latin"
    style = parts[2] if len(parts) > 2 else "classic"
    if size not in SIZES or alphabet not in ALPHABETS or style not in STYLES:
        raise DeckError(
            f"{spec!r}: a deck name is SIZE[-ALPHABET][-STYLE] with size {SIZES}, "
            f"alphabet {ALPHABETS}, style one of {tuple(STYLES)}"
        )
    return rendered_deck(size, alphabet, style)


def card_code(text: str) -> str:
    """A card code in canonical spelling (``10H``), from any spelling :func:`parse_card` reads."""
    return str(parse_card(text))
