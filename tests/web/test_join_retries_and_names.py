"""A join sent again, a finished match's seats, and names that pass for something else.

- A client nonce has 128 bits or more and looks random; the same nonce gets the same token again only as the retry
  of its join: the same seat, within RETRY_SECONDS of it (the seat record keeps when it was taken, so another server
  or a restarted one knows too). Later, or for another seat, it is a join like any other.
- Once the match is over no seat is takeable, a seat a bot was keeping open included.
- A name is normalised (NFKC, no invisible characters, one space between words) and refused when it reads as a
  bot's label or a seat's name in any language the pages speak.

Time is a ManualClock and the scheduler has no thread (``manual_manager``): nothing here waits on the machine."""
import base64
import random

import pytest
from web_helpers import (
    PACED_BOTS,
    ManualClock,
    act,
    create_hosted,
    finished_table_of_two,
    join,
    later,
    manual_manager,
    summary,
    wait_for,
)

import gamenight
from gamenight import bot_labels
from gamenight.i18n import LANGUAGES, translator
from gamenight.web import TableError, TableManager, open_storage
from gamenight.web import seats as seats_module
from gamenight.web.scheduler import BotScheduler

DELAY = PACED_BOTS   # the bots of the `hosted` tables think this long
RETRY = seats_module.RETRY_SECONDS


def nonce(n: int, size: int = 16) -> str:
    """A good client nonce, as a page makes one (random bytes in base64url), from a seeded generator."""
    return base64.urlsafe_b64encode(random.Random(n).randbytes(size)).decode().rstrip("=")





def join_with(client, table_id, seat, client_nonce, name=None):
    return client.post(f"/api/tables/{table_id}/join", json={"seat": seat, "name": name, "client": client_nonce})


# ---- client nonces ---------------------------------------------------------------------------------------------
WEAK_NONCES = [
    "AAAAAAAAAAAAAAAA",                    # 16 characters: too short, and one character
    "A" * 22,                              # one character repeated
    "A" * 64,
    "ab" * 12,                             # 2 different characters
    "abcdefgabcdefgabcdefgabc",            # 7 different characters
    "q8Zr2Lp0q8Zr2Lp0q8Zr2Lp0",            # a piece repeated
    "q8Zr2Lp0X_q8Zr2Lp0X_q8Zr",            # a piece repeated, the last time in part
    "ABCDEFGHIJKLMNOPQRSTUVWX",            # a run
    "0123456789abcdefghijklmn",            # runs
    "aaaabbbbccccddddeeeeffffgggghhhh",    # runs
    nonce(1)[:21],                         # random, but 21 characters: under 128 bits
    "x" * 65,
    "q8Zr2Lp0X_k3Jv9Wm1Tb5Y ",             # a space
    "q8Zr2Lp0X_k3Jv9Wm1Tb5Y+/",            # base64, not base64url
    12345678901234567890123,
]


@pytest.mark.parametrize("weak", WEAK_NONCES)
def test_a_weak_client_nonce_is_refused_saying_what_a_good_one_is(hosted, weak):
    client, _, _ = hosted
    table_id, _ = create_hosted(client, "yaniv", [None, None], players=2)
    r = join_with(client, table_id, 0, weak)
    assert r.status_code == 400, r.text
    error = r.json()["error"]
    assert "client must be a random text" in error and "22-64" in error and "16 random bytes" in error
    assert "8 different characters" in error
    assert summary(client, table_id)["seats"][0]["kind"] == "open"


def test_nonces_made_as_the_pages_make_them_pass():
    """The pages send 18 random bytes in base64url (gn.js clientNonce); 16 bytes (22 characters) is the least."""
    rng = random.Random(7)
    for size in (16, 18, 32, 48):
        for _ in range(2000):
            made = base64.urlsafe_b64encode(rng.randbytes(size)).decode().rstrip("=")
            assert seats_module.check_client_nonce(made) == made


def test_a_join_retried_within_the_window_gets_the_same_token_and_later_a_taken_seat(hosted):
    client, _, clock = hosted
    table_id, _ = create_hosted(client, "yaniv", [None, None], players=2)
    first = join_with(client, table_id, 0, nonce(1), "Ann")
    assert first.status_code == 200
    clock.advance(RETRY - 1)
    again = join_with(client, table_id, 0, nonce(1), "Ann")        # the first answer was lost: sent again
    assert again.status_code == 200 and again.json() == first.json()
    clock.advance(2)                                                # past the window: whoever sends it now ...
    late = join_with(client, table_id, 0, nonce(1), "Mallory")
    assert late.status_code == 409 and "seat 0 is taken" in late.json()["error"]   # ... gets no token
    assert "token" not in late.json()
    assert summary(client, table_id)["seats"][0]["name"] == "Ann"


def test_the_same_nonce_for_another_seat_is_a_join_of_that_seat(hosted):
    client, _, _ = hosted
    table_id, _ = create_hosted(client, "yaniv", [None, None, None], players=3)
    ann = join_with(client, table_id, 0, nonce(1), "Ann").json()["token"]
    bob = join(client, table_id, 1, "Bob")
    taken = join_with(client, table_id, 1, nonce(1), "Ann")           # Bob's seat: taken, whatever the nonce
    assert taken.status_code == 409 and "seat 1 is taken" in taken.json()["error"]
    other = join_with(client, table_id, 2, nonce(1), "Cy")            # an open seat: a new seat and token
    assert other.status_code == 200 and other.json()["token"] not in (ann, bob)
    assert other.json()["seat"] == 2


def test_the_join_time_is_kept_with_the_seat_so_a_restarted_server_knows_the_window(db_url):
    first, _ = manual_manager(db_url)
    table = first.create("yaniv", players=2, seats=[None, None], host_token="h")
    token = table.join(0, "Ann", client=nonce(3))
    assert isinstance(table.seats[0]["joined"], float)
    first.close()
    second, clock = manual_manager(db_url)
    again = second.get(table.table_id)
    assert again.join(0, "Ann", client=nonce(3)) == token           # within the window: the same token
    clock.advance(RETRY + 1)
    with pytest.raises(TableError, match="seat 0 is taken"):
        again.join(0, "Ann", client=nonce(3))


def test_a_join_retried_at_another_server_gets_the_same_token_within_the_window(postgres_url):
    """Two servers on one database: the retry of a join reaches the other server (its copy of the table learns of
    the join, and of when it was, from the database)."""
    a = TableManager(open_storage(postgres_url), test_seed=0)
    clock = ManualClock()
    b = TableManager(open_storage(postgres_url), test_seed=0, clock=clock,
                     scheduler=BotScheduler(clock, threaded=False))
    table = a.create("yaniv", players=2, seats=[None, None])
    mirror = b.get(table.table_id)
    token = table.join(0, "Ann", client=nonce(4))
    wait_for(lambda: mirror.seats[0]["kind"] == "person", "B to hear of the join", pump=[b])
    assert mirror.join(0, "Ann", client=nonce(4)) == token
    clock.advance(RETRY + 1)
    with pytest.raises(TableError, match="seat 0 is taken"):
        mirror.join(0, "Ann", client=nonce(4))





def test_a_rematch_checks_its_nonce_first_and_answers_a_retry_only_within_the_window(hosted):
    client, manager, clock = hosted
    old, _, tokens = finished_table_of_two(client, manager, clock, DELAY)
    rematch = f"/api/tables/{old}/rematch"
    weak = client.post(rematch, json={"client": "A" * 22}, headers={"X-Seat-Token": tokens[0]})
    assert weak.status_code == 400 and "client must be a random text" in weak.json()["error"]
    assert summary(client, old)["settings"]["rematch"] is None       # refused before anything was made
    r = client.post(rematch, json={"client": nonce(5)}, headers={"X-Seat-Token": tokens[0]})
    assert r.status_code == 200
    clock.advance(RETRY - 1)
    again = client.post(rematch, json={"client": nonce(5)}, headers={"X-Seat-Token": tokens[0]})
    assert again.status_code == 200 and again.json() == r.json()
    clock.advance(2)
    late = client.post(rematch, json={"client": nonce(5)}, headers={"X-Seat-Token": tokens[0]})
    assert late.status_code == 409 and "token" not in late.json()


# ---- a finished match's seats ----------------------------------------------------------------------------------
def test_no_seat_of_a_finished_match_is_takeable_not_even_one_a_bot_kept_open(hosted):
    client, manager, clock = hosted
    table_id, _ = create_hosted(client, "yessir", [None, None, "random"], players=3, options={"rounds_to_win": 1},
                                settings={"bots_may_be_replaced": True})
    ann, bob = join(client, table_id, 0, "Ann"), join(client, table_id, 1, "Bob")
    assert client.post(f"/api/tables/{table_id}/leave", json={"token": bob}).status_code == 200
    seats = summary(client, table_id)["seats"]
    assert seats[1]["kind"] == "bot" and seats[1]["takeable"] is True    # a bot keeps Bob's seat open
    assert seats[2]["takeable"] is True                                  # friends may take the bots' seats
    table = manager.get(table_id)
    while not table.state.is_over:
        if table.state.current_player == 0:
            r = act(client, table_id, ann, str(table.state.legal_actions()[0]), len(table.state.history))
            assert r.status_code == 200, r.text
        else:
            later(manager, clock, DELAY)
    over = summary(client, table_id)
    assert over["is_over"] and over["seats"][1]["kind"] == "bot"
    assert [s["takeable"] for s in over["seats"]] == [False, False, False]
    for seat in (1, 2):
        r = client.post(f"/api/tables/{table_id}/join", json={"seat": seat, "name": "Cy"})
        assert r.status_code == 409 and "match is over" in r.json()["error"]


# ---- names -----------------------------------------------------------------------------------------------------
READS_AS_A_LABEL = "reads as a bot's or a seat's label"


def label_names():
    """Each language's own words for a bot's seat, a bot's level and a seat nobody named, as the catalogs say them."""
    labels = {label for name in gamenight.games() for label in bot_labels(gamenight.make(name)).values()}
    for lang in LANGUAGES:
        said = translator(lang).gettext
        yield lang, said("Bot {number}").format(number=2)
        yield lang, said("Player {number}").format(number=1)
        yield lang, said("Seat {number}").format(number=3)
        yield lang, said("seat {number}").format(number=4)
        for label in sorted(labels):
            yield lang, said(label)
            yield lang, f"{said(label)} (heuristic)"
            yield lang, said("bot: {name}").format(name=f"{said(label)} (expert)")


@pytest.mark.parametrize("lang, name", list(label_names()))
def test_each_languages_label_of_a_bot_or_a_seat_is_refused_as_a_name(hosted, lang, name):
    client, _, _ = hosted
    table_id, _ = create_hosted(client, "yaniv", [None, None], players=2)
    r = client.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": name})
    assert r.status_code == 400, (lang, name, r.text)
    assert READS_AS_A_LABEL in r.json()["error"]
    assert summary(client, table_id)["seats"][0]["kind"] == "open"


@pytest.mark.parametrize("name", [
    "Ｂｏｔ 2",                 # full-width
    "Bo\u200bt 2",              # a zero-width space inside
    "B\u00adot\u2060 2",        # a soft hyphen, a word joiner
    "Bot\u3164 2",              # a filler that draws nothing
    "Bot\u00a02",               # a no-break space
    "bot-2", "BOT #2", "Bot",
    "Player 1", "player  12", "PLAYER１", "Seat 2", "seat 3", "open seat",
    "heuristic", "Random", "random", "Expert", "expert", "strong", "simple", "Casual (heuristic)",
    "bot: Casual (heuristic)", "ｂｏｔ：Ｂｅｇｉｎｎｅｒ",
    "ボット2", "ﾎﾞｯﾄ２", "プレイヤー1", "ﾌﾟﾚｲﾔｰ 1", "席3", "初級", "中級（heuristic）", "エキスパート",
    "ボット：上級（strong）",
    "Joueur 1", "joueur 2", "Place 3", "Débutant", "DÉBUTANT", "Amateur", "Expert rapide", "bot : Fort (strong)",
    "Quick Expert", "casual", "Casual (casual)", "早指しエキスパート",
])
def test_names_that_pass_for_a_bot_or_a_default_seat_are_refused(hosted, name):
    client, _, _ = hosted
    table_id, _ = create_hosted(client, "yaniv", [None, None], players=2)
    r = client.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": name})
    assert r.status_code == 400, (name, r.text)
    assert READS_AS_A_LABEL in r.json()["error"] and "choose another" in r.json()["error"]


@pytest.mark.parametrize("name, shown", [
    ("Ｍａｒｉｅ", "Marie"),
    ("さくら", "さくら"),
    ("山田 花子", "山田 花子"),
    ("山田\u3000花子", "山田 花子"),          # an ideographic space is a space
    ("  Ann   Lee ", "Ann Lee"),
    ("Ann\u200b", "Ann"),
    ("Jo\u200bhn", "John"),
    ("Zoë", "Zoë"),
    ("Zoe\u0308", "Zoë"),                    # composed
    ("Ахмед", "Ахмед"),
    ("محمد", "محمد"),
    ("Robot Rita", "Robot Rita"),
    ("Bot fan", "Bot fan"),
    ("Player One", "Player One"),
    ("Abbott", "Abbott"),
    ("ﬁona", "fiona"),                        # a ligature, spelt out
])
def test_real_names_are_kept_as_normalised(hosted, name, shown):
    client, _, _ = hosted
    table_id, _ = create_hosted(client, "yaniv", [None, None], players=2)
    r = client.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": name})
    assert r.status_code == 200, (name, r.text)
    assert summary(client, table_id)["seats"][0]["name"] == shown


@pytest.mark.parametrize("name, words", [
    ("\u200b\u200b", "visible"),
    ("\u200b \u2060", "visible"),
    ("Ann\u202e", "direction"),
    ("Ann\nBob", "control characters"),
])
def test_names_of_nothing_visible_or_turning_the_text_are_still_refused(hosted, name, words):
    client, _, _ = hosted
    table_id, _ = create_hosted(client, "yaniv", [None, None], players=2)
    r = client.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": name})
    assert r.status_code == 400 and words in r.json()["error"], (name, r.text)
