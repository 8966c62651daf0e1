"""Round 2 of the Gnomes at Night parser: fresh phrasing nobody tuned for.

``tests/language/data/gnomes_dev2.jsonl`` holds batches of messages written in new styles (each batch
by one imagined kind of writer: non-native English, terse gamers, compass and clock directions,
emoji, British, verbose polite ...), scored before the parser was changed for them (first-run scores
in ``tests/language/data/gnomes_dev2.md``). Every item must read exactly as labelled, except the
ids in ``KNOWN_MISSES`` (what the rules still cannot read; see the package docstring's Known limits).
The colleague's first development set (``gnomes_dev.jsonl``) is checked the same way.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from language.flags import FlagContext
from language.gnomes_at_night import GnomesParser

PARSER = GnomesParser()
DATA = Path(__file__).parent / "data"

# g2d-023, g2e-041 and g2j-004 read since issue 17 round 3
# g2b-019 "Thank you so much, that's very helpful!" (no request pending) is labelled ``accept`` here;
# the round-4 blind batch labels the same shape ``none`` ("thanks, that helped", g6-048, and
# "cheers mate, top work", g5-041): thanks for something said agrees to nothing. Round 4 follows the
# later batches (the brief asks for precision in general chat); a bare "thanks!" still agrees.
# g2f-004 "just one wall, to the west" is labelled ``reject`` left here; counting the walls around the
# token describes them (gn_conventions 11), and the round-4 blind batch labels the same shape
# ``inquiry`` with ``blocked`` ("just one wall, on the right side", g6-015). Round 4 follows that.
KNOWN_MISSES: frozenset[str] = frozenset({"g2i-016", "g2j-034", "g2b-019", "g2f-004"})


def _items(name: str) -> list[dict]:
    with (DATA / name).open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def read(message: str, last: str | None) -> dict:
    """The summary of the one flag ``message`` gives (``blocked`` sorted)."""
    flags = PARSER.parse(message, FlagContext(last_request=last))  # type: ignore[arg-type]
    assert len(flags) == 1
    out = flags[0].summary()
    if "blocked" in out:
        out["blocked"] = sorted(out["blocked"])
    return out


def _expected(item: dict) -> dict:
    exp = dict(item["expected"])
    if "blocked" in exp:
        exp["blocked"] = sorted(exp["blocked"])
    return exp


def _cases(name: str) -> list:
    out = []
    for item in _items(name):
        marks = [pytest.mark.xfail(strict=True, reason="known miss")] if item["id"] in KNOWN_MISSES else []
        out.append(pytest.param(item, id=item["id"], marks=marks))
    return out


@pytest.mark.parametrize("item", _cases("gnomes_dev2.jsonl"))
def test_dev2(item: dict) -> None:
    assert read(item["message"], item["context"].get("last_request")) == _expected(item)


# Round 3 (``gnomes_dev3.jsonl``, first-run scores in ``gnomes_dev3.md``): self-corrections,
# conditionals, replies to a last request and general chat, each batch by new imagined writers.
# g3f-005, g3f-024 and g3f-027 read since issue 17 round 3 (robustness round)
KNOWN_MISSES_3: frozenset[str] = frozenset({"g3a-027", "g3f-017"})


def _cases3() -> list:
    out = []
    for item in _items("gnomes_dev3.jsonl"):
        marks = (
            [pytest.mark.xfail(strict=True, reason="issue 17: round-3 miss")] if item["id"] in KNOWN_MISSES_3 else []
        )
        out.append(pytest.param(item, id=item["id"], marks=marks))
    return out


@pytest.mark.parametrize("item", _cases3())
def test_dev3(item: dict) -> None:
    assert read(item["message"], item["context"].get("last_request")) == _expected(item)


@pytest.mark.parametrize("item", _cases("gnomes_dev.jsonl"))
def test_dev1(item: dict) -> None:
    assert read(item["message"], item["context"].get("last_request")) == _expected(item)


# Edge cases of the round-2 rules (own wording): what each rule must not over-read.
ROUND2_EDGES = [
    ("go back up", {"flag": "up"}, "down"),
    ("I'm back", {"flag": "none"}, "left"),
    ("the other way", {"flag": "none"}, None),  # no last request: nothing to reverse
    ("welcome back, go left", {"flag": "left"}, None),
    ("I found it!", {"flag": "none"}, None),
    ("keep going left", {"flag": "left"}, None),
    ("what a mess, go down", {"flag": "down"}, None),
    ("up to you", {"flag": "inquiry"}, None),
    ("you choose left or right", {"flag": "inquiry"}, None),
    ("if you see the gem tell me", {"flag": "inquiry"}, None),
    ("can't go anywhere", {"flag": "inquiry", "blocked": ["down", "left", "right", "up"]}, None),
    ("wall left, and right too", {"flag": "inquiry", "blocked": ["left", "right"]}, None),
    ("up is fine", {"flag": "up"}, None),  # no wall described: a suggestion
    ("you're doing great, go left", {"flag": "left"}, None),
    ("thanks, going left", {"flag": "accept"}, "left"),
    ("if you insist", {"flag": "accept"}, None),
    ("go left if you insist", {"flag": "left"}, None),
    ("at 3 o'clock there's a wall", {"flag": "reject", "move": "right"}, None),
    ("i can't go left. but up works", {"flag": "up"}, None),
]


@pytest.mark.parametrize(("message", "expected", "last"), ROUND2_EDGES)
def test_round2_edges(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected


# Edge cases of the round-3 rules (own wording): what each rule must not over-read.
ROUND3_EDGES = [
    ("there was a wall on the left", {"flag": "none"}, None),  # a past wall: no request either
    ("there was a wall, go down", {"flag": "down"}, None),
    ("walls: none", {"flag": "inquiry", "blocked": []}, None),
    ("walls everywhere", {"flag": "inquiry", "blocked": ["down", "left", "right", "up"]}, None),
    ("go down, if that's ok with you", {"flag": "down"}, None),  # a courtesy, not a fallback
    ("go up, if that fails go right", {"flag": "up"}, None),
    ("is there a wall on the left? if not, go left", {"flag": "left"}, None),
    ("if that works go left", {"flag": "left"}, None),
    ("L or R", {"flag": "none"}, None),  # no correction marker between the letters
    ("fine", {"flag": "accept"}, "up"),
    ("whatever", {"flag": "accept"}, "up"),
    ("the other left", {"flag": "right"}, None),
    ("left again", {"flag": "left"}, "left"),  # no question: a request
]


@pytest.mark.parametrize(("message", "expected", "last"), ROUND3_EDGES)
def test_round3_edges(message: str, expected: dict, last: str | None) -> None:
    assert read(message, last) == expected
