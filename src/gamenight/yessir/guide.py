"""How to play YESSIR!, for this table's rules: the guide ``YessirGame.guide()`` returns (core/guide.py).

Every figure of a worked example is the engine's: the hands are ranked by hands.py, and the showdowns are
rounds set up for real (``deal=...``), played with real actions (a reroll whose face the state's seeded dice
give, then Yessirs) and told from the reveal the engine made (``last_round``). A step the table's rules
forbid (a reroll the luck die cannot pay for) is left out, never faked. Players are named A, B and C.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.guide import Block, Example, Guide, Picture, Section
from ..core.text import Text
from .hands import (
    FIVE_OF_A_KIND,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_DICE,
    LARGE_STRAIGHT,
    ONE_PAIR,
    SMALL_STRAIGHT,
    THREE_OF_A_KIND,
    TWO_PAIR,
    category,
    describe_text,
)
from .phases import PIP

if TYPE_CHECKING:
    from .rules import YessirRules
    from .state import YessirGame, YessirState

NAMES = ("A", "B", "C")
#: one hand of each category, strongest first (J11)
CATEGORY_EXAMPLES = ((FIVE_OF_A_KIND, (4, 4, 4, 4, 4)), (LARGE_STRAIGHT, (6, 5, 4, 3, 2)),
                     (SMALL_STRAIGHT, (5, 4, 3, 2, 1)), (FULL_HOUSE, (3, 3, 3, 6, 6)),
                     (FOUR_OF_A_KIND, (5, 5, 5, 5, 2)), (THREE_OF_A_KIND, (6, 6, 6, 4, 1)),
                     (TWO_PAIR, (5, 5, 3, 3, 6)), (ONE_PAIR, (2, 2, 6, 5, 3)), (HIGH_DICE, (6, 5, 4, 2, 1)))
#: the showdown: A rolls, rerolls the third shared die (the seed makes it a 5) and everyone says Yessir!
SHOWDOWN_SHARED, SHOWDOWN_DICE = (5, 4, 1), ((5, 2), (4, 4), (6, 3))
SHOWDOWN_SEED = 2
#: the tie-break: two pairs of 4s, decided by the kickers
TIEBREAK_SHARED, TIEBREAK_DICE = (4, 4, 1), ((6, 2), (5, 3))


def guide(game: YessirGame) -> Guide:
    """How to play YESSIR! at this table (its rules' numbers in the text, its examples played by the engine)."""
    rules = game.rules
    return Guide(Text("How to play YESSIR!"), (
        goal(rules), roll_section(rules), turn_section(rules), hands_section(rules), reveal_section(game),
        options_section(rules)))


# ---- the sections ------------------------------------------------------------------------------------
def goal(rules: YessirRules) -> Section:
    return Section(Text("The goal"), (
        Text("YESSIR! is a dice game for 2 to 6 players. In each round every player makes a hand of five dice: "
             "their own two dice, which only they see, and the three shared dice in the middle of the table."),
        Text("When the turns are over, the best hand wins the round. The first player to win {rounds} rounds "
             "wins the match.", rounds=rules.rounds_to_win)))


def roll_section(rules: YessirRules) -> Section:
    first = (Text("In the first round the first player rolls.") if rules.first_roller == "seat0"
             else Text("In the first round the roller is drawn at random."))
    return Section(Text("The roll"), (
        Text("Each player has two dice, a luck die that starts on {luck}, and a mat that counts the rounds they "
             "have won.", luck=rules.luck_start),
        Text("The roller rolls the three shared dice face up, and everyone rolls their own two dice and looks at "
             "them without showing anyone."),
        Picture(dice=(5, 4, 1), caption=Text("The three shared dice")),
        Picture(dice=(5, 2), luck=rules.luck_start, caption=Text("Your two dice, and your luck die")),
        first))


def turn_section(rules: YessirRules) -> Section:
    direction = (Text("The roller plays first; then the turn passes to the next player.")
                 if rules.turn_direction == "increasing_seat"
                 else Text("The roller plays first; then the turn passes the other way round the table."))
    blocks: list[Block] = [
        direction,
        Text("On your turn, do exactly one of these:"),
        Text("Reroll one shared die: costs 1 luck."),
        Text("Reroll all three shared dice: costs 2 luck."),
        Text("Reroll your own two dice and look at them: costs 2 luck."),
        Text("Say \u201cYessir!\u201d and pass: free. You may still play on a later turn."),
        Text("Reroll your own two dice without looking at them: you gain 1 luck, but you take no more turns "
             "this round."),
        Text("Luck pays for rerolls: you may not spend it below {floor}. Luck never goes above {ceiling}; a gain "
             "beyond that is lost.", floor=rules.luck_min, ceiling=rules.luck_max),
        Text("The turns end as soon as every player still playing has said Yessir! since the last reroll "
             "(a blind reroll of your own dice counts as a reroll here).") if rules.blind_resets_passes
        else Text("The turns end as soon as every player still playing has said Yessir! since the last reroll "
                  "(a blind reroll of your own dice does not count here)."),
    ]
    if rules.pip_change:
        blocks.append(Text("Pip change: if you reroll one shared die and it shows the same face again, you may "
                           "keep it, or move it one pip up or down (6 up is 1, 1 down is 6)."))
    return Section(Text("A turn"), tuple(blocks))


def hands_section(rules: YessirRules) -> Section:
    blocks: list[Block] = [Text("The hands, from the best down:")]
    for cat, dice in CATEGORY_EXAMPLES:
        assert category(dice) == cat
        blocks.append(Picture(dice=dice, caption=describe_text(dice, rules.tiebreak_sum)))
    blocks += [
        Text("Mind the game's own order: a full house beats four of a kind, and three of a kind beats two pair."),
        Text("Between hands of the same kind, the higher total wins, counting only the dice that make the "
             "combination; then the higher remaining dice, from the highest down.")
        if rules.tiebreak_sum == "combo"
        else Text("Between hands of the same kind, the higher total of all five dice wins; then the higher "
                  "remaining dice, from the highest down."),
        Text("If the best hands are still equal, nobody wins the round."),
        tiebreak_example(rules)]
    return Section(Text("The hands"), tuple(blocks))


def reveal_section(game: YessirGame) -> Section:
    rules = game.rules
    nobody = (Text("If nobody wins, everyone gains 1 luck.") if rules.no_winner_luck_bonus_all
              else Text("If nobody wins, nobody gains luck."))
    roller = (Text("The winner rolls the next round; after a round nobody won, the same roller rolls again.")
              if rules.no_winner_roller == "previous"
              else Text("The winner rolls the next round; after a round nobody won, the next player rolls."))
    blocks: list[Block] = [
        Text("When the turns are over, everyone shows their dice. The winner's mat moves on one step; every other "
             "player gains 1 luck, even one who rerolled blind."),
        nobody, roller,
        Text("Luck carries over from round to round. The first player to win {rounds} rounds wins the match.",
             rounds=rules.rounds_to_win)]
    example = showdown_example(game)
    if example is not None:
        blocks.append(example)
    return Section(Text("The reveal and the end of the match"), tuple(blocks))


def options_section(rules: YessirRules) -> Section:
    """This table's rules in words: the numbers that matter, then every choice that differs from the usual."""
    blocks: list[Block] = [
        Text("First to {rounds} round wins.", rounds=rules.rounds_to_win),
        Text("Luck starts on {start}, may not be spent below {floor} and never goes above {ceiling}.",
             start=rules.luck_start, floor=rules.luck_min, ceiling=rules.luck_max)]
    flags = [
        (rules.pip_change, Text("Pip change is played.")),
        (rules.tiebreak_sum == "all", Text("Ties are compared on the total of all five dice.")),
        (rules.turn_direction != "increasing_seat", Text("Play goes the other way round the table.")),
        (not rules.no_winner_luck_bonus_all, Text("After a round nobody won, nobody gains luck.")),
        (rules.first_roller == "random", Text("The first roller is drawn at random.")),
        (rules.no_winner_roller == "next", Text("After a round nobody won, the next player rolls.")),
        (rules.blind_resets_passes, Text("A blind reroll starts the round of Yessirs again.")),
    ]
    blocks += [text for on, text in flags if on]
    return Section(Text("The rules of this table"), tuple(blocks))


# ---- the played examples ----------------------------------------------------------------------------
def tiebreak_example(rules: YessirRules) -> Example:
    """Two pairs of 4s: the engine's reveal says who wins, and why."""
    from .state import YessirGame as Game

    state: YessirState = Game(players=2, rules=rules).new(seed=0, deal=deal(TIEBREAK_SHARED, TIEBREAK_DICE))
    state.apply("d")
    state.apply("d")
    reveal = state.last_round
    assert reveal is not None
    winner = reveal["winner"]
    steps: list[Text | Picture] = [Picture(dice=TIEBREAK_SHARED, caption=Text("The shared dice"))]
    steps += [Picture(dice=TIEBREAK_DICE[p], caption=Text("{name}: {hand}", name=NAMES[p],
                                                                    hand=describe_text(reveal["hands"][p],
                                                                                       rules.tiebreak_sum)))
              for p in range(2)]
    steps.append(Text("Same kind and same total: the remaining dice decide, and {name} wins the round.",
                      name=NAMES[winner]) if winner is not None
                 else Text("The hands are equal: nobody wins the round."))
    totals = {f"total_{NAMES[p]}": int(describe_text(reveal["hands"][p], rules.tiebreak_sum).values["total"])
              for p in range(2)}
    return Example(Text("Example: a tie broken"), tuple(steps), totals)


def showdown_example(game: YessirGame) -> Example | None:
    """A round of three: A rerolls the third shared die, everyone says Yessir!, and the engine reveals."""
    from .state import YessirGame as Game

    rules = game.rules
    luck = max(rules.luck_min, rules.luck_max - 2)  # room to pay for the reroll, and to gain after it
    setup = {**deal(SHOWDOWN_SHARED, SHOWDOWN_DICE), "luck": [luck] * 3}
    state: YessirState = Game(players=3, rules=rules).new(seed=SHOWDOWN_SEED, deal=setup)
    luck_before = list(state.luck)
    if "a3" not in {str(a) for a in state.legal_actions()}:
        return None
    state.apply("a3")
    if state.phase == PIP:  # a pip change: keep the die as it fell
        state.apply("keep")
    rerolled, luck_after_reroll = state.shared[2], state.luck[0]
    order = [(0 + i * game_step(rules)) % 3 for i in range(1, 3)] + [0]
    for _ in order:
        state.apply("d")
    reveal = state.last_round
    if reveal is None or reveal["winner"] is None:
        return None
    winner = reveal["winner"]
    steps: list[Text | Picture] = [
        Picture(dice=SHOWDOWN_SHARED, caption=Text("The shared dice A rolled")),
        Text("A rerolls the third shared die, paying 1 luck ({before} \u2192 {after}). It shows {face}.",
             before=luck_before[0], after=luck_after_reroll, face=rerolled),
        Text("{first}, {second} and then A say Yessir!, so the turns are over and everyone shows their dice.",
             first=NAMES[order[0]], second=NAMES[order[1]]),
        Picture(dice=tuple(reveal["shared"]), caption=Text("The shared dice at the reveal"))]
    steps += [Picture(dice=tuple(reveal["dice"][p]), caption=Text("{name}: {hand}", name=NAMES[p],
                                                                  hand=describe_text(reveal["hands"][p],
                                                                                     rules.tiebreak_sum)))
              for p in range(3)]
    others = [p for p in range(3) if p != winner]
    steps += [
        Text("{name} wins the round: their mat moves on one step.", name=NAMES[winner]),
        Text("{first} and {second} each gain 1 luck.", first=NAMES[others[0]], second=NAMES[others[1]]),
        Text("Luck after the round: A {a}, B {b}, C {c}.", a=reveal["luck"][0], b=reveal["luck"][1],
             c=reveal["luck"][2])]
    numbers = {"rerolled": rerolled, **{f"luck_{NAMES[p]}": reveal["luck"][p] for p in range(3)}}
    return Example(Text("Example: a showdown"), tuple(steps), numbers)


def deal(shared: tuple[int, ...], dice: tuple[tuple[int, int], ...]) -> dict[str, Any]:
    """A first round set up by hand (deal.py): seat 0 rolls these dice."""
    return {"roller": 0, "shared": list(shared), "dice": [list(d) for d in dice]}


def game_step(rules: YessirRules) -> int:
    """The next seat's offset in turn order."""
    return 1 if rules.turn_direction == "increasing_seat" else -1


def summary(game: YessirGame) -> list[Text]:
    """This table's rules in a few plain sentences (the guide's last section): "Rules of this table" at a table."""
    return [block for block in options_section(game.rules).blocks if isinstance(block, Text)]
