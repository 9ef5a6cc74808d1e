"""experiments/yaniv_overrides.py: the expert's replacements of its heuristic's moves, judged with the real cards."""
import pytest

from benchmark_scripts import load_experiment


def load():
    return load_experiment("yaniv_overrides")


def test_the_expert_s_other_moves_are_judged_and_grouped_by_lead():
    script = load()
    searched, records = 0, []
    for seed in (1, 2, 3):
        n, found = script.play((seed, 4, 6, {"single_round": True}, ("shipped", "by_result"), False))
        searched += n
        records += found
    assert 0 < len(records) <= searched   # with 6 rollouts and no confidence, the search often disagrees
    for r in records:
        assert r["phase"] in ("take", "discard") and isinstance(r["call_legal"], bool)
        assert r["variants"] and set(r["variants"]) <= {"shipped", "by_result"}
        for moved in r["variants"].values():
            assert -1 <= moved["won"] <= 1
            assert moved["lead"] is None or isinstance(moved["lead"], float)
    # the variants differ only where a call is legal
    assert all(set(r["variants"]) == {"shipped", "by_result"} for r in records if not r["call_legal"])
    shipped = script.of_variant(records, "shipped")
    report = script.summary(shipped, searched)
    assert report["decisions_searched"] == searched and report["best_not_prior"] == len(shipped)
    assert sum(band["decisions"] for band in report["by_lead"].values()) == len(shipped)
    counts = [report["lead_at_least"][str(t)]["all"]["decisions"] for t in script.THRESHOLDS]
    assert counts == sorted(counts, reverse=True)   # a higher threshold keeps fewer decisions
    for t in script.THRESHOLDS:
        kinds = report["lead_at_least"][str(t)]
        assert kinds["take"]["decisions"] + kinds["discard"]["decisions"] + kinds["call_legal"]["decisions"] \
            == kinds["all"]["decisions"]
    versus = script.versus(records, "by_result", "shipped")
    for t in script.THRESHOLDS:   # where no call is legal, both searches play the same moves
        assert versus[str(t)]["all"]["points"][0] == pytest.approx(versus[str(t)]["call_legal"]["points"][0])


def test_only_the_decisions_where_a_call_is_legal_can_be_searched():
    script = load()
    searched, records = script.play((4, 4, 6, {"single_round": True}, ("shipped",), True))
    everything, _ = script.play((4, 4, 6, {"single_round": True}, ("shipped",), False))
    assert searched < everything
    assert all(r["call_legal"] for r in records)


def test_a_move_played_out_from_the_real_position_is_scored_by_its_hand():
    import gamenight

    script = load()
    game = gamenight.make("yaniv", players=2, single_round=True)
    state = game.new(seed=5)
    heuristic = gamenight.make_bot("heuristic", game)
    move = state.legal_actions()[0]
    margin, won = script.worth(state, move, state.current_player, 7, heuristic)
    assert won in (0.0, 1.0)
    assert (margin > 0) == bool(won)   # at 2 players the hand's winner scores less than the other
    assert script.worth(state, move, state.current_player, 7, heuristic) == (margin, won)   # the same seed: same hand
    assert state.sheet == [] and len(state.history) == 0   # the real position is untouched
