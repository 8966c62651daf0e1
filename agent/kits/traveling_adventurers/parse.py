"""The context ``accord parse`` reads a Traveling Adventurers message in, from its options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from games.traveling_adventurers import MAX_ROOMS, MIN_ROOMS, ROOM_CATALOGUE
from language.traveling_adventurers.context import DialogueContext

CONTEXT_OPTIONS: tuple[str, ...] = (
    "at",
    "visited",
    "rooms",
    "speaker_coins",
    "last_suggestion",
    "topic",
    "last_question",
    "last_amount",
)
_LISTENER = {"light": "ghost", "ghost": "light", "unknown": "unknown"}


def _rooms(text: str | None) -> list[str]:
    return [r.strip().upper() for r in (text or "").split(",") if r.strip()]


def dialogue_context(options: Mapping[str, str]) -> DialogueContext:
    """The dialogue context ``options`` describe: ``rooms`` on the board (default 6), the agreed
    path ``visited`` (comma-separated, default the start room L), the room the path ends ``at``,
    the author's coin kind ``speaker_coins`` (light, ghost or unknown), our ``last_suggestion``, the
    hallway or room under discussion ``topic`` ("E,K" or "K"), our unanswered ``last_question`` (a
    hallway "E,K" or "best_next") and the coins last said, ``last_amount``.

    Raises:
        ValueError: a value out of range or an unknown room (one line).
    """
    try:
        rooms = int(options.get("rooms", 6))
    except ValueError:
        raise ValueError(f"rooms must be a number, not {options['rooms']!r}") from None
    if not MIN_ROOMS <= rooms <= MAX_ROOMS:
        raise ValueError(f"rooms must be between {MIN_ROOMS} and {MAX_ROOMS}")
    speaker = options.get("speaker_coins", "unknown")
    if speaker not in _LISTENER:
        raise ValueError("speaker_coins must be light, ghost or unknown")
    names = dict(list(ROOM_CATALOGUE.items())[:rooms])
    path = _rooms(options.get("visited")) or ["L"]
    at = options.get("at")
    topic = _rooms(options.get("topic")) or None
    question_text = options.get("last_question", "").strip().lower()
    question: tuple[str, str] | Literal["best_next"] | None = None
    if question_text == "best_next":
        question = "best_next"
    elif question_text:
        asked = _rooms(question_text)
        if len(asked) != 2:
            raise ValueError("last_question must be a hallway (two rooms, 'E,K') or best_next")
        question = (asked[0], asked[1])
    if topic is not None and len(topic) > 2:
        raise ValueError("topic must be a hallway (two rooms, 'E,K') or one room")
    amount = options.get("last_amount")
    if amount is not None and not amount.strip().isdigit():
        raise ValueError(f"last_amount must be a number of coins, not {amount!r}")
    mentioned = [*(topic or []), *(question if isinstance(question, tuple) else [])]
    for room in [*path, *([at.upper()] if at else []), *mentioned]:
        if room not in names:
            raise ValueError(f"unknown room {room!r}; rooms are {', '.join(names)}")
    return DialogueContext(
        rooms=names,
        start="L",
        at=at.upper() if at else path[-1],
        visited=path,
        speaker_coins=speaker,
        listener_coins=_LISTENER[speaker],
        last_suggestion=_rooms(options.get("last_suggestion")) or None,
        topic=topic,
        last_question=question,
        last_amount=int(amount) if amount is not None else None,
    )
