"""The structured (JSON) channel: loss-free for valid acts, silent on anything else."""

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from language.acts import Agree, Ask, End, Inform, Intent, Suggest, acts_from_json
from language.structured import StructuredParser, StructuredRenderer
from language.traveling_adventurers.context import DialogueContext
from language.traveling_adventurers_llm import ACTS, TRAVELING_ADVENTURERS

CTX = DialogueContext(rooms={"L": "living room", "E": "empty room", "K": "kitchen"})
KEYS = ["act", "path", "edge", "coins", "about", "flag", "move", "L", "K", "E", "Z"]


def test_round_trip():
    acts = [
        Agree(path=["L", "E"]),
        Suggest(path=["E", "K"]),
        Inform(edge=("E", "K"), coins=4),
        Ask(about="best_next"),
        End(path=["L", "E", "K", "L"]),
    ]
    text = StructuredRenderer(acts=ACTS).render(Intent(acts=acts), CTX, np.random.default_rng(0))
    assert StructuredParser(acts=ACTS, language=TRAVELING_ADVENTURERS).parse(text, CTX) == acts


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
    assert StructuredParser(acts=ACTS, language=TRAVELING_ADVENTURERS).parse(text, CTX) == []


# ---- issue 12 #22: acts are held to the game, and nothing raises -------------------------------


@pytest.mark.parametrize(
    "acts",
    [
        [{"act": "suggest", "path": ["L", "Z"]}],  # a room not on the board
        [{"act": "inform", "edge": ["L", "K"], "coins": 999}],  # coins outside 1..10
        [{"act": "inform", "edge": ["L", "K"], "coins": 0}],
        [{"act": "end", "path": ["L", "K", "L"]}],  # not a full tour
        [{"act": "suggest", "path": ["L", "K", "E", "K"]}],  # a room twice
        [{"act": "ask", "edge": ["L", "Q"]}],
        [{"act": "agree"}, {"act": "suggest", "path": ["K", "X"]}],  # one bad act refuses the message
    ],
)
def test_acts_that_break_the_game_are_refused_and_counted(acts):
    """Issue 12 #22: the structured parser validates decoded acts as the LLM parser's validators do
    (TRAVELING_ADVENTURERS.act_errors) and refuses the whole message, counting the refusal."""
    parser = StructuredParser(acts=ACTS, language=TRAVELING_ADVENTURERS)
    assert TRAVELING_ADVENTURERS.act_errors(acts_from_json(acts), CTX)  # the LLM validators refuse it too
    assert parser.parse(json.dumps(acts), CTX) == []
    assert parser.refused == 1 and parser.last_refusal


def test_valid_acts_pass_and_are_not_counted():
    """Issue 12 #22: what the structured renderer writes for legal acts is never refused."""
    parser = StructuredParser(acts=ACTS, language=TRAVELING_ADVENTURERS)
    acts = [Agree(), Suggest(path=["K", "E"]), Inform(edge=("K", "E"), coins=10), End(path=["L", "K", "E", "L"])]
    text = StructuredRenderer(acts=ACTS).render(Intent(acts=acts), CTX, np.random.default_rng(0))
    assert parser.parse(text, CTX) == acts and parser.parse("[]", CTX) == []
    assert parser.refused == 0


@pytest.mark.parametrize(
    "text",
    [
        "[" * 200_000,
        "[" * 100_000 + "]" * 100_000,
        '[{"act": "suggest", "path": ' + "[" * 50_000 + "]" * 50_000 + "}]",
        "1" * 5000,
        '[{"act": "inform", "edge": ["L", "K"], "coins": 1e999}]',
        json.dumps([{"act": "agree"}] * 2000),  # over the message limit
        "\udcff\x00",
    ],
)
def test_huge_deep_or_strange_input_is_a_safe_empty_parse(text):
    """Issue 12 #22: huge, deeply nested or odd input parses to nothing, never raises."""
    assert StructuredParser(acts=ACTS, language=TRAVELING_ADVENTURERS).parse(text, CTX) == []


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=4), children, max_size=4)
    ),
    max_leaves=30,
)


rooms = st.sampled_from(["L", "E", "K", "Z"])
act_like = st.one_of(
    st.fixed_dictionaries({"act": st.sampled_from(["suggest", "agree", "reject", "end"]), "path": st.lists(rooms)}),
    st.fixed_dictionaries({"act": st.just("inform"), "edge": st.lists(rooms), "coins": st.integers(-3, 2000)}),
    st.fixed_dictionaries({"act": st.just("ask"), "edge": st.lists(rooms, max_size=3)}),
)


@given(st.lists(act_like | json_values, max_size=4) | json_values | st.text(max_size=200))
@settings(max_examples=300, deadline=None)
def test_any_json_or_text_parses_to_legal_acts_or_nothing(data):
    """Issue 12 #22: whatever arrives, the parse never raises and returns only acts the game's
    validators accept."""
    text = data if isinstance(data, str) else json.dumps(data)
    acts = StructuredParser(acts=ACTS, language=TRAVELING_ADVENTURERS).parse(text, CTX)
    assert TRAVELING_ADVENTURERS.act_errors(acts, CTX) == []


@pytest.mark.parametrize("preset", ["state-tracking", "problem-solving"])
def test_self_play_over_the_structured_channel_refuses_nothing(preset):
    """Issue 12 #22: validation costs the loss-free channel nothing: in self-play every message the
    planners send over it is accepted. (The greedy planner of the baseline and grounding presets
    ends seed 2 with L-E-K-C-B-E-L, not a tour; the parser rightly refuses that.)"""

    from agent.arena import play_game
    from agent.registry import default_registry
    from games.traveling_adventurers import TravelingAdventurersGame

    registry = default_registry()
    spec = registry.preset("traveling_adventurers", preset).with_slots(parser="structured", renderer="structured")
    agents = [registry.build_agent(spec) for _ in range(2)]
    for seed in range(6):
        record = play_game(TravelingAdventurersGame(), agents, seed)
        assert record.refused == [] and record.transcript
    assert [agent.parser.refused for agent in agents] == [0, 0], [a.parser.last_refusal for a in agents]
