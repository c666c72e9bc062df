"""A PostgreSQL server of the test's own, from Debian's ``postgresql`` binaries: a fresh cluster
in a temporary folder, trust authentication, on a free loopback port, no fsync; removed at
stop.  The server refuses to run as root, so as root it runs as Debian's ``postgres`` user."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from mosquitto_broker import free_port

USER = "tableref"


def _binaries() -> Path | None:
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(versions[-1]).parent if versions else None


class Postgres:
    def __init__(self) -> None:
        binaries = _binaries()
        if binaries is None:
            pytest.skip("Debian's postgresql is not installed (scripts/setup-dev.sh installs it)")
        self.bin = binaries
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="tableref-pg-"))
        self.data = self.folder / "data"
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]

    @property
    def url(self) -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/postgres"

    def database(self, name: str) -> str:
        """A new, empty database on the server: its URL (one a test, on one server)."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as server:
            server.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{name}"

    def _run(self, *command: str) -> None:
        subprocess.run([*self.as_user, *command], check=True, capture_output=True, timeout=60)

    def start(self) -> None:
        initdb, pg_ctl = str(self.bin / "initdb"), str(self.bin / "pg_ctl")
        self._run(initdb, "-D", str(self.data), "-A", "trust", "-U", USER, "--no-sync")
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(
            pg_ctl,
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.folder / "log"),
            "-w",
            "start",
        )

    def stop(self) -> None:
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
