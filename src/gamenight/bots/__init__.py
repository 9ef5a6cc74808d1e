"""Game-independent bots. A bot is any object with ``choose(view, legal_actions, rng) -> action``."""
from ..core.registry import register_bot
from ..core.text import N_
from .casual import CasualBot
from .random_bot import RandomBot

register_bot("random", lambda game: RandomBot(),
             doc=N_("plays any allowed move, chosen by chance: a first opponent while you learn the rules"))

__all__ = ["CasualBot", "RandomBot"]
