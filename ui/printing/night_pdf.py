"""A night on paper: the first page is the night's standings (overall by night points, each
game's places and winner, points where games share a scale, the G1 settlement), and every game
follows on its own page as its score sheet, so the pile reads like the pads of the evening."""

from __future__ import annotations

from pathlib import Path

from scoring.dice.sheet.tally import exact
from session.journal import Journal
from session.nights.folder import Night
from session.nights.standings import NightStandings
from ui.printing.paper import Line, Paper
from ui.printing.sheet_pdf import (
    PORTRAIT_PLAYERS,
    add_sheet_page,
    footer_text,
    game_lines,
    game_title,
    title_width,
)
from ui.printing.words import word


def night_pdf(night: Night, standings: NightStandings, out: Path, lang: str = "en") -> Path:
    wide = len(standings.players) > PORTRAIT_PLAYERS
    paper = Paper(footer_text(night.folder, lang), wide)
    paper.set_title(f"{word('night', lang)}: {standings.title}")
    paper.add_page()
    _standings_page(paper, standings, lang)
    for path, result in zip(night.games(), standings.games, strict=True):
        with Journal.open(path, readonly=True) as journal:
            lines = [f"{result.number}. {path.name}", *game_lines(journal, lang)]
            add_sheet_page(paper, game_title(result.game, lang), lines, result.sheet, lang)
    return paper.save(out)


def _standings_page(paper: Paper, standings: NightStandings, lang: str) -> None:
    players = list(standings.players)
    facts = [
        word("players", lang, players=", ".join(players)),
        word("started", lang, at=standings.created[:16].replace("T", " ")),
    ]
    paper.heading(f"{word('night', lang)}: {standings.title}", [" · ".join(facts)])
    if not standings.games:
        paper.note(word("no_games", lang))
        return
    paper.subheading(word("overall", lang))
    head = [word("player", lang), word("place", lang), word("night_points", lang)]
    head += [word("wins", lang), word("played", lang)]
    rows = [
        Line([s.player, str(s.place), str(exact(s.points)), str(s.wins), str(s.played)])
        for s in standings.overall
    ]
    paper.ruled(head, rows, 50)
    paper.subheading(word("games", lang))
    lines = []
    for result in standings.games:
        placed = {player: place for place, player, _ in result.places}
        cells = [
            _score(result.scores.get(p), placed.get(p)) if p in result.players else "—"
            for p in players
        ]
        lines.append(Line([f"{result.number}. {result.title(lang)}", *cells]))
        if not result.over:
            lines[-1] = Line(
                [f"{result.number}. {result.title(lang)} ({word('in_play', lang)})", *cells]
            )
    paper.ruled([word("game", lang), *players], lines, title_width(paper, lines))
    if standings.scales:
        paper.subheading(word("scales", lang))
        totals = [
            Line(
                [
                    word("scale_games", lang, title=scale.title(lang), games=scale.games),
                    *(str(scale.totals.get(p, "—")) for p in players),
                ],
                "subtotal",
            )
            for scale in standings.scales
        ]
        paper.ruled([word("game", lang), *players], totals, title_width(paper, totals))
    if standings.settlement is not None:
        paper.subheading(word("settlement", lang))
        line = Line(["", *(str(exact(standings.settlement[p])) for p in players)], "total")
        paper.ruled(["", *players], [line], 62)
    paper.ln(4)
    paper.note(word("points_note", lang))


def _score(score: object, place: int | None) -> str:
    """``53 (1)``: the game's score and, once it is over, the place it earned."""
    return f"{score} ({place})" if place is not None else str(score)
