"""How to play Gin Rummy, for this table's rules: the guide ``GinRummyGame.guide()`` returns (core/guide.py).

Every figure of a worked example is the engine's: the deadwood example asks the meld solver (melds.py), and the
knock, undercut and gin examples deal a real first hand (``game.new(deal=...)``), play it with real actions and
read the hand's summary (``last_hand``). An example the table's rules cannot play (a knock above its knock limit)
is left out, never faked. Players are named A (seat 0, the knocker) and B (seat 1, the dealer).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.bits import cards_of
from ..core.cards import card_str, parse_card
from ..core.guide import Block, Example, Guide, Picture, Section, card_words, cards_words
from ..core.text import Text
from .melds import best_arrangement, deadwood, mask_of, value_of

if TYPE_CHECKING:
    from .rules import GinRummyRules
    from .state import GinRummyGame, GinRummyState

KNOCKER, DEFENDER = "A", "B"
UPCARD, KNOCK_DISCARD = "8h", "Kd"
#: the worked examples' hands: A (seat 0) is offered the upcard 8h, takes it and knocks with Kd
KNOCK_HAND = ("5h", "6h", "7h", "9s", "9d", "9c", "Ac", "2d", "3s", "Kd")
GIN_HAND = ("5h", "6h", "7h", "9s", "9d", "9c", "2c", "3c", "4c", "Kd")
DEFENCE_KNOCK = ("Js", "Jh", "Jd", "4h", "9h", "2s", "3d", "5c", "7s", "Tc")
DEFENCE_UNDERCUT = ("Js", "Jh", "Jd", "Qs", "Qh", "Qd", "4h", "2c", "Ad", "2h")
DEFENCE_GIN = ("Js", "Jh", "Jd", "4h", "2s", "3d", "5s", "7s", "8d", "Tc")
#: the deadwood example: 7s fits the run 4s-5s-6s-7s and the set of sevens, but only one of them
DEADWOOD_HAND = ("4s", "5s", "6s", "7s", "7h", "7d", "Ah", "2c", "3d", "Kc")
LONG_RUN = ("4s", "5s", "6s", "7s")


def guide(game: GinRummyGame) -> Guide:
    """How to play Gin Rummy at this table (its rules' numbers in the text, its examples played by the engine)."""
    rules = game.rules
    return Guide(Text("How to play Gin Rummy"), (
        goal(rules), melds_section(), deadwood_section(), deal_section(rules), turn_section(rules),
        knock_section(rules), scoring_section(game), match_section(rules), options_section(rules)))


# ---- the sections ------------------------------------------------------------------------------------
def goal(rules: GinRummyRules) -> Section:
    end = (Text("The whole match is a single hand: whoever scores in it wins.") if rules.single_hand
           else Text("Hand after hand, the points add up: the first player to reach {target} points wins the match.",
                     target=rules.game_target))
    return Section(Text("The goal"), (
        Text("Gin Rummy is a game for two players with one pack of 52 cards, no jokers. Each player holds ten "
             "cards and tries to arrange them into melds, so that the cards left over, the deadwood, add up to as "
             "little as possible."),
        Text("When your deadwood is low enough you knock and end the hand; the player with less deadwood scores "
             "the difference."),
        end))


def melds_section() -> Section:
    return Section(Text("Card values and melds"), (
        Text("An ace counts 1, the cards 2 to 10 their number, and the jack, queen and king 10 each. Suits do not "
             "count."),
        Text("A set is three or four cards of the same rank. A run is three or more cards of one suit in a row."),
        Picture(cards=(("7h", "7d", "7c"), ("4h", "5h", "6h", "7h")), caption=Text("A set of sevens and a run of "
                                                                                  "hearts")),
        Text("The ace is always low: A-2-3 is a run, but Q-K-A and K-A-2 are not. A card can belong to only one "
             "meld at a time."),
        Picture(cards=(("Qs", "Ks", "As"),), caption=Text("Not a run: the ace does not follow the king"))))


def deadwood_section() -> Section:
    return Section(Text("Deadwood"), (
        Text("Your deadwood is the total of the cards that are in no meld, with your cards arranged in the best "
             "way. The table works it out for you as you play."),
        deadwood_example()))


def deadwood_example() -> Example:
    """A hand whose 7s can join the run or the set: the solver's best arrangement and its deadwood."""
    hand = mask_of(card_index(c) for c in DEADWOOD_HAND)
    melds = best_arrangement(hand)
    melded = 0
    for m in melds:
        melded |= m
    rest = hand & ~melded
    long_run = mask_of(card_index(c) for c in LONG_RUN)
    numbers = {"hand_total": value_of(hand), "deadwood": deadwood(hand),
               "deadwood_with_long_run": deadwood(hand & ~long_run)}
    return Example(Text("Example: the best arrangement"), (
        Picture(cards=(DEADWOOD_HAND,), caption=Text("A's ten cards: {total} points in all",
                                                     total=numbers["hand_total"])),
        Text("The seven of spades fits both the run 4-5-6-7 of spades and the set of sevens, but it can be used "
             "only once."),
        Text("Putting it in the run leaves {first} and {second} as deadwood: {points} points.",
             first=card_words("7h"), second=card_words("7d"), points=numbers["deadwood_with_long_run"]),
        Picture(cards=(*(names(m) for m in melds), names(rest)),
                caption=Text("The best arrangement: run 4-5-6 of spades, the three sevens, and deadwood {cards}",
                             cards=cards_words(names(rest)))),
        Text("So A's deadwood is {deadwood}.", deadwood=numbers["deadwood"])), numbers)


def deal_section(rules: GinRummyRules) -> Section:
    if rules.first_upcard == "dealer_takes":
        upcard = Text("The first upcard is offered to the non-dealer first: take it, or pass. If the non-dealer "
                      "passes, the dealer must take it. Whoever takes it then discards a card, and play goes on "
                      "with the other player.")
    else:
        upcard = Text("The first upcard is offered to the non-dealer first: take it, or pass. If the non-dealer "
                      "passes, the dealer may take it or pass too; if both pass, the non-dealer starts by drawing "
                      "from the stock. Whoever takes a card then discards one.")
    return Section(Text("The deal and the first upcard"), (
        Text("The dealer deals ten cards to each player, one at a time. The next card is turned face up: it is "
             "the first upcard, which starts the discard pile. The rest of the pack, face down, is the stock."),
        upcard))


def turn_section(rules: GinRummyRules) -> Section:
    taken = (Text("You may even throw back the card you just took from the discard pile.")
             if rules.may_discard_taken_discard
             else Text("A card you took from the discard pile may not be discarded in the same turn."))
    ending = {
        "two_card_dead": Text("When a discard leaves only two cards in the stock and nobody has knocked, the "
                              "hand is dead: nobody scores and the same dealer deals again."),
        "hoyle": Text("When a draw leaves only two cards in the stock, the hand ends at once: it is dead, nobody "
                      "scores and the same dealer deals again."),
        "tournament_50th_card": Text("When a discard leaves only two cards in the stock, the other player may "
                                     "take that discard only if it lets him knock at once; otherwise the hand "
                                     "is dead and the same dealer deals again."),
    }[rules.stock_end]
    return Section(Text("A turn"), (
        Text("1. Draw: take the top card of the stock, or the top card of the discard pile (the card your "
             "opponent just threw)."),
        Text("2. Discard: put one card face up on the discard pile, so that you hold ten cards again. Or, if "
             "your deadwood allows it, knock instead (below)."),
        taken, ending))


def knock_section(rules: GinRummyRules) -> Section:
    blocks: list[Block] = [limit_text(rules)]
    blocks += [
        Text("To knock, put your discard face down, then lay out your melds; your deadwood is shown too. A "
             "player with no deadwood at all goes gin."),
        Text("Then the defender lays out his own melds and may lay off cards onto the knocker's melds: the "
             "fourth card of a set, or the next card at either end of a run, one after another. Cards laid off "
             "no longer count as deadwood. Nothing may be laid off onto a gin."),
        Picture(cards=(("5h", "6h", "7h", "8h"), ("4h", "9h")),
                caption=Text("{first} and {second} can be laid off onto the knocker's run 5-6-7-8 of hearts",
                             first=card_words("4h"), second=card_words("9h")))]
    if rules.big_gin_bonus is not None:
        blocks.append(Text("Big gin: if, after drawing, all eleven of your cards form melds, you may declare big "
                           "gin without discarding. It scores a bonus of {bonus} instead of the gin bonus.",
                           bonus=rules.big_gin_bonus))
    return Section(Text("Knocking, gin and laying off"), tuple(blocks))


def limit_text(rules: GinRummyRules) -> Text:
    if rules.oklahoma:
        return Text("At this table the first upcard sets the knock limit for the hand: its value, at most {limit} "
                    "(an ace means gin only). After drawing, you may knock if the ten cards you keep have no more "
                    "deadwood than that.", limit=rules.knock_limit)
    if rules.knock_limit == 0:
        return Text("At this table you may only knock with no deadwood at all: only gin ends a hand.")
    return Text("After drawing, you may knock if the ten cards you keep have {limit} points of deadwood or less.",
                limit=rules.knock_limit)


def scoring_section(game: GinRummyGame) -> Section:
    rules = game.rules
    tie = (Text("Equal deadwood counts as an undercut: the defender scores the undercut bonus.")
           if rules.tie_is_undercut else Text("Equal deadwood is a draw: nobody scores."))
    blocks: list[Block] = [
        Text("Compare the knocker's deadwood with the defender's, after the defender has laid off:"),
        Text("The knocker has less: he scores the difference."),
        Text("Gin: the knocker scores the defender's deadwood plus a gin bonus of {bonus}.", bonus=rules.gin_bonus),
        Text("Undercut: if the defender has less deadwood than the knocker, the defender scores the difference "
             "plus an undercut bonus of {bonus}.", bonus=rules.undercut_bonus),
        tie]
    if rules.oklahoma_spades_double:
        blocks.append(Text("When the first upcard is a spade, the hand's score is doubled."))
    blocks += [e for e in (knock_example(game), undercut_example(game), gin_example(game)) if e is not None]
    return Section(Text("Scoring a hand"), tuple(blocks))


def match_section(rules: GinRummyRules) -> Section:
    if rules.single_hand:
        return Section(Text("The end of the match"), (
            Text("At this table one hand is the whole match: the player who scores in it wins, and a dead or "
                 "drawn hand leaves the match without a winner."),))
    blocks: list[Block] = [
        Text("Each hand's points are added to the scorer's total. The first player whose total reaches {target} "
             "wins the match.", target=rules.game_target),
        Text("The winner of a hand deals the next one; after a drawn or dead hand the same dealer deals again.")
        if rules.next_dealer == "winner"
        else Text("The players take turns to deal; after a dead hand the same dealer deals again.")]
    if rules.box_bonus:
        blocks.append(Text("Each hand won is worth a bonus of {bonus} more, added at once and counting towards the "
                           "target.", bonus=rules.box_bonus) if rules.box_credit == "immediate"
                      else Text("Each hand won is worth a bonus of {bonus} more, added when the match is over.",
                                bonus=rules.box_bonus))
    if rules.game_bonus:
        blocks.append(Text("The winner of the match gets a bonus of {bonus}.", bonus=rules.game_bonus))
    if rules.shutout == "double":
        blocks.append(Text("Shutout: if the loser never scored, the winner's total is doubled."))
    elif rules.shutout == "bonus":
        blocks.append(Text("Shutout: if the loser never scored, the winner gets {bonus} more.",
                           bonus=rules.shutout_bonus))
    return Section(Text("The end of the match"), tuple(blocks))


def options_section(rules: GinRummyRules) -> Section:
    """This table's rules in words: the numbers that matter, then every choice that differs from the usual."""
    blocks: list[Block] = [limit_text(rules),
                           Text("Gin bonus {gin}; undercut bonus {undercut}.", gin=rules.gin_bonus,
                                undercut=rules.undercut_bonus),
                           Text("One hand only.") if rules.single_hand
                           else Text("The match is played to {target} points.", target=rules.game_target)]
    if rules.tie_is_undercut:
        blocks.append(Text("Equal deadwood counts as an undercut."))
    if rules.first_upcard == "standard":
        blocks.append(Text("Both players may pass the first upcard."))
    if not rules.may_discard_taken_discard:
        blocks.append(Text("A card taken from the discard pile may not be thrown back in the same turn."))
    if rules.oklahoma:
        blocks.append(Text("Oklahoma: the first upcard sets the knock limit."))
    if rules.big_gin_bonus is not None:
        blocks.append(Text("Big gin is allowed (bonus {bonus}).", bonus=rules.big_gin_bonus))
    if rules.first_dealer != "random":
        blocks.append(Text("Player {seat} deals the first hand.", seat=1 if rules.first_dealer == "seat0" else 2))
    if rules.max_pile_takes is not None:
        blocks.append(Text("A hand is dead once the discard pile has been taken {n} times in it.",
                           n=rules.max_pile_takes))
    if rules.repeat_return_ends:
        blocks.append(Text("A hand is dead when both players in turn take the upcard and throw it straight back."))
    return Section(Text("The rules of this table"), tuple(blocks))


def summary(game: GinRummyGame) -> list[Text]:
    """This table's rules in a few plain sentences (the guide's last section): "Rules of this table" at a table."""
    return [block for block in options_section(game.rules).blocks if isinstance(block, Text)]

# ---- the played examples ----------------------------------------------------------------------------
def play_knock(game: GinRummyGame, knocker: tuple[str, ...], defender: tuple[str, ...]) -> dict[str, Any] | None:
    """A first hand played to its end: A takes the upcard and knocks with Kd, both lay out as the engine advises
    (the best arrangement, the defender's best lay-offs); the hand's summary, or None if this table forbids the
    knock (its knock limit is lower)."""
    state: GinRummyState = game.new(seed=0, deal={"dealer": 1, "hands": [list(knocker), list(defender)],
                                                  "upcard": UPCARD})
    state.apply("take")
    if f"knock {KNOCK_DISCARD}" not in {str(a) for a in state.legal_actions()}:
        return None
    state.apply(f"knock {KNOCK_DISCARD}")
    knocker_view: Any = state.view(0)   # a GinRummyView (a dict)
    for meld in knocker_view["hand_melds"] or []:
        state.apply("meld " + "+".join(meld))
    state.apply("done")
    defender_view: Any = state.view(1)
    plan = defender_view["defender_plan"] or {"melds": [], "layoffs": []}
    for meld in plan["melds"]:
        state.apply("meld " + "+".join(meld))
    for card, target in plan["layoffs"]:
        state.apply(f"layoff {card} {target}")
    state.apply("done")
    return state.last_hand


def knock_numbers(hand: dict[str, Any]) -> dict[str, int]:
    return {"knocker_deadwood": hand["knocker_deadwood"], "defender_deadwood": hand["defender_deadwood"],
            "points": hand["points"]}


def melds_of(hand: dict[str, Any], seat: int) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(cards) for who, cards in hand["melds"] if who == seat)


def groups(melds: tuple[tuple[str, ...], ...], deadwood_cards: list[str]) -> tuple[tuple[str, ...], ...]:
    """A player's melds, then his deadwood (if any) as the last group of a picture."""
    return (*melds, tuple(deadwood_cards)) if deadwood_cards else melds


def knock_opening(hand: dict[str, Any]) -> tuple[Text | Picture, ...]:
    """A takes the upcard, knocks, and lays out: the first steps of every played example."""
    return (Text("{knocker} takes the upcard {upcard} and knocks, putting {card} face down.", knocker=KNOCKER,
                 upcard=card_words(UPCARD), card=card_words(KNOCK_DISCARD)),
            Picture(cards=groups(melds_of(hand, 0), hand["deadwood_cards"]["0"]),
                    caption=Text("{name}'s melds and deadwood: {points}", name=KNOCKER,
                                 points=hand["knocker_deadwood"])))


def knock_example(game: GinRummyGame) -> Example | None:
    hand = play_knock(game, KNOCK_HAND, DEFENCE_KNOCK)
    if hand is None or hand["result"] != "knock":
        return None
    numbers = knock_numbers(hand)
    laid = cards_words(card for card, _ in hand["layoffs"])
    return Example(Text("Example: a knock"), (
        *knock_opening(hand),
        Text("{defender} lays out his set of jacks and lays off {cards} onto {knocker}'s run.", defender=DEFENDER,
             cards=laid, knocker=KNOCKER),
        Picture(cards=groups(melds_of(hand, 1), hand["deadwood_cards"]["1"]),
                caption=Text("{name}'s melds and deadwood: {points}", name=DEFENDER,
                             points=hand["defender_deadwood"])),
        score_text(hand, game.rules)), numbers)


def undercut_example(game: GinRummyGame) -> Example | None:
    hand = play_knock(game, KNOCK_HAND, DEFENCE_UNDERCUT)
    if hand is None or hand["result"] != "undercut":
        return None
    numbers = knock_numbers(hand)
    return Example(Text("Example: an undercut"), (
        *knock_opening(hand),
        Text("{defender} lays out jacks and queens and lays off {cards}: only {points} points of deadwood are "
             "left, less than the knocker's.", defender=DEFENDER, cards=cards_words(c for c, _ in hand["layoffs"]),
             points=hand["defender_deadwood"]),
        Picture(cards=groups(melds_of(hand, 1), hand["deadwood_cards"]["1"]),
                caption=Text("{name}'s melds and deadwood: {points}", name=DEFENDER,
                             points=hand["defender_deadwood"])),
        score_text(hand, game.rules)), numbers)


def gin_example(game: GinRummyGame) -> Example | None:
    hand = play_knock(game, GIN_HAND, DEFENCE_GIN)
    if hand is None or hand["result"] != "gin":
        return None
    numbers = knock_numbers(hand)
    return Example(Text("Example: gin"), (
        *knock_opening(hand),
        Text("{defender} may not lay off onto a gin: his {card} stays deadwood even though it would fit the run.",
             defender=DEFENDER, card=card_words("4h")),
        Picture(cards=groups(melds_of(hand, 1), hand["deadwood_cards"]["1"]),
                caption=Text("{name}'s melds and deadwood: {points}", name=DEFENDER,
                             points=hand["defender_deadwood"])),
        score_text(hand, game.rules)), numbers)


def score_text(hand: dict[str, Any], rules: GinRummyRules) -> Text:
    """How the engine scored the hand, in words, with its figures."""
    k, d, points = hand["knocker_deadwood"], hand["defender_deadwood"], hand["points"]
    result = hand["result"]
    if result == "gin":
        return Text("Gin: {name} scores {deadwood} + the gin bonus {bonus} = {points} points.", name=KNOCKER,
                    deadwood=d, bonus=rules.gin_bonus, points=points)
    if result == "knock":
        return Text("{name} scores {defender} − {knocker} = {points} points.", name=KNOCKER, defender=d, knocker=k,
                    points=points)
    return Text("Undercut: {name} scores {knocker} − {defender} + the undercut bonus {bonus} = {points} "
                "points.", name=DEFENDER, knocker=k, defender=d, bonus=rules.undercut_bonus, points=points)


# ---- cards ------------------------------------------------------------------------------------------
def card_index(text: str) -> int:
    return parse_card(text)


def names(mask: int) -> tuple[str, ...]:
    return tuple(card_str(c) for c in cards_of(mask))
