"""YESSIR! bots: registered, legal on every view, and the heuristic beats random play."""
import random

import pytest

import gamenight
from gamenight import Rng
from gamenight.core.registry import bot_doc
from gamenight.yessir.bots import PAIRS, TRIPLES, YessirHeuristic

RULE_SETS = [{}, {"rules": "pip_change"}, {"rules": "all_dice_sum"},
             {"luck_min": 0, "luck_start": 5, "luck_max": 5, "turn_direction": "decreasing_seat"}]


def test_heuristic_and_random_are_registered_for_yessir():
    assert {"heuristic", "random"} <= set(gamenight.bots_for("yessir"))
    assert "luck" in bot_doc("heuristic", "yessir")
    bot = gamenight.make_bot("heuristic", gamenight.make("yessir", players=3))
    assert isinstance(bot, YessirHeuristic)


def test_outcome_tables_are_probability_distributions():
    assert len(PAIRS) == 21 and len(TRIPLES) == 56
    assert abs(sum(p for _, p in PAIRS) - 1) < 1e-12 and abs(sum(p for _, p in TRIPLES) - 1) < 1e-12


def test_heuristic_answers_a_pip_change_with_the_best_face():
    """Seat 0 holds 6-6 and rerolls shared die 1 (a 6) back to 6 under the pip change: keeping five 6s wins."""
    g = gamenight.make("yessir", players=2, pip_change=True)
    seed = next(k for k in range(10_000) if Rng(k).below(6) == 5)  # the first reroll shows a 6
    s = g.new(seed=seed, deal={"shared": [6, 6, 6], "dice": [[6, 6], [1, 2]]})
    s.apply("a1")
    assert [str(a) for a in s.legal_actions()] == ["keep", "up", "down"]
    assert str(YessirHeuristic(g).choose(s.view(0), s.legal_actions(), random.Random(0))) == "keep"


def test_heuristic_always_chooses_a_legal_action_from_the_view():
    rng = random.Random(2)
    for extra in RULE_SETS:
        for n in (2, 5):
            g = gamenight.make("yessir", players=n, **extra)
            bots = [gamenight.make_bot("heuristic", g) if s % 2 == 0 else gamenight.make_bot("random", g)
                    for s in range(n)]
            for seed in range(4):
                s = g.new(seed=seed)
                while not s.is_over:
                    seat = s.current_player
                    legal = s.legal_actions()
                    action = bots[seat].choose(s.view(seat), legal, rng)
                    assert action in legal
                    s.apply(action)


def test_chance_is_exact_against_one_opponent():
    g = gamenight.make("yessir", players=2)
    bot = YessirHeuristic(g)
    # five of a kind 6s cannot be beaten; it ties only when the opponent also holds 6-6 (1 of 36)
    assert bot.chance((6, 6, 6), (6, 6)) == 35 / 36
    # high dice 1-2-3-4-6 beats nothing with these shared dice
    assert bot.chance((1, 3, 4), (2, 6)) == 0.0


def test_heuristic_never_pays_when_it_cannot_lose():
    g = gamenight.make("yessir", players=2)
    s = g.new(seed=1, deal={"shared": [6, 6, 6], "dice": [[6, 6], [1, 2]]})
    bot = YessirHeuristic(g)
    assert str(bot.choose(s.view(0), s.legal_actions(), random.Random(0))) == "d"


def test_heuristic_beats_random_heads_up():
    g = gamenight.make("yessir", players=2)
    wins = 0
    games = 120
    for k in range(games):
        seat = k % 2
        bots = [gamenight.make_bot("heuristic" if s == seat else "random", g) for s in range(2)]
        wins += seat in gamenight.play_match(g, bots, seed=k).winners
    assert wins / games >= 0.75


def test_opponents_who_said_yessir_are_feared_more():
    g = gamenight.make("yessir", players=2)
    bot = YessirHeuristic(g)
    shared, mine = (2, 3, 5), (5, 1)  # a pair of 5s: middling
    uniform = bot.chance(shared, mine)
    keys, cumulative = bot.posterior(shared, shared)
    assert len(keys) == 21 and abs(cumulative[-1] - 1) < 1e-12 and keys == sorted(keys)
    bot.informed = (shared, 1)
    assert bot.chance(shared, mine) < uniform
    uninformed = YessirHeuristic(g, infer=False)
    s = g.new(seed=1, deal={"shared": [2, 3, 5], "dice": [[5, 1], [4, 4]]})
    s.apply("d")
    view = s.view(1)
    uninformed.choose(view, s.legal_actions(), random.Random(0))
    assert uninformed.informed is None
    bot.choose(s.view(1), s.legal_actions(), random.Random(0))
    assert bot.informed == ((2, 3, 5), 1)


def test_the_expert_reads_the_others_moves_as_the_heuristic_would_make_them():
    """A Yessir on 2-3-5 says a straight is likely (4-6 or 1-4), a reroll of the 2 says it is not; moves made before
    the player's own dice were rerolled say nothing of the dice now held. Read from the view only."""
    from gamenight.yessir.bots import choices_likely
    g = gamenight.make("yessir", players=2)

    def weights(*moves):
        s = g.new(seed=1, deal={"shared": [2, 3, 5], "dice": [[4, 6], [1, 1]]})
        for m in moves:
            s.apply(m)
        view = s.view(1)
        world = g.sample_state(view, random.Random(0))
        out = {}
        for pair in ((4, 6), (1, 4), (1, 1), (1, 6)):
            world.dice[0] = list(pair)
            out[pair] = choices_likely(view, world)
        return out

    passed = weights("d")
    assert passed[(4, 6)] == 1.0 and passed[(1, 4)] > 0.9 and passed[(1, 1)] < 0.1 and passed[(1, 6)] < 0.1
    rerolled = weights("a1")
    assert rerolled[(4, 6)] < 0.1 < rerolled[(1, 1)]
    assert set(weights("d", "a2", "c").values()) == {1.0}


def test_the_expert_reads_each_move_at_the_table_it_was_made_at():
    """The others' moves are read with the luck, locks and Yessirs the engine kept for each (the view's ``before``),
    not worked out again from the log: a blind reroll at the top luck gains nothing, so the luck before the
    earlier moves is still the top (counting it back from the luck now would make it one less)."""
    from gamenight.yessir.bots import _others_moves
    g = gamenight.make("yessir", players=3)
    s = g.new(seed=1, deal={"shared": [2, 3, 5], "dice": [[4, 6], [1, 1], [2, 2]]})
    first = s.current_player
    s.apply("d")
    second = s.current_player
    s.apply("e")
    third = s.current_player
    assert g.rules.luck_start == g.rules.luck_max == s.luck[second]
    moves = _others_moves(s.view(third), g)
    (action, table), = moves[first]
    assert action.text == "d"
    assert table == {"shared": [2, 3, 5], "luck": [6, 6, 6], "locked": [False] * 3, "passed": [False] * 3}
    assert moves[second] == [] and third not in moves   # a blind reroll says nothing of the dice it brought


def _view_after(style, seed, moves, watcher=1):
    """``watcher``'s view in a match of the heuristic in ``style`` (seat 0) against the default heuristic, once seat
    0 has made ``moves`` turn moves in the first round."""
    g = gamenight.make("yessir", players=2)
    bots = [gamenight.make_bot("heuristic", g, style=style), gamenight.make_bot("heuristic", g)]
    s, rng = g.new(seed=seed), random.Random(seed)
    while sum(1 for p, _ in s.view(watcher)["log"] if p == 0) < moves or s.current_player != watcher:
        p = s.current_player
        s.apply(bots[p].choose(s.view(p), s.legal_actions(), rng))
    return g, s


def test_the_others_styles_are_read_from_their_moves():
    """A seat that has made no move yet has the prior; one that played the cautious heuristic (a Yessir, another,
    a single reroll, then a blind one: it spends little, and its moves before the blind reroll still say how it
    plays) is taken to be cautious, most of the posterior on that style."""
    from gamenight.yessir.bots import STYLE_PRIOR, style_posterior
    g = gamenight.make("yessir", players=2)
    s = g.new(seed=5)
    assert style_posterior(s.view(s.current_player), g) == {1 - s.current_player: pytest.approx(STYLE_PRIOR)}
    g, s = _view_after("cautious", seed=5, moves=4)
    assert [text for p, text in s.view(1)["log"] if p == 0] == ["d", "d", "a1", "e"]
    posterior = style_posterior(s.view(1), g)[0]
    assert max(posterior, key=posterior.get) == "cautious" and posterior["cautious"] > 0.8


def test_the_others_styles_are_read_from_the_view_alone():
    """The inference is handed a view and refuses a state; two tables that differ only in the dice seat 1 cannot
    see give seat 1 the same posterior."""
    from gamenight.yessir.bots import opponent_styles, style_posterior
    g = gamenight.make("yessir", players=2)
    views = []
    for hidden in ([4, 6], [1, 1]):
        s = g.new(seed=1, deal={"shared": [2, 3, 5], "dice": [hidden, [3, 3]]})
        for move in ("a1", "d", "a2"):
            s.apply(move)
        views.append(s.view(1))
        with pytest.raises(TypeError):
            style_posterior(s, g)
        with pytest.raises(TypeError):
            opponent_styles(s, s, random.Random(0))
    assert views[0] == views[1]
    assert style_posterior(views[0], g) == style_posterior(views[1], g)


def test_a_worlds_styles_are_drawn_from_the_posterior_given_its_dice():
    """``opponent_styles`` draws each other seat's style given the world's dice: over many draws in one world, each
    style about as often as its posterior weight there; the bot's own seat is never named."""
    from gamenight.bots.styles import STYLES
    from gamenight.yessir.bots import opponent_styles, style_posterior, styles_likely
    g, s = _view_after("cautious", seed=5, moves=4)
    view = s.view(1)
    world = g.sample_state(view, random.Random(0))
    assert styles_likely(view, world) == 1.0   # seat 0's dice came after its blind reroll: its moves say nothing
    rng = random.Random(1)
    draws = [opponent_styles(view, world, rng) for _ in range(4000)]
    assert {tuple(d) for d in draws} == {(0,)}
    shares = {style: sum(d[0] == style for d in draws) / len(draws) for style in STYLES}
    expected = style_posterior(view, g)[0]
    assert all(abs(shares[style] - expected[style]) < 0.03 for style in STYLES)


def test_the_default_budget_expert_is_deterministic_for_its_rng():
    """With the others' styles drawn for each world, the expert at its default budget still decides the same for
    the same rng, and its estimates are the same."""
    g, s = _view_after("cautious", seed=1, moves=2)
    expert = gamenight.make_bot("expert", g)
    view, legal = s.view(1), s.legal_actions()
    first = expert.evaluate(view, legal, random.Random(9))
    assert gamenight.make_bot("expert", g).evaluate(s.view(1), legal, random.Random(9)) == first
    assert expert.choose(view, legal, random.Random(9)) is first[0].action
