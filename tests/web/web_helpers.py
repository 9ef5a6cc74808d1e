"""Helpers shared by the web tests."""
import random

import gamenight

# short matches keep the suite fast; the default-rules matches are played too (test_api)
SHORT = {
    "yaniv": {"players": 3, "options": {"single_round": True}},
    "gin_rummy": {"players": 2, "options": {"single_hand": True}},
    "yessir": {"players": 3, "options": {"rounds_to_win": 1}},
    "thunee": {"players": 4, "options": {"balls_to_win": 1}},
}
GAMES = sorted(SHORT)


def heuristic_or_random(game: str) -> str:
    return "heuristic" if "heuristic" in gamenight.bots_for(game) else "random"


def create(client, game, seats, **extra):
    body = {"game": game, "seats": seats, **extra}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()["table_id"]


def join(client, table_id, seat, name=None):
    r = client.post(f"/api/tables/{table_id}/join", json={"seat": seat, "name": name})
    assert r.status_code == 200, r.text
    return r.json()["token"]


def play_http(client, table_id, tokens: dict[int, str], rng: random.Random, limit=20000):
    """People at ``tokens`` play random legal actions over HTTP until the match is over; returns the last message."""
    message = client.get(f"/api/tables/{table_id}/state").json()
    for _ in range(limit):
        if message["table"]["is_over"]:
            return message
        seat = message["table"]["current_player"]
        assert seat in tokens, f"seat {seat} is to move but nobody plays it"
        mine = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": tokens[seat]}).json()
        assert mine["seat"] == seat and mine["legal_actions"]
        r = client.post(f"/api/tables/{table_id}/actions",
                        json={"token": tokens[seat], "action": rng.choice(mine["legal_actions"])})
        assert r.status_code == 200, r.text
        message = r.json()
    raise AssertionError("match did not end")
