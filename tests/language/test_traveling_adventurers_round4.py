"""Issue 17, round 4: the Traveling Adventurers parser on two more blind batches and the shapes
round 3 left weak.

``tests/language/data/ta_dev5.jsonl`` (see ``ta_dev5.md``) and ``ta_dev6.jsonl`` (see ``ta_dev6.md``)
were written by people who never saw the parser, following ``ta_conventions.md``. Every item is a
test case; the ones that failed at the first read are marked ``xfail(strict=True)`` by id
(``STILL_FAILING``) and the ids are removed as general fixes land. The category table below is our
own wording of the shapes round 3 listed as still weak (voice-typed corrections, tab / pipe / CSV
tables, "if we start from X", "via X", numbered lists of rooms, postponing, "X instead?" against the
pending suggestion), written before the parser was changed (rows marked as written after the
fixes guard the general mechanisms in fresh wording).

| set      | size | first read (main 9d780a2) | first read (r4-ta 4f2e63b, nothing for the batch) | end of round 4 |
|----------|------|---------------------------|---------------------------------------------------|----------------|
| ta_dev5  | 120  | exact 0.683, F1 0.819     | exact 0.733, F1 0.850                             | 0.908, 0.947   |
| ta_dev6  | 100  | exact 0.650, F1 0.794     | exact 0.660, F1 0.800                             | 0.910, 0.940   |

After round 5 (``test_traveling_adventurers_round5.py``): ta_dev5 0.958 / 0.987, ta_dev6 0.950 / 0.955
(floors raised to 0.95 / 0.94).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.kits.traveling_adventurers.parse import dialogue_context
from language.acts import End, Suggest
from language.traveling_adventurers import TravelingAdventurersParser
from tests.language.test_traveling_adventurers_context import _facts
from tests.language.test_traveling_adventurers_round3 import (
    _check_category,
    _check_floor,
    _exact,
    _i,
    _items,
    _s,
    _table_case,
)

PARSER = TravelingAdventurersParser()
DATA = Path(__file__).parent / "data"


DEV5 = _items("ta_dev5.jsonl")
DEV6 = _items("ta_dev6.jsonl")

# Items that failed at the first read and are not fixed yet (strict xfail: a fix must drop its id).
STILL_FAILING: set[str] = set(
    """
    ta5-020 ta5-046 ta5-091 ta6-007 ta6-022 ta6-038 ta6-046 ta6-050
    """.split()
)
# Read by a round-4 rule that dropped a proposal of the pending suggestion whenever the message also
# refused it ("the attic? nope, not yet"). The rule also dropped the planner's own "not K-C. How about
# K-C?" (IBP without a partner model), and self-play then never agreed
# (tests/planners/test_traveling_adventurers.py); it is withdrawn until it can tell the two apart.
STILL_FAILING |= {"ta5-022", "ta5-078"}


def _case(item: dict[str, object]) -> object:
    marks = [pytest.mark.xfail(strict=True, reason="issue 17 round 4: not handled yet")]
    return pytest.param(item, id=str(item["id"]), marks=marks if item["id"] in STILL_FAILING else [])


@pytest.mark.parametrize("item", [_case(item) for item in DEV5 + DEV6])
def test_dev_item(item: dict[str, object]) -> None:
    """Each blind development-set message is read exactly as labelled."""
    assert _exact(item), item["message"]


AGREE = {"act": "agree"}
REJECT = {"act": "reject"}
AT_E = {"rooms": "6", "visited": "L,E"}
AT_E_K = {"rooms": "6", "visited": "L,E", "last_suggestion": "E,K", "topic": "E,K"}
AT_K = {"rooms": "6", "visited": "L,E,K"}
AT_K_B = {"rooms": "6", "visited": "L,E,K", "last_suggestion": "K,B", "topic": "K,B"}
AT_B8 = {"rooms": "8", "visited": "L,E,B"}

# (category, message, context, expected acts, fails at the first read)
CATEGORIES = [
    # voice-typed corrections: no punctuation around the marker
    ("correction", "the attic no not the attic the bathroom", AT_E, [_s("E", "B")], False),
    ("correction", "go to the nursery no not the nursery the loft", AT_E, [_s("E", "A")], False),
    ("correction", "kitchen oh no sorry i mean the loo", AT_E, [_s("E", "B")], False),
    ("correction", "K-C is 4 no sorry 2", AT_K, [_i("K", "C", 2)], False),
    # written after the fixes (regression guards): a named hallway after a marker moves the question
    # or replaces the hop; an assent taken back by "no"; "6 not 5"
    ("correction", "what do you get on K-A i mean K-C", AT_K, [{"act": "ask", "edge": ["K", "C"]}], False),
    ("correction", "lets go KA. *KC", AT_K, [_s("K", "C")], False),
    ("correction", "yep! oh wait no, the kitchen is a dead end for me", AT_E_K, [REJECT], False),
    ("correction", "K-B 2, K-C 6. hmm K-C is 4 not 6", AT_K, [_i("K", "B", 2), _i("K", "C", 4)], False),
    # tables: tab, pipe and CSV rows give one inform per hallway from at
    (
        "quantified_list",
        "| room | coins |\n|---|---|\n| B | 2 |\n| C | 5 |\n| A | 0 |",
        AT_K,
        [_i("K", "B", 2), _i("K", "C", 5), _i("K", "A", 0)],
        False,
    ),
    (
        "quantified_list",
        "room,coins\nbathroom,2\nkids room,5\nattic,0",
        AT_K,
        [_i("K", "B", 2), _i("K", "C", 5), _i("K", "A", 0)],
        False,
    ),
    ("quantified_list", "bathroom\t3\nattic\t1", AT_K, [_i("K", "B", 3), _i("K", "A", 1)], False),
    (
        "quantified_list",
        "| hallway | mine |\n| K-B | 4 |\n| K-A | 6 |",
        AT_K,
        [_i("K", "B", 4), _i("K", "A", 6)],
        False,
    ),
    # "if we start from X": the amounts leave from X
    (
        "quantified_list",
        "if we start from the attic: 2 to the loo, 3 to the nursery",
        AT_K,
        [_i("A", "B", 2), _i("A", "C", 3)],
        False,
    ),
    (
        "quantified_list",
        "starting from the bathroom I'd get 4 to the attic and 1 to the kids room",
        AT_K,
        [_i("B", "A", 4), _i("B", "C", 1)],
        False,
    ),
    # a path through a room: "via X"
    ("embedded_tour", "to the nursery via the attic?", AT_K, [_s("K", "A", "C")], False),
    ("embedded_tour", "let's get to the loo via the kids room", AT_K, [_s("K", "C", "B")], False),
    # numbered lists of rooms: one path
    ("embedded_tour", "my plan from here:\n1. bathroom\n2. kids room\n3. attic", AT_K, [_s("K", "B", "C", "A")], False),
    ("embedded_tour", "1) loo 2) nursery 3) attic 4) back home", AT_K, [_s("K", "B", "C", "A", "L")], False),
    # postponing is a rejection
    ("inability_skip_rejection", "leave the kitchen till last", AT_E_K, [REJECT], False),
    ("inability_skip_rejection", "let's save the kitchen for the end", AT_E_K, [REJECT], False),
    (
        "inability_skip_rejection",
        "can we keep the attic for last?",
        AT_K,
        [{"act": "reject", "path": ["K", "A"]}],
        False,
    ),
    # recaps naming the rooms still to do carry no act; a proposal after them keeps only that
    # (written after the fixes, in fresh wording: regression guards for the general mechanism)
    ("recap", "we did L-E-K, remaining B C A", AT_K, [], False),
    ("recap", "agreed path so far L→E→K, still to visit: bathroom, kids room, attic", AT_K, [], False),
    ("recap", "remaining: B, C, A. the bathroom next?", AT_K, [_s("K", "B")], False),
    ("recap", "done so far: L-E-K. left: B, C, A. thoughts on the kids room?", AT_K, [_s("K", "C")], False),
    ("recap", "we have B, C and A left, I'd do the bathroom then the kids room", AT_K, [_s("K", "B", "C")], False),
    ("recap", "we still need B and A. attic first?", {"rooms": "6", "visited": "L,E,K,C"}, [_s("C", "A")], False),
    # "X instead?" against the pending suggestion: reject plus suggest
    ("general", "bathroom instead?", AT_E_K, [REJECT, _s("E", "B")], False),
    ("general", "what about the attic instead", AT_K_B, [REJECT, _s("K", "A")], False),
    ("general", "the attic instead of the bathroom", AT_K_B, [REJECT, _s("K", "A")], False),
]


@pytest.mark.parametrize(("message", "ctx", "expected"), [_table_case(row, 4) for row in CATEGORIES])
def test_category(message: str, ctx: dict[str, str], expected: list[dict[str, object]]) -> None:
    """Our own wording of the weak shapes is read as ``ta_conventions.md`` labels it."""
    _check_category(message, ctx, expected)


@pytest.mark.parametrize(("items", "floor"), [(DEV5, 0.95), (DEV6, 0.94)], ids=["ta_dev5", "ta_dev6"])
def test_dev_floor(items: list[dict[str, object]], floor: float) -> None:
    """The blind batches stay read at least this well."""
    _check_floor(items, floor)


AT_L = {"rooms": "6", "visited": "L"}
TOUR = ["L", "E", "K", "B", "A", "C", "L"]
IN_PATH = [
    # one room corrected inside a tour, the path going on after the corrected room (the noisy
    # renderer's correction and people's alike): the corrected room takes the wrong one's place
    "final: L -> E -> K -> C, sorry, I mean B -> A -> C -> L",
    "submitting living room > empty room > kitchen > attic - oops, bathroom > attic > kids room > living room",
    "final route: lounge -> empty room -> kitchen -> bathroom -> attic -> children's room -> kitchen... no wait, lounge",
    "final: E - oops, L -> E -> K -> B -> A -> C -> L",
    "final: L-E-K-L, no wait, B-A-C-L",
]


@pytest.mark.parametrize("message", IN_PATH, ids=[m[:30] for m in IN_PATH])
def test_a_room_corrected_inside_a_tour_takes_its_place(message: str) -> None:
    context = dialogue_context(AT_L)
    assert _facts(PARSER.parse(message, context), context) == _facts([End(path=tuple(TOUR))], context)


@pytest.mark.parametrize(
    "message",
    ["how about L-E-K-B-A-C-L? no hold on, L-E-B-K-A-C-L", "L-E-K-B-A-C-L? *L-E-B-K-A-C-L"],
)
def test_a_whole_tour_restated_after_a_question_is_not_one_room_swapped(message: str) -> None:
    context = dialogue_context(AT_L)
    assert PARSER.parse(message, context) == [Suggest(path=("L", "E", "B", "K", "A", "C", "L"))]
