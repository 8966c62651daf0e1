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


def eval_misread_command(
    sweep: str = typer.Argument(..., help="a sweep file of a two-seat game (seat 0 speaks, seat 1 reads)"),
    games: int | None = typer.Option(None, min=1, help="games per cell (default: every seed of the sweep)"),
    json_path: str | None = typer.Option(None, "--json", help="write the counts as JSON ('-' = stdout)"),
) -> None:
    """Play a sweep's games in process and count, per cell, how often seat 1's parser reads seat 0's
    messages into other acts than seat 0 meant; with a noisy renderer on seat 0, also how many
    messages the noise changed and how often those were misread."""

    def run() -> None:
        from rich.table import Table

        from agent.misread import misreads_by_cell, two_seat_game
        from agent.registry import default_registry
        from agent.sweep import load_sweep

        registry = default_registry()
        loaded = load_sweep(sweep, registry)
        labels = [cell.label for cell in loaded.cells]
        per_cell = {label: 0 for label in labels}
        specs = []
        for spec in loaded.iter_specs():
            if games is None or per_cell[spec.label] < games:
                per_cell[spec.label] += 1
                specs.append(spec)
        if specs:
            two_seat_game(registry, specs[0])
        with _progress(rate=True) as bar:
            task = bar.add_task(f"{loaded.name}: misreads", total=len(specs))
            cells = misreads_by_cell(registry, specs, lambda: bar.advance(task))
        table = Table(title=f"{loaded.name}: seat 1 reading seat 0 ({len(specs)} games)")
        for column in ("cell", "games", "messages", "misread", "perturbed", "perturbed misread"):
            table.add_column(column, justify="left" if column == "cell" else "right")
        report = {}
        for label, count in cells.items():
            data = count.to_json()
            table.add_row(
                label,
                str(per_cell[label]),
                str(count.messages),
                f"{data['misread_rate']:.1%}",
                f"{data['perturbed_rate']:.1%}",
                f"{data['perturbed_misread_rate']:.1%}" if count.perturbed else "-",
            )
            report[label] = {"games": per_cell[label], **data}
        _show(table, json_path)
        _write_json(json_path, {"sweep": loaded.name, "cells": report})

    _guard(run)
