"""The structured (JSON) channel: loss-free for valid acts, silent on anything else."""

import numpy as np
import pytest

from language.acts import Agree, Ask, End, Inform, Intent, Suggest
from language.base import DialogueContext
from language.structured import StructuredParser, StructuredRenderer

CTX = DialogueContext(rooms={"L": "living room", "E": "empty room", "K": "kitchen"})


def test_round_trip():
    acts = [
        Agree(path=["L", "E"]),
        Suggest(path=["E", "K"]),
        Inform(edge=("E", "K"), coins=4),
        Ask(about="best_next"),
        End(path=["L", "E", "K", "L"]),
    ]
    text = StructuredRenderer().render(Intent(acts=acts), CTX, np.random.default_rng(0))
    assert StructuredParser().parse(text, CTX) == acts


@pytest.mark.parametrize(
    "text",
    [
        "",
        "hello",
        "[",
        '{"act": "agree"}',
        '[{"act": "fly"}]',
        '[{"act": "inform", "edge": ["L", "L"], "coins": 3}]',
        "[" * 5000,
    ],
)
def test_anything_else_yields_no_acts(text):
    assert StructuredParser().parse(text, CTX) == []
