"""The club page: every table on the club's broker (game, players, scores, state) on one page
that follows the board live, for a club's screen or a phone.  Read-only: the page has nothing
that writes, and the server only reads the board."""

from __future__ import annotations

import socket
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from session.club.board import ClubBoard
from ui.web.club_feed import ClubFeed
from ui.web.server import Address, AppServer

STATIC = Path(__file__).parent / "static"


def create_club_app(feed: ClubFeed) -> Starlette:
    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "club.html", headers={"cache-control": "no-cache"})

    async def tables(request: Request) -> Response:
        return JSONResponse(feed.snapshot())

    async def events(request: Request) -> Response:
        return StreamingResponse(
            feed.stream(),
            media_type="text/event-stream",
            headers={"cache-control": "no-cache", "x-accel-buffering": "no"},
        )

    return Starlette(
        routes=[
            Route("/", page),
            Route("/api/tables", tables),
            Route("/events", events),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]
    )


class ClubServer(AppServer):
    """The club page of ``board`` (heard on ``broker``) on ``address``."""

    def __init__(self, board: ClubBoard, broker: str, address: Address | socket.socket) -> None:
        self.feed = ClubFeed(board, broker)
        super().__init__(create_club_app(self.feed), address, "club-page")

    def _closing(self) -> None:
        self.feed.close()
