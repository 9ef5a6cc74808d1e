"""Game review and hints (``gamenight.bots.review``): every decision with a choice is judged, the verdicts follow
the losses, the same seed gives the same review, and the search is only ever handed a seat's view."""
from __future__ import annotations

import random

import pytest

import gamenight
from gamenight.bots import review as review_module
from gamenight.bots.review import FINE_BELOW, INACCURACY_BELOW, MISTAKE_BELOW, VERDICTS, hint, review, verdict
from gamenight.bots.search import SearchBot, Settings
from gamenight.core.game import State

ITERATIONS = 8   # a tiny budget: the tests check the bookkeeping, not the search's strength


def _record(name: str, seed: int, actions: int | None = None, bot: str = "heuristic", **rules) -> dict:
    """A match of ``bot``s, as its record (its first ``actions`` actions when given)."""
    game = gamenight.make(name, **rules)
    state = gamenight.play_match(game, [gamenight.make_bot(bot, game)] * game.num_players, seed=seed)
    record = state.record()
    if actions is not None:
        record["actions"] = record["actions"][:actions]
    return record


@pytest.fixture(scope="module")
def yessir_record() -> dict:
    return _record("yessir", 4, players=2, rounds_to_win=1)


@pytest.fixture(scope="module")
def gin_record() -> dict:
    return _record("gin_rummy", 3, actions=10, single_hand=True)


def _choices(record: dict, seats: list[int]) -> list[tuple[int, int, str]]:
    """(index, seat, action) of each move by ``seats`` where more than one action was legal."""
    state = gamenight.replay({**record, "actions": []})
    found = []
    for index, text in enumerate(record["actions"]):
        seat = state.current_player
        if seat in seats and len(state.legal_actions()) > 1:
            found.append((index, seat, text))
        state.apply(text)
    return found


@pytest.mark.parametrize("which", ["yessir_record", "gin_record"])
def test_every_decision_with_a_choice_is_reviewed(which, request):
    record = request.getfixturevalue(which)
    report = review(record, iterations=ITERATIONS)
    players = record["players"]
    expected = _choices(record, list(range(players)))
    assert expected, "the record has no decision to review"
    assert [(d["index"], d["seat"], d["played"]) for d in report["decisions"]] == expected
    assert report["format"] == 1 and report["game"] == record["game"] and report["players"] == players
    assert report["seats"] == list(range(players)) and report["iterations"] == ITERATIONS
    for d in report["decisions"]:
        assert d["hand"] >= 1 and isinstance(d["phase"], str)
        assert 0 <= d["played_value"] <= 1 and 0 <= d["best_value"] <= 1 and 0 <= d["win"] <= 1


@pytest.mark.parametrize("which", ["yessir_record", "gin_record"])
def test_verdicts_follow_the_losses(which, request):
    report = review(request.getfixturevalue(which), iterations=ITERATIONS)
    for d in report["decisions"]:
        assert d["loss"] == round(max(0.0, d["best_value"] - d["played_value"]), 4) >= 0
        assert d["verdict"] == verdict(d["loss"], d["played"] == d["best"])
        if d["verdict"] == "best":
            assert d["played"] == d["best"] and d["loss"] == 0
    for s in report["summary"]:
        mine = [d for d in report["decisions"] if d["seat"] == s["seat"]]
        assert s["decisions"] == len(mine) == sum(s["verdicts"].values())
        assert s["verdicts"] == {v: sum(d["verdict"] == v for d in mine) for v in VERDICTS}
        assert s["mean_loss"] == pytest.approx(sum(d["loss"] for d in mine) / len(mine), abs=1e-4)
        assert s["accuracy"] == pytest.approx(100 * (1 - s["mean_loss"]), abs=0.05)


def test_the_verdict_thresholds():
    assert FINE_BELOW < INACCURACY_BELOW < MISTAKE_BELOW
    assert verdict(0.0, True) == "best"
    assert verdict(0.0, False) == verdict(FINE_BELOW - 1e-9, False) == "fine"
    assert verdict(FINE_BELOW, False) == verdict(INACCURACY_BELOW - 1e-9, False) == "inaccuracy"
    assert verdict(INACCURACY_BELOW, False) == verdict(MISTAKE_BELOW - 1e-9, False) == "mistake"
    assert verdict(MISTAKE_BELOW, False) == verdict(1.0, False) == "blunder"


@pytest.mark.parametrize("which", ["yessir_record", "gin_record"])
def test_a_review_is_the_same_twice(which, request):
    record = request.getfixturevalue(which)
    first = review(record, iterations=ITERATIONS, seed=5)
    assert review(record, iterations=ITERATIONS, seed=5) == first
    assert first["seed"] == 5


def test_the_seats_reviewed(gin_record):
    report = review(gin_record, seats=[1], iterations=ITERATIONS)
    assert report["seats"] == [1] and [s["seat"] for s in report["summary"]] == [1]
    assert [d["index"] for d in report["decisions"]] == [i for i, _, _ in _choices(gin_record, [1])]
    with pytest.raises(ValueError, match="seat"):
        review(gin_record, seats=[2], iterations=ITERATIONS)


def test_the_search_is_handed_views_only(monkeypatch, yessir_record, gin_record):
    evaluated = []
    sampled = []
    evaluate = SearchBot.evaluate

    def checked_evaluate(self, view, legal, rng, progress=None):
        assert isinstance(view, dict) and not isinstance(view, State) and "seat" in view
        evaluated.append(view["seat"])
        return evaluate(self, view, legal, rng, progress)

    monkeypatch.setattr(SearchBot, "evaluate", checked_evaluate)
    for record in (yessir_record, gin_record):
        game_cls = type(gamenight.make(record["game"]))
        sample = game_cls.sample_state

        def checked_sample(self, view, rng, sample=sample):
            assert isinstance(view, dict) and not isinstance(view, State) and view["seat"] is not None
            sampled.append(view["seat"])
            return sample(self, view, rng)

        monkeypatch.setattr(game_cls, "sample_state", checked_sample)
        report = review(record, iterations=ITERATIONS)
        assert evaluated and sampled
        assert set(evaluated) == {d["seat"] for d in report["decisions"]}
        evaluated.clear()
        sampled.clear()


def test_a_played_move_the_candidate_cap_left_out_is_still_judged(monkeypatch):
    """An expert that searches only its policy's favourite never estimates another played move: the review
    measures it head to head with the best."""
    capped = Settings(margin_scale=25, iterations=ITERATIONS, candidates=1)
    monkeypatch.setattr(review_module, "expert",
                        lambda game, iterations=None: SearchBot(game, capped, iterations=iterations))
    record = _record("gin_rummy", 3, actions=10, bot="random", single_hand=True)
    report = review(record, seats=[0], iterations=ITERATIONS)
    others = [d for d in report["decisions"] if d["played"] != d["best"]]
    assert others, "every move played was the policy's: pick another record"
    for d in others:
        assert d["verdict"] != "best" and 0 <= d["played_value"] <= 1


def test_progress_goes_from_0_to_1(yessir_record):
    shares: list[float] = []
    review(yessir_record, seats=[0], iterations=ITERATIONS, progress=shares.append)
    assert shares and shares[-1] == 1.0
    assert all(0 <= s <= 1 for s in shares)
    assert shares == sorted(shares)


def test_an_illegal_record_names_its_step(yessir_record):
    bad = {**yessir_record, "actions": [*yessir_record["actions"][:2], "nonsense"]}
    with pytest.raises(gamenight.IllegalAction, match="record step 3"):
        review(bad, iterations=ITERATIONS)
    with pytest.raises(ValueError, match="not a game record"):
        review({"game": "yessir", "seed": 1}, iterations=ITERATIONS)


def test_a_hint_gives_the_top_moves_from_the_view():
    game = gamenight.make("gin_rummy", single_hand=True)
    state = game.new(seed=3)
    state.apply("take")
    view, legal = state.view(state.current_player), state.legal_actions()
    moves = hint(game, view, legal, random.Random(1), iterations=ITERATIONS)
    assert 1 <= len(moves) <= 3
    assert len({m["action"] for m in moves}) == len(moves)
    assert all(m["action"] in {str(a) for a in legal} for m in moves)
    assert all(0 <= m["win"] <= 1 and 0 <= m["value"] <= 1 and m["rollouts"] >= 1 for m in moves)
    assert hint(game, view, legal, random.Random(1), iterations=ITERATIONS) == moves
    assert [m["win"] for m in moves] == sorted((m["win"] for m in moves), reverse=True)   # by their chance
    with pytest.raises(TypeError, match="view"):
        hint(game, state, legal, random.Random(1), iterations=ITERATIONS)  # type: ignore[arg-type]


def test_judge_is_one_decision_of_a_review(yessir_record):
    """``gamenight.judge`` judges one decision from its view: what ``review`` says of that decision."""
    report = review(yessir_record, seats=[0], iterations=ITERATIONS, seed=2)
    first = report["decisions"][0]
    state = gamenight.replay({**yessir_record, "actions": yessir_record["actions"][:first["index"]]})
    game, legal = state.game, state.legal_actions()
    played = game.parse_action(first["played"])
    judged = gamenight.judge(game, state.view(0), legal, played, random.Random(f"2:{first['index']}"),
                             iterations=ITERATIONS)
    assert {"index": first["index"], **judged} == first
    with pytest.raises(ValueError, match="not one of the legal moves"):
        gamenight.judge(game, state.view(0), [a for a in legal if a != played], played, random.Random(1),
                        iterations=ITERATIONS)


def test_advice_without_a_budget_uses_the_experts_advice_budget():
    """Hints and reviews are waited for: without a budget they search at ``Settings.advice_iterations`` (Gin: 100,
    while the expert plays at 400), and at the expert's own budget where a game sets none."""
    gin = gamenight.make("gin_rummy", single_hand=True)
    assert review_module.expert(gin).iterations == 100
    assert review_module.expert(gin, iterations=7).iterations == 7
    assert gamenight.make_bot("expert", gin).iterations == 400
    yessir = gamenight.make("yessir", players=3)
    assert review_module.expert(yessir).iterations == gamenight.make_bot("expert", yessir).iterations
