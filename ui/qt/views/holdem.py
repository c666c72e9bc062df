"""Hold'em on the audience display: what the table argues about, large enough to read from the
rail.  A box per seat across the top (name, chips behind, the bet in front, the button and the
blinds, folded or all-in, the hand tabled; the player to act lit), the board in the middle with
its empty places, the main and side pots beside it, and along the bottom whose action it is,
the bet to call, the minimum and the most a raise may be, then the last pots paid with the
winning hand's name and the latest verdicts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QRectF

from ui.qt.views.base import GameView
from ui.qt.views.glyph import Glyph
from ui.qt.views.style import MIN_TEXT
from ui.qt.views.verdict_lines import SHOWN, verdict_glyphs

CARD_RATIO = 1.45  # height / width of a playing card
#: Verdicts the view says otherwise (the lit seat, the board, the pots paid line).
SKIPPED = ("turn", "blinds", "board", "pot_won", "pot_split")
BOARD_CARDS = 5

SAY = {
    "stack": ("{chips} chips", "фишек: {chips}"),
    "bet": ("bet {chips}", "ставка {chips}"),
    "folded": ("folded", "сбросил"),
    "all_in": ("all-in", "олл-ин"),
    "dealer": ("D", "Д"),
    "small": ("SB", "МБ"),
    "big": ("BB", "ББ"),
    "dead_button": ("dead button", "мёртвый баттон"),
    "hand": ("Hand {hand} · {street}", "Раздача {hand} · {street}"),
    "blinds": ("blinds {small}/{big}", "блайнды {small}/{big}"),
    "ante": ("ante {ante}", "анте {ante}"),
    "pot": ("Pot", "Банк"),
    "main": ("Main pot", "Основной банк"),
    "side": ("Side pot {n}", "Побочный банк {n}"),
    "to_act": ("{player} to act", "Ходит {player}"),
    "to_call": ("to call {chips}", "колл {chips}"),
    "check_open": ("check", "можно чек"),
    "raise_to": ("raise to {low}–{high}", "рейз до {low}–{high}"),
    "raise_one": ("raise to {low}", "рейз до {low}"),
    "no_raise": ("no raise open", "рейз закрыт"),
    "bound": ("bound to raise", "обязан повысить"),
    "deal": ("The {street} is due", "Выкладывается {street}"),
    "four": (
        "Four cards on the flop: the floor picks the burn",
        "Четыре карты на флопе: флор выбирает сжигаемую",
    ),
    "show": ("Showdown: {player} shows", "Вскрытие: показывает {player}"),
    "face_up": ("All-in: every hand face up", "Олл-ин: все руки открыты"),
    "won": ("{pot} {amount}: {winners}", "{pot} {amount}: {winners}"),
    "with": (" with {hand}", " — {hand}"),
    "held": ("{player}'s action out of turn is held", "Действие {player} вне очереди ждёт"),
}  # fmt: skip

STREETS = {
    "preflop": ("preflop", "префлоп"),
    "flop": ("flop", "флоп"),
    "turn": ("turn", "тёрн"),
    "river": ("river", "ривер"),
}
NEXT_STREET = {0: "flop", 3: "turn", 4: "river"}


def say(key: str, lang: str, **values: Any) -> str:
    en, ru = SAY[key]
    return (ru if lang == "ru" else en).format(**values)


def street(name: str, lang: str) -> str:
    en, ru = STREETS[name]
    return ru if lang == "ru" else en


def chips(amount: int) -> str:
    """Chips as the table counts them: 1 500, thin spaces between thousands."""
    return f"{amount:,}".replace(",", "\u202f")


def seat_glyphs(view: Mapping[str, Any], lang: str, area: QRectF, unit: float) -> list[Glyph]:
    """One box per seat: name and markers, chips behind, the bet, the status, the cards shown."""
    players: Sequence[str] = view.get("players", [])
    width = area.width() / max(len(players), 1)
    line = max(min(area.height() / 4.6, unit * 0.05), unit * MIN_TEXT / 0.72)
    out: list[Glyph] = []
    for index, player in enumerate(players):
        box = QRectF(area.left() + index * width, area.top(), width, area.height()).adjusted(
            4, 0, -4, 0
        )
        turn = player == view.get("turn")
        out_of_hand = player in (view.get("folded") or [])
        out.append(Glyph("band", box, None, "turn" if turn else "dark"))
        ink = "ink" if turn else ""
        pad = box.width() * 0.05
        inner = box.adjusted(pad, line * 0.15, -pad, 0)
        marks = [
            say(key, lang)
            for key, holder in (
                ("dealer", "button"),
                ("small", "small_blind"),
                ("big", "big_blind"),
            )
            if view.get(holder) == player
        ]
        name = QRectF(inner.left(), inner.top(), inner.width() * (0.66 if marks else 1), line)
        out.append(Glyph("text", name, player, f"bold {ink}".strip()))
        if marks:
            right = QRectF(name.right(), inner.top(), inner.width() * 0.34, line)
            out.append(Glyph("text", right, " ".join(marks), f"bold right {ink or 'accent'}"))
        stack = QRectF(inner.left(), inner.top() + line, inner.width(), line)
        out.append(
            Glyph("text", stack, say("stack", lang, chips=chips(view["stacks"][player])), ink)
        )
        bet = view.get("bets", {}).get(player, 0)
        status = (
            say("folded", lang)
            if out_of_hand
            else say("all_in", lang)
            if player in (view.get("all_in") or [])
            else ""
        )
        words = " · ".join(
            w for w in (say("bet", lang, chips=chips(bet)) if bet else "", status) if w
        )
        if words:
            row = QRectF(inner.left(), inner.top() + 2 * line, inner.width(), line)
            flag = "muted" if out_of_hand and not turn else ("bold " + ink).strip() or "accent"
            out.append(Glyph("text", row, words, flag if not turn else f"bold {ink}"))
        shown = (view.get("shown") or {}).get(player)
        if shown:
            card_h = box.bottom() - (inner.top() + 3.1 * line) - line * 0.1
            card_w = min(card_h / CARD_RATIO, inner.width() * 0.3)
            card_h = card_w * CARD_RATIO
            top = box.bottom() - card_h - line * 0.1
            for number, card in enumerate(shown["cards"]):
                rect = QRectF(inner.left() + number * card_w * 1.08, top, card_w, card_h)
                out.append(Glyph("card", rect, card, "shown"))
            if "en" in shown:
                name_rect = QRectF(
                    inner.left() + 2.25 * card_w, top, inner.width() - 2.25 * card_w, card_h
                )
                out.append(
                    Glyph(
                        "text", name_rect, shown["ru" if lang == "ru" else "en"], f"{ink}".strip()
                    )
                )
    return out


def board_glyphs(view: Mapping[str, Any], area: QRectF) -> list[Glyph]:
    """The board's five places, the cards turned in them (a four-card flop laid out as four)."""
    cards: Sequence[str] = view.get("four_card_flop") or view.get("board") or []
    places = max(BOARD_CARDS, len(cards))
    card_w = min(area.width() / (places * 1.12), area.height() / CARD_RATIO)
    card_h = card_w * CARD_RATIO
    left = area.center().x() - (places * card_w * 1.12 - card_w * 0.12) / 2
    top = area.center().y() - card_h / 2
    out: list[Glyph] = []
    for place in range(places):
        rect = QRectF(left + place * card_w * 1.12, top, card_w, card_h)
        if place < len(cards):
            flag = "trump" if view.get("four_card_flop") else "board"
            out.append(Glyph("card", rect, cards[place], flag))
        else:
            out.append(Glyph("band", rect, None, "dark"))
    return out


def pot_glyphs(view: Mapping[str, Any], lang: str, area: QRectF, line: float) -> list[Glyph]:
    """The main pot and each side pot, a line each, with the players who can still win it."""
    pots: Sequence[Mapping[str, Any]] = view.get("pots") or []
    out: list[Glyph] = []
    top = area.top()
    for index, pot in enumerate(pots):
        if top + line > area.bottom():
            break
        title = (
            say("pot", lang)
            if len(pots) == 1
            else say("main", lang)
            if index == 0
            else say("side", lang, n=index)
        )
        rect = QRectF(area.left(), top, area.width() * 0.52, line)
        out.append(Glyph("text", rect, f"{title}: {chips(pot['amount'])}", "bold accent"))
        who = QRectF(rect.right(), top, area.width() * 0.48, line)
        out.append(Glyph("text", who, ", ".join(pot["eligible"]), "muted"))
        top += line * 1.2
    return out


def action_line(view: Mapping[str, Any], lang: str) -> str:
    """Whose action it is and what he may do, or what the table waits for."""
    phase = view.get("phase")
    if phase == "deal":
        return say("deal", lang, street=street(NEXT_STREET.get(len(view["board"]), "river"), lang))
    if phase == "four_card_flop":
        return say("four", lang)
    if phase == "showdown":
        if view.get("all_in") and len(view.get("shown") or {}) == 0:
            return say("face_up", lang)
        return say("show", lang, player=view.get("turn"))
    turn = view.get("turn")
    if turn is None:
        return ""
    parts = [say("to_act", lang, player=turn)]
    to_call = view.get("to_call", 0)
    parts.append(say("to_call", lang, chips=chips(to_call)) if to_call else say("check_open", lang))
    if view.get("bound") == "raise":
        parts.append(say("bound", lang))
    if view.get("can_raise"):
        low, high = view["min_raise_to"], view["max_raise_to"]
        if high <= low:
            parts.append(say("raise_one", lang, low=chips(high)))
        else:
            parts.append(say("raise_to", lang, low=chips(low), high=chips(high)))
    else:
        parts.append(say("no_raise", lang))
    return " · ".join(parts)


def result_lines(view: Mapping[str, Any], lang: str) -> list[str]:
    """The last hand's pots as paid: who won what, and with which hand."""
    out = []
    for pot in view.get("results") or []:
        winners = ", ".join(f"{name} {chips(amount)}" for name, amount in pot["shares"].items())
        words = say(
            "won",
            lang,
            pot=(pot["pot_ru"] if lang == "ru" else pot["pot"]).capitalize(),
            amount=chips(pot["amount"]),
            winners=winners,
        )
        if pot.get("hand"):
            words += say("with", lang, hand=pot["hand"]["ru" if lang == "ru" else "en"])
        out.append(words)
    return out


class HoldemView(GameView):
    """Seats across the top; the board and the pots in the middle; the action, the last pots
    paid and the verdicts below."""

    def layout_glyphs(self, area: QRectF) -> list[Glyph]:
        view, lang, unit = self.view, self.lang, self.unit()
        if "players" not in view:
            return []
        margin = min(area.width(), area.height()) * 0.02
        inner = area.adjusted(margin, margin, -margin, -margin)
        line = max(unit * 0.04, unit * MIN_TEXT / 0.72)
        seats_h = line * (3.3 + (2.6 if view.get("shown") else 0))
        seats = QRectF(inner.left(), inner.top(), inner.width(), seats_h)
        out = seat_glyphs(view, lang, seats, unit)
        results = result_lines(view, lang)[:2]
        written = [v for v in self.verdicts if v.kind in SHOWN and v.code not in SKIPPED]
        below = inner.bottom() - line * (1.4 + 1.1 * len(results) + (2.4 if written else 0))
        middle = QRectF(inner.left(), seats.bottom() + margin, inner.width(), 0)
        middle.setBottom(below - margin)
        heading = say("hand", lang, hand=view.get("hand"), street=street(view["street"], lang))
        small, big = view.get("blinds", [0, 0])
        heading += " · " + say("blinds", lang, small=small, big=big)
        if view.get("ante"):
            heading += " · " + say("ante", lang, ante=view["ante"])
        if view.get("dead_button"):
            heading += " · " + say("dead_button", lang)
        board_w = middle.width() * 0.5
        out.append(
            Glyph(
                "text", QRectF(middle.left(), middle.top(), board_w, line * 0.9), heading, "muted"
            )
        )
        board = QRectF(middle.left(), middle.top() + line, board_w, middle.height() - line)
        out += board_glyphs(view, board)
        pots = QRectF(
            board.right() + margin * 2,
            middle.top(),
            middle.right() - board.right() - margin * 2,
            middle.height(),
        )
        out += pot_glyphs(view, lang, pots, line)
        top = below
        action = action_line(view, lang)
        if action:
            rect = QRectF(inner.left(), top, inner.width(), line * 1.2)
            out.append(Glyph("band", rect.adjusted(-4, 0, 4, 0), None, "accent"))
            out.append(Glyph("text", rect, action, "bold"))
        top += line * 1.35
        for words in results:
            out.append(
                Glyph("text", QRectF(inner.left(), top, inner.width(), line), words, "accent")
            )
            top += line * 1.1
        rest = QRectF(inner.left(), top, inner.width(), inner.bottom() - top)
        return out + verdict_glyphs(self.verdicts, lang, rest, line, skip=SKIPPED, last=2)


__all__ = ["HoldemView", "action_line", "board_glyphs", "pot_glyphs", "seat_glyphs"]
