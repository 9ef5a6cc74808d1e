"""Yaniv rules options and presets (docs/games/yaniv.md: Y1-Y20, the variants A2 and the house rules A4)."""
from __future__ import annotations

from ..core.errors import RulesError
from ..core.options import Rules, option, rules_dataclass
from ..core.text import N_, Text

# A1/A2/A4: real tables halve at one or two totals (seed 001: 100 and 200; seed 000: 50 and 100; yanivgame: 200).
# More halvings than this, or one that raises a total, could keep every player in the match for ever.
MAX_HALVINGS = 4
ELIMINATION_MAX = 500


@rules_dataclass
class YanivRules(Rules):
    yaniv_limit: int | None = option(5, "the highest hand that may call Yaniv",
                                     minimum=0, maximum=15, none_word=N_("unlimited"),
                                     why=N_("real tables call at 5 or 7, some at 9 to 15, or at any total"), rule="Y9")
    elimination_limit: int = option(200, "a player whose total goes above this is out",
                                    minimum=25, maximum=ELIMINATION_MAX,
                                    why=N_("real tables play to 100, 150 or 200, the shortest to 50"), rule="Y19")
    halving_at: tuple[tuple[int, int], ...] = option(((100, 50), (200, 100)),
                                                    "totals halved when a player lands on them exactly "
                                                    "(total:new total)",
                                                    rule="Y18")
    halve_only_on_change: bool = option(False, "a total is halved only in a round where the player scored",
                                       rule="A2-2")
    asaf_penalty: int = option(30, "points added to the hand of a caller caught by Asaf", minimum=0, maximum=100,
                               why=N_("real tables add 30, or 20 per Asaf player"), rule="Y16")
    asaf_per_player: bool = option(False, "the Asaf penalty counts once for each player at or below the "
                                                   "caller", rule="A2-4")
    asaf_winner_scores_zero: bool = option(False, "on Asaf, the lowest hand scores 0", rule="A2-4")
    double_deck_from_players: int = option(4, "two packs (108 cards, 4 jokers) from this many players "
                                              "(9: never)", minimum=2, maximum=9,
                                       why=N_("Yaniv is for 2 to 8 players; 9 means one pack always"), rule="Y2/A2-3")
    jokers_in_sets: bool = option(True, "jokers are wild in sets as well as runs", rule="A2-5")
    set_pick_any: bool = option(False, "any card of a discarded set may be taken, not only an end", rule="A2-6")
    slapdown: bool = option(False, "a card drawn from the stock that matches the single card just "
                                      "laid may be slapped down", rule="A4")
    joker_swap: bool = option(False, "instead of taking a card, swap the card a joker stands for in the "
                                       "previous run",
                              rule="A4")
    hand_size: int = option(5, "cards dealt to each player", minimum=2, maximum=7,
                            why=N_("real tables deal 5 cards, some 7"), rule="Y6/A4")
    king_of_hearts_zero: bool = option(False, "the king of hearts counts 0", rule="A4")
    first_round_starter: str = option("dealer", "who plays first in round 1 (the first player deals)",
                                      choices=("dealer", "left_of_dealer"), rule="Y8",
                                      labels={"dealer": N_("the dealer"),
                                              "left_of_dealer": N_("the player after the dealer")})
    next_round_starter: str = option("lowest_hand", "who deals and starts the next round",
                                     choices=("lowest_hand", "lowest_total", "rotate"), rule="Y8/A2-7",
                                     labels={"lowest_hand": N_("the lowest hand of the round"),
                                             "lowest_total": N_("the lowest total"),
                                             "rotate": N_("the next player in turn")})
    end_on_first_elimination: bool = option(False, "the match ends as soon as anyone is out; the "
                                                   "lowest total wins", rule="A4")
    single_round: bool = option(False, "one round, no totals: the caller wins if lowest, else the "
                                       "lowest hand wins", rule="A4 (seed 001)")

    PRESETS = {
        "french": {},
        "japanese": {"elimination_limit": 100, "halving_at": {50: 25, 100: 50}, "double_deck_from_players": 5},
        "common": {"yaniv_limit": 7},
        "single_round": {"single_round": True},
    }
    PRESET_DOCS = {
        "french": N_("French rules (default): Yaniv at 5 or less, out above 200, a total of 100 halves to 50 and "
                     "200 to 100, two packs from 4 players"),
        "japanese": N_("Japanese rules: out above 100, a total of 50 halves to 25 and 100 to 50, two packs from "
                       "5 players"),
        "common": N_("the table most people play: Yaniv at 7 or less"),
        "single_round": N_("the quick version: one round, the lowest hand wins"),
    }
    PRESET_TITLES = {"french": N_("French rules"), "japanese": N_("Japanese rules"), "common": N_("Common table"),
                     "single_round": N_("Single round")}
    DEFAULT_PRESET = "french"
    PRESET_ALIASES = {"seed001": "french", "seed000": "japanese", "seed000_short": "japanese"}

    @classmethod
    def game_title(cls) -> str:
        return "Yaniv"

    def check(self) -> None:
        halving = self.halving_at
        if len(halving) > MAX_HALVINGS:
            raise RulesError(Text("option 'halving_at' may hold at most {most} pairs, not {count} (real tables halve "
                                  "at one or two totals, such as 100:50,200:100); with a halving at every total "
                                  "nobody would ever go out", most=MAX_HALVINGS, count=len(halving)))
        for total, becomes in halving:
            if total > ELIMINATION_MAX:
                raise RulesError(Text("option 'halving_at': a halved total must be 1..{most}, like the elimination "
                                      "limit, not {total}", most=ELIMINATION_MAX, total=total))
            if becomes >= total:
                raise RulesError(Text("option 'halving_at': {total}:{becomes} must lower the total (a total of {total} "
                                      "may become 0..{most})", total=total, becomes=becomes, most=total - 1))
