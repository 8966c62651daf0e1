"""Issue 17, robustness round 5: the Gnomes at Night misses left from rounds 2-4, by shape.

The xfailed development items of rounds 2-4 (``gnomes_dev2`` ... ``gnomes_dev5``; grouped into shapes
in ``tests/language/data/gnomes_dev7.md``, "Round 5: the misses left from rounds 2-4") are read here
in new messages (own wording, not the batches'): hedged replies to a pending request, a pause after
a tag question, "go get it" after a treasure statement, reports of the token's situation with
nothing pending, a correction back to an earlier clock bearing, and worries that refuse only a
pending request. Later tables hold the shapes of the blind batch ``gnomes_dev7`` (``DEV7_SHAPES``)
and of ordinary chat probed in own wording (``GENERAL``, ``REPLIES_AND_WARNINGS``,
``TREASURE_AND_RIGHT``, ``GO_AHEAD``, ``POLITE``, ``WALLS``, ``REFUSALS``, ``REACTIONS``). Each table was committed
before its parser change, with the cases that failed then marked ``xfail(strict=True)``; the marks
were removed as the fixes landed.

The blind batch ``tests/language/data/gnomes_dev7.jsonl`` (first read in ``gnomes_dev7.md``) must
read as labelled, except the ids in ``KNOWN_MISSES_7`` (strict xfail; see the guide for why).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.language.test_gnomes_at_night_round3 import read

DATA = Path(__file__).parent / "data"
XF = pytest.mark.xfail(strict=True, reason="issue 17 round 5: not read yet")


def _p(message: str, expected: dict, last: str | None = None, xfail: bool = False) -> object:
    return pytest.param(message, expected, last, marks=[XF] if xfail else [])


# a hedge answering a pending request agrees (reluctantly, gn_conventions 15); a hedged "not" refuses;
# with nothing pending a hedge agrees to nothing
HEDGES = [
    _p("maybe, yeah", {"flag": "accept"}, "left"),
    _p("perhaps", {"flag": "accept"}, "down"),
    _p("could be", {"flag": "accept"}, "up"),
    _p("hmm probably", {"flag": "accept"}, "right"),
    _p("maybe not", {"flag": "reject", "move": "left"}, "left"),
    _p("probably not", {"flag": "reject", "move": "down"}, "down"),
    _p("maybe", {"flag": "none"}),
    _p("perhaps", {"flag": "none"}),
    _p("maybe down?", {"flag": "down"}),
    _p("maybe left", {"flag": "left"}, "up"),
]


@pytest.mark.parametrize(("message", "expected", "last"), HEDGES)
def test_hedges(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


# a tag question ("..., ok?") seeks confirmation of its statement; a pause asked after it wins
TAGS = [
    _p("you go next ok? let me think", {"flag": "stay"}),
    _p("u move later alright? i need a sec", {"flag": "stay"}),
    _p("go left ok?", {"flag": "left"}),
    _p("move down, alright?", {"flag": "down"}),
    _p("ready? let me check my map first", {"flag": "stay"}),
]


@pytest.mark.parametrize(("message", "expected", "last"), TAGS)
def test_tags(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


# "go get it" after a statement or condition that places the treasure asks for that move
# (gn_conventions 12: a treasure statement and a request -> the move only)
FETCH = [
    _p("if the gem is below you, go grab it", {"flag": "down"}),
    _p("the chest is to your left, go get it!", {"flag": "left"}),
    _p("treasure is above us. go for it", {"flag": "up"}),
    _p("go get it, it's on your right", {"flag": "right"}),
    _p("the gem is left, can you get there?", {"flag": "inquiry", "treasure": {"dx": -1, "dy": 0}}),
    _p("the gem is left of you", {"flag": "inquiry", "treasure": {"dx": -1, "dy": 0}}),
    _p("I see the treasure! go get it", {"flag": "none"}),
    _p("if you go left you'll find it", {"flag": "inquiry", "treasure": {"dx": -1, "dy": 0}}),
]


@pytest.mark.parametrize(("message", "expected", "last"), FETCH)
def test_fetch(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


# a dead end the token is in, with nothing pending and no move named, refuses nothing (a report);
# with a pending request, or naming a move, it still refuses
SITUATION = [
    _p("ugh, dead end again", {"flag": "none"}),
    _p("great, yet another dead end", {"flag": "none"}),
    _p("I'm stuck lol", {"flag": "reject"}),  # the round-1 held-out set reads "I'm stuck" as a refusal
    _p("that path is a dead end", {"flag": "reject"}),  # said of a way: refuses it
    _p("hit another dead end 😩", {"flag": "none"}),
    _p("dead end", {"flag": "reject", "move": "up"}, "up"),
    _p("stuck", {"flag": "reject", "move": "left"}, "left"),
    _p("left is a dead end", {"flag": "reject", "move": "left"}),
    _p("I can't", {"flag": "reject"}),
    _p("We're stuck. Any ideas?", {"flag": "inquiry"}),
]


@pytest.mark.parametrize(("message", "expected", "last"), SITUATION)
def test_situation(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


# a worry about the distance refuses only a pending request (like "wrong way")
WORRIES = [
    _p("we're further away now", {"flag": "none"}),
    _p("hmm that's farther from the gem", {"flag": "none"}),
    _p("that takes us further away", {"flag": "reject", "move": "left"}, "left"),
]


@pytest.mark.parametrize(("message", "expected", "last"), WORRIES)
def test_worries(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


# a correction back to an earlier clock bearing names it by its hour alone
CLOCK = [
    _p("go 9 o'clock. no, 3 o'clock. no wait, 9 was right", {"flag": "left"}),
    _p("head to 6 o'clock. sorry, 12. 12 is correct", {"flag": "up"}),
    _p("go 3 o'clock, 2 squares", {"flag": "right"}),
    _p("at 9 o'clock there's a wall, 2 of them", {"flag": "reject", "move": "left"}),
]


@pytest.mark.parametrize(("message", "expected", "last"), CLOCK)
def test_clock(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


# the shapes the blind batch gnomes_dev7 found (own wording)
DEV7_SHAPES = [
    # a move verb after an object pronoun opens a new request (voice typing, no punctuation)
    _p("theres a wall under us go left", {"flag": "left"}),
    _p("wall just above me move right please", {"flag": "right"}),
    _p("let us go down", {"flag": "down"}),
    _p("there's a wall below us", {"flag": "reject", "move": "down"}),
    # "that's the opposite way" says what the request is: an objection to it
    _p("thats the opposite way from the treasure", {"flag": "reject", "move": "up"}, "up"),
    _p("hmm, that's the other direction", {"flag": "reject", "move": "left"}, "left"),
    _p("no, the opposite way", {"flag": "right"}, "left"),
    # yes-words of other languages, and "is good" as an agreement to a pending request
    _p("si, ok", {"flag": "accept"}, "up"),
    _p("ja gut", {"flag": "accept"}, "right"),
    _p("is good for me", {"flag": "accept"}, "down"),
    _p("good", {"flag": "accept"}, "left"),
    _p("good game", {"flag": "none"}),
    # a condition whose main clause asks to be told ("say where it is") asks
    _p("if the gem turns up on your screen say where", {"flag": "inquiry"}),
    _p("if you spot the chest say which way it is", {"flag": "inquiry"}),
    # a pause after an inability in the same sentence is what is asked (gn_conventions 7)
    _p("can't go up, sorry, wait let me look", {"flag": "stay"}),
    _p("cant go left hold on i check my map", {"flag": "stay"}),
    _p("cant go up, wait, yes i can", {"flag": "accept"}, "up"),
    _p("can't go down, wait, go left", {"flag": "left"}),
    # a wall description beside a bare "stuck" describes the walls
    _p(
        "I'm stuck, walls on the left, right and below",
        {"flag": "inquiry", "blocked": ["down", "left", "right"]},
    ),
    _p("stuck! my walls are up and down", {"flag": "inquiry", "blocked": ["down", "up"]}),
    # a count of one with its side and no verb answers a question about walls
    _p("just one, at the top", {"flag": "inquiry", "blocked": ["up"]}),
    _p("only the left one", {"flag": "inquiry", "blocked": ["left"]}),
    _p("take the left one", {"flag": "left"}),
    _p("one more to the right", {"flag": "right"}),
]


@pytest.mark.parametrize(("message", "expected", "last"), DEV7_SHAPES)
def test_dev7_shapes(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


# ordinary chat probed in own wording: a leading "ok" before a pause, encouragement, "turn right here"
GENERAL = [
    _p("ok let me think", {"flag": "stay"}),
    _p("okay, one sec", {"flag": "stay"}),
    _p("ok hold on", {"flag": "stay"}, "left"),  # the pause is asked before the move
    _p("ok let me see", {"flag": "stay"}),
    _p("ok I'll wait", {"flag": "accept"}, "stay"),  # a pending stay is agreed to
    _p("ok moving, one sec", {"flag": "accept"}, "up"),
    _p("we can do it!", {"flag": "none"}),
    _p("you can do this", {"flag": "none"}),
    _p("we can do that", {"flag": "accept"}, "up"),
    _p("can do", {"flag": "accept"}),
    _p("turn right here", {"flag": "right"}),
]


@pytest.mark.parametrize(("message", "expected", "last"), GENERAL)
def test_general(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


# replies and conditions probed in own wording: where the token has been as an objection, assent
# sounds, and a condition whose consequence is bad (a warning against its move)
REPLIES_AND_WARNINGS = [
    _p("we literally just came from there", {"flag": "reject", "move": "left"}, "left"),
    _p("I already tried that one", {"flag": "reject", "move": "up"}, "up"),
    _p("been there already", {"flag": "reject", "move": "down"}, "down"),
    _p("we came from there", {"flag": "none"}),  # nothing pending: a report
    _p("i already tried left, go up", {"flag": "up"}),
    _p("mhm", {"flag": "accept"}, "right"),
    _p("uh huh", {"flag": "accept"}, "left"),
    _p("uh oh", {"flag": "none"}),
    _p("if you go down we'll get stuck", {"flag": "reject", "move": "down"}),
    _p("if we head left we lose", {"flag": "reject", "move": "left"}),
    _p("if we go up we run into a wall, so go right", {"flag": "right"}),
    _p("if we go up we'd hit a wall, let's wait", {"flag": "stay"}),
    _p("if we go right we'll be nearer", {"flag": "right"}),  # a better place: a suggestion
    _p("if we had gone down we would have hit a wall", {"flag": "none"}),
]


@pytest.mark.parametrize(("message", "expected", "last"), REPLIES_AND_WARNINGS)
def test_replies_and_warnings(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


# treasure and "right" probed in own wording: "isn't" negates the side after it, "that's not right"
# is correct/incorrect (an objection only to a pending request), a degree after a comma continues
# the direction ("north of us, slightly east")
TREASURE_AND_RIGHT = [
    _p("the chest isn't on the left", {"flag": "none"}),
    _p("it isn't up, it's down", {"flag": "inquiry", "treasure": {"dx": 0, "dy": 1}}),
    _p("that isn't right", {"flag": "none"}),
    _p("thats not right", {"flag": "reject", "move": "down"}, "down"),
    _p("not right, left", {"flag": "left"}),
    _p("the gem is south of us, slightly west", {"flag": "inquiry", "treasure": {"dx": -1, "dy": 1}}),
    _p("treasure's up, a little to the right", {"flag": "inquiry", "treasure": {"dx": 1, "dy": -1}}),
    _p("go up, a bit more", {"flag": "up"}),
]


@pytest.mark.parametrize(("message", "expected", "last"), TREASURE_AND_RIGHT)
def test_treasure_and_right(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


# a go-ahead answering a pending request agrees to it; with nothing pending it is encouragement
GO_AHEAD = [
    _p("go for it", {"flag": "accept"}, "up"),
    _p("yeah do it", {"flag": "accept"}, "left"),
    _p("let's go!", {"flag": "accept"}, "down"),
    _p("proceed", {"flag": "accept"}, "right"),
    _p("fair", {"flag": "accept"}, "up"),
    _p("as you wish", {"flag": "accept"}, "left"),
    _p("if you think so", {"flag": "accept"}, "down"),
    _p("don't do it", {"flag": "reject", "move": "up"}, "up"),
    _p("let's go!", {"flag": "none"}),
    _p("do it", {"flag": "none"}),
    _p("true, but there's a wall", {"flag": "reject", "move": "up"}, "up"),
]


@pytest.mark.parametrize(("message", "expected", "last"), GO_AHEAD)
def test_go_ahead(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


# requests in polite or terse wordings (own wording): "it'd be great if you went left" asks for left
POLITE = [
    _p("it'd be great if you went left", {"flag": "left"}),
    _p("it would be nice if you moved up", {"flag": "up"}),
    _p("I'd appreciate it if you could go down", {"flag": "down"}),
    _p("it'd be good if you told me where the gem is", {"flag": "inquiry"}),
    _p("if you went left you'd find it", {"flag": "inquiry", "treasure": {"dx": -1, "dy": 0}}),
    _p("if it's good, go up", {"flag": "up"}),
    _p("r pls", {"flag": "right"}),
    _p("k thx", {"flag": "accept"}),
]


@pytest.mark.parametrize(("message", "expected", "last"), POLITE)
def test_polite(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


# walls probed in own wording: a denied wall describes an open side (like "no wall on the right"),
# and an adverb between a modal and its verb keeps the offer of options in one clause
WALLS = [
    _p("I don't have a wall below", {"flag": "inquiry", "blocked": []}),
    _p("there is not a wall on my right", {"flag": "inquiry", "blocked": []}),
    _p("nothing's blocking the top", {"flag": "inquiry", "blocked": []}),
    _p("there isn't a wall on the left, go left", {"flag": "left"}),
    _p(
        "walls right and down so we can only go up or left",
        {"flag": "inquiry", "blocked": ["down", "right"]},
    ),
    _p("you can also go left", {"flag": "left"}),
    _p("wall on the left only go down", {"flag": "down"}),
]


@pytest.mark.parametrize(("message", "expected", "last"), WALLS)
def test_walls(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


# refusals in other words (own wording): a deferral, a wish, the game not letting the move happen
REFUSALS = [
    _p("not now", {"flag": "reject", "move": "left"}, "left"),
    _p("maybe later", {"flag": "reject", "move": "up"}, "up"),
    _p("not now", {"flag": "none"}),
    _p("not now, go down", {"flag": "down"}, "up"),
    _p("wish I could", {"flag": "reject", "move": "right"}, "right"),
    _p("I wish we could go down", {"flag": "reject", "move": "down"}),
    _p("it won't let me", {"flag": "reject", "move": "up"}, "up"),
    _p("tried it, the gnome doesn't move", {"flag": "reject", "move": "left"}, "left"),
]


@pytest.mark.parametrize(("message", "expected", "last"), REFUSALS)
def test_refusals(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


# reactions probed in own wording: "ah right" (I see), laughter and "ok" before a remark
REACTIONS = [
    _p("ah right", {"flag": "none"}),
    _p("ah right, go left", {"flag": "left"}),
    _p("haha ok that was funny", {"flag": "none"}),
    _p("ok that was close", {"flag": "none"}),
    _p("ok that works", {"flag": "accept"}),
    _p("ok that's a plan", {"flag": "accept"}),
    _p("lol ok", {"flag": "accept"}),
]


@pytest.mark.parametrize(("message", "expected", "last"), REACTIONS)
def test_reactions(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


def _expected(item: dict) -> dict:
    out = dict(item["expected"])
    if "blocked" in out:
        out["blocked"] = sorted(out["blocked"])
    return out


def _cases(name: str, misses: frozenset[str]) -> list[object]:
    path = DATA / name
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        item = json.loads(line)
        marks = [pytest.mark.xfail(strict=True, reason="issue 17: round-5 miss")] if item["id"] in misses else []
        out.append(pytest.param(item, id=item["id"], marks=marks))
    return out


# what the parser reads differently from the label (see gnomes_dev7.md)
KNOWN_MISSES_7: frozenset[str] = frozenset(
    {
        "g7-103",
    }
)
DEV7_FLOOR = 0.925
"""The batch's exact-match floor: its first read (111/120); it may only rise."""


@pytest.mark.parametrize("item", _cases("gnomes_dev7.jsonl", KNOWN_MISSES_7))
def test_dev7(item: dict) -> None:
    assert read(item["message"], item["context"].get("last_request")) == _expected(item)


def test_dev7_floor() -> None:
    """The whole batch reads at least as well as its first read."""
    items = [json.loads(line) for line in (DATA / "gnomes_dev7.jsonl").read_text(encoding="utf-8").splitlines() if line]
    hits = sum(read(i["message"], i["context"].get("last_request")) == _expected(i) for i in items)
    assert hits / len(items) >= DEV7_FLOOR
    assert len(items) - hits <= len(KNOWN_MISSES_7)
