"""Gin Rummy rules options and presets (docs/games/gin_rummy.md: G1-G14, the D1 parameters, D2, D4)."""
from __future__ import annotations

from ..core.errors import RulesError
from ..core.options import Rules, option, rules_dataclass
from ..core.text import N_, Text

# Targets: the seed plays to 100, jdh8 names 150 and 250, apps offer 50 to 300. A table that knocks below the
# usual 10 (straight gin: 0) sees most hands die at the wall, so each point takes many more deals; such a table
# plays to at most LOW_KNOCK_TARGET_MAX (common straight gin is played best of seven, about four gins, and
# Scarne's straight gin to 100: rummyrulebook.com/pages/straight-gin-rummy). Uniformly random players almost
# never go gin: their straight-gin match to 250 already takes about 2 million actions.
TARGET_MIN, TARGET_MAX, LOW_KNOCK_TARGET_MAX = 25, 1000, 250


@rules_dataclass
class GinRummyRules(Rules):
    knock_limit: int = option(10, "the highest deadwood that may knock (0: only gin ends a hand)",
                              minimum=0, maximum=30,
                              why=N_("real tables knock at 10, or 0 for straight gin; more only shortens a hand"),
                              rule="G8")
    gin_bonus: int = option(25, "bonus for going gin, on top of the opponent's deadwood",
                            minimum=0, maximum=100, why=N_("real tables give 20 or 25"), rule="G10")
    undercut_bonus: int = option(25, "bonus to a defender who undercuts the knocker", minimum=0, maximum=100,
                                 why=N_("real tables give 10, 20 or 25"), rule="G10")
    tie_is_undercut: bool = option(False, "equal deadwood counts as an undercut (otherwise the hand is a draw)",
                                   rule="G10/D2-1")
    first_upcard: str = option("dealer_takes", "when the non-dealer passes the first upcard",
                               choices=("dealer_takes", "standard"), rule="G6/D2-2", aliases={"seed": "dealer_takes"},
                               labels={"dealer_takes": N_("the dealer must take it"),
                                       "standard": N_("the dealer may pass too, then the non-dealer draws")})
    may_discard_taken_discard: bool = option(True, "a card taken from the discard pile may be thrown back in the "
                                                   "same turn", rule="G7/D2-3")
    stock_end: str = option("two_card_dead", "when only two cards are left in the stock",
                            choices=("two_card_dead", "hoyle", "tournament_50th_card"), rule="G11",
                            labels={"two_card_dead": N_("a discard that leaves two kills the hand"),
                                    "hoyle": N_("a draw that leaves two kills the hand"),
                                    "tournament_50th_card": N_("the last discard may be taken only to knock")})
    game_target: int = option(100, "the first total at or above this wins the match",
                              minimum=TARGET_MIN, maximum=TARGET_MAX,
                              why=N_("real tables play to 100, 150 or 250, some to 500"), rule="G12")
    next_dealer: str = option("winner", "who deals the next hand (after a dead hand, the same dealer again)",
                              choices=("winner", "alternate"), rule="G13",
                              labels={"winner": N_("the winner of the hand"), "alternate": N_("each player in turn")})
    first_dealer: str = option("random", "who deals the first hand", choices=("random", "seat0", "seat1"),
                               labels={"random": N_("drawn at random"), "seat0": N_("the first player"),
                                       "seat1": N_("the second player")})
    big_gin_bonus: int | None = option(None, "big gin (all 11 cards in melds after drawing, no discard): its "
                                             "bonus, or off",
                                       minimum=0, maximum=100, none_word=N_("off"), why=N_("real tables give 31"),
                                       rule="G14")
    box_bonus: int = option(0, "points for each hand won (the box bonus)", minimum=0, maximum=100,
                            why=N_("real tables give 10, 20 or 25"), rule="G14")
    box_credit: str = option("end", "when the boxes are added", choices=("end", "immediate"), rule="D4",
                             labels={"end": N_("at the end of the match"),
                                     "immediate": N_("at once, counting towards the target")})
    game_bonus: int = option(0, "bonus to the winner of the match", minimum=0, maximum=500,
                             why=N_("real tables give 100"), rule="G14")
    shutout: str = option("none", "when the loser scored nothing", choices=("none", "double", "bonus"), rule="G14",
                          labels={"none": N_("nothing more"), "double": N_("the winner's total is doubled"),
                                  "bonus": N_("the winner gets the shutout bonus")})
    shutout_bonus: int = option(100, "the shutout bonus, when a shutout adds one", minimum=0, maximum=500,
                                why=N_("real tables give 100"), rule="G14")
    oklahoma: bool = option(False, "the first upcard's value sets the hand's knock limit (an ace: gin only)", rule="D4")
    oklahoma_spades_double: bool = option(False, "with Oklahoma, a spade first upcard doubles the hand's score",
                                          rule="D4")
    single_hand: bool = option(False, "one deal is the whole match, scored as a hand is (no target, no bonuses)",
                              rule="G10")
    max_pile_takes: int | None = option(None, "a guard for programs: the hand is dead once the discard pile has "
                                              "been taken this many times in it",
                                        minimum=1, maximum=100, none_word=N_("unlimited"),
                                        why=N_("OpenSpiel's guard is 50"))
    repeat_return_ends: bool = option(False, "a guard for programs: the hand is dead when both players in turn "
                                             "take the upcard and throw it straight back")

    PRESETS = {
        "japanese": {},
        "standard": {"first_upcard": "standard", "may_discard_taken_discard": False},
        "modern": {"tie_is_undercut": True, "big_gin_bonus": 31, "box_bonus": 25, "game_bonus": 100,
                   "shutout": "double"},
        "classic": {"first_upcard": "standard", "may_discard_taken_discard": False, "tie_is_undercut": True,
                    "gin_bonus": 20, "undercut_bonus": 10, "box_bonus": 20, "game_bonus": 100,
                    "shutout": "bonus", "shutout_bonus": 100},
        "palace": {"first_upcard": "standard", "may_discard_taken_discard": False, "tie_is_undercut": True,
                   "undercut_bonus": 20, "box_bonus": 10, "box_credit": "immediate"},
        "openspiel": {"first_upcard": "standard", "may_discard_taken_discard": True,
                      "stock_end": "tournament_50th_card", "single_hand": True, "first_dealer": "seat1",
                      "max_pile_takes": 50, "repeat_return_ends": True},
    }
    PRESET_DOCS = {
        "japanese": N_("Japanese rules (default): knock at 10, gin 25, undercut 25, ties are draws, the dealer must "
                       "take a passed first upcard, a taken discard may go straight back, the hand is dead when 2 "
                       "stock cards are left, to 100"),
        "standard": N_("the published table rules: either player may pass the first upcard, a taken discard may "
                       "not be discarded in the same turn"),
        "modern": N_("modern tournament scoring on the Japanese table: ties undercut, big gin 31, box 25, game 100, "
                     "a shutout doubles"),
        "classic": N_("Bicycle's classic scoring on the standard table: gin 20, undercut 10 (ties too), box 20, "
                      "game 100, shutout +100"),
        "palace": N_("Gin Rummy Palace scoring on the standard table: undercut 20 (ties too), box 10 credited "
                     "at once, no game or shutout bonus"),
        "openspiel": N_("one hand as OpenSpiel plays it, for programs: the second player deals, standard upcard, "
                        "2-card wall, knock 10, gin 25, strict undercut 25, its loop guards"),
    }
    PRESET_TITLES = {"japanese": N_("Japanese rules"), "standard": N_("Standard rules"),
                     "modern": N_("Modern scoring"), "classic": N_("Classic scoring"),
                     "palace": N_("Gin Rummy Palace"), "openspiel": N_("OpenSpiel, one hand")}
    DEFAULT_PRESET = "japanese"
    PRESET_ALIASES = {"seed": "japanese"}

    @classmethod
    def game_title(cls) -> str:
        return "Gin Rummy"

    def check(self) -> None:
        if self.oklahoma_spades_double and not self.oklahoma:
            raise RulesError(Text("option 'oklahoma_spades_double' needs oklahoma=true"))
        if self.shutout != "bonus" and self.shutout_bonus != 100:
            raise RulesError(Text("option 'shutout_bonus' only applies with shutout=bonus"))
        if (self.knock_limit < 10 and not self.oklahoma and not self.single_hand
                and self.game_target > LOW_KNOCK_TARGET_MAX):
            what = (Text("straight gin (knock_limit 0)") if self.knock_limit == 0
                    else Text("knock_limit {limit}", limit=self.knock_limit))
            raise RulesError(Text("option 'game_target' must be {low}..{high} with {what}, not {target}: with a knock "
                                  "limit under 10 most hands die at the wall (straight gin is played best of seven, "
                                  "or to 100)", low=TARGET_MIN, high=LOW_KNOCK_TARGET_MAX, what=what,
                                  target=self.game_target))
