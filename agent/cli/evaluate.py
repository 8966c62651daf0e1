"""``accord eval parse``: a parser scored on a labelled set of messages, fact by fact."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer

from agent.cli.common import UserError, _guard, _progress, _show, _write_json, console
from agent.cli.options import with_llm_options
from agent.terminal import say


@with_llm_options
def eval_parse_command(
    game: str = typer.Option(..., help="the game whose parser to score"),
    set_path: list[str] | None = typer.Option(
        None, "--set", help="a labelled set (JSON Lines; repeatable; default: the kit's own sets)"
    ),
    parser_name: str = typer.Option("rules", "--parser", help="the parser slot: rules | llm | ..."),
    misses: int = typer.Option(0, min=0, help="print up to N messages that were not read exactly"),
    json_path: str | None = typer.Option(
        None, "--json", help="write the scores (and every miss) as JSON ('-' = stdout)"
    ),
    llm: Callable[[], Any] = None,  # type: ignore[assignment]  # the --llm-* options, from with_llm_options
) -> None:
    """Score a parser on labelled messages: precision, recall and F1 of the facts per act kind,
    exact-match rate per category, and parse time per message. A set item is
    {"message", "context": {accord parse options}, "expected": acts, "category"}."""

    def run() -> None:
        from rich.table import Table

        from agent.parse_eval import default_facts, evaluate, load_eval_set
        from agent.reading import MessageReader
        from agent.registry import default_registry

        reading = MessageReader(default_registry(), game, parser_name, llm())
        kit = reading.kit
        paths = {p: p for p in set_path} if set_path else {name: str(p) for name, p in kit.parse_sets.items()}
        if not paths:
            raise UserError(f"{kit.name} ships no evaluation set; name one with --set FILE")
        report: dict[str, Any] = {}
        for name, path in paths.items():
            try:
                items = load_eval_set(path)
            except ValueError as err:
                raise UserError(str(err)) from None
            with _progress() as bar:
                task = bar.add_task(f"{kit.name}: {name}", total=len(items))

                def advance(task: Any = task, bar: Any = bar) -> None:
                    bar.advance(task)

                try:
                    result = evaluate(
                        items,
                        reading.context,
                        reading.parse,
                        kit.acts,
                        kit.parse_facts or default_facts,
                        progress=advance,
                    )
                except ValueError as err:
                    raise UserError(f"{path}: {err}") from None
            overall, timing = result.overall(), result.timing()
            table = Table(
                title=f"{kit.name} parser '{parser_name}' on {name}: {len(items)} messages",
            )
            for column in ("fact kind", "expected", "parsed", "precision", "recall", "F1"):
                table.add_column(column, justify="left" if column == "fact kind" else "right")
            for kind, score in result.kinds().items():
                table.add_row(
                    kind,
                    str(score.tp + score.fn),
                    str(score.tp + score.fp),
                    f"{score.precision:.3f}",
                    f"{score.recall:.3f}",
                    f"{score.f1:.3f}",
                )
            _show(table, json_path)
            categories = Table(title="by category")
            for column in ("category", "messages", "exact match", "fact F1"):
                categories.add_column(column, justify="left" if column == "category" else "right")
            for category, results in result.categories().items():
                categories.add_row(
                    category,
                    str(len(results)),
                    f"{result.exact_match(results):.3f}",
                    f"{result.overall(results).f1:.3f}",
                )
            _show(categories, json_path)
            say(
                console,
                f"{name}: facts P {overall.precision:.3f} R {overall.recall:.3f} F1 {overall.f1:.3f}; "
                f"exact match {result.exact_match():.3f}; parse time {timing['median_us']:.0f} µs median, "
                f"{timing['p95_us']:.0f} µs p95, {timing['per_char_us']:.2f} µs per character",
            )
            data = result.to_json()
            for miss in data["misses"][:misses]:
                say(console, f"{miss['id']}: {miss['message']!r}")
                say(console, f"  expected {miss['expected']}")
                say(console, f"  parsed   {miss['parsed']}")
            report[name] = {"path": path, "parser": parser_name, **data}
        _write_json(json_path, {"game": kit.name, "sets": report})

    _guard(run)
