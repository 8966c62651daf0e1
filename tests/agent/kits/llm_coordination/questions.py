"""Hand-written CoordinationQA questions for the answerers' tests (not from the benchmark)."""

from __future__ import annotations

from agent.kits.llm_coordination import qa


def hand_written(
    game: str, description: str, state: str, sentence: str, options: list[str], category: str
) -> qa.Question:
    """A question as the benchmark prints one: the state, the question sentence, then the lettered
    options under "Available Actions:"."""
    letters = [chr(ord("A") + i) for i in range(len(options))]
    listed = "\n".join(f"{a}. {t}" for a, t in zip(letters, options, strict=True))
    return qa.Question(
        id="hand-written",
        scenario=0,
        game=game,
        category=category,
        game_description=description,
        directive="",
        question=f"{state}\n\n{sentence}\nAvailable Actions:\n{listed}",
        options=tuple(qa.Option(letter=a, text=t) for a, t in zip(letters, options, strict=True)),
    )
