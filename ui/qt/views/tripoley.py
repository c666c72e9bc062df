"""Tripoley on the audience display: a box per player (chips, cards left in hand, the poker bet,
the dealer, the player to act lit), the layout's nine pockets with their chips, and what the
stage is doing: the poker hands tabled, or the run of cards played in Michigan and whose lead it
is."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QRectF

from ui.qt.views.base import GameView
from ui.qt.views.glyph import Glyph
from ui.qt.views.style import MIN_TEXT

CARD_RATIO = 1.45
#: The pockets in the layout's order (scoring.card_games.tripoley.rules.POCKETS) and names.
POCKETS = {
    "AH": ("A♥", "Т♥"),
    "KH": ("K♥", "К♥"),
    "QH": ("Q♥", "Д♥"),
    "JH": ("J♥", "В♥"),
    "10H": ("10♥", "10♥"),
    "KQ": ("K♥ Q♥", "К♥ Д♥"),
    "RUN": ("Run", "Послед."),
    "KITTY": ("Kitty", "Котёнок"),
    "POT": ("Pot", "Банк"),
}
SAY = {
    "chips": ("{chips} chips", "фишек: {chips}"),
    "cards": ("{cards} cards", "карт: {cards}"),
    "bet": ("bet {chips}", "ставка {chips}"),
    "folded": ("folded", "пас"),
    "dealer": ("D", "С"),
    "spare": (
        "Deal {deal} · the dealer trades the spare ({spare} cards)",
        "Раздача {deal} · запасная рука ({spare} карт)",
    ),
    "payouts": (
        "Deal {deal} · stage one: the pay cards",
        "Раздача {deal} · первый этап: платёжные карты",
    ),
    "poker": ("Deal {deal} · stage two: poker", "Раздача {deal} · второй этап: покер"),
    "final": ("The last poker round: the whole layout", "Последний покер: весь расклад"),
    "showdown": ("Deal {deal} · the poker showdown", "Раздача {deal} · вскрытие"),
    "michigan": ("Deal {deal} · stage three: Michigan", "Раздача {deal} · третий этап: Мичиган"),
    "to_act": ("{player} to act", "Ходит {player}"),
    "lead": ("{player} leads", "Заходит {player}"),
    "not_suit": (" (not {suit})", " (не {suit})"),
    "follow": ("Who has the next card?", "У кого следующая карта?"),
    "bet_now": (" · to match {chips}", " · уравнять {chips}"),
}  # fmt: skip
SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def say(key: str, lang: str, **values: Any) -> str:
    en, ru = SAY[key]
    return (ru if lang == "ru" else en).format(**values)


def player_glyphs(view: Mapping[str, Any], lang: str, area: QRectF, line: float) -> list[Glyph]:
    """A box per player: name and dealer mark, chips, cards in hand, the poker bet or a fold."""
    players: Sequence[str] = view.get("players", [])
    width = area.width() / max(len(players), 1)
    out: list[Glyph] = []
    for index, player in enumerate(players):
        box = QRectF(area.left() + index * width, area.top(), width, area.height()).adjusted(
            4, 0, -4, 0
        )
        turn = player == view.get("turn")
        ink = "ink" if turn else ""
        out.append(Glyph("band", box, None, "turn" if turn else "dark"))
        inner = box.adjusted(box.width() * 0.05, line * 0.15, -box.width() * 0.05, 0)
        name = QRectF(inner.left(), inner.top(), inner.width() * 0.75, line)
        out.append(Glyph("text", name, player, f"bold {ink}".strip()))
        if view.get("dealer") == player:
            mark = QRectF(name.right(), inner.top(), inner.width() * 0.25, line)
            out.append(Glyph("text", mark, say("dealer", lang), f"bold right {ink or 'accent'}"))
        # chips and cards on lines of their own: six or more boxes are too narrow for both
        words = [say("chips", lang, chips=view["scores"][player])]
        if player in view.get("counts", {}):
            words.append(say("cards", lang, cards=view["counts"][player]))
        for row_index, word in enumerate(words, start=1):
            row = QRectF(inner.left(), inner.top() + row_index * line, inner.width(), line)
            out.append(Glyph("text", row, word, ink))
        state = ""
        if view.get("phase") in ("poker", "showdown"):  # the poker stage's bets and folds
            bet = view.get("bets", {}).get(player, 0)
            folded = say("folded", lang) if player in view.get("folded", []) else ""
            state = " · ".join(w for w in (say("bet", lang, chips=bet) if bet else "", folded) if w)
        if state:
            below = QRectF(inner.left(), inner.top() + 3 * line, inner.width(), line)
            out.append(Glyph("text", below, state, f"bold {ink}".strip() if turn else "muted"))
    return out


def layout_glyphs(view: Mapping[str, Any], lang: str, area: QRectF, line: float) -> list[Glyph]:
    """The nine pockets in a three by three grid, each with its chips."""
    layout: Mapping[str, int] = view.get("layout", {})
    cell_w, cell_h = area.width() / 3, area.height() / 3
    out: list[Glyph] = []
    for index, (key, names) in enumerate(POCKETS.items()):
        row, col = divmod(index, 3)
        cell = QRectF(
            area.left() + col * cell_w, area.top() + row * cell_h, cell_w, cell_h
        ).adjusted(3, 3, -3, -3)
        out.append(Glyph("band", cell, None, "panel"))
        half = min(cell.height() / 2, line * 1.2)
        top = cell.center().y() - half
        title = names[1] if lang == "ru" else names[0]
        out.append(
            Glyph("text", QRectF(cell.left(), top, cell.width(), half), title, "center muted")
        )
        amount = str(layout.get(key, 0))
        rect = QRectF(cell.left(), top + half, cell.width(), half)
        out.append(Glyph("text", rect, amount, "center bold accent"))
    return out


def stage_glyphs(view: Mapping[str, Any], lang: str, area: QRectF, line: float) -> list[Glyph]:
    """What the stage shows: the heading, the hands tabled or the Michigan run, the action."""
    phase = view.get("phase", "")
    out: list[Glyph] = []
    if phase == "over":
        return out
    key = "final" if view.get("final_round") and phase == "poker" else phase
    heading = say(key, lang, deal=view.get("deal"), spare=view.get("spare"))
    out.append(Glyph("text", QRectF(area.left(), area.top(), area.width(), line), heading, "muted"))
    top = area.top() + line * 1.4
    cards: list[str] = []
    if phase == "showdown":
        hands: Mapping[str, Sequence[str]] = view.get("hands", {})
        for player, hand in hands.items():
            rect = QRectF(area.left(), top, area.width(), line)
            out.append(Glyph("text", rect, f"{player}: {' '.join(hand)}", "bold"))
            top += line * 1.1
    elif phase == "michigan":
        cards = list(view.get("played", []))
    if cards:
        card_w = min(area.width() / (max(len(cards), 6) * 1.1), line * 2.2)
        for index, card in enumerate(cards):
            rect = QRectF(area.left() + index * card_w * 1.1, top, card_w, card_w * CARD_RATIO)
            out.append(Glyph("card", rect, card, "played"))
        top += card_w * CARD_RATIO + line * 0.4
    action = action_line(view, lang)
    if action:
        rect = QRectF(area.left(), max(top, area.bottom() - line * 1.3), area.width(), line * 1.2)
        out.append(Glyph("band", rect.adjusted(-4, 0, 4, 0), None, "accent"))
        out.append(Glyph("text", rect, action, "bold"))
    return out


def action_line(view: Mapping[str, Any], lang: str) -> str:
    """Whose action it is, or that whoever holds the next card plays it."""
    phase, turn = view.get("phase"), view.get("turn")
    if phase == "michigan":
        if turn is None:
            return say("follow", lang)
        words = say("lead", lang, player=turn)
        if view.get("stopped"):
            words += say("not_suit", lang, suit=SUITS[view["stopped"]])
        return words
    if turn is None:
        return ""
    words = say("to_act", lang, player=turn)
    owed = view.get("current_bet", 0) - view.get("bets", {}).get(turn, 0)
    if phase == "poker" and owed > 0:
        words += say("bet_now", lang, chips=owed)
    return words


class TripoleyView(GameView):
    """The players across the top, the layout on the left, the stage on the right."""

    def layout_glyphs(self, area: QRectF) -> list[Glyph]:
        view, lang = self.view, self.lang
        if "players" not in view:
            return []
        line = max(self.unit() * 0.04, self.unit() * MIN_TEXT / 0.72)
        margin = min(area.width(), area.height()) * 0.02
        inner = area.adjusted(margin, margin, -margin, -margin)
        players = QRectF(inner.left(), inner.top(), inner.width(), line * 4.3)
        out = player_glyphs(view, lang, players, line)
        below = inner.adjusted(0, players.height() + margin, 0, 0)
        side = min(below.width() * 0.42, below.height() * 1.6)
        grid = QRectF(below.left(), below.top(), side, below.height())
        out += layout_glyphs(view, lang, grid, line)
        stage = below.adjusted(side + margin * 2, 0, 0, 0)
        return out + stage_glyphs(view, lang, stage, line)


__all__ = ["TripoleyView", "action_line"]
