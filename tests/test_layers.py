"""The layering contract: imports point down the layers only.

``agent`` > ``planners`` > ``beliefs`` > ``language`` > ``games`` > ``solvers``: each package may
import only from the packages to its right (imports inside functions and under ``TYPE_CHECKING``
count too). The contract lives in ``pyproject.toml`` (``[tool.importlinter]``); this test runs
import-linter on it and fails with its report.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"


def test_imports_point_down_the_layers() -> None:
    # this checkout's packages come first, even when another checkout is installed in the environment
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    result = subprocess.run(
        [sys.executable, "-c", LINT, "--config", str(ROOT / "pyproject.toml"), "--no-cache"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, f"import-linter found imports up the layers:\n{result.stdout}\n{result.stderr}"
