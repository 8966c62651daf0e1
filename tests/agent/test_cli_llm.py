"""The command line with language models: --parser llm / --renderer llm against the scripted
server, the one-line error without an endpoint, and `accord llm serve` input errors."""

import json

import pytest
from typer.testing import CliRunner

from agent.cli import app
from language.scripted_server import prompt_input

runner = CliRunner()
ENV_KEYS = ("ACCORD_LLM_MODEL", "ACCORD_LLM_BASE_URL", "ACCORD_LLM_API_KEY", "OPENAI_API_KEY", "ACCORD_LLM_MODE")


@pytest.fixture(autouse=True)
def no_llm_environment(monkeypatch):
    for name in ENV_KEYS:
        monkeypatch.delenv(name, raising=False)


def test_parse_with_llm_prints_the_same_format_as_rules(llm_server):
    message = "sure! then the kitchen, I get 4 coins from there to the attic"
    args = ["parse", message, "--visited", "L,E", "--last-suggestion", "L,E"]
    rules = runner.invoke(app, [*args, "--parser", "rules"])
    llm = runner.invoke(app, [*args, "--parser", "llm", "--llm-model", "scripted", "--llm-base-url", llm_server.url])
    assert rules.exit_code == llm.exit_code == 0
    assert json.loads(llm.stdout) == json.loads(rules.stdout)
    assert json.loads(rules.stdout)[0]["act"] == "agree"
    assert len(llm_server.requests) == 1


def test_parse_with_llm_and_no_endpoint_is_one_line_saying_what_to_set():
    result = runner.invoke(app, ["parse", "hello", "--parser", "llm"])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "--llm-model" in lines[0] and "--llm-base-url" in lines[0]


def test_parse_notes_a_fallback(llm_server):
    from language.scripted_server import Reply

    llm_server.push(*[Reply.text("not json at all")] * 3)
    result = runner.invoke(
        app,
        [
            "parse",
            "yes",
            "--last-suggestion",
            "L,K",
            "--parser",
            "llm",
            "--llm-model",
            "m",
            "--llm-base-url",
            llm_server.url,
        ],
    )  # with our suggestion pending: a "yes" with nothing pending is no act (issue 17)
    assert result.exit_code == 0 and "rule parser" in result.stderr
    assert json.loads(result.stdout) == [{"act": "agree"}]


def test_selfplay_with_llm_stages_reports_accounting(tmp_path, llm_server):
    out = tmp_path / "run.json"
    args = ["selfplay", "--games", "2", "--parser", "llm", "--renderer", "template", "--json", str(out)]
    result = runner.invoke(app, [*args, "--llm-model", "scripted", "--llm-base-url", llm_server.url])
    assert result.exit_code == 0, result.stderr
    data = json.loads(out.read_text())
    assert data["agent"] == "problem-solving (parser=llm, renderer=template)"
    assert data["llm"]["calls"] == len(llm_server.requests) > 0
    assert all(game["llm"]["calls"] > 0 for game in data["games"])
    for game in data["games"]:
        assert sum(turn["calls"] for turn in game["llm_per_turn"]) == game["llm"]["calls"]
        assert sum(turn["prompt_tokens"] for turn in game["llm_per_turn"]) == game["llm"]["prompt_tokens"]
    assert "language-model use" in result.stdout


def test_selfplay_with_an_llm_stage_and_no_endpoint_is_one_line():
    result = runner.invoke(app, ["selfplay", "--games", "1", "--renderer", "llm"])
    assert result.exit_code == 2 and "the renderer 'llm' needs a language model" in result.stderr


def test_ablate_runs_offline_presets_by_default(tmp_path):
    out = tmp_path / "ablate.json"
    result = runner.invoke(app, ["ablate", "--seeds", "1", "--games", "1", "--json", str(out)])
    assert result.exit_code == 0, result.stderr
    assert [row["cell"] for row in json.loads(out.read_text())["sweeps"][0]["cells"]] == [
        "baseline",
        "grounding",
        "state-tracking",
        "problem-solving",
    ]


@pytest.mark.parametrize(
    "args, error",
    [
        (["llm", "serve", "missing.gguf"], "no GGUF file at missing.gguf"),
        (["llm", "serve", "gpt-9"], "unknown model 'gpt-9'"),
        (["llm", "serve"], "give a .gguf file"),
    ],
)
def test_llm_serve_input_errors_are_one_line(args, error):
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and error in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_unknown_llm_mode_is_one_line():
    result = runner.invoke(app, ["parse", "hi", "--parser", "llm", "--llm-mode", "xml", "--llm-model", "m"])
    assert result.exit_code == 2 and "unknown LLM mode 'xml'" in result.stderr


def test_play_against_an_llm_preset_in_the_terminal(llm_server):
    script = "hi! from the living room I'd go to the attic, 7 coins for me. you?\n/quit\n"
    args = ["play", "--agent", "llm-problem-solving", "--board", "1", "--side", "bot"]
    result = runner.invoke(app, [*args, "--llm-model", "scripted", "--llm-base-url", llm_server.url], input=script)
    assert result.exit_code == 0, result.output
    assert "partner>" in result.stdout
    tasks = [prompt_input(request)["task"] for request in llm_server.requests]
    assert tasks[:2] == ["render", "parse"]  # the agent (light world) spoke first, then read the reply
