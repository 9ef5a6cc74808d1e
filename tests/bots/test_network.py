"""bots.network: the small network the learned rankings and values are, read from their shipped weights."""
import math

import pytest

from gamenight.bots.network import Network, shipped_weights


def weights(width: int = 2, hidden: int = 3, outputs: int = 1) -> dict:
    return {"mean": [0.5] * width, "scale": [2.0] * width,
            "hidden": [[0.1 * j, *[0.2 * (i + 1) for i in range(width)]] for j in range(hidden)],
            "outputs": [[0.3 * k, *[1.0] * hidden] for k in range(outputs)]}


def test_it_standardises_the_features_then_a_tanh_layer_then_linear_outputs():
    net = Network(weights(), 2, 1)
    z = [(1.0 - 0.5) / 2.0, (3.0 - 0.5) / 2.0]
    h = [math.tanh(0.1 * j + 0.2 * z[0] + 0.4 * z[1]) for j in range(3)]
    assert net.evaluate([1.0, 3.0]) == pytest.approx([sum(h)])
    assert Network(weights(outputs=2), 2, 2).evaluate([1.0, 3.0]) == pytest.approx([sum(h), 0.3 + sum(h)])


def test_a_single_output_row_may_be_named_output():
    single = weights()
    single["output"] = single.pop("outputs")[0]
    assert Network(single, 2, 1).evaluate([0.0, 0.0]) == Network(weights(), 2, 1).evaluate([0.0, 0.0])


@pytest.mark.parametrize("width, count", [(3, 1), (2, 2)])
def test_weights_that_do_not_fit_are_refused(width: int, count: int):
    with pytest.raises(ValueError, match="do not fit"):
        Network(weights(), width, count)


def test_every_shipped_network_loads():
    shipped = (("gamenight.gin_rummy", "ranking_weights.json"), ("gamenight.gin_rummy", "value_weights.json"),
               ("gamenight.yaniv", "ranking_weights.json"), ("gamenight.yaniv", "take_weights.json"),
               ("gamenight.yaniv", "ranking_weights_many.json"), ("gamenight.yaniv", "take_weights_many.json"),
               ("gamenight.yessir", "value_weights.json"), ("gamenight.thunee", "value_weights.json"),
               ("gamenight.thunee", "value_weights_2.json"), ("gamenight.thunee", "value_weights_6.json"))
    for package, name in shipped:
        assert set(shipped_weights(package, name)) >= {"mean", "scale", "hidden"}
