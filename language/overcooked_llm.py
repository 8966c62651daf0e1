"""The CAC agent's prompts for Overcooked (LLM-Coordination, seed 002, section 3 and Appendices A
and C) and the readers of their answers.

| CAC part | prompt | answer read by |
| --- | --- | --- |
| long-term memory | :func:`game_prompt` (Appendix A.1): who I am, the layout (:func:`language.overcooked_state_text.layout_description`), the rules and conventions | |
| working + episodic memory | :func:`language.overcooked_state_text.describe_state` (Appendix A.2) | |
| reasoning (action chooser) | :func:`chooser_messages`: the lettered available actions, "Action: <action>" | :func:`planners.cac.ground` with :func:`language.overcooked_places.read_task` |
| theory of mind | :func:`tom_messages` (the paper's partner-inference prompt): the partner's intention in one sentence | :func:`read_tom` |
| verifier | :func:`verifier_messages` (Appendix C.3 as a system prompt, with Overcooked's "think about") | :func:`language.cac.read_verdict` |

The wording is the paper's prompt code's (``overcooked_agent.py``: the rules, the one convention,
the base prompt without chain of thought), names filled in.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.overcooked import Kitchen
from language.cac import GOT_IT, verifier_prompt
from language.choices import action_list
from language.overcooked_state_text import NAMES, describe_state, layout_description

SYSTEM = "You are a friendly chat assistant who is correct and brief at all times."
"""The paper's system prompt for the chooser and the theory-of-mind module."""

RULES = (
    "Players must coordinate to make onion soups with 3 onions each. Once a soup is cooked it needs to be placed "
    "on a plate and delivered. Players can only carry one item at a time. A soup can only be loaded onto plate by "
    "a player if they are holding a plate. The goal is to maximize the number of deliveries."
)
"""The rules (the paper's ``self.rules``)."""

CONVENTIONS = "1. We want to be efficient and prepare for the next soup while the current soup is cooking."
"""The agreed conventions (the paper's ``self.conventions``)."""

THINK_ABOUT = "what each player holds, the state of each cooker and whether the place of the action can be reached"
"""Overcooked's "Think about ..." sentence in the verifier prompt."""


def game_prompt(layout_name: str, seat: int) -> str:
    """The long-term memory and the chooser's instructions (Appendix A.1)."""
    return (
        f"I am {NAMES[seat]}. I am playing the game Overcooked with my partner {NAMES[1 - seat]}. "
        f"{layout_description(layout_name)}\nOvercooked has the following rules: {RULES}. We have agreed to follow "
        f"the following conventions: {CONVENTIONS} I'll provide my action history, current state, teammate's status, "
        "and my possible actions. Help me select the best action from the list. Format your response as: "
        "Action: <action>. Only select one action. Do not say anything else. Got it?"
    )


def tom_prompt(layout_name: str, seat: int) -> str:
    """The theory-of-mind module's instructions (the paper's partner-inference prompt)."""
    return (
        f"I am {NAMES[seat]}. I am playing the game Overcooked with my partner {NAMES[1 - seat]}. "
        f"{layout_description(layout_name)}\nOvercooked has the following rules: {RULES}. We have agreed to follow "
        f"the following conventions: {CONVENTIONS} I'll provide my action history, current state, teammate's status, "
        "and my possible actions. Help me understand my partner's intentions and needs. Describe what my partner "
        "intends to do or needs in one sentence only. Do not say anything else."
    )


def state_text(layout_name: str, kitchen: Kitchen, seat: int, history: Sequence[str], notes: Sequence[str] = ()) -> str:
    """The working memory with the theory-of-mind ``notes`` added."""
    text = describe_state(layout_name, kitchen, seat, history)
    if notes:
        text += "\n" + "\n".join(f"<Partner Inference>: {n}" for n in notes)
    return text


def chooser_messages(
    layout_name: str,
    kitchen: Kitchen,
    seat: int,
    history: Sequence[str],
    options: Sequence[str],
    notes: Sequence[str] = (),
) -> list[dict[str, str]]:
    """The action chooser's chat: instructions, "Got it!", the state with the lettered ``options``."""
    state = state_text(layout_name, kitchen, seat, history, notes)
    return [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": game_prompt(layout_name, seat)},
        {"role": "assistant", "content": GOT_IT},
        {"role": "user", "content": state + action_list(options)},
    ]


def tom_messages(
    layout_name: str, kitchen: Kitchen, seat: int, history: Sequence[str], partner_move: str
) -> list[dict[str, str]]:
    """The theory-of-mind module's chat about the partner's last move."""
    state = describe_state(layout_name, kitchen, seat, history)
    return [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": tom_prompt(layout_name, seat)},
        {"role": "assistant", "content": GOT_IT},
        {"role": "user", "content": f"My partner's last action: {partner_move}\n{state}"},
    ]


def verifier_messages(
    layout_name: str, kitchen: Kitchen, seat: int, history: Sequence[str], move: str
) -> list[dict[str, str]]:
    """The verifier's chat (Appendix C.3 as a system prompt) about the chosen ``move``."""
    state = describe_state(layout_name, kitchen, seat, history)
    return [
        {"role": "system", "content": verifier_prompt(THINK_ABOUT)},
        {"role": "user", "content": f"State: {state}\n\nMy selected action: {move}"},
    ]


def read_tom(text: str) -> str:
    """The theory-of-mind answer as one sentence for the working memory ('' when empty)."""
    said = " ".join(text.split())
    if not said or said.startswith("(failed"):
        return ""
    first = said.split(". ")[0].rstrip(".")
    return first[:300] + "."


def scripted_answer(messages: Sequence[dict[str, str]]) -> str | None:
    """How the scripted server answers these prompts (a test double for plumbing runs, not a model):
    the verifier approves, the theory-of-mind module says the partner cooks, and the chooser takes
    the first option that is not ``wait.`` or ``move away.``. None for a prompt that is not one of these."""
    texts = [str(m.get("content", "")) for m in messages if isinstance(m, dict)]
    if any(t.startswith(verifier_prompt(THINK_ABOUT)[:60]) for t in texts) and THINK_ABOUT in texts[0]:
        return "The action follows the rules. Verification: Okay"
    if any("Help me understand my partner's intentions" in t for t in texts):
        return "My partner intends to help cook the next soup."
    last = texts[-1] if texts else ""
    if "playing the game Overcooked" not in " ".join(texts) or "Available Actions:" not in last:
        return None
    options = [line for line in last.split("Available Actions:", 1)[1].splitlines() if ". " in line]
    useful = [o for o in options if not o.split(". ", 1)[1].startswith(("wait", "move away"))]
    pick = (useful or options)[0]
    return f"Action: {pick.split('. ', 1)[1]}"
