"""``gamenight play``: whole matches driven by scripted input, bad entries re-prompted, records written."""
from __future__ import annotations

import json

import pytest

import gamenight
from gamenight.cli import play as play_module


def _capture_session(monkeypatch) -> list:
    """Keep each PlaySession the command creates, so a scripted player can read its legal actions."""
    sessions = []
    original = play_module.PlaySession.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        sessions.append(self)

    monkeypatch.setattr(play_module.PlaySession, "__init__", init)
    return sessions


def test_whole_yaniv_match_by_numbers_with_bad_entries(cli, tmp_path):
    record = tmp_path / "game.json"
    answers = ["7z+8z", "99", "0", "draw"] + ["1"] * 20000  # 'draw' is illegal before a discard
    run = cli(["play", "yaniv", "--no-prompt", "--players", "2", "--bots", "random", "--seed", "3",
               "--set", "elimination_limit=30", "--record", str(record)], answers)
    assert run.rc == 0, run.err
    assert "cannot read action '7z+8z'" in run.out  # the engine's parse message
    assert "There is no action 99: choose 1 to" in run.out
    assert "There is no action 0" in run.out
    assert "draw is not legal for seat 0 now; first discard a group" in run.out
    assert "Match over" in run.out
    assert "Round 1 over." in run.out
    assert "seat 1 (Beginner): " in run.out   # the bot's level, as players call it; "random" is for --bots
    assert "(random)" not in run.out and "seat 1: Beginner" in run.out
    assert "Your hand:" in run.out and "Stock:" in run.out
    data = json.loads(record.read_text())
    final = gamenight.replay(data)
    assert final.is_over
    assert data["result"] == {"scores": final.scores, "winners": final.winners}
    assert data["seed"] == 3 and data["players"] == 2


def test_whole_yaniv_match_by_notation(cli, monkeypatch):
    sessions = _capture_session(monkeypatch)
    typed = []

    def by_notation(prompt):
        legal = sessions[0].state.legal_actions()
        text = str(legal[-1])  # the longest discard, else a take
        typed.append(text)
        return text

    run = cli(["play", "yaniv", "--no-prompt", "--players", "3", "--bots", "random,random", "--seed", "11",
               "--rules", "common", "--set", "hand_size=4", "--set", "elimination_limit=40"], by_notation)
    assert run.rc == 0, run.err
    state = sessions[0].state
    assert state.is_over and state.game.rules.yaniv_limit == 7 and state.game.rules.hand_size == 4
    assert state.game.rules.elimination_limit == 40
    assert len(typed) >= 2
    assert f"seat 0 (you): {typed[0]}" in run.out
    assert "Match over" in run.out


def test_notation_alternative_spellings_are_accepted(cli, monkeypatch):
    sessions = _capture_session(monkeypatch)

    def lowercase_with_spaces(prompt):
        state = sessions[0].state
        if len(state.history) > 60:
            return "quit"
        return "  " + str(state.legal_actions()[-1]).lower().replace("+", " + ") + " "

    run = cli(["play", "yaniv", "--no-prompt", "--players", "2", "--bots", "random", "--seed", "5"],
              lowercase_with_spaces)
    assert run.rc == 0, run.err
    assert len(sessions[0].state.history) > 60


def test_quit_saves_a_partial_record_that_replays(cli, tmp_path):
    record = tmp_path / "partial.json"
    run = cli(["play", "yaniv", "--no-prompt", "--seed", "8", "--players", "2", "--bots", "random",
               "--record", str(record)], ["1", "1", "1", "quit"])
    assert run.rc == 0
    assert "You left the game." in run.out
    data = json.loads(record.read_text())
    assert "result" not in data
    assert len(data["actions"]) >= 3
    assert not gamenight.replay(data).is_over


def test_end_of_input_quits_like_quit(cli, tmp_path):
    record = tmp_path / "eof.json"
    run = cli(["play", "yaniv", "--no-prompt", "--seed", "1", "--record", str(record)], [])
    assert run.rc == 0 and record.exists()


def test_help_rules_and_table_commands_do_not_play(cli):
    run = cli(["play", "yaniv", "--no-prompt", "--seed", "2", "--players", "2", "--bots", "random"],
              ["help", "rules", "table", "quit"])
    assert run.rc == 0
    assert "Type the number of an action" in run.out
    assert "Rules in play (preset french)" in run.out
    assert "yaniv_limit" in run.out
    assert "seat 0 (you):" not in run.out  # nothing was played


def test_other_seats_are_bots_and_the_human_can_sit_anywhere(cli, monkeypatch):
    sessions = _capture_session(monkeypatch)
    run = cli(["play", "yaniv", "--no-prompt", "--players", "4", "--seat", "2", "--bots", "random,heuristic,random",
               "--seed", "4"], ["quit"])
    assert run.rc == 0
    s = sessions[0]
    assert s.seat == 2 and s.bot_names == {0: "random", 1: "heuristic", 3: "random"}
    assert "You are seat 2" in run.out


def test_default_bot_is_heuristic_when_the_game_has_one(cli, monkeypatch):
    sessions = _capture_session(monkeypatch)
    cli(["play", "yaniv", "--no-prompt", "--seed", "4"], ["quit"])
    expected = "heuristic" if "heuristic" in gamenight.bots_for("yaniv") else "random"
    assert set(sessions[0].bot_names.values()) == {expected}
    assert sessions[0].game.num_players == gamenight.make("yaniv").num_players


def test_setup_prompts_ask_what_flags_do_not_give(cli, monkeypatch):
    sessions = _capture_session(monkeypatch)
    answers = ["9", "3",                 # players: 9 is refused, then 3
               "nope", "3",              # preset: unknown name refused, then number 3 (common)
               "hand_size=99", "hand_size=4 slapdown=yes",   # a bad value is refused
               "7", "1",                 # seat
               "minimax", "random",      # bots
               "quit"]
    run = cli(["play", "yaniv"], answers)
    assert run.rc == 0, run.err
    s = sessions[0]
    assert s.game.num_players == 3 and s.game.rules.preset == "common"
    assert s.game.rules.hand_size == 4 and s.game.rules.slapdown is True
    assert s.seat == 1 and set(s.bot_names.values()) == {"random"}
    assert "Yaniv is for 2 to 8 players" in run.out
    assert "unknown preset 'nope'" in run.out
    assert "bad value '99' for option 'hand_size'" in run.out
    assert "seats are 0 to 2" in run.out
    assert "unknown bot 'minimax'" in run.out
    shown = " ".join(run.out.split())   # the terminal wraps a long description at its width
    for name, doc in gamenight.make("yaniv").RULES.PRESET_DOCS.items():
        assert name in run.out and " ".join(doc.split()) in shown


def test_setup_prompts_enter_accepts_defaults(cli, monkeypatch):
    sessions = _capture_session(monkeypatch)
    run = cli(["play", "yaniv"], ["", "", "", "", "", "quit"])
    assert run.rc == 0, run.err
    s = sessions[0]
    default = gamenight.make("yaniv")
    assert s.game.num_players == default.num_players and s.game.rules == default.rules and s.seat == 0
    assert len(run.prompts) == 6


def test_flags_skip_their_prompts(cli):
    run = cli(["play", "yaniv", "--players", "2", "--rules", "common", "--set", "hand_size=5", "--seat", "0",
               "--bots", "random"], ["quit"])
    assert run.rc == 0
    assert run.prompts == ["Your move> "]


@pytest.mark.parametrize("argv, message", [
    (["play", "yaniv", "--seat", "4", "--players", "4"], "--seat must be between 0 and 3"),
    (["play", "yaniv", "--bots", "random,random"], "--bots needs one bot or 3"),
    (["play", "yaniv", "--bots", "minimax"], "unknown bot 'minimax'"),
    (["play", "yaniv", "--set", "hand_size"], "--set expects KEY=VALUE"),
    (["play", "yaniv", "--set", "hand_size=9"], "bad value '9' for option 'hand_size'"),
    (["play", "yaniv", "--rules", "nope"], "unknown preset 'nope'"),
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "yaniv", "--players", "x"], "invalid int value"),
    (["play", "yaniv", "--record", "/no/such/folder/r.json"], "no such directory"),
])
def test_bad_options_are_one_line_errors(cli, argv, message):
    run = cli([*argv, "--no-prompt"], ["quit"])
    assert run.rc == 2
    assert run.out == ""
    assert run.err.startswith("gamenight: error: ") and message in run.err
    assert run.err.count("\n") == 1


@pytest.mark.parametrize("name", gamenight.games())
def test_every_registered_game_can_be_played(cli, name, monkeypatch):
    """Any game plays through the menu, with its own renderer or the generic one."""
    sessions = _capture_session(monkeypatch)
    answers = ["1"] * 200 + ["quit"]
    run = cli(["play", name, "--no-prompt", "--seed", "1", "--bots", "random"], answers)
    assert run.rc == 0, run.err
    assert sessions[0].state.history


def test_yaniv_variants_render_and_play_by_random_numbers(cli, monkeypatch):
    """Slap-downs, joker swaps, any-card takes and a zero king of hearts all show in the menu and play."""
    sessions = _capture_session(monkeypatch)
    rng = __import__("random").Random(3)
    seen = set()

    def random_number(prompt):
        state = sessions[0].state
        legal = state.legal_actions()
        seen.update(str(a).split(" ")[0] for a in legal)
        return str(rng.randrange(len(legal)) + 1)

    run = cli(["play", "yaniv", "--no-prompt", "--players", "2", "--bots", "random", "--seed", "12",
               "--set", "slapdown=true", "--set", "joker_swap=true", "--set", "set_pick_any=true",
               "--set", "king_of_hearts_zero=true", "--set", "elimination_limit=60"], random_number)
    assert run.rc == 0, run.err
    assert sessions[0].state.is_over
    assert {"draw", "take", "keep"} <= seen
