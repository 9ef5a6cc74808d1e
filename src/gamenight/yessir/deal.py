"""Setting up a YESSIR! position by hand (docs/games/yessir.md, "Setting up a position"): ``game.new(seed,
deal=...)`` with a dict of the first round's dice, and optionally the luck dice and round wins it starts from.

>>> import gamenight
>>> state = gamenight.make("yessir", players=2).new(seed=1, deal={"shared": [5, 4, 1], "dice": [[1, 6], [5, 2]]})
>>> state.view(1)["hand"]["description"]
'one pair of 5s (total 10, kickers 4-2-1)'

Whatever the deal leaves out is rolled from the seed, in the usual order (the round-1 roller when the rules draw
one, the shared dice, then each seat's dice from seat 0 up), skipping what the deal gives.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.checks import is_whole_number

if TYPE_CHECKING:
    from .state import YessirGame

FIELDS = ("roller", "shared", "dice", "luck", "wins")


class Deal(NamedTuple):
    """A checked deal: None where the deal leaves the seed to decide."""

    roller: int | None
    shared: list[int] | None
    dice: list[list[int] | None]   # one entry per seat
    luck: list[int] | None
    wins: list[int] | None


def read_deal(game: YessirGame, deal: dict[str, Any]) -> Deal:
    """``deal`` checked against ``game``'s table; ValueError saying exactly what is wrong."""
    unknown = [k for k in deal if k not in FIELDS]
    if unknown:
        raise ValueError(f"a YESSIR! deal has the fields {', '.join(FIELDS)}; not {unknown[0]!r}")
    n = game.num_players
    rules = game.rules
    roller = deal.get("roller")
    if roller is not None and not (is_whole_number(roller) and 0 <= roller < n):
        raise ValueError(f"the deal's roller must be a seat, 0..{n - 1}, not {roller!r}")
    shared = deal.get("shared")
    if shared is not None:
        shared = _dice(shared, 3, "the shared dice")
    return Deal(roller, shared, _seat_dice(deal.get("dice"), n),
                _per_seat(deal.get("luck"), n, "luck", rules.luck_min, rules.luck_max,
                          "the luck die's floor and top on this table"),
                _per_seat(deal.get("wins"), n, "round wins", 0, rules.rounds_to_win - 1,
                          f"{rules.rounds_to_win} round wins would have ended the match"))


def _dice(value: object, count: int, what: str) -> list[int]:
    if not isinstance(value, (list, tuple)) or len(value) != count:
        raise ValueError(f"{what} must be {count} dice in a list, not {value!r}")
    for i, die in enumerate(value, 1):
        if not is_whole_number(die) or not 1 <= die <= 6:
            raise ValueError(f"{what}: die {i} is {die!r}; a die shows 1..6")
    return list(value)


def _seat_dice(value: object, n: int) -> list[list[int] | None]:
    if value is None:
        return [None] * n
    if not isinstance(value, (list, tuple)) or len(value) != n:
        raise ValueError(f"the deal's dice are one entry per seat ({n}), each two dice or null, not {value!r}")
    return [None if d is None else _dice(d, 2, f"seat {p}'s dice") for p, d in enumerate(value)]


def _per_seat(value: object, n: int, what: str, low: int, high: int, why: str) -> list[int] | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) != n:
        raise ValueError(f"the deal's {what} are one number per seat ({n}), not {value!r}")
    for p, v in enumerate(value):
        if not is_whole_number(v) or not low <= v <= high:
            raise ValueError(f"seat {p}'s {what} must be {low}..{high} ({why}), not {v!r}")
    return list(value)


def fill(deal: Deal, roll: Callable[[], int]) -> tuple[list[int], list[list[int]]]:
    """The first round's shared dice and every seat's dice: the deal's, the rest rolled with ``roll`` (the shared
    dice first, then the seats in order, as a round is rolled)."""
    shared = list(deal.shared) if deal.shared is not None else [roll(), roll(), roll()]
    return shared, [list(d) if d is not None else [roll(), roll()] for d in deal.dice]
