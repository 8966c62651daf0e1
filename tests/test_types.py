"""The type check: mypy finds no error in the packages listed in :data:`CHECKED`.

The settings live in ``pyproject.toml`` (``[tool.mypy]``): modules outside the list are analysed
for the types they give the checked code but do not report (``follow_imports = "silent"``). The list
grows to every package as each becomes clean; adding one is one entry (``"agent"``, ``"games"``).
The incremental cache sits in ``.mypy_cache/`` at the checkout's root (ignored by git): a first run
takes about 15 s, later ones about a second.
"""

from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[1]

#: Packages and modules, relative to the checkout, that type-check with zero errors.
CHECKED = [
    "solvers",
    "games",
    "beliefs",
    "planners",
    "language",
    "agent",
    "tests/contracts/game_contracts.py",  # every game's parser and planners fill the generic contracts
]


def test_checked_packages_have_no_type_errors() -> None:
    paths = [str(ROOT / entry) for entry in CHECKED]
    missing = [p for p in paths if not Path(p).exists()]
    assert not missing, f"CHECKED names paths that do not exist: {missing}"
    report, errors, status = api.run(
        [
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(ROOT / ".mypy_cache"),
            *paths,
        ]
    )
    assert status == 0, f"mypy found type errors (exit {status}):\n{report}{errors}"
