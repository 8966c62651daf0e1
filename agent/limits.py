"""Run-size limits and the seed layout shared by every runner (selfplay, ablate, sweep files).

A module without imports, so the command line can name the limits in its help texts without loading
the games.
"""

from __future__ import annotations

SEED_STRIDE = 1000
"""The seed layout of :func:`paper_seeds`: game i of seed s plays the seed ``s * SEED_STRIDE + i``."""

MAX_GAMES = 1_000_000
"""The most games one run plays (a sweep: cells x seeds x games; selfplay / ablate: their count)."""


def check_seed_layout(seeds: int, games: int) -> None:
    """Refuse a :func:`paper_seeds` layout that is too large or plays some games twice.

    Raises:
        ValueError: more than :data:`MAX_GAMES` games, or more than :data:`SEED_STRIDE` games per
            seed with several seeds (their seed ranges would overlap).
    """
    if seeds * games > MAX_GAMES:
        raise ValueError(
            f"seeds x games = {seeds:,} x {games:,} = {seeds * games:,} games; at most {MAX_GAMES:,} games per run"
        )
    if seeds > 1 and games > SEED_STRIDE:
        raise ValueError(
            f"games must be <= {SEED_STRIDE} when seeds > 1 (game i of seed s is s * {SEED_STRIDE} + i, "
            f"so {games} games per seed would play some games twice); use seeds = 1, games = {seeds * games}"
        )
