"""The tables of the runs: the metrics table that fits each kind of game (:func:`_table` picks it
from the aggregate's keys), the language-model accounting, and the per-metric tables of a sweep
summary. The per-game tables stay together here, so that what a game's table shows is decided in
one place."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from agent.cli.common import _show
from agent.terminal import LiteralTable


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
    from agent.kits.asympuzl.paper import SUMMARY_COLUMNS, summary_cells

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
