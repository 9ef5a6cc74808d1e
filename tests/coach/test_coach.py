"""The coach of a first hand (gamenight.core.coach, each game's coach module): every pinned coached hand, played as
the coach suggests against the named bots, shows the rules it is chosen for (by the rule codes of docs/games);
every figure the coach states is the engine's; its texts are in every language, with no notation and no rule code;
and it reads the view only (views alike, advice alike, whatever the hidden cards)."""
from __future__ import annotations

import random
import re

import pytest
from rule_events import WANTED, Events

import gamenight
from gamenight.bots.search import SearchBot
from gamenight.core.cards import parse_card
from gamenight.core.coach import (
    ESTIMATE_ITERATIONS,
    SUGGESTION_SEED,
    Advice,
    Coach,
    CoachedHand,
    card_name,
    play_first_hand,
    round_chance,
)
from gamenight.core.text import Text
from gamenight.gin_rummy.melds import deadwood, mask_of
from gamenight.i18n import catalog, render
from gamenight.thunee.actions import card_text, parse_thunee_card
from gamenight.thunee.tricks import NORMAL_STRENGTH, trick_winner
from gamenight.yessir.hands import describe_text

#: every pinned coached hand: each game at every number of players it has one for
HANDS = [("yaniv", n) for n in range(2, 9)] + [("gin_rummy", 2), ("thunee", 4), ("thunee", 2)] + [
    ("yessir", n) for n in range(2, 7)]
RULE_CODE = re.compile(r"(?<![0-9A-Za-z])(?:[A-Z]{1,2})[0-9]+(?![0-9A-Za-z])")
NOTATION = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9TJQKA])[shdc](?![0-9A-Za-z])|\bJk\b")
PROGRAM_NAMES = re.compile(r"heuristic|expert|search|rollout", re.I)


def coached(name: str, players: int) -> CoachedHand:
    return gamenight.make(name, players=players).coached_hand()


class Played:
    """One coached hand played as the coach suggests, with the engine's state at every step for the checks."""

    def __init__(self, hand: CoachedHand, coach_iterations: int = 0):
        self.hand, self.game = hand, hand.make_game()
        self.coach: Coach = self.game.coach(iterations=coach_iterations)
        self.texts: list[Text] = []
        self.events = Events(hand.game)
        self.decisions: list[tuple[object, Advice]] = []   # (state before, advice)
        self.final = self._play()

    def _play(self):
        hand, game = self.hand, self.game
        state = game.new(seed=hand.seed)
        bots = {s: gamenight.make_bot(hand.bots, game) for s in range(hand.players) if s != hand.seat}
        first, step = state.hands_played, 0
        while state.current_player is not None and state.hands_played == first:
            mover, legal = state.current_player, state.legal_actions()
            view = state.view(mover)
            if mover == hand.seat:
                advice = self.coach.advice(view, legal)
                self.decisions.append((state.clone(), advice))
                self.texts += list(advice.texts())
                action = game.parse_action(advice.suggested)
            else:
                action = bots[mover].choose(view, legal, hand.bot_rng(step))
            before = state.view(hand.seat)
            state.apply(action)
            after = state.view(hand.seat)
            self.texts.append(self.coach.explain(before, action, after))
            self.events(before, action, after, mover)
            step += 1
        return state


@pytest.fixture(scope="module", params=HANDS, ids=[f"{n}-{p}" for n, p in HANDS])
def played(request) -> Played:
    return Played(coached(*request.param))


def test_the_coached_hand_shows_every_rule_it_is_chosen_for(played):
    assert WANTED[played.hand.game] <= played.events.seen, WANTED[played.hand.game] - played.events.seen


def test_play_first_hand_plays_the_same_hand(played):
    coach = played.coach
    final = play_first_hand(played.hand, coach.suggest)
    assert final.to_json() == played.final.to_json()


def test_every_figure_the_advice_states_is_the_engines(played):
    check = FIGURES[played.hand.game]
    for state, advice in played.decisions:
        for choice in advice.choices:
            check(played, state, choice.action, choice.says)


def test_where_the_hand_stands_is_the_engines(played):
    check = SITUATION[played.hand.game]
    for state, advice in played.decisions:
        check(played, state.view(played.hand.seat), advice.situation)


def test_the_hands_end_is_told_with_the_engines_figures(played):
    END[played.hand.game](played, played.texts[-1])


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_every_text_is_said_in_each_language(played, lang):
    messages = catalog(lang)["messages"]
    if lang != "en":   # every template is in the language's catalog (some read the same: "{cards}, {card}")
        assert {t.template for text in played.texts for t in walk(text)} - set(messages) == set()
    for text in played.texts:
        assert "{" not in render(text, lang)


def test_no_notation_no_rule_code_no_program_name(played):
    for text in played.texts:
        said = str(text)
        assert not RULE_CODE.search(said), said
        # (YESSIR! has no cards: "a pair of 6s" is English there)
        assert played.hand.game == "yessir" or not NOTATION.search(said), said
        assert not PROGRAM_NAMES.search(said), said


def test_the_advice_reads_the_view_only(played):
    """States that differ in what the seat cannot see, with the same view, get the same advice."""
    game, seat = played.game, played.hand.seat
    for state, advice in played.decisions[::3]:
        view = state.view(seat)
        for k in range(3):
            other = game.sample_state(view, random.Random(k))
            assert other.view(seat) == view
            assert played.coach.advice(other.view(seat), other.legal_actions()).to_json() == advice.to_json()
    with pytest.raises(TypeError):
        played.coach.advice(state, state.legal_actions())


@pytest.mark.parametrize("name,players", [("yaniv", 3), ("yaniv", 8), ("gin_rummy", 2), ("thunee", 4), ("yessir", 3)])
def test_the_win_estimates_are_the_experts_rounded_to_their_precision(name, players):
    hand = coached(name, players)
    game = hand.make_game()
    state = game.new(seed=hand.seed)
    while state.current_player != hand.seat or len(state.legal_actions()) < 2:
        state.apply(gamenight.make_bot("heuristic", game).choose(state.view(state.current_player),
                                                                 state.legal_actions(), random.Random(0)))
    view, legal = state.view(hand.seat), state.legal_actions()
    coach = game.coach()
    advice = coach.advice(view, legal)
    assert coach.budget(view) == ESTIMATE_ITERATIONS * 3 // max(3, players)
    expert = gamenight.make_bot("expert", game, iterations=coach.budget(view))
    assert isinstance(expert, SearchBot)
    # the coach's search beats its suggestion, as the expert's does its own move to beat: the same search
    suggested = coach.suggest(view, legal)
    searched = expert.evaluate(view, legal, random.Random(SUGGESTION_SEED), lead=suggested)
    wins = {str(e.action): e.win for e in searched}
    stated = {c.action: c.chance for c in advice.choices if c.chance is not None}
    assert stated and set(stated) <= set(wins)
    for action, chance in stated.items():
        assert chance % advice.precision == 0 and abs(chance - wins[action] * 100) <= advice.precision / 2
        assert chance == round_chance(wins[action])
    assert advice.why.values["chance"] == stated[advice.suggested]
    assert not PROGRAM_NAMES.search(str(advice.why))
    for lang in ("fr", "ja"):
        assert advice.why.template in catalog(lang)["messages"] and "{" not in render(advice.why, lang)


def test_a_table_without_a_coached_hand_says_so():
    with pytest.raises(ValueError, match="no coached hand for 6 players"):
        gamenight.make("thunee", players=6).coached_hand()


def test_a_bots_move_is_explained_in_one_line(played):
    assert all("\n" not in str(text) for text in played.texts)


# ---- the figures, game by game ---------------------------------------------------------------------
def walk(text):
    yield text
    for value in text.values.values():
        if isinstance(value, Text):
            yield from walk(value)


def _after(played, state, action):
    clone = state.clone()
    clone.apply(action)
    return clone.view(played.hand.seat)


def yaniv_figures(played, state, action, says):
    move = played.game.describe(action)
    view = state.view(played.hand.seat)
    if move["kind"] in ("discard", "take"):
        assert says.values["points"] == _after(played, state, action)["hand_value"]
    if move["kind"] == "take" and "cards" in says.values:
        assert "makes a set" in says.template
    if move["kind"] == "call":
        assert says.values["points"] == view["hand_value"]


def gin_figures(played, state, action, says):
    move = played.game.describe(action)
    if move["kind"] in ("discard", "knock"):
        assert says.values["points"] == _after(played, state, action)["hand_deadwood"]
    if move["kind"] == "take":
        after = _after(played, state, action)
        assert says.values["points"] == min(after["discard_deadwood"].values())
        if "cards" in says.values:
            up = state.view(played.hand.seat)["upcard"]
            assert card_name(up) in list(walk(says.values["cards"]))
    if move["kind"] == "done":
        assert says.values["points"] == state.view(played.hand.seat)["hand_value"]


def thunee_figures(played, state, action, says):
    move = played.game.describe(action)
    seat = played.hand.seat
    view = state.view(seat)
    if move["kind"] == "play" and view["trick"]:
        after = _after(played, state, action)
        if after["trick"]:
            winner_seat = after["trick_winner"][0]
        elif after["hand_number"] == view["hand_number"]:
            winner_seat = after["tricks"][-1][2]
        else:
            winner_seat = after["last_hand"]["last_trick_winner"]
        coach_seat, coach_card = played.coach.winner_with(view, move["card"])
        assert coach_seat == winner_seat
        if after["trick"]:
            assert coach_card == after["trick_winner"][1]
        assert ("would win the trick so far" in str(says)) == (winner_seat == seat)
    if move["kind"] == "jodi":
        assert says.values["points"] == _after(played, state, action)["jodi_declared"][-1][2]


def yessir_figures(played, state, action, says):
    seat = played.hand.seat
    if "luck" in says.values:
        after = _after(played, state, action)
        if after["hand_number"] == state.view(seat)["hand_number"]:
            assert says.values["luck"] == after["luck"][seat]


def yaniv_end(played, text):
    last = played.final.view(played.hand.seat)["last_round"]
    caller = str(last["caller"])
    assert text.values["points"] == last["hand_totals"][caller]
    assert ("Asaf" in text.template) == bool(last["asaf"])
    if last["asaf"]:
        assert text.values["penalty"] == last["points"][caller]


def gin_end(played, text):
    last = played.final.view(played.hand.seat)["last_hand"]
    assert text.values["points"] == last["points"]
    if last["result"] in ("undercut", "knock"):
        assert (text.values["knocker"], text.values["defender"]) == (last["knocker_deadwood"],
                                                                     last["defender_deadwood"])


def thunee_end(played, text):
    last = played.final.view(played.hand.seat)["last_hand"]
    assert (text.values["total"], text.values["target"], text.values["bonus"]) == (
        last["counting_total"], last["target"], 10)


def yessir_end(played, text):
    reveal = played.final.view(played.hand.seat)["last_round"]
    if reveal["winner"] is None:
        assert "tie" in text.template
    else:
        assert text.values["hand"] == Text.from_json(reveal["says"][reveal["winner"]])


def yaniv_situation(played, view, text):
    assert text.values["points"] == sum(played.game.values[parse_card(c)] for c in view["hand"])


def gin_situation(played, view, text):
    assert text.values["points"] == deadwood(mask_of(parse_card(c) for c in view["hand"]))


def thunee_situation(played, view, text):
    if view["trick"]:
        trump = "shdc".index(view["trump"]) if view["trump"] else -1
        trick = [(s, parse_thunee_card(c)) for s, c in view["trick"]]
        seat, card = trick_winner(trick, trump, NORMAL_STRENGTH)
        assert card_name(card_text(card)) == text.values["card"]
    elif view["phase"] == "play":
        assert "your lead" in text.template


def yessir_situation(played, view, text):
    if view["dice"] is not None:
        assert text.values["hand"] == describe_text(view["dice"] + view["shared"], played.game.rules.tiebreak_sum)
        assert text.values["luck"] == view["luck"][played.hand.seat]


SITUATION = {"yaniv": yaniv_situation, "gin_rummy": gin_situation, "thunee": thunee_situation,
             "yessir": yessir_situation}
FIGURES = {"yaniv": yaniv_figures, "gin_rummy": gin_figures, "thunee": thunee_figures, "yessir": yessir_figures}
END = {"yaniv": yaniv_end, "gin_rummy": gin_end, "thunee": thunee_end, "yessir": yessir_end}


# ---- off the coached line: any position of any table ----------------------------------------------
def _presets(name):
    from gamenight.core.registry import game_class
    return list(game_class(name).RULES.PRESETS)


TABLES = [("yaniv", 2), ("yaniv", 5), ("gin_rummy", 2), ("thunee", 2), ("thunee", 4), ("thunee", 6), ("yessir", 2),
          ("yessir", 6)]


@pytest.mark.parametrize("name,players", TABLES)
def test_the_coach_speaks_at_every_decision_of_random_play_at_every_preset(name, players):
    """Random play (every preset, a few seeds): advice at each decision of seat 0, and each move explained to it,
    say only texts of the catalogs, filled, with no rule code."""
    messages = {lang: catalog(lang)["messages"] for lang in ("fr", "ja")}
    for preset in _presets(name):
        game = gamenight.make(name, players=players, rules=preset)
        coach = game.coach(iterations=0)
        for seed in range(3):
            rng, state = random.Random(seed), game.new(seed=seed)
            for _ in range(300):
                if state.is_over:
                    break
                texts = []
                if state.current_player == 0:
                    texts += list(coach.advice(state.view(0), state.legal_actions()).texts())
                action, before = rng.choice(state.legal_actions()), state.view(0)
                state.apply(action)
                texts.append(coach.explain(before, action, state.view(0)))
                for text in texts:
                    assert not RULE_CODE.search(str(text)), str(text)
                    for lang, known in messages.items():
                        assert {t.template for t in walk(text)} <= set(known), str(text)
                        assert "{" not in render(text, lang)


@pytest.mark.parametrize("name,players,iterations", [("gin_rummy", 2, 100), ("thunee", 4, None)])
def test_chances_rest_on_the_moves_searched_to_the_end_and_the_experts_other_choice_is_named(name, players, iterations):
    """A chance is stated only for a move the expert searched to the end (at least half the rollouts of the most
    searched one: a move dropped after a rollout or two would read "100%" from one lucky deal), and when the expert
    would play another move than the suggestion (its search finds it clearly better) and gives it a higher chance,
    the coach names it; played through the coached hand, where the heuristic and the search disagree at least once
    at the coach's budget (Gin: at 100 rollouts, the budget of its hints; at the coach's 40 Gin's expert keeps the
    suggestion throughout this hand). The coach's search has the suggestion as its move to beat (``lead``)."""
    hand = coached(name, players)
    game = hand.make_game()
    coach = game.coach(iterations=iterations)
    named = []

    def learner(view, legal):
        advice = coach.advice(view, legal)
        if len(legal) > 1:
            expert = gamenight.make_bot("expert", game, iterations=coach.budget(view))
            assert isinstance(expert, SearchBot)
            suggestion = next(a for a in legal if str(a) == str(coach.suggest(view, legal)))
            estimates = expert.evaluate(view, legal, random.Random(SUGGESTION_SEED), lead=suggestion)
            most = max(e.rollouts for e in estimates)
            stated = {c.action for c in advice.choices if c.chance is not None}
            assert stated == {str(e.action) for e in estimates if 2 * e.rollouts >= most}
            assert advice.suggested in stated
            chance = {c.action: c.chance for c in advice.choices}
            favourite = str(estimates[0].action)
            expected = (not estimates[0].prior and favourite != advice.suggested
                        and (chance[favourite] or 0) > (chance[advice.suggested] or 0))
            assert ("other" in advice.why.values) == expected
            if expected:
                assert advice.why.values["other_chance"] == chance[favourite]
                assert advice.why.values["other"] == next(c.says for c in advice.choices if c.action == favourite)
                named.append(favourite)
        return coach.suggest(view, legal)
    play_first_hand(hand, learner)
    assert named
