"""Thunee rules options and presets (docs/games/thunee.md; rule numbers T1-T34, B2, B4).

Every option of the rules' parameter list (B1) is here with its default, and every house rule of B4
that changes play is an option too (Royals, Blind Thunee, win by two). The Thunee-League "chopping"
challenge (B4) is not an option: the engine never allows a revoke or a false Jodi, so there is nothing
to challenge.
"""
from __future__ import annotations

from ..core.options import Rules, option, rules_dataclass
from ..core.text import N_


@rules_dataclass
class ThuneeRules(Rules):
    balls_to_win: int = option(12, "the first team with this many balls wins the match", minimum=1,
                               maximum=24, why=N_("real tables play to 12 or 13 balls"), rule="T30/B4")
    win_by_two: bool = option(False, "the winning team must also lead by two balls", rule="B4")
    last_trick: str = option("transfer", "what the last trick is worth", choices=("transfer", "bonus"),
                             rule="T25/B2-4",
                             labels={"transfer": N_("10 points moved to or from the counting team"),
                                     "bonus": N_("10 points to the team that wins it")})
    jodi_timing: str = option("hand_trick_1_or_3", "when a Jodi may be declared",
                              choices=("hand_trick_1_or_3", "team_won_1st_or_3rd", "any_won_trick"),
                              rule="T23/B2-6",
                              labels={"hand_trick_1_or_3": N_("after the first or third trick of the hand"),
                                      "team_won_1st_or_3rd": N_("after the team's own first or third trick won"),
                                      "any_won_trick": N_("after any trick the team won")})
    jodi_cards: str = option("in_hand", "a Jodi's cards must be", choices=("in_hand", "dealt"), rule="B2-6",
                             labels={"in_hand": N_("still in hand"),
                                     "dealt": N_("dealt to the declarer this hand")})
    weak_hand_redeal: str = option("any_player", "who may ask for a redeal with 10 points or less in the "
                                                 "first cards", choices=("any_player", "trumper_only", "off"),
                                   rule="T9/B2-5", labels={"any_player": N_("any player"),
                                                           "trumper_only": N_("the trumper only"), "off": N_("nobody")})
    last_card_trump: bool = option(False, "the trumper may make trump the suit of the last card dealt to him",
                                   rule="T12/B4")
    thunee_partner_catch_balls: int = option(8, "balls to the opponents when the Thunee caller's partner "
                                                "wins a trick", choices=(4, 8), minimum=4, maximum=8, rule="T18/B4")
    thunee_trump: str = option("first_lead", "trump under Thunee", choices=("first_lead", "no_trump"),
                               rule="T17/B2-10", labels={"first_lead": N_("the suit of the caller's first lead"),
                                                         "no_trump": N_("no trump")})
    no_thunee_with_six_of_a_suit: bool = option(False, "Thunee may not be called holding cards all of one suit",
                                                rule="T16")
    double_success_requires: str = option("caller", "Double succeeds if the last trick is won by",
                                          choices=("caller", "team"), rule="T26/B2-8",
                                          labels={"caller": N_("the caller"), "team": N_("the caller's team")})
    no_double_at_target_minus_1: bool = option(False, "Double may not be called by a team one ball short of "
                                                      "winning", rule="B2-8")
    kanak_bid_adjust: bool = option(True, "the call's amount changes what Kanak needs",
                                    rule="T27")
    kanak_backward_6: bool = option(False, "a successful Kanak by the counting team is worth 6 balls, not 3",
                                    rule="T27")
    kanak_requires_jodi: bool = option(False, "Kanak may be called only if the caller's team declared Jodi", rule="T27")
    kanak_simple: bool = option(False, "simple Kanak: the caller's team wins the last trick and the opponents' "
                                       "card points are below the caller team's Jodi + 10", rule="B4")
    kanak_raises_target_13: bool = option(False, "once any Kanak is called the match goes to at least 13 balls",
                                          rule="T27/B4")
    undercut_restriction: bool = option(False, "a player who cannot follow may not trump lower than a trump "
                                               "already in the trick (under Royals in the Royals order) unless he "
                                               "holds only trumps", rule="T20/B4")
    redeal_if_no_trumps: bool = option(True, "the deal is void when the counting team holds no trump", rule="T15")
    dealer_rotation: str = option("stay_while_behind", "when the deal passes to the right",
                                  choices=("stay_while_behind", "always"), rule="T29",
                                  labels={"stay_while_behind": N_("only when the dealer's team is not behind"),
                                          "always": N_("after every hand")})
    royals: bool = option(False, "Royals may be called like Thunee; every suit ranks Q>K>10>A>9>J", rule="B4")
    blind_thunee: bool = option(False, "Blind Thunee (and Blind Royals with Royals) may be called before the "
                                       "last cards are dealt; worth 8 balls", rule="B4")
    counting_target: int = option(105, "card points the counting team needs (4 and 6 players)",
                                  minimum=50, maximum=200,
                                  why=N_("real tables need 105 of the 304 card points"), rule="T25")
    two_player_target: int = option(125, "card points the counting player needs in 2-player Thunee",
                                    choices=(105, 125), minimum=105, maximum=125, rule="T34")

    PRESETS = {
        "standard": {},
        "tuscans": {"jodi_timing": "any_won_trick", "thunee_partner_catch_balls": 4, "balls_to_win": 13},
        "traditional": {"undercut_restriction": True, "jodi_timing": "team_won_1st_or_3rd", "last_card_trump": True,
                        "kanak_bid_adjust": False, "royals": True},
        "league": {"weak_hand_redeal": "trumper_only", "last_card_trump": True},
        "playthunee": {"balls_to_win": 13},
        "all_calls": {"royals": True, "blind_thunee": True, "last_card_trump": True},
    }
    PRESET_DOCS = {
        "standard": N_("the usual table (default): 12 balls, the last trick moves 10 points, "
                       "Jodi after the first or third trick"),
        "tuscans": N_("Tuscan house rules: Jodi after any won trick, partner catch worth 4, 13 balls"),
        "traditional": N_("the 'Traditional' table of public implementations: undercut restriction, Jodi after the "
                          "team's own 1st/3rd trick, last-card trump, Kanak ignores the call, Royals allowed"),
        "league": N_("Thunee League (thunee.com): only the trumper may ask for a weak-hand redeal; last-card trump"),
        "playthunee": N_("playthunee.com: the match goes to 13 balls"),
        "all_calls": N_("every optional call allowed: Royals, Blind Thunee/Royals, last-card trump"),
    }
    PRESET_TITLES = {"standard": N_("Standard rules"), "tuscans": N_("Tuscan house rules"),
                     "traditional": N_("Traditional table"), "league": N_("Thunee League"),
                     "playthunee": N_("playthunee.com"), "all_calls": N_("Every call allowed")}
    DEFAULT_PRESET = "standard"
    PRESET_ALIASES = {"seed002": "standard"}

    @classmethod
    def game_title(cls) -> str:
        return "Thunee"
