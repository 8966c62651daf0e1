"""The CAC agent's prompts for Hanabi (LLM-Coordination, seed 002, section 3 and Appendices B-C) and
the readers of their answers.

| CAC part | prompt | answer read by |
| --- | --- | --- |
| long-term memory | :data:`GAME_DESCRIPTION`: the rules and the H-group basic conventions (Appendix B.1) | |
| working + episodic memory | :func:`language.hanabi_state_text.describe_state` (Appendix B.2) | |
| reasoning (action chooser) | :func:`reasoner_messages` (Appendix C.1): "Explanation: ... Action: ..." over lettered legal moves | :func:`language.choices.extract_answer`, then :class:`language.hanabi.HanabiParser` |
| theory of mind | :func:`tom_messages` (Appendix C.2): the partner's last move explained, a clue suggested | :func:`read_tom` |
| verifier | :func:`verifier_messages` (Appendix C.3, as a system prompt, as the paper found stricter) | :func:`read_verdict` |

The texts follow the paper's appendices (its prompt code's wording, names filled in); the game
description's conventions speak of one partner, as the paper's two-player games did.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from games.hanabi import HanabiObservation
from language.cac import GOT_IT, verifier_prompt
from language.choices import action_list
from language.hanabi_state_text import describe_state

GAME_DESCRIPTION = """- The game uses a 50-card deck, divided into five colours (red (R), green (G), blue (B), yellow (Y), white (W)). Each color has cards of ranks 1 to 5. Each color has with three 1's, two 2's, two 3's, two 4's, one 5.
- Players have to create stacks of each color. Each color stack starts with a Rank 1 card and goes up one by one in ascending order up to Rank 5.  (e.g. Red Stack should go from R1 -> R2 -> R3 -> R4 -> R5). A card can only be played if it is the next in the incremental sequence for its color stack.
- Players can only see the other's hand, not their own.
- Players have plausible knowledge of their cards based on previously provided hints by the other player
- They can either play a card, give a reveal, or discard a card.
- Players can only chose an action from the Available Legal Actions.
***Actions:***
1. Reveal (Clue): Spend a reveal token to reveal cards with a particular color or rank. Revealing a color reveals all cards of that color in partner's hand. Revealing a rank reveals all cards with that rank in partner's hand. The game starts with 8 reveal tokens. If no token left, no more reveals can be given.
2. Discard: Discard a card to regain a reveal token and draw a new card.
3. Play a Card: If a card played follows sequence in its color stack, it succeeds. Success of rank 5 card in any stack gives an additional reveal token. Failure discards the card, and loses a life. Playing a card you are unsure about is risky as it costs a life and you have only 3 lives. Before playing a card make sure that it's the next card in the sequence for that stack.
***The game ends when:***
- All five stacks are completed. 25 Points.
- Three lives have been lost. 0 Points no matter how many cards have been placed in the stack.
- After the last card from the deck is drawn and each player has had a final turn. Sum total of the top card ranks of each color stack.
I am {me}, playing the card game Hanabi with my partner {partner}. We have agreed to follow these conventions: Conventions:
1. **Card Layout:**
- Cards are added to the right; the oldest card is on the left.
- Positions are referenced from left to right.
2. **Clues:**
- Two types of clues: Play Clue (play the card) and Save Clue (save for later).
- If a Play Clue or Save Clue can't be given, players must discard.
3. **Play Clue:**
- A play clue is revealing a card or cards in partners hand that are immediately playable on the stack by indicating their rank or color.
4. **Save Clue**
- A save clue is used to save rank 5 cards, unique rank 2 cards and critical cards (only one of the kind left)
5. **Do Not Repeat Known Information**
- If a player already knows the color of their card, do not repeat the color in a clue. If a player already knows the rank of their card, do not repeat the rank in a clue.
5. **Prioritize Play Clues over Save Clues:**
- Prefer giving Play Clues if both are viable options.
6. **Discard Without Fear:**
- Discard confidently, as saving important cards is a team responsibility.
7. **Play with Fear:**
- You can take risks and play a card even though you are not completely sure when you have 2 or 3 lives left. However when you have only 1 life left you should play a card only when you are sure that is goes next on the stack."""
"""The long-term memory (Appendix B.1): the rules and the conventions, ``{me}`` and ``{partner}``
to be filled in."""

REASONER = (
    "The card game Hanabi has the following rules:\n{rules}\n"
    "I am {me}, playing the card game Hanabi with {partner}.\n"
    "At each time step I will provide you with the relevant information of the game. I will also provide "
    "you with the legal action, help me select the best next action. Remember I am playing as {me}. "
    "Format your response as Explanation: <brief explanation for selecting the move>\nAction:<selected move>. "
    "Do not say anything else. Got it?"
)
TOM = (
    "The card game Hanabi has the following rules:\n{rules}\n"
    "I am {me}, playing the card game Hanabi with {partner}.\n"
    "You are a Theory of Mind inference agent for our game. You will be provided with my partner's selected "
    "action and my latest state information after my partner took their action. You will provide me with two "
    "things: 1. An explanation for my partner's previous action along with their intention and implicit "
    "communication. 2. What is the best information for me to give my partner based on their knowledge?\n"
    "Format your response as:\n"
    "Partner Action Explanation:<1 sentence explanation of partner action>\n"
    "Clue Suggestion:<What information (specify rank or color) should I reveal to my partner based on their "
    "knowledge>."
)
VERIFIER = verifier_prompt("the action, the current state of the stack and the available lives and reveal tokens")


def _names(observation: HanabiObservation) -> tuple[str, str]:
    me = observation.hands[observation.seat].name
    partners = [hand.name for hand in observation.hands if hand.seat != observation.seat]
    return me, " and ".join(partners)


def rules(observation: HanabiObservation) -> str:
    """The long-term memory with this seat's and its partners' names."""
    me, partner = _names(observation)
    return GAME_DESCRIPTION.format(me=me, partner=partner)


def reasoner_messages(
    observation: HanabiObservation, actions: Sequence[str], notes: Sequence[str] = ()
) -> list[dict[str, str]]:
    """The action chooser's chat (Appendix C.1): its instructions, "Got it!", then the working memory
    with the lettered ``actions`` (and the ToM module's ``notes`` before the list, as the paper adds
    that reasoning to the working memory)."""
    me, partner = _names(observation)
    extra = "\n".join(notes)
    state = describe_state(observation) + (f"\n\n{extra}" if extra else "") + action_list(actions)
    return [
        {"role": "user", "content": REASONER.format(rules=rules(observation), me=me, partner=partner)},
        {"role": "assistant", "content": GOT_IT},
        {"role": "user", "content": state},
    ]


def tom_messages(observation: HanabiObservation, partner_action: str) -> list[dict[str, str]]:
    """The theory-of-mind module's chat (Appendix C.2): the partner's last move and the state after it."""
    me, partner = _names(observation)
    return [
        {"role": "user", "content": TOM.format(rules=rules(observation), me=me, partner=partner)},
        {"role": "assistant", "content": GOT_IT},
        {"role": "user", "content": f"My partner's selected action: {partner_action}\n\n{describe_state(observation)}"},
    ]


def verifier_messages(observation: HanabiObservation, action: str) -> list[dict[str, str]]:
    """The verifier's chat (Appendix C.3, a system prompt): the state and the selected action."""
    return [
        {"role": "system", "content": VERIFIER},
        {"role": "user", "content": f"{describe_state(observation)}\n\nSelected action: {action}"},
    ]


class ToMReading(BaseModel):
    """What the theory-of-mind module said: the partner's move explained and a clue suggested."""

    model_config = ConfigDict(frozen=True)

    explanation: str = ""
    clue_suggestion: str = ""

    def note(self) -> str:
        """The reading as the working memory's extra lines (empty parts left out)."""
        parts = []
        if self.explanation:
            parts.append(f"Partner Action Explanation: {self.explanation}")
        if self.clue_suggestion:
            parts.append(f"Clue Suggestion: {self.clue_suggestion}")
        return "\n".join(parts)


_FIELD = r"{label}\s*:\s*(.*?)(?=\n\s*(?:partner action explanation|clue suggestion)\s*:|\Z)"


def read_tom(text: str | None) -> ToMReading:
    """The two fields of a ToM answer (each cut to 500 characters; missing ones empty)."""
    text = text or ""

    def field(label: str) -> str:
        found = re.search(_FIELD.format(label=label), text, re.IGNORECASE | re.DOTALL)
        return " ".join(found.group(1).split())[:500] if found else ""

    return ToMReading(explanation=field("partner action explanation"), clue_suggestion=field("clue suggestion"))


def scripted_answer(messages: Sequence[dict[str, str]]) -> str | None:
    """How the scripted server answers the CAC prompts (a test double for plumbing runs, not a
    model): the verifier approves, the theory-of-mind module names the partner's move, and the
    chooser reads the position back (:func:`language.hanabi_state_text.parse_scenario`) and picks a
    certainly playable card, else a clue that touches a partner card that is playable now, else the
    oldest discard, else the first clue, else the first option. None for a prompt that is not the CAC agent's."""
    from language.hanabi_state_text import parse_scenario

    texts = [str(m.get("content", "")) for m in messages if isinstance(m, dict)]
    if any(t.startswith(VERIFIER[:40]) for t in texts):
        return "The move follows the rules and does not end the game. Verification: Okay"
    if any("Theory of Mind inference agent" in t for t in texts):
        move = next((t.split("\n", 1)[0] for t in texts if t.startswith("My partner's selected action:")), "")
        return f"Partner Action Explanation: {move.split(':', 1)[-1].strip()}.\nClue Suggestion: a playable card."
    last = texts[-1] if texts else ""
    if "Available Actions:" not in last or "It is currently" not in last:
        return None
    try:
        scenario = parse_scenario(last)
    except ValueError:
        return None
    options = {letter: text for letter, text in scenario.actions}

    def pick(wanted: str) -> str | None:
        return next((letter for letter, text in scenario.actions if text == wanted), None)

    playable = {c: h + 1 for c, h in scenario.stacks.items()}
    for i, identities in enumerate(scenario.my_knowledge):
        if identities and all(playable.get(c) == r for c, r in identities):
            letter = pick(f"Play my Card {i}")
            if letter:
                return f"Explanation: card {i} is surely playable.\nAction: {letter}"
    for card in scenario.partner_cards:
        if playable.get(card.color) == card.rank:
            for wanted in (
                f"Reveal {scenario.partner}'s rank {card.rank} cards",
                f"Reveal {scenario.partner}'s {card.color.capitalize()} color cards",
            ):
                letter = pick(wanted)
                if letter:
                    return f"Explanation: {scenario.partner} holds a playable card.\nAction: {letter}"
    clue = next((letter for letter, text in scenario.actions if text.startswith("Reveal")), None)
    letter = pick("Discard my Card 0") or clue or next(iter(options), None)
    return f"Explanation: nothing better.\nAction: {letter}" if letter else None
