"""``accord bench hot``: the hot paths of issue 18 in one table, before and after, back to back.

Every row is a :class:`~agent.kits.base.BenchProbe`: the rows below that name no game (exact TSP,
start-up times), then each registered kit's ``bench`` rows. A probe is a standalone script run by
path in a fresh interpreter with ``PYTHONPATH`` set to the checkout under test, so the same
measuring code times this checkout ("after") and, with ``before``, an older one, row by row back
to back on the same machine. A probe's reference (a plain-Python baseline, the DP) is timed in the
same process as its value. Where a probe reports a digest of the results it produced (games
played, instances drawn, optima), the row says whether both checkouts produced the same results.

Ratios are "x times faster": ``before / after`` and ``reference / after`` for times, the inverse
for rates. A verdict is "met" when every target of the row is, "NOT met" when one is not, and
"needs --before" when a speed-up target has no before figure.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agent.kits.base import BenchProbe, GameKit

if TYPE_CHECKING:
    from rich.table import Table

__all__ = ["CHECKOUT", "bench_hot", "bench_row", "probes", "render_hot_table", "run_probe", "shared_probes"]

CHECKOUT = Path(__file__).resolve().parent.parent
"""The root of the checkout this module runs from (the "after" side)."""

PROBE_TIMEOUT_S = 600
"""The longest one probe may run before it is reported as an error."""

_RUNNER = (
    "import json, runpy, sys; ns = runpy.run_path(sys.argv[1]); "
    "print(json.dumps(ns['measure'](sys.argv[3] == '1', **json.loads(sys.argv[2]))))"
)


def shared_probes() -> list[BenchProbe]:
    """The rows that name no game: exact TSP against its references, and command start-up times."""
    here = Path(__file__).resolve().parent / "probes"
    tsp, startup = here / "tsp.py", here / "startup.py"
    return [
        BenchProbe("TSP n=20 (before: DP)", tsp, {"n": 20, "method": "auto"}, "auto <= 30 ms", max_value=30),
        BenchProbe("TSP n=16, DP", tsp, {"n": 16, "method": "dp"}, ">= 40x Python DP", min_reference_ratio=40),
        BenchProbe("start: accord games", startup, {"argv": ["games"]}, "<= 600 ms", max_value=600),
        BenchProbe("start: accord parse", startup, {"argv": ["parse", "yes"]}, "<= 600 ms", max_value=600),
        BenchProbe("start: selfplay, 1 game", startup, {"argv": ["selfplay", "--games", "1"]}, "<= 1200 ms", max_value=1200),
    ]  # fmt: skip


def probes(kits: Iterable[GameKit], only: str | None = None) -> list[BenchProbe]:
    """The shared rows, then every kit's ``bench`` rows in registry order.

    Args:
        kits: the registered game kits.
        only: keep the rows whose name contains this text (any case); None keeps all.

    Raises:
        ValueError: ``only`` matches no row (the message lists the rows).
    """
    rows = [*shared_probes(), *(probe for kit in kits for probe in kit.bench)]
    if only is None:
        return rows
    kept = [probe for probe in rows if only.casefold() in probe.name.casefold()]
    if not kept:
        raise ValueError(f"no bench row matches {only!r}; the rows: {', '.join(probe.name for probe in rows)}")
    return kept


def run_probe(probe: BenchProbe, checkout: Path, quick: bool) -> dict[str, Any]:
    """Run one probe against ``checkout`` in a fresh interpreter.

    Returns:
        The probe's dict, or ``{"error": <one line>}`` when it failed or timed out.
    """
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    command = [sys.executable, "-P", "-c", _RUNNER, str(probe.script), json.dumps(dict(probe.params)), str(int(quick))]
    with tempfile.TemporaryDirectory() as cwd:
        try:
            done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=PROBE_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return {"error": f"timed out after {PROBE_TIMEOUT_S} s"}
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        return {"error": (done.stderr.strip().splitlines() or [f"exit code {done.returncode}"])[-1]}
    return json.loads(lines[-1])


def _faster(new: float | None, old: float | None, better: str) -> float | None:
    """How many times better ``new`` is than ``old``."""
    if new is None or old is None or new <= 0 or old <= 0:
        return None
    return old / new if better == "lower" else new / old


def bench_row(probe: BenchProbe, after: Mapping[str, Any], before: Mapping[str, Any] | None) -> dict[str, Any]:
    """One table row: the figures, ratios and verdict of ``probe`` (``before`` None: not measured)."""
    better = after.get("better", "lower")
    value, old, reference = after.get("value"), (before or {}).get("value"), after.get("reference")
    speedup, over_reference = _faster(value, old, better), _faster(value, reference, better)
    digests = [(side or {}).get("detail", {}).get("results_sha256") for side in (after, before)]
    checks: list[bool | None] = []
    if probe.min_speedup is not None:
        checks.append(None if speedup is None else speedup >= probe.min_speedup)
    if probe.max_value is not None:
        checks.append(None if value is None else value <= probe.max_value)
    if probe.min_value is not None:
        checks.append(None if value is None else value >= probe.min_value)
    if probe.min_reference_ratio is not None:
        checks.append(None if over_reference is None else over_reference >= probe.min_reference_ratio)
    errors = [side["error"] for side in (after, before) if side and "error" in side]
    if errors:
        verdict = "error"
    elif False in checks:
        verdict = "NOT met"
    elif None in checks:
        verdict = "needs --before"
    else:
        verdict = "met" if checks else "reported"
    return {
        "item": probe.name,
        "target": probe.target,
        "unit": after.get("unit", ""),
        "better": better,
        "before": old,
        "after": value,
        "speedup": speedup,
        "reference_name": after.get("reference_name"),
        "reference": reference,
        "over_reference": over_reference,
        "same_results": None if None in digests else digests[0] == digests[1],
        "verdict": verdict,
        "errors": errors,
    }


def bench_hot(
    kits: Iterable[GameKit],
    *,
    before: Path | None = None,
    quick: bool = False,
    only: str | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Run every probe against this checkout and, if given, ``before``, one row at a time.

    Args:
        kits: the registered game kits (their ``bench`` rows follow the shared ones).
        before: the root of an older checkout to time back to back, or None.
        quick: tiny sizes (checks that every probe runs, not the speed).
        only: run only the rows whose name contains this text (see :func:`probes`).
        progress: called with a short description before each measurement.

    Returns:
        A JSON-able dict: "rows" (see :func:`bench_row`), "raw" (each probe's own output per side),
        "after" and "before" (checkout paths), "quick" and "machine".
    """
    from solvers.bench import machine_info

    report = progress or (lambda description: None)
    rows, raw = [], []
    for probe in probes(kits, only):
        report(f"{probe.name}: after")
        after = run_probe(probe, CHECKOUT, quick)
        old = None
        if before is not None:
            report(f"{probe.name}: before")
            old = run_probe(probe, before, quick)
        rows.append(bench_row(probe, after, old))
        raw.append({"item": probe.name, "params": dict(probe.params), "after": after, "before": old})
    return {
        "after": str(CHECKOUT),
        "before": None if before is None else str(before),
        "quick": quick,
        "rows": rows,
        "raw": raw,
        "machine": machine_info(("numpy", "numba", "scipy", "ortools")),
    }


def _figure(value: float | None, unit: str = "") -> str:
    if value is None:
        return "-"
    text = f"{value:,.0f}" if abs(value) >= 100 else f"{value:.1f}" if abs(value) >= 10 else f"{value:.2f}"
    return f"{text} {unit}".strip()


def render_hot_table(result: Mapping[str, Any]) -> Table:
    """The rich table of a :func:`bench_hot` result."""
    from rich.table import Table

    title = "hot paths" + (" (quick: sizes too small to judge speed)" if result.get("quick") else "")
    table = Table(title=title)
    for column in ("item", "target", "before", "after", "speed-up", "reference", "vs ref.", "same results"):
        table.add_column(column, justify="left" if column in ("item", "target", "reference") else "right")
    table.add_column("verdict")
    for row in result["rows"]:
        same = {None: "-", True: "yes", False: "NO"}[row["same_results"]]
        reference = (
            "-" if row["reference"] is None else f"{_figure(row['reference'], row['unit'])} {row['reference_name']}"
        )
        table.add_row(
            row["item"], row["target"] or "-", _figure(row["before"], row["unit"]), _figure(row["after"], row["unit"]),
            _figure(row["speedup"]) + "x" if row["speedup"] else "-", reference,
            _figure(row["over_reference"]) + "x" if row["over_reference"] else "-", same,
            row["verdict"] + (f": {row['errors'][0]}" if row["errors"] else ""),
        )  # fmt: skip
    return table
