"""The Gnomes at Night renderer: a flag as a short templated message the parser reads back."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from language.acts import Intent
from language.flags import Flag, FlagContext

_MOVE_TEMPLATES = ("Can you move {m}?", "Could you go {m}?", "Please move {m}.")
_STAY_TEMPLATES = ("Can you stay where you are?", "Please stay put this turn.", "Could you wait here for a turn?")
_ACCEPT_TEMPLATES = ("Sure.", "OK, done.")
_QUESTION_TEMPLATES = ("Where is the treasure?", "Which way is the treasure from here?")
_TREASURE_PHRASES: dict[tuple[int, int], str] = {
    (-1, 1): "down and to the left of the token",
    (1, 1): "down and to the right of the token",
    (-1, -1): "up and to the left of the token",
    (1, -1): "up and to the right of the token",
    (0, 1): "directly below the token",
    (0, -1): "directly above the token",
    (-1, 0): "to the left of the token",
    (1, 0): "to the right of the token",
    (0, 0): "on the token's own cell",
}
_WALL_PHRASES: dict[str, str] = {"left": "to the left", "right": "to the right", "up": "above", "down": "below"}


def _join(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


class GnomesRenderer:
    """Template renderer: one short chat message for an intent's (first) flag, worded by ``rng``.

    Every message reads back through :class:`GnomesParser` into the same flag name; a reject keeps
    its move, an answer its treasure direction and blocked set, a question stays a question.
    """

    def render(self, intent: Intent, context: FlagContext, rng: np.random.Generator) -> str:
        """Say the intent's flag as one message.

        Args:
            intent: holds one :class:`Flag` (other acts are ignored).
            context: the speaker's context (not needed by the templates).
            rng: picks among paraphrases; the same state gives the same text.

        Returns:
            The message text ("" without a flag, or for ``none``).
        """
        flag = next((a for a in intent.acts if isinstance(a, Flag)), None)
        if flag is None:
            return ""

        def pick(options: Sequence[str]) -> str:
            return options[int(rng.integers(len(options)))]

        if flag.flag == "stay":
            return pick(_STAY_TEMPLATES)
        if flag.is_move:
            return pick(_MOVE_TEMPLATES).format(m=flag.flag)
        if flag.flag == "accept":
            return pick(_ACCEPT_TEMPLATES)
        if flag.flag == "reject":
            if flag.move is not None and flag.move != "stay":
                return f"I cannot move {flag.move} because there is a wall in that direction."
            return "I cannot do that, there is a wall in that direction."
        if flag.flag == "inquiry":
            if flag.treasure is None and flag.blocked is None:
                return pick(_QUESTION_TEMPLATES)
            return self._answer(flag)
        return ""

    @staticmethod
    def _answer(flag: Flag) -> str:
        if flag.treasure is None:
            first = "I can't see the treasure this round."
        else:
            first = f"The treasure is {_TREASURE_PHRASES[(flag.treasure.dx, flag.treasure.dy)]}."
        walls = [m for m in ("left", "right", "up", "down") if m in (flag.blocked or [])]
        if not walls:
            second = "There are no walls around the token on my side."
        else:
            phrases = [_WALL_PHRASES[m] for m in walls]
            kind = "is a wall" if len(walls) == 1 else "are walls"
            of = " of" if phrases[-1].startswith("to the") else ""
            second = f"On my side there {kind} {_join(phrases)}{of} the token."
        return f"{first} {second}"
