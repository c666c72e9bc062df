"""Serving the live page beside a live session: uvicorn on its own thread with its own event
loop, the session's consumer untouched.  The socket is bound here, before the thread starts,
so a port in use is one error line at start and port 0 (the tests) gets a free port."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Self

import uvicorn

from session.live import LiveSession
from ui.web.app import create_app
from ui.web.feed import LiveFeed
from ui.web.gate import OperatorGate

DEFAULT_PORT = 8765
START_WAIT_S = 10.0


class ServeError(Exception):
    """The page cannot be served: names the address and why."""


@dataclass(frozen=True)
class Address:
    host: str
    port: int


def parse_address(text: str) -> Address:
    """``HOST:PORT``, ``:PORT`` or ``HOST``; all interfaces and port 8765 where left out."""
    host, _, port = text.rpartition(":") if ":" in text else (text, "", "")
    if port and (not port.isdigit() or not 0 <= int(port) <= 65535):
        raise ServeError(f"--serve {text}: the port must be a number from 0 to 65535")
    return Address(host or "0.0.0.0", int(port) if port else DEFAULT_PORT)


def lan_address() -> str:
    """This machine's address on the local network, as a phone there reaches it: the address
    the system would send from to a private network (a UDP socket sends nothing to learn it);
    loopback where there is no network."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


class AppServer:
    """A web application on ``address`` (or an already ``bind``-ed socket) served by uvicorn
    on its own thread with its own event loop until :meth:`stop`: the live page and the club
    page both."""

    def __init__(self, app: Any, address: Address | socket.socket, name: str = "web") -> None:
        self.app = app
        self._socket = address if isinstance(address, socket.socket) else bind(address)
        bound = self._socket.getsockname()
        self.host, self.port = str(bound[0]), int(bound[1])
        config = uvicorn.Config(
            self.app, log_level="warning", lifespan="off", timeout_graceful_shutdown=2
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    @property
    def url(self) -> str:
        """The address to open on a phone (the local network's, for a server on all of them)."""
        host = lan_address() if self.host in ("0.0.0.0", "::", "") else self.host
        return f"http://{host}:{self.port}/"

    def _run(self) -> None:
        self._server.run(sockets=[self._socket])

    def start(self) -> Self:
        """Serve from now on; a second call (the windows start their sources) does nothing."""
        if self._thread.ident is not None:
            return self
        self._thread.start()
        deadline = time.monotonic() + START_WAIT_S
        while not self._server.started and self._thread.is_alive() and time.monotonic() < deadline:
            time.sleep(0.02)
        if not self._server.started:
            raise ServeError(f"{self.url}: the server did not start")
        return self

    def stop(self, timeout: float = 5.0) -> None:
        """Close the streams and the server; again, or before a start, does nothing."""
        if self._socket.fileno() < 0:
            return
        self._closing()
        self._server.should_exit = True
        if self._thread.ident is not None:
            self._thread.join(timeout)
        self._socket.close()

    def _closing(self) -> None:
        """End what would keep a connection open (the event streams) before the server stops."""


class LiveServer(AppServer):
    """The live page of ``session`` (a command binds its socket before it makes a journal, so a
    port in use leaves no file)."""

    def __init__(
        self,
        session: LiveSession,
        address: Address | socket.socket,
        sessions: Callable[[], Sequence[Path]] | None = None,
        pin: str | None = None,
    ) -> None:
        self.feed = LiveFeed(session)
        self.gate = OperatorGate(pin)
        listed = sessions or (lambda: [self.feed.session.journal.path])
        super().__init__(create_app(self.feed, self.gate, listed), address, "live-page")

    @property
    def session(self) -> LiveSession:
        return self.feed.session

    @session.setter
    def session(self, session: LiveSession) -> None:
        """A new game in the same windows (the console's): the page follows it.  The live
        windows hand it over as they do to every source holding the session."""
        self.feed.rebind(session)

    @property
    def pin(self) -> str:
        return self.gate.pin

    def _closing(self) -> None:
        self.feed.close()


def bind(address: Address) -> socket.socket:
    family = socket.AF_INET6 if ":" in address.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((address.host, address.port))
    except OSError as error:
        sock.close()
        raise ServeError(f"--serve {address.host}:{address.port}: {error.strerror}") from None
    sock.listen(64)
    sock.set_inheritable(True)
    return sock
