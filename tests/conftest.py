"""Suite-wide settings.

Hypothesis draws its examples from a fixed seed (the ``repeatable`` profile, the default), so every run of the suite
tries the same examples and a failure replays exactly. ``HYPOTHESIS_PROFILE=explore`` draws fresh examples each run,
for looking for new failures on purpose.
"""
import os

from hypothesis import settings

settings.register_profile("repeatable", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))
