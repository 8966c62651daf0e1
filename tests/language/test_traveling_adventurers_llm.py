"""Traveling Adventurers for the LLM modules: validators and the prompt's examples."""

import pytest

from language.traveling_adventurers import TravelingAdventurersParser
from language.traveling_adventurers.context import DialogueContext
from language.traveling_adventurers_llm import _PARSE_EXAMPLES, TRAVELING_ADVENTURERS
from tests.language.shorthand import BEST, ROOMS6, E, I, N, Q, S, Y

ROOMS = ROOMS6
CONTEXT = DialogueContext(rooms=ROOMS, visited=["L"], at="L", speaker_coins="light", listener_coins="ghost")
check = TRAVELING_ADVENTURERS.act_errors


@pytest.mark.parametrize("message, context, expected", _PARSE_EXAMPLES)
def test_the_prompts_examples_are_what_the_rule_parser_reads(message, context, expected):
    """The few-shot examples must follow the act conventions the rule parser implements."""
    full = DialogueContext(
        rooms=ROOMS, listener_coins="light" if context["speaker_coins"] == "ghost" else "ghost", **context
    )
    got = [a.to_json() for a in TravelingAdventurersParser().parse(message, full)]
    assert got == expected


def test_legal_acts_pass():
    assert check([S("LK"), Y(), N("KA"), I("LK", 1), I("KA", 10), Q("LK"), BEST, E("LEABKCL"), S("KAL")], CONTEXT) == []


@pytest.mark.parametrize(
    "acts, error",
    [
        ([S("LZ")], "unknown room(s) Z"),
        ([I("LK", 0)], "outside 1..10"),
        ([I("LK", 11)], "outside 1..10"),
        ([S("LKBK")], "visits a room twice"),
        ([E("LKL")], "not a full tour"),
        ([E("LEABKCA")], "visits a room twice"),
        ([E("EABKCLE")], "not a full tour"),
        ([E("LEABKL")], "not a full tour"),
    ],
)
def test_illegal_acts_are_named(acts, error):
    errors = check(acts, CONTEXT)
    assert errors and any(error in e for e in errors)


@pytest.mark.parametrize(
    "message, acts, missing",
    [
        ("Let's go to the kitchen, I get 7 coins there.", [S("LK"), I("LK", 7)], []),
        ("How about the loo? seven for me from the lounge.", [S("LB"), I("LB", 7)], []),
        ("K? a single coin for me from L", [S("LK"), I("LK", 1)], []),
        ("Let's go to the attic!", [S("LK")], ["kitchen"]),
        ("Kitchen, I get a few coins.", [I("LK", 3)], ["3 coins"]),
        ("I get 3 coins there.", [I("EK", 3)], ["empty room", "kitchen"]),
        ("Sounds good!", [Y("LK")], []),
    ],
)
def test_a_message_must_name_the_rooms_and_numbers_of_its_acts(message, acts, missing):
    errors = TRAVELING_ADVENTURERS.message_errors(message, acts, CONTEXT)
    assert len(errors) == len(missing)
    for word in missing:
        assert word in " ".join(errors)
