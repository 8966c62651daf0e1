"""Issue 17: the Gnomes at Night failure categories, written before the parser changes.

Each category holds new messages (own wording) with the full flag they must give
(``Flag.summary()``; ``blocked`` compared as a set). The cases that failed with the parser before the
issue-17 changes were marked ``xfail(strict=True)`` in the first commit of this file; the marks are
removed as the fixes land. Conventions: see the team conventions in :mod:`language.gnomes_at_night`.
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


def _xf(reason: str) -> pytest.MarkDecorator:
    return pytest.mark.xfail(strict=True, reason=f"issue 17: {reason}")


WALL_WITH_REQUEST = [
    pytest.param(
        "head right, there's a wall blocking up",
        {"flag": "right"},
        None,
        marks=_xf("a wall or inability overrides the request"),
    ),
    pytest.param(
        "left's walled for me, so down please",
        {"flag": "down"},
        None,
        marks=_xf("a wall or inability overrides the request"),
    ),
    pytest.param(
        "cannot go up. move left", {"flag": "left"}, None, marks=_xf("a wall or inability overrides the request")
    ),
    pytest.param(
        "wall below. right instead?", {"flag": "right"}, None, marks=_xf("a wall or inability overrides the request")
    ),
    pytest.param(
        "I'm stuck on the left side, let's try up",
        {"flag": "up"},
        None,
        marks=_xf("a wall or inability overrides the request"),
    ),
    pytest.param(
        "no way through to the east, go north",
        {"flag": "up"},
        None,
        marks=_xf("a wall or inability overrides the request"),
    ),
    pytest.param(
        "there is an obstacle above, go down",
        {"flag": "down"},
        None,
        marks=_xf("a wall or inability overrides the request"),
    ),
    pytest.param(
        "down doesn't work for me, try left",
        {"flag": "left"},
        None,
        marks=_xf("a wall or inability overrides the request"),
    ),
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
    pytest.param("right or left", {"flag": "inquiry"}, None, marks=_xf("questions without a question mark")),
    pytest.param(
        "please tell me where the treasure is",
        {"flag": "inquiry"},
        None,
        marks=_xf("questions without a question mark"),
    ),
    pytest.param("you there", {"flag": "inquiry"}, None, marks=_xf("questions without a question mark")),
    ("should we go up", {"flag": "up"}, None),
    ("can you move left", {"flag": "left"}, None),
    ("shall i head right", {"flag": "right"}, None),
]


@pytest.mark.parametrize(("message", "expected", "last"), QUESTION_NO_MARK)
def test_question_no_mark(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


CORRECTION = [
    pytest.param("up.. no sorry, left", {"flag": "left"}, None, marks=_xf("self-corrections keep the retracted move")),
    pytest.param(
        "go down, wait no, right", {"flag": "right"}, None, marks=_xf("self-corrections keep the retracted move")
    ),
    pytest.param("right - actually up", {"flag": "up"}, None, marks=_xf("self-corrections keep the retracted move")),
    pytest.param("left, I mean down", {"flag": "down"}, None, marks=_xf("self-corrections keep the retracted move")),
    pytest.param(
        "go up oops meant right", {"flag": "right"}, None, marks=_xf("self-corrections keep the retracted move")
    ),
    pytest.param("down no up", {"flag": "up"}, None, marks=_xf("self-corrections keep the retracted move")),
    pytest.param(
        "left, scratch that, right", {"flag": "right"}, None, marks=_xf("self-corrections keep the retracted move")
    ),
    pytest.param("up... never mind", {"flag": "none"}, None, marks=_xf("self-corrections keep the retracted move")),
    pytest.param(
        "go left, no actually wait", {"flag": "stay"}, None, marks=_xf("self-corrections keep the retracted move")
    ),
]


@pytest.mark.parametrize(("message", "expected", "last"), CORRECTION)
def test_correction(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


CONDITIONAL = [
    pytest.param("if down is blocked go right", {"flag": "right"}, None, marks=_xf("conditionals read as refusals")),
    pytest.param("if you can't go left then up", {"flag": "up"}, None, marks=_xf("conditionals read as refusals")),
    ("try left, else down", {"flag": "left"}, None),
    pytest.param("go up unless there's a wall", {"flag": "up"}, None, marks=_xf("conditionals read as refusals")),
    ("down if possible, else right", {"flag": "down"}, None),
    ("right if you can, otherwise up", {"flag": "right"}, None),
    pytest.param("if left is walled, just wait", {"flag": "stay"}, None, marks=_xf("conditionals read as refusals")),
    pytest.param(
        "if there's a wall up there, go left", {"flag": "left"}, None, marks=_xf("conditionals read as refusals")
    ),
    pytest.param("if right's closed try down", {"flag": "down"}, None, marks=_xf("conditionals read as refusals")),
    pytest.param(
        "if you cannot move down, stay put", {"flag": "stay"}, None, marks=_xf("conditionals read as refusals")
    ),
]


@pytest.mark.parametrize(("message", "expected", "last"), CONDITIONAL)
def test_conditional(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


TREASURE_STATEMENT = [
    pytest.param(
        "the gem is just above you",
        {"flag": "inquiry", "treasure": {"dx": 0, "dy": -1}},
        None,
        marks=_xf("treasure statements"),
    ),
    pytest.param(
        "treasure sits down to the left",
        {"flag": "inquiry", "treasure": {"dx": -1, "dy": 1}},
        None,
        marks=_xf("treasure statements"),
    ),
    pytest.param(
        "the prize is to your right",
        {"flag": "inquiry", "treasure": {"dx": 1, "dy": 0}},
        None,
        marks=_xf("treasure statements"),
    ),
    pytest.param(
        "gem's a few squares below",
        {"flag": "inquiry", "treasure": {"dx": 0, "dy": 1}},
        None,
        marks=_xf("treasure statements"),
    ),
    pytest.param(
        "I can see the treasure, it's up and right",
        {"flag": "inquiry", "treasure": {"dx": 1, "dy": -1}},
        None,
        marks=_xf("treasure statements"),
    ),
    pytest.param("treasure is left, go left", {"flag": "left"}, None, marks=_xf("treasure statements")),
    pytest.param("the gem is below us, can you go down", {"flag": "down"}, None, marks=_xf("treasure statements")),
    pytest.param(
        "the gem is to the right, which way is open?",
        {"flag": "inquiry", "treasure": {"dx": 1, "dy": 0}},
        None,
        marks=_xf("treasure statements"),
    ),
    ("i can see the treasure!", {"flag": "none"}, None),
    pytest.param("i have no idea where the gem is", {"flag": "none"}, None, marks=_xf("treasure statements")),
]


@pytest.mark.parametrize(("message", "expected", "last"), TREASURE_STATEMENT)
def test_treasure_statement(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


WALL_DESCRIPTION = [
    ("walls above and to my right", {"flag": "inquiry", "blocked": ["right", "up"]}, None),
    ("no walls here at all", {"flag": "inquiry", "blocked": []}, None),
    pytest.param(
        "only left is open",
        {"flag": "inquiry", "blocked": ["down", "right", "up"]},
        None,
        marks=_xf("wall descriptions"),
    ),
    ("only way is down", {"flag": "down"}, None),
]


@pytest.mark.parametrize(("message", "expected", "last"), WALL_DESCRIPTION)
def test_wall_description(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


REPLY = [
    ("ok moving left", {"flag": "accept"}, "left"),
    pytest.param("yes, and then up", {"flag": "accept"}, "right", marks=_xf("replies to our request")),
    ("no, go down instead", {"flag": "down"}, "up"),
    pytest.param(
        "meh, not a good idea", {"flag": "reject", "move": "left"}, "left", marks=_xf("replies to our request")
    ),
    ("fine, whatever", {"flag": "accept"}, "up"),
    pytest.param("nope", {"flag": "reject", "move": "down"}, "down", marks=_xf("replies to our request")),
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
    pytest.param(
        "anything but down", {"flag": "reject", "move": "down"}, None, marks=_xf("pauses, cancellations, prohibitions")
    ),
    ("left twice", {"flag": "left"}, None),
]


@pytest.mark.parametrize(("message", "expected", "last"), STAY_AND_NONE)
def test_stay_and_none(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected
