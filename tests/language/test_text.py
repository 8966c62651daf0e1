"""The shared text toolkit (:mod:`language.text`): the pieces the rule parsers take from it give
exactly the tables and text they wrote out for themselves before (issue 13)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from language.text import APOSTROPHES, NUMBER_WORDS, number_words, straight_apostrophes


def test_number_words_are_the_cardinals_in_order():
    assert list(NUMBER_WORDS.values()) == sorted(NUMBER_WORDS.values())
    assert NUMBER_WORDS["zero"] == 0 and NUMBER_WORDS["twenty"] == 20 and NUMBER_WORDS["ninety"] == 90
    assert len(NUMBER_WORDS) == 28


def test_each_parser_range_is_its_former_table():
    words = "zero one two three four five six seven eight nine ten eleven twelve".split()
    assert list(number_words(1, 12).items()) == [(w, i) for i, w in enumerate(words) if i]  # AsymPuzl
    assert list(number_words(0, 10)) == words[:11]  # the Traveling Adventurers LLM validator
    traveling = number_words(0, 60)  # the Traveling Adventurers parser: zero..twenty and the tens to sixty
    assert list(traveling)[-5:] == ["twenty", "thirty", "forty", "fifty", "sixty"] and len(traveling) == 25


def test_number_words_gives_a_copy():
    words = number_words(0, 3)
    words["once"] = 1
    assert "once" not in NUMBER_WORDS


@given(st.text(alphabet=st.sampled_from([*APOSTROPHES, "'", '"', "a", "n", "t", " ", "\u201c"])))
def test_straight_apostrophes_is_the_former_substitution(text):
    assert straight_apostrophes(text) == re.sub(r"[\u2018\u2019\u02bc`´]", "'", text)  # Gnomes at Night's
    assert len(straight_apostrophes(text)) == len(text)


def test_an_error_is_shown_as_one_line():
    from language.text import error_line, error_summary

    assert error_line(ValueError("bad board\ndetails below")) == "bad board"
    assert error_line(KeyError("seat")) == "seat"
    assert error_line(ValueError("pip install 'accord[web]'")) == "pip install 'accord[web]'"
    assert error_line(RuntimeError("")) == "RuntimeError"
    assert error_summary(RuntimeError("")) == "RuntimeError"
    assert error_summary(OSError("disk full\nmore")) == "OSError: disk full"


def test_one_slip_speller_finds_a_word_behind_one_slip() -> None:
    from language.text import OneSlipSpeller

    speller = OneSlipSpeller(["thursday", "evening", "wednesday", "friday"], two_slips_from=9)
    assert speller.correct("thursdy") == "thursday"  # a letter dropped
    assert speller.correct("evenign") == "evening"  # two swapped
    assert speller.correct("fridya") == "friday"
    assert speller.correct("fridday") == "friday"  # a letter added
    assert speller.correct("frxday") == "friday"  # a letter changed
    assert speller.correct("wensday") == "wednesday"  # two dropped from a long word
    assert speller.correct("monday") is None and speller.correct("evenings") == "evening"
    both = OneSlipSpeller(["cart", "card"])
    assert both.correct("car") is None and both.correct("carx") is None  # where two words meet: neither
