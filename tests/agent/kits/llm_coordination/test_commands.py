"""``accord qa run`` end to end against the scripted OpenAI-compatible server on 127.0.0.1: every
question asked, exact accounting, a second run served from the cache, accuracy as the key implies,
failing endpoints counted in one line, and answers saved when a run stops midway. The command is
the one the Hanabi kit declares (:data:`agent.kits.llm_coordination.commands.COMMANDS`)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
import typer

from agent.cli import app
from agent.kits.llm_coordination import qa
from language.scripted_server import Reply, ScriptedLLMServer

BENCH = qa.load_benchmark()


def _root():
    return typer.main.get_group(app)


def _run(args: list[str]) -> int:
    """Run ``accord qa run ARGS``; its exit code."""
    try:
        code = _root().main(["qa", "run", *args], prog_name="accord", standalone_mode=False)
    except typer.Exit as done:
        return done.exit_code
    return int(code or 0)


def _options_of(request: dict) -> tuple[qa.Option, ...]:
    """The options printed in the request's last user turn: what the server sees (never the key)."""
    return qa.parse_options(request["messages"][-1]["content"])


def always_a(request: dict) -> Reply:
    return Reply.text("Explanation: scripted.\nAnswer: A")


def first_option_text(request: dict) -> Reply:
    return Reply.text(f"Explanation: scripted.\nAnswer: {_options_of(request)[0].text}")


def _share_with_a(questions) -> float:
    return sum("A" in BENCH.key[q.id] for q in questions) / len(questions)


def test_the_command_is_documented():
    root = _root()
    group = root.get_command(typer.Context(root), "qa")
    command = group.commands["run"]  # type: ignore[union-attr]
    assert "Student-t 95%" in (command.help or "") and "Wilson 95%" in (command.help or "")
    names = {opt for p in command.params for opt in p.opts}
    assert {"--model", "--trials", "--json", "--games", "--categories", "--llm-base-url", "--llm-cache"} <= names


def test_all_198_questions_with_exact_accounting_and_a_cached_replay(tmp_path, capsys):
    out, cache = tmp_path / "qa.json", tmp_path / "cache"
    args = ["--model", "scripted", "--trials", "2", "--json", str(out), "--llm-cache", str(cache)]
    with ScriptedLLMServer(responder=always_a) as server:
        assert _run([*args, "--llm-base-url", server.url]) == 0
        assert server.received == 198 * 2
        first = json.loads(out.read_text())
        assert first["complete"] and len(first["answers"]) == 396
        assert first["llm"]["calls"] == 396 and first["llm"]["http_requests"] == 396
        assert first["llm"]["cached"] == 0 and first["llm"]["failures"] == 0 and first["llm"]["retries"] == 0
        assert first["llm"]["prompt_tokens"] > 0 and first["llm"]["completion_tokens"] > 0
        # the paper's four turns, one seed per trial
        body = server.requests[0]
        assert [m["role"] for m in body["messages"]] == ["system", "user", "assistant", "user"]
        assert body["messages"][2]["content"] == "Got it!" and "tools" not in body and "response_format" not in body
        assert sorted({r["seed"] for r in server.requests}) == [0, 1]
        # the replay: nothing sent, every answer from the cache, the same results
        assert _run([*args, "--llm-base-url", server.url]) == 0
        assert server.received == 396
    second = json.loads(out.read_text())
    assert second["llm"]["calls"] == 396 and second["llm"]["cached"] == 396 and second["llm"]["http_requests"] == 0
    assert second["answers"] == first["answers"] and second["summary"] == first["summary"]
    # the accuracy is what the key implies for a model that always answers A
    summary = first["summary"]
    for label, questions in [
        ("all", BENCH.questions),
        *((c, [q for q in BENCH.questions if q.category == c]) for c in qa.CATEGORIES),
        *((g, [q for q in BENCH.questions if q.game == g]) for g in qa.GAMES),
    ]:
        expected = _share_with_a(questions)
        assert summary[label]["accuracy"] == pytest.approx(expected), label
        assert summary[label]["per_trial"] == pytest.approx([expected, expected])
        assert summary[label]["t95"] == pytest.approx([expected, expected])
        assert summary[label]["random"] == pytest.approx(qa.random_baseline(questions, BENCH.key))
    assert all(a["letter"] == "A" and a["method"] == "letter" for a in first["answers"])
    shown = capsys.readouterr().out
    assert "EC (Environment Comprehension)" in shown and "Hanabi" in shown and "random %" in shown
    assert "calls" in shown and "396" in shown


def test_the_option_text_without_its_letter_is_matched(tmp_path):
    out = tmp_path / "qa.json"
    with ScriptedLLMServer(responder=first_option_text) as server:
        assert _run(["--model", "m", "--llm-base-url", server.url, "--trials", "1", "--json", str(out)]) == 0
    report = json.loads(out.read_text())
    assert len(report["answers"]) == 198 and report["llm"]["calls"] == 198
    assert {a["method"] for a in report["answers"]} == {"text"}
    assert all(a["letter"] == "A" for a in report["answers"])
    assert report["summary"]["all"]["accuracy"] == pytest.approx(_share_with_a(BENCH.questions))
    assert report["summary"]["all"]["t95"] is None  # one trial: no interval over trials


def test_a_selection_of_games_and_categories(tmp_path):
    out = tmp_path / "qa.json"
    with ScriptedLLMServer(responder=always_a) as server:
        args = ["--model", "m", "--llm-base-url", server.url, "--trials", "3", "--json", str(out)]
        assert _run([*args, "--games", "hanabi,collabgames", "--categories", "tom"]) == 0
        assert server.received == (28 + 18) * 3
    report = json.loads(out.read_text())
    assert set(report["summary"]) == {"ToM", "Hanabi", "CollabGames", "Hanabi/ToM", "CollabGames/ToM", "all"}


def test_a_failing_endpoint_is_counted_and_reported_in_one_line(tmp_path, capsys):
    out = tmp_path / "qa.json"
    with ScriptedLLMServer(responder=lambda request: Reply.error(500, "scripted outage")) as server:
        code = _run(
            ["--model", "m", "--llm-base-url", server.url, "--trials", "1", "--json", str(out), "--llm-timeout", "0.4"]
        )
    assert code == 1
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if "every answer failed" in line]
    assert len(lines) == 1 and "all counted wrong" in lines[0] and "Traceback" not in err
    report = json.loads(out.read_text())
    assert report["complete"] and len(report["answers"]) == 198
    assert report["llm"]["calls"] == 198 and report["llm"]["failures"] == 198
    assert all(a["method"] == "failed" and a["error"] and not a["correct"] for a in report["answers"])
    assert report["summary"]["all"]["accuracy"] == 0 and report["summary"]["all"]["failures"] == 198


def test_some_failures_and_garbage_answers_still_finish(tmp_path, capsys):
    counter = itertools.count()
    replies = [Reply.error(400, "bad"), Reply.text("\x00}{ garbage ```"), Reply.text("Answer: A")]

    def flaky(request: dict) -> Reply:
        return replies[next(counter) % 3]

    out = tmp_path / "qa.json"
    with ScriptedLLMServer(responder=flaky) as server:
        assert _run(["--model", "m", "--llm-base-url", server.url, "--trials", "1", "--json", str(out)]) == 0
    warning = [line for line in capsys.readouterr().err.splitlines() if "warning:" in line]
    assert len(warning) == 1 and "66 of 198 answers failed" in warning[0]
    report = json.loads(out.read_text())
    assert report["llm"]["failures"] == 66 and report["llm"]["calls"] == 198
    methods = [a["method"] for a in report["answers"]]
    assert methods.count("failed") == 66 and methods.count("none") == 66 and methods.count("letter") == 66


def test_answers_are_saved_when_a_run_stops_midway(tmp_path, monkeypatch):
    real = qa.ask_text
    calls = itertools.count()

    def stops(client, messages, seed=None):
        if next(calls) == 230:  # in the second trial
            raise KeyboardInterrupt
        return real(client, messages, seed=seed)

    monkeypatch.setattr(qa, "ask_text", stops)
    out = tmp_path / "qa.json"
    with ScriptedLLMServer(responder=always_a) as server:
        try:  # click turns the interrupt into an abort (exit code 1) or lets it through
            assert _run(["--model", "m", "--llm-base-url", server.url, "--trials", "3", "--json", str(out)]) != 0
        except (KeyboardInterrupt, typer.Abort):
            pass
    report = json.loads(out.read_text())
    assert not report["complete"] and len(report["answers"]) == 230
    assert report["summary"]["all"]["trials"] == 2


def test_no_endpoint_is_a_one_line_error(tmp_path, capsys, monkeypatch):
    for name in ("ACCORD_LLM_BASE_URL", "ACCORD_LLM_API_KEY", "OPENAI_API_KEY", "ACCORD_LLM_MODEL"):
        monkeypatch.delenv(name, raising=False)
    assert _run(["--model", "m", "--json", str(tmp_path / "qa.json")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: accord qa run needs a language model") and "\n" not in err
    assert not Path(tmp_path / "qa.json").exists()


@pytest.mark.parametrize(
    ("option", "value", "problem"),
    [("--games", "chess", "unknown game 'chess'"), ("--layout", "x", "unknown --layout")],
)
def test_bad_selections_are_one_line_errors(option, value, problem, capsys):
    with ScriptedLLMServer(responder=always_a) as server:
        assert _run(["--model", "m", "--llm-base-url", server.url, option, value]) == 2
        assert server.received == 0
    err = capsys.readouterr().err.strip()
    assert problem in err and "\n" not in err
