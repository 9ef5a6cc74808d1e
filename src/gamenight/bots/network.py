"""A small network read from shipped weights and evaluated in pure Python (the engine stays standard-library only).

One layer of tanh units over standardised features, then linear outputs: what the games' learned rankings and values
are (``gin_rummy.ranking``, ``gin_rummy.value``, ``yaniv.ranking``). The weights are JSON: ``mean`` and ``scale``
standardise the features, ``hidden`` is rows of (bias, weights...), ``outputs`` rows of (bias, weights...) over the
hidden units (``output``: a single row).

>>> net = Network({"mean": [0.0], "scale": [1.0], "hidden": [[0.0, 1.0]], "output": [0.5, 2.0]}, 1, 1)
>>> net.evaluate([0.0])
[0.5]
"""
from __future__ import annotations

import json
import math
from importlib import resources
from operator import mul
from typing import Any


class Network:
    """``width`` features in, ``count`` linear outputs; weights that do not fit are a ValueError."""

    def __init__(self, weights: dict[str, Any], width: int, count: int):
        self.mean = [float(x) for x in weights["mean"]]
        self.scale = [float(x) for x in weights["scale"]]
        self.hidden = [[float(x) for x in row] for row in weights["hidden"]]
        rows = weights["outputs"] if "outputs" in weights else [weights["output"]]
        self.outputs = [[float(x) for x in row] for row in rows]
        if len(self.mean) != width or len(self.scale) != width or any(len(r) != width + 1 for r in self.hidden) \
                or len(self.outputs) != count or any(len(r) != len(self.hidden) + 1 for r in self.outputs):
            raise ValueError("the network's weights do not fit its features")
        # each row as (bias, weights), for ``evaluate``'s sums (the same sums in the same order as the rows say)
        self._hidden_rows = [(row[0], row[1:]) for row in self.hidden]
        self._output_rows = [(row[0], row[1:]) for row in self.outputs]

    def evaluate(self, x: list[float]) -> list[float]:
        """The linear outputs for the features ``x``."""
        z = [(v - m) / s for v, m, s in zip(x, self.mean, self.scale)]
        tanh = math.tanh
        h = [tanh(bias + sum(map(mul, weights, z))) for bias, weights in self._hidden_rows]
        return [bias + sum(map(mul, weights, h)) for bias, weights in self._output_rows]


def one_of_two(network: Network, mine: list[float], theirs: list[float]) -> float:
    """One side's chance from a network with one logistic output, where one of the two sides wins: its own chance
    (features ``mine``) averaged with one less the other's (``theirs``), so the two sides' chances make one exactly."""
    own = 1.0 / (1.0 + math.exp(-network.evaluate(mine)[0]))
    other = 1.0 / (1.0 + math.exp(-network.evaluate(theirs)[0]))
    return (own + 1.0 - other) / 2


def shipped_weights(package: str | None, name: str) -> dict[str, Any]:
    """The weights in the file ``name`` shipped in ``package``."""
    assert package is not None
    weights: dict[str, Any] = json.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8"))
    return weights
