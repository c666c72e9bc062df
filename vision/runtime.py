"""Where the learned readers' networks run: ONNX Runtime when an exported ``.onnx`` lies beside
the weights, PyTorch (through ultralytics) otherwise.

A reader at the table runs on one core beside the display and the recorder, and PyTorch's
per-call overhead and thread pool cost more than the small networks themselves: the same YOLO
detector answers a 1280x720 frame in about half the time under ONNX Runtime (``tableref bench
vision`` measures both).  ONNX Runtime also starts without importing torch.  The exports are
made from the committed ``.pt`` files by ``scripts/export_onnx.py`` and committed beside them;
the ``.pt`` stays the source of truth (training, teach mode's tuning) and the fallback where
ONNX Runtime is not installed.

:class:`OnnxDetector` feeds the network what ultralytics' predictor would: the frame
letterboxed to the network's side (the short side padded only to the stride, grey 114), RGB,
0-1; and decodes its raw output the same way (best class per anchor, at least ``conf``, then
non-maximum suppression at ``iou``), so both runtimes give the same boxes to within rounding.
"""

from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import cv2
import numpy as np

#: Threads ONNX Runtime may use for one network call (the referee's one core).
THREADS = 1
#: The letterbox's padding colour and the stride the padded side is a multiple of.
PAD_GREY = 114
STRIDE = 32
#: Class-aware suppression offsets each class's boxes by this much (px), as ultralytics does.
CLASS_OFFSET = 7680.0
#: At most this many detections a frame (ultralytics' default).
MAX_DETECTIONS = 300
#: ``TABLEREF_RUNTIME=torch`` makes every reader use PyTorch (comparisons, bisecting a misread).
RUNTIME_VARIABLE = "TABLEREF_RUNTIME"
RUNTIMES = ("auto", "onnx", "torch")


@dataclass(frozen=True)
class Detections:
    """A frame's detections, surest first: ``xyxy`` (n, 4) in the frame's pixels, ``conf``
    (n,), ``cls`` (n,) class indices."""

    xyxy: np.ndarray
    conf: np.ndarray
    cls: np.ndarray


class Detector(Protocol):
    """A YOLO detector in either runtime."""

    runtime: str

    def detect(
        self, image: np.ndarray, size: int, conf: float, iou: float, agnostic: bool = False
    ) -> Detections: ...


def chosen_runtime(runtime: str = "auto") -> str:
    """``runtime`` unless the environment overrides an ``auto``; a bad name is refused."""
    if runtime == "auto":
        runtime = os.environ.get(RUNTIME_VARIABLE, "auto") or "auto"
    if runtime not in RUNTIMES:
        raise ValueError(f"runtime {runtime!r}: expected one of {', '.join(RUNTIMES)}")
    return runtime


def onnx_beside(weights: Path, runtime: str = "auto") -> Path | None:
    """The export to run for ``weights`` (``X.pt`` -> ``X.onnx``), or None for PyTorch: when
    ``runtime`` says so, or (``auto``) when there is no export or no ONNX Runtime."""
    runtime = chosen_runtime(runtime)
    if runtime == "torch":
        return None
    exported = weights.with_suffix(".onnx")
    if runtime == "onnx" or (exported.is_file() and _has_onnxruntime()):
        return exported
    return None


def _has_onnxruntime() -> bool:
    try:
        import onnxruntime  # noqa: F401
    except ImportError:
        return False
    return True


def session(path: Path, what: str, script: str) -> Any:
    """An ONNX Runtime session on one thread for the export at ``path``; a missing file names
    the script that makes it."""
    if not path.is_file():
        raise FileNotFoundError(f"{what}: no ONNX export at {path} (run {script})")
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = THREADS
    options.inter_op_num_threads = 1
    options.log_severity_level = 3
    return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])


def class_names(model: Any) -> tuple[str, ...]:
    """The class names an ultralytics export carries in its metadata (``{0: 'card'}``)."""
    import ast

    raw = model.get_modelmeta().custom_metadata_map.get("names", "{}")
    names = ast.literal_eval(raw)
    return tuple(names[i] for i in range(len(names)))


def softmax(logits: np.ndarray) -> np.ndarray:
    """Row-wise softmax, as ``torch.softmax(logits, 1)``."""
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    return shifted / shifted.sum(axis=1, keepdims=True)


class OnnxNet:
    """An exported network (batch axis dynamic): a float32 batch in, its outputs as numpy
    arrays out.  With ``expected``, an ultralytics export must name exactly those classes in
    that order (a network trained on other classes would misread silently)."""

    runtime = "onnx"

    def __init__(self, path: Path, what: str, expected: tuple[str, ...] | None = None) -> None:
        self.session = session(path, what, "scripts/export_onnx.py")
        self._input = self.session.get_inputs()[0].name
        if expected is not None and (names := class_names(self.session)) != expected:
            raise ValueError(f"{path}: classes {names}, expected {expected}")

    def __call__(self, batch: np.ndarray) -> list[np.ndarray]:
        return list(self.session.run(None, {self._input: batch}))


class OnnxDetector:
    """An ultralytics YOLO detector exported to ONNX (``dynamic=True``), run by ONNX Runtime."""

    runtime = "onnx"

    def __init__(self, path: Path, expected: tuple[str, ...], what: str) -> None:
        self._net = OnnxNet(path, what, expected)

    def detect(
        self, image: np.ndarray, size: int, conf: float, iou: float, agnostic: bool = False
    ) -> Detections:
        batch, gain, (left, top) = letterbox(image, size)
        [output] = self._net(batch)
        rows = output[0].T  # anchors x (cx, cy, w, h, class scores...)
        scores = rows[:, 4:]
        cls = scores.argmax(1)
        best = scores[np.arange(len(rows)), cls]
        keep = best >= conf
        rows, cls, best = rows[keep], cls[keep], best[keep]
        if not len(rows):
            return _empty()
        boxes = np.empty((len(rows), 4), np.float32)
        boxes[:, 0] = rows[:, 0] - rows[:, 2] / 2
        boxes[:, 1] = rows[:, 1] - rows[:, 3] / 2
        boxes[:, 2] = rows[:, 0] + rows[:, 2] / 2
        boxes[:, 3] = rows[:, 1] + rows[:, 3] / 2
        chosen = suppress(boxes, best, cls, iou, agnostic)
        boxes, best, cls = boxes[chosen], best[chosen], cls[chosen]
        boxes -= np.array([left, top, left, top], np.float32)
        boxes /= gain
        height, width = image.shape[:2]
        boxes[:, [0, 2]] = boxes[:, [0, 2]].clip(0, width)
        boxes[:, [1, 3]] = boxes[:, [1, 3]].clip(0, height)
        return Detections(boxes, best.astype(np.float32), cls.astype(np.int64))


def _empty() -> Detections:
    return Detections(np.zeros((0, 4), np.float32), np.zeros(0, np.float32), np.zeros(0, np.int64))


def letterbox(image: np.ndarray, size: int) -> tuple[np.ndarray, float, tuple[int, int]]:
    """The network's input for a BGR frame as ultralytics' predictor makes it: scaled so its
    long side is ``size``, the short side padded to a multiple of STRIDE (half each side);
    returned with the scale and the (left, top) padding."""
    height, width = image.shape[:2]
    gain = min(size / height, size / width)
    new_w, new_h = round(width * gain), round(height * gain)
    pad_w, pad_h = (size - new_w) % STRIDE / 2, (size - new_h) % STRIDE / 2
    if (new_w, new_h) != (width, height):
        image = cv2.resize(image, (new_w, new_h), interpolation=cv2.INTER_LINEAR)
    top, bottom = round(pad_h - 0.1), round(pad_h + 0.1)
    left, right = round(pad_w - 0.1), round(pad_w + 0.1)
    grey = (PAD_GREY, PAD_GREY, PAD_GREY)
    image = cv2.copyMakeBorder(image, top, bottom, left, right, cv2.BORDER_CONSTANT, value=grey)
    batch = image[None, :, :, ::-1].transpose(0, 3, 1, 2).astype(np.float32) / 255.0
    return np.ascontiguousarray(batch), gain, (left, top)


def suppress(
    boxes: np.ndarray, scores: np.ndarray, cls: np.ndarray, iou: float, agnostic: bool
) -> np.ndarray:
    """Indices kept by non-maximum suppression (surest first): a box overlapping a surer one
    of its class (of any class when ``agnostic``) by more than ``iou`` goes."""
    shifted = boxes if agnostic else boxes + (cls[:, None] * CLASS_OFFSET).astype(np.float32)
    order = np.argsort(-scores, kind="stable")
    keep: list[int] = []
    x0, y0, x1, y1 = shifted.T
    areas = (x1 - x0) * (y1 - y0)
    while order.size and len(keep) < MAX_DETECTIONS:
        first, rest = order[0], order[1:]
        keep.append(int(first))
        w = (np.minimum(x1[first], x1[rest]) - np.maximum(x0[first], x0[rest])).clip(0)
        h = (np.minimum(y1[first], y1[rest]) - np.maximum(y0[first], y0[rest])).clip(0)
        inter = w * h
        overlap = inter / (areas[first] + areas[rest] - inter + 1e-9)
        order = rest[overlap <= iou]
    return np.array(keep, np.int64)


class TorchDetector:
    """The same detector through ultralytics and PyTorch (the fallback and the reference)."""

    runtime = "torch"

    def __init__(self, model: Any) -> None:
        self._model = model

    def detect(
        self, image: np.ndarray, size: int, conf: float, iou: float, agnostic: bool = False
    ) -> Detections:
        with contextlib.redirect_stdout(sys.stderr):
            [result] = self._model.predict(
                image,
                imgsz=size,
                conf=conf,
                iou=iou,
                agnostic_nms=agnostic,
                device="cpu",
                verbose=False,
            )
        boxes = result.boxes
        order = np.argsort(-boxes.conf.numpy(), kind="stable")
        return Detections(
            boxes.xyxy.numpy()[order].astype(np.float32),
            boxes.conf.numpy()[order].astype(np.float32),
            boxes.cls.numpy()[order].astype(np.int64),
        )


def load_detector(
    weights: Path, expected: tuple[str, ...], what: str, trainer: str, runtime: str = "auto"
) -> Detector:
    """The detector of ``weights`` (answering the classes ``expected``) in the runtime chosen
    by :func:`onnx_beside`."""
    exported = onnx_beside(weights, runtime)
    if exported is not None:
        return OnnxDetector(exported, expected, what)
    return TorchDetector(load_model(weights, "detect", expected, what, trainer))


def load_model(
    weights: Path, task: str, class_names: tuple[str, ...], what: str, trainer: str
) -> Any:
    """An ultralytics YOLO model for ``task`` from ``weights``, checked to answer exactly
    ``class_names`` in order (a model trained on other classes would misread silently).

    ``what`` and ``trainer`` name the model and the script that trains it in the error for
    missing weights.  Its first import on a machine announces the new settings file on stdout,
    which would corrupt `tableref detect --json`: anything it says goes to stderr.
    """
    if not weights.is_file():
        raise FileNotFoundError(f"{what} weights not found: {weights} (train them with {trainer})")
    ultralytics_env()
    with contextlib.redirect_stdout(sys.stderr):
        from ultralytics import YOLO

        model = YOLO(str(weights), task=task)
    names = tuple(model.names[i] for i in range(len(model.names)))
    if names != class_names:
        raise ValueError(f"{weights}: classes {names}, expected {class_names}")
    return model


def ultralytics_env() -> None:
    """Settings for ultralytics before its import: it writes a settings file on import (kept
    out of the home folder), must not go online, and must not chatter."""
    os.environ.setdefault("YOLO_CONFIG_DIR", str(_settings_dir()))
    os.environ.setdefault("YOLO_OFFLINE", "1")
    os.environ.setdefault("YOLO_VERBOSE", "False")


def _settings_dir() -> Path:
    """``build/ultralytics`` in a source checkout, else a folder beside the weights' cache."""
    root = Path(__file__).resolve().parents[1]
    if (root / "pyproject.toml").is_file():
        return root / "build" / "ultralytics"
    return Path(os.environ.get("TMPDIR", "/tmp")) / "tableref-ultralytics"
