class RandomBot:
    """Uniformly random legal play: the baseline every other bot is measured against."""

    def choose(self, view, legal_actions, rng):
        return legal_actions[rng.randrange(len(legal_actions))]
