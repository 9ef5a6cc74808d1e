"""Yaniv actions: the notation, the dense action table, and legal discard groups (Y11-Y13 in
docs/games/yaniv.md).

Notation (one decision is one action):

========================  ==========================================================
``yaniv``                 call Yaniv at the start of the turn (Y9)
``7s``                    discard one card (a joker is ``Jk``)
``7s+7h+7d``              discard a set; the first and last cards are the ends the next
                          player may take, so ``7s+7h+7d`` and ``7d+7h+7s`` are one action
``5s+Jk=6s+7s``           discard a run, in ascending order; each joker names the card it
                          stands for (``5s+Jk+7s`` is also read)
``draw``                  take the top card of the stock (Y13)
``take 7s``               take an end card of the previous player's group (Y13)
``swap 6s``               (joker_swap) give 6s for the joker standing for it in the previous run
``slap`` / ``keep``       (slapdown) slap the drawn card onto your single, or keep it
========================  ==========================================================

Every action has a dense id (``game.action_id``) in a table built once per (packs, hand size,
jokers-in-sets); legal actions are the table's own objects, so listing them allocates nothing.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from enum import IntEnum
from itertools import combinations

from ..core.cards import JOKER, card_str, parse_card, unreadable_card
from ..core.errors import IllegalAction
from ..core.game import Action
from ..core.text import Text


class Kind(IntEnum):
    """What an action does. The discards (SINGLE, SET, RUN) come last: ``kind >= SINGLE`` is a discard."""

    CALL = 0
    DRAW = 1
    SLAP = 2
    KEEP = 3
    TAKE = 4
    SWAP = 5
    SINGLE = 6
    SET = 7
    RUN = 8


# module-level aliases: the hot paths compare kinds often
CALL, DRAW, SLAP, KEEP, TAKE, SWAP, SINGLE, SET, RUN = Kind
KIND_NAMES = tuple(kind.name.lower() for kind in Kind)


class YanivAction(Action):
    """``kind`` is a :class:`Kind`; ``cards`` the cards laid (discards) or named (take, swap), in order."""

    __slots__ = ("kind", "cards", "run_start")

    def __init__(self, id: int, text: str, kind: Kind, cards: tuple[int, ...] = (), run_start: int = -1):
        super().__init__(id, text)
        self.kind = kind
        self.cards = cards
        self.run_start = run_start  # for runs: the card the first position stands for

    @property
    def is_discard(self) -> bool:
        return self.kind >= SINGLE


def run_text(start: int, cards: Iterable[int]) -> str:
    return "+".join(card_str(c) if c != JOKER else "Jk=" + card_str(start + i) for i, c in enumerate(cards))


class ActionTable:
    """Every possible action for one (packs, max group size, jokers_in_sets), with dense ids."""

    def __init__(self, packs: int, max_group: int, jokers_in_sets: bool):
        self.packs, self.max_group, self.jokers_in_sets = packs, max_group, jokers_in_sets
        self.actions: list[YanivAction] = []
        self.by_text: dict[str, YanivAction] = {}
        self.by_key: dict[tuple[object, ...], YanivAction] = {}
        add = self._add
        self.call = add("yaniv", CALL, (), ("call",))
        self.draw = add("draw", DRAW, (), ("draw",))
        self.slap = add("slap", SLAP, (), ("slap",))
        self.keep = add("keep", KEEP, (), ("keep",))
        self.take = [add("take " + card_str(k), TAKE, (k,), ("take", k)) for k in range(53)]
        self.swap = [add("swap " + card_str(k), SWAP, (k,), ("swap", k)) for k in range(52)]
        self.single = [add(card_str(k), SINGLE, (k,), ("single", k)) for k in range(53)]
        self._add_sets()
        self._add_runs()

    def _add_sets(self) -> None:
        """Every set: two or more cards of one rank (at least one natural), each once per pair of end cards."""
        set_jokers = 2 * self.packs if self.jokers_in_sets else 0
        for rank in range(13):
            kinds = [s * 13 + rank for s in range(4)]
            for counts in _multisets(len(kinds) + 1, [self.packs] * 4 + [set_jokers], 2, self.max_group):
                if sum(counts[:4]) == 0:
                    continue  # at least one natural card (A2-5)
                cards = [k for k, c in zip(kinds + [JOKER], counts) for _ in range(c)]
                for a, b in _end_pairs(cards):
                    middle = list(cards)
                    middle.remove(a)
                    middle.remove(b)
                    laid = (a, *middle, b)
                    self._add("+".join(map(card_str, laid)), SET, laid, ("set", a, b, tuple(middle)))

    def _add_runs(self) -> None:
        """Every run: 3 or more consecutive ranks of one suit, jokers in any positions but not all of them."""
        max_jokers = 2 * self.packs
        for suit in range(4):
            for length in range(3, min(13, self.max_group) + 1):
                for lo in range(0, 14 - length):
                    start = suit * 13 + lo
                    for mask in range(1 << length):
                        jokers = bin(mask).count("1")
                        if jokers == length or jokers > max_jokers:
                            continue
                        laid = tuple(JOKER if mask >> i & 1 else start + i for i in range(length))
                        self._add(run_text(start, laid), RUN, laid, ("run", start, laid), start)

    def _add(self, text: str, kind: Kind, cards: tuple[int, ...], key: tuple[object, ...],
             run_start: int = -1) -> YanivAction:
        action = YanivAction(len(self.actions), text, kind, cards, run_start)
        self.actions.append(action)
        self.by_text[text.lower()] = action
        self.by_key[key] = action
        return action

    # ---- parsing ------------------------------------------------------------------------------
    def parse(self, text: str) -> YanivAction:
        if not isinstance(text, str):
            raise IllegalAction(Text("{action} is not an action", action=repr(text)))
        clean = " ".join(text.strip().split())
        found = self.by_text.get(clean.lower())
        if found is not None:
            return found
        low = clean.lower()
        if low in ("call", "y"):
            return self.call
        if low in ("stock", "d"):
            return self.draw
        words = low.split(" ")
        if len(words) == 2 and words[0] in ("take", "t", "swap"):
            kind = self._card(words[1], text)
            if words[0] == "swap":
                if kind == JOKER:
                    raise IllegalAction(Text("{action}: a swap names the natural card you give for the joker",
                                             action=repr(text)))
                return self.swap[kind]
            return self.take[kind]
        return self._parse_group(clean, text)

    def _card(self, token: str, text: str) -> int:
        try:
            return parse_card(token)
        except ValueError:
            raise unreadable_card(text, token) from None

    def _parse_group(self, clean: str, text: str) -> YanivAction:
        """A discard written card by card: a single, a set (cards of one rank) or a run."""
        slots, stands = self._read_slots(clean, text)
        if len(slots) == 1 and stands[0] is None:
            return self.single[slots[0]]  # a lone joker is a legal single (Y11), however it is spelt
        naturals = [c for c in slots if c != JOKER]
        if not naturals:
            raise IllegalAction(Text("{action}: a group needs at least one natural card", action=repr(text)))
        if len(slots) == 1:
            return self.single[slots[0]]
        if all(s is None for s in stands) and len({c % 13 for c in naturals}) == 1:
            return self._find_set(slots, text)
        return self._find_run(slots, stands, text)

    def _read_slots(self, clean: str, text: str) -> tuple[list[int], list[int | None]]:
        """The cards laid, and for each the card a joker stands for (``Jk=6s``; None where not written)."""
        tokens = [t for t in re.split(r"[+,\s]+", clean) if t]
        if not tokens:
            raise IllegalAction(Text("an empty action; write e.g. 7s, 7s+7h, 5s+Jk=6s+7s, draw, take 7s or yaniv"))
        slots: list[int] = []
        stands: list[int | None] = []
        for tok in tokens:
            if "=" in tok:
                left, right = tok.split("=", 1)
                if self._card(left, text) != JOKER:
                    raise IllegalAction(Text("{action}: only a joker can stand for another card ({part})",
                                             action=repr(text), part=repr(tok)))
                target = self._card(right, text)
                if target == JOKER:
                    raise IllegalAction(Text("{action}: a joker must stand for a natural card ({part})",
                                             action=repr(text), part=repr(tok)))
                slots.append(JOKER)
                stands.append(target)
            else:
                slots.append(self._card(tok, text))
                stands.append(None)
        return slots, stands

    def _find_set(self, slots: list[int], text: str) -> YanivAction:
        a, b = sorted((slots[0], slots[-1]))
        found = self.by_key.get(("set", a, b, tuple(sorted(slots[1:-1]))))
        if found is None:
            if JOKER in slots and not self.jokers_in_sets:
                raise IllegalAction(Text("{action} is not a legal set: jokers are not allowed in sets under these "
                                         "rules", action=repr(text)))
            if len(slots) > self.max_group:
                raise IllegalAction(Text("{action} is not a legal set: a group is at most {most} cards",
                                         action=repr(text), most=self.max_group))
            raise IllegalAction(Text("{action} is not a legal set: no such set with these packs", action=repr(text)))
        return found

    def _find_run(self, slots: list[int], stands: list[int | None], text: str) -> YanivAction:
        """A run: every position one rank higher than the last, all in one suit, inside A..K."""
        first = next(i for i, c in enumerate(slots) if c != JOKER)
        start = slots[first] - first
        low_rank = slots[first] % 13 - first  # the rank of the run's first position
        for i, (c, s) in enumerate(zip(slots, stands)):
            target = c if c != JOKER else s
            if target is not None and (target != start + i or not 0 <= low_rank + i <= 12):
                raise IllegalAction(Text("{action} is neither a set (cards of one rank) nor a run (consecutive "
                                         "ranks of one suit, ascending, A low, no wrap)", action=repr(text)))
        if low_rank < 0 or low_rank + len(slots) - 1 > 12:
            raise IllegalAction(Text("{action}: a run stays inside A..K (no wrap-around)", action=repr(text)))
        found = self.by_key.get(("run", start, tuple(slots)))
        if found is None:
            raise IllegalAction(Text("{action} is not a legal run: runs have 3 to {most} cards and at most {jokers} "
                                     "jokers", action=repr(text), most=self.max_group, jokers=2 * self.packs))
        return found

    # ---- legal discards ---------------------------------------------------------------------
    def discards(self, hand: Sequence[int]) -> list[YanivAction]:
        """Every legal discard group from ``hand`` (a sorted tuple of kinds), sorted by id (Y11)."""
        found = [self.single[k] for k in sorted(set(hand))]
        jokers = hand.count(JOKER)
        by_rank: dict[int, list[int]] = {}
        by_suit: dict[int, set[int]] = {}
        for k in hand:
            if k != JOKER:
                by_rank.setdefault(k % 13, []).append(k)
                by_suit.setdefault(k // 13, set()).add(k % 13)
        self._sets_from(by_rank, jokers if self.jokers_in_sets else 0, found)
        if jokers or any(len(r) >= 3 for r in by_suit.values()):
            self._runs_from(by_suit, jokers, found)
        found.sort(key=_by_id)
        return found

    def _sets_from(self, by_rank: dict[int, list[int]], set_jokers: int, found: list[YanivAction]) -> None:
        """Append every set the naturals of each rank (and up to ``set_jokers`` jokers) can form."""
        by_key = self.by_key
        for naturals in by_rank.values():
            if len(naturals) + set_jokers < 2:
                continue
            seen = set()
            for size in range(1, len(naturals) + 1):
                for chosen in combinations(naturals, size):
                    if chosen in seen:
                        continue
                    seen.add(chosen)
                    for j in range(0 if size >= 2 else 1, set_jokers + 1):
                        cards = list(chosen) + [JOKER] * j
                        for a, b in _end_pairs(cards):
                            middle = list(cards)
                            middle.remove(a)
                            middle.remove(b)
                            found.append(by_key[("set", a, b, tuple(middle))])

    def _runs_from(self, by_suit: dict[int, set[int]], jokers: int, found: list[YanivAction]) -> None:
        """Append every run of each suit's ranks, with jokers filling the gaps (and standing in for held cards)."""
        by_key = self.by_key
        for suit, ranks in by_suit.items():
            if len(ranks) + jokers < 3:
                continue
            base = suit * 13
            for length in range(3, min(len(ranks) + jokers, 13) + 1):
                for lo in range(0, 14 - length):
                    held = [i for i in range(length) if lo + i in ranks]
                    if not held or length - len(held) > jokers:
                        continue
                    need = [i for i in range(length) if lo + i not in ranks]
                    spare = jokers - len(need)
                    start = base + lo
                    for extra in range(0, min(spare, len(held) - 1) + 1):
                        for swapped in combinations(held, extra):
                            joker_at = set(need).union(swapped)
                            laid = tuple(JOKER if i in joker_at else start + i for i in range(length))
                            found.append(by_key[("run", start, laid)])


def _by_id(action: YanivAction) -> int:
    return action.id


def _multisets(n: int, caps: list[int], lo: int, hi: int) -> Iterator[tuple[int, ...]]:
    """Count vectors of length n with counts[i] <= caps[i] and lo <= sum <= hi, in lexicographic order."""
    def rec(i: int, remaining: int) -> Iterator[tuple[int, ...]]:
        if i == n:
            yield ()
            return
        for c in range(min(caps[i], remaining) + 1):
            for rest in rec(i + 1, remaining - c):
                yield (c,) + rest
    for counts in rec(0, hi):
        if sum(counts) >= lo:
            yield counts


def _end_pairs(cards: list[int]) -> list[tuple[int, int]]:
    """Distinct unordered pairs of cards that can stand at the two ends of a laid set, sorted."""
    cards = sorted(cards)
    pairs: list[tuple[int, int]] = []
    for i in range(len(cards)):
        for j in range(i + 1, len(cards)):
            pair = (cards[i], cards[j])
            if pair not in pairs:
                pairs.append(pair)
    return pairs


_TABLES: dict[tuple[int, int, bool], ActionTable] = {}


def action_table(packs: int, max_group: int, jokers_in_sets: bool) -> ActionTable:
    key = (packs, max_group, jokers_in_sets)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = ActionTable(*key)
    return table
