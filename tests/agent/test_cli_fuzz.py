"""Issue 12 (acceptance): a hypothesis fuzz over every command of the ``accord`` command line.

The commands are found by walking the typer app, so a new command is fuzzed without touching this
file. Each example takes a cheap, valid invocation of one command (:data:`BASE`; a command not
listed there starts from no arguments) and replaces one of its options or arguments with a
hostile value: rich markup, huge or NFKC-expanding text, control characters and undecodable bytes,
negative or huge numbers, directories and missing paths. Whatever happens, the command must exit
with 0 or 2, print no traceback and no internal error, and an error must be one line.
"""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest
import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer._click.core import Context
from typer.testing import CliRunner

from agent.cli import app

runner = CliRunner()

GRAPH = {
    "nodes": ["L", "E", "A", "B"],
    "edges": [
        [u, v, 1 + i]
        for i, (u, v) in enumerate([("L", "E"), ("L", "A"), ("L", "B"), ("E", "A"), ("E", "B"), ("A", "B")])
    ],
}

# cheap valid invocations per command: (arguments in order, options); "{work}" is the work folder
GNOMES = ["--game", "gnomes_at_night", "--games", "1", "--turn-cap", "10", "--option", "iterations=200"]
VARIANTS: dict[str, list[tuple[list[str], list[str]]]] = {
    "selfplay": [([], ["--game", "asympuzl", "--games", "1"]), ([], GNOMES)],
    "parse": [(["go left"], ["--game", "gnomes_at_night"]), (["hi"], ["--game", "dialop_planning"])],
    "play": [(["gnomes_at_night"], ["--agent", "mute"])],
    # the result commands on a real store (see the work fixture), not only on a missing one
    "results summarize": [(["{work}/store"], ["--json", "-"])],
    "results show": [(["{work}/store", "{key}"], ["--replay"])],
    "results plot": [(["{work}/store"], ["--metric", "solved", "--out", "{work}/q.png"])],
}
SWEEP = """name = "fuzz"
seeds = 1
games = 2

[game]
name = "asympuzl"
size = 3

[agents]
preset = ["neurosymbolic", "one-at-a-time"]
"""
BASE: dict[str, tuple[list[str], list[str]]] = {
    "solve tsp": (["{work}/graph.json"], []),
    "bench solvers": ([], ["--min-n", "4", "--max-n", "4", "--repeats", "1", "--python-max-n", "4"]),
    "bench aismcts": ([], ["--iterations", "10", "--reference", "10", "--repeats", "1"]),
    "bench hot": ([], ["--quick", "--only", "TSP n=16"]),
    "parse": (["hi, L to E is 5"], []),
    "selfplay": ([], ["--games", "1", "--board", "1"]),
    "ablate": ([], ["--agents", "baseline", "--seeds", "1", "--games", "1", "--board", "1"]),
    "games": ([], []),
    "check": ([], ["--seeds", "1"]),
    "play": (["traveling_adventurers"], ["--board", "1"]),
    "dialop rescore": ([], ["--task", "optimization"]),
    "dialop psp": ([], ["--game", "dialop_optimization", "--prefix", "proposal", "--games", "1"]),
    "llm serve": ([], []),  # no model and no --scripted: it never starts a server
    "serve": ([], ["--db", "{work}/web/sessions.sqlite", "--port", "0"]),
    "results summarize": (["{work}/no-store"], []),
    "results show": (["{work}/no-store", "abc"], []),
    "results plot": (["{work}/no-store"], ["--metric", "optimal", "--out", "{work}/p.png"]),
}

TEXT = st.one_of(
    st.sampled_from(
        [
            "[/]",
            "[bold]x[/bold]",
            "[",
            "]",
            "\\[x]",
            "[embed]",
            "-",
            "",
            " ",
            ",,,",
            "a\nb",
            "\x00",
            "\x1b[31mred",
            "\udcff\udcfe",
            "ﬃ" * 500,
            "\u202e",
            "L,[/],L",
            "x" * 4000,
            "%s %d {0}",
            "\r\n",
        ]
    ),
    st.text(max_size=40),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=500, max_size=3000),
)
NUMBERS = ["-1", "-9223372036854775809", "0", "1000000001", "9223372036854775808", "1" + "0" * 30, "1e3", "[/]", ""]
FLOATS = ["-1", "nan", "inf", "-inf", "1e308", "1e999", "0", "[/]", ""]


def paths(work: Path) -> st.SearchStrategy[str]:
    """Directories, missing files and folders, and odd names."""
    return st.sampled_from(
        [
            str(work),
            str(work / "missing" / "x.json"),
            "/",
            "/proc/1/nope/x",
            str(work / "[/]x"),
            "-",
            str(work / ("n" * 300)),
            str(work / "graph.json" / "under-a-file"),
        ]
    )


def commands() -> list[tuple[str, object]]:
    """Every leaf command of the app, as (its path, the click command)."""
    found = []

    def walk(command, path):
        if hasattr(command, "commands"):
            ctx = Context(command)  # listed as the help lists them: the kits' commands mounted too
            for name in command.list_commands(ctx):
                walk(command.get_command(ctx, name), [*path, name])
        else:
            found.append((" ".join(path), command))

    walk(typer.main.get_command(app), [])
    return found


def kind(command, param) -> str:
    """bool / int / float / path / text, from the callback's annotation and the option's name."""
    signature = inspect.signature(command.callback)
    annotation = str(signature.parameters[param.name].annotation) if param.name in signature.parameters else "str"
    if "bool" in annotation:
        return "bool"
    if "float" in annotation:
        return "float"
    if "int" in annotation:
        return "int"
    names = {*getattr(param, "opts", []), param.name}
    if names & {
        "--json",
        "--transcripts",
        "--csv",
        "--plot",
        "--heatmap",
        "--out",
        "--llm-cache",
        "--results",
        "file",
        "sweep",
        "results",
        "model",
    }:
        return "path"
    return "text"


def hostile(work: Path, kind_: str) -> st.SearchStrategy[str]:
    if kind_ == "int":
        return st.one_of(st.sampled_from(NUMBERS), TEXT)
    if kind_ == "float":
        return st.one_of(st.sampled_from(FLOATS), TEXT)
    if kind_ == "path":
        return st.one_of(paths(work), TEXT)
    return st.one_of(TEXT, paths(work))


COMMANDS = commands()


def test_every_command_is_found():
    """Issue 12 (acceptance): the walk finds the app's commands, nested groups included."""
    names = {name for name, _ in COMMANDS}
    assert {"selfplay", "ablate", "play", "solve tsp", "dialop psp", "results plot", "llm serve"} <= names


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("fuzz")
    (work / "graph.json").write_text(json.dumps(GRAPH))
    (work / "fuzz.toml").write_text(SWEEP)
    store = work / "store"
    made = runner.invoke(app, ["ablate", str(work / "fuzz.toml"), "--results", str(store), "--backend", "inprocess"])
    assert made.exit_code == 0, made.output
    return work


def first_key(work: Path) -> str:
    """The key of the first game in the fuzz store."""
    return json.loads((work / "store" / "results.jsonl").read_text().splitlines()[0])["key"]


@pytest.mark.parametrize("name, command", COMMANDS, ids=[name for name, _ in COMMANDS])
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_hostile_values_give_exit_0_or_2_and_one_line(name, command, work, monkeypatch, data):
    """Issue 12 (acceptance): hostile values for any option or argument of any command: exit 0 or
    2, no traceback, no internal error, and an error is one line."""
    monkeypatch.chdir(work)
    # a command that would serve forever (accord serve) checks its input, builds its app, then returns
    monkeypatch.setattr("uvicorn.run", lambda app, **options: None)
    params = [p for p in command.params if p.name != "help" and kind(command, p) != "bool"]
    if not params:
        return
    param = data.draw(st.sampled_from(params), label="parameter")
    value = data.draw(hostile(work, kind(command, param)), label="value")
    arguments, options = data.draw(st.sampled_from([BASE.get(name, ([], [])), *VARIANTS.get(name, [])]), label="base")
    key = first_key(work)
    arguments = [a.format(work=work, key=key) for a in arguments]
    options = [o.format(work=work, key=key) for o in options]
    positional = [p for p in command.params if p.param_type_name == "argument"]
    if param.param_type_name == "argument":
        index = positional.index(param)
        arguments = [*arguments, *[""] * (index + 1 - len(arguments))]
        arguments[index] = value
        args = [*name.split(), *options, "--", *arguments]
    else:
        args = [*name.split(), *arguments, *options, param.opts[0], value]
    result = runner.invoke(app, args, input="")
    shown = f"{args!r}\nexit {result.exit_code}\n{result.output[-2000:]}\n{result.exception!r}"
    assert result.exit_code in (0, 2), shown
    assert "Traceback" not in result.output and "internal error" not in result.output, shown
    if result.exit_code == 2 and result.stderr.strip():
        assert result.stderr.strip().splitlines()[-1].startswith("error:"), shown
        assert len(result.stderr.strip().splitlines()) == 1, shown
