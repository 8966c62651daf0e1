"""A neurosymbolic answerer of CoordinationQA's Hanabi questions, as far as it honestly goes: the
scenario's text is read as a position (:mod:`.hanabi_position`), the question is recognised by its
meaning, and the answer is computed from the position with Accord's Hanabi beliefs and convention
planner; a question it does not recognise, or whose computed answer names no single option, is
*abstained* (no letter, scored wrong). It reads the question's text and options only, never the key.

| template | recognised by | computed as |
| --- | --- | --- |
| ``move`` | options that are the observer's moves (JP; ToM "what can I infer ...: I should Play Card 1") | the planner's move (the convention planner, or the search planner: ``accord qa symbolic --agent search``); if no option is it, a known-playable play, a known-trash discard, the chop discard, in that order |
| ``clue-play`` | clue options; "reveal ... so that he knows to play (his Card k / a card / all playable cards)" | the clue after which the partner's belief (clue knowledge, then convention reading) says the target card is playable, no misplay, fewest other cards touched |
| ``clue-save`` | clue options; "unique cards", "last of their kind", "does not discard", "saves" | the clue that most raises the partner's knowledge of his critical cards (touched, then known critical) |
| ``clue-info`` | clue options; "the most (amount of) information" | the clue that removes the most identities from the partner's clue knowledge (log2) |
| ``cards`` | "how many of / does ... have any / which of / is Card k" Bob's (seen) or my (known) cards are playable, never playable, the last of their kind, of a rank | counted on the seen cards, or on the own cards' beliefs (a property that holds for every possible identity) |
| ``stacks`` | "how many stacks require a rank N", "contain at least one card", "are any stacks completed", "have any cards been played", "how many points" | the stacks |
| ``tokens`` | "how many lives / tokens / cards in the deck", "possible to reveal", "required resource for revealing", "if I give a clue ... will Bob be able to give", "which move type is not possible", "based on the reveal tokens ... discard" (only at 0 or full tokens) | the tokens |

Ties: a clue question whose best options tie is answered with the convention planner's own move
if it is among them, else abstained.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from agent.kits.llm_coordination.answers import Answer, question_sentence
from agent.kits.llm_coordination.hanabi_facts import CARD_NUMBER, answer_cards, answer_stacks, answer_tokens, within
from agent.kits.llm_coordination.hanabi_position import Move, Position, option_moves, read_position
from agent.kits.llm_coordination.qa import Question
from beliefs.hanabi import HanabiBeliefs, bits
from games.hanabi import COLOR_NAMES, Discard, HanabiAction, HanabiObservation, Play, RevealColor, RevealRank
from language.choices import Option
from planners.hanabi_convention import ConventionPlanner

# ---- own moves (JP, and ToM questions whose options are the observer's moves) ------------------


class Chooser(Protocol):
    """A Hanabi planner that names a move for a belief store and an observation (the convention
    planner, the search planner)."""

    def choose(self, b: HanabiBeliefs, obs: HanabiObservation) -> tuple[HanabiAction, str]:
        """The move and a one-line reason."""
        ...


def _planner_move(pos: Position, mover: Chooser) -> Move | None:
    """The planner's move for the observer (None when it is not the observer's turn)."""
    if pos.observation.current_player != pos.observation.seat:
        return None
    move, _ = mover.choose(pos.beliefs, pos.observation)
    return move


def answer_move(pos: Position, options: Sequence[Option], mover: Chooser) -> Answer:
    """The option that is the planner's move; else the first option that is a known-playable play,
    a known-trash discard or the chop discard (legal moves only); else none."""
    moves = option_moves(options, pos.observation)
    legal = pos.observation.legal_moves()
    b = pos.beliefs
    chop = b.chop(0)
    wanted: list[tuple[Move | None, str]] = [(_planner_move(pos, mover), "the planner's move")]
    wanted += [(Play(card=i), "a card known playable") for i in b.known_playable(0)]
    wanted += [(Discard(card=i), "a card known trash") for i in b.known_trash(0)]
    wanted += [(Discard(card=chop) if chop is not None else None, "the chop")]
    for move, why in wanted:
        if move is None or move not in legal:
            continue
        for letter, named in moves.items():
            if named == move:
                return Answer(letter, "move", f"{why}: {move}")
    return Answer(None, "move", "no option is the planner's move or a fallback move")


# ---- clue questions (what to reveal to the partner) ----------------------------------------------


@dataclass(frozen=True)
class ClueEffect:
    """What one clue to the partner does: the cards it touches and, per card, the partner's belief
    before and after it (clue knowledge only, and read by the conventions), as bitmasks."""

    move: RevealColor | RevealRank
    touched: tuple[int, ...]
    known_before: tuple[int, ...]
    known_after: tuple[int, ...]
    read_after: tuple[int, ...]
    clued_before: tuple[bool, ...]


def clue_effect(pos: Position, move: RevealColor | RevealRank) -> ClueEffect | None:
    """The effect of ``move`` on the partner's beliefs (None: it touches no card, or is not to the
    partner)."""
    b, partner = pos.beliefs, pos.partner
    if move.target != partner:
        return None
    ranks = b.tables.ranks
    if isinstance(move, RevealColor):
        kind, value = "color", COLOR_NAMES.index(move.color)
        touched = tuple(i for i, c in enumerate(pos.partner_cards) if c // ranks == value)
    else:
        kind, value = "rank", move.rank - 1
        touched = tuple(i for i, c in enumerate(pos.partner_cards) if c % ranks == value)
    if not touched:
        return None
    old = b.slots[partner]
    new = b.read_clue(partner, kind, value, touched)
    avail = b.public.available

    def knowledge(mask: int) -> int:
        return mask & avail or mask

    return ClueEffect(
        move,
        touched,
        tuple(knowledge(s.known) for s in old),
        tuple(knowledge(s.known) for s in new),
        tuple(b.public_belief(s) for s in new),
        tuple(s.clued for s in old),
    )


def _misplay(pos: Position, effect: ClueEffect) -> bool:
    """Whether after the clue the partner would believe playable a card that is not."""
    playable = pos.beliefs.public.playable
    return any(
        within(read, playable) and not playable >> card & 1
        for read, card in zip(effect.read_after, pos.partner_cards, strict=True)
    )


def play_key(pos: Position, effect: ClueEffect, targets: set[int], every: bool) -> tuple[float, ...] | None:
    """How well the clue makes the partner know ``targets`` are playable (bigger is better; None:
    it makes none known playable): level 2 by clue knowledge, 1 by the conventions' reading."""
    playable = pos.beliefs.public.playable
    levels = []
    for i in targets:
        before = 2 if within(effect.known_before[i], playable) else 0
        after = 2 if within(effect.known_after[i], playable) else 1 if within(effect.read_after[i], playable) else 0
        levels.append(after if after > before else 0)
    made = sum(level > 0 for level in levels)
    if not made or _misplay(pos, effect):
        return None
    extra = len(set(effect.touched) - targets)
    if every:
        return (made, sum(levels), -extra)
    return (max(levels), made, -extra)


def save_key(pos: Position, effect: ClueEffect, targets: set[int]) -> tuple[float, ...] | None:
    """How much the clue raises the partner's hold on his critical cards ``targets``: 1 touched
    (saved from the chop), 2 known critical by clue knowledge (None: no gain). A save is read by
    what the clue tells (its knowledge), not by the play-clue conventions: a 5 or a critical card
    touched off the chop is saved, whatever the conventions would make of it."""
    critical = pos.beliefs.public.critical
    gain = 0
    for i in targets:
        before = 2 if within(effect.known_before[i], critical) else 1 if effect.clued_before[i] else 0
        after = 2 if within(effect.known_after[i], critical) else 1 if i in effect.touched else 0
        gain += max(0, after - before)
    if not gain:
        return None
    return (gain, -len(set(effect.touched) - targets))


def info_key(pos: Position, effect: ClueEffect) -> tuple[float, ...] | None:
    """The identities the clue removes from the partner's clue knowledge, in bits over his hand."""
    gain = sum(
        math.log2(len(bits(b)) / len(bits(a))) for b, a in zip(effect.known_before, effect.known_after, strict=True)
    )
    return (round(gain, 9),) if gain > 0 else None


def answer_clue(
    pos: Position,
    options: Sequence[Option],
    template: str,
    key: Callable[[ClueEffect], tuple[float, ...] | None],
    mover: Chooser,
) -> Answer:
    """The option whose clue ranks first by ``key``; ties go to the planner's move if it is one of
    them, else no answer."""
    ranked: list[tuple[tuple[float, ...], str, Move]] = []
    for letter, move in option_moves(options, pos.observation).items():
        if not isinstance(move, RevealColor | RevealRank):
            continue
        effect = clue_effect(pos, move)
        score = key(effect) if effect is not None else None
        if score is not None:
            ranked.append((score, letter, move))
    if not ranked:
        return Answer(None, template, "no clue option does it")
    best = max(score for score, _, _ in ranked)
    top = [(letter, move) for score, letter, move in ranked if score == best]
    if len(top) == 1:
        return Answer(top[0][0], template, f"{top[0][1]} (score {best})")
    planned = _planner_move(pos, mover)
    chosen = [letter for letter, move in top if move == planned]
    if chosen:
        return Answer(chosen[0], template, f"tie broken by the planner's move {planned}")
    return Answer(None, template, f"{len(top)} options tie at {best}")


def answer_clue_question(pos: Position, sentence: str, options: Sequence[Option], mover: Chooser) -> Answer | None:
    """A "what should I reveal" question (None: not one the clue templates read)."""
    low = sentence.lower()
    cards = pos.partner_cards
    b = pos.beliefs
    if re.search(r"most (?:amount of )?information", low):
        return answer_clue(pos, options, "clue-info", lambda e: info_key(pos, e), mover)
    if re.search(r"unique|last of (?:their|its) (?:kind|type)|critical|not discard|\bsaves?\b", low):
        targets = {i for i, c in enumerate(cards) if b.public.critical >> c & 1}
        if not targets:
            return Answer(None, "clue-save", "the partner holds no critical card")
        return answer_clue(pos, options, "clue-save", lambda e: save_key(pos, e, targets), mover)
    if re.search(r"\bplay", low):
        named = CARD_NUMBER.search(sentence)
        every = bool(re.search(r"\ball (?:of )?(?:his|her|their|the) cards", low))
        if named:
            k = int(named.group(1))
            if k >= len(cards) or not b.public.playable >> cards[k] & 1:
                return Answer(None, "clue-play", f"the partner's Card {k} is not a playable card of his")
            targets = {k}
        else:
            targets = {i for i, c in enumerate(cards) if b.public.playable >> c & 1}
        if not targets:
            return Answer(None, "clue-play", "the partner holds no playable card")
        return answer_clue(pos, options, "clue-play", lambda e: play_key(pos, e, targets, every), mover)
    return None


# ---- the answerer --------------------------------------------------------------------------------


def answer_question(question: Question, mover: Chooser | None = None) -> Answer:
    """Answer one Hanabi question from its text and options alone (see the module docstring);
    ``mover`` names the observer's move (default: the convention planner)."""
    mover = mover or ConventionPlanner()
    try:
        pos = read_position(question.question)
    except ValueError as err:
        return Answer(None, None, f"unreadable scenario: {err}")
    options = question.options
    moves = option_moves(options, pos.observation)
    sentence = question_sentence(question.question)
    clues = bool(moves) and all(isinstance(m, RevealColor | RevealRank) for m in moves.values())
    if question.category == "JP" or (set(moves) == {o.letter for o in options} and not clues):
        return answer_move(pos, options, mover)
    if clues:
        found = answer_clue_question(pos, sentence, options, mover)
        return found or Answer(None, None, f"clue question not recognised: {sentence!r}")
    for template in (answer_tokens, answer_stacks, answer_cards):
        found = template(pos, sentence, options)
        if found is not None:
            return found
    return Answer(None, None, f"question not recognised: {sentence!r}")
