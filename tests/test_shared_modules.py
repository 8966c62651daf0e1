"""Shared modules never name a game (issue 13): the game kits (``agent/kits/<game>/``) and the
per-game modules of the lower layers are the only places that know one.

The scan looks for every registered kit's name (and its words, e.g. "Traveling Adventurers"), and
for the metrics that belong to one game only, as string literals (``"identical"``): shared code that
branched on them would break for the next game. The modules scanned are listed in README's layout
table ("shared" column) and here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from agent.registry import default_registry

ROOT = Path(__file__).resolve().parents[1]
SHARED: tuple[str, ...] = (
    "agent/arena.py",
    "agent/backends.py",
    "agent/env.py",
    "agent/game_spec.py",
    "agent/limits.py",
    "agent/pipeline.py",
    "agent/reading.py",
    "agent/parse_eval.py",
    "agent/misread.py",
    "agent/plots.py",
    "agent/registry.py",
    "agent/results.py",
    "agent/sweep.py",
    "agent/references.py",
    "agent/terminal.py",
    "agent/kits/base.py",
    "agent/hot_bench.py",
    "agent/probes/startup.py",
    "agent/probes/tsp.py",
    "agent/cli/__init__.py",
    "agent/cli/ablate.py",
    "agent/cli/bench.py",
    "agent/cli/common.py",
    "agent/cli/games.py",
    "agent/cli/kit_commands.py",
    "agent/cli/llm.py",
    "agent/cli/options.py",
    "agent/cli/parse.py",
    "agent/cli/evaluate.py",
    "agent/cli/results.py",
    "agent/cli/selfplay.py",
    "agent/cli/experiment.py",
    "agent/summaries.py",
    "agent/cli/solve.py",
    "agent/cli/tables.py",
    "agent/cli/serve.py",
    "agent/web/__init__.py",
    "agent/web/app.py",
    "agent/web/sessions.py",
    "agent/web/store.py",
    "agent/web/study.py",
    "agent/web/log_results.py",
    "agent/web/study_routes.py",
    "agent/web/resume.py",
    "beliefs/base.py",
    "planners/base.py",
    "language/act_base.py",
    "language/base.py",
    "language/choices.py",
    "language/llm.py",
    "language/llm_client.py",
    "language/noise.py",
    "language/scripted_server.py",
    "language/structured.py",
    "language/text.py",
    "games/base.py",
    "games/simultaneous.py",
)
PENDING: dict[str, str] = {}
ALLOWED: dict[str, set[str]] = {"agent/cli/solve.py": {"optimal"}, "games/base.py": {"per_round"}}
"""Literals that are not a game's metric in that module: the TSP solver's own optimality flag, and
the metric kind ``per_round`` (which one game also uses as a field name)."""
PENDING_DOC = """Shared modules that still name a game, and why; each is an expected failure until it is fixed
(strict: a module that becomes clean fails here until it leaves this list)."""


def _patterns() -> dict[str, re.Pattern[str]]:
    registry = default_registry()
    names: dict[str, re.Pattern[str]] = {}
    for kit in registry:
        words = kit.name.replace("_", "[ _-]?")
        names[f"game {kit.name}"] = re.compile(words, re.IGNORECASE)
        if "_" in kit.name and not kit.name.startswith("dialop"):
            names[f"game {kit.name} (first word)"] = re.compile(kit.name.split("_")[0], re.IGNORECASE)
    names["game family dialop"] = re.compile("dialop", re.IGNORECASE)
    owners: dict[str, set[str]] = {}
    for kit in registry:
        for metric in kit.metric_names():
            owners.setdefault(metric.split(".")[0], set()).add(kit.name)
    for metric, kits in owners.items():
        if len(kits) == 1:
            names[f"metric {metric} of {next(iter(kits))}"] = re.compile(rf"[\"']{re.escape(metric)}[\"']")
    return names


@pytest.mark.parametrize(
    "module",
    [pytest.param(m, marks=pytest.mark.xfail(reason=PENDING[m], strict=True)) if m in PENDING else m for m in SHARED],
)
def test_a_shared_module_names_no_game(module: str) -> None:
    text = (ROOT / module).read_text()
    found = [
        f"{module}:{text.count(chr(10), 0, match.start()) + 1}: {what} ({match.group(0)!r})"
        for what, pattern in _patterns().items()
        for match in pattern.finditer(text)
        if match.group(0).strip("'\"") not in ALLOWED.get(module, set())
    ]
    assert not found, "\n".join(found[:20])


def test_every_shared_module_exists() -> None:
    assert [m for m in SHARED if not (ROOT / m).is_file()] == []


def test_every_module_of_the_shared_layers_is_scanned() -> None:
    """A new module in ``agent/`` (outside the game kits), ``agent/cli/`` or ``agent/web/`` is shared code: it is
    scanned from the day it is added, so a game name cannot slip in through a module nobody listed."""
    shared_dirs = [ROOT / "agent", ROOT / "agent" / "cli", ROOT / "agent" / "web"]
    modules = {
        str(path.relative_to(ROOT))
        for folder in shared_dirs
        for path in folder.glob("*.py")
        if path.name != "__init__.py" or folder.name in ("cli", "web")
    }
    assert sorted(modules - set(SHARED)) == []
