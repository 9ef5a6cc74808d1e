"""How to play Yaniv, for this table's rules: the guide ``YanivGame.guide()`` returns (core/guide.py).

Every figure of a worked example is the engine's: the hand's value is the game's card values, and the rounds
are dealt for real (``deal=...``) to three players A, B and C, played with real actions (each lays a group and
draws, then A calls Yaniv) and told from the round's summary (``last_round``) and the totals afterwards. An
example the table's rules cannot play (a call above its Yaniv limit, a hand too small to lay a group) is left
out, never faked.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.cards import parse_card
from ..core.guide import Block, Example, Guide, Picture, Section, card_words, cards_words
from ..core.text import Text

if TYPE_CHECKING:
    from .rules import YanivRules
    from .state import YanivGame, YanivState

NAMES = ("A", "B", "C")
#: the value example (YE1 in docs/games/yaniv.md)
VALUE_HAND = ("As", "2h", "Jk", "Kc", "Td")
#: each example player's two low cards, kept to the call; the rest of the hand is laid in the first turn
LOW_CARDS = (("Ac", "2c"), ("Ah", "2h"), ("5s", "6s"))
#: the cards each player draws from the stock, in turn: B's decides whether A's call holds
DRAWS_ASAF = ("Jk", "Jk", "9h")
DRAWS_YANIV = ("Jk", "4h", "9h")
#: the groups laid in the first turn, by the cards they need: a run of spades, diamonds, clubs (3 or more
#: cards), else a pair or a single of kings, queens, jacks
RUN_SUITS, GROUP_RANKS = ("s", "d", "c"), ("K", "Q", "J")


def guide(game: YanivGame) -> Guide:
    """How to play Yaniv at this table (its rules' numbers in the text, its examples played by the engine)."""
    rules = game.rules
    return Guide(Text("How to play Yaniv"), (
        goal(rules), values_section(game), deal_section(game), turn_section(rules), call_section(game),
        totals_section(game), match_section(rules), options_section(rules, game.num_players)))


# ---- the sections ------------------------------------------------------------------------------------
def goal(rules: YanivRules) -> Section:
    if rules.single_round:
        end = Text("At this table the match is a single round: the player who calls Yaniv wins if no one holds "
                   "as little; otherwise the lowest hand wins.")
    else:
        end = Text("Your hand's points are added to your total after every round. Above {limit} points you are "
                   "out; the last player left wins the match.", limit=rules.elimination_limit)
    return Section(Text("The goal"), (
        Text("Yaniv is a game for 2 to 8 players. Each player holds a few cards and tries to bring their value "
             "down by laying groups of cards, one group per turn."),
        Text("When your hand is worth {limit} points or less, you may call \u201cYaniv!\u201d at the start of "
             "your turn. Every hand is shown, and the call holds only if every other hand is worth more.",
             limit=rules.yaniv_limit) if rules.yaniv_limit is not None
        else Text("At this table you may call \u201cYaniv!\u201d at the start of any turn, whatever your hand is "
                  "worth. Every hand is shown, and the call holds only if every other hand is worth more."),
        end))


def values_section(game: YanivGame) -> Section:
    rules = game.rules
    total = sum(game.values[parse_card(c)] for c in VALUE_HAND)
    blocks: list[Block] = [
        Text("An ace counts 1, the cards 2 to 10 their number, the jack, queen and king 10 each, and a joker 0."),
    ]
    if rules.king_of_hearts_zero:
        blocks.append(Text("At this table the king of hearts counts 0 too."))
    blocks.append(Example(Text("Example: a hand's value"), (
        Picture(cards=(VALUE_HAND,), caption=Text("1 + 2 + 0 + 10 + 10 = {total} points", total=total)),),
        {"hand_value": total}))
    return Section(Text("Card values"), tuple(blocks))


def deal_section(game: YanivGame) -> Section:
    rules = game.rules
    from_players = rules.double_deck_from_players
    if from_players <= 2:
        packs = Text("The game is played with two packs: 104 cards and 4 jokers.")
    elif from_players <= game.MAX_PLAYERS:
        packs = Text("Up to {most} players play with one pack of 52 cards and 2 jokers; from {players} players, "
                     "with two packs and 4 jokers.", most=from_players - 1, players=from_players)
    else:
        packs = Text("The game is played with one pack of 52 cards and 2 jokers.")
    first = (Text("In the first round the dealer plays first.") if rules.first_round_starter == "dealer"
             else Text("In the first round the player after the dealer plays first."))
    return Section(Text("The deal"), (
        packs,
        Text("The dealer deals {cards} cards to each player. The next card is turned face up: it starts the "
             "discard pile. The rest of the pack, face down, is the stock.", cards=rules.hand_size),
        first))


def turn_section(rules: YanivRules) -> Section:
    jokers = (Text("A joker can stand for any card in a run, and for any card in a set.") if rules.jokers_in_sets
              else Text("A joker can stand for any card in a run, but not in a set."))
    take = (Text("2. Take a card: the top card of the stock, or a card the previous player laid. From a run, "
                 "only its first or last card may be taken; from a set, any of its cards.")
            if rules.set_pick_any
            else Text("2. Take a card: the top card of the stock, or the first or last card of the group the "
                      "previous player laid."))
    blocks: list[Block] = [
        Text("1. Lay a group of cards face up on the discard pile:"),
        Text("a single card;"),
        Text("a set: two or more cards of the same rank;"),
        Text("a run: three or more cards of one suit in a row. The ace is low: Q-K-A is not a run."),
        jokers,
        Picture(cards=(("7s", "7h", "7d"), ("4d", "5d", "6d", "7d"), ("5s", "Jk", "7s")),
                caption=Text("A set, a run, and a run where the joker stands for {card}", card=card_words("6s"))),
        take,
        Text("So your hand gets smaller when you lay more than one card. When the stock runs out, the discard "
             "pile is shuffled to make a new one."),
    ]
    if rules.slapdown:
        blocks.append(Text("Slapdown: if you laid a single card and draw a card of the same rank from the stock, "
                           "you may slap it down at once onto your card."))
    if rules.joker_swap:
        blocks.append(Text("Joker swap: instead of taking a card, you may give the card a joker stands for in "
                           "the previous player's run and take the joker."))
    return Section(Text("A turn"), tuple(blocks))


def call_section(game: YanivGame) -> Section:
    rules = game.rules
    blocks: list[Block] = [
        Text("Instead of playing, at the start of your turn you may call Yaniv if your hand is worth {limit} "
             "or less. You never have to.", limit=rules.yaniv_limit) if rules.yaniv_limit is not None
        else Text("Instead of playing, at the start of your turn you may call Yaniv, whatever your hand is "
                  "worth. You never have to."),
        Text("Everyone shows their hand. If every other hand is worth more than the caller's, the call holds: the "
             "caller scores 0 and everyone else scores what their hand is worth."),
        asaf_text(rules)]
    blocks += [e for e in (yaniv_example(game), asaf_example(game)) if e is not None]
    return Section(Text("Calling Yaniv, and Asaf"), tuple(blocks))


def asaf_text(rules: YanivRules) -> Text:
    if rules.asaf_per_player:
        penalty = Text("If anyone holds as little as the caller or less, that is Asaf: the call fails and the "
                       "caller scores their hand plus {penalty} for each such player.", penalty=rules.asaf_penalty)
    else:
        penalty = Text("If anyone holds as little as the caller or less, that is Asaf: the call fails and the "
                       "caller scores their hand plus {penalty}.", penalty=rules.asaf_penalty)
    if rules.asaf_winner_scores_zero:
        return Text("{penalty} The player with the lowest hand scores 0.", penalty=penalty)
    return penalty


def totals_section(game: YanivGame) -> Section:
    rules = game.rules
    if rules.single_round:
        return Section(Text("Who wins"), (
            Text("At this table one round is the whole match: if the call holds, the caller wins; if not, the "
                 "player with the lowest hand wins (players tied for it share the win)."),))
    blocks: list[Block] = [Text("Each round's points are added to the players' totals.")]
    blocks += [halving_text(pair) for pair in rules.halving_at]
    if rules.halving_at and rules.halve_only_on_change:
        blocks.append(Text("A total is halved only in a round where the player scored points."))
    blocks.append(Text("A player whose total is above {limit} is out of the match.", limit=rules.elimination_limit))
    example = halving_example(game)
    if example is not None:
        blocks.append(example)
    return Section(Text("Totals, halving and going out"), tuple(blocks))


def halving_text(pair: tuple[int, int]) -> Text:
    return Text("A total of exactly {total} goes down to {becomes}.", total=pair[0], becomes=pair[1])


def match_section(rules: YanivRules) -> Section:
    if rules.single_round:
        return Section(Text("The end of the match"), (
            Text("There is no next round: the match ends with the first call."),))
    starter = {
        "lowest_hand": Text("The player with the lowest hand of the round deals the next one and plays first."),
        "lowest_total": Text("The player with the lowest total deals the next round and plays first."),
        "rotate": Text("The deal passes to the next player for each new round, and the dealer plays first."),
    }[rules.next_round_starter]
    end = (Text("The match ends as soon as anyone goes out: the player with the lowest total wins.")
           if rules.end_on_first_elimination
           else Text("The last player left in wins the match. If a round puts out everyone still in, the lowest "
                     "total wins; players tied for it play on."))
    return Section(Text("The next round and the end of the match"), (starter, end))


def options_section(rules: YanivRules, players: int) -> Section:
    """This table's rules in words: the numbers that matter, then every choice that differs from the usual."""
    blocks: list[Block] = [
        Text("Yaniv at {limit} or less.", limit=rules.yaniv_limit) if rules.yaniv_limit is not None
        else Text("Yaniv may be called at any total."),
        Text("One round only; the lowest hand wins.") if rules.single_round
        else Text("Out above {limit}.", limit=rules.elimination_limit),
        Text("Asaf costs the caller {penalty}.", penalty=rules.asaf_penalty)]
    if not rules.single_round:
        blocks += [halving_text(pair) for pair in rules.halving_at]
        if not rules.halving_at:
            blocks.append(Text("No total is halved."))
    if rules.hand_size != 5:
        blocks.append(Text("{cards} cards are dealt to each player.", cards=rules.hand_size))
    blocks.append(Text("Two packs are used: there are {players} players.", players=players)
                  if players >= rules.double_deck_from_players else Text("One pack is used."))
    flags = [
        (rules.asaf_per_player, Text("The Asaf penalty is counted once for each player at or below the caller.")),
        (rules.asaf_winner_scores_zero, Text("On Asaf, the lowest hand scores 0.")),
        (rules.halve_only_on_change, Text("A total is halved only in a round where the player scored.")),
        (not rules.jokers_in_sets, Text("Jokers count in runs only, not in sets.")),
        (rules.set_pick_any, Text("Any card of a set may be taken.")),
        (rules.slapdown, Text("Slapdown is allowed.")),
        (rules.joker_swap, Text("Joker swap is allowed.")),
        (rules.king_of_hearts_zero, Text("The king of hearts counts 0.")),
        (rules.first_round_starter != "dealer", Text("In the first round the player after the dealer starts.")),
        (rules.next_round_starter == "lowest_total", Text("The lowest total starts the next round.")),
        (rules.next_round_starter == "rotate", Text("The deal passes round the table.")),
        (rules.end_on_first_elimination, Text("The match ends when the first player goes out.")),
    ]
    blocks += [text for on, text in flags if on]
    return Section(Text("The rules of this table"), tuple(blocks))


# ---- the played examples ----------------------------------------------------------------------------
def first_group(seat: int, size: int) -> tuple[str, ...]:
    """The group a player lays in the first turn: all but the two low cards (a run from 3 cards)."""
    if size >= 3:
        return tuple(f"{rank}{RUN_SUITS[seat]}" for rank in "9TJQK"[5 - size:])
    return tuple(f"{GROUP_RANKS[seat]}{suit}" for suit in "sd"[:size])


def play_round(game: YanivGame, draws: tuple[str, ...], scores: list[int] | None) -> YanivState | None:
    """A first round of three players: each lays a group and draws ``draws[seat]``, then A calls Yaniv; the state
    after the call, or None if this table's rules cannot play it."""
    from .state import YanivGame as Game

    rules = game.rules
    size = rules.hand_size - 2
    if size < 1:
        return None
    table = Game(players=3, rules=rules)
    groups = [first_group(seat, size) for seat in range(3)]
    deal: dict[str, Any] = {"dealer": 0 if rules.first_round_starter == "dealer" else 2,
                            "hands": [list(groups[s] + LOW_CARDS[s]) for s in range(3)],
                            "pile": "3d", "stock": list(draws)}
    if scores is not None:
        deal["scores"] = scores
    state: YanivState = table.new(seed=0, deal=deal)
    for seat in range(3):
        state.apply("+".join(groups[seat]))
        state.apply("draw")
        if "keep" in {str(a) for a in state.legal_actions()}:
            state.apply("keep")
    if "yaniv" not in {str(a) for a in state.legal_actions()}:
        return None
    state.apply("yaniv")
    return state


def opening(state: YanivState, draws: tuple[str, ...]) -> tuple[Text | Picture, ...]:
    """The turns before the call, and the hands shown."""
    summary = state.last_round
    assert summary is not None
    size = state.game.rules.hand_size - 2
    steps: list[Text | Picture] = [
        Text("{name} lays {group} and draws {card} from the stock.", name=NAMES[seat],
             group=cards_words(first_group(seat, size)), card=card_words(draws[seat])) for seat in range(3)]
    steps.append(Text("{name} calls Yaniv with {points} points. The hands are shown:", name=NAMES[0],
                      points=summary["hand_totals"]["0"]))
    steps.append(Picture(cards=tuple(tuple(summary["hands"][str(s)]) for s in range(3)),
                         caption=Text("A {a}, B {b}, C {c}", a=summary["hand_totals"]["0"],
                                      b=summary["hand_totals"]["1"], c=summary["hand_totals"]["2"])))
    return tuple(steps)


def round_numbers(state: YanivState) -> dict[str, int]:
    summary = state.last_round
    assert summary is not None
    numbers = {f"hand_{NAMES[s]}": summary["hand_totals"][str(s)] for s in range(3)}
    numbers.update({f"points_{NAMES[s]}": summary["points"][str(s)] for s in range(3)})
    return numbers


def points_text(state: YanivState) -> Text:
    points = state.last_round["points"] if state.last_round else {}
    return Text("Points for the round: A {a}, B {b}, C {c}.", a=points["0"], b=points["1"], c=points["2"])


def yaniv_example(game: YanivGame) -> Example | None:
    state = play_round(game, DRAWS_YANIV, None)
    if state is None or state.last_round is None or not state.last_round["success"]:
        return None
    return Example(Text("Example: a call that holds"), (
        *opening(state, DRAWS_YANIV),
        Text("Both other hands are worth more: the call holds and {name} scores 0.", name=NAMES[0]),
        points_text(state)), round_numbers(state))


def asaf_example(game: YanivGame) -> Example | None:
    state = play_round(game, DRAWS_ASAF, None)
    if state is None or state.last_round is None or state.last_round["success"]:
        return None
    summary = state.last_round
    return Example(Text("Example: Asaf"), (
        *opening(state, DRAWS_ASAF),
        Text("{name} holds {points} too: Asaf! The call fails, and {caller} scores {hand} + {penalty} = {total}.",
             name=NAMES[1], points=summary["hand_totals"]["1"], caller=NAMES[0], hand=summary["hand_totals"]["0"],
             penalty=summary["points"]["0"] - summary["hand_totals"]["0"], total=summary["points"]["0"]),
        points_text(state)), round_numbers(state))


def example_scores(game: YanivGame) -> list[int]:
    """Totals before the example round: C lands on the first halving total it can reach (if any), B just below
    the elimination limit."""
    rules = game.rules
    c_points = sum(game.values[parse_card(c)] for c in LOW_CARDS[2] + (DRAWS_ASAF[2],))
    reachable = [total for total, _ in sorted(rules.halving_at) if total >= c_points]
    c_before = reachable[0] - c_points if reachable else 10
    return [12, max(0, rules.elimination_limit - 2), c_before]


def halving_example(game: YanivGame) -> Example | None:
    """The Asaf round played from running totals: what the engine adds, halves and puts out."""
    before = example_scores(game)
    state = play_round(game, DRAWS_ASAF, before)
    if state is None or state.last_round is None:
        return None
    summary = state.last_round
    numbers = round_numbers(state)
    steps: list[Text | Picture] = [
        Text("The same round as above, later in a match: before it, A has {a}, B {b} and C {c}.",
             a=before[0], b=before[1], c=before[2])]
    for seat in range(3):
        added = before[seat] + summary["points"][str(seat)]
        after = summary["totals"][seat]
        numbers[f"total_{NAMES[seat]}"] = after
        if seat in summary["halved"]:
            steps.append(Text("{name}: {before} + {points} = {added}, exactly a halving total: it goes down to "
                              "{after}.", name=NAMES[seat], before=before[seat],
                              points=summary["points"][str(seat)], added=added, after=after))
        else:
            steps.append(Text("{name}: {before} + {points} = {after}.", name=NAMES[seat], before=before[seat],
                              points=summary["points"][str(seat)], after=after))
        if seat in summary["eliminated"]:
            steps.append(Text("{name} is above {limit}, and out of the match.", name=NAMES[seat],
                              limit=game.rules.elimination_limit))
    if state.is_over:
        steps.append(Text("The match is over: {names} won.", names=", ".join(NAMES[p] for p in state.winners)))
    return Example(Text("Example: halving and going out"), tuple(steps), numbers)


def summary(game: YanivGame) -> list[Text]:
    """This table's rules in a few plain sentences (the guide's last section): "Rules of this table" at a table."""
    return [block for block in options_section(game.rules, game.num_players).blocks if isinstance(block, Text)]
