"""The carom table's command bodies, kept out of the command modules so those stay thin:
``tableref detect table VIDEO`` and ``tableref eval shots DIR``."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

from ui.commands import CommandError
from vision.carom.observer import ShotObserver
from vision.profile import ProfileError
from vision.sources import FrameSourceError, VideoFileSource


def detect_table(videos: Sequence[Path], game: str, as_json: bool) -> int:
    """Print every shot seen in each video: one JSON object per shot with ``--json``."""
    status = 0
    for path in videos:
        try:
            observer = ShotObserver(None, game)
            with VideoFileSource(path) as source:
                for frame in source:
                    for ended in observer.update(frame.image, frame.timestamp, frame.index):
                        _print(path, ended.to_json(), as_json)
            for ended in observer.flush():
                _print(path, ended.to_json(), as_json)
        except (FrameSourceError, ProfileError) as error:
            sys.stdout.flush()
            print(f"error: {error}", file=sys.stderr)
            status = 2
        except ValueError as error:
            raise CommandError(str(error)) from None
    return status


def _print(path: Path, found: dict, as_json: bool) -> None:
    data = {"video": str(path), **found}
    print(json.dumps(data) if as_json else _text(data), flush=True)


def _text(data: dict) -> str:
    record = data["record"]
    contacts = ", ".join(f"{c[0]}>{c[1]}" for c in record["contacts"]) or "no contact"
    down = ", ".join(f"{d[0]} by {d[1]}" for d in record["down"]) or "nothing down"
    line = f"{data['video']}: shot at {data['timestamp']:.2f} s: {contacts}; {down}"
    for key in ("pocketed", "off_table", "displaced"):
        if record[key]:
            line += f"; {key} " + ", ".join(
                str(i[0] if isinstance(i, list) else i) for i in record[key]
            )
    if data["ambiguous"]:
        line += "\n  confirm: " + "; ".join(data["ambiguous"])
    return line + f"  ({data['confidence']:.2f})"


def eval_shots(folder: Path, limit: int | None, as_json: bool, jobs: int = 1) -> int:
    from vision.carom.evaluate import evaluate_shots

    report = evaluate_shots(folder, limit, jobs)
    if not report.results:
        raise CommandError(f"{folder}: no shot_NNNN.avi with its .json (tableref synth shots)")
    print(json.dumps(report.to_json(), indent=1) if as_json else report.to_text())
    return 0
