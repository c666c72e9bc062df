"""Synthetic table scenes with labels: shared primitives in :mod:`vision.synth.scene`, one
renderer module per kind of object (``vision.synth.dice``, ``vision.synth.dominoes``).

Rendered scenes train and test the readers; they are randomised so that a model cannot learn
the renderer instead of the objects.
"""
