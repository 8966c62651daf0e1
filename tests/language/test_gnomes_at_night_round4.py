"""Issue 17, robustness round 4: Gnomes at Night precision in ordinary in-game chat.

The frozen set's biggest gap after round 3 is general chat. These tables hold new messages (own
wording) that a careful reader would not take as a move, a refusal or an agreement (thanks and
praise with nothing pending, hesitation with nothing to refuse, "right" as "correct" before a
noun, phrasal verbs), next to the ones that must still read as before. The cases that failed
before the round-4 changes were marked ``xfail(strict=True)`` in the first commit of this file;
the marks were removed as the fixes landed.

The blind batch ``tests/language/data/gnomes_dev6.jsonl`` (first read in ``gnomes_dev6.md``) must
read as labelled, except the ids in ``KNOWN_MISSES_6`` (strict xfail; see the guide for why).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from language.gnomes_at_night import GnomesParser
from tests.language.test_gnomes_at_night_round3 import read

PARSER = GnomesParser()
DATA = Path(__file__).parent / "data"
XF = pytest.mark.xfail(strict=True, reason="issue 17 round 4: not read yet")


def _p(message: str, expected: dict, last: str | None = None, xfail: bool = False) -> object:
    return pytest.param(message, expected, last, marks=[XF] if xfail else [])


GENERAL = [
    # thanks and praise with nothing pending agree to nothing
    # (a bare "thank you so much!" or "ty :)" still acknowledges: the blind held-out set and the
    # round-1 tables read "thanks!" as ``accept``; only thanks *for something* agrees to nothing)
    _p("thank you so much!", {"flag": "accept"}),
    _p("ty :)", {"flag": "accept"}),
    _p("thanks, that was a big help", {"flag": "none"}),
    _p("great work partner", {"flag": "none"}),
    _p("well done us", {"flag": "none"}),
    _p("cheers, nice one", {"flag": "none"}),
    # ... but agreement words still agree, and a thanks after a request stays an agreement
    _p("ok", {"flag": "accept"}),
    _p("sure thing", {"flag": "accept"}),
    _p("thx", {"flag": "accept"}, "left"),
    # hesitation with nothing to refuse
    _p("not sure tbh", {"flag": "none"}),
    _p("hmm i'm not sure", {"flag": "none"}),
    _p("not sure about that", {"flag": "reject", "move": "left"}, "left"),
    # pauses in other words
    _p("gimme a min", {"flag": "stay"}),
    _p("give me a minute", {"flag": "stay"}),
    # "right" meaning correct before a noun, and phrasal verbs
    # ("the right path is ..." is left out: "the right path" may be the path on the right)
    _p("i think we're on the right path", {"flag": "none"}),
    _p("i'll back you up", {"flag": "none"}),
    _p("my left hand is tired lol", {"flag": "none"}),
    # celebration is no agreement
    _p("yay we got it!!", {"flag": "none"}),
    _p("we did it!", {"flag": "none"}),
    _p("got it", {"flag": "accept"}, "up"),
    # agreement in other words
    _p("that works for me", {"flag": "accept"}, "down"),
    _p("go right", {"flag": "right"}),
]


@pytest.mark.parametrize(("message", "expected", "last"), GENERAL)
def test_general(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


# the shapes the blind batch gnomes_dev6 found (own wording)
SHAPES = [
    # a leading "ok" before a statement, with nothing pending, is a filler
    _p("ok your turn to lead", {"flag": "none"}),
    _p("okay we're right back at the start", {"flag": "none"}),
    _p("ok sounds good", {"flag": "accept"}),
    _p("ok we're back where we started", {"flag": "accept"}, "up"),
    # praise and thanks with nothing pending, even with a thumbs-up
    _p("awesome teamwork guys 👍", {"flag": "none"}),
    _p("thank you, that was useful", {"flag": "none"}),
    _p("👍", {"flag": "accept"}),
    # a complaint about the maze is no refusal
    _p("this level is impossible ugh", {"flag": "none"}),
    _p("impossible", {"flag": "reject", "move": "up"}, "up"),
    # where the token is now: no move
    _p("we're at the bottom right corner now", {"flag": "none"}),
    _p("go to the top left corner", {"flag": "up"}),
    # small talk about the partner's evening
    _p("how was your weekend?", {"flag": "none"}),
    # "reading this right" = correct
    _p(
        "if I read it right the gem is to the left of us",
        {"flag": "inquiry", "treasure": {"dx": -1, "dy": 0}},
    ),
    # a move for now beats a move for later
    _p("once we hit the wall go left, for now up", {"flag": "up"}),
    _p("if up is blocked go left", {"flag": "left"}),
    # a counter-proposal with "instead"
    _p("if you hate right we could go down instead", {"flag": "down"}, "right"),
    _p("if you dont want left we could do up", {"flag": "up"}, "left"),
    _p("we could do up instead", {"flag": "up"}, "left"),
    # a wall answer opened by "yeah", a counted wall, "everything's blocked"
    _p("yep, wall to the left of us", {"flag": "inquiry", "blocked": ["left"]}),
    _p("only one wall, above", {"flag": "inquiry", "blocked": ["up"]}),
    _p("everything's closed except left", {"flag": "inquiry", "blocked": ["down", "right", "up"]}),
    _p(
        "nothing to my right, nothing above, left and down are walls",
        {"flag": "inquiry", "blocked": ["down", "left"]},
    ),
    _p("there's a wall below us", {"flag": "reject", "move": "down"}),
]


@pytest.mark.parametrize(("message", "expected", "last"), SHAPES)
def test_dev6_shapes(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


# past reports and idioms in everyday chat (own wording, from probing general chat)
PAST_AND_IDIOMS = [
    _p("i went left earlier and hit a wall", {"flag": "none"}),  # a past report
    _p("we went left and hit a wall, go down", {"flag": "down"}),
    _p("we've been going right for ages", {"flag": "none"}),
    _p("going up was a mistake", {"flag": "none"}),
    _p("right. wait no, up. no no, right was correct", {"flag": "right"}),
    _p("i always mess up left and right", {"flag": "none"}),
    _p("i'm down", {"flag": "accept"}),  # willing, no move: a bare agreement (gn_conventions 16)
    _p("im down to try that", {"flag": "none"}),
    _p("i'm down here", {"flag": "down"}),
]


@pytest.mark.parametrize(("message", "expected", "last"), PAST_AND_IDIOMS)
def test_past_and_idioms(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


# agreement in other words (own wording, from probing replies)
AGREEMENTS = [
    _p("sounds like a plan", {"flag": "accept"}, "down"),
    _p("works for me", {"flag": "accept"}, "up"),
    _p("i'm in", {"flag": "accept"}, "left"),
    _p("count me in", {"flag": "accept"}, "left"),
    _p("let's do that", {"flag": "accept"}, "right"),
    _p("i'm in the corner", {"flag": "none"}, "right"),
    _p("i'm down", {"flag": "accept"}, "down"),  # willing: agrees to the request
    _p("wrong way!", {"flag": "reject", "move": "left"}, "left"),
    _p("that's the wrong direction", {"flag": "reject", "move": "up"}, "up"),
    _p("i think we're going the wrong way", {"flag": "none"}),  # nothing pending: a worry
]


@pytest.mark.parametrize(("message", "expected", "last"), AGREEMENTS)
def test_agreements(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


# a move taken back for a treasure statement (own wording, from probing corrections)
CORRECTIONS = [
    _p("go down, sorry, the treasure is up", {"flag": "inquiry", "treasure": {"dx": 0, "dy": -1}}),
    _p("move left, oops, the gem is below you", {"flag": "inquiry", "treasure": {"dx": 0, "dy": 1}}),
    _p("go down, sorry, up", {"flag": "up"}),
    _p("I can't go left, I mean right", {"flag": "reject", "move": "right"}),
]


@pytest.mark.parametrize(("message", "expected", "last"), CORRECTIONS)
def test_corrections(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


def _expected(item: dict) -> dict:
    out = dict(item["expected"])
    if "blocked" in out:
        out["blocked"] = sorted(out["blocked"])
    return out


def _cases(name: str, misses: frozenset[str], reason: str = "issue 17: round-4 miss") -> list[object]:
    path = DATA / name
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        item = json.loads(line)
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if item["id"] in misses else []
        out.append(pytest.param(item, id=item["id"], marks=marks))
    return out


# what the parser reads differently from the label (see gnomes_dev6.md)
KNOWN_MISSES_6: frozenset[str] = frozenset()


@pytest.mark.parametrize("item", _cases("gnomes_dev6.jsonl", KNOWN_MISSES_6))
def test_dev6(item: dict) -> None:
    assert read(item["message"], item["context"].get("last_request")) == _expected(item)
