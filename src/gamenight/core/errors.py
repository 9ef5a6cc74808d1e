"""The errors every game raises. Both are ValueErrors so callers can catch either broadly."""


class IllegalAction(ValueError):
    """An action that is malformed or not legal in the current state.

    The message names what was wrong and what is legal; the state is left unchanged.
    """


class RulesError(ValueError):
    """An unknown option, a bad option value, an unknown preset, or an impossible table."""
