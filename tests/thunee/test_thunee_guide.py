"""The Thunee guide: its example hand's count is the engine's, it follows the table's rules and players, and it
reads in every language."""
from __future__ import annotations

import pytest

import gamenight
from gamenight.core.guide import Guide, Picture
from gamenight.core.text import Text
from gamenight.i18n import unsaid
from gamenight.thunee.actions import CARD_POINTS, parse_thunee_card

TABLES = [(players, preset) for players in (2, 4, 6)
          for preset in ("standard", "tuscans", "traditional", "league", "playthunee", "all_calls")]
DEALS = {
    4: [["9s", "Jc", "9c", "Ac", "As", "Tc"], ["Jh", "Qs", "Ah", "9d", "Kd", "Qd"],
        ["Js", "Kc", "Qc", "9h", "Ad", "Td"], ["Ks", "Th", "Kh", "Qh", "Ts", "Jd"]],
    6: [["Ts", "Tc", "Kd", "Qd"], ["Jh", "Qs", "Ah", "9d"], ["Js", "Kc", "Qc", "9h"], ["Ks", "Th", "Kh", "Jd"],
        ["9s", "Jc", "9c", "Ac"], ["As", "Qh", "Ad", "Td"]],
    2: [["Js", "Kc", "Qc", "9h", "Ad", "Td", "9s", "Jc", "9c", "Ac", "As", "Tc"],
        ["Jh", "Qs", "Ah", "9d", "Kd", "Qd", "Ks", "Th", "Kh", "Qh", "Ts", "Jd"]],
}


def whole(guide: Guide) -> str:
    return " ".join(str(t) for t in guide.texts())


def played_hand(game):
    """The example hand through the public API: no redeal, no call, B lays Jh as trump, C (A with two players)
    leads Js, each Jodi offered is declared, then everyone plays his cheapest legal card."""
    state = game.new(seed=11, deal={"dealer": 0, "hands": DEALS[game.num_players]})
    while state.view(None)["last_hand"] is None:
        view = state.view(None)
        if view["phase"] == "trump":
            move = "trump Jh"
        elif view["phase"] == "jodi":
            options = state.view(state.current_player)["jodi_options"]
            move = options[0][0] if options else "pass"
        elif view["phase"] == "play":
            cards = [str(a) for a in state.legal_actions() if " " not in str(a)]
            move = "Js" if not view["tricks"] and "Js" in cards else min(
                cards, key=lambda c: CARD_POINTS[parse_thunee_card(c)])
        else:
            move = "pass"
        state.apply(move)
    return state.view(None)["last_hand"]


@pytest.mark.parametrize("players,preset", TABLES)
def test_the_example_count_is_the_engines(players, preset):
    game = gamenight.make("thunee", players=players, rules=preset)
    ex = game.guide().examples()[0]
    hand = played_hand(game)
    counting = hand["counting_team"]
    assert ex.numbers == {"card_points": hand["card_points"][counting], "last_trick": hand["last_trick_adjust"],
                          "call": hand["bid"], "jodi_counting": hand["jodi"][counting],
                          "jodi_trumping": hand["jodi"][1 - counting], "count": hand["counting_total"],
                          "target": hand["target"], "balls": max(hand["balls"])}
    steps = " ".join(str(s) for s in ex.steps if isinstance(s, Text))
    assert f"= {hand['counting_total']}." in steps
    assert f"wins {max(hand['balls'])} ball" in steps
    assert ex.numbers["jodi_counting"] >= 20   # the leader's K+Q of clubs


def test_the_standard_four_player_hand():
    ex = gamenight.make("thunee").guide().examples()[0]
    assert ex.numbers["count"] == ex.numbers["card_points"] + ex.numbers["last_trick"] + ex.numbers["call"] \
        + ex.numbers["jodi_counting"] - ex.numbers["jodi_trumping"]
    assert ex.numbers["target"] == 105
    assert any(isinstance(s, Picture) and s.cards == (("Kc", "Qc"),) for s in ex.steps)


def test_the_guide_follows_the_players_and_rules():
    four, six, two = (gamenight.make("thunee", players=n).guide() for n in (4, 6, 2))
    assert "A and C against B and D" in whole(four)
    assert "A, C and E against B, D and F" in whole(six)
    assert "Trip (six players)" in whole(six) and "Trip" not in whole(four)
    assert "Double:" not in whole(two) and "needs 125 points" in whole(two)
    custom = gamenight.make("thunee", balls_to_win=13, win_by_two=True, last_trick="bonus", royals=True,
                            thunee_partner_catch_balls=4, counting_target=110).guide()
    text = whole(custom)
    assert "the first team to 13 balls" in text and "two balls ahead" in text
    assert "needs 110 points" in text and "Royals may be called." in text
    assert "if his own partner did they get 4" in text
    assert "10 more to the counting team if it wins it" in text
    assert "Royals" not in whole(four) and "_" not in text.replace("'", "")


def test_jodi_timing_is_this_tables():
    assert "first or the third trick of the hand" in whole(gamenight.make("thunee").guide())
    assert "any trick your team wins" in whole(gamenight.make("thunee", rules="tuscans").guide())


@pytest.mark.parametrize("players,preset", TABLES)
@pytest.mark.parametrize("lang", ["ja", "fr"])
def test_every_text_is_translated_and_renders(players, preset, lang):
    game = gamenight.make("thunee", players=players, rules=preset)
    assert unsaid(game.guide().texts(), lang) == []


def test_every_variant_text_is_translated():
    every = dict(win_by_two=True, last_trick="bonus", jodi_cards="dealt", weak_hand_redeal="off",
                 thunee_trump="no_trump", no_thunee_with_six_of_a_suit=True, double_success_requires="team",
                 no_double_at_target_minus_1=True, kanak_backward_6=True, kanak_requires_jodi=True, kanak_simple=True,
                 kanak_raises_target_13=True, redeal_if_no_trumps=False, dealer_rotation="always", blind_thunee=True,
                 royals=True, last_card_trump=True, undercut_restriction=True)
    for lang in ("ja", "fr"):
        assert unsaid(gamenight.make("thunee", **every).guide().texts(), lang) == []


def test_the_guide_survives_json():
    guide = gamenight.make("thunee", players=6, rules="all_calls").guide()
    assert Guide.from_json(guide.to_json()) == guide
