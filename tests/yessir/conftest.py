import pytest

import gamenight
import gamenight.yessir  # noqa: F401  (registers the game even before it is listed in GAME_PACKAGES)
from gamenight.yessir import state as state_module


@pytest.fixture
def dice_script(monkeypatch):
    """A list of die faces the next rolls will show, in order; once it is empty, rolls are random again."""
    queue: list[int] = []
    real = state_module._roll

    def scripted(rng):
        return queue.pop(0) if queue else real(rng)

    monkeypatch.setattr(state_module, "_roll", scripted)
    return queue
