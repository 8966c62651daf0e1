"""``accord qa run`` and ``accord qa symbolic``: the CoordinationQA benchmark (Agashe et al., seed 002) asked of any model
through Accord's LLM client, scored as the paper scored it (:mod:`agent.kits.llm_coordination.qa`), and
its Hanabi questions answered by the neurosymbolic answerer (:mod:`agent.kits.llm_coordination.symbolic_qa`).

The seed-002 game kits declare :data:`COMMANDS`; the command line mounts them once, in the ``qa``
group. The callback imports the benchmark and the client inside its body, when it runs.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import typer

from agent.cli.common import UserError, _guard, _progress, _show, _status, _write_json, console
from agent.cli.options import _csv, with_llm_options
from agent.cli.tables import _llm_table, _percent
from agent.kits.base import KitCommand
from agent.terminal import LiteralTable, say

INTERVALS = (
    "accuracy: mean of the trials' accuracies [Student-t 95% over trials]; pooled: every answer "
    "[Wilson 95%]; random: exact expected accuracy of a uniform pick among each question's options"
)
"""The table's caption: how its intervals are computed."""


@with_llm_options
def qa_run_command(
    model: str | None = typer.Option(None, "--model", help="the model to ask (the same as --llm-model)"),
    trials: int = typer.Option(3, min=1, max=100, help="times each question is asked (the paper: 3)"),
    games: str | None = typer.Option(None, help="comma-separated: hanabi, overcooked, collabgames (default: all)"),
    categories: str | None = typer.Option(None, help="comma-separated: ec, tom, jp (default: all)"),
    layout: str | None = typer.Option(
        None, help="chat (directive as the system turn) | no-system (default: chat; no-system with --llm-mode llamacpp)"
    ),
    json_path: str | None = typer.Option(
        None, "--json", help="write every answer, the summary and the accounting as JSON (saved after each trial)"
    ),
    llm: Callable[[], Any] = None,  # type: ignore[assignment]  # the --llm-* options, from with_llm_options
) -> None:
    """Ask the CoordinationQA questions (Environment Comprehension, Theory of Mind, Joint Planning;
    Hanabi, Overcooked, Collab games) as the LLM-Coordination paper did, extract each chosen letter
    (a letter in the answer format, else the answer text matched to an option, else none: wrong), and
    report accuracy per category and per game: the mean of the trials' accuracies with a Student-t 95%
    interval over the trials, the pooled accuracy with a Wilson 95% interval, and the exact random
    baseline. Answers are free text (no structured output: --llm-mode and --llm-reasks do not apply);
    the paper sampled at temperature 0.6 (pass --llm-temperature 0.6); each trial sends its own seed."""

    def run() -> None:
        from agent.kits.llm_coordination.qa import (
            LAYOUTS,
            Layout,
            ask_text,
            build_prompt,
            load_benchmark,
            run_benchmark,
        )
        from language.llm_client import LLMClient

        config = llm()
        if model is not None:  # --model wins over --llm-model and ACCORD_LLM_MODEL
            config = config.model_copy(update={"model": model})
        config.require("accord qa run")
        chosen = layout or ("no-system" if config.mode == "llamacpp" else "chat")
        if chosen not in LAYOUTS:
            raise UserError(f"unknown --layout {chosen!r}; choose from {', '.join(LAYOUTS)}")
        benchmark = load_benchmark().select(_csv(games) or None, _csv(categories) or None)
        if not benchmark.questions:
            raise UserError("no question matches --games and --categories")
        client = LLMClient(config)
        about = {
            "benchmark": "CoordinationQA (Agashe et al., LLM-Coordination)",
            "model": config.model,
            "endpoint": config.describe(),
            "layout": chosen,
            "trials": trials,
            "temperature": config.temperature,
            "intervals": INTERVALS,
        }
        records: list[Any] = []
        questions = benchmark.questions

        def report(complete: bool) -> dict[str, Any]:
            from agent.kits.llm_coordination.qa import summarize_answers

            return {
                **about,
                "complete": complete,
                "summary": summarize_answers(questions, records, benchmark.key),
                "llm": client.usage.to_json(),
                "data_notes": list(benchmark.notes),
                "questions": [
                    {
                        "id": q.id,
                        "game": q.game,
                        "category": q.category,
                        "options": len(q.options),
                        "correct": sorted(benchmark.key[q.id]),
                    }
                    for q in questions
                ],
                "answers": [r.model_dump() for r in records],
            }

        complete = False
        try:
            with _progress() as progress:
                bar = progress.add_task("CoordinationQA", total=len(questions) * trials)

                def answered(record: Any) -> None:
                    records.append(record)
                    progress.advance(bar)
                    if len(records) % len(questions) == 0:  # a trial is done: save what there is
                        _save(json_path, report(False))

                run_benchmark(
                    questions,
                    benchmark.key,
                    lambda q, trial: ask_text(client, build_prompt(q, cast(Layout, chosen)), seed=trial),
                    trials,
                    on_answer=answered,
                )
            complete = True
        finally:
            if not complete and records and json_path not in (None, "-"):  # interrupted: keep the answers
                _save(json_path, report(False))
                say(console, f"stopped after {len(records)} answers; saved them to {json_path}")
            client.close()
        final = report(True)
        _show(_qa_table(final["summary"], config.model or "", trials), json_path)
        usage = _llm_table([(config.model or "model", {"llm": final["llm"]})])
        if usage is not None:
            _show(usage, json_path)
        _write_json(json_path, final)
        failed = [r for r in records if r.error is not None]
        if failed and len(failed) == len(records):
            say(console, ("error:", "bold red"), f" every answer failed ({failed[0].error}); all counted wrong")
            raise typer.Exit(code=1)
        if failed:
            say(
                console,
                ("warning:", "bold yellow"),
                f" {len(failed)} of {len(records)} answers failed (first: {failed[0].error}); counted wrong",
            )

    _guard(run)


def _save(path: str | None, data: dict[str, Any]) -> None:
    """Write ``data`` as JSON to ``path`` atomically and quietly (a checkpoint: a crash leaves the
    previous one whole); nothing for None or standard output."""
    from agent.results import write_atomically

    if path is None or path == "-":
        return
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(target, json.dumps(data, indent=2, default=str))


def _qa_table(summary: dict[str, dict[str, Any]], model: str, trials: int) -> LiteralTable:
    """The results per category, per game and over all: accuracy [t 95%], pooled [Wilson 95%],
    the random baseline, and the share of answers without an extracted letter."""
    from agent.kits.llm_coordination.qa import CATEGORIES, CATEGORY_NAMES, GAMES

    table = LiteralTable(title=f"CoordinationQA: {model}, {trials} trial(s)", caption=INTERVALS)
    for col in ("group", "questions", "accuracy %", "pooled %", "random %", "no answer %"):
        table.add_column(col, justify="left" if col == "group" else "right", no_wrap=True)
    labels = [*CATEGORIES, *GAMES, "all"]
    for label in labels:
        entry = summary.get(label)
        if entry is None:
            continue
        name = f"{label} ({CATEGORY_NAMES[label]})" if label in CATEGORY_NAMES else label
        accuracy = entry["accuracy"]
        t95 = entry["t95"]
        table.add_row(
            name,
            str(entry["questions"]),
            _percent(accuracy, t95) if t95 else f"{100 * accuracy:.0f}",
            _percent(entry["pooled"], entry["wilson95"]),
            f"{100 * entry['random']:.1f}",
            f"{100 * entry['no_answer']:.0f}",
        )
    return table


def qa_symbolic_command(
    agent: str = typer.Option("convention", "--agent", help="the planner that names Hanabi moves: convention | search"),
    games: str | None = typer.Option(None, help="comma-separated: hanabi, overcooked, collabgames (default: all)"),
    json_path: str | None = typer.Option(
        None, "--json", help="write the summary, the figures per template and every answer as JSON ('-' = stdout)"
    ),
) -> None:
    """Answer CoordinationQA's questions without a language model: each scenario's text is read as a
    position of its game; Hanabi moves come from the convention planner (or, with ``--agent search``,
    the search planner), Overcooked moves from the team task rule, Collab moves from the exact
    planners, fact questions from the position, and a question no template computes is abstained
    (scored wrong). The answers are given first, from the questions alone; then they are scored with
    the key. Reports per category and game the questions answered (coverage), the accuracy over all
    questions and over the answered ones, and the exact random baseline."""

    def run() -> None:
        from agent.kits.llm_coordination.qa import load_benchmark
        from agent.kits.llm_coordination.symbolic_qa import mover, symbolic_report

        mover(agent)  # an unknown agent or game is refused here, before the status line is drawn
        benchmark = load_benchmark().select(_csv(games) or None, None)
        with _status(f"answering (Hanabi moves: the {agent} planner)"):
            report = symbolic_report(benchmark, agent)
        _show(_symbolic_table(report["summary"], agent), json_path)
        _write_json(json_path, report)

    _guard(run)


def _symbolic_table(summary: dict[str, dict[str, Any]], agent: str) -> LiteralTable:
    """The symbolic answerer's figures per category and over all."""
    from agent.kits.llm_coordination.qa import CATEGORY_NAMES

    table = LiteralTable(
        title=f"CoordinationQA: the neurosymbolic answerers (Hanabi moves: {agent} planner)",
        caption="accuracy: abstentions count wrong; answered: accuracy over the answered questions; "
        "random: exact expected accuracy of a uniform pick",
    )
    for col in ("group", "questions", "answered", "accuracy %", "answered %", "random %"):
        table.add_column(col, justify="left" if col == "group" else "right", no_wrap=True)
    for label, entry in summary.items():
        name = f"{label} ({CATEGORY_NAMES[label]})" if label in CATEGORY_NAMES else label
        over_answered = entry["accuracy_answered"]
        table.add_row(
            name,
            str(entry["questions"]),
            str(entry["answered"]),
            f"{100 * entry['accuracy']:.1f}",
            "-" if over_answered is None else f"{100 * over_answered:.1f}",
            f"{100 * entry['random']:.1f}",
        )
    return table


COMMANDS: tuple[KitCommand, ...] = (
    KitCommand(
        "qa",
        "run",
        qa_run_command,
        "CoordinationQA: the LLM-Coordination question-answering benchmark.",
    ),
    KitCommand("qa", "symbolic", qa_symbolic_command),
)
"""The commands every seed-002 (LLM-Coordination) kit adds to ``accord``."""
