"""Game-independent bots. A bot is any object with ``choose(view, legal_actions, rng) -> action``."""
from ..core.registry import register_bot
from .random_bot import RandomBot

register_bot("random", lambda game: RandomBot(), doc="picks a legal action uniformly at random")

__all__ = ["RandomBot"]
