"""The ``accord`` command line.

Every command that produces results takes ``--json PATH`` (``-`` = standard output). User errors
(bad files, unknown names, bad options, and click's usage errors) print one line on standard error
and exit with code 2, before anything runs where they can be known then: output paths are checked
first. User and data text is never read as rich markup.
"""

from __future__ import annotations

import functools
import inspect
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

try:  # recent typer vendors its own click: its usage errors are that click's classes
    from typer._click import exceptions as click_errors
except ImportError:  # pragma: no cover - typer on the click package
    from click import exceptions as click_errors  # type: ignore[no-redef]

from agent.limits import MAX_GAMES, check_seed_layout
from agent.terminal import LiteralTable, literal, say

# The longest game --turn-cap allows (per-turn metrics such as AsymPuzl's success at turn K grow with it).
MAX_TURN_CAP = 10_000
# Benchmarks: the most timed repeats, and the most AISMCTS-F iterations per decision.
MAX_REPEATS = 1_000
MAX_ITERATIONS = 10_000_000

# Output options: those whose data may go to standard output with '-', and the PNG files.
DATA_OUTPUTS = ("--json", "--transcripts", "--csv")
PNG_OUTPUTS = ("--plot", "--heatmap", "--out")


class OneLineErrors(TyperGroup):
    """The ``accord`` command group. Click's usage errors (a bad value, a missing argument, no such
    option or command) print one line on standard error with exit code 2, like every other error,
    and every command's output paths (:data:`DATA_OUTPUTS`, :data:`PNG_OUTPUTS`) are checked
    before the command runs."""

    def main(  # type: ignore[override]
        self,
        args: Any = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command line; in standalone mode exit with the command's code."""
        _check_outputs_first(self)
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click_errors.NoArgsIsHelpError as err:
            sys.exit(err.exit_code)  # the help is printed already
        except click_errors.ClickException as err:
            message = err.format_message().rstrip(".")
            command = getattr(getattr(err, "ctx", None), "command_path", None)
            hint = f" (see {command} --help)" if isinstance(err, click_errors.UsageError) and command else ""
            say(console, ("error:", "bold red"), f" {message[:1].lower()}{message[1:]}{hint}")
            sys.exit(err.exit_code)
        except typer.Abort:
            say(console, "aborted")
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    cls=OneLineErrors,
    add_completion=False,
    no_args_is_help=True,
    help="Accord: agents that decide together with a partner through dialogue.",
)
solve_app = typer.Typer(no_args_is_help=True, help="Exact combinatorial solvers.")
bench_app = typer.Typer(no_args_is_help=True, help="Benchmarks (ratios against references measured in the same run).")
app.add_typer(solve_app, name="solve")
app.add_typer(bench_app, name="bench")
llm_app = typer.Typer(no_args_is_help=True, help="Language-model servers for the LLM stages.")
app.add_typer(llm_app, name="llm")
dialop_app = typer.Typer(
    no_args_is_help=True, help="DialOp: the decision-oriented dialogue games and their recorded data."
)
app.add_typer(dialop_app, name="dialop")
results_app = typer.Typer(no_args_is_help=True, help="Result stores of sweeps: summaries, transcripts, plots.")
app.add_typer(results_app, name="results")

# Output that is piped or captured (make, CI) is not cut to 80 columns.
console = Console(stderr=True, width=None if sys.stderr.isatty() else 120)
out = Console(width=None if sys.stdout.isatty() else 120)


class UserError(Exception):
    """A problem with the user's input: reported as one line, exit code 2."""


def _fail(message: str) -> None:
    say(console, ("error:", "bold red"), f" {message}")
    raise typer.Exit(code=2)


def _output_problem(path: str, png: bool) -> str | None:
    """Why ``path`` cannot be written as an output file (None when it can), found without creating
    or removing anything: a directory, a parent that is a file, no permission, a bad name. A PNG
    output takes a ``.png`` name or one without a suffix (written exactly there)."""
    target = Path(path)
    if png and target.suffix.lower() not in ("", ".png"):
        return f"a plot is a PNG file; name it .png (or give no suffix), not {target.suffix}"
    try:
        stat = os.stat(target)
    except FileNotFoundError:
        stat = None
    except NotADirectoryError:
        return f"cannot write {path}: a parent is a file, not a directory"
    except (OSError, ValueError) as err:
        return f"cannot write {path}: {getattr(err, 'strerror', None) or err}"
    if stat is not None:
        if os.path.isdir(target):
            return f"cannot write {path}: it is a directory"
        return None if os.access(target, os.W_OK) else f"cannot write {path}: permission denied"
    parent = next(p for p in target.absolute().parents if os.path.exists(p))
    if not parent.is_dir():
        return f"cannot write {path}: {parent} is a file, not a directory"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"cannot write {path}: {parent} is not writable"
    longest = os.pathconf(parent, "PC_NAME_MAX") if hasattr(os, "pathconf") else 255
    if any(len(os.fsencode(part)) > longest for part in target.absolute().relative_to(parent).parts):
        return f"cannot write {path}: a file or folder name is longer than {longest} bytes"
    return None


def _check_outputs_first(group: Any) -> None:
    """Make every command under ``group`` check its output options before it runs: a path that
    cannot be written, '-' for a PNG, or two outputs on standard output is a one-line usage error
    naming the option (exit code 2)."""
    for command in group.commands.values():
        if hasattr(command, "commands"):  # a command group
            _check_outputs_first(command)
            continue
        if getattr(command.callback, "outputs_checked", False) or command.callback is None:
            continue
        outputs = [p for p in command.params if set(p.opts) & {*DATA_OUTPUTS, *PNG_OUTPUTS}]
        command.callback = _checked(command.callback, outputs)


def _checked(callback: Callable[..., Any], outputs: list[Any]) -> Callable[..., Any]:
    """``callback`` preceded by the check of its ``outputs`` (see :func:`_check_outputs_first`)."""

    @functools.wraps(callback)
    def run(**kwargs: Any) -> Any:
        on_stdout: str | None = None
        for param in outputs:
            value = kwargs.get(param.name or "")
            for path in value if isinstance(value, list | tuple) else [value]:
                if path is None:
                    continue
                png = bool(set(param.opts) & set(PNG_OUTPUTS))
                if path == "-" and png:
                    problem = "a PNG needs a file name; '-' (standard output) is for JSON and CSV"
                elif path == "-" and on_stdout:
                    problem = f"standard output already carries {on_stdout}"
                else:
                    problem = None if path == "-" else _output_problem(path, png)
                if problem:
                    raise click_errors.BadParameter(problem, param=param)
                on_stdout = param.opts[0] if path == "-" else on_stdout
        _stdout_data["option"] = on_stdout
        return callback(**kwargs)

    run.outputs_checked = True  # type: ignore[attr-defined]
    return run


def _write_json(path: str | None, data: Any) -> None:
    if path is None:
        return
    text = json.dumps(data, indent=2, default=str)
    if path == "-":
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
        return
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_text(text + "\n")
    except OSError as err:
        raise UserError(f"cannot write {path}: {err.strerror or err}") from err
    _wrote(path)


def _wrote(path: str | Path) -> None:
    """The notice that ``path`` was written (the path as it is, never read as markup)."""
    say(console, f"wrote {path}")


# The output option that writes its data to standard output in the running command ('-'), if any.
_stdout_data: dict[str, str | None] = {"option": None}


def _show(renderable: Any, *outputs: str | None) -> None:
    """Print a table to stdout, or to stderr when stdout carries data: one of ``outputs`` is '-', or
    any output option of the running command is."""
    (console if "-" in outputs or _stdout_data["option"] else out).print(renderable)


class _RateColumn(ProgressColumn):
    """Games finished per second (over rich's recent window)."""

    def render(self, task: Task) -> Text:
        return Text(f"{task.speed:.1f} games/s" if task.speed else "- games/s")


def _progress(rate: bool = False) -> Progress:
    """A progress display on standard error; ``rate=True`` adds games per second and the ETA."""
    columns: list[Any] = [
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    ]
    if rate:
        columns += [_RateColumn(), TextColumn("eta"), TimeRemainingColumn()]
    return Progress(*columns, console=console, transient=False)


@contextmanager
def _status(description: str) -> Iterator[Callable[[str], None]]:
    """A progress line for a job of unknown length; yields the callback that re-describes it."""
    with _progress() as progress:
        task = progress.add_task(description, total=None)
        yield lambda text: progress.update(task, description=text)


def _guard(run: Callable[[], None]) -> None:
    """Run a command body, turning user errors into one line and exit code 2."""
    from agent.registry import UnknownNameError
    from solvers.tsp import TSPError

    try:
        run()
    except (UserError, UnknownNameError, TSPError, ValueError, ImportError) as err:
        # ImportError: an optional extra is missing; the message says how to install it
        _fail(str(err).splitlines()[0] if str(err) else type(err).__name__)
    except OSError as err:
        _fail(f"{err.strerror or err}: {err.filename}" if err.filename else str(err))
    except (typer.Exit, typer.Abort, KeyboardInterrupt):
        raise
    except Exception as err:
        if os.environ.get("ACCORD_DEBUG"):
            raise
        say(
            console,
            ("internal error:", "bold red"),
            f" {type(err).__name__}: {str(err).splitlines()[0] if str(err) else ''}"
            " (set ACCORD_DEBUG=1 for the traceback)",
        )
        raise typer.Exit(code=1) from err


# The options of every command that can run a language model: one LLMConfig for CLI and Python.
_LLM_OPTIONS: list[tuple[str, Any, Any]] = [
    ("model", str | None, typer.Option(None, "--llm-model", help="model name (or ACCORD_LLM_MODEL)")),
    (
        "base_url",
        str | None,
        typer.Option(
            None,
            "--llm-base-url",
            help="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8080/v1 (or ACCORD_LLM_BASE_URL)",
        ),
    ),
    (
        "mode",
        str | None,
        typer.Option(None, "--llm-mode", help="structured output: tools (default) | json | md_json | llamacpp"),
    ),
    ("temperature", float, typer.Option(0.0, "--llm-temperature", min=0.0, max=2.0, help="sampling temperature")),
    ("max_tokens", int, typer.Option(512, "--llm-max-tokens", min=1, help="completion tokens per request")),
    (
        "timeout",
        float,
        typer.Option(
            60.0, "--llm-timeout", min=0.1, help="seconds per answer (its requests, retries and re-asks included)"
        ),
    ),
    ("max_reasks", int, typer.Option(2, "--llm-reasks", min=0, max=10, help="re-asks after an invalid answer")),
    (
        "cache_dir",
        str | None,
        typer.Option(
            None, "--llm-cache", help="directory of the response cache (replays runs at no cost; off by default)"
        ),
    ),
]


def with_llm_options(command: Callable[..., None]) -> Callable[..., None]:
    """Give ``command`` the ``--llm-*`` options; it receives them as ``llm``, a function that
    returns the :class:`~language.llm_client.LLMConfig` (called inside ``_guard``, so a bad value is
    a one-line error)."""
    signature = inspect.signature(command)
    added = [
        inspect.Parameter(f"llm_{name}", inspect.Parameter.KEYWORD_ONLY, default=option, annotation=annotation)
        for name, annotation, option in _LLM_OPTIONS
    ]

    @functools.wraps(command)
    def wrapper(**kwargs: Any) -> None:
        settings = {name: kwargs.pop(f"llm_{name}") for name, _, _ in _LLM_OPTIONS}

        def config() -> Any:
            from language.llm_client import LLMConfig

            return LLMConfig.from_env(**settings)

        command(**kwargs, llm=config)

    kept = [p for p in signature.parameters.values() if p.name != "llm"]
    wrapper.__signature__ = signature.replace(parameters=[*kept, *added])  # type: ignore[attr-defined]
    return wrapper


def _csv(text: str | None) -> list[str]:
    return [p.strip() for p in text.split(",") if p.strip()] if text else []


# ---------------------------------------------------------------------------------------------
# accord solve tsp
# ---------------------------------------------------------------------------------------------


@solve_app.command("tsp")
def solve_tsp_command(
    file: str = typer.Argument(..., help='JSON file {"nodes": [...], "edges": [[u, v, w], ...]} ("-" = stdin)'),
    start: str | None = typer.Option(None, help="start node (default: the first node)"),
    prefix: str | None = typer.Option(None, help="fixed agreed prefix, comma-separated, starting at the start node"),
    maximize: bool = typer.Option(False, "--maximize", help="maximize instead of minimize"),
    method: str = typer.Option("dp", help="dp | cpsat | scip | brute"),
    time_limit: float | None = typer.Option(None, help="seconds, for cpsat / scip"),
    json_path: str | None = typer.Option(None, "--json", help="write the result as JSON ('-' = stdout)"),
) -> None:
    """Solve a TSP instance exactly (tour, value and an optimality certificate)."""

    def run() -> None:
        from solvers.tsp import TSPError, solve_tsp
        from solvers.tsp_io import load_tsp_instance, solution_to_json

        instance = load_tsp_instance(file)
        start_index = instance.index(start) if start else 0
        fixed = [instance.index(name) for name in _csv(prefix)]
        if fixed and fixed[0] != start_index:
            raise TSPError(f"the prefix must begin with the start node {instance.nodes[start_index]!r}")
        solution = solve_tsp(
            instance.weights, start=start_index, prefix=fixed, maximize=maximize, method=method, time_limit=time_limit
        )
        result = solution_to_json(instance, solution)
        if json_path:
            _write_json(json_path, result)
        else:
            out.print(
                literal(f"tour: {' -> '.join(result['tour'])}\nvalue: {result['value']}\noptimal: {result['optimal']}"),
                highlight=False,
            )

    _guard(run)


# ---------------------------------------------------------------------------------------------
# accord bench solvers
# ---------------------------------------------------------------------------------------------


@bench_app.command("solvers")
def bench_solvers_command(
    min_n: int = typer.Option(8, help="smallest instance size"),
    max_n: int = typer.Option(18, help="largest instance size"),
    repeats: int = typer.Option(5, min=1, max=MAX_REPEATS, help="timed repeats per method and size"),
    python_max_n: int = typer.Option(16, max=20, help="largest size timed with the plain-Python reference"),
    json_path: str | None = typer.Option(None, "--json", help="write the results as JSON ('-' = stdout)"),
) -> None:
    """Time Held-Karp (Numba), CP-SAT, SCIP and plain-Python Held-Karp on the same instances."""

    def run() -> None:
        from solvers.bench import bench_solvers, render_bench_table

        if not 4 <= min_n <= max_n <= 20:
            raise UserError("sizes must satisfy 4 <= min-n <= max-n <= 20")
        sizes = list(range(min_n, max_n + 1))
        with _status("benchmarking solvers") as report:
            result = bench_solvers(sizes, repeats=repeats, python_max_n=python_max_n, progress=report)
        _show(render_bench_table(result), json_path)
        _write_json(json_path, result)

    _guard(run)


@bench_app.command("aismcts")
def bench_aismcts_command(
    iterations: str = typer.Option("1000,10000,100000", help="iteration counts for the Numba core"),
    reference: str = typer.Option("1000,10000", help="iteration counts for the plain-Python reference"),
    repeats: int = typer.Option(3, min=1, max=MAX_REPEATS, help="Numba runs per position and iteration count"),
    seed: int = typer.Option(0, min=0, help="search seed, and the seed of the game drawn for the heat map"),
    json_path: str | None = typer.Option(None, "--json", help="write the results as JSON ('-' = stdout)"),
    heatmap: str | None = typer.Option(
        None, help="play comm with the proxy on the preset maze and draw its dictionary as PNG"
    ),
) -> None:
    """Time the AISMCTS-F search core (Numba vs the Python reference) on the same positions."""

    def run() -> None:
        from planners.aismcts_bench import run_bench

        try:
            counts = [int(n) for n in _csv(iterations)]
            ref_counts = [int(n) for n in _csv(reference)]
        except ValueError as err:
            raise UserError("--iterations and --reference take comma-separated integers") from err
        if not counts or not all(1 <= n <= MAX_ITERATIONS for n in [*counts, *ref_counts]):
            raise UserError(
                f"--iterations and --reference take counts from 1 to {MAX_ITERATIONS:,} (--iterations at least one)"
            )
        with _status("benchmarking AISMCTS-F") as report:
            result = run_bench(counts, seed=seed, reference_iterations=ref_counts, repeats=repeats, progress=report)
        table = LiteralTable(title="AISMCTS-F search core, preset 9x9 maze", caption="median latency per decision")
        for col in ("core", "iterations", "latency ms", "iterations/s", "x reference"):
            table.add_column(col, justify="left" if col == "core" else "right")
        ratios = {r["iterations"]: r["numba_over_python"] for r in result["ratios"]}
        for row in result["results"]:
            ratio = ratios.get(row["iterations"]) if row["core"] == "numba" else None
            table.add_row(
                row["core"],
                f"{row['iterations']:,}",
                f"{1000 * row['median_latency_s']:.2f}",
                f"{row['it_per_s']:,.0f}",
                f"{ratio:.0f}x" if ratio else "",
            )
        _show(table, json_path)
        targets = result["targets"]
        if targets["it_per_s_10k"] is not None:
            say(
                console,
                f"at 10k iterations: {targets['it_per_s_10k']:,.0f} iterations/s (target {targets['it_per_s_target']:,}), "
                f"{targets['speedup_10k']:.0f}x the reference (target {targets['speedup_target']}x): ",
                ("met", "") if targets["met"] else ("not met", "red"),
            )
        if heatmap:
            result["heatmap"] = _dictionary_heatmap(seed, heatmap)
            _wrote(heatmap)
        _write_json(json_path, result)

    _guard(run)


def _dictionary_heatmap(seed: int, path: str) -> dict[str, Any]:
    """Play comm (player 0) with the proxy on the preset maze and plot comm's dictionary."""
    from agent.arena import play_game
    from agent.plots import plot_dictionary
    from agent.registry import default_registry

    registry = default_registry()
    game = registry.make_game("gnomes_at_night")
    comm = registry.build_agent(registry.preset("gnomes_at_night", "comm"))
    proxy = registry.build_agent(registry.preset("gnomes_at_night", "proxy"))
    record = play_game(game, [comm, proxy], seed)
    maze = game.maze_for(seed)
    rejected = comm.beliefs.rejected
    wrong = int((rejected & maze.open[1]).sum())
    plot_dictionary(
        rejected,
        maze.open[1],
        path,
        f"comm's hidden-information dictionary after 5 rounds with the proxy (seed {seed})\n"
        f"{int(rejected.sum())} refused moves, {wrong} of them false",
    )
    return {"seed": seed, "refused_moves": int(rejected.sum()), "false": wrong, "metrics": record.metrics}


# ---------------------------------------------------------------------------------------------
# accord parse
# ---------------------------------------------------------------------------------------------


@app.command("parse")
@with_llm_options
def parse_command(
    message: str = typer.Argument(..., help="the partner's message"),
    game: str = typer.Option("traveling_adventurers", help="game whose language to parse"),
    at: str | None = typer.Option(None, help="room the agreed path ends in ('from there')"),
    visited: str | None = typer.Option(None, help="agreed path so far, comma-separated (e.g. L,E)"),
    rooms: int | None = typer.Option(None, help="number of rooms on the board (default 6)"),
    speaker_coins: str | None = typer.Option(
        None,
        help="coin kind of the message's author: light | ghost | unknown (default: decide echoes by wording only)",
    ),
    last_suggestion: str | None = typer.Option(None, help="our latest suggestion, comma-separated"),
    last_request: str | None = typer.Option(
        None, help="Gnomes at Night: the move we last asked for (stay/right/up/left/down)"
    ),
    reader: int | None = typer.Option(
        None, help="DialOp / AsymPuzl: the seat reading the message, in the game of --seed (default: the last seat)"
    ),
    seed: int | None = typer.Option(
        None, min=0, help="DialOp / AsymPuzl: the generated game whose names the message uses (default 0)"
    ),
    parser_name: str = typer.Option("rules", "--parser", help="rules | llm | embed ([embed] extra) | structured"),
    json_path: str | None = typer.Option("-", "--json", help="where to write the acts ('-' = stdout)"),
    llm: Callable[[], Any] = None,  # type: ignore[assignment]  # the --llm-* options, from with_llm_options
) -> None:
    """Parse one partner message into dialogue acts (a JSON list), or for Gnomes at Night into one
    intent flag (a JSON object such as {"flag": "left"})."""

    def run() -> None:
        from agent.registry import default_registry
        from language.acts import acts_to_json

        registry = default_registry()
        family = registry.game_family(game)
        given = {"--at": at, "--visited": visited, "--rooms": rooms, "--speaker-coins": speaker_coins}
        given |= {"--last-suggestion": last_suggestion, "--last-request": last_request, "--reader": reader}
        applies = {
            "gnomes_at_night": ["--last-request"],
            "traveling_adventurers": ["--at", "--visited", "--rooms", "--speaker-coins", "--last-suggestion"],
        }.get(family, ["--reader", "--seed"])
        if ignored := [
            name for name, value in {**given, "--seed": seed}.items() if value is not None and name not in applies
        ]:
            raise UserError(f"{ignored[0]} does not apply to {family}; it takes {', '.join(applies)}")
        spec = replace(registry.preset(family, registry.default_preset(family)), parser=parser_name)
        config = llm()
        agent = registry.build_agent(spec, config)
        if family == "gnomes_at_night":
            context: Any = _flag_context(last_request)
        elif family == "traveling_adventurers":
            context = _dialogue_context(rooms or 6, speaker_coins or "unknown", visited, at, last_suggestion)
        else:
            context = _reader_context(registry.make_game(family), agent, seed or 0, reader)
        acts = agent.parser.parse(message, context)
        if agent.llm is not None and agent.llm.usage.fallbacks:
            say(
                console,
                f"note: the model gave no valid answer; these are the rule parser's acts ({agent.llm.usage.failures} failed call)",
            )
        _write_json(json_path, acts[0].summary() if family == "gnomes_at_night" else acts_to_json(acts))

    _guard(run)


def _reader_context(game: Any, agent: Any, seed: int, reader: int | None) -> Any:
    """The language context of seat ``reader`` at the start of game ``seed``, as its belief store
    gives it to the parser for a partner's message."""
    seats = game.facts.num_players
    reader = seats - 1 if reader is None else reader
    if not 0 <= reader < seats:
        raise UserError(f"--reader must be a seat of {game.facts.game_id}: 0..{seats - 1}")
    observation = game.new_initial_state(seed).observation(reader)
    return agent.make_beliefs(observation).context(observation, "partner")


def _flag_context(last_request: str | None) -> Any:
    from games.gnomes_at_night import MOVES
    from language.flags import FlagContext

    if last_request is not None and last_request not in MOVES:
        raise UserError(f"--last-request must be one of {', '.join(MOVES)}")
    return FlagContext(last_request=last_request)


def _dialogue_context(
    rooms: int, speaker_coins: str, visited: str | None, at: str | None, last_suggestion: str | None
) -> Any:
    from games.traveling_adventurers import MAX_ROOMS, MIN_ROOMS, ROOM_CATALOGUE
    from language.base import DialogueContext

    if not MIN_ROOMS <= rooms <= MAX_ROOMS:
        raise UserError(f"--rooms must be between {MIN_ROOMS} and {MAX_ROOMS}")
    kinds = {"light": "ghost", "ghost": "light", "unknown": "unknown"}
    if speaker_coins not in kinds:
        raise UserError("--speaker-coins must be light, ghost or unknown")
    names = dict(list(ROOM_CATALOGUE.items())[:rooms])
    path = [r.upper() for r in _csv(visited)] or ["L"]
    for room in [*path, *([at.upper()] if at else [])]:
        if room not in names:
            raise UserError(f"unknown room {room!r}; rooms are {', '.join(names)}")
    return DialogueContext(
        rooms=names,
        start="L",
        at=at.upper() if at else path[-1],
        visited=path,
        speaker_coins=speaker_coins,
        listener_coins=kinds[speaker_coins],
        last_suggestion=[r.upper() for r in _csv(last_suggestion)] or None,
    )


# ---------------------------------------------------------------------------------------------
# accord selfplay / ablate
# ---------------------------------------------------------------------------------------------


def _game_options(game: str, **given: Any) -> dict[str, Any]:
    """The game's constructor options that were given (each game takes its own).

    Raises:
        UserError: ``game`` takes no such option; the message names the command-line option.
    """
    from agent.registry import default_registry

    options = {k: v for k, v in given.items() if v is not None}
    registry = default_registry()
    if unsupported := registry.unsupported_options(game, options):
        takes = [f"--{k.replace('_', '-')}" for k in given if not registry.unsupported_options(game, {k: None})]
        raise UserError(
            f"--{unsupported[0].replace('_', '-')} does not apply to {registry.game_family(game)}"
            + (f"; of these options it takes {', '.join(takes)}" if takes else "")
        )
    return options


def _check_size(options: str, games: int) -> None:
    """Refuse a run of more than :data:`MAX_GAMES` games (``options`` names what set the count)."""
    if games > MAX_GAMES:
        raise UserError(f"{options}: at most {MAX_GAMES:,} games per run, not {games:,}")


def _table(title: str, rows: list[tuple[str, dict[str, Any]]]) -> Table:
    """The metrics table that fits the game: rounds (Gnomes at Night), a normalized score (DialOp)
    or the Identical / Correct / Optimal decision (Traveling Adventurers)."""
    if rows and "rounds" in rows[0][1]:
        return _rounds_table(title, rows)
    if rows and "mean_normalized_score" in rows[0][1]:
        return _scores_table(title, rows)
    if rows and "success_at_turn" in rows[0][1]:
        return _puzzle_table(title, rows)
    return _metrics_table(title, rows)


def _puzzle_table(title: str, rows: list[tuple[str, dict[str, Any]]]) -> Table:
    from agent.asympuzl import SUMMARY_COLUMNS, summary_cells

    counter = rows[0][1]["token_counter"] if rows else "words"
    table = LiteralTable(title=title, caption=f"means per game; tokens per move counted as {counter}")
    table.add_column("agent", no_wrap=True)
    for col in SUMMARY_COLUMNS:
        table.add_column(col, justify="right")
    for label, summary in rows:
        table.add_row(label, *summary_cells(summary))
    return table


def _scores_table(title: str, rows: list[tuple[str, dict[str, Any]]]) -> Table:
    table = LiteralTable(
        title=title,
        caption="means per game [95% interval]; words and messages of all players together; agreed [Wilson 95%]",
    )
    for col in ("agent", "games", "normalized score", "agreed %", "words", "messages", "turns", "proposals"):
        table.add_column(col, justify="left" if col == "agent" else "right", no_wrap=col != "agent")
    for label, agg in rows:
        lo, hi = agg["mean_normalized_score_ci"]
        wlo, whi = agg["mean_words_ci"]
        table.add_row(
            label,
            str(agg["games"]),
            f"{agg['mean_normalized_score']:.3f} [{lo:.3f}-{hi:.3f}]",
            _percent(agg["agreed"], agg["agreed_ci"]),
            f"{agg['mean_words']:.0f} [{wlo:.0f}-{whi:.0f}]",
            f"{agg['mean_messages']:.1f}",
            f"{agg['mean_turns']:.1f}",
            f"{agg['mean_proposals']:.1f}",
        )
    return table


def _percent(share: float, interval: Any) -> str:
    """A share and its 95% interval as whole percents: ``86 [78-91]``."""
    low, high = interval
    return f"{100 * share:.0f} [{100 * low:.0f}-{100 * high:.0f}]"


def _rounds_table(title: str, rows: list[tuple[str, dict[str, Any]]]) -> Table:
    table = LiteralTable(
        title=title, caption="per round: % solved [Wilson 95%], mean turns [95% interval]; turns / oracle turns"
    )
    for col in ("agent", "rounds", "solved", "turns", "oracle", "turns/oracle", "messages", "words"):
        table.add_column(col, justify="left" if col == "agent" else "right")
    for label, agg in rows:
        tlo, thi = agg["mean_turns_ci"]
        table.add_row(
            label,
            str(agg["rounds"]),
            _percent(agg["success"], agg["success_ci"]),
            f"{agg['mean_turns']:.1f} [{tlo:.1f}-{thi:.1f}]",
            f"{agg['mean_oracle_turns']:.1f}",
            f"{agg['turns_over_oracle']:.2f}",
            " / ".join(f"{m:.1f}" for m in agg["mean_messages"]),
            " / ".join(f"{w:.0f}" for w in agg["mean_words"]),
        )
    return table


def _metrics_table(title: str, rows: list[tuple[str, dict[str, Any]]]) -> Table:
    table = LiteralTable(title=title, caption="% of games [Wilson 95% interval]; means per game")
    table.add_column("agent", no_wrap=True)
    for name in ("Identical", "Correct", "Optimal"):
        table.add_column(name, justify="right", no_wrap=True)
    for name in ("turns", "words", "score"):
        table.add_column(name, justify="right")
    for label, agg in rows:
        cells = []
        for metric in ("identical", "correct", "optimal"):
            cells.append(_percent(agg[metric], agg[f"{metric}_ci"]))
        table.add_row(label, *cells, f"{agg['mean_turns']:.1f}", f"{agg['mean_words']:.0f}", f"{agg['mean_score']:.1f}")
    return table


def _run_selfplay(
    game_name: str,
    preset: str,
    seeds: list[int],
    game_options: dict[str, Any],
    progress: Progress,
    transcripts: list[dict] | None,
    planner_options: dict[str, Any] | None = None,
    stages: dict[str, str] | None = None,
    llm: Any = None,
    partner: str | None = None,
) -> dict[str, Any]:
    from agent.arena import aggregate, selfplay
    from agent.registry import default_registry

    registry = default_registry()
    game = registry.make_game(game_name, **game_options)
    spec = registry.preset(game_name, preset)
    if planner_options:
        spec = replace(spec, options={**spec.options, **planner_options})
    if stages:
        spec = replace(spec, **stages)
    label = preset + (f" ({', '.join(f'{k}={v}' for k, v in stages.items())})" if stages else "")
    partner_spec = registry.preset(game_name, partner) if partner else None
    if partner:
        label += f" + {partner}"
    tasks: list[Any] = []  # the progress bar, shown once the agents are built (bad names fail first)
    records = selfplay(
        game,
        spec,
        seeds,
        registry,
        on_game=lambda r: progress.advance(tasks[0]),
        llm=llm,
        partner=partner_spec,
        on_ready=lambda: tasks.append(progress.add_task(escape(label), total=len(seeds))),
    )
    if transcripts is not None:
        transcripts.extend(r.to_json() for r in records)
    return {
        "agent": label,
        "spec": spec.describe(),
        "metrics": aggregate(records),
        "per_game": [
            {
                "seed": r.seed,
                **{k: v for k, v in r.metrics.items() if k != "submissions"},
                **({"llm": r.llm, "llm_per_turn": [t.get("llm") for t in r.transcript]} if r.llm is not None else {}),
            }
            for r in records
        ],
    }


def _llm_table(rows: list[tuple[str, dict[str, Any]]]) -> Table | None:
    """Language-model accounting per agent (None when no agent used a model)."""
    rows = [(label, agg["llm"]) for label, agg in rows if "llm" in agg]
    if not rows:
        return None
    table = LiteralTable(
        title="language-model use",
        caption="totals over all games: answers asked (calls), requests sent (HTTP) or replayed (cached), "
        "failed answers, rule fallbacks; tokens as the endpoint reported them",
    )
    for col in (
        "agent",
        "calls",
        "HTTP",
        "cached",
        "retries",
        "failed",
        "fallback",
        "tokens in",
        "tokens out",
        "latency s",
    ):
        table.add_column(col, justify="left" if col == "agent" else "right", no_wrap=col != "agent")
    for label, usage in rows:
        table.add_row(
            label,
            *(str(usage[k]) for k in ("calls", "http_requests", "cached", "retries", "failures", "fallbacks")),
            str(usage["prompt_tokens"]),
            str(usage["completion_tokens"]),
            f"{usage['latency_s']:.1f}",
        )
    return table


def _planner_options(pairs: list[str] | None) -> dict[str, Any]:
    """``KEY=VALUE`` pairs (values read as JSON where they parse, else as text)."""
    options: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UserError(f"--option takes KEY=VALUE, not {pair!r}")
        try:
            options[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            options[key.strip()] = value
    return options


def _write_jsonl(path: str | None, rows: list[dict]) -> None:
    if not path:
        return
    if path == "-":
        for row in rows:
            sys.stdout.write(json.dumps(row, default=str) + "\n")
        sys.stdout.flush()
        return
    try:
        with open(path, "w") as handle:
            for row in rows:
                handle.write(json.dumps(row, default=str) + "\n")
    except OSError as err:
        raise UserError(f"cannot write {path}: {err.strerror or err}") from err
    _wrote(path)


@app.command("selfplay")
@with_llm_options
def selfplay_command(
    game: str = typer.Option("traveling_adventurers", help="game name"),
    agent: str | None = typer.Option(
        None, help="agent preset of player 0 (default: the game's strongest, e.g. problem-solving, comm)"
    ),
    partner: str | None = typer.Option(
        None, help="preset of the other player, e.g. proxy (default: the agent itself, self-play)"
    ),
    games: int = typer.Option(25, min=1, help=f"number of games (at most {MAX_GAMES:,})"),
    seed: int = typer.Option(0, min=0, help="first seed; game i uses seed*1000 + i"),
    board: int | None = typer.Option(None, help="preset board 1..6 (default: drawn per game)"),
    rooms: int | None = typer.Option(None, help="generate boards with this many rooms"),
    size: int | None = typer.Option(
        None, help="Gnomes at Night: maze size (default: the 9x9 preset); AsymPuzl: puzzle positions (default 5)"
    ),
    turn_cap: int | None = typer.Option(
        None,
        min=1,
        max=MAX_TURN_CAP,
        help=f"Gnomes at Night: turns per round (default 100); AsymPuzl: turns (default 2N); at most {MAX_TURN_CAP:,}",
    ),
    feedback: str | None = typer.Option(
        None, help="AsymPuzl feedback: none | own | own_detailed | joint | both | both_detailed"
    ),
    json_path: str | None = typer.Option(None, "--json", help="write results as JSON ('-' = stdout)"),
    transcripts: str | None = typer.Option(None, help="write every game's transcript as JSONL ('-' = stdout)"),
    option: list[str] | None = typer.Option(None, help="planner option KEY=VALUE, e.g. unknown=expected (repeatable)"),
    parser: str | None = typer.Option(
        None, help="override the preset's parser: rules | llm | embed | structured | off"
    ),
    partner_model: str | None = typer.Option(None, help="override the partner model: on | off"),
    tracking: str | None = typer.Option(None, help="override the state tracker: agreement | history"),
    planner: str | None = typer.Option(None, help="override the planner: ibp | greedy | llm | off"),
    renderer: str | None = typer.Option(None, help="override the renderer: template | llm | structured | off"),
    llm: Callable[[], Any] = None,  # type: ignore[assignment]  # the --llm-* options, from with_llm_options
) -> None:
    """Self-play of one agent preset (stages can be swapped); prints the metrics with Wilson 95%
    intervals, and the language-model accounting when a stage runs on a model."""

    def run() -> None:
        from agent.arena import paper_seeds

        _check_size("--games", games)
        seeds = paper_seeds(1, games, seed)
        kept: list[dict] | None = [] if transcripts else None
        stages = {
            k: v
            for k, v in {
                "parser": parser,
                "partner": partner_model,
                "tracking": tracking,
                "planner": planner,
                "renderer": renderer,
            }.items()
            if v is not None
        }
        config = llm()
        from agent.registry import default_registry

        preset = agent or default_registry().default_preset(game)
        game_options = _game_options(game, board=board, rooms=rooms, size=size, turn_cap=turn_cap, feedback=feedback)
        with _progress() as progress:
            result = _run_selfplay(
                game,
                preset,
                seeds,
                game_options,
                progress,
                kept,
                _planner_options(option),
                stages,
                config,
                partner,
            )
        _show(_table(f"self-play: {game}", [(result["agent"], result["metrics"])]), json_path, transcripts)
        if (usage := _llm_table([(result["agent"], result["metrics"])])) is not None:
            _show(usage, json_path, transcripts)
        _write_jsonl(transcripts, kept or [])
        _write_json(
            json_path,
            {
                "game": game,
                "agent": result["agent"],
                "preset": preset,
                "partner": partner or preset,
                "spec": result["spec"],
                "seeds": seeds,
                "games": result["per_game"],
                "metrics": result["metrics"],
            },
        )

    _guard(run)


@app.command("ablate")
@with_llm_options
def ablate_command(
    sweep: str | None = typer.Argument(
        None, help="a sweep file (TOML: module and parameter grids); without it, the paper protocol below"
    ),
    game: str = typer.Option("traveling_adventurers", help="game name"),
    agents: str | None = typer.Option(None, help="comma-separated presets (default: all of the game's)"),
    partner: str | None = typer.Option(None, help="preset of the other player for every row (default: self-play)"),
    seeds: int | None = typer.Option(None, min=1, help="number of seeds (paper: 4; not for AsymPuzl)"),
    games: int | None = typer.Option(
        None, min=1, help="games per seed (paper: 25); AsymPuzl: puzzles per table cell (paper: 30)"
    ),
    board: int | None = typer.Option(None, help="preset board 1..6 (default: drawn per game)"),
    rooms: int | None = typer.Option(None, help="generate boards with this many rooms"),
    json_path: str | None = typer.Option(None, "--json", help="write the table as JSON ('-' = stdout)"),
    plot: str | None = typer.Option(
        None, help="write a bar chart of the table as PNG, to exactly this path (a .png name, or none)"
    ),
    option: list[str] | None = typer.Option(None, help="planner option KEY=VALUE for every preset (repeatable)"),
    results_dir: str | None = typer.Option(
        None, "--results", help="sweep: the result store directory (default: results/sweeps/NAME); a re-run resumes it"
    ),
    backend: str | None = typer.Option(
        None, help="sweep: inprocess | pool (all cores; the default) | dask (the default with --scheduler)"
    ),
    workers: int | None = typer.Option(None, min=1, help="sweep: worker processes (default: all cores)"),
    scheduler: str | None = typer.Option(None, help="sweep: a running Dask scheduler, tcp://HOST:8786"),
    csv_path: str | None = typer.Option(None, "--csv", help="sweep: write the summary as CSV ('-' = stdout)"),
    llm: Callable[[], Any] = None,  # type: ignore[assignment]  # the --llm-* options, from with_llm_options
) -> None:
    """Run a sweep file (module grids x seeds, resumable, on a process pool or Dask) and print one
    table per metric with 95% intervals; or, without a file, the paper's self-play protocol for agent
    presets (default: every offline preset) and its Table 1 (AsymPuzl: its Tables 1 and 2, feedback
    modes and puzzle sizes); LLM presets (llm-*) run when named in --agents."""

    def run() -> None:
        if sweep is not None:
            given = {"--agents": agents, "--partner": partner, "--seeds": seeds, "--games": games}
            given |= {"--board": board, "--rooms": rooms, "--option": option or None}
            if clash := [name for name, value in given.items() if value is not None]:
                raise UserError(f"{clash[0]} does not apply to a sweep file; set it in {sweep}")
            backend_name = backend or ("dask" if scheduler else "pool")
            _ablate_sweep(sweep, results_dir, backend_name, workers, scheduler, json_path, csv_path, plot, llm())
            return
        if results_dir or csv_path or scheduler or workers or backend:
            raise UserError("--results, --csv, --backend, --workers and --scheduler need a sweep file")
        from agent.arena import paper_seeds
        from agent.registry import default_registry

        registry = default_registry()
        if agents is not None and not _csv(agents):
            raise UserError(f"--agents names no preset: {agents!r}; give comma-separated presets")
        presets = _csv(agents) or registry.preset_names(game, offline=True)
        if not presets:
            registry.default_preset(game)  # raises: the game has no agents yet
        for name in presets:
            registry.preset(game, name)
        if registry.game_family(game) == "asympuzl":
            ignored = {"--seeds": seeds, "--partner": partner, "--board": board, "--rooms": rooms}
            if clash := [name for name, value in {**ignored, "--option": option or None}.items() if value is not None]:
                raise UserError(f"{clash[0]} does not apply to the AsymPuzl tables (--agents and --games do)")
            _ablate_asympuzl(registry, presets, games or 30, json_path, plot)
            return
        seeds_count, games_per_seed = seeds or 4, games or 25
        _check_size("--seeds x --games x presets", seeds_count * games_per_seed * len(presets))
        check_seed_layout(seeds_count, games_per_seed)
        game_options = _game_options(game, board=board, rooms=rooms)
        planner_options = _planner_options(option)
        config = llm()
        seed_list = paper_seeds(seeds_count, games_per_seed)
        results = []
        with _progress() as progress:
            for name in presets:
                results.append(
                    _run_selfplay(
                        game,
                        name,
                        seed_list,
                        game_options,
                        progress,
                        None,
                        planner_options,
                        llm=config,
                        partner=partner,
                    )
                )
        title = f"self-play ablation: {game}, {seeds_count} seeds x {games_per_seed} games"
        _show(_table(title, [(r["agent"], r["metrics"]) for r in results]), json_path)
        if (usage := _llm_table([(r["agent"], r["metrics"]) for r in results])) is not None:
            _show(usage, json_path)
        if plot:
            from agent.plots import plot_ablation

            plot_ablation(results, plot, title)
            _wrote(plot)
        _write_json(
            json_path,
            {
                "game": game,
                "seeds": seeds_count,
                "games_per_seed": games_per_seed,
                "rows": [{k: v for k, v in r.items() if k != "per_game"} for r in results],
            },
        )

    _guard(run)


def _ablate_sweep(
    path: str,
    results: str | None,
    backend: str,
    workers: int | None,
    scheduler: str | None,
    json_path: str | None,
    csv_path: str | None,
    plot: str | None,
    config: Any,
) -> None:
    """Run (or resume) the sweep file ``path`` into its result store and report it."""
    from agent.backends import check_backend, run_specs
    from agent.results import open_writer, summarize
    from agent.sweep import load_sweep

    check_backend(backend, workers, scheduler)
    sweep = load_sweep(path, llm=config)
    with open_writer(results or Path("results") / "sweeps" / sweep.name) as store:
        if store.torn:
            say(console, f"note: cut a torn last line ({store.torn} bytes) from {store.file}")
        store.adopt(sweep)  # refuses a store holding another sweep's games
        if done := len(store):
            say(console, f"resuming: {done} of {sweep.total} games already in {store.path}")
        with _progress(rate=True) as progress:
            bar = progress.add_task(escape(f"{sweep.name} ({backend})"), total=sweep.total, completed=done)
            run_specs(
                sweep.iter_specs(),
                store,
                backend,
                workers=workers,
                scheduler=scheduler,
                on_result=lambda row: progress.advance(bar),
            )
        summary = summarize(store.rows(), [c.label for c in sweep.cells], sweep.metrics)
    title = f"{sweep.name}: {sweep.game}, {len(sweep.cells)} cells x {len(sweep.seeds)} games"
    _show_summary(summary, title, json_path)
    _write_summary(summary, json_path, csv_path, {"sweep": sweep.name, "game": sweep.game, "results": str(store.path)})
    if plot:
        from agent.plots import plot_sweep_bars

        metric = sweep.metrics[0] if sweep.metrics else _default_metric(summary)
        plot_sweep_bars(summary, metric, plot, title)
        _wrote(plot)


def _default_metric(summary: list[dict[str, Any]]) -> str:
    """The metric a plot shows when none is named: the first binary one, else the first one."""
    if not summary:
        raise UserError("no results to plot")
    return next((e["metric"] for e in summary if e["kind"] == "binary"), summary[0]["metric"])


def _show_summary(summary: list[dict[str, Any]], title: str, json_path: str | None) -> None:
    """One table per metric: the cells with n, mean and 95% interval."""
    from agent.results import by_metric

    _show(Text(title, style="bold"), json_path)
    for metric, entries in by_metric(summary).items():
        binary = entries[0]["kind"] == "binary"
        table = LiteralTable(title=metric, title_justify="left")
        table.add_column("cell")
        table.add_column("n", justify="right")
        table.add_column("% [Wilson 95%]" if binary else "mean [bootstrap 95%]", justify="right", no_wrap=True)
        for e in entries:
            if binary:
                cell = f"{100 * e['mean']:.1f} [{100 * e['low']:.1f}-{100 * e['high']:.1f}]"
            else:
                cell = f"{_number(e['mean'])} [{_number(e['low'])}-{_number(e['high'])}]"
            table.add_row(e["cell"], str(e["n"]), cell)
        _show(table, json_path)


def _number(value: float) -> str:
    """A mean for a table: three significant digits, never in exponent form below 10^6."""
    size = abs(value)
    return f"{value:.0f}" if size >= 100 else f"{value:.1f}" if size >= 10 else f"{value:.3g}"


def _write_summary(
    summary: list[dict[str, Any]], json_path: str | None, csv_path: str | None, about: dict[str, Any]
) -> None:
    """Write a sweep summary as JSON (with ``about``) and as CSV, where asked."""
    from agent.results import to_csv

    _write_json(json_path, {**about, "summary": summary})
    if csv_path == "-":
        sys.stdout.write(to_csv(summary))
        sys.stdout.flush()
    elif csv_path:
        try:
            to_csv(summary, csv_path)
        except OSError as err:
            raise UserError(f"cannot write {csv_path}: {err.strerror or err}") from err
        _wrote(csv_path)


def _ablate_asympuzl(registry: Any, presets: list[str], puzzles: int, json_path: str | None, plot: str | None) -> None:
    """AsymPuzl's Tables 1 and 2 (Cadet et al.): solved % with Wilson 95% intervals and mean turns,
    feedback modes x agents at N = 5, and puzzle sizes x agents with both-feedback."""
    from agent.asympuzl import TABLE1_SIZE, TABLE2_SIZES, paper_tables
    from games.asympuzl import FEEDBACK_MODES

    cells = len(presets) * (len(FEEDBACK_MODES) + len(TABLE2_SIZES))
    _check_size(f"--games ({cells} table cells per puzzle)", cells * puzzles)
    with _progress() as progress:
        bar = progress.add_task(f"asympuzl: {cells} cells x {puzzles} puzzles", total=cells * puzzles)
        tables = paper_tables(registry, range(puzzles), presets, on_game=lambda r: progress.advance(bar))
    titles = {
        "feedback": f"Table 1: % of N = {TABLE1_SIZE} puzzles solved within 2N turns, by feedback mode",
        "size": "Table 2: % solved by puzzle size N (both feedback, cap 2N)",
    }
    for key, rows in tables.items():
        table = LiteralTable(
            title=titles[key], caption=f"{puzzles} puzzles per cell: solved % [Wilson 95%] / mean turns"
        )
        table.add_column("agent", no_wrap=True)
        for column in rows:
            table.add_column(column if key == "feedback" else f"N = {column}", justify="right")
        for preset in presets:
            cells_text = []
            for column in rows:
                s = rows[column][preset]
                cells_text.append(f"{_percent(s['solved'], s['solved_ci'])} / {s['mean_turns']:.1f}")
            table.add_row(preset, *cells_text)
        _show(table, json_path)
    if plot:
        from agent.plots import plot_success_at_turn

        plot_success_at_turn(tables["feedback"], plot, f"AsymPuzl N = {TABLE1_SIZE}: success rate at turn K")
        _wrote(plot)
    _write_json(json_path, {"game": "asympuzl", "puzzles": puzzles, "presets": presets, "tables": tables})


# ---------------------------------------------------------------------------------------------
# accord games / check / play
# ---------------------------------------------------------------------------------------------


@app.command("games")
def games_command(json_path: str | None = typer.Option(None, "--json", help="write the list as JSON")) -> None:
    """List the registered games and their agent presets."""

    def run() -> None:
        from agent.registry import default_registry

        registry = default_registry()
        rows = []
        table = LiteralTable(title="registered games")
        for col in ("name", "game id", "players", "presets", "description"):
            table.add_column(col)
        for family in registry.games:
            facts = registry.make_game(family).facts
            presets = registry.preset_names(family)
            rows.append(
                {"name": family, "game_id": facts.game_id, "players": list(facts.player_names), "presets": presets}
            )
            table.add_row(
                family,
                facts.game_id,
                ", ".join(facts.player_names),
                ", ".join(presets),
                registry.game_descriptions[family],
            )
        _show(table, json_path)
        _write_json(json_path, rows)

    _guard(run)


@app.command("check")
def check_command(
    seeds: int = typer.Option(5, min=1, max=MAX_GAMES, help="seeds per game"),
    json_path: str | None = typer.Option(None, "--json", help="write the reports as JSON ('-' = stdout)"),
) -> None:
    """Run the shared conformance checker over every registered game."""

    def run() -> None:
        from dataclasses import asdict

        from agent.registry import default_registry
        from games.base import ConformanceError, check_game

        registry = default_registry()
        show = console if json_path == "-" else out
        reports = []
        for family in registry.games:
            try:
                report = check_game(registry.make_game(family), range(seeds))
                reports.append({"game": family, "ok": True, **asdict(report)})
                say(
                    show,
                    ("ok", "green"),
                    f" {report.game_id}: {report.games_played} games, {report.turns_played} turns, "
                    f"{report.illegal_turns_refused} illegal turns refused",
                )
            except ConformanceError as err:
                reports.append({"game": family, "ok": False, "error": str(err)})
                say(show, ("FAIL", "red"), f" {family}: {err}")
        _write_json(json_path, reports)
        if not all(r["ok"] for r in reports):
            raise typer.Exit(code=1)

    _guard(run)


@app.command("play")
@with_llm_options
def play_command(
    game: str = typer.Argument("traveling_adventurers", help="game to play"),
    agent: str | None = typer.Option(None, help="the agent preset you play with (default: the game's strongest)"),
    side: str = typer.Option(
        "user", help="your side: user / A (first player: light world, or the treasure in round 1) or bot / B"
    ),
    board: int | None = typer.Option(None, help="preset board 1..6"),
    rooms: int | None = typer.Option(None, help="generated board with this many rooms"),
    size: int | None = typer.Option(None, help="Gnomes at Night: a generated maze of this size"),
    seed: int = typer.Option(0, min=0, help="seed for the board and the agent"),
    json_path: str | None = typer.Option(None, "--json", help="write the transcript and metrics as JSON"),
    llm: Callable[[], Any] = None,  # type: ignore[assignment]  # the --llm-* options, from with_llm_options
) -> None:
    """Play one side of a game in the terminal against an agent."""

    def run() -> None:
        from agent.terminal import play_in_terminal

        sides = {"user": 0, "a": 0, "0": 0, "bot": 1, "b": 1, "1": 1}
        if side.lower() not in sides:
            raise UserError("--side must be user (A) or bot (B)")
        from agent.registry import default_registry

        preset = agent or default_registry().default_preset(game)
        record = play_in_terminal(
            game,
            preset,
            sides[side.lower()],
            seed,
            _game_options(game, board=board, rooms=rooms, size=size),
            out,
            llm(),
        )
        _write_json(json_path, record)

    _guard(run)


# ---------------------------------------------------------------------------------------------
# accord dialop rescore
# ---------------------------------------------------------------------------------------------

RECORDED_MEANS = {"optimization": 0.921, "planning": 0.886, "mediation": 0.970}


@dialop_app.command("rescore")
def dialop_rescore_command(
    task: list[str] | None = typer.Option(None, help="optimization | planning | mediation (default: all three)"),
    json_path: str | None = typer.Option(None, "--json", help="write per-game and mean scores as JSON ('-' = stdout)"),
) -> None:
    """Re-score the final accepted proposal of every recorded human game and compare with its record."""

    def run() -> None:
        import importlib

        from games.dialop.data import TASKS, load_recorded

        tasks = task or list(TASKS)
        for name in tasks:
            if name not in TASKS:
                raise UserError(f"unknown DialOp task {name!r}; tasks: {', '.join(TASKS)}")
        table = LiteralTable(
            title="DialOp: recorded human games re-scored", caption="norm = (score - worst) / (best - worst)"
        )
        for col in ("task", "games", "reproduced", "max |norm diff|", "mean norm", "recorded mean", "paper"):
            table.add_column(col, justify="left" if col == "task" else "right")
        report: dict[str, Any] = {}
        for name in tasks:
            rescore = importlib.import_module(f"games.dialop.{name}").rescore
            rows = []
            for index, game in enumerate(load_recorded(name)):
                ours = rescore(game)
                recorded = game["result"]
                diff = abs(ours["norm"] - recorded["norm"])
                same = diff <= 1e-9 and all(abs(ours[k] - recorded[k]) <= 1e-9 for k in ("score", "best", "worst"))
                rows.append({"index": index, "ours": ours, "recorded": recorded, "reproduced": same})
            norms = [r["ours"]["norm"] for r in rows]
            recorded_norms = [r["recorded"]["norm"] for r in rows]
            summary = {
                "games": len(rows),
                "reproduced": sum(r["reproduced"] for r in rows),
                "max_norm_diff": max(abs(a - b) for a, b in zip(norms, recorded_norms, strict=True)),
                "mean_norm": sum(norms) / len(norms),
                "recorded_mean_norm": sum(recorded_norms) / len(recorded_norms),
                "paper_mean_norm": RECORDED_MEANS[name],
            }
            report[name] = {**summary, "per_game": rows}
            table.add_row(
                name,
                str(summary["games"]),
                str(summary["reproduced"]),
                f"{summary['max_norm_diff']:.1e}",
                f"{summary['mean_norm']:.3f}",
                f"{summary['recorded_mean_norm']:.3f}",
                f"{summary['paper_mean_norm']:.3f}",
            )
        _show(table, json_path)
        _write_json(json_path, report)

    _guard(run)


# ---------------------------------------------------------------------------------------------
# accord llm serve
# ---------------------------------------------------------------------------------------------


@llm_app.command("serve")
def llm_serve_command(
    model: str | None = typer.Argument(
        None, help="a .gguf file, or a packaged model: smollm2-135m | gemma3-270m (the [local] extra)"
    ),
    port: int = typer.Option(8080, min=0, max=65535, help="port on 127.0.0.1 (0 = any free port)"),
    scripted: bool = typer.Option(
        False, "--scripted", help="serve Accord's scripted model instead (rule parser and templates; for plumbing)"
    ),
    chat_format: str | None = typer.Option(None, help="llama.cpp chat format (default: the packaged model's)"),
    n_ctx: int = typer.Option(8192, min=512, help="context window in tokens"),
    threads: int | None = typer.Option(None, min=1, help="CPU threads for llama.cpp"),
) -> None:
    """Start an OpenAI-compatible server on 127.0.0.1 for --llm-base-url: a local GGUF model through
    llama-cpp-python, or (--scripted) the scripted model. Runs until interrupted."""

    def run() -> None:
        import subprocess

        if scripted:
            from language.scripted_server import ScriptedLLMServer

            server = ScriptedLLMServer(port=port)
            say(
                console,
                f"scripted model at {server.url} (use --llm-base-url {server.url} --llm-model scripted); Ctrl-C stops",
            )
            server.serve_forever()
            return
        from language.local_models import resolve_model, server_command

        if model is None:
            raise UserError("give a .gguf file or a packaged model name (smollm2-135m, gemma3-270m), or --scripted")
        gguf, alias, default_format = resolve_model(model)
        command = server_command(gguf, alias, port, chat_format or default_format, n_ctx, threads)
        say(
            console,
            f"serving {gguf.name} as {alias!r} at http://127.0.0.1:{port}/v1 "
            f"(use --llm-base-url http://127.0.0.1:{port}/v1 --llm-model {alias} --llm-mode llamacpp); Ctrl-C stops",
        )
        raise typer.Exit(code=subprocess.call(command))

    _guard(run)


# ---------------------------------------------------------------------------------------------
# accord results summarize / show / plot
# ---------------------------------------------------------------------------------------------


@results_app.command("summarize")
def results_summarize_command(
    results: str = typer.Argument(..., help="the result store directory of a sweep"),
    metric: list[str] | None = typer.Option(None, help="only these metrics (repeatable; default: all)"),
    json_path: str | None = typer.Option(None, "--json", help="write the summary as JSON ('-' = stdout)"),
    csv_path: str | None = typer.Option(None, "--csv", help="write the summary as CSV"),
) -> None:
    """Per cell and metric: mean with a Wilson (binary) or bootstrap (continuous) 95% interval."""

    def run() -> None:
        from agent.results import open_store, summarize_store

        store = open_store(results, must_exist=True)
        if store.torn:
            say(console, f"note: skipped a torn last line ({store.torn} bytes) of {store.file}")
        summary = summarize_store(store, metric or ())
        if metric and not summary:
            raise UserError(f"no results for metric {metric[0]!r} in {results}")
        manifest = store.manifest()
        name = manifest.get("sweep", results)
        _show_summary(summary, f"{name}: {len(store)} of {manifest.get('total', len(store))} games", json_path)
        _write_summary(summary, json_path, csv_path, {"sweep": name, "results": results, "games": len(store)})

    _guard(run)


@results_app.command("show")
def results_show_command(
    results: str = typer.Argument(..., help="the result store directory of a sweep"),
    game_id: str = typer.Argument(..., help="the game's key, or a unique prefix of it"),
    replay: bool = typer.Option(False, "--replay", help="play the game again and check its transcript digest"),
    json_path: str | None = typer.Option(None, "--json", help="write the game's row as JSON ('-' = stdout)"),
) -> None:
    """Print one game's transcript and metrics (and with --replay, check that it replays identically)."""

    def run() -> None:
        from agent.results import open_store, replay_differences

        row = open_store(results, must_exist=True).game(game_id)  # checked against its key and digest
        show = console if json_path == "-" else out
        spec = row["spec"]
        show.print(
            f"[bold]{row['key']}[/]  {row['game_id']}  cell: {escape(row['cell'])}  seed: {spec['seed']}",
            highlight=False,
        )
        for turn in row["transcript"]:
            actions = f"  [dim]{escape(json.dumps(turn['actions']))}[/]" if turn.get("actions") else ""
            show.print(
                f"[bold]{escape(turn['player'])}[/]: {escape(turn['message'])}{actions}",
                highlight=False,
                soft_wrap=True,
            )
        scalars = {k: v for k, v in row["metrics"].items() if isinstance(v, bool | int | float | str)}
        show.print(escape("metrics: " + ", ".join(f"{k}={v}" for k, v in scalars.items())), highlight=False)
        for refusal in row["refused"]:
            show.print(f"[yellow]refused[/] {escape(refusal)}", highlight=False)
        if replay:
            if differences := replay_differences(row):
                show.print(f"[red]replay differs[/]: {escape('; '.join(differences))}")
                raise typer.Exit(code=1)
            show.print(f"replay: identical transcript (digest {row['transcript_digest'][:16]})")
        _write_json(json_path, row)

    _guard(run)


@results_app.command("plot")
def results_plot_command(
    results: str = typer.Argument(..., help="the result store directory of a sweep"),
    metric: str = typer.Option(..., help="the metric to plot, e.g. optimal, solved, normalized_score"),
    out_path: str = typer.Option(..., "--out", help="the PNG file"),
    over: str | None = typer.Option(
        None,
        help="a sweep parameter for the x axis (rooms, size, feedback...), or turn (the share that "
        "reached the metric by turn K): curves instead of bars",
    ),
) -> None:
    """Bars of a metric per cell with 95% intervals, or curves of it over one sweep parameter or
    over the turns."""

    def run() -> None:
        from agent.plots import plot_sweep_bars, plot_sweep_curves
        from agent.results import by_turn, open_store, summarize_store

        store = open_store(results, must_exist=True)
        summary = summarize_store(store)
        title = f"{store.manifest().get('sweep', results)}: {metric}"
        if over == "turn" and not any("turn" in e["params"] for e in summary):
            plot_sweep_curves(by_turn(store.rows(), metric), metric, "turn", out_path, f"{title} by turn K")
        elif over:
            plot_sweep_curves(summary, metric, over, out_path, f"{title} over {over}")
        else:
            plot_sweep_bars(summary, metric, out_path, title)
        _wrote(out_path)

    _guard(run)


def main() -> None:
    """Console-script entry point."""
    try:
        app()
    except KeyboardInterrupt:
        say(console, "interrupted")
        sys.exit(130)


# ---------------------------------------------------------------------------------------------
# accord dialop psp
# ---------------------------------------------------------------------------------------------


@dialop_app.command("psp")
@with_llm_options
def dialop_psp_command(
    game: list[str] | None = typer.Option(
        None, help="dialop_optimization | dialop_planning | dialop_mediation (repeatable; default: all three)"
    ),
    prefix: str = typer.Option(
        "0.5,0.75,proposal,self-play", help="comma-separated conditions: 0.5, 0.75, proposal, self-play"
    ),
    agent: str | None = typer.Option(None, help="agent preset in every seat (default: the game's strongest)"),
    games: int | None = typer.Option(None, min=1, help="only the first N recorded games (default: all)"),
    parser: str | None = typer.Option(None, help="override the preset's parser: rules | llm | off"),
    json_path: str | None = typer.Option(None, "--json", help="write per-game results and the table as JSON"),
    transcripts: str | None = typer.Option(None, help="write every game's continuation as JSONL ('-' = stdout)"),
    plot: str | None = typer.Option(
        None, help="write the Figure 5 bar chart as PNG, to exactly this path (a .png name, or none)"
    ),
    llm: Callable[[], Any] = None,  # type: ignore[assignment]  # the --llm-* options, from with_llm_options
) -> None:
    """Prompted self-play (Lin et al., Figure 5): agents finish the recorded human dialogues from
    half, three quarters, or all but the final proposal, next to the humans' scores."""

    def run() -> None:
        from agent.psp import CONDITIONS, prompted_selfplay, psp_summary, recorded_indices
        from agent.registry import default_registry

        registry = default_registry()
        families = [
            registry.game_family(g) for g in game or ["dialop_optimization", "dialop_planning", "dialop_mediation"]
        ]
        for family in families:
            if not family.startswith("dialop_"):
                raise UserError(f"prompted self-play needs a DialOp game, not {family}")
        conditions = _csv(prefix)
        for condition in conditions:
            if condition not in CONDITIONS:
                raise UserError(f"unknown prefix {condition!r}; choose from {', '.join(CONDITIONS)}")
        config = llm()
        specs = {}
        for family in families:
            spec = registry.preset(family, agent or registry.default_preset(family))
            specs[family] = replace(spec, parser=parser) if parser else spec
            registry.build_agent(specs[family], config)  # fail on bad names before anything runs
        summaries: dict[str, dict[str, dict[str, Any]]] = {}
        per_game: list[dict[str, Any]] = []
        kept: list[dict[str, Any]] = []
        with _progress() as progress:
            for family in families:
                task = family.removeprefix("dialop_")
                indices = recorded_indices(task, games)
                for condition in conditions:
                    bar = progress.add_task(f"{task} {condition}", total=len(indices))
                    records = []
                    for index in indices:
                        records.append(prompted_selfplay(task, index, condition, specs[family], registry, config))
                        progress.advance(bar)
                    summaries.setdefault(task, {})[condition] = psp_summary(records)
                    per_game += [{k: v for k, v in r.to_json().items() if k != "transcript"} for r in records]
                    if transcripts:
                        kept += [r.to_json() for r in records]
        table = LiteralTable(
            title="DialOp prompted self-play (Lin et al., Figure 5)",
            caption="mean normalized score [95% interval] on the recorded games; forced = final proposal forced by length",
        )
        for col in ("task", "condition", "games", "agents", "humans", "random", "forced %", "words", "human words"):
            table.add_column(col, justify="left" if col in ("task", "condition") else "right", no_wrap=True)
        for task, rows in summaries.items():
            for condition, s in rows.items():
                lo, hi = s["mean_score_ci"]
                table.add_row(
                    task,
                    condition,
                    str(s["games"]),
                    f"{s['mean_score']:.3f} [{lo:.3f}-{hi:.3f}]",
                    f"{s['human_score']:.3f}",
                    f"{s['random_score']:.3f}",
                    f"{100 * s['forced']:.0f}",
                    f"{s['mean_words']:.0f}",
                    f"{s['mean_human_words']:.0f}",
                )
        _show(table, json_path, transcripts)
        usage = _llm_table([(f"{t} {c}", s) for t, rows in summaries.items() for c, s in rows.items()])
        if usage is not None:
            _show(usage, json_path, transcripts)
        if plot:
            from agent.plots import plot_psp

            plot_psp(summaries, plot, "prompted self-play: agents finish human dialogues")
            _wrote(plot)
        _write_jsonl(transcripts, kept if transcripts else [])
        _write_json(
            json_path,
            {"agents": {f: s.name for f, s in specs.items()}, "summary": summaries, "games": per_game},
        )

    _guard(run)
