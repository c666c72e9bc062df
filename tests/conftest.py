"""Hypothesis settings for the whole suite.

No deadline anywhere: these machines are shared and a slow example is not a failure.  Under CI
the examples are derandomised, so a run on a fresh machine is reproducible; at a developer's
desk they stay random, which is where new counterexamples are found.
"""

import os

from hypothesis import settings

settings.register_profile("dev", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
