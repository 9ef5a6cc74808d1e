"""``gamenight play`` never prints what the human seat may not see: every move of another seat is printed from
the human's view (its ``log``), once, and no card shows in the terminal before the human's views show it."""
from __future__ import annotations

import bisect
import io
import json
import random
import re

import pytest
from rich.console import Console
from rich.text import Text

import gamenight
from gamenight.bots.levels import bot_labels
from gamenight.cli import play as play_module
from gamenight.cli.render import get_renderer
from gamenight.core.cards import card_str, parse_card

# a card as the terminal may print it: notation (9c, Th, Jk) or rendered (9♣, 10♥, Joker)
_SHOWN_CARD = re.compile(r"(?<![=0-9A-Za-z])(?:10|[A2-9TJQK])[shdc♠♥♦♣](?![0-9A-Za-z])"
                         r"|(?<![0-9A-Za-z])(?:Jk|Joker)(?![a-z])")
_VIEW_CARD = re.compile(r"(?<![0-9A-Za-z])(?:[A2-9TJQK][shdc]|Jk)(?![0-9A-Za-z])")


def _view_cards(value, found: set) -> set:
    """Every card notation anywhere in a view (hands, piles, logs, summaries)."""
    if isinstance(value, str):
        found.update(_VIEW_CARD.findall(value))
    elif isinstance(value, dict):
        for item in value.values():
            _view_cards(item, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _view_cards(item, found)
    return found


class Watch:
    """Plays a whole match in the terminal (``PlaySession``) and notes, after every move, where the transcript
    stood and which cards the human seat's views had shown so far."""

    def __init__(self, monkeypatch, game_name: str, seed: int, seat: int = 0, players: int | None = None,
                 bots: str | None = None, choose=None, rules: str | None = None, human: str | None = None,
                 **overrides):
        self.game = gamenight.make(game_name, players=players, rules=rules, **overrides)
        self.seat = seat
        self.buffer = io.StringIO()
        out = Console(file=self.buffer, width=120, highlight=False, color_system=None)
        bot = bots or play_module.default_bot(self.game)
        bot_names = {p: bot for p in range(self.game.num_players) if p != seat}
        rng = random.Random(seed)
        choose = choose or (lambda legal: rng.randrange(len(legal)) + 1)
        if human is not None:  # the human types the number of the move this bot would choose (the menu's order)
            helper = gamenight.make_bot(human, self.game)

            def choose(legal):
                pick = helper.choose(session_box[0].state.view(seat), legal, rng)
                session = session_box[0]
                menu = session._menu(legal, session.state.view(seat))
                return [action for action, _ in menu].index(pick) + 1
        self.marks: list[tuple[int, frozenset, int]] = []  # (transcript length, cards seen so far, mover)
        # (mover, str(action), ended a hand, the human view's entry for the move: its log's last, or its
        # previous_log's last when the move ended the hand)
        self.moves: list[tuple[int, str, bool, list]] = []
        self.described: list[dict | None] = []   # the engine's record of each move in that view (its log_described)
        self.seen: set[str] = set()
        session_box = []

        def read(prompt):
            return str(choose(session_box[0].state.legal_actions()))

        session = play_module.PlaySession(self.game, seat, bot_names, seed, None, read, out)
        session_box.append(session)
        self.session = session
        state = session.state
        _view_cards(state.view(seat), self.seen)
        self.marks.append((0, frozenset(self.seen), -1))
        cls = type(state)
        original = cls.apply
        watch = self

        def apply(self_state, action):
            mover, hands = self_state.current_player, self_state.hands_played
            result = original(self_state, action)
            if self_state is state:  # not a bot's own copy of a state
                view = state.view(seat)
                ended = state.hands_played != hands
                entry = (view.get("previous_log") or [None])[-1] if ended else view["log"][-1]
                watch.moves.append((mover, str(state.history[-1]), ended, entry))
                records = view.get("previous_log_described") if ended else view.get("log_described")
                watch.described.append((records or [None])[-1])
                _view_cards(view, watch.seen)
                watch.marks.append((len(watch.buffer.getvalue()), frozenset(watch.seen), mover))
            return result

        monkeypatch.setattr(cls, "apply", apply)
        self.rc = session.run()
        monkeypatch.undo()
        self.text = self.buffer.getvalue()
        self.bot_names = bot_names

    def check_no_card_before_it_is_seen(self) -> int:
        checked = 0
        lengths = [length for length, _, _ in self.marks]
        for match in _SHOWN_CARD.finditer(self.text):
            card = card_str(parse_card(match.group()))
            seen = self.marks[bisect.bisect_right(lengths, match.start()) - 1][1]
            line_start = self.text.rfind("\n", 0, match.start()) + 1
            line = self.text[line_start:self.text.find("\n", match.start())]
            assert card in seen, f"{card} printed before seat {self.seat}'s views showed it: {line!r}"
            checked += 1
        return checked

    def check_every_bot_move_printed_once(self) -> None:
        """Each move of a bot gives exactly one ``seat p (bot): ...`` line, printed after that move and before
        the next one: nothing is lost (not even the move that ends a hand) and nothing is printed twice."""
        line = re.compile(r"^seat (\d+) \(([A-Za-z_]+)\): ", re.M)
        printed = [(m.start(), int(m.group(1))) for m in line.finditer(self.text) if m.group(2) != "you"]
        bounds = [length for length, _, _ in self.marks[1:]] + [len(self.text) + 1]
        expected = []
        for i, (_, _, mover) in enumerate(self.marks[1:]):
            if mover != self.seat:
                expected.append((i, mover))
        assert len(printed) == len(expected), (len(printed), len(expected))
        for (position, seat), (i, mover) in zip(printed, expected):
            assert seat == mover
            assert bounds[i] <= position < bounds[i + 1], f"move {i} of seat {mover} printed out of its place"


# (game, seeds, players, extra rules): fixed seeds, whole matches, the human types a random legal number
CASES = [
    ("gin_rummy", (1, 2), None, {}),
    ("thunee", (0, 1, 2, 3), None, {}),
    ("thunee", (5,), 6, {"rules": "all_calls"}),
    ("yaniv", (1, 2), 3, {"elimination_limit": "60"}),
    ("yessir", (1, 2), 3, {}),
]


@pytest.mark.parametrize("game_name, seeds, players, extra", CASES,
                         ids=[f"{c[0]}-{c[2] or 'default'}" for c in CASES])
def test_terminal_prints_no_card_before_the_humans_view_shows_it(monkeypatch, game_name, seeds, players, extra):
    for seed in seeds:
        watch = Watch(monkeypatch, game_name, seed, players=players, **extra)
        assert watch.rc == 0 and watch.session.state.is_over
        assert "Match over" in watch.text
        if game_name != "yessir":  # dice, no cards (its hidden dice: the test below)
            assert watch.check_no_card_before_it_is_seen() > 50  # it saw the table's, the hand's, the moves' cards
        watch.check_every_bot_move_printed_once()


@pytest.mark.parametrize("game_name, seeds, players, extra", CASES,
                         ids=[f"{c[0]}-{c[2] or 'default'}" for c in CASES])
def test_terminal_prints_every_move_from_the_view_across_hands(monkeypatch, game_name, seeds, players, extra):
    """Exactly one line per other seat's move, in order, each in the words the renderer gives the human seat's
    view's record of that move (``log_described``), the move that ends a hand included (its view's
    ``previous_log_described``): no card of it is written ``?`` by the terminal, and nothing is printed from
    another seat's ``str(action)``."""
    last_moves = 0
    for seed in seeds:
        # a human who plays as the bots do, so that the bots' moves end some hands too (at Gin the defender's
        # last move ends the hand, and a human typing random numbers seldom knocks)
        human = play_module.default_bot(game_name) if game_name == "gin_rummy" else None
        watch = Watch(monkeypatch, game_name, seed, players=players, human=human, **extra)
        assert watch.rc == 0 and watch.session.state.is_over
        printed = re.findall(r"^seat (\d+) \(([A-Za-z_]+)\): (.*)$", watch.text, re.M)
        printed = [(int(p), text.rstrip()) for p, name, text in printed if name != "you"]
        expected = []
        renderer = get_renderer(watch.game)
        for (mover, played, ended, entry), record in zip(watch.moves, watch.described):
            if mover == watch.seat:
                continue
            assert entry is not None and entry[0] == mover, f"seat {mover}'s {played!r} is in no log of the view"
            assert record is not None, f"seat {mover}'s {played!r} has no record in the view"
            expected.append((mover, Text.from_markup(renderer.move_text(record) or entry[1]).plain))
            if ended:
                last_moves += 1
                assert "?" not in entry[1].split(), f"the view hides part of a hand's last move: {entry}"
        assert printed == expected
        assert "does not show" not in watch.text
    assert last_moves > 0, "a bot's move ended a hand in these matches"


@pytest.mark.parametrize("game_name", ["thunee", "yaniv", "yessir", "gin_rummy"])
def test_terminal_reads_a_hands_last_move_from_the_view_not_from_the_action(monkeypatch, game_name):
    """The line for a move that ended a hand is made from the human view's ``previous_log_described`` record,
    whatever it says: here the view is made to give every record of ``previous_log_described`` a kind of its own,
    and the renderer writes a record's kind as it is."""
    cls = type(gamenight.make(game_name).new(seed=0))
    original = cls.view

    def view(self, seat):
        out = original(self, seat)
        if seat == 0:
            out["previous_log_described"] = [{"kind": f"{entry[1]} (as seen)"} for entry in out["previous_log"]]
        return out

    monkeypatch.setattr(cls, "view", view)
    monkeypatch.setattr(type(get_renderer(game_name)), "move_text", lambda self, move: move["kind"])
    human = play_module.default_bot(game_name) if game_name == "gin_rummy" else None
    watch = Watch(monkeypatch, game_name, 3, human=human)
    ended = [(mover, played) for mover, played, end, _ in watch.moves if end and mover != 0]
    assert ended, "a bot's move ended a hand"
    for mover, played in ended:
        level = bot_labels(watch.game)[watch.bot_names[mover]]   # the bot as players call it ("Strong")
        assert f"seat {mover} ({level}): {played} (as seen)" in watch.text


def test_gin_seed_1_does_not_print_the_bots_face_down_knock_discard(monkeypatch):
    """The reported case: `gamenight play gin_rummy --seed 1`, typing 1 each time, printed
    `seat 1 (Strong): knock 9c`; the knock discard lies face down (G8), seat 0's view says `knock`."""
    watch = Watch(monkeypatch, "gin_rummy", 1, choose=lambda legal: 1)
    assert watch.rc == 0 and watch.session.state.is_over
    knocks = re.findall(r"^seat 1 \(Strong\): knocked.*$", watch.text, re.M)
    assert knocks, "seat 1 knocked in this match"
    for line in knocks:
        assert line.rstrip() == "seat 1 (Strong): knocked (a card face down)", line
        assert not _SHOWN_CARD.search(line), line
    watch.check_no_card_before_it_is_seen()
    watch.check_every_bot_move_printed_once()


def test_thunee_face_down_trump_card_stays_hidden_until_shown(monkeypatch):
    """T12: a bot's trump card is laid face down; the terminal names no card until the table sees it."""
    lines = []
    for seed in range(4):
        watch = Watch(monkeypatch, "thunee", seed)
        lines += re.findall(r"^seat [123] \(Strong\): (?:laid the trump card|took the last card).*$", watch.text,
                            re.M)
        for line in lines:
            assert line.rstrip().endswith(("laid the trump card face down", "took the last card dealt as trump")), line
        watch.check_no_card_before_it_is_seen()
    assert lines, "a bot chose trump in these matches"


def test_yessir_other_seats_dice_do_not_change_the_transcript_before_the_reveal(monkeypatch):
    """YESSIR!'s hidden facts are the other players' dice (and a seat's own dice after a blind reroll): the
    transcript up to the first reveal is the same whatever the other seats' dice are. Both matches are set up with
    a deal (the seed's own first dice, or the same with the other seats' dice changed)."""
    from gamenight.yessir.state import YessirGame

    first = json.loads(gamenight.make("yessir", players=3).new(seed=4).to_json())
    others = [[d % 6 + 1 for d in pair] for pair in first["dice"][1:]]

    def transcript(change: bool) -> str:
        deal = {"roller": first["roller"], "shared": first["shared"],
                "dice": [first["dice"][0], *(others if change else first["dice"][1:])]}
        original = YessirGame.new
        with monkeypatch.context() as m:
            m.setattr(YessirGame, "new", lambda self, seed=None, deal_=None: original(self, seed, deal=deal))
            watch = Watch(m, "yessir", 4, players=3, bots="random")
        text = watch.text
        assert "Round 1 revealed." in text
        return text[:text.index("Round 1 revealed.")]

    assert transcript(False) == transcript(True)
