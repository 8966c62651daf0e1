"""What the CAC agent's prompts share across games (LLM-Coordination, seed 002, Appendix C): the
chooser's answer format, the verifier's system prompt (C.3) and the reader of its verdict. Each game's
own prompts (rules, state description, theory of mind) live in its ``language/<game>_llm.py``.
"""

from __future__ import annotations

import re

GOT_IT = "Got it!"
"""The assistant turn the paper's prompts put after their instructions."""


def verifier_prompt(think_about: str) -> str:
    """The verifier's system prompt (Appendix C.3) with the game's own "Think about ..." sentence
    (Hanabi's: the action, the stack and the lives and reveal tokens)."""
    return (
        "You are an action verification agent for games. I will provide you with an action and you need to check "
        "whether the action satisfies the criteria: 1. Rule Following: It follows to the rules of the game. "
        f"2. Safety: It won't lead to the game ending immediately. Think about {think_about}. "
        'End you response with "Verification: Okay" if selected '
        'action follows ***both*** criteria and "Verification: Not Okay" otherwise. Restrict your response to '
        "4-5 sentences."
    )


_VERDICT = re.compile(r"verification\s*:\s*\**\s*(not\s+okay|okay)", re.IGNORECASE)


def read_verdict(text: str | None) -> bool | None:
    """The verifier's verdict: its last ``Verification: Okay`` (True) or ``Not Okay`` (False), or
    None when it gave none."""
    found = _VERDICT.findall(text or "")
    if not found:
        return None
    return not found[-1].lower().startswith("not")
