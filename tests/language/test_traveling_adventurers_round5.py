"""Issue 17, round 5: the Traveling Adventurers parser on the misses rounds 2-4 left and a blind batch
of ordinary game traffic.

The shapes of the xfailed dev misses are listed in ``tests/language/data/ta_dev7.md`` ("Round 5: the
misses left from rounds 2-4"). The category table below is our own wording of those shapes, written
before the parser was changed (strict xfail where it failed then; the marks are removed as general
fixes land). ``ta_dev7.jsonl`` (100 items of ordinary game traffic, written blind to
``ta_conventions.md``) is read item by item, its first-read misses strict xfails by id.

| set      | size | first read (main a31f4e6 = r5-ta 9e998e6) | end of round 5 |
|----------|------|-------------------------------------------|----------------|
| ta_dev7  | 100  | exact 0.840, F1 0.901                     | 0.970, 0.982   |
"""

from __future__ import annotations

import pytest

from tests.language.test_traveling_adventurers_round3 import (
    _check_category,
    _check_floor,
    _exact,
    _i,
    _items,
    _s,
    _table_case,
)

DEV7 = _items("ta_dev7.jsonl")

AGREE = {"act": "agree"}
REJECT = {"act": "reject"}
BEST = {"act": "ask", "about": "best_next"}
AT_L = {"rooms": "6", "visited": "L"}
AT_E = {"rooms": "6", "visited": "L,E"}
AT_E_K = {"rooms": "6", "visited": "L,E", "last_suggestion": "E,K", "topic": "E,K"}
AT_K = {"rooms": "6", "visited": "L,E,K"}
AT_K_C = {"rooms": "6", "visited": "L,E,K", "topic": "K,C", "last_question": "K,C", "last_amount": "3"}
AT_B = {"rooms": "6", "visited": "L,E,B"}
AT_E8 = {"rooms": "8", "visited": "L,E"}

# (category, message, context, expected acts, fails at the first read)
CATEGORIES = [
    # A. corrections with the marker inside the sentence and no punctuation (voice typing, chat)
    ("correction", "the kids room no not the kids room the attic", AT_K, [_s("K", "A")], False),
    ("correction", "lets try the loo. no sorry, C", AT_K, [_s("K", "C")], False),
    ("correction", "K-A gives me 3... oh no, is 7", AT_K, [_i("K", "A", 7)], False),
    ("correction", "1 on that hallway, or wait, 10", AT_K_C, [_i("K", "C", 10)], False),
    # B. an amount moved to another hallway by a later sentence
    ("correction", "K-B 6 hmm no, that 6 is for K-A. K-B is just 1", AT_K, [_i("K", "A", 6), _i("K", "B", 1)], False),
    (
        "correction",
        "my number for K-C is five. oh no that's K-A. K-C is two",
        AT_K,
        [_i("K", "A", 5), _i("K", "C", 2)],
        False,
    ),
    ("correction", "4 for K to B (typo, meant K to C)", AT_K, [_i("K", "C", 4)], False),
    # C. the origin of a per-room list given outside it
    (
        "quantified_list",
        "if we start from the bathroom: 1 to the attic, 5 to the nursery",
        AT_K,
        [_i("B", "A", 1), _i("B", "C", 5)],
        False,
    ),
    (
        "quantified_list",
        "bathroom 2, attic 7 (both from the kids room)",
        AT_K,
        [_i("C", "B", 2), _i("C", "A", 7)],
        False,
    ),
    (
        "quantified_list",
        "From the kitchen: to the loo I get 3, to the attic 3 as well",
        AT_E,
        [_i("K", "B", 3), _i("K", "A", 3)],
        False,
    ),
    # D. one amount over a set the context names
    ("quantified_list", "same for all three: 2", AT_B, [_i("B", r, 2) for r in "KCA"], False),
    ("quantified_list", "the same for all of them, 4", AT_B, [_i("B", r, 4) for r in "KCA"], False),
    # E. tours in glued words / lower-case hops
    (
        "embedded_tour",
        "livingroom kitchen emptyroom bathroom attic kidsroom livingroom ok?",
        AT_L,
        [_s(*"LKEBACL")],
        False,
    ),
    (
        "embedded_tour",
        "livingroom emptyroom childrensroom kitchen attic bathroom livingroom?",
        AT_L,
        [_s(*"LECKABL")],
        False,
    ),
    ("embedded_tour", "kb bc ca?", AT_K, [_s("K", "B", "C", "A")], False),
    # F. long polite refusals
    (
        "inability_skip_rejection",
        "I'm afraid I wouldn't be able to do the kitchen right now",
        AT_E,
        [{"act": "reject", "path": ["E", "K"]}],
        False,
    ),
    (
        "inability_skip_rejection",
        "I don't think I can manage the attic yet, sorry",
        AT_K,
        [{"act": "reject", "path": ["K", "A"]}],
        False,
    ),
    # written after the fixes (regression guards in fresh wording): "same" as a room's amount, an
    # origin in parentheses, "both" before the amount, a pictograph between clauses, "let's go"
    ("reference", "the bathroom is the same", AT_K_C, [_i("K", "B", 3)], False),
    (
        "quantified_list",
        "kids room 4, attic 0 (all from the bathroom)",
        AT_K,
        [_i("B", "C", 4), _i("B", "A", 0)],
        False,
    ),
    (
        "quantified_list",
        "both the loo and the attic are 3, the kids room 8",
        AT_K,
        [_i("K", "B", 3), _i("K", "A", 3), _i("K", "C", 8)],
        False,
    ),
    ("general", "lol we just started 😅 kitchen first?", AT_L, [_s("L", "K")], False),
    ("general", "ok lets go", AT_E_K, [AGREE], False),
    ("inability_skip_rejection", "i'm not able to go there yet", AT_E_K, [REJECT], False),
    ("general", "i have 4 coin for go to the attic from here", AT_K, [_i("K", "A", 4)], False),
    ("reference", "less than you, only 2", AT_K_C, [_i("K", "C", 2)], False),
    ("inability_skip_rejection", "hmm not yet", AT_E_K, [REJECT], False),
    ("inability_skip_rejection", "not just yet, the loo first", AT_E_K, [REJECT, _s("E", "B")], False),
    (
        "quantified_list",
        "all of them are 3 except the attic (7)",
        AT_K,
        [_i("K", "B", 3), _i("K", "C", 3), _i("K", "A", 7)],
        False,
    ),
    ("correction", "the attic!! oh wait nvm the loo", AT_K, [_s("K", "B")], False),
    ("correction", "3 on K-A (meant K-C)", AT_K, [_i("K", "C", 3)], False),
    ("correction", "attic next? or actually kids room idk", AT_K, [_s("K", "C")], False),
    (
        "embedded_tour",
        "my route would be empty, kitchen, bathroom, kids, attic and home",
        AT_L,
        [_s(*"LEKBCAL")],
        False,
    ),
    (
        "embedded_tour",
        "i say empty room then kitchen then loo then kids then attic then back",
        AT_L,
        [_s(*"LEKBCAL")],
        False,
    ),
    ("general", "oki doki", AT_E_K, [AGREE], False),
    ("reference", "same, and B to A I get 6", AT_K_C, [_i("K", "C", 3), _i("B", "A", 6)], False),
    # regression guards that pass already
    ("correction", "attic next. no wait, the loo", AT_E, [_s("E", "B")], False),
    ("quantified_list", "from the kids room: bathroom 2, attic 7", AT_K, [_i("C", "B", 2), _i("C", "A", 7)], False),
]


@pytest.mark.parametrize(("message", "ctx", "expected"), [_table_case(row, 5) for row in CATEGORIES])
def test_category(message: str, ctx: dict[str, str], expected: list[dict[str, object]]) -> None:
    """Our own wording of the shapes left weak is read as ``ta_conventions.md`` labels it."""
    _check_category(message, ctx, expected)


# ta_dev7 items that failed at the first read and are not fixed yet (strict xfail: a fix drops its id).
STILL_FAILING: set[str] = set(
    """
    ta7-028 ta7-087 ta7-098
    """.split()
)


def _case(item: dict[str, object]) -> object:
    marks = [pytest.mark.xfail(strict=True, reason="issue 17 round 5: not handled yet")]
    return pytest.param(item, id=str(item["id"]), marks=marks if item["id"] in STILL_FAILING else [])


@pytest.mark.parametrize("item", [_case(item) for item in DEV7])
def test_dev_item(item: dict[str, object]) -> None:
    """Each blind development-set message is read exactly as labelled."""
    assert _exact(item), item["message"]


def test_dev_floor() -> None:
    """The blind batch stays read at least this well (0.840 exact at the first read, 0.970 after)."""
    _check_floor(DEV7, 0.96)
