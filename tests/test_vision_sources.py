"""Frame sources (vision/sources.py) on real files written by OpenCV: a video, a folder with a
corrupt jpg, a camera that does not exist, and a "camera" stream that drops out and comes back."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from vision.sources import (  # noqa: E402
    CameraSource,
    FrameSourceError,
    ImageFolderSource,
    SyntheticSource,
    VideoFileSource,
    open_source,
)

FRAMES = 12
FPS = 10.0
W, H = 64, 48


def grey(level: int) -> np.ndarray:
    return np.full((H, W, 3), level, np.uint8)


@pytest.fixture(scope="module")
def video(tmp_path_factory) -> Path:
    """12 frames, 64x48 at 10 fps, frame i a flat grey of 20 * i (MJPG in AVI)."""
    path = tmp_path_factory.mktemp("video") / "throw.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), FPS, (W, H))
    assert writer.isOpened()
    for i in range(FRAMES):
        writer.write(grey(20 * i))
    writer.release()
    return path


def test_video_file_yields_every_frame_with_its_own_timestamps(video):
    source = VideoFileSource(video)
    assert source.fps == pytest.approx(FPS)
    frames = list(source)
    assert [frame.index for frame in frames] == list(range(FRAMES))
    assert [frame.timestamp for frame in frames] == pytest.approx(
        [i / FPS for i in range(FRAMES)], abs=1e-3
    )
    assert [round(frame.image.mean() / 20) for frame in frames] == list(range(FRAMES))
    assert frames[0].image.shape == (H, W, 3)


def test_a_missing_or_undecodable_video_names_the_file(tmp_path):
    with pytest.raises(FrameSourceError, match=r"gone\.avi: no such file"):
        VideoFileSource(tmp_path / "gone.avi")
    bad = tmp_path / "bad.avi"
    bad.write_bytes(b"RIFF not really a video at all" * 10)
    with pytest.raises(FrameSourceError, match=r"bad\.avi: (cannot be opened|no frame)"):
        list(VideoFileSource(bad))
    with pytest.raises(FrameSourceError, match="not a file"):
        VideoFileSource(tmp_path)


def test_image_folder_skips_a_corrupt_jpg_with_a_record(tmp_path, caplog):
    for i, name in enumerate(("a_1.png", "a_2.jpg", "a_10.png")):
        cv2.imwrite(str(tmp_path / name), grey(60 * (i + 1)))
    (tmp_path / "a_3.jpg").write_bytes(b"\xff\xd8\xff\xe0\x00\x10JFIF broken off here")
    (tmp_path / "a_2.txt").write_text("0 0.5 0.5 0.2 0.2\n")  # labels are not frames
    source = ImageFolderSource(tmp_path, fps=2.0)
    frames = list(source)
    names = [source.paths[frame.index].name for frame in frames]
    assert names == ["a_1.png", "a_2.jpg", "a_10.png"]
    assert [frame.index for frame in frames] == [0, 1, 3]  # a_3.jpg keeps its place
    assert [frame.timestamp for frame in frames] == [0.0, 0.5, 1.5]
    assert [(s.path.name, s.reason) for s in source.skipped] == [
        ("a_3.jpg", "not a readable image")
    ]
    assert "a_3.jpg: skipped" in caplog.text


def test_image_folder_errors_name_the_folder(tmp_path):
    with pytest.raises(FrameSourceError, match="no image files"):
        ImageFolderSource(tmp_path)
    with pytest.raises(FrameSourceError, match=r"nowhere: no such folder"):
        ImageFolderSource(tmp_path / "nowhere")


def test_an_absent_camera_is_a_clear_error():
    with pytest.raises(FrameSourceError, match=r"camera 97: cannot be opened"):
        list(CameraSource(97, reconnect=False))


def test_a_camera_stream_that_drops_out_is_reopened_with_backoff(video):
    """A stream URL to a video file ends after 12 frames, as a camera whose cable is pulled;
    reopening it starts it again."""
    waits = []
    camera = CameraSource(str(video), sleep=waits.append, backoff=0.25)
    frames = []
    for frame in camera:
        frames.append(frame)
        if len(frames) == 30:
            break
    camera.close()
    assert [frame.index for frame in frames] == list(range(30))
    assert camera.reconnects == 2 and waits == [0.25, 0.25]
    assert round(frames[FRAMES].image.mean() / 20) == 0  # the stream started over
    delivered = camera.delivered
    assert (delivered.width, delivered.height) == (W, H)
    assert delivered.fps_reported == pytest.approx(FPS)
    assert delivered.fps_measured is not None and delivered.fps_measured > 0


def test_a_dropped_camera_without_reconnect_is_an_error_after_its_frames(video):
    camera = CameraSource(str(video), reconnect=False)
    seen = []
    with pytest.raises(FrameSourceError, match=f"stopped delivering frames after {FRAMES}"):
        for frame in camera:
            seen.append(frame.index)
    assert seen == list(range(FRAMES))


class FlakyCapture:
    """A capture that opens only when the script says so and gives a few frames each time."""

    def __init__(self, opens: list[bool], frames_each: int = 2) -> None:
        self.opened = opens.pop(0)
        self.left = frames_each

    def isOpened(self) -> bool:  # OpenCV's name
        return self.opened

    def set(self, prop, value) -> bool:
        return True

    def get(self, prop) -> float:
        return 25.0 if prop == cv2.CAP_PROP_FPS else 0.0

    def read(self):
        if self.left == 0:
            return False, None
        self.left -= 1
        return True, grey(100)

    def release(self) -> None:
        self.opened = False


def test_reconnect_waits_double_up_to_the_limit_and_then_give_up():
    opens = [True, False, False, True, False, False, False, False]
    waits: list[float] = []
    ticks = iter(np.arange(0, 100, 0.04))
    camera = CameraSource(
        1,
        retries=4,
        backoff=0.5,
        max_backoff=1.0,
        open_capture=lambda device: FlakyCapture(opens),
        sleep=waits.append,
        clock=lambda: float(next(ticks)),
    )
    indices = []
    with pytest.raises(FrameSourceError, match=r"camera 1: lost after 4 frames; 4 reconnect"):
        for frame in camera:
            indices.append(frame.index)
    assert indices == [0, 1, 2, 3]
    assert waits == [0.5, 1.0, 1.0, 0.5, 1.0, 1.0, 1.0]  # then 4 failed tries
    assert camera.reconnects == 1
    assert camera.delivered.fps_measured == pytest.approx(25.0)
    assert camera.delivered.fps_reported == 25.0


def test_synthetic_source_is_reproducible_and_checks_the_renderer():
    def render(rng):
        return rng.integers(0, 255, (8, 8, 3), dtype=np.uint8)

    first = [f.image for f in SyntheticSource(render, seed=4, count=3, fps=10)]
    again = [f.image for f in SyntheticSource(render, seed=4, count=3, fps=10)]
    assert len(first) == 3 and all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    frames = list(SyntheticSource(render, count=3, fps=10))
    assert [(f.index, f.timestamp) for f in frames] == [(0, 0.0), (1, 0.1), (2, 0.2)]
    with pytest.raises(FrameSourceError, match=r"dice: renderer gave \(8, 8\)"):
        list(SyntheticSource(lambda rng: np.zeros((8, 8), np.uint8), count=1, name="dice"))


def test_open_source_picks_the_kind_from_the_spec(video, tmp_path):
    cv2.imwrite(str(tmp_path / "one.png"), grey(10))
    assert isinstance(open_source(str(video)), VideoFileSource)
    assert isinstance(open_source(str(tmp_path)), ImageFolderSource)
    assert isinstance(open_source("3"), CameraSource)
    assert isinstance(open_source("rtsp://table.local/stream"), CameraSource)
    with pytest.raises(FrameSourceError, match="no such file, folder or camera"):
        open_source(str(tmp_path / "nothing.mp4"))
