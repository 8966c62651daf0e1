"""The context ``accord parse`` reads a Traveling Adventurers message in, from its options."""

from __future__ import annotations

from collections.abc import Mapping

from games.traveling_adventurers import MAX_ROOMS, MIN_ROOMS, ROOM_CATALOGUE
from language.traveling_adventurers.context import DialogueContext

CONTEXT_OPTIONS: tuple[str, ...] = ("at", "visited", "rooms", "speaker_coins", "last_suggestion")
_LISTENER = {"light": "ghost", "ghost": "light", "unknown": "unknown"}


def _rooms(text: str | None) -> list[str]:
    return [r.strip().upper() for r in (text or "").split(",") if r.strip()]


def dialogue_context(options: Mapping[str, str]) -> DialogueContext:
    """The dialogue context ``options`` describe: ``rooms`` on the board (default 6), the agreed
    path ``visited`` (comma-separated, default the start room L), the room the path ends ``at``,
    the author's coin kind ``speaker_coins`` (light, ghost or unknown) and our ``last_suggestion``.

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
    for room in [*path, *([at.upper()] if at else [])]:
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
    )
