"""YESSIR!/JATAK! rules options and presets (docs/games/yessir.md, "Options and presets"; rules J1-J14, the
source's variants C2 and C4)."""
from __future__ import annotations

from ..core.errors import RulesError
from ..core.options import Rules, option, rules_dataclass
from ..core.text import N_, Text


@rules_dataclass
class YessirRules(Rules):
    rounds_to_win: int = option(3, "round wins that win the match (the short game is 2)", minimum=1, maximum=9,
                                why=N_("the game is played to 3 round wins, or 2 in the short game"), rule="J14")
    luck_start: int = option(6, "every luck die starts on this face", minimum=0, maximum=6,
                             why=N_("the luck die is a die: 1..6, or 0..5 as some tables read it"), rule="J2")
    luck_min: int = option(1, "luck may not be spent below this", minimum=0, maximum=6,
                           why=N_("the luck die is a die: 1..6, or 0..5 as some tables read it"), rule="J3/C2-1")
    luck_max: int = option(6, "luck above this is lost (a die shows at most 6)", minimum=1, maximum=6,
                           why=N_("a die shows at most 6"), rule="J3/C2-2")
    pip_change: bool = option(False, "a single shared die rerolled to the same face may be moved one pip "
                                     "up or down",
                              rule="J9/C4")
    tiebreak_sum: str = option("combo", "the total compared first in a tie", choices=("combo", "all"),
                               rule="J12/C2-3", labels={"combo": N_("the combination's dice"),
                                                        "all": N_("all five dice")})
    turn_direction: str = option("increasing_seat", "the direction of play",
                                 choices=("increasing_seat", "decreasing_seat"), rule="J6/C2-4",
                                 labels={"increasing_seat": N_("to the next player"),
                                         "decreasing_seat": N_("the other way round")})
    no_winner_luck_bonus_all: bool = option(True, "after a round with no winner everyone gains 1 luck", rule="J13/C2-5")
    first_roller: str = option("seat0", "who rolls the shared dice (and plays first) in round 1",
                               choices=("seat0", "random"), rule="J5",
                               labels={"seat0": N_("the first player"), "random": N_("drawn at random")})
    no_winner_roller: str = option("previous", "who rolls after a round with no winner",
                                   choices=("previous", "next"), rule="J5/C2-5",
                                   labels={"previous": N_("the same roller again"), "next": N_("the next player")})
    blind_resets_passes: bool = option(False, "a blind reroll restarts the round of Yessirs", rule="J8/C2-6")

    PRESETS = {
        "standard": {},
        "short": {"rounds_to_win": 2},
        "pip_change": {"pip_change": True},
        "short_pip_change": {"rounds_to_win": 2, "pip_change": True},
        "all_dice_sum": {"tiebreak_sum": "all"},
    }
    PRESET_DOCS = {
        "standard": N_("the standard rules (default): first to 3 round wins, the luck die starts at 6 and never "
                       "goes below 1, ties go to the higher sum of the combination"),
        "short": N_("a shorter match, good for 3 or more players: first to 2 round wins"),
        "pip_change": N_("the optional pip change, on a single shared die rolled again to the same face"),
        "short_pip_change": N_("both optional rules: 2 round wins and the pip change"),
        "all_dice_sum": N_("ties compared first on the sum of all five dice"),
    }
    PRESET_TITLES = {"standard": N_("Standard rules"), "short": N_("Short match"), "pip_change": N_("Pip change"),
                     "short_pip_change": N_("Short match with pip change"), "all_dice_sum": N_("Ties on all five dice")}
    DEFAULT_PRESET = "standard"
    PRESET_ALIASES = {"seed003": "standard"}

    def check(self) -> None:
        if not self.luck_min <= self.luck_start <= self.luck_max:
            raise RulesError(Text("the luck die must start between its floor and ceiling: luck_min {low} <= luck_start "
                                  "{start} <= luck_max {high} does not hold", low=self.luck_min,
                                  start=self.luck_start, high=self.luck_max))

    @classmethod
    def game_title(cls) -> str:
        return "YESSIR!"
