"""Fuzzing every rule parser with hypothesis (issue 12, acceptance item "parser fuzz").

Messages mix the game's own vocabulary with brackets and rich markup, characters that NFKC expands,
random (surrogate-free) unicode and control bytes, and are sometimes repeated up to a megabyte. For
every message each parser returns a list of valid acts (pydantic models that validate back from
their own JSON), never raises, answers the same twice, and spends well under a second.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from language.act_base import ActBase
from tests.language.hostile_parsers import ParserCase, parser_params

MARKUP = ("[", "]", "[/", "[bold]", "[/bold]", "[link=https://x]", "<b>", "</b>", "**", "__", "`", "```", "{", "}")
EXPANDING = ("ﬃ", "ﬄ", "\ufdfa", "\ufdfb", "㍻", "㎧", "①", "⑳", "ｋ", "½", "ǆ", "ﾊﾟ", "\u2474", "𝐤𝐢𝐭𝐜𝐡𝐞𝐧")
CONTROL = ("\x00", "\x01", "\x07", "\x1b", "\x7f", "\x85", "\r", "\r\n", "\t", "\x0b", "\u200b", "\u202e", "\ufeff")
UNICODE = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
BINARY = st.binary(max_size=24).map(lambda raw: raw.decode("latin-1"))  # bytes as a careless decoder gives them
CPU_LIMIT = 1.0


def fragments(vocabulary: tuple[str, ...]) -> st.SearchStrategy[str]:
    """One piece of a message: a game word, markup, an expanding or control character, or noise."""
    return st.one_of(
        st.sampled_from(vocabulary),
        st.sampled_from(MARKUP),
        st.sampled_from(EXPANDING),
        st.sampled_from(CONTROL),
        st.sampled_from((" ", " ", ", ", ". ", "? ", "!", "\n", "-", ":", "5", "-3", "2.5")),
        UNICODE,
        BINARY,
    )


@st.composite
def messages(draw: st.DrawFn, vocabulary: tuple[str, ...]) -> str:
    """A message of fragments, sometimes repeated up to about a megabyte."""
    text = "".join(draw(st.lists(fragments(vocabulary), max_size=30)))
    if text and draw(st.booleans()):
        text = text * draw(st.integers(2, 1_000_000 // len(text) + 2))
    return text


def _check(case: ParserCase, parser: object, message: str) -> None:
    start = time.process_time()
    acts = parser.parse(message, case.context)  # type: ignore[attr-defined]
    assert time.process_time() - start < CPU_LIMIT
    assert isinstance(acts, list)
    for act in acts:
        assert isinstance(act, ActBase)
        assert type(act).model_validate_json(act.model_dump_json()) == act
    assert parser.parse(message, case.context) == acts  # type: ignore[attr-defined]


@pytest.mark.parametrize("case", parser_params())
def test_parser_fuzz(case: ParserCase) -> None:
    """Issue 12 #2: no traceback, valid acts, deterministic, bounded time, for every rule parser."""
    parser = case.make()

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)
    @given(messages(case.vocabulary))
    def run(message: str) -> None:
        _check(case, parser, message)

    run()


@pytest.mark.parametrize("case", parser_params())
def test_parser_fuzz_on_non_text(case: ParserCase) -> None:
    """Issue 12 #2: non-text messages give a list of acts (usually none), never an exception."""
    parser = case.make()
    for message in (None, b"kitchen", 5, ["L", "E"], {"act": "end"}, "", " \n\t "):
        acts = parser.parse(message, case.context)
        assert isinstance(acts, list) and all(isinstance(a, ActBase) for a in acts)
