"""A neurosymbolic answerer of CoordinationQA's Hanabi questions, as far as it honestly goes: the
scenario's text is read as a position (:mod:`.hanabi_position`), the question is recognised by its
meaning, and the answer is computed from the position with Accord's Hanabi beliefs and convention
planner; a question it does not recognise, or whose computed answer names no single option, is
*abstained* (no letter, scored wrong). It reads the question's text and options only, never the key.

| template | recognised by | computed as |
| --- | --- | --- |
| ``move`` | options that are the observer's moves (JP; ToM "what can I infer ...: I should Play Card 1") | the convention planner's move (:meth:`ConventionPlanner.choose`); if no option is it, a known-playable play, a known-trash discard, the chop discard, in that order |
| ``clue-play`` | clue options; "reveal ... so that he knows to play (his Card k / a card / all playable cards)" | the clue after which the partner's belief (clue knowledge, then convention reading) says the target card is playable, no misplay, fewest other cards touched |
| ``clue-save`` | clue options; "unique cards", "last of their kind", "does not discard", "saves" | the clue that most raises the partner's knowledge of his critical cards (touched, then known critical) |
| ``clue-info`` | clue options; "the most (amount of) information" | the clue that removes the most identities from the partner's clue knowledge (log2) |
| ``cards`` | "how many of / does ... have any / which of" Bob's (seen) or my (known) cards are playable, never playable, the last of their kind, of a rank | counted on the seen cards, or on the own cards' beliefs (a property that holds for every possible identity) |
| ``stacks`` | "how many stacks require a rank N", "contain at least one card", "are any stacks completed", "have any cards been played", "how many points" | the stacks |
| ``tokens`` | "possible to reveal", "required resource for revealing", "if I give a clue ... will Bob be able to give", "which move type is not possible", "based on the reveal tokens ... discard" (only at 0 or full tokens) | the tokens |

Ties: a clue question whose best options tie is answered with the convention planner's own move
if it is among them, else abstained.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from agent.kits.llm_coordination.hanabi_position import Move, Position, option_moves, read_position
from agent.kits.llm_coordination.qa import Question
from beliefs.hanabi import bits
from games.hanabi import COLOR_NAMES, Discard, Play, RevealColor, RevealRank
from language.choices import Option
from planners.hanabi_convention import ConventionPlanner

_HEADER = re.compile(r"available\s+(?:answers|actions)\s*:", re.IGNORECASE)
_NUMBERS = {"zero": 0, "none": 0, "no": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


@dataclass(frozen=True)
class Answer:
    """The answerer's reply to one question.

    Attributes:
        letter: the chosen option, or None (abstained).
        template: the template that recognised the question (None: none did).
        value: what was computed, in words (or why there is no answer).
    """

    letter: str | None
    template: str | None
    value: str


def question_sentence(text: str) -> str:
    """The question itself: the last non-blank line before the options' header."""
    head = _HEADER.split(text)[0]
    lines = [line.strip() for line in head.splitlines() if line.strip()]
    return lines[-1] if lines else ""


# ---- matching a computed value to the options ---------------------------------------------------


def _quantity_matches(text: str, n: int) -> bool | None:
    """Whether a "Yes, ..." option's quantity ("only one", "multiple") fits ``n`` (None: it names none)."""
    low = text.lower()
    if re.search(r"\bmultiple\b|\bseveral\b|more than one|\bmany\b", low):
        return n > 1
    if re.search(r"\bonly one\b|\bone\b|\bsingle\b", low):
        return n == 1
    return None


def pick_bool(options: Sequence[Option], value: bool, count: int | None = None) -> str | None:
    """The one option that starts with "Yes" (``value``) or "No" (not ``value``); where several do,
    the one whose quantity ("only one", "multiple") fits ``count``."""
    word = "yes" if value else "no"
    found = [o for o in options if re.match(rf"\s*{word}\b", o.text, re.IGNORECASE)]
    if len(found) > 1 and count is not None:
        found = [o for o in found if _quantity_matches(o.text, count)]
    return found[0].letter if len(found) == 1 else None


def _count_matches(text: str, n: int) -> bool | None:
    """Whether the option ``text`` names the count ``n`` (None: it names no count)."""
    low = text.lower()
    more = re.search(r"(?:more|greater) than (\d+)", low)
    if more:
        return n > int(more.group(1))
    least = re.search(r"(\d+) or more|at least (\d+)", low)
    if least:
        return n >= int(least.group(1) or least.group(2))
    first = re.match(r"\s*(\d+|zero|none|one|two|three|four|five)\b", low)
    if first:
        word = first.group(1)
        return n == (int(word) if word.isdigit() else _NUMBERS[word])
    return None


def pick_count(options: Sequence[Option], n: int) -> str | None:
    """The one option that names the count ``n`` ("2", "two", "More than 3 points")."""
    found = [o.letter for o in options if _count_matches(o.text, n)]
    return found[0] if len(found) == 1 else None


def pick_cards(options: Sequence[Option], positions: set[int]) -> str | None:
    """The one option that names exactly the card positions ``positions`` ("His Card 0 and Card 1";
    "None" for no card)."""
    found = []
    for o in options:
        named = {int(k) for k in re.findall(r"card\s*(\d)", o.text, re.IGNORECASE)}
        if named == positions and (named or re.search(r"\bnone\b|\bno cards?\b", o.text, re.IGNORECASE)):
            found.append(o.letter)
    return found[0] if len(found) == 1 else None


# ---- own moves (JP, and ToM questions whose options are the observer's moves) ------------------


def _planner_move(pos: Position) -> Move | None:
    """The convention planner's move for the observer (None when it is not the observer's turn)."""
    if pos.observation.current_player != pos.observation.seat:
        return None
    move, _ = ConventionPlanner().choose(pos.beliefs, pos.observation)
    return move


def answer_move(pos: Position, options: Sequence[Option]) -> Answer:
    """The option that is the planner's move; else the first option that is a known-playable play,
    a known-trash discard or the chop discard (legal moves only); else none."""
    moves = option_moves(options, pos.observation)
    legal = pos.observation.legal_moves()
    b = pos.beliefs
    chop = b.chop(0)
    wanted: list[tuple[Move | None, str]] = [(_planner_move(pos), "the convention planner's move")]
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


def _within(mask: int, allowed: int) -> bool:
    return bool(mask) and not mask & ~allowed


def _misplay(pos: Position, effect: ClueEffect) -> bool:
    """Whether after the clue the partner would believe playable a card that is not."""
    playable = pos.beliefs.public.playable
    return any(
        _within(read, playable) and not playable >> card & 1
        for read, card in zip(effect.read_after, pos.partner_cards, strict=True)
    )


def play_key(pos: Position, effect: ClueEffect, targets: set[int], every: bool) -> tuple[float, ...] | None:
    """How well the clue makes the partner know ``targets`` are playable (bigger is better; None:
    it makes none known playable): level 2 by clue knowledge, 1 by the conventions' reading."""
    playable = pos.beliefs.public.playable
    levels = []
    for i in targets:
        before = 2 if _within(effect.known_before[i], playable) else 0
        after = 2 if _within(effect.known_after[i], playable) else 1 if _within(effect.read_after[i], playable) else 0
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
        before = 2 if _within(effect.known_before[i], critical) else 1 if effect.clued_before[i] else 0
        after = 2 if _within(effect.known_after[i], critical) else 1 if i in effect.touched else 0
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
    pos: Position, options: Sequence[Option], template: str, key: Callable[[ClueEffect], tuple[float, ...] | None]
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
    planned = _planner_move(pos)
    chosen = [letter for letter, move in top if move == planned]
    if chosen:
        return Answer(chosen[0], template, f"tie broken by the planner's move {planned}")
    return Answer(None, template, f"{len(top)} options tie at {best}")


_CARD_NUMBER = re.compile(r"\bcard\s*(\d)\b", re.IGNORECASE)


def answer_clue_question(pos: Position, sentence: str, options: Sequence[Option]) -> Answer | None:
    """A "what should I reveal" question (None: not one the clue templates read)."""
    low = sentence.lower()
    cards = pos.partner_cards
    b = pos.beliefs
    if re.search(r"most (?:amount of )?information", low):
        return answer_clue(pos, options, "clue-info", lambda e: info_key(pos, e))
    if re.search(r"unique|last of (?:their|its) (?:kind|type)|critical|not discard|\bsaves?\b", low):
        targets = {i for i, c in enumerate(cards) if b.public.critical >> c & 1}
        if not targets:
            return Answer(None, "clue-save", "the partner holds no critical card")
        return answer_clue(pos, options, "clue-save", lambda e: save_key(pos, e, targets))
    if re.search(r"\bplay", low):
        named = _CARD_NUMBER.search(sentence)
        every = bool(re.search(r"\ball (?:of )?(?:his|her|their|the) cards", low))
        if named:
            targets = {int(named.group(1))}
            if not b.public.playable >> cards[min(targets)] & 1:
                return Answer(None, "clue-play", f"the partner's Card {min(targets)} is not playable")
        else:
            targets = {i for i, c in enumerate(cards) if b.public.playable >> c & 1}
        if not targets:
            return Answer(None, "clue-play", "the partner holds no playable card")
        return answer_clue(pos, options, "clue-play", lambda e: play_key(pos, e, targets, every))
    return None


# ---- facts of the position -------------------------------------------------------------------

_PROPERTIES: tuple[tuple[str, str], ...] = (
    ("critical", r"last of (?:their|its) (?:kind|type)|\bunique\b|\bcritical\b"),
    ("trash", r"never be played|no longer playable|can(?:not|'t) be played|\buseless\b|\btrash\b"),
    ("playable", r"\bplayable\b|can be played"),
    ("rank>", r"rank (?:greater|higher|larger|bigger) than (\d)"),
    ("rank<", r"rank (?:less|lower|smaller) than (\d)"),
    ("rank=", r"\brank (\d)\b"),
)


def _holds(pos: Position, prop: str, number: int, identities: int) -> bool:
    """Whether every identity of ``identities`` has the property (a seen card is one identity)."""
    pub, ranks = pos.beliefs.public, pos.beliefs.tables.ranks
    masks = {"critical": pub.critical, "trash": pub.trash, "playable": pub.playable}
    if prop in masks:
        return _within(identities, masks[prop])
    test = {"rank>": lambda r: r > number, "rank<": lambda r: r < number, "rank=": lambda r: r == number}[prop]
    return bool(identities) and all(test(i % ranks + 1) for i in bits(identities))


def answer_cards(pos: Position, sentence: str, options: Sequence[Option]) -> Answer | None:
    """A question on which of the partner's (seen) or my (known) cards have a property."""
    low = sentence.lower()
    partner = pos.scenario.partner.lower()
    if re.search(rf"\b{re.escape(partner)}\b|\bpartner|\bhis cards|\bher cards", low):
        identities = [1 << c for c in pos.partner_cards]
        whose = pos.scenario.partner
    elif re.search(r"\bmy cards\b|\bdo i have\b|\bof mine\b", low):
        identities = [pos.beliefs.private_belief(i) for i in range(len(pos.beliefs.slots[0]))]
        whose = "my (known)"
    else:
        return None
    for prop, pattern in _PROPERTIES:
        found = re.search(pattern, low)
        if found is None:
            continue
        number = int(found.group(1)) if found.groups() else 0
        having = {i for i, x in enumerate(identities) if _holds(pos, prop, number, x)}
        value = f"{whose} cards {prop}{number or ''}: {sorted(having)}"
        if re.match(r"\s*which\b", low):
            return Answer(pick_cards(options, having), "cards", value)
        if "how many" in low:
            return Answer(pick_count(options, len(having)), "cards", value)
        if re.match(r"\s*(?:based on [^,]*,\s*)?(?:does|do|is|are|has|have)\b", low):
            return Answer(pick_bool(options, bool(having), len(having)), "cards", value)
        return None
    return None


def answer_stacks(pos: Position, sentence: str, options: Sequence[Option]) -> Answer | None:
    """A question on the stacks or the score."""
    low = sentence.lower()
    heights = list(pos.observation.fireworks)
    need = re.search(r"how many (?:of the )?stacks (?:require|need)\D*(\d)", low)
    if need:
        n = sum(h == int(need.group(1)) - 1 for h in heights)
        return Answer(pick_count(options, n), "stacks", f"{n} stacks at {int(need.group(1)) - 1}")
    if re.search(r"how many (?:of the )?stacks (?:contain|have|hold)", low):
        n = sum(h > 0 for h in heights)
        return Answer(pick_count(options, n), "stacks", f"{n} stacks started")
    if re.search(r"(?:are|is) any (?:of the )?stacks? (?:completed?|full|finished)", low):
        done = any(h == pos.observation.ranks for h in heights)
        return Answer(pick_bool(options, done), "stacks", f"a stack complete: {done}")
    if re.search(r"(?:have|has) any cards? been played", low):
        return Answer(pick_bool(options, sum(heights) > 0), "stacks", f"cards played: {sum(heights)}")
    if re.search(r"how many points", low):
        return Answer(pick_count(options, pos.observation.score), "stacks", f"score {pos.observation.score}")
    return None


_KINDS = {"play": r"\bplay", "discard": r"\bdiscard", "reveal": r"\breveal|\bclue|\bhint"}


def _impossible(text: str) -> set[str] | None:
    """The move types an option says are not possible (None: it says nothing readable)."""
    low = text.lower()
    if re.search(r"no possible moves|no moves", low):
        return set(_KINDS)
    if re.search(r"\ball\b.*\bpossible", low):
        return set()
    named = {kind for kind, pattern in _KINDS.items() if re.search(pattern, low)}
    return named or None


def answer_tokens(pos: Position, sentence: str, options: Sequence[Option]) -> Answer | None:
    """A question on what the information tokens allow."""
    low = sentence.lower()
    tokens, full = pos.observation.information_tokens, pos.observation.max_information_tokens
    if re.search(r"move types? (?:is|are) (?:currently )?(?:not possible|impossible)", low):
        out = {"reveal"} if tokens == 0 else {"discard"} if tokens >= full else set()
        found = [o.letter for o in options if _impossible(o.text) == out]
        return Answer(found[0] if len(found) == 1 else None, "tokens", f"not possible: {sorted(out)}")
    if re.search(r"if i (?:give|reveal) (?:a )?(?:clue|information).*(?:be able to|can) (?:give|reveal)", low):
        return Answer(pick_bool(options, tokens - 1 > 0), "tokens", f"{tokens - 1} tokens after my clue")
    if re.search(r"possible (?:for me )?to (?:reveal|give)|resource for revealing|can i (?:reveal|give a clue)", low):
        return Answer(pick_bool(options, tokens > 0), "tokens", f"{tokens} tokens")
    if re.search(r"reveal tokens.*\bdiscard", low):
        if tokens >= full:
            return Answer(pick_bool(options, False), "tokens", "every token in hand: a discard is not allowed")
        if tokens == 0:
            return Answer(pick_bool(options, True), "tokens", "no token: only a discard regains one")
        return Answer(None, "tokens", f"{tokens} tokens: neither forced nor forbidden")
    return None


# ---- the answerer --------------------------------------------------------------------------------


def answer_question(question: Question) -> Answer:
    """Answer one Hanabi question from its text and options alone (see the module docstring)."""
    try:
        pos = read_position(question.question)
    except ValueError as err:
        return Answer(None, None, f"unreadable scenario: {err}")
    options = question.options
    moves = option_moves(options, pos.observation)
    sentence = question_sentence(question.question)
    if moves and all(isinstance(m, Play | Discard) for m in moves.values()) or question.category == "JP":
        return answer_move(pos, options)
    if moves and all(isinstance(m, RevealColor | RevealRank) for m in moves.values()):
        found = answer_clue_question(pos, sentence, options)
        return found or Answer(None, None, f"clue question not recognised: {sentence!r}")
    for template in (answer_tokens, answer_stacks, answer_cards):
        found = template(pos, sentence, options)
        if found is not None:
            return found
    return Answer(None, None, f"question not recognised: {sentence!r}")
