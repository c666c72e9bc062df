"""Export the default readers' committed networks to ONNX, beside their ``.pt`` files, for
ONNX Runtime (:mod:`vision.runtime`): the dice detector and face classifier (the two-stage
dice reader), the card finder, the card face classifier, the corner reader, the index glyph
reader, and the domino reader's tile finder and half classifier.

Each export is checked against PyTorch on a random batch before it is written.  The YOLO
networks go through ultralytics' exporter with dynamic input shapes, so they see the same
letterboxed frame as ultralytics' predictor; the card and domino networks through
``torch.onnx.export`` with a dynamic batch (the tile finder: any image size too).  Run after
retraining any of them (seconds):

    .venv/bin/python scripts/export_onnx.py
"""

from __future__ import annotations

import contextlib
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import torch  # noqa: E402

from vision.cards import face_classifier, glyph_reader, nets  # noqa: E402
from vision.cards.detector import IMAGE_SIZE as CARD_SIZE  # noqa: E402
from vision.cards.detector import WEIGHTS as CARD_FINDER  # noqa: E402
from vision.cards.geometry import PATCH_H, PATCH_W  # noqa: E402
from vision.cards.index_glyph import GLYPH_H, GLYPH_W  # noqa: E402
from vision.dice import detector as dice_detector  # noqa: E402
from vision.dice import two_stage  # noqa: E402
from vision.runtime import OnnxNet, ultralytics_env  # noqa: E402

#: The ONNX operator set written (ONNX Runtime 1.17 and newer read it).
OPSET = 17
#: An export may differ from PyTorch by at most this much on any output (float rounding).
TOLERANCE = 1e-3


def export_yolo(weights: Path, task: str, size: int) -> Path:
    """An ultralytics model exported beside its weights (``X.pt`` -> ``X.onnx``)."""
    ultralytics_env()
    with contextlib.redirect_stdout(sys.stderr):
        from ultralytics import YOLO

        with tempfile.TemporaryDirectory() as folder:
            copy = Path(folder) / weights.name
            shutil.copy(weights, copy)
            model = YOLO(str(copy), task=task)
            made = Path(
                model.export(
                    format="onnx",
                    imgsz=size,
                    dynamic=True,
                    simplify=False,
                    opset=OPSET,
                    device="cpu",
                )
            )
            target = weights.with_suffix(".onnx")
            shutil.move(made, target)
    return target


def export_net(
    net: torch.nn.Module, weights: Path, shape: tuple[int, int, int], any_size: bool = False
) -> Path:
    """A network exported beside its weights, its batch axis dynamic (and with ``any_size``
    its height and width: a fully convolutional finder), checked against PyTorch on a random
    batch."""
    target = weights.with_suffix(".onnx")
    example = torch.zeros(2, *shape)
    with torch.no_grad():
        outputs = net(example)
    names = [f"out{k}" for k in range(len(outputs) if isinstance(outputs, tuple) else 1)]
    torch.onnx.export(
        net,
        (example,),
        str(target),
        input_names=["batch"],
        output_names=names,
        dynamic_axes={
            name: {0: "n", 2: "h", 3: "w"} if any_size else {0: "n"} for name in ["batch", *names]
        },
        opset_version=OPSET,
        dynamo=False,
    )
    batch = np.random.default_rng(0).normal(size=(5, *shape)).astype(np.float32)
    with torch.no_grad():
        expected = net(torch.from_numpy(batch))
    expected = expected if isinstance(expected, tuple) else (expected,)
    for want, got in zip(expected, OnnxNet(target, weights.name)(batch), strict=True):
        worst = float(np.abs(want.numpy() - got).max())
        if worst > TOLERANCE:
            raise SystemExit(f"{target}: export differs from PyTorch by {worst}")
    return target


def export_dominoes() -> list[Path]:
    """The domino reader's tile finder (any image size), half classifier and raised
    classifier."""
    from vision.dominoes import reader
    from vision.dominoes.nets import (
        HALF_PX,
        HalfClassifier,
        RaisedClassifier,
        TileFinder,
        raised_shape,
    )

    made = []
    for model, path, shape, any_size in (
        (TileFinder(), reader.FINDER_FILE, (3, 96, 128), True),
        (HalfClassifier(), reader.HALVES_FILE, (3, HALF_PX, HALF_PX), False),
        (RaisedClassifier(), reader.RAISED_FILE, (3, *raised_shape()), False),
    ):
        model.load_state_dict(torch.load(path, map_location="cpu", weights_only=True))
        made.append(export_net(model.eval(), path, shape, any_size))
    return made


def main() -> int:
    made = [
        export_yolo(dice_detector.WEIGHTS, "detect", dice_detector.IMAGE_SIZE),
        export_yolo(two_stage.WEIGHTS, "classify", two_stage.PATCH),
        export_yolo(CARD_FINDER, "detect", CARD_SIZE),
        export_net(
            face_classifier.load(),
            face_classifier.WEIGHTS,
            (3, face_classifier.CROP_H, face_classifier.CROP_W),
        ),
        export_net(nets.load(), nets.WEIGHTS, (3, PATCH_H, PATCH_W)),
        export_net(glyph_reader.load(), glyph_reader.WEIGHTS, (3, GLYPH_H, GLYPH_W)),
        *export_dominoes(),
    ]
    for path in made:
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
