"""Issue 12: hostile input to the ``accord`` command line. Every bad input is one line on standard
error with exit code 2, nothing runs before the input is known good, and user text is never read
as rich markup."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent.cli import app

runner = CliRunner()

TINY_TA = ["--games", "1", "--board", "1"]


def one_line_error(result, *fragments: str) -> None:
    """Exit code 2, one line on standard error holding every fragment, no traceback."""
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert "Traceback" not in result.output and "internal error" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error:"), result.stderr
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])


# ---- #2: rich markup in user text -----------------------------------------------------------


@pytest.mark.parametrize(
    "args, shown",
    [
        (["selfplay", "--game", "[/]"], "[/]"),
        (["selfplay", "--agent", "[bold]wizard"], "[bold]wizard"),
        (["selfplay", "--parser", "[/]", *TINY_TA], "[/]"),
        (["ablate", "--agents", "[/],baseline", "--seeds", "1", "--games", "1"], "[/]"),
        (["parse", "--game", "[red]chess", "hi"], "[red]chess"),
        (["parse", "--visited", "L,[/]", "hi"], "[/]"),
        (["play", "[/]"], "[/]"),
        (["solve", "tsp", "/nonexistent/[/]/g.json"], "[/]"),
        (["dialop", "rescore", "--task", "[/i]"], "[/i]"),
        (["dialop", "psp", "--prefix", "[/]"], "[/]"),
    ],
)
def test_bracketed_user_text_is_shown_literally_in_one_line(args, shown):
    """Issue 12 #2: bracketed names, rooms and paths are shown as typed, never read as markup."""
    one_line_error(runner.invoke(app, args), shown)


@pytest.mark.skipif(importlib.util.find_spec("torch") is not None, reason="the [embed] extra is installed")
def test_the_missing_extra_message_keeps_its_brackets():
    """Issue 12 #2: 'pip install -e .[embed]' keeps the name of the extra."""
    one_line_error(runner.invoke(app, ["parse", "--parser", "embed", "hi"]), "[embed]")


def test_bracketed_text_in_json_notice_is_literal(tmp_path):
    """Issue 12 #2: the 'wrote PATH' notice shows a bracketed path as it is."""
    out = tmp_path / "[b]x[/b].json"
    result = runner.invoke(app, ["games", "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert f"wrote {out}" in result.stderr and out.exists()


# ---- #7: runaway sizes ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, option",
    [
        (["selfplay", "--games", "1000000000"], "--games"),
        (["selfplay", "--games", "1000001"], "--games"),
        (["ablate", "--seeds", "1000000000"], "--seeds"),
        (["ablate", "--seeds", "2", "--games", "200000"], "--games"),
        (["ablate", "--game", "asympuzl", "--games", "1000000"], "--games"),
        (["selfplay", "--game", "asympuzl", "--turn-cap", "1000000000000", "--games", "1"], "--turn-cap"),
    ],
)
def test_runaway_game_counts_are_refused_before_anything_runs(args, option):
    """Issue 12 #7: more than 1,000,000 games per run (or a turn cap past 10,000) is a one-line
    error naming the option."""
    result = runner.invoke(app, args)
    one_line_error(result, option, "10000" if option == "--turn-cap" else "1,000,000")


# ---- #13: terminal play re-prompts on bad input -----------------------------------------------


def play(script: str, *args: str):
    return runner.invoke(app, ["play", "traveling_adventurers", "--board", "1", *args], input=script)


@pytest.mark.parametrize(
    "command",
    [
        "/submit " + ",".join(["L"] * 65),
        "/submit L,E,A,B,K,C",
        "/submit L,[/],L",
        "/submit L,E,A,B,K,Q,L",
        "/submit L,E,E,B,K,C,L",
        "/submit " + "L," * 100000 + "L",
        "/submit",
    ],
)
def test_play_reprompts_after_a_bad_submit(command):
    """Issue 12 #13: a bad /submit gets one line and a re-prompt; the session goes on."""
    result = play(f"{command}\n/coins\n/quit\n")
    assert result.exit_code == 0, (result.output, result.exception)
    assert "you left the game" in result.stdout
    assert "refused" not in result.stdout  # nothing bad reached the game
    assert "not submitted" in result.stdout
    assert result.stdout.count("your light coins") == 2  # /coins after the bad line still answered


def test_play_submits_only_a_closed_tour_and_a_correction_is_accepted():
    """Issue 12 #13: an unclosed tour is not submitted, so the closed one after it is accepted."""
    result = play("/submit L,E,A,B,K,C\n/submit L,E,C,A,K,B,L\n/quit\n")
    assert result.exit_code == 0, result.output
    assert "refused" not in result.stdout
    assert "/submit L,E,C,A,K,B,L" not in result.stdout  # no usage hint for the valid tour


def test_play_bad_lines_are_one_line_each():
    """Issue 12 #13: the answer to a bad /submit is a single line."""
    result = play("/submit L,E,A\n/quit\n")
    lines = [line for line in result.stdout.splitlines() if "not submitted" in line]
    assert len(lines) == 1, result.stdout


# ---- #14: outputs are checked before anything runs -------------------------------------------


@pytest.mark.parametrize(
    "args, option",
    [
        (["selfplay", *TINY_TA, "--json", "{dir}"], "--json"),
        (["selfplay", *TINY_TA, "--transcripts", "{dir}"], "--transcripts"),
        (["ablate", "--seeds", "1", "--games", "1", "--json", "{dir}"], "--json"),
        (["ablate", "--seeds", "1", "--games", "1", "--plot", "{dir}"], "--plot"),
        (["dialop", "psp", "--games", "1", "--transcripts", "{dir}"], "--transcripts"),
        (["dialop", "psp", "--games", "1", "--plot", "{dir}"], "--plot"),
        (["games", "--json", "{dir}"], "--json"),
        (["selfplay", *TINY_TA, "--json", "{file}/x.json"], "--json"),
        (["ablate", "--seeds", "1", "--games", "1", "--plot", "{dir}/missing/"], "--plot"),
        (["dialop", "psp", "--games", "1", "--json", "{dir}/new/" + "\u00e9" * 200 + "/x.json"], "--json"),
    ],
)
def test_unwritable_outputs_fail_before_anything_runs(tmp_path, args, option):
    """Issue 12 #14: a directory (or a path under a file) as output: one line, exit 2, no game played."""
    (tmp_path / "f").write_text("keep")
    args = [a.format(dir=tmp_path, file=tmp_path / "f") for a in args]
    before = sorted(p.name for p in tmp_path.iterdir())
    result = runner.invoke(app, args)
    one_line_error(result, option)
    assert "0/1" not in result.stderr and "1/1" not in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert (tmp_path / "f").read_text() == "keep"


def test_checking_outputs_creates_no_files(tmp_path):
    """Issue 12 #14: the check neither creates nor removes files; the run then writes them."""
    out = tmp_path / "new" / "deeper" / "sp.json"
    bad = runner.invoke(app, ["selfplay", "--games", "0", "--json", str(out)])
    assert bad.exit_code == 2 and not (tmp_path / "new").exists()
    result = runner.invoke(app, ["selfplay", *TINY_TA, "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert len(json.loads(out.read_text())["games"]) == 1


# ---- #15: options a game does not take -------------------------------------------------------


@pytest.mark.parametrize(
    "args, option, game",
    [
        (["selfplay", "--size", "5", *TINY_TA], "--size", "traveling_adventurers"),
        (["selfplay", "--game", "gnomes_at_night", "--board", "1", "--games", "1"], "--board", "gnomes_at_night"),
        (["selfplay", "--game", "asympuzl", "--rooms", "7", "--games", "1"], "--rooms", "asympuzl"),
        (["selfplay", "--feedback", "own", *TINY_TA], "--feedback", "traveling_adventurers"),
        (["play", "traveling_adventurers", "--size", "5"], "--size", "traveling_adventurers"),
    ],
)
def test_an_option_the_game_does_not_take_is_one_line(args, option, game):
    """Issue 12 #15: --size / --board / --rooms for a game without them: the option and the game named."""
    one_line_error(runner.invoke(app, args), option, game)


def test_registry_make_game_names_the_option():
    """Issue 12 #15: the registry refuses an option the game's factory does not take."""
    from agent.registry import default_registry

    with pytest.raises(ValueError, match="size.*traveling_adventurers|traveling_adventurers.*size"):
        default_registry().make_game("traveling_adventurers", size=5)


# ---- #16: negative seeds ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["selfplay", "--seed", "-1", "--games", "1"],
        ["play", "--seed", "-3"],
        ["parse", "--game", "dialop_planning", "--seed", "-1", "hi"],
        ["bench", "aismcts", "--seed", "-1"],
    ],
)
def test_a_negative_seed_is_refused_before_anything_runs(args):
    """Issue 12 #16: --seed below 0: one line naming --seed, no progress bar."""
    result = runner.invoke(app, args)
    one_line_error(result, "--seed")


# ---- #17: click's usage errors are one line ----------------------------------------------------


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["selfplay", "--games", "0"], "--games"),
        (["ablate", "--workers", "0"], "--workers"),
        (["selfplay", "--llm-temperature", "5"], "--llm-temperature"),
        (["llm", "serve", "--port", "70000"], "--port"),
        (["selfplay", "--gmes", "3"], "--gmes"),
        (["solve", "tsp"], "file"),
        (["nosuch"], "nosuch"),
        (["selfplay", "--games", "many"], "--games"),
        (["selfplay", "--games"], "--games"),
    ],
)
def test_usage_errors_are_one_line(args, fragment):
    """Issue 12 #17: bad values, missing arguments, unknown options and commands: one line, exit 2."""
    one_line_error(runner.invoke(app, args), fragment)


def test_no_arguments_still_prints_the_help():
    """Issue 12 #17: 'accord' alone prints the help, as before."""
    result = runner.invoke(app, [])
    assert "selfplay" in result.output and "Traceback" not in result.output


# ---- #18: plots are written where the notice says --------------------------------------------


def test_a_plot_without_suffix_is_written_exactly_there(tmp_path):
    """Issue 12 #18: --plot out/x writes out/x (a PNG) and reports out/x."""
    png = tmp_path / "out" / "x"
    result = runner.invoke(app, ["ablate", "--agents", "baseline", "--seeds", "1", "--games", "1", "--plot", str(png)])
    assert result.exit_code == 0, result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not png.with_suffix(".png").exists()
    assert f"wrote {png}" in result.stderr


def test_a_plot_with_another_suffix_is_refused(tmp_path):
    """Issue 12 #18: --plot x.pdf would be a PNG under a PDF name: refused before running."""
    one_line_error(
        runner.invoke(app, ["ablate", "--seeds", "1", "--games", "1", "--plot", str(tmp_path / "x.pdf")]), "--plot"
    )


# ---- #20: '-', ignored options and empty lists ----------------------------------------------


def test_transcripts_dash_goes_to_stdout(tmp_path, monkeypatch):
    """Issue 12 #20: --transcripts - writes JSONL on standard output, not a file named '-'."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["selfplay", *TINY_TA, "--transcripts", "-"])
    assert result.exit_code == 0, result.output
    assert not (tmp_path / "-").exists()
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(rows) == 1 and rows[0]["transcript"]


@pytest.mark.parametrize(
    "args",
    [
        ["selfplay", *TINY_TA, "--transcripts", "{out}"],
        [
            "dialop",
            "psp",
            "--game",
            "dialop_optimization",
            "--prefix",
            "proposal",
            "--games",
            "1",
            "--transcripts",
            "{out}",
        ],
    ],
)
def test_transcripts_in_a_missing_folder_are_written_there(tmp_path, args):
    """Issue 12 #14 (found by the CLI fuzz): the output check lets a missing folder through, so every
    writer creates it; psp's transcripts failed after every game had run."""
    out = tmp_path / "new" / "folder" / "t.jsonl"
    result = runner.invoke(app, [a.format(out=out) for a in args])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 1


def test_two_outputs_on_stdout_are_refused():
    """Issue 12 #20: --json - and --transcripts - cannot share standard output."""
    one_line_error(runner.invoke(app, ["selfplay", *TINY_TA, "--json", "-", "--transcripts", "-"]), "--transcripts")


@pytest.mark.parametrize(
    "args, option",
    [
        (["ablate", "--seeds", "1", "--games", "1", "--plot", "-"], "--plot"),
        (["bench", "aismcts", "--iterations", "10", "--reference", "10", "--heatmap", "-"], "--heatmap"),
    ],
)
def test_a_dash_where_a_file_is_needed_is_refused(tmp_path, monkeypatch, args, option):
    """Issue 12 #20: a PNG needs a file; '-' is refused instead of creating a file named '-'."""
    monkeypatch.chdir(tmp_path)
    one_line_error(runner.invoke(app, args), option)
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize(
    "args, option",
    [
        (["ablate", "--game", "asympuzl", "--option", "foo=1", "--games", "1"], "takes no option 'foo'"),
        (["ablate", "--game", "asympuzl", "--board", "1", "--games", "1"], "--board"),
    ],
)
def test_an_option_a_code_path_ignores_is_an_error(args, option):
    """Issue 12 #20: the AsymPuzl tables take no --board, and no planner option their planners lack."""
    one_line_error(runner.invoke(app, args), option)


def test_the_paper_sweeps_take_the_partner_and_seeds_from_the_command_line(tmp_path):
    """--partner and --seeds override the paper sweep's grid (here AsymPuzl's Tables 1 and 2)."""
    out = tmp_path / "a.json"
    args = ["ablate", "--game", "asympuzl", "--agents", "neurosymbolic", "--partner", "ignore-partner"]
    result = runner.invoke(app, [*args, "--seeds", "2", "--games", "1", "--json", str(out)])
    assert result.exit_code == 0, result.output
    table1 = json.loads(out.read_text())["sweeps"][0]
    assert all(cell["metrics"]["solved"]["n"] == 2 for cell in table1["cells"])


@pytest.mark.parametrize(
    "args, option",
    [
        (["parse", "--game", "gnomes_at_night", "--rooms", "7", "go left"], "--rooms"),
        (["parse", "--game", "dialop_planning", "--visited", "L,E", "hi"], "--visited"),
        (["parse", "--seed", "3", "hi"], "--seed"),
        (["parse", "--last-request", "up", "hi"], "--last-request"),
    ],
)
def test_a_parse_option_of_another_game_is_an_error(args, option):
    """Issue 12 #20: parse options that the game's context ignores are errors naming them."""
    one_line_error(runner.invoke(app, args), option)


@pytest.mark.parametrize("agents", [",,,", " , ", ""])
def test_an_agents_list_without_names_is_an_error(agents):
    """Issue 12 #20: --agents ',,,' names no preset: an error, not every preset."""
    one_line_error(runner.invoke(app, ["ablate", "--agents", agents, "--seeds", "1", "--games", "1"]), "--agents")


def test_csv_dash_goes_to_stdout(tmp_path, monkeypatch):
    """Issue 12 #20: --csv - writes the summary CSV on standard output."""
    monkeypatch.chdir(tmp_path)
    sweep = Path(tmp_path / "s.toml")
    sweep.write_text(
        'name = "tiny"\nseeds = 1\ngames = 1\n[game]\nname = "traveling_adventurers"\nboard = 1\n'
        '[agents]\npreset = "baseline"\n'
    )
    result = runner.invoke(
        app, ["ablate", str(sweep), "--results", str(tmp_path / "R"), "--backend", "inprocess", "--csv", "-"]
    )
    assert result.exit_code == 0, result.output
    assert not (tmp_path / "-").exists()
    assert result.stdout.splitlines()[0] == "cell,metric,kind,n,mean,low,high"  # the tables went to stderr
