"""The fact questions of CoordinationQA's Hanabi scenarios, answered by computing on the position
(:mod:`.hanabi_position`): what the stacks, the tokens and the cards are (the partner's seen cards,
the observer's by what it knows), and the computed value matched to the one option that states it.
The templates are listed in :mod:`.hanabi_answerer`; each returns None for a question it does not
recognise, and an :class:`Answer` without a letter when no single option states the value.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.kits.llm_coordination.answers import Answer, pick_bool, pick_count
from agent.kits.llm_coordination.hanabi_position import Position
from beliefs.hanabi import bits
from language.choices import Option

CARD_NUMBER = re.compile(r"\bcard\s*(\d)\b", re.IGNORECASE)
"""A card position named in a question or an option ("Card 3")."""


def within(mask: int, allowed: int) -> bool:
    """Whether ``mask`` names some identity and only identities of ``allowed``."""
    return bool(mask) and not mask & ~allowed


def pick_cards(options: Sequence[Option], positions: set[int]) -> str | None:
    """The one option that names exactly the card positions ``positions`` ("His Card 0 and Card 1";
    "None" for no card)."""
    found = []
    for o in options:
        named = {int(k) for k in re.findall(r"card\s*(\d)", o.text, re.IGNORECASE)}
        if named == positions and (named or re.search(r"\bnone\b|\bno cards?\b", o.text, re.IGNORECASE)):
            found.append(o.letter)
    return found[0] if len(found) == 1 else None


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
        return within(identities, masks[prop])
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
        named = {int(k) for k in CARD_NUMBER.findall(sentence) if int(k) < len(identities)}
        if named and re.match(r"\s*(?:is|are|can)\b", low):  # "Is Bob's Card 2 playable?"
            return Answer(pick_bool(options, named <= having), "cards", value)
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
    counters = (
        (r"how many (?:lives|life tokens)", pos.observation.life_tokens, "lives"),
        (r"how many (?:reveal |information |clue |hint )?tokens", tokens, "tokens"),
        (r"how many cards (?:are )?(?:left|remain\w*) in the deck|\bdeck size\b", pos.observation.deck_size, "deck"),
    )
    for pattern, n, what in counters:
        if re.search(pattern, low):
            return Answer(pick_count(options, n), "tokens", f"{what}: {n}")
    if re.search(r"reveal tokens.*\bdiscard", low):
        if tokens >= full:
            return Answer(pick_bool(options, False), "tokens", "every token in hand: a discard is not allowed")
        if tokens == 0:
            return Answer(pick_bool(options, True), "tokens", "no token: only a discard regains one")
        return Answer(None, "tokens", f"{tokens} tokens: neither forced nor forbidden")
    return None
