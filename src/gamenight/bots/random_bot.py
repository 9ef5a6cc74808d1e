"""The random bot: the baseline every other bot is measured against."""
from __future__ import annotations

import random

from ..core.game import Action
from ..core.views import View


class RandomBot:
    """Uniformly random legal play: the baseline every other bot is measured against."""

    def choose(self, view: View, legal_actions: list[Action], rng: random.Random) -> Action:
        return legal_actions[rng.randrange(len(legal_actions))]
