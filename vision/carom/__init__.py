"""Vision III, the carom table: from overhead video of a billiard table to the shot record
(docs/SHOT_RECORD.md) that the skittles engines judge.

* :mod:`vision.carom.layout` - the table of each game (size, balls, skittles, marks, pockets);
* :mod:`vision.carom.calibration` - image px <-> table mm from the cushions or four points;
* :mod:`vision.carom.physics` - the 2D shot simulator and its exact event list;
* :mod:`vision.carom.render` - top-down video of a simulated shot;
* :mod:`vision.carom.balls`, :mod:`vision.carom.tracker` - balls by colour, kept by prediction;
* :mod:`vision.carom.skittles` - each skittle up, displaced, down or removed;
* :mod:`vision.carom.lying` - a skittle seen lying stays down for the rest of the shot;
* :mod:`vision.carom.events` - tracks and skittle states -> events -> the shot record;
* :mod:`vision.carom.observer` - :class:`ShotObserver`, the session layer's entry point;
* :mod:`vision.carom.evaluate`, :mod:`vision.carom.verdict`, :mod:`vision.carom.bench`.
"""

from vision.carom.observer import ShotEnded, ShotObserver

__all__ = ["ShotEnded", "ShotObserver"]
