"""The LLM parser and renderer on Gnomes at Night, against the scripted server."""

import numpy as np
import pytest

from language.acts import Intent
from language.flags import Flag, FlagContext
from language.gnomes_at_night import GnomesParser, GnomesRenderer
from language.gnomes_at_night_llm import _EXAMPLES, GNOMES_AT_NIGHT
from language.llm import LLMParser, LLMRenderer
from language.llm_client import LLMClient, LLMConfig
from language.scripted_server import Reply, prompt_input


def client(server) -> LLMClient:
    return LLMClient(LLMConfig(model="scripted", base_url=server.url))


@pytest.mark.parametrize("message, flag", _EXAMPLES)
def test_the_prompts_examples_are_what_the_rule_parser_reads(message, flag):
    assert GnomesParser().parse(message, FlagContext())[0].to_json() == flag


def test_the_llm_parser_returns_one_flag(llm_server):
    parser = LLMParser(client(llm_server), GNOMES_AT_NIGHT, GnomesParser())
    assert parser.parse("could you head west?", FlagContext()) == [Flag(flag="left")]
    assert prompt_input(llm_server.requests[0])["context"]["last_request"] is None


def test_two_flags_are_re_asked(llm_server):
    two = {"acts": [{"act": "flag", "flag": "left"}, {"act": "flag", "flag": "up"}]}
    llm_server.push(Reply.json(two), Reply.json({"acts": [{"act": "flag", "flag": "up"}]}))
    parser = LLMParser(client(llm_server), GNOMES_AT_NIGHT, GnomesParser())
    assert parser.parse("up then left", FlagContext()) == [Flag(flag="up")]
    assert "exactly one flag" in str(llm_server.requests[1]["messages"][-1]["content"])


def test_a_rendered_message_must_read_as_its_flag(llm_server):
    llm_server.push(*[Reply.json({"message": "Let's go up!"})] * 3)
    renderer = LLMRenderer(client(llm_server), GNOMES_AT_NIGHT, GnomesRenderer())
    intent = Intent(acts=[Flag(flag="reject", move="left")])
    text = renderer.render(intent, FlagContext(), np.random.default_rng(0))
    assert text == "I cannot move left because there is a wall in that direction."
    assert renderer.client.usage.fallbacks == 1
    assert "reads as" in str(llm_server.requests[1]["messages"][-1]["content"])


def test_the_oracle_renders_and_the_result_reads_back(llm_server):
    renderer = LLMRenderer(client(llm_server), GNOMES_AT_NIGHT, GnomesRenderer())
    text = renderer.render(Intent(acts=[Flag(flag="down")]), FlagContext(), np.random.default_rng(0))
    assert GnomesParser().parse(text, FlagContext())[0].flag == "down"
    assert renderer.client.usage.fallbacks == 0
