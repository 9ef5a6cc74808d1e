"""The tables the learning interfaces are tested on: every game at every number of players it allows, and short
rules for whole episodes."""
import pytest

TABLES = ([("gin_rummy", 2)] + [("yaniv", n) for n in range(2, 9)] + [("thunee", n) for n in (2, 4, 6)]
          + [("yessir", n) for n in range(2, 7)])
TABLE_IDS = [f"{name}-{n}" for name, n in TABLES]

# rules that make a whole match short, for whole episodes played at random
SHORT = {"gin_rummy": {"single_hand": True}, "yaniv": {"rules": "single_round"},
         "thunee": {"balls_to_win": 1}, "yessir": {"rounds_to_win": 1}}


def tables(slow=()):
    """Every table; those in ``slow`` marked ``slow`` (`make check` leaves them to `make test`)."""
    return pytest.mark.parametrize("name,players", [pytest.param(*t, marks=pytest.mark.slow) if t in slow else t
                                                    for t in TABLES], ids=TABLE_IDS)
