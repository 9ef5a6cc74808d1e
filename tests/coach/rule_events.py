"""Which rules a coached hand showed: each move the learner saw (described, from the learner's view after it) and
the hand's end, as rule codes of each game's page (docs/games/*.md). Shared by the coach's tests and the search
for the coached deals (experiments/coached_deals.py)."""
from __future__ import annotations

from typing import Any

from gamenight.core.coach import last_move

#: the rules each game's coached hand must show (issue 44): the codes of docs/games/<game>.md
WANTED = {
    "yaniv": {"Y10 set", "Y11 run with a joker", "Y13 take from the pile", "Y9 call", "Y16 Asaf"},
    "gin_rummy": {"G3 meld", "G9 layoff", "G8 knock", "G10 undercut"},
    "thunee": {"T10 call", "T12 trump", "T22 Jodi", "T24 last trick's 10"},
    "yessir": {"J5 shared dice", "J6 reroll paid with luck", "J6 Yessir", "J10 showdown"},
}


def move_events(game: str, move: dict[str, Any]) -> set[str]:
    """The rules one move (described) shows."""
    kind = move.get("kind")
    if game == "yaniv":
        return ({"Y10 set"} if move.get("group") == "set" else set()) | (
            {"Y11 run with a joker"} if move.get("group") == "run" and "Jk" in move.get("cards", []) else set()) | (
            {"Y13 take from the pile"} if kind == "take" else set()) | ({"Y9 call"} if kind == "call" else set())
    if game == "gin_rummy":
        return {"meld": {"G3 meld"}, "layoff": {"G9 layoff"}, "knock": {"G8 knock"}}.get(str(kind), set())
    if game == "thunee":
        trump = {"T12 trump"} if kind in ("trump", "trump_last") else set()
        return ({"T10 call"} if kind == "call" else set()) | trump | ({"T22 Jodi"} if kind == "jodi" else set())
    if game == "yessir":
        return ({"J6 reroll paid with luck"} if int(move.get("luck", 0)) < 0 else set()) | (
            {"J6 Yessir"} if kind == "yessir" else set())
    return set()


def end_events(game: str, view: dict[str, Any]) -> set[str]:
    """The rules the hand's end shows, from the learner's view once it is over."""
    if game == "yaniv":
        last = view.get("last_round") or {}
        return {"Y16 Asaf"} if last.get("asaf") else set()
    if game == "gin_rummy":
        results = view.get("results") or []
        return {"G10 undercut"} if results and results[0][0] == "undercut" else set()
    if game == "thunee":
        log = view.get("previous_log_described") or []
        played = sum(1 for move in log if move.get("kind") in ("play", "double", "kanak"))
        return {"T24 last trick's 10"} if played == 4 * 6 else set()
    if game == "yessir":
        return {"J5 shared dice", "J10 showdown"} if view.get("last_round") else set()
    return set()


class Events:
    """A watcher for ``play_first_hand`` collecting the rules shown."""

    def __init__(self, game: str):
        self.game = game
        self.seen: set[str] = set()

    def __call__(self, before: Any, action: Any, after: Any, mover: int) -> None:
        self.seen |= move_events(self.game, dict(last_move(after)))
        self.seen |= end_events(self.game, dict(after))
