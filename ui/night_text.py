"""A night's standings as CSV and JSON, for a spreadsheet or another program; the PDF is
:mod:`ui.printing.night_pdf`.  The CSV is one table in sections (overall, each game's places,
points by game, the settlement), a player a column, so it pastes into a sheet as it is."""

from __future__ import annotations

import csv
import io
import json

from scoring.dice.sheet.tally import exact
from session.nights.standings import NightStandings
from ui.printing.words import word

REPORT_FORMATS = ("pdf", "csv", "json")


def night_json(standings: NightStandings) -> str:
    return json.dumps(standings.to_dict(), ensure_ascii=False, indent=2) + "\n"


def night_csv(standings: NightStandings, lang: str = "en") -> str:
    players = list(standings.players)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["section", "line", *players])
    by_player = {s.player: s for s in standings.overall}
    writer.writerow(["overall", word("place", lang), *(by_player[p].place for p in players)])
    writer.writerow(
        ["overall", word("night_points", lang), *(exact(by_player[p].points) for p in players)]
    )
    writer.writerow(["overall", word("wins", lang), *(by_player[p].wins for p in players)])
    for result in standings.games:
        name = f"{result.number}. {result.title(lang)}"
        section = f"game {result.number}"
        placed = {player: place for place, player, _ in result.places}
        writer.writerow([section, name, *(_blank(result.scores.get(p)) for p in players)])
        if result.over:
            writer.writerow(
                [section, word("place", lang), *(_blank(placed.get(p)) for p in players)]
            )
        else:
            writer.writerow([section, word("in_play", lang), *([""] * len(players))])
    for scale in standings.scales:
        title = word("scale_games", lang, title=scale.title(lang), games=scale.games)
        writer.writerow(["points", title, *(_blank(scale.totals.get(p)) for p in players)])
    if standings.settlement is not None:
        writer.writerow(
            [
                "settlement",
                word("settlement", lang),
                *(exact(standings.settlement[p]) for p in players),
            ]
        )
    return out.getvalue()


def _blank(value: object) -> object:
    return "" if value is None else value
