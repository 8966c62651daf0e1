"""Hostile input for every rule parser (issue 12): bounded time and memory, refused coin values,
and tours written with arrows.

Each parser reads a 1 MB message of every hostile shape in under a second of CPU time and 300 MB of
peak memory (tracemalloc); the Traveling Adventurers parser's work also grows linearly with the
message up to the cap. All tests go through the public ``parse(message, context)``.
"""

from __future__ import annotations

import random
import time
import tracemalloc
from functools import cache

import pytest

from games.base import MAX_MESSAGE_CHARS
from language.act_base import ActBase
from language.acts import End, Inform, Suggest
from language.traveling_adventurers import ROOM_CATALOGUE, TravelingAdventurersParser
from language.traveling_adventurers.context import DialogueContext
from tests.language.hostile_parsers import ParserCase, parser_params

MB = 1_000_000
TIME_LIMIT = 1.0  # seconds of CPU time per 1 MB message
MEMORY_LIMIT = 300e6  # bytes of peak memory per 1 MB message


def fill(unit: str, size: int = MB) -> str:
    """``unit`` repeated up to exactly ``size`` characters."""
    return (unit * (size // len(unit) + 1))[:size]


def _random_unicode(size: int, seed: int) -> str:
    """``size`` random code points without surrogates, most of them below U+D800."""
    rng = random.Random(seed)
    low = rng.choices(range(0x20, 0xD800), k=size)
    high = rng.choices(range(0xE000, 0x110000), k=size // 4)
    return "".join(map(chr, low[: size - len(high)] + high))


@cache
def _common_shapes() -> dict[str, str]:
    rng = random.Random(12)
    return {
        "one huge word": "a" * MB,
        "ligatures (NFKC x3)": "ﬃ" * MB,
        "arabic ligature (NFKC x18)": "\ufdfa" * MB,
        "fullwidth and circled": fill("ｋｉｔｃｈｅｎ①②③ "),
        "brackets": "[" * MB,
        "binary bytes as latin-1": rng.randbytes(MB).decode("latin-1"),
        "control and NUL bytes": fill("\x00\x01\x1b[31m\x7f\r\x0b\u200b\ufeff"),
        "emoji and combining marks": fill("🤖👍🏽 e\u0301\u0308 ç "),
        "zalgo": "a" + "\u0301" * (MB - 1),
        "digits": "7" * MB,
        "signed and fractional numbers": fill("-5.5 "),
        "arrows": fill("L -> E --> A → B => "),
        "equals and tildes": fill("=~"),
        "random unicode": _random_unicode(MB, 12),
    }


def shapes(word: str) -> dict[str, str]:
    """The hostile 1 MB messages; ``word`` is a word of the parser's own game."""
    return {
        "repeated game word": fill(f"{word} "),
        "glued game word": fill(word.replace(" ", "")),
        "rich markup": fill(f"[bold red]{word}[/bold red] [link=x]L -> E[/link] <b>5</b> "),
        **_common_shapes(),
    }


SHAPE_NAMES = list(shapes("x"))


def _cpu(fn: object, *args: object) -> tuple[float, object]:
    start = time.process_time()
    out = fn(*args)  # type: ignore[operator]
    return time.process_time() - start, out


@pytest.mark.slow  # about 20 s in all on a shared 2-core machine
@pytest.mark.parametrize("shape", SHAPE_NAMES)
@pytest.mark.parametrize("case", parser_params())
def test_a_1mb_message_parses_in_bounded_time_and_memory(case: ParserCase, shape: str) -> None:
    """Issue 12 #1: every parser reads a 1 MB hostile message in < 1 s CPU and < 300 MB peak."""
    parser = case.make()
    text = shapes(case.vocabulary[0])[shape]
    seconds, acts = _cpu(parser.parse, text, case.context)
    assert seconds < TIME_LIMIT, f"{case.name} took {seconds:.2f} s on {shape!r}"
    assert isinstance(acts, list) and all(isinstance(a, ActBase) for a in acts)
    tracemalloc.start()
    try:
        parser.parse(text, case.context)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < MEMORY_LIMIT, f"{case.name} peaked at {peak / 1e6:.0f} MB on {shape!r}"


def _cpu_per_call(parser: object, text: str, context: object) -> float:
    """The least CPU time of one parse over a few repeated batches (robust on a loaded machine)."""
    best = float("inf")
    for _ in range(3):
        calls, start = 0, time.process_time()
        while True:
            parser.parse(text, context)  # type: ignore[attr-defined]
            calls += 1
            spent = time.process_time() - start
            if spent > 0.02:
                break
        best = min(best, spent / calls)
    return best


def _assert_linear(parser: object, unit: str, context: object) -> None:
    """Four times the text (up to the cap) costs about four times the work: less than eight, where
    quadratic work costs sixteen."""
    small = _cpu_per_call(parser, fill(unit, MAX_MESSAGE_CHARS // 4), context)
    large = _cpu_per_call(parser, fill(unit, MAX_MESSAGE_CHARS), context)
    assert large < 8 * small + 0.002, f"x4 text took x{large / small:.1f} time"


LINEAR_SHAPES = {
    "one huge word": "a",
    "glued room word": "kitchen",
    "repeated room word": "kitchen ",
    "room letters": "L E A B K C ",
    "weak room names": "empty ",
    "number modifiers": "single ",
    "equals signs": "=",
    "relative words": "then, ",
    "suggestions in one sentence": "let's go to the kitchen, ",
    "motion cues and refusals": "let's avoid ",
    "after chains": "after the kitchen ",
    "questions about a long path": "L E A B K C L E A B K C how many for that, ",
}


@pytest.mark.slow  # about 20 s in all on a shared 2-core machine
@pytest.mark.parametrize("unit", LINEAR_SHAPES.values(), ids=LINEAR_SHAPES.keys())
def test_traveling_adventurers_parser_is_linear_up_to_the_cap(unit: str) -> None:
    """Issue 12 #1: four times the text costs about four times the work (not sixteen), up to the cap."""
    context = DialogueContext(rooms={k: ROOM_CATALOGUE[k] for k in "LEBKCA"}, visited=["L"], at="L")
    _assert_linear(TravelingAdventurersParser(), unit, context)


GNOMES_SHAPES = {
    "correction markers": "no wait ",
    "corrected moves": "left no right ",
    "open corrections": "go left, oops I meant ",
    "conditions": "if up is blocked go left ",
    "questions": "up? down? ",
    "walls": "wall, ",
    "opposites": "the other way ",
    "going back": "go back ",
    "hints in conditions": "if you go left you'll find it ",
    "clock bearings": "9 o'clock ",
    "cue typos": "wal treasue cnat ",
    "letters": "1 o o ",
    "the other left": "the other left ",
    "fallbacks": "go up. if not, down ",
    "corrected walls": "wall up. no wait, the wall is down ",
    "reluctant agreement": "rather not but fine ",
    "past walls": "was blocked ",
}


@pytest.mark.slow  # about 10 s in all on a shared 2-core machine
@pytest.mark.parametrize("unit", GNOMES_SHAPES.values(), ids=GNOMES_SHAPES.keys())
def test_gnomes_at_night_parser_is_linear_up_to_the_cap(unit: str) -> None:
    """Issue 17: the discourse passes (corrections, conditions, opposites, fallbacks) stay linear."""
    from language.flags import FlagContext
    from language.gnomes_at_night import GnomesParser

    _assert_linear(GnomesParser(), unit, FlagContext(last_request="up"))


GENERIC_UNITS = ("{0} ", "{0}. ", "{1}, {2}? ", "7", "-5.5 ", "{0}{1}")


@pytest.mark.slow  # about 20 s in all on a shared 2-core machine
@pytest.mark.parametrize("unit", GENERIC_UNITS)
@pytest.mark.parametrize("case", parser_params())
def test_every_parser_is_linear_up_to_the_cap(case: ParserCase, unit: str) -> None:
    """Issue 12 #1: linear time for every parser: words, sentences, questions, digits, signed decimals."""
    _assert_linear(case.make(), unit.format(*case.vocabulary), case.context)


def test_clean_message_caps_after_normalizing() -> None:
    """Issue 12 #1: the cap applies after NFKC (ligatures cannot expand past it) and before it (memory)."""
    from language.text import clean_message  # the shared entry point of every parser

    assert len(clean_message("ﬃ" * MB)) == MAX_MESSAGE_CHARS
    assert clean_message("ﬃ" * MB) == "ffi" * (MAX_MESSAGE_CHARS // 3) + "f"
    assert len(clean_message("\ufdfa" * MB)) == MAX_MESSAGE_CHARS
    assert clean_message("kit\x00chen\r\nattic\u200b!\x1b") == "kit chen\nattic! "
    assert clean_message("ｋｉｔｃｈｅｎ\u2028") == "kitchen\n"
    assert clean_message(None) == "" and clean_message(b"kitchen") == ""  # type: ignore[arg-type]
    assert clean_message("short", limit=3) == "sho"


# ---------------------------------------------------------------------------------------------
# Item 22: coin values
# ---------------------------------------------------------------------------------------------

PARSER = TravelingAdventurersParser()
SIX = DialogueContext(rooms={k: ROOM_CATALOGUE[k] for k in "LEBKCA"}, visited=["L"], at="L")

REFUSED_COINS = [
    "L to E is -5",
    "L to E is −5",
    "I get -3 from L to E",
    "L-E: -2 coins",
    "L to E is 5.5",
    "L-E: 5.5 coins",
    "I get 2.5 light coins between the kitchen and the attic",
    "L to E is -5.5",
    "L to E is .5",
]


@pytest.mark.parametrize("message", REFUSED_COINS)
def test_negative_and_fractional_coins_are_refused(message: str) -> None:
    """Issue 12 #22: "L to E is -5" and "5.5" are not coin facts (coins are whole numbers 1..10)."""
    acts = PARSER.parse(message, SIX)
    assert not [a for a in acts if isinstance(a, Inform)], acts
    assert not [a for a in acts if isinstance(a, Suggest)], acts  # nor a proposal to walk there


@pytest.mark.parametrize(
    ("message", "coins"),
    [("L to E is 5", 5), ("L-E: 7.0 coins", 7), ("L - E 4", 4), ("L-E-6", 6), ("I get 3 coins from L to E.", 3)],
)
def test_whole_coin_values_are_still_read(message: str, coins: int) -> None:
    """Issue 12 #22: whole amounts (and a dash between rooms) keep their meaning."""
    assert [a for a in PARSER.parse(message, SIX) if isinstance(a, Inform)] == [Inform(edge=("L", "E"), coins=coins)]


# ---------------------------------------------------------------------------------------------
# Item 12: tours written with arrows
# ---------------------------------------------------------------------------------------------

TOUR = ["L", "E", "A", "B", "K", "C", "L"]


@pytest.mark.parametrize("arrow", ["->", "-->", "→", "=>", "⇒", "-"])
@pytest.mark.parametrize("visited", [["L"], ["L", "E"], ["L", "E", "A", "B"]])
def test_an_arrow_tour_with_done_parses_to_the_tour(arrow: str, visited: list[str]) -> None:
    """Issue 12 #12: 'L -> E -> A -> B -> K -> C -> L, deal? done' declares that tour, exactly."""
    context = DialogueContext(rooms=SIX.rooms, visited=visited, at=visited[-1])
    message = f" {arrow} ".join(TOUR) + ", deal? done"
    assert PARSER.parse(message, context) == [End(path=TOUR)]


@pytest.mark.parametrize("arrow", ["->", "-->", "→", "=>"])
def test_an_arrow_tour_is_a_suggestion_of_exactly_that_tour(arrow: str) -> None:
    """Issue 12 #12: the tour proposal, without an ending cue, is the proposal of that tour."""
    assert PARSER.parse(f" {arrow} ".join(TOUR), SIX) == [Suggest(path=TOUR)]
