"""The engine contract, checked on every registered game by random playouts (OpenSpiel-style).

Nothing here knows any game: a game listed in ``GAME_PACKAGES`` gets these tests automatically. Each game
plays random matches at its smallest, default and largest table and under every preset, within a fixed
budget of actions, and after every action or on a sample of steps (the heavier checks) it must keep its
promises: a legal action exists for the player to move, legal actions are sorted and unique and agree with
the mask, notation and ids round-trip, clone / JSON / replay are exact, garbage and illegal actions are
refused with the state unchanged, views are JSON and a state sampled from a seat's view shows that seat
the very same view (so the view depends on nothing the sampler redraws: no hidden card or die leaks).
"""
from __future__ import annotations

import json
import math
import random

import pytest

import gamenight
from gamenight import IllegalAction
from gamenight.core.game import State

GAMES = gamenight.games()
MAX_MATCH_ACTIONS = 100_000  # no game's random match comes near this; a loop that never ends will
ACTION_BUDGET = 4_000  # random actions per (game, table); at least MIN_MATCHES whole matches are played
MIN_MATCHES = 2
MAX_HEAVY = 200  # heavier checks per (game, table): enough to cover every phase, cheap enough for CI
HEAVY_EVERY = 23  # the heavier checks (JSON, clone, sampling, refusals) run on every 23rd step
GARBAGE = ("not-an-action", "", "zz99 qq", "take take take", 12345, None, 3.5, b"draw")


def tables(name: str) -> list[int]:
    cls = gamenight.core.registry.game_class(name)
    return sorted({cls.MIN_PLAYERS, cls.DEFAULT_PLAYERS, cls.MAX_PLAYERS})


# the larger Yaniv tables take longest: `make check` leaves them to `make test`
SLOW_TABLES = {("yaniv", 4), ("yaniv", 8)}


def unchanged_after_refusal(state, attempt) -> str:
    """Apply ``attempt`` and expect IllegalAction with the state left exactly as it was; returns the message."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(attempt)
    assert state.to_json() == before, f"refusing {attempt!r} changed the state"
    message = str(info.value)
    assert message, "an IllegalAction must say what is wrong"
    return message


def check_step(game, state, rng: random.Random, heavy: bool, stats: dict) -> None:
    seat = state.current_player
    n = game.num_players
    assert seat is not None and 0 <= seat < n
    assert not state.is_over
    legal = state.legal_actions()
    assert legal, "no legal action for the player to move"
    ids = [a.id for a in legal]
    assert ids == sorted(ids) and len(set(ids)) == len(ids), "legal actions must be sorted by id and unique"
    assert state.returns() == [0.0] * n, "returns are all 0.0 while the match runs"
    if not heavy:
        return
    mask = state.legal_action_mask()
    assert len(mask) == game.num_distinct_actions
    assert [i for i, ok in enumerate(mask) if ok] == ids, "legal_action_mask disagrees with legal_actions"
    for a in legal:
        assert 0 <= a.id < game.num_distinct_actions
        assert game.parse_action(str(a)) is a, f"notation does not round-trip: {a}"
        assert game.action_from_id(game.action_id(a)) is a, f"action id does not round-trip: {a}"
    text = state.to_json()
    assert json.loads(text)["game"] == game.name
    copy = state.clone()
    assert copy.to_json() == text and copy == state, "clone differs"
    assert game.state_from_json(text).to_json() == text, "to_json/state_from_json round-trip differs"
    legal_ids = set(ids)
    illegal = [i for i in rng.sample(range(game.num_distinct_actions), min(50, game.num_distinct_actions))
               if i not in legal_ids][:1]
    for i in illegal:
        unchanged_after_refusal(state, rng.choice((game.action_from_id(i), str(game.action_from_id(i)))))
    unchanged_after_refusal(state, rng.choice(GARBAGE))
    # clones are independent: playing on the copy leaves the original alone
    copy.apply(rng.choice(copy.legal_actions()))
    assert state.to_json() == text, "playing on a clone changed the original"
    for s in [None, *range(n)]:
        view = state.view(s)
        assert json.loads(json.dumps(view)) == view, "views must be plain JSON"
    s = rng.randrange(n)
    view = state.view(s)
    sampled = game.sample_state(view, random.Random(rng.getrandbits(32)))
    assert sampled.view(s) == view, "a state sampled from a view must show that seat the same view"
    again = game.sample_state(view, random.Random(rng.getrandbits(32)))
    assert again.view(s) == view
    if again.to_json() != sampled.to_json():
        stats["samples_differ"] += 1
    json.loads(sampled.to_json())
    if sampled.current_player is not None:
        sampled.apply(rng.choice(sampled.legal_actions()))  # a sampled state is playable


def check_finished(game, state) -> None:
    n = game.num_players
    assert state.is_over and state.current_player is None
    assert state.legal_actions() == []
    unchanged_after_refusal(state, "not-an-action")
    winners = state.winners
    assert winners and all(0 <= w < n for w in winners) and winners == sorted(set(winners))
    returns = state.returns()
    assert len(returns) == n and all(isinstance(r, float) and math.isfinite(r) for r in returns)
    if type(state).returns is State.returns:
        assert math.isclose(sum(returns), 1.0), "winners share 1.0"
    assert max(returns) == min(returns[w] for w in winners), "every winner has the best return"
    assert state.hands_played >= 1
    assert len(state.scores) >= 1
    record = state.record()
    assert json.loads(json.dumps(record)) == record
    assert gamenight.replay(record).to_json() == state.to_json(), "replaying the record differs"
    assert gamenight.replay(json.dumps(record)).to_json() == state.to_json()
    for s in [None, *range(n)]:
        json.dumps(state.view(s))


def playouts(game, seed: int, budget: int, min_matches: int) -> dict:
    rng = random.Random(seed)
    stats = {"matches": 0, "actions": 0, "samples_differ": 0, "heavy": 0}
    match_seed = seed * 1000
    while stats["actions"] < budget or stats["matches"] < min_matches:
        state = game.new(seed=match_seed)
        assert state.seed == match_seed
        assert game.new(seed=match_seed).to_json() == state.to_json(), "same seed, same deal"
        match_seed += 1
        for step in range(MAX_MATCH_ACTIONS):
            if state.is_over:
                break
            heavy = step % HEAVY_EVERY == 0 and stats["heavy"] < MAX_HEAVY
            check_step(game, state, rng, heavy, stats)
            stats["heavy"] += heavy
            state.apply(rng.choice(state.legal_actions()))
        else:
            raise AssertionError(f"a {game.name} match did not end within {MAX_MATCH_ACTIONS} actions")
        stats["actions"] += len(state.history)
        check_finished(game, state)
        stats["matches"] += 1
    return stats


@pytest.mark.parametrize("name", GAMES)
def test_registered_game_basics(name):
    game = gamenight.make(name)
    assert game.name == name and name in gamenight.games()
    assert game.num_distinct_actions > 0
    with pytest.raises(gamenight.RulesError):
        gamenight.make(name, rules="no-such-preset")
    with pytest.raises(gamenight.RulesError):
        gamenight.make(name, no_such_option=1)
    with pytest.raises(gamenight.RulesError):
        gamenight.make(name, rules={"preset": "no-such-preset"})
    for other in GAMES:
        if other != name:
            with pytest.raises(gamenight.RulesError):
                gamenight.make(name, rules=gamenight.make(other).rules)
    with pytest.raises(gamenight.RulesError):
        gamenight.make(name, players=game.MAX_PLAYERS + 1)
    with pytest.raises(gamenight.RulesError):
        gamenight.make(name, players=game.MIN_PLAYERS - 1)
    assert game.RULES.DEFAULT_PRESET in game.RULES.PRESETS
    for preset in game.RULES.PRESETS:  # a preset named in a dict means that preset
        assert gamenight.make(name, rules={"preset": preset}).rules == gamenight.make(name, rules=preset).rules
    assert set(game.RULES.PRESET_DOCS) == set(game.RULES.PRESETS), "every preset is documented"
    assert set(game.RULES.PRESET_TITLES) == set(game.RULES.PRESETS), "every preset has a name for people"
    for entry in game.RULES.describe():
        assert entry["meaning"], f"option {entry['name']} has no meaning"
        for choice in entry["choices"] or []:   # (a number is its own word)
            assert choice["value"].isdigit() or choice["label"] != choice["value"], \
                f"option {entry['name']}: the choice {choice['value']} is said in words (labels), not by its key"
    with pytest.raises(IllegalAction):
        game.action_from_id(game.num_distinct_actions)
    with pytest.raises(IllegalAction):
        game.action_from_id(-1)
    with pytest.raises(IllegalAction):
        game.parse_action("not-an-action")
    assert "random" in gamenight.bots_for(game)


@pytest.mark.parametrize("name", GAMES)
def test_the_core_guards_every_game_alike(name):
    """What the core owns holds for every game: a misspelt field is an error (states have __slots__), a view is
    asked for by a seat of the table or None, the contract's abstract methods are abstract, and every former
    preset name reads as a preset of the game."""
    game = gamenight.make(name)
    state = game.new(seed=1)
    with pytest.raises(AttributeError):
        state.histroy = []                        # a typo makes no new attribute
    for seat in (game.num_players, -1, "0", 1.0, True):
        with pytest.raises(ValueError):
            state.view(seat)
    assert state.view(None)["seat"] is None and state.view(0)["seat"] == 0
    assert {"_legal_now", "_apply", "_view", "_to_dict", "_copy_into"} <= State.__abstractmethods__
    for old, new in game.RULES.PRESET_ALIASES.items():
        assert new in game.RULES.PRESETS and gamenight.make(name, rules=old).rules.preset == new


@pytest.mark.parametrize("name", GAMES)
def test_apply_id_is_apply_of_the_action_with_that_id(name):
    """``state.apply_id(i)`` (learning programs play by id) plays what ``apply(game.action_from_id(i))`` plays, and
    refuses what it refuses (IllegalAction, the state unchanged): an id not legal now, out of range, or any id once
    the match is over."""
    game = gamenight.make(name)
    rng = random.Random(3)
    by_id, by_action = game.new(seed=4), game.new(seed=4)
    for _ in range(300):
        if by_id.is_over:
            break
        legal = {a.id for a in by_id.legal_actions()}
        illegal = next((i for i in range(game.num_distinct_actions) if i not in legal), None)
        if illegal is not None:
            before = by_id.to_json()
            with pytest.raises(IllegalAction):
                by_id.apply_id(illegal)
            assert by_id.to_json() == before
        for bad in (-1, game.num_distinct_actions):
            with pytest.raises(IllegalAction):
                by_id.apply_id(bad)
        chosen = rng.choice(sorted(legal))
        assert by_id.apply_id(chosen) is by_id
        by_action.apply(game.action_from_id(chosen))
        assert by_id.to_json() == by_action.to_json()
    over = game.new(seed=4)
    while not over.is_over:
        over.apply(rng.choice(over.legal_actions()))
    with pytest.raises(IllegalAction):
        over.apply_id(0)


@pytest.mark.parametrize("name,players", [
    pytest.param(name, n, marks=pytest.mark.slow if (name, n) in SLOW_TABLES else ())
    for name in GAMES for n in tables(name)])
def test_random_playouts_keep_the_contract(name, players):
    game = gamenight.make(name, players=players)
    stats = playouts(game, seed=players, budget=ACTION_BUDGET, min_matches=MIN_MATCHES)
    assert stats["matches"] >= MIN_MATCHES and stats["heavy"] > 0
    assert stats["samples_differ"] > 0, "sampling from a view never redrew anything hidden"


@pytest.mark.parametrize("name,preset", [(name, p) for name in GAMES
                                         for p in gamenight.core.registry.game_class(name).RULES.PRESETS])
def test_every_preset_plays(name, preset):
    game = gamenight.make(name, rules=preset)
    assert game.rules.preset == preset
    assert gamenight.make(name, rules=game.rules.to_dict()).rules == game.rules
    playouts(game, seed=11, budget=1, min_matches=1)


@pytest.mark.parametrize("name", GAMES)
def test_replay_steps_match_the_history(name):
    game = gamenight.make(name)
    rng = random.Random(3)
    state = game.new(seed=5)
    snapshots = [state.to_json()]
    while not state.is_over and len(state.history) < 400:
        state.apply(rng.choice(state.legal_actions()))
        snapshots.append(state.to_json())
    record = state.record()
    for number, _seat, action, after in gamenight.replay_steps(record):
        assert str(action) == record["actions"][number - 1]
        assert after.to_json() == snapshots[number]
    bad = dict(record, actions=record["actions"][:1] + ["not-an-action"])
    with pytest.raises(IllegalAction, match="step 2"):
        gamenight.replay(bad)


@pytest.mark.parametrize("name", GAMES)
def test_random_bot_match(name):
    game = gamenight.make(name)
    bots = [gamenight.make_bot("random", game) for _ in range(game.num_players)]
    state = gamenight.play_match(game, bots, seed=9)
    assert state.is_over
    assert gamenight.replay(state.record()).to_json() == state.to_json()


OWNED_STEPS = 600  # random actions per (game, table) for the ownership test
OWNED_VIEWS_EVERY = 5  # views (and a state rebuilt from JSON) are checked on every 5th step


def _scribble(obj) -> None:
    """Change every list and dict inside ``obj`` in place, innermost first."""
    if isinstance(obj, dict):
        for value in list(obj.values()):
            _scribble(value)
        obj["scribbled"] = True
    elif isinstance(obj, list):
        for value in obj:
            _scribble(value)
        obj.append("scribbled")


@pytest.mark.parametrize("name,players", [(name, n) for name in GAMES for n in tables(name)])
def test_results_belong_to_the_caller(name, players):
    """legal_actions(), legal_action_mask(), scores and view() return objects the caller owns: clearing,
    popping or appending to them (or to anything nested in a view) changes neither the state, nor a clone
    made before or after, nor another state in the same position (module-level caches)."""
    game = gamenight.make(name, players=players)
    n = game.num_players
    rng = random.Random(players)
    seats = [None, *range(n)]
    steps = 0
    match_seed = 700
    while steps < OWNED_STEPS:
        state = game.new(seed=match_seed)
        match_seed += 1
        while not state.is_over and steps < OWNED_STEPS:
            with_views = steps % OWNED_VIEWS_EVERY == 0
            text = state.to_json()
            ids = [a.id for a in state.legal_actions()]
            views = {s: json.dumps(state.view(s), sort_keys=True) for s in seats} if with_views else {}
            cold = state.clone()  # legal actions not asked yet: computed after the scribbling
            warm = state.clone()
            warm.legal_actions()
            legal = state.legal_actions()
            op = steps % 3
            if op == 0:
                legal.clear()
            elif op == 1:
                legal.pop()
            else:
                legal.append(legal[0])
            _scribble(state.legal_action_mask())
            _scribble(state.scores)
            others = [state, cold, warm, state.clone()]
            if with_views:
                for s in seats:
                    _scribble(state.view(s))
                others.append(game.state_from_json(text))  # a new state in the same position
            for other in others:
                assert [a.id for a in other.legal_actions()] == ids, (
                    f"changing the list legal_actions() returned changed the legal actions (step {steps})")
                for s in views:
                    assert json.dumps(other.view(s), sort_keys=True) == views[s], (
                        f"changing a view changed the next view of seat {s} (step {steps})")
            assert state.to_json() == text, "changing returned objects changed the state"
            state.apply(rng.choice(state.legal_actions()))
            steps += 1


LOG_STEPS = 1_500  # random actions per (game, table) for the log test
LOG_PRESET_STEPS = 300  # and per (game, preset)


def _as_seen(shown: str, played: str, own: bool) -> bool:
    """Is ``shown`` (a view's log text) the move ``played`` as a seat sees it? Its own move in full; another
    seat's in full or with what lies face down left out or written ``?`` (``knock`` for ``knock 9c``,
    ``trump ?`` for ``trump Jh``): the same first word, then each word the same or ``?``."""
    if shown == played:
        return True
    if own:
        return False
    shown_words, played_words = shown.split(), played.split()
    return (0 < len(shown_words) <= len(played_words) and shown_words[0] == played_words[0]
            and all(s == p or s == "?" for s, p in zip(shown_words, played_words)))


def _check_log(entries, moves: list, seat, where: str, step: int) -> None:
    assert isinstance(entries, list) and len(entries) == len(moves), (
        f"step {step}: seat {seat}'s {where} has {len(entries)} moves, the hand {len(moves)}: {entries} / {moves}")
    for i, (entry, (mover, played)) in enumerate(zip(entries, moves)):
        assert isinstance(entry, list) and len(entry) == 2 and entry[0] == mover, (
            f"step {step}: seat {seat}'s {where}[{i}] is {entry}, the move was seat {mover}'s {played!r}")
        assert _as_seen(entry[1], played, seat == mover), (
            f"step {step}: seat {seat}'s {where}[{i}] reads {entry[1]!r} for seat {mover}'s {played!r}")


def _log_playouts(game, seed: int, steps: int) -> int:
    n = game.num_players
    seats = [None, *range(n)]
    rng = random.Random(seed)
    hands_ended = done = 0
    match_seed = 900 + seed
    while done < steps:
        state = game.new(seed=match_seed)
        match_seed += 1
        hand: list = []  # (seat, str(action)) of the hand being played
        finished: list = []  # the same for the hand before it
        hands = state.hands_played
        for s in seats:
            view = state.view(s)
            _check_log(view["log"], hand, s, "log", done)
            _check_log(view.get("previous_log"), finished, s, "previous_log", done)
        while not state.is_over and done < steps:
            mover = state.current_player
            action = rng.choice(state.legal_actions())
            state.apply(action)
            done += 1
            hand.append((mover, str(action)))
            if state.hands_played != hands:  # the move ended the hand; the next one is dealt
                hands = state.hands_played
                finished, hand = hand, []
                hands_ended += 1
            for s in seats:
                view = state.view(s)
                _check_log(view["log"], hand, s, "log", done)
                _check_log(view.get("previous_log"), finished, s, "previous_log", done)
    return hands_ended


@pytest.mark.parametrize("name,players", [(name, n) for name in GAMES for n in tables(name)])
def test_every_move_appears_in_every_views_log(name, players):
    """Every action any seat plays appears, at the step it was played, in every seat's view (and the
    spectators'): in ``log`` (the moves of the hand being played) or, once the hand is over, in
    ``previous_log`` (the finished hand's moves, the hand's last move included), as that seat may see it.
    (That nothing hidden shows there is checked above: a state sampled from a view shows the same view.)"""
    game = gamenight.make(name, players=players)
    assert _log_playouts(game, seed=players, steps=LOG_STEPS) >= 2, "hands ended along the playouts"


@pytest.mark.parametrize("name,preset", [(name, p) for name in GAMES
                                         for p in gamenight.core.registry.game_class(name).RULES.PRESETS])
def test_every_move_appears_in_every_views_log_under_every_preset(name, preset):
    _log_playouts(gamenight.make(name, rules=preset), seed=7, steps=LOG_PRESET_STEPS)
