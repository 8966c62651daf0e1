"""Hanabi positions as the LLM-Coordination paper writes them for a language model (Appendix B.2,
the CAC agent's working memory), and read back from such text (CoordinationQA's Hanabi scenarios).

:func:`describe_state` writes a seat's observation in the paper's format: whose turn, the stacks,
"My cards based on my knowledge" (``Card 0 could be: [Red, Green] [1, 2]``), every other hand, each
holder's knowledge, the tokens, the deck, the discards, the seat's own action history (the episodic
memory), the next playable card of every stack (precomputed, as the paper does, because models
miscount), and optionally the lettered list of available actions.

:func:`parse_scenario` reads that text back into a :class:`Scenario`, as written by the paper's own
code and by the CoordinationQA authors, whose scenarios vary: knowledge as ``[Red, Green] [1, 2]`` or
as card lists ``[R2, R3, G4]``, stacks as ``Red - Red 2`` or ``Red - R2``, cards as ``Blue 3`` or
``B3``, non-breaking spaces and trailing blanks. It reads what is there and leaves out what is not
(two-player scenarios: the observer and one partner). A text it cannot read as a position raises
one-line :class:`ValueError`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict

from games.hanabi import COLOR_NAMES, HanabiObservation
from language.choices import action_list

PRONOUNS = {"Alice": "her", "Bob": "his", "Cathy": "her", "Donald": "his", "Emily": "her"}
"""The possessive the paper's text uses for each seat name ("Bob believes his Card 0 ...")."""


def _color(name: str) -> str:
    return name.capitalize()


def _card(color: str, rank: int) -> str:
    return f"{_color(color)} {rank}"


def _history(observation: HanabiObservation) -> list[str]:
    """The seat's own moves in the paper's wording ("Play Card 0", "Reveal Bob's Rank 3 Cards")."""
    names = [hand.name for hand in observation.hands]
    out = []
    for line in observation.chat:
        record = line.action
        if line.seat != observation.seat or record is None:
            continue
        if record.kind == "play":
            out.append(f"Play Card {record.card}")
        elif record.kind == "discard":
            out.append(f"Discard Card {record.card}")
        else:
            target = names[record.target or 0]
            what = f"{_color(record.color or '')} Color" if record.kind == "reveal_color" else f"Rank {record.rank}"
            out.append(f"Reveal {target}'s {what} Cards")
    return out


def describe_state(observation: HanabiObservation, actions: Sequence[str] = ()) -> str:
    """``observation`` in the paper's state-description format (Appendix B.2).

    Args:
        observation: the seat's observation.
        actions: the available actions' texts, listed with letters A, B, ... at the end (none: no list).
    """
    me = observation.hands[observation.seat].name
    lines = [
        f"It is currently My ({me}) turn."
        if observation.current_player == observation.seat
        else f"It is currently {observation.hands[observation.current_player].name}'s turn."
    ]
    lines.append("Current Stacks:")
    lines.append(
        ", ".join(
            f"{_color(c)} - {_color(c)} {h}" for c, h in zip(observation.colors, observation.fireworks, strict=True)
        )
    )
    lines.append("My cards based on my knowledge:")
    for i, k in enumerate(observation.hands[observation.seat].knowledge):
        lines.append(f"Card {i} could be: [{', '.join(_color(c) for c in k.colors)}] [{', '.join(map(str, k.ranks))}]")
    for hand in observation.hands:
        if hand.cards is None:
            continue
        lines.append(f"I can see {hand.name}'s Cards are:")
        lines.extend(f"[Card {i}: {_card(c.color, c.rank)}]" for i, c in enumerate(hand.cards))
        pronoun = PRONOUNS.get(hand.name, "their")
        lines.append(f"{hand.name}'s Knowledge about {pronoun} cards:")
        for i, k in enumerate(hand.knowledge):
            lines.append(
                f"{hand.name} believes {pronoun} Card {i} could be: "
                f"[{', '.join(_color(c) for c in k.colors)}] [{', '.join(map(str, k.ranks))}]"
            )
    lines.append(f"Remaining Reveal Tokens: {observation.information_tokens}")
    lines.append(f"Remaining Lives: {observation.life_tokens}")
    lines.append(f"Deck Size: {observation.deck_size}")
    lines.append(f"The discard pile is: [{', '.join(_card(c.color, c.rank) for c in observation.discards)}]")
    lines.append(f"My Action History: [{', '.join(_history(observation))}]")
    lines.append("The next playable cards for each stack are:")
    for color, nxt in zip(observation.colors, observation.next_playable, strict=True):
        lines.append(
            f"{_color(color)} Stack is Full."
            if nxt is None
            else f"Only {_card(color, nxt)} can be played on {_color(color)} Stack"
        )
    return "\n".join(lines) + action_list(actions)


# ---- reading -------------------------------------------------------------------------------------


class SeenCard(BaseModel):
    """A card as a scenario shows it."""

    model_config = ConfigDict(frozen=True)

    color: str
    rank: int


class Scenario(BaseModel):
    """A two-player Hanabi position read from the paper's text.

    Attributes:
        me: the observer's name; partner: the other seat's name.
        my_turn: whether it is the observer's turn.
        stacks: colour -> height.
        my_knowledge: per own card, the identities still possible (``(color, rank)`` pairs).
        partner_cards: the partner's cards, oldest first.
        partner_knowledge: per partner card, the identities the partner still thinks possible.
        information_tokens, life_tokens, deck_size: the counters.
        discards: the discard pile.
        history: the observer's own moves, as written.
        actions: the lettered options at the end, ``(letter, text)``, if any.
    """

    model_config = ConfigDict(frozen=True)

    me: str
    partner: str
    my_turn: bool
    stacks: dict[str, int]
    my_knowledge: list[list[tuple[str, int]]]
    partner_cards: list[SeenCard]
    partner_knowledge: list[list[tuple[str, int]]]
    information_tokens: int
    life_tokens: int
    deck_size: int
    discards: list[SeenCard]
    history: list[str]
    actions: list[tuple[str, str]] = []


_LETTERS = {name[0].upper(): name for name in COLOR_NAMES}
_CARD = re.compile(r"\b(red|yellow|green|white|blue)\s*(\d)\b|\b([RYGWB])(\d)\b", re.IGNORECASE)


def _cards(text: str) -> list[SeenCard]:
    out = []
    for match in _CARD.finditer(text):
        if match.group(1):
            out.append(SeenCard(color=match.group(1).lower(), rank=int(match.group(2))))
        else:
            out.append(SeenCard(color=_LETTERS[match.group(3).upper()], rank=int(match.group(4))))
    return out


def _identities(text: str) -> list[tuple[str, int]]:
    """A knowledge line's possible identities: ``[Red, Green] [1, 2]`` (every pair) or ``[R1, G2]``."""
    groups = re.findall(r"\[([^\]]*)\]", text)
    if len(groups) >= 2 and not _cards(groups[0]):
        colors = [w.lower() for w in re.findall(r"[A-Za-z]+", groups[0]) if w.lower() in COLOR_NAMES]
        ranks = [int(r) for r in re.findall(r"\d", groups[1])]
        return [(c, r) for c in colors for r in ranks]
    if groups:
        return [(card.color, card.rank) for card in _cards(groups[0])]
    return []


def _number(label: str, text: str) -> int:
    found = re.search(rf"{label}\s*:?\s*(\d+)", text, re.IGNORECASE)
    if not found:
        raise ValueError(f"the scenario has no '{label}'")
    return int(found.group(1))


def _section(text: str, start: str, end: str) -> str:
    found = re.search(rf"{start}(.*?){end}", text, re.IGNORECASE | re.DOTALL)
    return found.group(1) if found else ""


def parse_scenario(text: Any) -> Scenario:
    """Read a two-player position written in the paper's format (see the module docstring).

    Raises:
        ValueError: ``text`` is not such a position (one line: what is missing).
    """
    if not isinstance(text, str):
        raise ValueError(f"a scenario is text, not {type(text).__name__}")
    text = text.replace("\xa0", " ").replace("\r", "")
    turn = re.search(r"It is currently (?:My \((\w+)\)|(\w+)'s) turn", text)
    partner = re.search(r"I can see (\w+)'s Cards", text)
    if not turn or not partner:
        raise ValueError("not a Hanabi scenario: no 'It is currently ... turn' or 'I can see ...'s Cards'")
    stacks_text = _section(text, r"Current Stacks:", r"My cards")
    stacks: dict[str, int] = {}
    for match in re.finditer(r"(red|yellow|green|white|blue)\s*-\s*(?:[A-Za-z]+\s*)?(\d)", stacks_text, re.IGNORECASE):
        stacks[match.group(1).lower()] = int(match.group(2))
    mine = _section(text, r"My cards based on my knowledge:", r"I can see")
    my_knowledge = [_identities(line) for line in re.findall(r"Card \d+ could be:([^\n]*)", mine)]
    seen = _section(text, r"I can see \w+'s Cards are:", r"Knowledge about")
    partner_cards = [card for line in re.findall(r"\[Card \d+:([^\]]*)\]", seen) for card in _cards(line)]
    theirs = _section(text, r"Knowledge about \w+ cards:", r"Remaining")
    partner_knowledge = [_identities(line) for line in re.findall(r"Card \d+ could be:([^\n]*)", theirs)]
    discards = _cards(_section(text, r"The discard pile is:\s*\[", r"\]"))
    history_text = _section(text, r"My Action History:\s*\[", r"\]")
    history = [h.strip() for h in history_text.replace("\n", " ").split(",") if h.strip()]
    actions = [
        (m.group(1), m.group(2).strip().rstrip("."))
        for m in re.finditer(
            r"^\s*([A-Z]{1,2})\.\s+(.+?)\s*$", _section(text, r"Available Actions:", r"$"), re.MULTILINE
        )
    ]
    if not my_knowledge or not partner_cards:
        raise ValueError("the scenario lists no cards of mine or of my partner")
    return Scenario(
        me=turn.group(1) or "",
        partner=partner.group(1),
        my_turn=turn.group(1) is not None,
        stacks=stacks,
        my_knowledge=my_knowledge,
        partner_cards=partner_cards,
        partner_knowledge=partner_knowledge,
        information_tokens=_number(r"Remaining Reveal Tokens", text),
        life_tokens=_number(r"Remaining Lives", text),
        deck_size=_number(r"Deck Size", text),
        discards=discards,
        history=history,
        actions=actions,
    )
