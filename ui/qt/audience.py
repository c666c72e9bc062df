"""The audience display: what the players read on the second screen, from 3 m away.

Large scores with the player to move lit, the game's own view in the middle, the last three
journal entries so players can confirm what the referee wrote, and a banner for a foul or an
illegal move that stays a few seconds (a ``QTimer``) or until the next entry.  The banner lies
over the entries band at the bottom, so it never covers a player's panel or who plays next.
Every size is a share of the window's height (the game view is told it), so a 720p, 1080p
or 4K screen reads the same from across the room; once the game is over the view shows the
result (who won, the final standings) beside the final sheet.  It is fed plain
data by :meth:`AudienceDisplay.update_from`, so a live session, a replay or a test drives it
the same way, and it never holds a session.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, QRect, Qt, QTimer
from PySide6.QtGui import QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from scoring.registry import game
from scoring.verdicts import Kind, Verdict
from session.families import family_for
from ui.qt.entries import entry_text, row_dict, sheet_titles, with_card_symbols
from ui.qt.i18n import Language, text
from ui.qt.night_board import NightBoard
from ui.qt.views import GameView, create_view, style

if TYPE_CHECKING:
    from ui.qt.live_link import LiveLinkBadge

BANNER_MS = 5000  # how long a foul or illegal-move banner stays without a new entry
RECENT = 3  # journal entries shown for the players to confirm
BANNER_KINDS = (Kind.ILLEGAL, Kind.FOUL)  # the first present sets the banner's colour
#: A verdict's own first word that the banner's heading already says (``Foul: ...``).
HEADING_WORD = re.compile(r"^(foul|фол)\b\s*", re.IGNORECASE)
BANNER_TEXT = 0.05  # the banner's text, as a share of the window's height, before fitting

SHEET = f"""
QWidget#audience {{ background: {style.FELT.name()}; }}
QLabel {{ color: {style.TEXT.name()}; }}
QLabel#title, QLabel#entry_old, QLabel#recent {{ color: {style.MUTED.name()}; }}
QLabel#advice {{ color: {style.ACCENT.name()}; }}
QLabel#turn {{ color: {style.ACCENT.name()}; font-weight: bold; }}
QFrame#seat {{ background: {style.PANEL_DARK.name()}; border: 4px solid transparent;
               border-radius: 10px; }}
QFrame#seat[turn="true"] {{ border-color: {style.ACCENT.name()}; }}
QLabel#score {{ font-weight: bold; }}
QLabel#banner {{ color: white; border-radius: 14px; padding: 10px 24px; font-weight: bold; }}
"""


class AudienceDisplay(QWidget):
    """The second screen.  Call :meth:`update_from` after every accepted or refused action.

    ``language`` is shared with the other windows (a new one is made when none is given);
    ``banner_ms`` is how long a banner stays when no new entry arrives.
    """

    def __init__(
        self,
        language: Language | None = None,
        parent: QWidget | None = None,
        banner_ms: int = BANNER_MS,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("audience")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        self.setStyleSheet(SHEET)
        self.language = language or Language(parent=self)
        self.language.changed.connect(self._redraw)
        self.game_id: str | None = None
        self.game_view: GameView | None = None
        self._state: dict[str, Any] = {}
        self._seats: dict[str, tuple[QFrame, QLabel, QLabel]] = {}
        self._banner_verdicts: tuple[Verdict, ...] = ()
        self._banner_seq: int | None = None
        self._card_game = False
        self._written: str | None = None
        self.live_link: LiveLinkBadge | None = None
        #: The night's standings, shown instead of the game's view once the game is over.
        self.night_board = NightBoard(self)
        self.night_board.hide()
        self._night: Mapping[str, Any] | None = None

        self.title = self._label("title")
        self.turn = self._label("turn", Qt.AlignmentFlag.AlignRight)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(self.turn, 1)
        self.seats = QGridLayout()
        self.seats.setSpacing(12)
        self.middle = QVBoxLayout()
        self.recent = self._label("recent")
        self.entries = [self._label("entry" if i == 0 else "entry_old") for i in range(RECENT)]
        self.advice = self._label("advice", Qt.AlignmentFlag.AlignCenter)
        self.advice.hide()  # advice is the operator's to show (ui/qt/advice_panel.py)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 12, 24, 12)
        layout.setSpacing(6)
        layout.addLayout(top)
        layout.addLayout(self.seats)
        layout.addLayout(self.middle, 1)
        self.middle.addWidget(self.night_board)
        layout.addWidget(self.advice)
        layout.addWidget(self.recent)
        for label in self.entries:
            layout.addWidget(label)

        self.banner = QLabel(self)
        self.banner.setObjectName("banner")
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.banner.setWordWrap(True)
        self.banner.hide()
        self.banner_timer = QTimer(self)
        self.banner_timer.setSingleShot(True)
        self.banner_timer.setInterval(banner_ms)
        self.banner_timer.timeout.connect(self.hide_banner)
        for label in (self.recent, *self.entries):  # the banner follows the band it covers
            label.installEventFilter(self)
        self._scale_fonts()
        self._set_window_title()

    def _label(self, name: str, align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft) -> QLabel:
        label = QLabel(self)
        label.setObjectName(name)
        label.setAlignment(align | Qt.AlignmentFlag.AlignVCenter)
        return label

    # ----------------------------------------------------------------------------------------
    # Feeding it.

    def update_from(
        self,
        game_id: str,
        players: Sequence[str],
        view: Mapping[str, Any],
        sheet: Mapping[str, Any],
        rows: Sequence[Any],
        verdicts: Sequence[Verdict],
    ) -> None:
        """Show a game's state: ``view`` and ``sheet`` are the engine's dicts, ``rows`` the
        journal rows in order (mappings with seq, action, source, confidence, or
        ``JournalRow``s; the last three are shown), ``verdicts`` the latest action's (a foul
        or an illegal move among them raises the banner)."""
        if game_id != self.game_id:
            self._set_game(game_id)
        if list(players) != list(self._seats):
            self._set_players(players)
        rows = list(rows)
        self._state = {"view": view, "sheet": sheet, "rows": rows[-RECENT:]}
        self._written = _written_row(rows)
        seq = max((_seq(row) for row in rows), default=None)
        serious = tuple(v for v in verdicts if v.kind in BANNER_KINDS)
        if serious and (serious != self._banner_verdicts or seq != self._banner_seq):
            self._banner_verdicts, self._banner_seq = serious, seq
            self._show_banner()
        elif not serious and not self.banner.isHidden() and seq != self._banner_seq:
            self.hide_banner()  # the next entry replaces it
        self._redraw()

    def set_live_link(self, url: str) -> None:
        """Show the live page's QR code beside the last entries, for phones at the table."""
        from ui.qt.live_link import LiveLinkBadge  # the [live] extra's qrcode, only when serving

        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)
        band = QVBoxLayout()
        band.setSpacing(layout.spacing())
        for label in (self.recent, *self.entries):
            layout.removeWidget(label)
            band.addWidget(label)
        self.live_link = LiveLinkBadge(url, self.language, self)
        row = QHBoxLayout()
        row.addLayout(band, 1)
        row.addWidget(self.live_link, 0, Qt.AlignmentFlag.AlignBottom)
        layout.addLayout(row)
        self._scale_fonts()

    def show_advice(self, line: str | None) -> None:
        """The operator's advice line above the last entries; None takes it down."""
        self.advice.setText(line or "")
        self.advice.setVisible(line is not None)

    def advice_shown(self) -> str | None:
        return self.advice.text() if not self.advice.isHidden() else None

    def show_night(self, standings: Mapping[str, Any] | None) -> None:
        """The night's standings (``NightStandings.to_dict()``), shown while the game is over
        (between games); None: a session of its own."""
        self._night = standings
        self._redraw()

    def night_shown(self) -> bool:
        return not self.night_board.isHidden()

    def _set_game(self, game_id: str) -> None:
        if self.game_view is not None:
            self.middle.removeWidget(self.game_view)
            self.game_view.hide()  # gone now, not at the next turn of the event loop
            self.game_view.setParent(None)
            self.game_view.deleteLater()
        self.game_id = game_id
        # verdict texts of a card family name cards (``6C``): the banner shows suit symbols
        self._card_game = family_for(game_id).shows == "cards"
        self.game_view = create_view(game_id, self)
        self.game_view.set_reference_height(max(self.height(), 400))
        self.middle.addWidget(self.game_view)
        self.game_view.show()  # at once: a layout shows a new child only later
        self.hide_banner()
        self._set_window_title()

    def _set_players(self, players: Sequence[str]) -> None:
        for frame, _, _ in self._seats.values():
            self.seats.removeWidget(frame)
            frame.hide()
            frame.setParent(None)
            frame.deleteLater()
        self._seats = {}
        for player in players:
            frame = QFrame(self)
            frame.setObjectName("seat")
            name = QLabel(player, frame)
            name.setObjectName("name")
            score = QLabel(frame)
            score.setObjectName("score")
            score.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            box = QHBoxLayout(frame)
            box.setContentsMargins(18, 6, 18, 6)
            box.addWidget(name, 1)
            box.addWidget(score)
            self._seats[player] = (frame, name, score)
            frame.show()
        # Up to six seats a row; more players (a Bunco night) take two or more rows.
        per_row = seats_per_row(len(players))
        for index, (frame, _, _) in enumerate(self._seats.values()):
            self.seats.addWidget(frame, index // per_row, index % per_row)
        for column in range(self.seats.columnCount()):
            self.seats.setColumnStretch(column, 1 if column < per_row else 0)
        self._scale_fonts()

    # ----------------------------------------------------------------------------------------
    # Drawing.

    def _set_window_title(self) -> None:
        lang = self.language.code
        if self.game_id is None:
            self.setWindowTitle(text("window_title_no_game", lang))
            return
        entry = game(self.game_id)
        name = entry.title_ru if lang == "ru" else entry.title_en
        self.setWindowTitle(text("window_title", lang, game=name))

    def _redraw(self, *_: object) -> None:
        lang = self.language.code
        self._set_window_title()
        view: Mapping[str, Any] = self._state.get("view", {})
        sheet: Mapping[str, Any] = self._state.get("sheet", {"columns": [], "rows": []})
        if self.game_id is not None:
            entry = game(self.game_id)
            self.title.setText(entry.title_ru if lang == "ru" else entry.title_en)
        self.turn.setText(turn_line(view, lang))
        scores: Mapping[str, Any] = view.get("scores", {})
        for player, (frame, _, score) in self._seats.items():
            score.setText(str(scores.get(player, "")))
            frame.setProperty("turn", player == view.get("turn") and not view.get("over"))
            frame.style().unpolish(frame)
            frame.style().polish(frame)
        rows = list(reversed(self._state.get("rows", [])))
        self.recent.setText(text("recent" if rows else "no_entries", lang))
        titles = sheet_titles(sheet)
        for index, label in enumerate(self.entries):
            label.setText(entry_text(rows[index], lang, titles) if index < len(rows) else "")
        between = self._night is not None and bool(view.get("over"))
        self.night_board.setVisible(between)
        if self._night is not None:
            self.night_board.show_standings(self._night, lang)
        if self.game_view is not None:
            self.game_view.setVisible(not between)
            self.game_view.set_written_row(self._written)
            self.game_view.show_state(view, sheet, lang, self._verdicts_for_view())
        if not self.banner.isHidden():
            self._fill_banner()

    def _verdicts_for_view(self) -> tuple[Verdict, ...]:
        return self._banner_verdicts if not self.banner.isHidden() else ()

    def _show_banner(self) -> None:
        self._fill_banner()
        self.banner.show()
        self.banner.raise_()
        self.banner_timer.start()

    def _fill_banner(self) -> None:
        lang = self.language.code
        kind = next(k for k in BANNER_KINDS if any(v.kind == k for v in self._banner_verdicts))
        colour = style.ILLEGAL if kind == Kind.ILLEGAL else style.FOUL
        self.banner.setStyleSheet(f"background: {colour.name()};")
        heading = text("illegal" if kind == Kind.ILLEGAL else "foul", lang)
        sentences = [
            with_card_symbols(v.ru if lang == "ru" else v.en, lang)
            if self._card_game
            else (v.ru if lang == "ru" else v.en)
            for v in self._banner_verdicts[:2]
        ]
        self.banner.setText(banner_words(heading, sentences))
        self._place_banner()

    def hide_banner(self) -> None:
        """Take the banner down (its timer, the next entry, or a new game does this)."""
        self.banner_timer.stop()
        self.banner.hide()

    def banner_text(self) -> str | None:
        """The banner's text while it is up, else None."""
        return self.banner.text() if not self.banner.isHidden() else None

    def banner_visible(self) -> bool:
        return not self.banner.isHidden()

    def entry_lines(self) -> list[str]:
        """The journal lines shown, newest first."""
        return [label.text() for label in self.entries if label.text()]

    def score_texts(self) -> dict[str, str]:
        return {player: score.text() for player, (_, _, score) in self._seats.items()}

    # ----------------------------------------------------------------------------------------
    # Size: every font follows the window's height, so a 4K screen reads like a 1080p one.

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Move, QEvent.Type.Resize) and self.banner_visible():
            self._place_banner()
        return super().eventFilter(watched, event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._scale_fonts()
        self._place_banner()

    def _scale_fonts(self) -> None:
        h = max(self.height(), 400)
        sizes = {
            self.title: 0.038,
            self.turn: 0.045,
            self.recent: 0.028,
            self.advice: 0.032,
            **dict.fromkeys(self.entries, 0.032),
        }
        for label, share in sizes.items():
            label.setFont(style.font(h * share, bold=label is self.entries[0]))
            # an empty line keeps its place, so the band (and the banner over it) stays put
            label.setMinimumHeight(QFontMetrics(label.font()).height())
        rows = -(-len(self._seats) // seats_per_row(len(self._seats))) if self._seats else 1
        for frame, name, score in self._seats.values():
            name.setFont(style.font(h * (0.045 if rows == 1 else 0.036), bold=True))
            score.setFont(style.font(h * (0.075 if rows == 1 else 0.05), bold=True))
            pad = round(h * 0.012)
            frame.layout().setContentsMargins(
                round(h * 0.025), pad // 2, round(h * 0.025), pad // 2
            )
        if self.game_view is not None:
            self.game_view.set_reference_height(h)
        self.night_board.set_reference_height(h)
        if self.live_link is not None:
            self.live_link.set_reference_height(h)

    def entries_band(self) -> QRect:
        """Where the last entries are shown: the banner's place."""
        band = self.recent.geometry()
        for label in self.entries:
            band = band.united(label.geometry())
        return band

    def _place_banner(self) -> None:
        """Over the entries band at the bottom: every player's panel, the game's view and the
        line saying who plays next stay in sight.  The text shrinks (never below
        ``style.MIN_TEXT`` of the height) until it fits the band."""
        h = max(self.height(), 400)
        band = self.entries_band()
        rect = QRect(
            band.left() - 8, band.top() - 4, band.width() + 16, band.height() + 8
        ).intersected(self.rect())
        self.banner.setGeometry(rect)
        inner = rect.adjusted(24, 10, -24, -10)
        pixels = h * BANNER_TEXT
        while True:
            font = style.font(pixels, bold=True)
            need = QFontMetrics(font).boundingRect(
                inner,
                int(Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignCenter),
                self.banner.text(),
            )
            if need.height() <= inner.height() and need.width() <= inner.width():
                break
            if pixels <= h * style.MIN_TEXT:
                break
            pixels = max(h * style.MIN_TEXT, pixels * 0.92)
        self.banner.setFont(font)


def seats_per_row(players: int) -> int:
    """Seats side by side in one row: all of them up to six, else rows of even length."""
    if players <= 6:
        return max(players, 1)
    rows = -(-players // 6)
    return -(-players // rows)


def banner_words(heading: str, sentences: Sequence[str]) -> str:
    """The banner's text: its heading once, then the reasons.  A verdict that itself starts
    with the heading's word (``Foul: the cue ball touched no object ball``) gives it up, so
    the banner reads ``FOUL: the cue ball touched no object ball``; a further verdict that
    names the foul again (``Anna -4 for the foul``) is left out, its points are in the first."""
    lines = []
    for index, sentence in enumerate(sentences):
        found = HEADING_WORD.match(sentence)
        rest = sentence[found.end() :] if found else sentence
        if index == 0:
            if found and rest and not rest.startswith(":"):
                lines.append(f"{heading} {rest}")  # "Foul by Anna: ..." -> "FOUL by Anna: ..."
            else:
                lines.append(f"{heading}: {rest.lstrip(': ')}" if rest.strip(": ") else heading)
        elif not re.search(r"\b(foul|фол)", sentence, re.IGNORECASE):
            lines.append(sentence)  # a penalty restating the foul ("-4 for the foul") is left out
    return "\n".join(lines) if lines else heading


def turn_line(view: Mapping[str, Any], lang: str) -> str:
    """Whose move it is, or who won."""
    if view.get("over"):
        winner = view.get("winner")
        if isinstance(winner, list):
            return text("winners", lang, players=", ".join(winner))
        return text("winner", lang, player=winner) if winner else text("game_over", lang)
    if view.get("turn"):
        return text("to_play", lang, player=view["turn"])
    return text("nobody", lang) if view else ""


def _written_row(rows: Sequence[Any]) -> str | None:
    """The sheet row written last (``score`` or ``cross``), kept in sight and marked."""
    for item in reversed(rows):
        action = row_dict(item).get("action") or {}
        if action.get("do") == "correct" and isinstance(action.get("action"), Mapping):
            action = action["action"]
        if isinstance(action.get("row"), str):
            return str(action["row"])
    return None


def _seq(row: Any) -> int:
    return int(row["seq"]) if isinstance(row, Mapping) else int(row.seq)
