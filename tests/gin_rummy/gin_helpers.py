"""Helpers for the Gin Rummy tests: hands from text (for the solver), and positions reached the way a table reaches
them: the first hand set up with ``deal=`` (docs/games/gin_rummy.md, "Setting up a position"), then public actions.
Everything a test checks about a state it reads from ``view()``, ``scores``, ``to_json()`` and the like."""
from __future__ import annotations

import json

import gamenight
import gamenight.gin_rummy  # noqa: F401  (registers the game)
from gamenight.core.cards import card_str, parse_card
from gamenight.gin_rummy.bots import GinSimple
from gamenight.gin_rummy.melds import mask_of

STOCK = 31  # cards in the stock once the hands and the upcard are dealt


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.replace(",", " ").split()]


def hand(text: str) -> int:
    return mask_of(cards(text))


def game(rules: str = "seed", **overrides):
    return gamenight.make("gin_rummy", rules=rules, **overrides)


def play(state, *actions: str):
    for a in actions:
        state.apply(a)
    return state


def legal(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def view(state, seat=None) -> dict:
    return state.view(seat)


def free_cards(*texts: str) -> list[str]:
    """The cards of the pack (highest first) that none of ``texts`` names."""
    used = set()
    for text in texts:
        used.update(card_str(c) for c in cards(text))
    return [card_str(c) for c in range(51, -1, -1) if card_str(c) not in used]


def dealt(g, hands: tuple[str, str], upcard: str, stock: str = "", dealer: int = 1, seed: int = 1):
    """A match of ``g`` whose first hand is dealt as given: ``hands`` (10 cards each), the upcard, the stock's top
    cards (top first); the seed deals the rest of the stock."""
    return g.new(seed=seed, deal={"dealer": dealer, "hands": [hands[0].split(), hands[1].split()],
                                  "upcard": upcard, "stock": stock.split()})


def to_discard(g, hand11: str, other: str, upcard: str | None = None, seed: int = 1):
    """Seat 0 to discard (or knock) holding the 11 cards ``hand11``, seat 1 (the dealer) holding ``other``, the
    discard pile ``[upcard]`` (default: a card neither holds). Played from the deal: seat 0 passes the upcard, the
    dealer takes it and throws it back (``first_upcard=standard``: passes it too), and seat 0 draws the last card
    of ``hand11`` from the stock."""
    cs = hand11.split()
    assert len(cs) == 11
    if upcard is None:
        upcard = free_cards(hand11, other)[0]
    s = dealt(g, (" ".join(cs[:-1]), other), upcard, stock=cs[-1], seed=seed)
    _both_pass_or_return(s, g, upcard)
    s.apply("draw")
    return s


def to_draw(g, hands: tuple[str, str], top: str, stock: str = "", seed: int = 1):
    """Seat 0 (the dealer) to draw, holding ``hands[0]``, seat 1 holding ``hands[1]``, ``top`` on the discard pile
    and ``stock`` next in the stock (top first). Played from the deal: seat 1 takes the upcard ``top`` and throws it
    back, or, where a taken card may not go straight back, both pass the upcard, and seat 1 draws ``top`` from the
    stock and discards it."""
    if g.rules.may_discard_taken_discard:
        s = dealt(g, hands, top, stock=stock, dealer=0, seed=seed)
        play(s, "take", top)
    else:
        upcard = free_cards(*hands, top, stock)[0]
        s = dealt(g, hands, upcard, stock=f"{top} {stock}", dealer=0, seed=seed)
        assert g.rules.first_upcard == "standard", "the dealer would have to take the upcard"
        play(s, "pass", "pass", "draw", top)
    return s


def late(g, hands: tuple[str, str], next_cards: str = "", leave: int = 3, upcard: str | None = None, seed: int = 1):
    """Seat 0 to draw with ``leave`` cards left in the stock, ``next_cards`` on top of them, the hands as dealt
    (seat 1 dealing): every turn before drew a card from the stock and threw it straight away."""
    free = free_cards(*hands, next_cards, upcard or "")
    if upcard is None:
        upcard = free.pop(0)
    fillers = free[:STOCK - leave]
    s = dealt(g, hands, upcard, stock=" ".join(fillers + next_cards.split()), seed=seed)
    _both_pass_or_return(s, g, upcard)
    for card in fillers:
        play(s, "draw", card)
    assert s.view(None)["stock_size"] == leave and s.current_player == 0
    return s


def _both_pass_or_return(s, g, upcard: str) -> None:
    """Seat 0 passes the first upcard; the dealer passes it too where he may, else takes it and throws it back."""
    s.apply("pass")
    if g.rules.first_upcard == "standard":
        s.apply("pass")
    else:
        assert g.rules.may_discard_taken_discard, "the dealer would have to keep the upcard"
        play(s, "take", upcard)


def knock_hand(g, knocker: str, defender: str, discard: str, melds: list[str], upcard: str | None = None,
               seed: int = 1):
    """Seat 0 holds ``knocker`` (11 cards), knocks discarding ``discard`` and lays ``melds`` then done; seat 1
    (the dealer, ``defender``) is to lay out and off."""
    s = to_discard(g, knocker, defender, upcard=upcard, seed=seed)
    return play(s, f"knock {discard}", *[f"meld {m}" for m in melds], "done")


def with_totals(s, totals: list[int], hands_won: list[int] | None = None):
    """``s`` as if earlier hands had scored ``totals`` (and won ``hands_won``): the JSON state with those numbers,
    read back. Only the first hand can be dealt by hand, so a match's past is written into its state this way."""
    data = json.loads(s.to_json())
    data["scores"] = list(totals)
    if hands_won is not None:
        data["hands_won"] = list(hands_won)
    return s.game.state_from_json(json.dumps(data))


def state_cards(s) -> dict:
    """Where every card is, from the JSON state: each hand, the stock, the discard pile, the melds and layoffs laid,
    the face-down knock discard, and the cards each seat is known to hold."""
    data = json.loads(s.to_json())
    return {"hands": [hand(" ".join(h)) for h in data["hands"]], "stock": cards(" ".join(data["stock"])),
            "pile": cards(" ".join(data["discard_pile"])), "melds": [hand(" ".join(m)) for _, m in data["melds"]],
            "layoffs": cards(" ".join(c for c, _ in data["layoffs"])),
            "knock_discard": data["knock_discard"], "known": [hand(" ".join(k)) for k in data["known"]]}


def states(g, seeds, rng, bot_share=0.8):
    """Every position of matches between the simple bot and random play (the bot knocks, so layouts and
    layoffs are many): the bot plays a move with probability ``bot_share``."""
    bot = GinSimple(g)
    for seed in seeds:
        s = g.new(seed=seed)
        while not s.is_over:
            yield s
            legal = s.legal_actions()
            p = s.current_player
            s.apply(bot.choose(s.view(p), legal, rng) if rng.random() < bot_share else rng.choice(legal))
        yield s
