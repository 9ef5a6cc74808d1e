"""Train an agent on YESSIR! with sb3-contrib's MaskablePPO and plot its learning curve.

The agent plays seat 0 of a two-player YESSIR! match against gamenight's ``random`` bot
(``gamenight.rl.gym_env("yessir", players=2, opponents=("random",), reward="hand")``); the policy sees only its
own view and picks among the legal actions (``env.action_masks()``). Every ``--eval-every`` timesteps the policy,
playing its most likely legal action, plays ``--eval-matches`` whole matches against ``random`` and as many against
``heuristic``, the same deals at every evaluation; the win rates, with Wilson 95% intervals, go to
``learning_curve.csv`` and ``learning_curve.png`` in ``--out``. The same ``--seed`` gives the same curve.

    make examples                                    # its own environment (.venv-examples), then the default run
    python examples/train_maskable_ppo.py --timesteps 100000 --out /tmp/ppo

Needs ``pip install -e '.[rl,plot]' torch stable-baselines3 sb3-contrib`` (``make examples`` pins the versions);
those are imported in ``main()`` only, so importing this file needs the standard library alone. docs/rl.md
("Training example") gives a measured run.
"""
from __future__ import annotations

import argparse
import csv
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

GAME = "yessir"
PLAYERS = 2
TRAIN_OPPONENT = "random"
EVAL_OPPONENTS = ("random", "heuristic")
N_ENVS = 8             # environments stepped side by side: the policy's forward pass is batched over them
EVAL_TABLES = 100      # evaluation matches played side by side (the policy is asked for a batch of actions)
EVAL_SEED_BASE = 1_000_000  # the evaluation deals come from seeds of their own, never the training ones


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--timesteps", type=int, default=150_000, help="the agent's actions to train on")
    parser.add_argument("--seed", type=int, default=0, help="seeds the policy, PyTorch, NumPy and the deals")
    parser.add_argument("--eval-every", type=int, default=10_000,
                        help="timesteps between two evaluations (each after the first update past a multiple)")
    parser.add_argument("--eval-matches", type=int, default=500, help="matches against each bot per evaluation")
    parser.add_argument("--reward", choices=("hand", "match"), default="hand",
                        help="the training reward: each round's share (docs/rl.md), or +1/-1 when the match ends")
    parser.add_argument("--out", type=Path, default=Path("examples/output"), help="where the CSV and PNG go")
    args = parser.parse_args(argv)
    if args.timesteps <= 0 or args.eval_every <= 0 or args.eval_matches <= 0:
        parser.error("--timesteps, --eval-every and --eval-matches must be positive")
    return args


def play_matches(choose: Any, opponent: str, matches: int, seed: int) -> int:
    """How many of ``matches`` whole matches against ``opponent`` the policy wins. ``choose(observations, masks)``
    gets a batch (one row per match in play) and returns an action per row: the matches are played side by side,
    ``EVAL_TABLES`` at a time, their deals drawn from ``seed``, so every call with the same seed deals the same."""
    import numpy as np

    from gamenight.rl import gym_env

    tables = [gym_env(GAME, players=PLAYERS, opponents=(opponent,), reward="match")
              for _ in range(min(matches, EVAL_TABLES))]
    to_play = [len(range(i, matches, len(tables))) for i in range(len(tables))]   # table i plays these many
    obs = [env.reset(seed=seed + i)[0] for i, env in enumerate(tables)]
    wins = 0
    while True:
        playing = [i for i, left in enumerate(to_play) if left]
        if not playing:
            return wins
        actions = choose(np.stack([obs[i] for i in playing]), np.stack([tables[i].action_masks() for i in playing]))
        for i, action in zip(playing, actions):
            obs[i], reward, terminated, truncated, _ = tables[i].step(int(action))
            if terminated or truncated:
                wins += reward > 0   # reward="match": +1 to the winner at the last step
                to_play[i] -= 1
                if to_play[i]:
                    obs[i] = tables[i].reset()[0]


def evaluate(choose: Any, matches: int, seed: int) -> dict[str, tuple[int, float, float, float]]:
    """Per evaluation opponent: (wins, win rate, Wilson 95% low, high)."""
    from gamenight.tournament import wilson_interval

    result = {}
    for opponent in EVAL_OPPONENTS:
        wins = play_matches(choose, opponent, matches, seed)
        low, high = wilson_interval(wins, matches)
        result[opponent] = (wins, wins / matches, low, high)
    return result


def plot(rows: list[dict[str, Any]], baseline: dict[str, tuple[int, float, float, float]], path: Path,
         title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 5), dpi=100)
    steps = [row["timesteps"] for row in rows]
    for opponent, colour in zip(EVAL_OPPONENTS, ("tab:blue", "tab:orange")):
        rate = [row[f"{opponent}_rate"] for row in rows]
        ax.plot(steps, rate, marker="o", markersize=3, color=colour, label=f"PPO vs {opponent}")
        ax.fill_between(steps, [row[f"{opponent}_low"] for row in rows], [row[f"{opponent}_high"] for row in rows],
                        color=colour, alpha=0.2, linewidth=0)
        ax.axhline(baseline[opponent][1], color=colour, linestyle=":", linewidth=1,
                   label=f"masked random policy vs {opponent}")
    ax.set_xlabel("training timesteps (the agent's actions)")
    ax.set_ylabel("win rate in whole matches (95% Wilson band)")
    ax.set_ylim(0, 1)
    ax.set_xlim(0, max(steps))
    ax.xaxis.set_major_formatter(lambda x, _: f"{x / 1000:g}k")
    ax.grid(True, alpha=0.3)
    ax.set_title(title, fontsize=10)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2, fontsize=8, frameon=False)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    import numpy as np
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.env_util import make_vec_env

    from gamenight.rl import gym_env

    torch.set_num_threads(1)   # one core, and the same arithmetic (so the same curve) on every run of a seed
    args.out.mkdir(parents=True, exist_ok=True)
    eval_seed = EVAL_SEED_BASE * (args.seed + 1)
    started = time.perf_counter()

    # the reference: a policy choosing uniformly among the legal actions, on the same evaluation deals
    rng = np.random.default_rng(args.seed)
    baseline = evaluate(lambda obs, masks: [rng.choice(np.flatnonzero(mask)) for mask in masks], args.eval_matches,
                        eval_seed)

    env = make_vec_env(lambda: gym_env(GAME, players=PLAYERS, opponents=(TRAIN_OPPONENT,), reward=args.reward),
                       n_envs=N_ENVS, seed=args.seed)
    model = MaskablePPO("MlpPolicy", env, n_steps=256, batch_size=256, n_epochs=10, learning_rate=3e-4,
                        gamma=0.99, ent_coef=0.01, seed=args.seed, device="cpu", verbose=0)

    def greedy(obs: Any, masks: Any) -> Any:
        actions, _ = model.predict(obs, action_masks=masks, deterministic=True)
        return actions

    rows: list[dict[str, Any]] = []
    fields = ["timesteps", "seconds"] + [f"{o}_{k}" for o in EVAL_OPPONENTS for k in ("wins", "rate", "low", "high")]

    def record(timesteps: int) -> None:
        result = evaluate(greedy, args.eval_matches, eval_seed)
        row: dict[str, Any] = {"timesteps": timesteps, "seconds": round(time.perf_counter() - started, 1)}
        for opponent, (wins, rate, low, high) in result.items():
            row.update({f"{opponent}_wins": wins, f"{opponent}_rate": round(rate, 4), f"{opponent}_low": round(low, 4),
                        f"{opponent}_high": round(high, 4)})
        rows.append(row)
        print(f"{timesteps:>9,} timesteps  {row['seconds']:>7.1f} s  " + "  ".join(
            f"vs {o}: {row[f'{o}_rate']:.1%} [{row[f'{o}_low']:.1%}, {row[f'{o}_high']:.1%}]" for o in EVAL_OPPONENTS),
            flush=True)

    class Evaluate(BaseCallback):
        def __init__(self) -> None:
            super().__init__()
            self.next = args.eval_every

        def _on_rollout_start(self) -> None:
            # between two updates (each after N_ENVS * n_steps timesteps), so the policy evaluated is the one updated
            # on every timestep counted
            if self.num_timesteps >= self.next:
                record(self.num_timesteps)
                while self.next <= self.num_timesteps:
                    self.next += args.eval_every

        def _on_step(self) -> bool:
            return True

    print(f"MaskablePPO on {GAME} ({PLAYERS} players) against {TRAIN_OPPONENT!r}, reward={args.reward!r}, "
          f"seed {args.seed}, {args.timesteps:,} timesteps; {args.eval_matches} evaluation matches per bot")
    print("masked random policy: " + "  ".join(
        f"vs {o}: {baseline[o][1]:.1%} [{baseline[o][2]:.1%}, {baseline[o][3]:.1%}]" for o in EVAL_OPPONENTS))
    record(0)
    model.learn(total_timesteps=args.timesteps, callback=Evaluate())
    if rows[-1]["timesteps"] != model.num_timesteps:
        record(model.num_timesteps)
    model.save(args.out / "maskable_ppo_yessir")
    seconds = time.perf_counter() - started

    csv_path, png_path = args.out / "learning_curve.csv", args.out / "learning_curve.png"
    with csv_path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
    plot(rows, baseline, png_path,
         f"MaskablePPO on YESSIR! ({PLAYERS} players), trained against {TRAIN_OPPONENT}, reward={args.reward}, "
         f"seed {args.seed}")

    last = rows[-1]
    print(f"\nafter {last['timesteps']:,} timesteps ({seconds / 60:.1f} min), {args.eval_matches} matches per bot:")
    for opponent in EVAL_OPPONENTS:
        print(f"  vs {opponent:<9}  {last[f'{opponent}_rate']:.1%}  95% [{last[f'{opponent}_low']:.1%}, "
              f"{last[f'{opponent}_high']:.1%}]   (masked random policy: {baseline[opponent][1]:.1%}; untrained "
              f"policy: {rows[0][f'{opponent}_rate']:.1%})")
    print(f"learning curve: {png_path}\n      its data: {csv_path}")
    print(f"    the policy: {args.out / 'maskable_ppo_yessir.zip'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
