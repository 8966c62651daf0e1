"""AsymPuzl's paper protocol: the layout of the paper's Tables 1 and 2 (the kit's ``table1`` and
``table2`` sweeps, which ``accord ablate --game asympuzl`` runs), for the notebooks.

Presets (the kit, :mod:`agent.kits.asympuzl`):

| preset            | parser | planner          | behaviour                                              |
|-------------------|--------|------------------|--------------------------------------------------------|
| ``neurosymbolic`` | rules  | ``share-all``    | tells every missing fact at once, applies the deduced pieces: 2 turns |
| ``one-at-a-time`` | rules  | ``one-at-a-time``| one fact per move: about ``N + 1`` turns               |
| ``ignore-partner``| off    | ``share-all``    | never hears the partner: fails (solved only by chance) |
| ``over-correct``  | rules  | ``over-correct`` | one fact per move, rewrites every position each move, doubts known ones |
| ``llm``           | rules  | ``llm``          | a language model reads the paper's prompt and writes the message and edits (needs a model) |
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agent.arena import GameRecord

FAMILY = "asympuzl"
PRESETS: tuple[str, ...] = ("neurosymbolic", "one-at-a-time", "ignore-partner", "over-correct")
TABLE1_SIZE = 5
TABLE2_SIZES: tuple[int, ...] = (3, 5, 10, 20)


def paper_tables(
    registry: Any,
    seeds: Sequence[int] = range(30),
    presets: Sequence[str] = PRESETS,
    on_game: Callable[[GameRecord], None] | None = None,
) -> dict[str, Any]:
    """The layout of the paper's Tables 1 and 2 for ``presets`` (the notebooks' form of the kit's
    ``table1`` and ``table2`` sweeps): feedback modes x agents at N = 5, and sizes 3, 5, 10, 20 x
    agents with ``both`` feedback (cap 2N), one game per seed, each cell summarized by
    :func:`agent.summaries.summarize` with the game's metrics schema.

    Args:
        registry: a registry with the AsymPuzl kit.
        seeds: the puzzle seeds (the paper uses 30).
        presets: the agent presets (self-play).
        on_game: called after every game (progress bars).

    Returns:
        ``{"feedback": {mode: {preset: {metric: entry}}}, "size": {str(N): {preset: {metric: entry}}},
        "rows": [...]}`` with :func:`agent.summaries.summarize` entries, and Table 1's result rows
        (parameters ``feedback`` and ``preset``) for :func:`agent.summaries.by_turn`.
    """
    from agent.arena import selfplay
    from agent.summaries import record_rows, summarize
    from games.asympuzl import FEEDBACK_MODES, AsympuzlMetrics

    table1_rows: list[dict[str, Any]] = []

    def one(size: int, mode: str, preset: str, keep: bool = False) -> dict[str, dict[str, Any]]:
        game = registry.make_game(FAMILY, size=size, feedback=mode)
        records = selfplay(game, registry.preset(FAMILY, preset), seeds, registry, on_game=on_game)
        rows = record_rows(records, f"feedback={mode}, {preset}")
        if keep:
            table1_rows.extend({**row, "params": {"feedback": mode, "preset": preset}} for row in rows)
        return {e["metric"]: e for e in summarize(rows, schema=AsympuzlMetrics)}

    return {
        "feedback": {m: {p: one(TABLE1_SIZE, m, p, keep=True) for p in presets} for m in FEEDBACK_MODES},
        "size": {str(n): {p: one(n, "both", p) for p in presets} for n in TABLE2_SIZES},
        "rows": table1_rows,
    }
