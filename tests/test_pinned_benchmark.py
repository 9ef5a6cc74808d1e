"""`make bench` compares each engine's random play with a pinned earlier commit (benchmarks/pinned.py): every engine
has a pin git knows, and a small run gives both sides' figures and says whether the matches were the same."""
import subprocess

import pytest

import gamenight
from benchmark_scripts import ROOT, load_benchmark


def test_every_engine_has_a_pin_that_git_knows():
    pinned = load_benchmark("pinned")
    assert set(pinned.PINS) == set(pinned.TABLES) == set(gamenight.games())
    for commit in set(pinned.PINS.values()):
        subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{commit}^{{commit}}"], check=True)


@pytest.mark.slow
def test_a_small_run_compares_both_sides(tmp_path, monkeypatch):
    pinned = load_benchmark("pinned")
    monkeypatch.setitem(pinned.TABLES, "yessir", (4, 3))
    result = pinned.compare("yessir", pinned.pinned_source(pinned.PINS["yessir"], tmp_path), rounds=1)
    assert result["pinned_matches_per_second"] > 0 and result["now_matches_per_second"] > 0
    assert result["same_matches"] is True and result["pin"] == pinned.PINS["yessir"]
