"""A scored hand's line and its Text (``says``) say the same, solo calls' lines included (said once per call, caller
and last trick's winner, and shared by the hands that say them)."""
import random

import gamenight
from gamenight.core.text import Text


def _scored_summaries(players, matches):
    game = gamenight.make("thunee", players=players)
    rng = random.Random(players)
    for seed in range(matches):
        state = game.new(seed=seed)
        last = None
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            view = state.view(None)
            if view["last_hand"] != last:
                last = view["last_hand"]
                if last["result"] == "scored":
                    yield last


def test_every_scored_line_is_its_text_in_english():
    specials = 0
    for players in (2, 4, 6):
        for summary in _scored_summaries(players, matches=30):
            says = Text.from_json(summary["says"])
            assert summary["line"] == str(says)
            if summary["special"] is not None:
                specials += 1
                assert says.values["who"] == Text("seat {number}", number=summary["special_seat"])
                assert summary["success"] == (summary["last_trick_winner"] == summary["special_seat"])
    assert specials > 50


def test_a_shared_line_is_not_changed_by_later_hands():
    first = [dict(s, says=str(s["says"])) for s in _scored_summaries(4, matches=5)]
    list(_scored_summaries(4, matches=20))
    assert [dict(s, says=str(s["says"])) for s in _scored_summaries(4, matches=5)] == first
