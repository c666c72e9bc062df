"""The web application: the live page and its stream, the operator's two actions, and the
history pages with their downloads.  Spectators can only read; ``/api/confirm`` and
``/api/undo`` need the operator's PIN and post to the session with source ``phone``, so the
journal says who did it."""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from session.journal import Journal, JournalError
from session.live import Confirm, Undo
from ui.web.feed import LiveFeed
from ui.web.gate import OperatorGate

STATIC = Path(__file__).parent / "static"
PHONE = "phone"
PIN_HEADER = "x-operator-pin"
HISTORY_WORDS = {
    "en": ("Sessions", "Score sheet", "Download", "Live page", "No such session"),
    "ru": ("Сессии", "Лист записи", "Скачать", "Идёт сейчас", "Нет такой сессии"),
}


def create_app(
    feed: LiveFeed, gate: OperatorGate, sessions: Callable[[], Sequence[Path]]
) -> Starlette:
    """``sessions`` lists the journals the history may show (the live one, the night's)."""

    def client(request: Request) -> str:
        return request.client.host if request.client else "?"

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "live.html", headers={"cache-control": "no-cache"})

    async def state(request: Request) -> Response:
        return JSONResponse(feed.latest)

    async def events(request: Request) -> Response:
        return StreamingResponse(
            feed.stream(),
            media_type="text/event-stream",
            headers={"cache-control": "no-cache", "x-accel-buffering": "no"},
        )

    def refused(request: Request) -> Response | None:
        verdict = gate.check(client(request), request.headers.get(PIN_HEADER))
        if verdict == "ok":
            return None
        status = 429 if verdict == "locked" else 403
        return JSONResponse({"error": f"operator PIN {verdict}"}, status_code=status)

    async def operator(request: Request) -> Response:
        return refused(request) or JSONResponse({"operator": True})

    async def confirm(request: Request) -> Response:
        denied = refused(request)
        if denied is not None:
            return denied
        body = await _json(request)
        held = body.get("pending")
        if held is not None and (not isinstance(held, int) or isinstance(held, bool)):
            return JSONResponse({"error": "pending must be a proposal's number"}, status_code=400)
        feed.session.post(Confirm(held, source=PHONE))
        return JSONResponse({"posted": "confirm"}, status_code=202)

    async def undo(request: Request) -> Response:
        denied = refused(request)
        if denied is not None:
            return denied
        feed.session.post(Undo(source=PHONE))
        return JSONResponse({"posted": "undo"}, status_code=202)

    def known(name: str) -> Path | None:
        return next((path for path in sessions() if path.name == name), None)

    async def history(request: Request) -> Response:
        lang = _lang(request)
        words = HISTORY_WORDS[lang]
        items = "".join(
            f'<li><a href="/history/{escape(p.name)}?lang={lang}">{escape(p.name)}</a></li>'
            for p in sessions()
        )
        body = f'<h1>{words[0]}</h1><ul class="sessions">{items}</ul>'
        body += f'<p><a href="/?lang={lang}">{words[3]}</a></p>'
        return HTMLResponse(_page(words[0], body, lang))

    async def session_page(request: Request) -> Response:
        lang = _lang(request)
        words = HISTORY_WORDS[lang]
        path = known(request.path_params["name"])
        if path is None:
            return PlainTextResponse(words[4], status_code=404)
        return HTMLResponse(_page(words[1], _session_html(path, lang), lang))

    async def download(request: Request) -> Response:
        path = known(request.path_params["name"])
        kind = request.path_params["kind"]
        if path is None or kind not in ("csv", "json", "pdf"):
            return PlainTextResponse(HISTORY_WORDS["en"][4], status_code=404)
        lang = _lang(request)
        filename = f"{path.stem}-sheet.{kind}"
        disposition = {"content-disposition": f'attachment; filename="{filename}"'}
        if kind == "pdf":
            return Response(_pdf(path, lang), media_type="application/pdf", headers=disposition)
        from ui.sheet_text import sheet_csv, sheet_json

        with Journal.open(path, readonly=True) as journal:
            sheet = journal.match.engine.score_sheet(journal.match.state)
        text = sheet_csv(sheet, lang) if kind == "csv" else sheet_json(sheet) + "\n"
        media = "text/csv" if kind == "csv" else "application/json"
        return Response(text, media_type=f"{media}; charset=utf-8", headers=disposition)

    return Starlette(
        routes=[
            Route("/", page),
            Route("/api/state", state),
            Route("/events", events),
            Route("/api/operator", operator, methods=["POST"]),
            Route("/api/confirm", confirm, methods=["POST"]),
            Route("/api/undo", undo, methods=["POST"]),
            Route("/history", history),
            Route("/history/{name}", session_page),
            Route("/history/{name}/sheet.{kind}", download),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]
    )


async def _json(request: Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}


def _lang(request: Request) -> str:
    return "ru" if request.query_params.get("lang") == "ru" else "en"


def _pdf(path: Path, lang: str) -> bytes:
    from ui.printing.sheet_pdf import journal_sheet_pdf

    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "sheet.pdf"
        journal_sheet_pdf(path, out, lang)
        return out.read_bytes()


def _session_html(path: Path, lang: str) -> str:
    """The session's sheet as the page's table, its state line, and the downloads."""
    from ui.printing.sheet_pdf import game_lines, game_title

    words = HISTORY_WORDS[lang]
    try:
        with Journal.open(path, readonly=True) as journal:
            sheet = journal.match.engine.score_sheet(journal.match.state)
            title, lines = game_title(journal.game, lang), game_lines(journal, lang)
    except JournalError as error:
        return f"<p>{escape(str(error))}</p>"
    head = "".join(f"<th>{escape(str(c))}</th>" for c in sheet["columns"])
    body = []
    for row in sheet["rows"]:
        cells = "".join(f"<td>{escape(_cell(row['cells'].get(c)))}</td>" for c in sheet["columns"])
        name = escape(str(row["ru"] if lang == "ru" else row["en"]))
        body.append(f'<tr class="{escape(str(row["kind"]))}"><th>{name}</th>{cells}</tr>')
    where = f"/history/{escape(path.name)}/sheet"
    links = " · ".join(
        f'<a download href="{where}.{kind}?lang={lang}">{kind.upper()}</a>'
        for kind in ("pdf", "csv", "json")
    )
    facts = "".join(f"<p>{escape(line)}</p>" for line in lines)
    return (
        f"<h1>{escape(title)}</h1>{facts}"
        f'<p class="downloads">{words[2]}: {links}</p>'
        f'<div class="sheet-wrap"><table class="sheet"><thead><tr><th></th>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>"
        f'<p><a href="/history?lang={lang}">{words[0]}</a> · '
        f'<a href="/?lang={lang}">{words[3]}</a></p>'
    )


def _page(title: str, body: str, lang: str) -> str:
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title>"
        '<link rel="stylesheet" href="/static/live.css"></head>'
        f'<body class="history"><main>{body}</main></body></html>'
    )


def _cell(value: Any) -> str:
    return "" if value is None else str(value)
