"""Whatever a client sends, the table is unchanged (unless it was a legal action of the seat to move) and the
connection keeps working."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from web_helpers import create, join, ws_connect

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12)
messages = (st.text(max_size=200)
            | json_values.map(json.dumps)
            | st.fixed_dictionaries({"type": st.sampled_from(["action", "ping", "state", ""])},
                                    optional={"action": json_values | st.text(max_size=20),
                                              "seat": json_values, "version": json_values}).map(json.dumps))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(messages, min_size=1, max_size=5))
def test_random_client_messages_never_disturb_the_table(client, batch):
    table_id = create(client, "yaniv", [None, None, "random"], players=3)
    token = join(client, table_id, 1)          # seat 1 is not to move: nothing it sends may change the table
    table = client.app.state.manager.get(table_id)
    before = table.state.to_json()
    with ws_connect(client, table_id, token) as ws:
        ws.receive_json()
        for text in batch:
            ws.send_text(text)
            reply = ws.receive_json()
            assert reply["type"] in ("error", "pong"), reply
            if reply["type"] == "error":
                assert reply["error"] and reply["status"] in (400, 403, 409, 413, 422)
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
    assert table.state.to_json() == before
