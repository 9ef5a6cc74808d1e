"""Records carry their format's version: records made before versions existed replay as format 1; a record of a
format this version cannot read is refused clearly rather than replayed wrongly."""
import pytest

import gamenight
from gamenight.core.game import RECORD_FORMAT


@pytest.mark.parametrize("name", gamenight.games())
def test_a_record_names_its_format_and_replays(name):
    state = gamenight.make(name).new(seed=11)
    for _ in range(30):
        if state.is_over:
            break
        state.apply(state.legal_actions()[0])
    record = state.record()
    assert record["format"] == RECORD_FORMAT == 1
    assert gamenight.replay(record).to_json() == state.to_json()
    old = {k: v for k, v in record.items() if k != "format"}        # a record from before formats
    assert gamenight.replay(old).to_json() == state.to_json()


@pytest.mark.parametrize("bad", [2, 0, "1", None])
def test_a_record_of_another_format_is_refused(bad):
    record = {**gamenight.make("yaniv").new(seed=1).record(), "format": bad}
    with pytest.raises(ValueError, match="format"):
        gamenight.replay(record)
