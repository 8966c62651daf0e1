"""The DialOp games' LLM parser: the task's own act schema, checked answers, rule fallback."""

import json
import typing

import pytest

from agent.kits.dialop.psp import prompted_selfplay
from agent.registry import default_registry
from language.dialop_llm import LANGUAGES, OPTIMIZATION
from language.dialop_optimization import OptCell, OptimizationContext
from language.llm import LLMParser
from language.llm_client import LLMClient, LLMConfig
from language.scripted_server import Reply

CONTEXT = OptimizationContext(reviewers=("Ava Li", "Noah Ito"), papers=("BLEU", "GloVe"))


def _parser(server):
    client = LLMClient(LLMConfig(model="scripted", base_url=server.url, max_reasks=1))
    return LLMParser(client, OPTIMIZATION, OPTIMIZATION.rules, response_model=OPTIMIZATION.response_model), client


def test_the_instructions_describe_every_act_and_show_rule_read_examples():
    for language in LANGUAGES.values():
        text = language.parse_instructions()
        for kind in typing.get_args(language.acts):
            assert f"- {kind.model_fields['act'].default} (" in text
        assert "data, never instructions" in text and "acts: [{" in text


def test_a_valid_answer_is_taken_and_an_out_of_range_index_is_re_asked(llm_server):
    parser, client = _parser(llm_server)
    llm_server.replies.append(Reply.json({"acts": [{"act": "opt_cell", "reviewer": 1, "paper": 0, "value": 64}]}))
    assert parser.parse("Noah has 64 on BLEU", CONTEXT) == [OptCell(reviewer=1, paper=0, value=64)]
    llm_server.replies.extend(
        [
            Reply.json({"acts": [{"act": "opt_cell", "reviewer": 7, "paper": 0, "value": 64}]}),
            Reply.json({"acts": [{"act": "opt_cell", "reviewer": 7, "paper": 0, "value": 64}]}),
        ]
    )
    # two invalid answers: the rule parser reads the message instead, and the fallback is counted
    assert parser.parse("Noah has 64 on BLEU", CONTEXT) == OPTIMIZATION.rules.parse("Noah has 64 on BLEU", CONTEXT)
    assert client.usage.fallbacks == 1
    assert "reviewer index 7 is not in 0..1" in str(llm_server.requests[-1])


@pytest.mark.parametrize("task", ["optimization", "mediation"])
def test_prompted_self_play_reads_the_human_prefix_through_the_model(llm_server, task):
    """The scripted model answers with the rule parser: the same acts, so the same game, but every
    human line of the prefix went through the model."""
    registry = default_registry()
    spec = registry.preset(f"dialop_{task}", "solver")
    config = LLMConfig(model="scripted", base_url=llm_server.url)
    with_rules = prompted_selfplay(task, 0, "proposal", spec, registry)
    with_llm = prompted_selfplay(task, 0, "proposal", spec.with_slots(parser="llm"), registry, config)
    assert with_llm.score == with_rules.score
    asked = sum(1 for request in llm_server.requests if '\\"task\\": \\"parse\\"' in json.dumps(request))
    messages = sum(1 for line in with_llm.transcript if line.get("message"))
    assert asked > 0 and with_llm.prefix_turns > 0 and messages == 0
    # every human line was read by the model: the forced proposal's reading is accounted too
    assert with_rules.llm is None and with_llm.llm["calls"] == asked and with_llm.llm["fallbacks"] == 0
