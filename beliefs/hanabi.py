"""The Hanabi belief store: what each card may be, by clue knowledge, card counting and convention.

:class:`HanabiBeliefs` replays the public move history (the observation's chat of
:class:`~games.hanabi.MoveRecord`) and keeps, for every card of every hand (a *slot*):

* ``known`` -- the identities the clues leave possible (HLE's card knowledge, positive and
  negative), as a bitmask over the ``colors * ranks`` identities (identity ``color * ranks + rank``,
  0-based, as :mod:`games.hanabi.cards`);
* ``mask`` -- the identities the H-group conventions leave possible once the clue that touched the
  card is read (below); every identity for a card no clue has touched;
* ``clued`` -- a clue has touched the card (it is no longer on *chop* and is never discarded first).

A slot's *public belief* is ``known & mask`` restricted to identities with copies left outside the
stacks and the discard pile (what every seat, the holder included, can deduce); the observer's
*private belief* of its own cards also removes the copies it sees in the other hands (weights are
the copies left). Each is computed from the observation alone: the store never reads hidden cards.

Reading a clue (the H-group's basic conventions, https://hanabi.github.io/beginner, as the paper's
Appendix B.1 lists them) -- the same public rule for every seat, so giver and receiver agree:

* *chop* is the oldest card no clue has touched;
* the clue's *focus* is the chop if the clue touches it, else the newest newly touched card, else
  (a re-clue of cards already clued, a tempo clue) the newest touched card;
* the focus is a *play clue* -- the next card of its colour, counting *delayed* plays: the card that
  follows ones already known (public belief of one identity) in some hand -- or, on chop only, a
  *save*: any 5 (rank clue 5), any 2 (rank clue 2) or a critical card (the last copy left);
* *prompt*: where the target already holds a clued card that may be the next card of a colour,
  a play clue on the card after it says the older clued card is that next card (both play);
* *good touch*: no clued card is trash (already played, or unplayable because every copy of a lower
  rank is gone) nor a duplicate of a card already known in some hand;
* if a clue breaks these rules (the mask would leave nothing), the card keeps its clue knowledge only.

The store is fed by :meth:`HanabiBeliefs.observe` (every turn, before anything else): it reads the
chat lines it has not read yet, so :meth:`update` has nothing left to do with the utterances.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from beliefs.base import SeatedBeliefs, Utterance
from games.hanabi import HanabiObservation, MoveRecord
from language.acts import Intent
from language.hanabi import HanabiContext


@dataclass(slots=True)
class Slot:
    """One card of a hand as the public history describes it (see the module docstring).

    Attributes:
        known: identities the clues leave possible (bitmask).
        mask: identities the conventions leave possible (bitmask).
        clued: a clue has touched the card.
        focus: the card was the focus of a clue (a play or save clue named it).
    """

    known: int
    mask: int
    clued: bool = False
    focus: bool = False

    def copy(self) -> Slot:
        """An independent copy."""
        return Slot(self.known, self.mask, self.clued, self.focus)


class Tables:
    """Bitmask tables of a deck of ``colors`` x ``ranks`` identities (precomputed once per shape).

    Attributes:
        colors, ranks: the deck's shape.
        size: identities (``colors * ranks``).
        full: the mask of every identity.
        color_mask: per colour, the mask of its identities.
        rank_mask: per 0-based rank, the mask of its identities.
        copies: per identity, the copies in the deck.
    """

    def __init__(self, colors: int, ranks: int) -> None:
        self.colors, self.ranks = colors, ranks
        self.size = colors * ranks
        self.full = (1 << self.size) - 1
        self.color_mask = [sum(1 << (c * ranks + r) for r in range(ranks)) for c in range(colors)]
        self.rank_mask = [sum(1 << (c * ranks + r) for c in range(colors)) for r in range(ranks)]
        self.copies = [3 if r == 0 else (1 if r == ranks - 1 else 2) for _ in range(colors) for r in range(ranks)]


def bits(mask: int) -> list[int]:
    """The identities set in ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class PublicState:
    """The public facts a clue is read against: stacks, discards and the derived identity masks.

    Args:
        tables: the deck's tables.
        fireworks: each colour's stack height.
        discarded: per identity, the copies in the discard pile.

    Attributes:
        left: per identity, copies neither stacked nor discarded (in some hand or the deck).
        available: identities with a copy left.
        playable: identities that extend their stack now.
        trash: identities that can never score (played already, or a lower rank is gone).
        critical: identities that still score and have exactly one copy left.
    """

    def __init__(self, tables: Tables, fireworks: list[int], discarded: list[int]) -> None:
        self.tables = tables
        ranks = tables.ranks
        self.fireworks = fireworks
        self.left = [
            tables.copies[i] - discarded[i] - (1 if i % ranks < fireworks[i // ranks] else 0)
            for i in range(tables.size)
        ]
        self.available = sum(1 << i for i in range(tables.size) if self.left[i] > 0)
        playable = trash = critical = 0
        for c in range(tables.colors):
            dead = False
            for r in range(ranks):
                i = c * ranks + r
                if r < fireworks[c] or dead:
                    trash |= 1 << i
                    continue
                if r == fireworks[c]:
                    playable |= 1 << i
                if self.left[i] == 1:
                    critical |= 1 << i
                if self.left[i] == 0:
                    dead = True
        self.playable, self.trash, self.critical = playable, trash, critical & ~trash


class HanabiBeliefs(SeatedBeliefs):
    """Belief store of one Hanabi seat (see the module docstring).

    Args:
        observation: the seat's first observation (the game's shape and the history so far).
        prompts: read play clues with prompts (see :meth:`read_clue`); every seat must agree.
    """

    def __init__(self, observation: HanabiObservation, *, prompts: bool = True) -> None:
        self.prompts = prompts
        self.take_seat(observation)
        self.num_players = observation.num_players
        self.color_names = observation.colors
        self.tables = Tables(len(observation.colors), observation.ranks)
        t = self.tables
        self.fireworks = [0] * t.colors
        self.discarded = [0] * t.size
        self.deck_size = sum(t.copies) - self.num_players * observation.hand_size
        self.slots: list[list[Slot]] = [
            [Slot(t.full, t.full) for _ in range(observation.hand_size)] for _ in range(self.num_players)
        ]
        self.read = 0
        self.public = PublicState(t, self.fireworks, self.discarded)
        self.hands: list[list[int] | None] = [None] * self.num_players
        self.seen_counts = [0] * t.size
        self._committed: list[list[int]] | None = None
        self._elsewhere: dict[int, int] = {}
        self._hidden = t.full
        self.observe(observation)

    @classmethod
    def from_position(
        cls, observation: HanabiObservation, known: list[list[int]] | None = None, *, prompts: bool = True
    ) -> HanabiBeliefs:
        """A store for a position met without its history (a puzzle's text, a CoordinationQA
        scenario): the stacks, discards and deck size are the observation's, and each slot's
        ``known`` mask is what its holder's knowledge states (no clue is replayed, so the
        convention ``mask`` is every identity); a card is ``clued`` when its knowledge names one
        colour or one rank (as a positive clue leaves it). The observation's chat, if any, is taken
        as already read.

        Args:
            observation: the position, as the store's seat sees it.
            known: per seat and card, the identities the holder knows possible (a bitmask); default:
                every colour-rank pair of the observation's :class:`~games.hanabi.CardKnowledge`
                (pass it where the knowledge is not such a product, e.g. a list of cards).
            prompts: as for the constructor.
        """
        store = cls(observation.model_copy(update={"chat": []}), prompts=prompts)
        t = store.tables
        store.fireworks = list(observation.fireworks)
        store.discarded = [0] * t.size
        for card in observation.discards:
            store.discarded[store.card_id(card.color, card.rank)] += 1
        store.deck_size = observation.deck_size
        store.slots = []
        for hand in observation.hands:
            slots = []
            for i, k in enumerate(hand.knowledge):
                mask = sum(1 << store.card_id(c, r) for c in k.colors for r in k.ranks)
                if known is not None:
                    mask = known[hand.seat][i]
                clued = k.color_clued or k.rank_clued or len(k.colors) == 1 or len(k.ranks) == 1
                slots.append(Slot(mask, t.full, clued=clued))
            store.slots.append(slots)
        store.public = PublicState(t, store.fireworks, store.discarded)
        store.read = len(observation.chat)
        store._committed, store._elsewhere = None, {}
        store.observe(observation)
        return store

    # ---- the belief store protocol -------------------------------------------------------------
    def observe(self, observation: HanabiObservation) -> None:
        """Read the chat lines not read yet (each a public move) and the hands now visible."""
        for line in observation.chat[self.read :]:
            if line.action is not None:
                self._apply(line.seat, line.action)
        self.read = len(observation.chat)
        ranks = self.tables.ranks
        seen = [0] * self.tables.size
        for view in observation.hands:
            if view.cards is None:
                self.hands[view.seat] = None
                continue
            ids = [self.color_names.index(card.color) * ranks + card.rank - 1 for card in view.cards]
            self.hands[view.seat] = ids
            for i in ids:
                seen[i] += 1
        self.seen_counts = seen
        left = self.public.left
        self._hidden = sum(1 << i for i in range(self.tables.size) if left[i] - seen[i] > 0)
        # the per-turn caches, filled here so that the planner's queries never write to the store
        self._committed = None
        self._elsewhere = {}
        for seat in range(self.num_players):
            self._committed_elsewhere(seat)

    def for_seat(self, observation: HanabiObservation) -> HanabiBeliefs:
        """This store as ``observation``'s seat would hold it (for search, which plays every seat
        in a world it has dealt): the slots are public (every clue is read by one public rule), so
        only the visible hands differ. ``observation`` must show the history this store has read.

        Raises:
            ValueError: the observation's history is not the one this store has read.
        """
        if len(observation.chat) != self.read:
            raise ValueError(f"the observation shows {len(observation.chat)} moves, the store has read {self.read}")
        twin = copy.copy(self)
        twin.take_seat(observation)
        twin.slots = [[slot.copy() for slot in hand] for hand in self.slots]
        twin.fireworks = list(self.fireworks)
        twin.discarded = list(self.discarded)
        twin.public = PublicState(self.tables, twin.fireworks, twin.discarded)
        twin.hands = list(self.hands)
        twin.observe(observation)
        return twin

    def update(self, utterance: Utterance) -> None:
        """Nothing to do: :meth:`observe` has already read the move the utterance's line shows."""

    def record_own(self, intent: Intent) -> None:
        """Nothing to record: the own move is read back from the next observation's chat."""

    def context(self, observation: Any, author_seat: int) -> HanabiContext:
        """The language context of a message by ``author_seat`` (whose "my Card 0" it names)."""
        return HanabiContext.of(observation, author_seat)

    # ---- replaying the history -----------------------------------------------------------------
    def card_id(self, color: str, rank: int) -> int:
        """The identity of the card of colour name ``color`` and 1-based ``rank``."""
        return self.color_names.index(color) * self.tables.ranks + rank - 1

    def _apply(self, seat: int, move: MoveRecord) -> None:
        t = self.tables
        self._committed = None
        self._elsewhere = {}
        if move.kind in ("play", "discard"):
            assert move.card is not None and move.revealed is not None
            card = self.card_id(move.revealed.color, move.revealed.rank)
            if move.kind == "play" and move.success:
                self.fireworks[card // t.ranks] += 1
            else:
                self.discarded[card] += 1
            del self.slots[seat][move.card]
            if self.deck_size > 0:
                self.deck_size -= 1
                self.slots[seat].append(Slot(t.full, t.full))
            self.public = PublicState(t, self.fireworks, self.discarded)
            return
        assert move.target is not None
        if move.kind == "reveal_color":
            assert move.color is not None
            kind, value = "color", self.color_names.index(move.color)
        else:
            assert move.rank is not None
            kind, value = "rank", move.rank - 1
        self.slots[move.target] = self.read_clue(move.target, kind, value, move.touched)

    def read_clue(self, target: int, kind: str, value: int, touched: tuple[int, ...] | list[int]) -> list[Slot]:
        """The target's slots after a clue, read by the conventions (a pure query: nothing changes).

        Args:
            target: the seat clued.
            kind: ``"color"`` or ``"rank"``.
            value: the 0-based colour or rank named.
            touched: the positions the clue touches.

        Returns:
            New slots for the target's hand.
        """
        t = self.tables
        old = self.slots[target]
        chop = self.chop(target)
        named = t.color_mask[value] if kind == "color" else t.rank_mask[value]
        new = [s.copy() for s in old]
        fresh = [i for i in touched if not old[i].clued]
        for i, slot in enumerate(new):
            slot.known &= named if i in touched else ~named
        if chop is not None and chop in touched:
            focus = chop
        else:
            focus = max(fresh) if fresh else max(touched)
        pub = self.public
        beliefs = [self.public_belief(slot) for slot in new]
        committed = self._committed_elsewhere(target)
        for i, belief in enumerate(beliefs):
            if i != focus and belief & (belief - 1) == 0 and not belief & pub.trash:
                committed |= belief
        good = pub.available & ~pub.trash & ~committed
        plays = self.play_targets(committed)
        prompts: dict[int, tuple[int, int]] = {}
        if self.prompts:
            plays, prompts = self._prompts(beliefs, old, focus, plays, good)
        saves = 0
        if focus == chop:
            if kind == "rank" and value in (1, t.ranks - 1):
                saves = named & good
            else:
                saves = named & pub.critical
        for i in touched:
            slot = new[i]
            slot.clued = True
            if slot.focus and i != focus:
                continue
            want = (plays | saves) & good if i == focus else pub.available & ~pub.trash
            want &= slot.known & slot.mask
            if i == focus:
                slot.focus = True
            if want:
                slot.mask = want
            else:
                slot.mask = slot.known & good or t.full
        prompted = prompts.get(new[focus].mask)
        if prompted is not None:  # the focus is one identity, a prompt: its predecessor is named
            new[prompted[0]].mask = prompted[1]
        return new

    def _prompts(
        self, beliefs: list[int], old: list[Slot], focus: int, plays: int, good: int
    ) -> tuple[int, dict[int, tuple[int, int]]]:
        """The prompt reading of a play clue: where the target already holds a clued card that
        may be the next card of a colour, that card is taken to be it (it is *prompted*) and the
        focus to be the card after it.

        Returns:
            The play targets with each prompted colour's next card replaced by the one after it,
            and per such target (a one-identity mask) the prompted slot and its identity (a mask).
        """
        ranks = self.tables.ranks
        out: dict[int, tuple[int, int]] = {}
        for ident in bits(plays):
            if ident % ranks == ranks - 1 or not good >> (ident + 1) & 1:
                continue
            for j, belief in enumerate(beliefs):
                if j == focus or not old[j].clued:
                    continue
                if belief >> ident & 1 and belief & (belief - 1):
                    plays = plays & ~(1 << ident) | 1 << (ident + 1)
                    out[1 << (ident + 1)] = (j, 1 << ident)
                    break
        return plays, out

    # ---- queries -------------------------------------------------------------------------------
    def chop(self, seat: int) -> int | None:
        """The position of ``seat``'s chop (its oldest card no clue touched), ``None`` if all are clued."""
        for i, slot in enumerate(self.slots[seat]):
            if not slot.clued:
                return i
        return None

    def belief(self, seat: int, position: int) -> int:
        """A card's belief as its holder has it: the private belief for the store's own seat, the
        public one (what the holder deduces from clues, conventions and the stacks and discards;
        the holder also sees third hands) for another seat."""
        if seat == self.seat:
            return self.private_belief(position)
        return self.public_belief(self.slots[seat][position])

    def known_playable(self, seat: int) -> list[int]:
        """The positions of ``seat``'s cards its holder knows to be playable now."""
        playable = self.public.playable
        return [i for i in range(len(self.slots[seat])) if not self.belief(seat, i) & ~playable]

    def known_trash(self, seat: int) -> list[int]:
        """The positions of ``seat``'s cards its holder knows can never score."""
        trash = self.public.trash
        return [i for i in range(len(self.slots[seat])) if not self.belief(seat, i) & ~trash]

    def saved(self, seat: int) -> list[int]:
        """The positions of ``seat``'s clued cards that are neither known playable nor trash."""
        done = set(self.known_playable(seat)) | set(self.known_trash(seat))
        return [i for i, slot in enumerate(self.slots[seat]) if slot.clued and i not in done]

    def public_belief(self, slot: Slot) -> int:
        """A slot's public belief (identities with copies left that clues and conventions allow)."""
        avail = self.public.available
        belief = slot.known & slot.mask & avail
        return belief or slot.known & avail or slot.known

    def private_belief(self, position: int) -> int:
        """The observer's belief of its own card at ``position``: the public belief less the
        identities whose every remaining copy is in sight."""
        slot = self.slots[self.seat][position]
        hidden = self.hidden_mask()
        belief = slot.known & slot.mask & hidden
        return belief or slot.known & hidden or slot.known

    def hidden_mask(self) -> int:
        """Identities with a copy neither stacked, discarded nor in a hand the observer sees."""
        return self._hidden

    def hidden_left(self) -> list[int]:
        """Per identity, the copies the observer cannot see (its own hand and the deck): the weights
        of its private belief."""
        left, seen = self.public.left, self.seen_counts
        return [max(0, left[i] - seen[i]) for i in range(self.tables.size)]

    def committed(self, exclude: tuple[int, int] | None = None, override: tuple[int, list[Slot]] | None = None) -> int:
        """Identities some hand holds as public knowledge (a slot whose public belief is one
        identity that still scores).

        Args:
            exclude: a slot (seat, position) left out.
            override: a seat's slots to read instead of its current ones (a clue being read).

        Returns:
            The identities, as a bitmask.
        """
        if self._committed is None:
            self._committed = [[self._single(slot) for slot in hand] for hand in self.slots]
        out = 0
        for seat, singles in enumerate(self._committed):
            if override is not None and seat == override[0]:
                singles = [self._single(slot) for slot in override[1]]
            for i, one in enumerate(singles):
                if exclude != (seat, i):
                    out |= one
        return out

    def _committed_elsewhere(self, seat: int) -> int:
        """The committed identities of every hand but ``seat``'s (cached until the next move)."""
        found = self._elsewhere.get(seat)
        if found is None:
            found = self._elsewhere[seat] = self.committed(override=(seat, []))
        return found

    def _single(self, slot: Slot) -> int:
        """The slot's identity if its public belief is one identity that still scores, else 0."""
        b = self.public_belief(slot)
        return b if b and b & (b - 1) == 0 and not b & self.public.trash else 0

    def play_targets(self, committed: int) -> int:
        """The identity each colour needs next once the committed cards are played (delayed plays)."""
        t, pub = self.tables, self.public
        out = 0
        for c in range(t.colors):
            r = self.fireworks[c]
            while r < t.ranks and committed >> (c * t.ranks + r) & 1:
                r += 1
            if r < t.ranks:
                i = c * t.ranks + r
                if not pub.trash >> i & 1 and pub.available >> i & 1:
                    out |= 1 << i
        return out
