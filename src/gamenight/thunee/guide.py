"""How to play Thunee, for this table's rules and number of players: the guide ``ThuneeGame.guide()`` returns.

The ball values come from the engine's scoring functions (scoring.py) with this table's rules, the Jodi values from
``meld_value``, the card points from ``POINTS``; the worked example deals a real first hand
(``game.new(deal=...)``), plays it with real actions (nobody calls; the leader of the first trick wins it with the
jack of spades and declares a Jodi; afterwards everyone plays his cheapest legal card) and reads the count from the
hand's summary (``last_hand``). Players are named A, B, C ... by seat, as in the usual Thunee write-ups (A and C
against B and D).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.guide import Block, Example, Guide, Picture, Section, card_words, cards_words
from ..core.text import Text, nText
from .actions import CARD_POINTS, POINTS, meld_value, parse_thunee_card
from .phases import Special
from .scoring import counting_balls, double_balls, kanak_balls, solo_balls

if TYPE_CHECKING:
    from .rules import ThuneeRules
    from .state import ThuneeGame, ThuneeState

LETTERS = "ABCDEF"
HEARTS, CLUBS = 1, 3
#: the example's first hand, dealer A (seat 0): B (the dealer's right) is the trumper and lays Jh face down; C leads
#: the jack of spades, everybody follows and C's team wins the first trick, then C declares K+Q of clubs
EXAMPLE_DEALS = {
    4: [["9s", "Jc", "9c", "Ac", "As", "Tc"], ["Jh", "Qs", "Ah", "9d", "Kd", "Qd"],
        ["Js", "Kc", "Qc", "9h", "Ad", "Td"], ["Ks", "Th", "Kh", "Qh", "Ts", "Jd"]],
    6: [["Ts", "Tc", "Kd", "Qd"], ["Jh", "Qs", "Ah", "9d"], ["Js", "Kc", "Qc", "9h"], ["Ks", "Th", "Kh", "Jd"],
        ["9s", "Jc", "9c", "Ac"], ["As", "Qh", "Ad", "Td"]],
    2: [["Js", "Kc", "Qc", "9h", "Ad", "Td", "9s", "Jc", "9c", "Ac", "As", "Tc"],
        ["Jh", "Qs", "Ah", "9d", "Kd", "Qd", "Ks", "Th", "Kh", "Qh", "Ts", "Jd"]],
}
TRUMP_CARD, FIRST_LEAD, JODI_CARDS = "Jh", "Js", ("Kc", "Qc")


def guide(game: ThuneeGame) -> Guide:
    """How to play Thunee at this table (its rules and players in the text, its example played by the engine)."""
    return Guide(Text("How to play Thunee"), (
        goal(game), cards_section(), deal_section(game), tricks_section(game), jodi_section(game),
        count_section(game), calls_section(game), match_section(game), options_section(game)))


def name(seat: int) -> str:
    return LETTERS[seat]


def team_name(game: ThuneeGame, team: int) -> Text | str:
    """A team by its players' letters: "A and C", "A, C and E" (two players: the player himself)."""
    seats = [name(s) for s in game.teams[team]]
    if len(seats) == 1:
        return seats[0]
    if len(seats) == 2:
        return Text("{first} and {second}", first=seats[0], second=seats[1])
    return Text("{first}, {second} and {third}", first=seats[0], second=seats[1], third=seats[2])


# ---- the sections ------------------------------------------------------------------------------------
def goal(game: ThuneeGame) -> Section:
    n = game.num_players
    if n == 4:
        table = Text("Thunee is played by four players in two teams of two: {team0} against {team1}, partners "
                     "sitting opposite each other.", team0=team_name(game, 0), team1=team_name(game, 1))
    elif n == 6:
        table = Text("Thunee is played by six players in two teams of three: {team0} against {team1}, sitting "
                     "alternately.", team0=team_name(game, 0), team1=team_name(game, 1))
    else:
        table = Text("This is Thunee for two players: each plays alone, and where this guide says a team it "
                     "means a player.")
    blocks: list[Block] = [
        table,
        Text("Play goes round to the right (anticlockwise): dealing, calling and playing cards."),
        Text("In each hand one team chooses trump and the other, the counting team, tries to win enough card "
             "points in its tricks. The hand earns balls for one team; the first team to {balls} balls wins the "
             "match.", balls=game.rules.balls_to_win)]
    return Section(Text("The goal"), tuple(blocks))


def cards_section() -> Section:
    j, nine, ace, ten, king, queen = POINTS
    return Section(Text("The cards"), (
        Text("Only 24 cards are used: the J, 9, A, 10, K and Q of each suit. In every suit they rank in that "
             "order: the jack is the highest card, then the nine."),
        Picture(cards=(("Jh", "9h", "Ah", "Th", "Kh", "Qh"),), caption=Text("From the highest to the lowest")),
        Text("Card points: jack {jack}, nine {nine}, ace {ace}, ten {ten}, king {king}, queen {queen}. The whole "
             "pack holds {total} points.", jack=j, nine=nine, ace=ace, ten=ten, king=king, queen=queen,
             total=sum(CARD_POINTS))))


def deal_section(game: ThuneeGame) -> Section:
    rules, n = game.rules, game.num_players
    blocks: list[Block] = [
        Text("The dealer deals {n} cards to each player, one at a time, starting with the player on his right.",
             n=game.first_cards)]
    weak = weak_hand_text(rules)
    if weak is not None:
        blocks.append(weak)
    if n == 6:
        blocks.append(Text("With six players the dealer may now declare Trip (see the special calls)."))
    blocks += [
        Text("The player on the dealer's right is the trumper, unless someone takes the right away by calling.")
        if n > 2 else Text("The non-dealer is the trumper, unless the dealer takes the right away by calling."),
        Text("Calling goes round to the right. A call must be exactly 10 more than the last one: 10, 20, 30 and so "
             "on up to 100, then 104, which ends the calling. A player who passes may not call again in this "
             "hand. The highest caller becomes the trumper."),
        Text("A call is a bet against your own team: its number is added to the other team's count, and if the "
             "other team still reaches its target it wins {balls} balls instead of 1.",
             balls=counting_balls(0, 0, 10, 0)[0]),
        Text("The trumper chooses trump by laying one of his cards face down: its suit is trump. The card stays "
             "his; it is turned face up for everyone as soon as the first card of the first trick is played.")]
    if rules.last_card_trump:
        blocks.append(last_card_text())
    blocks.append(nText("Then the dealer deals {n} more card to each player, so that everyone holds {total}.",
                        "Then the dealer deals {n} more cards to each player, so that everyone holds {total}.",
                        game.second_cards, total=game.first_cards + game.second_cards))
    if n == 2:
        blocks.append(Text("With two players, once the first six tricks are played the other twelve cards are dealt, "
                           "six to each player, and six more tricks are played with the same trump and call."))
    blocks.append(Text("The team opposite the trumper is the counting team: it needs {target} points. The trumper's "
                       "team tries to stop it.", target=game.target_points))
    return Section(Text("The deal, the calling and trump"), tuple(blocks))


def weak_hand_text(rules: ThuneeRules) -> Text | None:
    if rules.weak_hand_redeal == "any_player":
        return Text("A player whose first cards are worth 10 points or less may ask for a new deal; the same dealer "
                    "deals again.")
    if rules.weak_hand_redeal == "trumper_only":
        return Text("The player on the dealer's right may ask for a new deal if his first cards are worth 10 points "
                    "or less; the same dealer deals again.")
    return None


def last_card_text() -> Text:
    return Text("At this table the trumper may instead choose the suit of the last card dealt to him.")


def tricks_section(game: ThuneeGame) -> Section:
    blocks: list[Block] = [
        Text("The player on the trumper's right leads the first trick. Each player in turn, going right, plays "
             "one card."),
        Text("You must follow the suit led if you can. If you cannot, you may play any card: you do not have to "
             "trump."),
        Text("The highest trump wins the trick; if no trump was played, the highest card of the suit led wins. "
             "The winner leads the next trick.")]
    if game.rules.undercut_restriction:
        blocks.append(undercut_text())
    return Section(Text("Playing the tricks"), tuple(blocks))


def undercut_text() -> Text:
    return Text("At this table a player who cannot follow may not play a trump lower than one already in the "
                "trick, unless he holds only trumps.")


def jodi_section(game: ThuneeGame) -> Section:
    kq, jkq = meld_value((0, 0, 0, 1), HEARTS), meld_value((0, 0, 0, 2), HEARTS)
    kq_trump, jkq_trump = meld_value((0, 1, 0, 0), HEARTS), meld_value((0, 2, 0, 0), HEARTS)
    return Section(Text("Declaring Jodi"), (
        Text("A Jodi is the king and queen of one suit (K+Q), or its jack, king and queen (J+K+Q), shown to the "
             "table. K+Q is worth {kq} points, or {kq_trump} in trumps; J+K+Q is worth {jkq}, or {jkq_trump} in "
             "trumps.", kq=kq, kq_trump=kq_trump, jkq=jkq, jkq_trump=jkq_trump),
        Picture(cards=(("Kc", "Qc"), ("Jh", "Kh", "Qh")),
                caption=Text("K+Q of clubs: {kq}; J+K+Q of hearts when hearts are trump: {jkq}", kq=kq,
                             jkq=jkq_trump)),
        jodi_timing_text(game.rules), jodi_cards_text(game.rules),
        Text("A Jodi of the counting team is added to its count; a Jodi of the trumper's team is taken off it. "
             "There is no Jodi in a hand played as Thunee or another solo call.")))


def jodi_timing_text(rules: ThuneeRules) -> Text:
    if rules.jodi_timing == "hand_trick_1_or_3":
        return Text("Jodi may be declared only right after the first or the third trick of the hand, by the team "
                    "that won that trick: its winner first, then his partners.")
    if rules.jodi_timing == "team_won_1st_or_3rd":
        return Text("Jodi may be declared only right after the first or the third trick your team wins in the hand: "
                    "its winner first, then his partners.")
    return Text("Jodi may be declared right after any trick your team wins: its winner first, then his partners.")


def jodi_cards_text(rules: ThuneeRules) -> Text:
    if rules.jodi_cards == "in_hand":
        return Text("The cards must still be in your hand, and each suit can be declared only once a hand.")
    return Text("The cards must have been dealt to you this hand, even if you have played them since; each suit "
                "can be declared only once a hand.")


def count_section(game: ThuneeGame) -> Section:
    rules = game.rules
    last = (Text("The last trick is worth 10 more: the counting team adds 10 if it wins the last trick and loses 10 "
                 "if it does not.") if rules.last_trick == "transfer"
            else Text("The last trick is worth 10 more to the counting team if it wins it."))
    blocks: list[Block] = [
        Text("At the end of the hand the counting team adds up its count: the card points of the tricks it won, "
             "the last trick, the call, its own Jodi, minus the other team's Jodi."),
        last,
        Text("If the count reaches {target}, the counting team wins 1 ball ({called} after a call); otherwise the "
             "trumper's team wins 1 ball.", target=game.target_points, called=counting_balls(0, 0, 10, 0)[0])]
    if rules.redeal_if_no_trumps:
        blocks.append(Text("If the counting team holds no trump at all, the deal is void: nobody scores and the same "
                           "dealer deals again."))
    blocks.append(count_example(game))
    return Section(Text("Counting a hand"), tuple(blocks))


def calls_section(game: ThuneeGame) -> Section:
    rules, n = game.rules, game.num_players
    blocks: list[Block] = [*thunee_texts(game)]
    if rules.royals:
        blocks.append(Text("Royals: called and played like Thunee, but every suit ranks upside down: Q, K, 10, A, 9, "
                           "J. It wins and loses the same balls."))
    if rules.blind_thunee:
        blind = solo_balls(rules, Special.BLIND_THUNEE, 0, 0), solo_balls(rules, Special.BLIND_THUNEE, 0, 1)
        blocks.append(Text("Blind Thunee: called right after trump is chosen, before your last cards are dealt, and "
                           "then played as Thunee. It wins {win} balls, and loses {lose} to the opponents.",
                           win=blind[0][0], lose=blind[1][1]))
        if rules.royals:
            blocks.append(Text("Blind Royals is called the same way, and played as Royals."))
    if n > 2:
        blocks += [double_text(game), kanak_text(game)]
    if n == 6:
        blocks += [trip_text(game), mooney_text(game)]
    return Section(Text("Special calls"), tuple(blocks))


def thunee_texts(game: ThuneeGame) -> tuple[Text, Text]:
    """Thunee: how it is called and played, then what it wins or loses."""
    rules = game.rules
    win, opponent = solo_balls(rules, Special.THUNEE, 0, 0)[0], solo_balls(rules, Special.THUNEE, 0, 1)[1]
    trump = (Text("Thunee: once all the cards are dealt, before the first lead, any player may call Thunee: he "
                  "promises to win every trick himself. He leads, and the suit of his first card is trump.")
             if rules.thunee_trump == "first_lead"
             else Text("Thunee: once all the cards are dealt, before the first lead, any player may call Thunee: he "
                       "promises to win every trick himself. He leads, and there is no trump."))
    if game.num_players == 2:
        balls = Text("If he wins every trick he gets {win} balls; play stops at the first trick he loses, and then "
                     "his opponent gets {caught}.", win=win, caught=opponent)
    else:
        partner = solo_balls(rules, Special.THUNEE, 0, 2)[1]
        balls = Text("If he wins every trick his team gets {win} balls. Play stops at the first trick he loses: if "
                     "an opponent won it the opponents get {caught} balls, if his own partner did they get "
                     "{partner}.", win=win, caught=opponent, partner=partner)
    return trump, balls


def double_text(game: ThuneeGame) -> Text:
    ok, failed = double_balls(game.rules, 0, 0)[0], double_balls(game.rules, 0, 1)[1]
    return Text("Double: if your team has won every trick before the last, the player who leads the last trick may "
                "call Double. If he wins the last trick his team gets {win} balls; otherwise the opponents get "
                "{lose}.", win=ok, lose=failed)


def kanak_text(game: ThuneeGame) -> Text:
    rules = game.rules
    ok = kanak_balls(rules, 0, 1, 0, -1, 1)[0]
    failed = kanak_balls(rules, 0, 1, 1, -1, 1)[1]
    if rules.kanak_simple:
        return Text("Kanak: any player may call it as he plays his card to the last trick. His team must win the last "
                    "trick, and the opponents' card points must be below his team's Jodi plus 10. Success: {win} "
                    "balls; failure: {lose} to the opponents.", win=ok, lose=failed)
    bet = (Text("He bets that the opponents' card points from the earlier tricks, plus their Jodi, minus his team's "
                "Jodi, minus 10, come to less than zero; the call is added to that if the opponents are the counting "
                "team, and taken off if they are the trumper's team.") if rules.kanak_bid_adjust
           else Text("He bets that the opponents' card points from the earlier tricks, plus their Jodi, minus his "
                     "team's Jodi, minus 10, come to less than zero."))
    return Text("Kanak: any player may call it as he plays his card to the last trick. {bet} He must win the last "
                "trick himself, and the opponents must have won a trick. Success: {win} balls; failure: {lose} to "
                "the opponents.", bet=bet, win=ok, lose=failed)


def trip_text(game: ThuneeGame) -> Text:
    ok, failed = solo_balls(game.rules, Special.TRIP, 0, 0)[0], solo_balls(game.rules, Special.TRIP, 0, 1)[1]
    return Text("Trip (six players): after the first three cards, the dealer may declare Trip. There is no trump "
                "and no calling, and he leads. In the first three tricks the 9, A and 10 are equal (the first one "
                "played wins) and beat the J, then the K, then the Q; the last trick uses the usual order. He must "
                "win the last trick: {win} balls, otherwise {lose} to the opponents.", win=ok, lose=failed)


def mooney_text(game: ThuneeGame) -> Text:
    rules = game.rules
    win, partner, opponent = (solo_balls(rules, Special.MOONEY, 0, 0)[0], solo_balls(rules, Special.MOONEY, 0, 2)[1],
                              solo_balls(rules, Special.MOONEY, 0, 1)[1])
    return Text("Mooney (six players): a player whose four cards are all of one suit, its jack among them, may call "
                "Mooney. That suit is trump, he leads and must win every trick: {win} balls. If his partner wins a "
                "trick the opponents get {partner}, if an opponent does they get {caught}.", win=win,
                partner=partner, caught=opponent)


def match_section(game: ThuneeGame) -> Section:
    rules = game.rules
    blocks: list[Block] = [dealer_text(rules),
                           Text("The first team to reach {balls} balls wins the match.", balls=rules.balls_to_win)]
    if rules.win_by_two:
        blocks.append(Text("It must also be at least two balls ahead of the other team."))
    return Section(Text("Balls and the end of the match"), tuple(blocks))


def dealer_text(rules: ThuneeRules) -> Text:
    if rules.dealer_rotation == "stay_while_behind":
        return Text("After a scored hand the deal passes to the right if the dealer's team has at least as many "
                    "balls as the other team; otherwise the same dealer deals again.")
    return Text("After every scored hand the deal passes to the right.")


def options_section(game: ThuneeGame) -> Section:
    """This table's rules in words: the numbers that matter, then every choice that differs from the usual."""
    rules = game.rules
    blocks: list[Block] = [
        Text("The match is played to {balls} balls; the counting team needs {target} points.",
             balls=rules.balls_to_win, target=game.target_points)]
    changes: list[tuple[bool, Text]] = [
        (rules.win_by_two, Text("The winning team must be two balls ahead.")),
        (rules.last_trick == "bonus",
         Text("The last trick is a bonus of 10 for the counting team only if it wins it.")),
        (rules.jodi_timing != "hand_trick_1_or_3", jodi_timing_text(rules)),
        (rules.jodi_cards != "in_hand", jodi_cards_text(rules)),
        (rules.weak_hand_redeal == "off", Text("No new deal for a weak hand.")),
        (rules.last_card_trump, last_card_text()),
        (rules.thunee_partner_catch_balls != 8,
         Text("If a Thunee caller's partner wins a trick, the opponents get {balls} balls.",
              balls=rules.thunee_partner_catch_balls)),
        (rules.thunee_trump == "no_trump", Text("Thunee is played without trump.")),
        (rules.no_thunee_with_six_of_a_suit, Text("Thunee may not be called with a hand all of one suit.")),
        (rules.double_success_requires == "team", Text("Double succeeds if the caller's team wins the last trick.")),
        (rules.no_double_at_target_minus_1, Text("A team one ball short of winning may not call Double.")),
        (not rules.kanak_bid_adjust, Text("The call does not change the Kanak count.")),
        (rules.kanak_backward_6, Text("A successful Kanak by the counting team is worth 6 balls.")),
        (rules.kanak_requires_jodi, Text("Only a team that declared Jodi may call Kanak.")),
        (rules.kanak_simple, Text("Simple Kanak: the caller's team must win the last trick, and the opponents' card "
                                  "points must be below its own Jodi plus 10.")),
        (rules.kanak_raises_target_13, Text("Once Kanak is called, the match goes to at least 13 balls.")),
        (rules.undercut_restriction, undercut_text()),
        (not rules.redeal_if_no_trumps, Text("The deal stands even if the counting team holds no trump.")),
        (rules.dealer_rotation == "always", dealer_text(rules)),
        (rules.royals, Text("Royals may be called.")),
        (rules.blind_thunee, Text("Blind Thunee may be called.")),
    ]
    weak = weak_hand_text(rules) if rules.weak_hand_redeal == "trumper_only" else None
    blocks += [text for changed, text in changes if changed] + ([weak] if weak else [])
    return Section(Text("The rules of this table"), tuple(blocks))


# ---- the worked example ------------------------------------------------------------------------------
def play_example(game: ThuneeGame) -> tuple[dict[str, Any], list[Any], list[list[Any]]]:
    """The example hand played to its end: ``(last_hand, first trick, Jodi declared)`` as the engine gives them.
    Nobody redeals or calls; B lays Jh as trump; C leads Js and declares the first Jodi offered; then every player
    plays his cheapest legal card."""
    state: ThuneeState = game.new(seed=0, deal={"dealer": 0, "hands": EXAMPLE_DEALS[game.num_players]})
    first_trick: list[Any] = []
    jodi: list[list[Any]] = []
    while state.last_hand is None:
        view: Any = state.view(None)   # a ThuneeView (a dict)
        if view["tricks"] and not first_trick:
            first_trick = view["tricks"][0]
        jodi = view["jodi_declared"]
        state.apply(next_move(state, view))
    return state.last_hand, first_trick, jodi


def next_move(state: ThuneeState, view: dict[str, Any]) -> str:
    phase = view["phase"]
    if phase == "trump":
        return f"trump {TRUMP_CARD}"
    if phase == "jodi":
        asked: Any = state.view(state.current_player)
        options = asked["jodi_options"]
        return options[0][0] if options else "pass"
    if phase != "play":
        return "pass"
    cards = [str(a) for a in state.legal_actions() if " " not in str(a)]
    if FIRST_LEAD in cards and not view["tricks"]:
        return FIRST_LEAD
    return min(cards, key=lambda c: CARD_POINTS[parse_thunee_card(c)])


def count_example(game: ThuneeGame) -> Example:
    hand, trick, declared = play_example(game)
    counting = hand["counting_team"]
    numbers = {"card_points": hand["card_points"][counting], "last_trick": hand["last_trick_adjust"],
               "call": hand["bid"], "jodi_counting": hand["jodi"][counting],
               "jodi_trumping": hand["jodi"][1 - counting], "count": hand["counting_total"],
               "target": hand["target"], "balls": max(hand["balls"])}
    leader, cards, winner = trick
    steps: list[Text | Picture] = [
        Text("{dealer} deals and nobody calls, so {trumper} is the trumper. He lays {card} face down: its suit is "
             "trump. The counting team is {team}: it needs {target} points.", dealer=name(hand["dealer"]),
             trumper=name(hand["trumper"]), card=card_words(TRUMP_CARD), team=team_name(game, counting),
             target=numbers["target"]),
        Picture(cards=(tuple(cards),), caption=Text("The first trick, led by {leader}: {winner} wins it with {card}",
                                                    leader=name(leader), winner=name(winner),
                                                    card=card_words(cards[0])))]
    for seat, jodi_cards, value in declared:
        steps += [Text("{name} declares Jodi: {cards}, worth {value} points.", name=name(seat),
                       cards=cards_words(jodi_cards), value=value),
                  Picture(cards=(tuple(jodi_cards),))]
    steps += [
        Text("After the last trick, the counting team has {points} card points in its tricks.",
             points=numbers["card_points"]),
        Text("Its count: {points} card points, {last} for the last trick, + {call} for the call, + {own} for its "
             "Jodi, − {other} for the other team's Jodi = {count}.", points=numbers["card_points"],
             last=f"{numbers['last_trick']:+d}", call=numbers["call"], own=numbers["jodi_counting"],
             other=numbers["jodi_trumping"], count=numbers["count"]),
        (nText("{count} reaches the target of {target}: the counting team wins {n} ball.",
               "{count} reaches the target of {target}: the counting team wins {n} balls.", numbers["balls"],
               count=numbers["count"], target=numbers["target"])
         if numbers["count"] >= numbers["target"]
         else nText("{count} is short of the target of {target}: the trumper's team wins {n} ball.",
                    "{count} is short of the target of {target}: the trumper's team wins {n} balls.",
                    numbers["balls"], count=numbers["count"], target=numbers["target"]))]
    return Example(Text("Example: counting a hand"), tuple(steps), numbers)


def summary(game: ThuneeGame) -> list[Text]:
    """This table's rules in a few plain sentences (the guide's last section): "Rules of this table" at a table."""
    return [block for block in options_section(game).blocks if isinstance(block, Text)]
