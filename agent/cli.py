"""The ``accord`` command line.

Every command that produces results takes ``--json PATH`` (``-`` = standard output). User errors
(bad files, unknown names, bad options) print one line on standard error and exit with code 2.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Accord: agents that decide together with a partner through dialogue.",
)
solve_app = typer.Typer(no_args_is_help=True, help="Exact combinatorial solvers.")
bench_app = typer.Typer(no_args_is_help=True, help="Benchmarks (ratios against references measured in the same run).")
app.add_typer(solve_app, name="solve")
app.add_typer(bench_app, name="bench")

# Output that is piped or captured (make, CI) is not cut to 80 columns.
console = Console(stderr=True, width=None if sys.stderr.isatty() else 120)
out = Console(width=None if sys.stdout.isatty() else 120)


class UserError(Exception):
    """A problem with the user's input: reported as one line, exit code 2."""


def _fail(message: str) -> None:
    console.print(f"[bold red]error:[/] {message}", highlight=False, soft_wrap=True)
    raise typer.Exit(code=2)


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
    console.print(f"wrote {path}")


def _show(renderable: Any, json_path: str | None) -> None:
    """Print a table to stdout, or to stderr when stdout carries the JSON result."""
    (console if json_path == "-" else out).print(renderable)


def _progress() -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=False,
    )


def _guard(run: Callable[[], None]) -> None:
    """Run a command body, turning user errors into one line and exit code 2."""
    from agent.registry import UnknownNameError
    from solvers.tsp import TSPError

    try:
        run()
    except (UserError, UnknownNameError, TSPError, ValueError) as err:
        _fail(str(err).splitlines()[0] if str(err) else type(err).__name__)
    except OSError as err:
        _fail(f"{err.strerror or err}: {err.filename}" if err.filename else str(err))
    except (typer.Exit, typer.Abort, KeyboardInterrupt):
        raise
    except Exception as err:
        if os.environ.get("ACCORD_DEBUG"):
            raise
        console.print(
            f"[bold red]internal error:[/] {type(err).__name__}: {str(err).splitlines()[0] if str(err) else ''}"
            " (set ACCORD_DEBUG=1 for the traceback)",
            highlight=False,
            soft_wrap=True,
        )
        raise typer.Exit(code=1) from err


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
            out.print(f"tour: {' -> '.join(result['tour'])}\nvalue: {result['value']}\noptimal: {result['optimal']}")

    _guard(run)


# ---------------------------------------------------------------------------------------------
# accord bench solvers
# ---------------------------------------------------------------------------------------------


@bench_app.command("solvers")
def bench_solvers_command(
    min_n: int = typer.Option(8, help="smallest instance size"),
    max_n: int = typer.Option(18, help="largest instance size"),
    repeats: int = typer.Option(5, help="timed repeats per method and size"),
    python_max_n: int = typer.Option(16, help="largest size timed with the plain-Python reference"),
    json_path: str | None = typer.Option(None, "--json", help="write the results as JSON ('-' = stdout)"),
) -> None:
    """Time Held-Karp (Numba), CP-SAT, SCIP and plain-Python Held-Karp on the same instances."""

    def run() -> None:
        from solvers.bench import bench_solvers, render_bench_table

        if not 4 <= min_n <= max_n <= 20:
            raise UserError("sizes must satisfy 4 <= min-n <= max-n <= 20")
        sizes = list(range(min_n, max_n + 1))
        with _progress() as progress:
            task = progress.add_task("benchmarking solvers", total=None)
            result = bench_solvers(
                sizes,
                repeats=repeats,
                python_max_n=python_max_n,
                progress=lambda d: progress.update(task, description=d),
            )
        _show(render_bench_table(result), json_path)
        _write_json(json_path, result)

    _guard(run)


# ---------------------------------------------------------------------------------------------
# accord parse
# ---------------------------------------------------------------------------------------------


@app.command("parse")
def parse_command(
    message: str = typer.Argument(..., help="the partner's message"),
    game: str = typer.Option("traveling_adventurers", help="game whose language to parse"),
    at: str | None = typer.Option(None, help="room the agreed path ends in ('from there')"),
    visited: str | None = typer.Option(None, help="agreed path so far, comma-separated (e.g. L,E)"),
    rooms: int = typer.Option(6, help="number of rooms on the board"),
    speaker_coins: str = typer.Option(
        "unknown", help="coin kind of the message's author: light | ghost | unknown (decide echoes by wording only)"
    ),
    last_suggestion: str | None = typer.Option(None, help="our latest suggestion, comma-separated"),
    json_path: str | None = typer.Option("-", "--json", help="where to write the acts ('-' = stdout)"),
) -> None:
    """Parse one partner message into dialogue acts (printed as a JSON list)."""

    def run() -> None:
        from agent.registry import default_registry
        from games.traveling_adventurers import MAX_ROOMS, MIN_ROOMS, ROOM_CATALOGUE
        from language.acts import acts_to_json
        from language.base import DialogueContext

        registry = default_registry()
        family = registry.game_family(game)
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
        context = DialogueContext(
            rooms=names,
            start="L",
            at=at.upper() if at else path[-1],
            visited=path,
            speaker_coins=speaker_coins,
            listener_coins=kinds[speaker_coins],
            last_suggestion=[r.upper() for r in _csv(last_suggestion)] or None,
        )
        parser = registry.parsers[(family, "rules")]()
        _write_json(json_path, acts_to_json(parser.parse(message, context)))

    _guard(run)


# ---------------------------------------------------------------------------------------------
# accord selfplay / ablate
# ---------------------------------------------------------------------------------------------


def _game_options(board: int | None, rooms: int | None) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if board is not None:
        options["board"] = board
    if rooms is not None:
        options["rooms"] = rooms
    return options


def _metrics_table(title: str, rows: list[tuple[str, dict[str, Any]]]) -> Table:
    table = Table(title=title, caption="% of games [Wilson 95% interval]; means per game")
    table.add_column("agent", no_wrap=True)
    for name in ("Identical", "Correct", "Optimal"):
        table.add_column(name, justify="right", no_wrap=True)
    for name in ("turns", "words", "score"):
        table.add_column(name, justify="right")
    for label, agg in rows:
        cells = []
        for metric in ("identical", "correct", "optimal"):
            lo, hi = agg[f"{metric}_ci"]
            cells.append(f"{100 * agg[metric]:.0f} [{100 * lo:.0f}-{100 * hi:.0f}]")
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
) -> dict[str, Any]:
    from agent.arena import aggregate, selfplay
    from agent.registry import default_registry

    registry = default_registry()
    game = registry.make_game(game_name, **game_options)
    spec = registry.preset(game_name, preset)
    if planner_options:
        spec = replace(spec, options={**spec.options, **planner_options})
    task = progress.add_task(f"{preset}", total=len(seeds))
    records = selfplay(game, spec, seeds, registry, on_game=lambda r: progress.advance(task))
    if transcripts is not None:
        transcripts.extend(r.to_json() for r in records)
    return {
        "agent": preset,
        "spec": spec.describe(),
        "metrics": aggregate(records),
        "per_game": [{"seed": r.seed, **{k: v for k, v in r.metrics.items() if k != "submissions"}} for r in records],
    }


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
    try:
        with open(path, "w") as handle:
            for row in rows:
                handle.write(json.dumps(row, default=str) + "\n")
    except OSError as err:
        raise UserError(f"cannot write {path}: {err.strerror or err}") from err
    console.print(f"wrote {path}")


@app.command("selfplay")
def selfplay_command(
    game: str = typer.Option("traveling_adventurers", help="game name"),
    agent: str = typer.Option("problem-solving", help="agent preset (both players)"),
    games: int = typer.Option(25, min=1, help="number of games"),
    seed: int = typer.Option(0, help="first seed; game i uses seed*1000 + i"),
    board: int | None = typer.Option(None, help="preset board 1..6 (default: drawn per game)"),
    rooms: int | None = typer.Option(None, help="generate boards with this many rooms"),
    json_path: str | None = typer.Option(None, "--json", help="write results as JSON ('-' = stdout)"),
    transcripts: str | None = typer.Option(None, help="write every game's transcript as JSONL"),
    option: list[str] | None = typer.Option(None, help="planner option KEY=VALUE, e.g. unknown=expected (repeatable)"),
) -> None:
    """Self-play of one agent preset; prints the metrics with Wilson 95% intervals."""

    def run() -> None:
        from agent.arena import paper_seeds

        seeds = paper_seeds(1, games, seed)
        kept: list[dict] | None = [] if transcripts else None
        with _progress() as progress:
            result = _run_selfplay(
                game, agent, seeds, _game_options(board, rooms), progress, kept, _planner_options(option)
            )
        _show(_metrics_table(f"self-play: {game}", [(agent, result["metrics"])]), json_path)
        _write_jsonl(transcripts, kept or [])
        _write_json(
            json_path,
            {"game": game, "agent": agent, "seeds": seeds, "games": result["per_game"], "metrics": result["metrics"]},
        )

    _guard(run)


@app.command("ablate")
def ablate_command(
    game: str = typer.Option("traveling_adventurers", help="game name"),
    agents: str | None = typer.Option(None, help="comma-separated presets (default: all of the game's)"),
    seeds: int = typer.Option(4, min=1, help="number of seeds (paper: 4)"),
    games: int = typer.Option(25, min=1, help="games per seed (paper: 25)"),
    board: int | None = typer.Option(None, help="preset board 1..6 (default: drawn per game)"),
    rooms: int | None = typer.Option(None, help="generate boards with this many rooms"),
    json_path: str | None = typer.Option(None, "--json", help="write the table as JSON ('-' = stdout)"),
    plot: str | None = typer.Option(None, help="write a bar chart of the table as PNG"),
    option: list[str] | None = typer.Option(None, help="planner option KEY=VALUE for every preset (repeatable)"),
) -> None:
    """Run the paper's self-play protocol for every agent preset and print its Table 1."""

    def run() -> None:
        from agent.arena import paper_seeds
        from agent.registry import default_registry

        registry = default_registry()
        presets = _csv(agents) or registry.preset_names(game)
        for name in presets:
            registry.preset(game, name)
        seed_list = paper_seeds(seeds, games)
        results = []
        with _progress() as progress:
            for name in presets:
                results.append(
                    _run_selfplay(
                        game, name, seed_list, _game_options(board, rooms), progress, None, _planner_options(option)
                    )
                )
        title = f"self-play ablation: {game}, {seeds} seeds x {games} games"
        _show(_metrics_table(title, [(r["agent"], r["metrics"]) for r in results]), json_path)
        if plot:
            from agent.plots import plot_ablation

            plot_ablation(results, plot, title)
            console.print(f"wrote {plot}")
        _write_json(
            json_path,
            {
                "game": game,
                "seeds": seeds,
                "games_per_seed": games,
                "rows": [{k: v for k, v in r.items() if k != "per_game"} for r in results],
            },
        )

    _guard(run)


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
        table = Table(title="registered games")
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
    seeds: int = typer.Option(5, min=1, help="seeds per game"),
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
                show.print(
                    f"[green]ok[/] {report.game_id}: {report.games_played} games, {report.turns_played} turns, "
                    f"{report.illegal_turns_refused} illegal turns refused"
                )
            except ConformanceError as err:
                reports.append({"game": family, "ok": False, "error": str(err)})
                show.print(f"[red]FAIL[/] {family}: {err}")
        _write_json(json_path, reports)
        if not all(r["ok"] for r in reports):
            raise typer.Exit(code=1)

    _guard(run)


@app.command("play")
def play_command(
    game: str = typer.Argument("traveling_adventurers", help="game to play"),
    agent: str = typer.Option("problem-solving", help="the agent preset you play with"),
    side: str = typer.Option("user", help="your side: user (light world, moves first) or bot (ghost world)"),
    board: int | None = typer.Option(None, help="preset board 1..6"),
    rooms: int | None = typer.Option(None, help="generated board with this many rooms"),
    seed: int = typer.Option(0, help="seed for the board and the agent"),
    json_path: str | None = typer.Option(None, "--json", help="write the transcript and metrics as JSON"),
) -> None:
    """Play one side of a game in the terminal against an agent."""

    def run() -> None:
        from agent.terminal import play_in_terminal

        if side not in ("user", "bot"):
            raise UserError("--side must be user or bot")
        record = play_in_terminal(game, agent, 0 if side == "user" else 1, seed, _game_options(board, rooms), out)
        _write_json(json_path, record)

    _guard(run)


def main() -> None:
    """Console-script entry point."""
    try:
        app()
    except KeyboardInterrupt:
        console.print("interrupted")
        sys.exit(130)
