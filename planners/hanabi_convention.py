"""The Hanabi convention planner: the H-group's basic conventions over a counted card belief.

:class:`ConventionPlanner` reads a :class:`beliefs.hanabi.HanabiBeliefs` (each card's possible
identities by clue knowledge, card counting and the conventions the store reads clues with) and
plays the conventions the paper's Appendix B.1 gives its agent, after the H-group
(https://hanabi.github.io/beginner), plus a few measured additions (marked +). Each turn, the first
rule that applies:

1. **save** -- a seat about to discard (no card it knows to be playable or trash) whose chop is a
   5, a 2 no other hand shows, or a critical card gets the best clue touching that chop -- or,
   if one exists, a play clue ("prefer play clues over save clues": it plays, not discards);
2. **play** a card the belief proves playable (a play clue, a delayed play whose predecessors are
   now stacked, or plain card counting): a 5 first when a token is welcome, then (+) a card whose
   successor another hand holds clued, then the lowest rank. With 2 players (+) a play clue for a
   partner with nothing to play goes before one's own play while cards are left to draw (the own
   play keeps; the partner's idle turn would be lost); with 3+ players one's own play goes first;
3. **play clue** -- the clue whose reading (focus, play or save, good touch: see the store) makes
   the most cards playable for their holders (any seat; ties: the nearest); never one that would be
   misread (every card's true identity stays in its holder's belief); duplicates count against it;
4. (+) **late-game play** -- once the deck is empty, with 2+ lives, the card most likely playable
   (weights: copies unseen) rather than a wasted last turn ("play with fear" at 2-3 lives);
5. with every token in hand a clue is mandatory: the best safe clue (a *5 stall* when nothing
   helps), else the least harmful;
6. (+) an information-only clue (a card's identity, a save off chop) with 3+ tokens, and any safe
   clue with 2 or fewer cards left to draw (an *end-game stall*: a discard would draw and bring the
   last round closer);
7. **discard** a card known to be trash (+ or a duplicate of a card another hand holds clued), else
   the chop; (+) a *locked hand* (every card clued) clues instead if it can, else discards the card
   of least expected loss.

Deterministic: ties break by position and seat; ``rng`` is never drawn from.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from beliefs.hanabi import HanabiBeliefs, Slot, bits
from games.hanabi import Discard, HanabiAction, HanabiObservation, Play, RevealColor, RevealRank
from language.acts import Intent


@dataclass(frozen=True)
class ClueOption:
    """A clue the planner weighs.

    Attributes:
        target: the seat clued.
        kind: ``"color"`` or ``"rank"``.
        value: the 0-based colour or rank.
        score: its value (plays made known count 1 each).
        saves: it touches the target's chop while the chop needs saving.
        harm: how badly it would be misread (0: read right; 1 per card whose true identity leaves
            its holder's belief, 10 if that card would then look playable).
    """

    target: int
    kind: str
    value: int
    score: float
    saves: bool
    harm: int = 0


class ConventionPlanner:
    """H-group basic conventions over the counted belief (see the module docstring).

    The values of a clue's effects (class attributes, measured): a card made known playable 1, a
    new card's identity made known ``known_value``, a card made known trash ``trash_value``, a new
    useful card touched ``touch_value`` (``save_value`` if critical or a unique 2), a duplicate -0.6.

    Args:
        fear_play: once the deck is empty, with at least this many lives, play the most likely
            playable card when nothing is certain (0 turns it off).
        play_first: play a known-playable card before giving a play clue; ``None`` (default): with
            3+ players (others can clue too), else the clue goes first when its target has nothing
            to play (the own play keeps, the partner's turn would be lost).
        save_value: the value of touching (hence saving) a critical card or a unique 2 off chop.
        locked_clue: with every own card clued (no chop), clue rather than discard a clued card.
        info_clue_tokens: the fewest tokens at which a clue that makes no play (information only)
            is given instead of a discard (keeps tokens for saves).
        stall_deck: with at most this many cards left to draw, clue (if any clue is safe) rather
            than discard: discarding draws and brings the last round closer.
        gamble_deck: late-game plays start once at most this many cards are left to draw.
        unlock_first: among known plays, prefer one whose successor another hand holds clued.
        duplicates_trash: an own card known to be a card another hand holds clued is discarded
            as trash.
        play_over_save: a seat about to discard a chop to save gets a play clue instead when one
            exists (it plays rather than discards; the paper's "prefer play clues over saves").
    """

    known_value = 0.6
    trash_value = 0.2
    touch_value = 0.15

    def __init__(
        self,
        *,
        fear_play: int = 2,
        play_first: bool | None = None,
        save_value: float = 0.5,
        locked_clue: bool = True,
        info_clue_tokens: int = 3,
        stall_deck: int = 2,
        gamble_deck: int = 0,
        unlock_first: bool = True,
        duplicates_trash: bool = True,
        play_over_save: bool = True,
    ) -> None:
        self.fear_play = fear_play
        self.play_first = play_first
        self.save_value = save_value
        self.locked_clue = locked_clue
        self.info_clue_tokens = info_clue_tokens
        self.stall_deck = stall_deck
        self.gamble_deck = gamble_deck
        self.unlock_first = unlock_first
        self.duplicates_trash = duplicates_trash
        self.play_over_save = play_over_save

    # ---- the planner ---------------------------------------------------------------------------
    def plan(self, beliefs: HanabiBeliefs, observation: HanabiObservation, rng: np.random.Generator) -> Intent:
        """Choose this turn's move (see the module docstring for the order of the rules).

        Args:
            beliefs: the seat's belief store (only read).
            observation: the seat's observation.
            rng: unused (the planner is deterministic).

        Returns:
            An intent with one legal Hanabi action and a short plain description.
        """
        action, why = self.choose(beliefs, observation)
        return Intent(actions=[action], message=why)

    def choose(self, b: HanabiBeliefs, obs: HanabiObservation) -> tuple[HanabiAction, str]:
        """The move and a one-line reason."""
        me = obs.seat
        pub = b.public
        tokens, max_tokens = obs.information_tokens, obs.max_information_tokens
        n_cards = len(obs.hands[me].knowledge)
        beliefs = [b.private_belief(i) for i in range(n_cards)]
        plays = [i for i, x in enumerate(beliefs) if x and not x & ~pub.playable]
        useless = pub.trash | (self.held_elsewhere(b) if self.duplicates_trash else 0)
        trash = [i for i, x in enumerate(beliefs) if x and not x & ~useless]

        options = self.clue_options(b, obs) if tokens > 0 else []
        clues = [o for o in options if not o.harm]
        best = max(clues, key=lambda o: o.score) if clues else None
        idle = {seat: not self.partner_busy(b, obs, seat) for seat in {o.target for o in clues if o.saves}}
        saves = [o for o in clues if o.saves and idle[o.target]]
        if saves:
            save = max(saves, key=lambda o: o.score)
            if self.play_over_save and best is not None and best.score >= 1 and best.target == save.target:
                return self.clue_action(b, best), "play clue (delays the discard)"
            return self.clue_action(b, save), "save clue"
        play_first = self.play_first if self.play_first is not None else obs.num_players > 2
        clue_first = not play_first and best is not None and not self.has_play(b, best.target)
        clue_first = clue_first and obs.deck_size > 0  # at the end the own play may get no later turn
        if plays and (not clue_first or best is None or best.score < 1):
            return Play(card=self.pick_play(b, beliefs, plays, tokens < max_tokens)), "play"
        if best is not None and best.score >= 1:
            return self.clue_action(b, best), "play clue"
        if plays:
            return Play(card=self.pick_play(b, beliefs, plays, tokens < max_tokens)), "play"
        if obs.deck_size <= self.gamble_deck and obs.life_tokens >= max(self.fear_play, 2) and self.fear_play:
            gamble = self.likely_play(b, beliefs)
            if gamble is not None:
                return Play(card=gamble), "late-game play"
        if tokens >= max_tokens:
            if best is not None:
                return self.clue_action(b, best), "stall clue"
            return self.clue_action(b, min(options, key=lambda o: (o.harm, -o.score))), "forced clue"
        if best is not None and best.score > 0.5 and tokens >= self.info_clue_tokens:
            return self.clue_action(b, best), "clue"
        if best is not None and obs.deck_size <= self.stall_deck:
            return self.clue_action(b, best), "end-game stall"
        if trash:
            return Discard(card=trash[0]), "discard known trash"
        chop = b.chop(me)
        if chop is None and self.locked_clue and clues:
            return self.clue_action(b, max(clues, key=lambda o: o.score)), "locked-hand clue"
        if chop is not None:
            return Discard(card=chop), "discard chop"
        return Discard(card=self.least_useful(b, beliefs)), "discard least useful"

    # ---- own cards -----------------------------------------------------------------------------
    def pick_play(self, b: HanabiBeliefs, beliefs: list[int], plays: list[int], want_token: bool) -> int:
        """Which known-playable card to play: a 5 first when a token is welcome, then one that
        makes a clued card of another hand playable, then the lowest rank, then the newest."""
        ranks = b.tables.ranks
        unlocks = 0  # identities whose predecessor's play would make a clued card elsewhere playable
        for seat, hand in enumerate(b.hands):
            if hand is not None and seat != b.seat:
                for card, slot in zip(hand, b.slots[seat], strict=True):
                    if slot.clued and card % ranks:
                        unlocks |= 1 << (card - 1)

        def key(i: int) -> tuple[int, int, int, int]:
            top = max(x % ranks for x in bits(beliefs[i]))
            unlocking = 0 if self.unlock_first and beliefs[i] & unlocks else 1
            return (0 if want_token and top == ranks - 1 else 1, unlocking, top, -i)

        return min(plays, key=key)

    def likely_play(self, b: HanabiBeliefs, beliefs: list[int]) -> int | None:
        """The own card most likely playable (weights: copies unseen), if any has a chance."""
        weights = b.hidden_left()
        playable = b.public.playable
        best, best_p = None, 0.0
        for i, x in enumerate(beliefs):
            ids = bits(x)
            total = sum(weights[j] for j in ids)
            if total <= 0:
                continue
            p = sum(weights[j] for j in ids if playable >> j & 1) / total
            if p > best_p:
                best, best_p = i, p
        return best

    def least_useful(self, b: HanabiBeliefs, beliefs: list[int]) -> int:
        """With every card clued: the one whose loss is smallest in expectation (weights: copies
        unseen; a critical card costs the points it would still make, another useful card a
        little, trash nothing)."""
        pub, ranks = b.public, b.tables.ranks
        weights = b.hidden_left()

        def loss(i: int) -> float:
            ids = bits(beliefs[i])
            total = sum(weights[j] for j in ids) or 1
            cost = 0.0
            for j in ids:
                if pub.critical >> j & 1:
                    cost += weights[j] * (ranks - j % ranks)
                elif not pub.trash >> j & 1:
                    cost += weights[j] * 0.2
            return cost / total

        return min(range(len(beliefs)), key=lambda i: (loss(i), i))

    # ---- the partners --------------------------------------------------------------------------
    def partner_busy(self, b: HanabiBeliefs, obs: HanabiObservation, seat: int) -> bool:
        """Whether ``seat`` has something better to do than discard its chop: a card it knows to
        be playable or trash."""
        return bool(b.known_playable(seat) or b.known_trash(seat))

    def held_elsewhere(self, b: HanabiBeliefs) -> int:
        """Identities another hand holds as clued cards (an own copy of one is a duplicate)."""
        out = 0
        for seat, hand in enumerate(b.hands):
            if hand is not None and seat != b.seat:
                for card, slot in zip(hand, b.slots[seat], strict=True):
                    if slot.clued:
                        out |= 1 << card
        return out

    def has_play(self, b: HanabiBeliefs, seat: int) -> bool:
        """Whether ``seat`` holds a card it knows to be playable (so it will not discard)."""
        return bool(b.known_playable(seat))

    def needs_save(self, b: HanabiBeliefs, seat: int, card: int) -> bool:
        """Whether ``seat``'s chop ``card`` must be saved: a 5, a 2 no other hand shows, or critical."""
        pub = b.public
        if pub.trash >> card & 1:
            return False
        if pub.critical >> card & 1:
            return True
        return card % b.tables.ranks == 1 and b.seen_counts[card] == 1

    def clue_options(self, b: HanabiBeliefs, obs: HanabiObservation) -> list[ClueOption]:
        """Every clue to every other seat that no holder would misread, with its value."""
        out: list[ClueOption] = []
        t = b.tables
        me = obs.seat
        clued_ids: dict[int, int] = {}
        for seat in range(obs.num_players):
            hand = b.hands[seat]
            if hand is None:
                continue
            for card, slot in zip(hand, b.slots[seat], strict=True):
                if slot.clued:
                    clued_ids[card] = clued_ids.get(card, 0) + 1
        committed = b.committed()
        for off in range(1, obs.num_players):
            target = (me + off) % obs.num_players
            hand = b.hands[target]
            assert hand is not None
            slots = b.slots[target]
            before = [b.public_belief(slot) for slot in slots]
            chop = b.chop(target)
            save_needed = chop is not None and self.needs_save(b, target, hand[chop])
            colors = sorted({c // t.ranks for c in hand})
            ranks = sorted({c % t.ranks for c in hand})
            for kind, values in (("color", colors), ("rank", ranks)):
                for value in values:
                    if kind == "color":
                        touched = [i for i, c in enumerate(hand) if c // t.ranks == value]
                    else:
                        touched = [i for i, c in enumerate(hand) if c % t.ranks == value]
                    new = b.read_clue(target, kind, value, touched)
                    score, harm = self.score_clue(b, hand, slots, before, new, touched, clued_ids, committed)
                    saves = save_needed and chop in touched
                    if saves:
                        score += 0.9
                    out.append(ClueOption(target, kind, value, score, saves, harm))
        return out

    def score_clue(
        self,
        b: HanabiBeliefs,
        hand: list[int],
        old: list[Slot],
        beliefs: list[int],
        new: list[Slot],
        touched: list[int],
        clued_ids: dict[int, int],
        committed: int,
    ) -> tuple[float, int]:
        """A clue's value from the target's point of view and its harm (see :class:`ClueOption`)."""
        pub = b.public
        playable, trash = pub.playable, pub.trash
        score, harm = 0.0, 0
        for i, card in enumerate(hand):
            after = b.public_belief(new[i])
            before = beliefs[i]
            if not after >> card & 1:
                if before >> card & 1:  # misread by this clue (an old misreading is not its fault)
                    harm += 10 if not after & ~playable else 1
                continue
            if after == before:
                continue
            known_play = not after & ~playable
            if known_play and before & ~playable:
                score += 1.0
                continue
            if not after & ~trash and before & ~trash:
                score += self.trash_value
                continue
            if i in touched and not old[i].clued:
                if trash >> card & 1:
                    score -= 1.0
                elif clued_ids.get(card, 0) or committed >> card & 1:
                    score -= 0.6
                elif after & (after - 1) == 0:
                    score += self.known_value
                elif b.public.critical >> card & 1 or (card % b.tables.ranks == 1 and b.seen_counts[card] == 1):
                    score += self.save_value
                else:
                    score += self.touch_value
            else:
                score += 0.02
        return score, harm

    def clue_action(self, b: HanabiBeliefs, option: ClueOption) -> HanabiAction:
        """The typed action of a clue option."""
        if option.kind == "color":
            return RevealColor(target=option.target, color=b.color_names[option.value])
        return RevealRank(target=option.target, rank=option.value + 1)
