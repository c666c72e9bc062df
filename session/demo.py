"""The demo: a dice night generated, recorded and played through the whole referee.

Nothing big is bundled: the recording is made on first use from the bundled game
(``ui/demo/yahtzee-night.yaml``, the truth) and a seed, and cached.  Making it runs the full
pipeline, as at a real table: each throw is rendered frame by frame (:mod:`session.demo_render`),
read by the classical dice reader, settled by the observer, turned into a ``roll`` by the dice
interpreter and judged by the live session, with the scripted operator
(:mod:`session.demo_script`) confirming, correcting and choosing the rows; the recording writer
keeps the video, the readings, the facts, the events and the journal.  Playing the demo feeds
that video through perception again into a fresh session (:func:`play`, or the
:class:`~session.demo_player.RecordingPlayer` source for the Qt windows).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scoring.scenario import load
from session.demo_player import DiceCamera, RecordingPlayer
from session.demo_render import REST, TUMBLE, DiceTable
from session.demo_script import CueFilter, ScriptedOperator, Tally, ThrowEnded, script_steps
from session.live import FrameTap, LiveSession, SessionEvent
from session.recording import Recording, RecordingWriter
from vision.progress import tracked

#: The bundled game whose rolls the renderer draws and whose choices the operator types.
DICE_NIGHT = Path(__file__).resolve().parent.parent / "ui" / "demo" / "yahtzee-night.yaml"

#: Changes whenever the rendering or the script's reading changes, so no stale cache is played.
VERSION = 1

SEED = 12
FPS = 10.0


def cache_folder() -> Path:
    """Where generated recordings are kept: ``$XDG_CACHE_HOME/tableref/demo`` (by default
    ``~/.cache``), or a temporary folder when that cannot be written."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    folder = Path(base) / "tableref" / "demo"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        folder = Path(tempfile.gettempdir()) / "tableref-demo"
        folder.mkdir(parents=True, exist_ok=True)
    return folder


#: Played demos kept in the cache, the new one included: the run before this one is still
#: there for the replay command it printed, and replaying the demo again and again does not
#: fill the disk.
KEEP_PLAYED = 3
#: In a played demo's folder: the pid of the process recording it.  A folder whose process
#: still runs is a demo being played and is never removed.
PLAYER_PID = ".player.pid"


def played_folder(cache: Path) -> Path:
    """A new folder for recording a played demo; of the earlier ones in ``cache`` the newest
    :data:`KEEP_PLAYED` - 1 are kept, and any still being played."""
    earlier = sorted(cache.glob("played-*"), key=_modified, reverse=True)
    for old in earlier[KEEP_PLAYED - 1 :]:
        if not _being_played(old):
            shutil.rmtree(old, ignore_errors=True)
    folder = Path(tempfile.mkdtemp(prefix="played-", dir=cache))
    (folder / PLAYER_PID).write_text(str(os.getpid()))
    return folder


def _modified(folder: Path) -> float:
    try:
        return folder.stat().st_mtime
    except OSError:  # removed meanwhile by another run
        return 0.0


def _being_played(folder: Path) -> bool:
    """Whether the process named in the folder's :data:`PLAYER_PID` still runs."""
    try:
        pid = int((folder / PLAYER_PID).read_text())
    except (OSError, ValueError):
        return False
    if pid == os.getpid():
        return False  # this process plays one demo at a time: the earlier one is done
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    return True


def dice_interpreter() -> Any:
    """The session's interpreter for the dice night (dice and panel), deaf to the cues."""
    from session.families import interpreter_for

    return CueFilter(interpreter_for(load(DICE_NIGHT).game))


def classical_reader() -> Any:
    """The reader the demo uses: classical (OpenCV only), so no PyTorch is needed."""
    from vision.dice.classical import ClassicalReader

    return ClassicalReader()


def dice_night(
    cache: Path | None = None,
    *,
    turns: int | None = None,
    seed: int = SEED,
    on_make: Callable[[str], Any] | None = None,
) -> Path:
    """The dice night's recording, made now if the cache does not hold it yet (``on_make``
    hears one line saying so)."""
    name = f"dice-night-v{VERSION}-seed{seed}-{'all' if turns is None else turns}.tableref"
    return _cached(
        cache, name, lambda folder: generate_dice_night(folder, turns=turns, seed=seed), on_make
    )


def skittles_shot(
    cache: Path | None = None, *, on_make: Callable[[str], Any] | None = None
) -> Path:
    """The skittles shot's recording, made now if the cache does not hold it yet."""
    from session import demo_skittles

    name = f"skittles-shot-v{VERSION}-seed{demo_skittles.SEED}.tableref"
    return _cached(cache, name, demo_skittles.generate, on_make)


def _cached(
    cache: Path | None,
    name: str,
    make: Callable[[Path], Any],
    on_make: Callable[[str], Any] | None,
) -> Path:
    """``cache/name``, made by ``make`` into a temporary folder and moved in once whole, so a
    crash never leaves a half recording where a whole one is expected."""
    cache = cache or cache_folder()
    cache.mkdir(parents=True, exist_ok=True)
    folder = cache / name
    if not (folder / "final.json").is_file():
        if on_make is not None:
            on_make(f"making {name} (first run only: rendered and read into {cache})")
        building = Path(tempfile.mkdtemp(prefix=".building-", dir=cache)) / name
        make(building)
        shutil.rmtree(folder, ignore_errors=True)  # a half-made one from a crash
        os.replace(building, folder)
        shutil.rmtree(building.parent, ignore_errors=True)
    return folder


def generate_dice_night(
    folder: Path, *, turns: int | None = None, seed: int = SEED, scenario: Path = DICE_NIGHT
) -> Tally:
    """Render, read, judge and record the scripted dice night in ``folder``; what the operator
    had to do."""
    game = load(scenario)
    steps = script_steps(game, turns)
    per_throw = TUMBLE + REST
    rolls = [index for index, step in enumerate(steps) if step.get("do") == "roll"]
    cue_frames = [[(number + 1) * per_throw - 1, step] for number, step in enumerate(rolls)]
    sources = {
        "camera": {"renderer": "session.demo_render", "seed": seed, "version": VERSION},
        "reader": "classical",
        "script": {"scenario": scenario.name, "turns": turns, "cues": cue_frames},
    }
    writer = RecordingWriter.create(
        folder, game.game, game.players, game.preset, game.options, fps=FPS, sources=sources
    )
    try:
        session = LiveSession(writer.journal, dice_interpreter())
        operator = ScriptedOperator(session, steps)
        camera = DiceCamera(classical_reader(), session, writer=writer)
        session.subscribe(lambda event: writer.add_event(event, camera.t))
        session.subscribe(operator)
        table = DiceTable(seed)
        operator.start()
        session.pump()
        index = 0
        for number, step in tracked(list(enumerate(rolls)), "rendering and reading the throws"):
            for frame in table.throw(number, steps[step]["dice"]):
                camera.feed(frame.image, index, index / FPS)
                index += 1
                session.pump()
            session.post(ThrowEnded(step))
            session.pump()
            session.pump()  # what the operator posted at the cue
        if not operator.done:
            raise RuntimeError(f"{scenario}: the demo script did not finish")
    finally:
        writer.close()
    return operator.tally


@dataclass
class Played:
    """A demo being played: the source recording, the fresh session, its scripted operator
    (and tally), and the writer recording the new session (close it when done)."""

    recording: Recording
    session: LiveSession
    operator: ScriptedOperator
    writer: RecordingWriter

    def close(self) -> None:
        self.writer.close()
        self.recording.close()


def prepare(
    source: Path,
    out: Path,
    *,
    tap: FrameTap | None = None,
    on_note: Callable[[str], Any] | None = None,
) -> tuple[Played, RecordingPlayer]:
    """A fresh session over ``source``'s game with its scripted operator, and the player that
    feeds ``source``'s video through perception into it; the new session is recorded in
    ``out`` (a new folder)."""
    recording = Recording.open(source)
    meta = recording.meta
    game = load(DICE_NIGHT)
    steps = script_steps(game, meta["sources"]["script"]["turns"])
    writer = RecordingWriter.create(
        out,
        meta["game"],
        meta["players"],
        meta["preset"],
        meta["options"],
        fps=meta["fps"],
        sources={**meta["sources"], "played_from": str(source)},
        lossless=True,  # the printed replay --rerun reads the very frames that were read now
    )
    session = LiveSession(writer.journal, dice_interpreter())
    operator = ScriptedOperator(session, steps, on_note)
    camera = DiceCamera(classical_reader(), session, tap=tap, writer=writer)
    session.subscribe(lambda event: writer.add_event(event, camera.t))
    session.subscribe(operator)
    return Played(recording, session, operator, writer), RecordingPlayer(recording, camera)


def play(
    source: Path,
    out: Path,
    *,
    on_event: Callable[[SessionEvent], None] | None = None,
    on_note: Callable[[str], Any] | None = None,
) -> Played:
    """Play ``source`` through perception into a fresh session as fast as it reads, judging
    each frame's outcome before the next frame (the headless demo and the tests)."""
    played, player = prepare(source, out, on_note=on_note)
    session = played.session
    if on_event is not None:
        session.subscribe(on_event)
    try:
        played.operator.start()
        session.pump()
        for index in range(played.recording.frame_count):
            player.play(index)
            session.pump()
            session.pump()  # what the operator posted at a cue
    finally:
        played.close()
    return played
