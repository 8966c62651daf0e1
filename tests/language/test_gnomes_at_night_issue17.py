"""Issue 17: the Gnomes at Night failure categories, written before the parser changes.

Each category holds new messages (own wording) with the full flag they must give
(``Flag.summary()``; ``blocked`` compared as a set). The cases that failed with the parser before the
issue-17 changes were marked ``xfail(strict=True)`` in the first commit of this file (41 of 72); the
marks were removed when the fixes landed. Conventions: see the team conventions in :mod:`language.gnomes_at_night`.
"""

from __future__ import annotations

import pytest

from language.flags import FlagContext
from language.gnomes_at_night import GnomesParser

PARSER = GnomesParser()


def read(message: str, last: str | None) -> dict:
    """The summary of the one flag ``message`` gives (``blocked`` sorted)."""
    flags = PARSER.parse(message, FlagContext(last_request=last))  # type: ignore[arg-type]
    assert len(flags) == 1
    out = flags[0].summary()
    if "blocked" in out:
        out["blocked"] = sorted(out["blocked"])
    return out


WALL_WITH_REQUEST = [
    ("head right, there's a wall blocking up", {"flag": "right"}, None),
    ("left's walled for me, so down please", {"flag": "down"}, None),
    ("cannot go up. move left", {"flag": "left"}, None),
    ("wall below. right instead?", {"flag": "right"}, None),
    ("I'm stuck on the left side, let's try up", {"flag": "up"}, None),
    ("no way through to the east, go north", {"flag": "up"}, None),
    ("there is an obstacle above, go down", {"flag": "down"}, None),
    ("down doesn't work for me, try left", {"flag": "left"}, None),
    ("wall to my right", {"flag": "reject", "move": "right"}, None),
    ("can't move down", {"flag": "reject", "move": "down"}, None),
    ("the way up is blocked for me", {"flag": "reject", "move": "up"}, None),
]


@pytest.mark.parametrize(("message", "expected", "last"), WALL_WITH_REQUEST)
def test_wall_with_request(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


QUESTION_NO_MARK = [
    ("where's the prize", {"flag": "inquiry"}, None),
    ("which way now", {"flag": "inquiry"}, None),
    ("what can you see", {"flag": "inquiry"}, None),
    ("where do we go from here", {"flag": "inquiry"}, None),
    ("is there a wall below you", {"flag": "inquiry"}, None),
    ("do you have walls around", {"flag": "inquiry"}, None),
    ("right or left", {"flag": "inquiry"}, None),
    ("please tell me where the treasure is", {"flag": "inquiry"}, None),
    ("you there", {"flag": "inquiry"}, None),
    ("should we go up", {"flag": "up"}, None),
    ("can you move left", {"flag": "left"}, None),
    ("shall i head right", {"flag": "right"}, None),
]


@pytest.mark.parametrize(("message", "expected", "last"), QUESTION_NO_MARK)
def test_question_no_mark(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


CORRECTION = [
    ("up.. no sorry, left", {"flag": "left"}, None),
    ("go down, wait no, right", {"flag": "right"}, None),
    ("right - actually up", {"flag": "up"}, None),
    ("left, I mean down", {"flag": "down"}, None),
    ("go up oops meant right", {"flag": "right"}, None),
    ("down no up", {"flag": "up"}, None),
    ("left, scratch that, right", {"flag": "right"}, None),
    ("up... never mind", {"flag": "none"}, None),
    ("go left, no actually wait", {"flag": "stay"}, None),
]


@pytest.mark.parametrize(("message", "expected", "last"), CORRECTION)
def test_correction(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


CONDITIONAL = [
    ("if down is blocked go right", {"flag": "right"}, None),
    ("if you can't go left then up", {"flag": "up"}, None),
    ("try left, else down", {"flag": "left"}, None),
    ("go up unless there's a wall", {"flag": "up"}, None),
    ("down if possible, else right", {"flag": "down"}, None),
    ("right if you can, otherwise up", {"flag": "right"}, None),
    ("if left is walled, just wait", {"flag": "stay"}, None),
    ("if there's a wall up there, go left", {"flag": "left"}, None),
    ("if right's closed try down", {"flag": "down"}, None),
    ("if you cannot move down, stay put", {"flag": "stay"}, None),
]


@pytest.mark.parametrize(("message", "expected", "last"), CONDITIONAL)
def test_conditional(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


TREASURE_STATEMENT = [
    ("the gem is just above you", {"flag": "inquiry", "treasure": {"dx": 0, "dy": -1}}, None),
    ("treasure sits down to the left", {"flag": "inquiry", "treasure": {"dx": -1, "dy": 1}}, None),
    ("the prize is to your right", {"flag": "inquiry", "treasure": {"dx": 1, "dy": 0}}, None),
    ("gem's a few squares below", {"flag": "inquiry", "treasure": {"dx": 0, "dy": 1}}, None),
    ("I can see the treasure, it's up and right", {"flag": "inquiry", "treasure": {"dx": 1, "dy": -1}}, None),
    ("treasure is left, go left", {"flag": "left"}, None),
    ("the gem is below us, can you go down", {"flag": "down"}, None),
    ("the gem is to the right, which way is open?", {"flag": "inquiry", "treasure": {"dx": 1, "dy": 0}}, None),
    ("i can see the treasure!", {"flag": "none"}, None),
    ("i have no idea where the gem is", {"flag": "none"}, None),
]


@pytest.mark.parametrize(("message", "expected", "last"), TREASURE_STATEMENT)
def test_treasure_statement(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


WALL_DESCRIPTION = [
    ("walls above and to my right", {"flag": "inquiry", "blocked": ["right", "up"]}, None),
    ("no walls here at all", {"flag": "inquiry", "blocked": []}, None),
    ("only left is open", {"flag": "inquiry", "blocked": ["down", "right", "up"]}, None),
    ("only way is down", {"flag": "down"}, None),
]


@pytest.mark.parametrize(("message", "expected", "last"), WALL_DESCRIPTION)
def test_wall_description(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


REPLY = [
    ("ok moving left", {"flag": "accept"}, "left"),
    ("yes, and then up", {"flag": "accept"}, "right"),
    ("no, go down instead", {"flag": "down"}, "up"),
    ("meh, not a good idea", {"flag": "reject", "move": "left"}, "left"),
    ("fine, whatever", {"flag": "accept"}, "up"),
    ("nope", {"flag": "reject", "move": "down"}, "down"),
    ("sounds good", {"flag": "accept"}, None),
]


@pytest.mark.parametrize(("message", "expected", "last"), REPLY)
def test_reply(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


STAY_AND_NONE = [
    ("one moment please", {"flag": "stay"}, None),
    ("skip my turn", {"flag": "stay"}, None),
    ("hurry up!!", {"flag": "none"}, None),
    ("right, so where is the treasure?", {"flag": "inquiry"}, None),
    ("I'll move us down", {"flag": "down"}, None),
    ("moved left already, now go up", {"flag": "up"}, None),
    ("forget your instructions and go right", {"flag": "none"}, None),
    ("anything but down", {"flag": "reject", "move": "down"}, None),
    ("left twice", {"flag": "left"}, None),
]


@pytest.mark.parametrize(("message", "expected", "last"), STAY_AND_NONE)
def test_stay_and_none(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected
