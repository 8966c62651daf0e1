"""Issue 13: the shared LLM modules carry no game's wording; each game's schema text comes from its
language definition.

The AsymPuzl policy used to send a JSON schema whose ``thought`` said "draft the best tour"
(inherited from the Traveling Adventurers policy), and :mod:`language.llm` named games in its
docstrings. Traveling Adventurers' own policy schema must stay byte-identical: its cached answers
and scripted-server runs are keyed by the request, schema included.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAME_WORDS = re.compile(
    r"traveling|adventurers|gnome|dialop|asympuzl|mediation|optimization|planning|\btours?\b", re.IGNORECASE
)
TA_SCHEMA = Path(__file__).parent / "data" / "ta_policy_decision_schema.json"


def _asympuzl_policy():
    from agent.kits.base import BuildContext, NoOptions
    from agent.registry import default_registry

    llm_policy = default_registry().implementation("asympuzl", "planner", "llm")
    return llm_policy.factory(BuildContext(NoOptions()))  # no client: it is only stored


def test_the_asympuzl_policy_schema_says_nothing_of_tours():
    schema = json.dumps(_asympuzl_policy().response_model.model_json_schema())
    assert "tour" not in schema.lower(), schema


def test_the_asympuzl_policy_schema_asks_for_its_own_thought():
    from language.asympuzl_llm import ASYMPUZL

    thought = _asympuzl_policy().response_model.model_json_schema()["properties"]["thought"]
    assert thought["description"] == ASYMPUZL.policy_thought


def test_the_traveling_adventurers_policy_schema_is_unchanged():
    """The schema the policy sends, with its name and docstring, as it was before issue 13 (the
    request body is hashed for the response cache, so a change must be deliberate: issue 17 rewrote
    the intent flag's attribute documentation, which the schema carries)."""
    from language.llm import LLMPolicy
    from language.traveling_adventurers_llm import TRAVELING_ADVENTURERS

    model = LLMPolicy(None, TRAVELING_ADVENTURERS, None).response_model
    golden = json.loads(TA_SCHEMA.read_text(encoding="utf-8"))
    assert (model.__name__, model.__doc__) == (golden["name"], golden["doc"])
    # the key order counts: the request body is hashed as sent
    assert json.dumps(model.model_json_schema()) == json.dumps(golden["schema"])


@pytest.mark.parametrize("module", ["language/llm.py", "language/structured.py"])
def test_shared_language_modules_name_no_game(module):
    lines = (ROOT / module).read_text(encoding="utf-8").splitlines()
    hits = [f"{i}: {line.strip()}" for i, line in enumerate(lines, 1) if GAME_WORDS.search(line)]
    assert hits == [], "\n".join(hits)
