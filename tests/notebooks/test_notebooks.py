"""Execute every notebook in ``notebooks/`` headless (nbclient) on a few games, so they cannot rot.

Each notebook runs in a fresh ``python3`` kernel on the interpreter running the tests (a kernelspec
written by ipykernel into a temporary directory, so a system-wide ``python3`` kernel elsewhere is
never picked up), with ``ACCORD_NOTEBOOK_GAMES=2``. The tests check that no cell fails and that the
tables (markdown) and plots (PNG) are produced; a further test checks that the committed notebooks
are stored executed, with outputs and no errors.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
CELL_TIMEOUT = 180  # seconds per cell; at 2 games a notebook takes a few seconds
CI_GAMES = "2"

# strings each notebook's outputs must contain (tables); the number of PNGs it must show (plots)
EXPECTED: dict[str, tuple[list[str], int]] = {
    "traveling_adventurers_table1.ipynb": (
        [
            "| agent | Identical | Correct | Optimal |",
            "| baseline |",
            "| grounding |",
            "| state-tracking |",
            "| problem-solving |",
            "4 seeds x 2 games",
        ],
        1,
    ),
    "module_ablation.ipynb": (
        [
            "| variant | Identical | Correct | Optimal |",
            "| partner=off |",
            "| tracking=history |",
            "| planner=greedy |",
            "| parser=off |",
            "both_detailed",
            "| neurosymbolic |",
            "| optimization |",
            "| mediation |",
            "2 puzzles per cell",
        ],
        3,
    ),
}


@pytest.fixture(scope="module")
def kernel_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory holding a ``python3`` kernelspec that launches ``sys.executable``."""
    from ipykernel.kernelspec import write_kernel_spec

    kernels = tmp_path_factory.mktemp("kernels")
    write_kernel_spec(kernels / "python3")
    return kernels


def execute(path: Path, cwd: Path, kernels: Path) -> nbformat.NotebookNode:
    """Run notebook ``path`` in a fresh kernel started in ``cwd``; return it with its outputs."""
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import KernelManager

    nb = nbformat.read(path, as_version=4)
    specs = KernelSpecManager(kernel_dirs=[str(kernels)])
    manager = KernelManager(kernel_name="python3", kernel_spec_manager=specs)
    client = nbclient.NotebookClient(
        nb,
        km=manager,
        timeout=CELL_TIMEOUT,
        record_timing=False,
        resources={"metadata": {"path": str(cwd)}},
    )
    client.execute()
    return nb


def outputs(nb: nbformat.NotebookNode) -> Iterator[dict]:
    for cell in nb.cells:
        if cell.cell_type == "code":
            yield from cell.get("outputs", [])


def texts(nb: nbformat.NotebookNode) -> str:
    """Everything the notebook printed or displayed as text or markdown, joined."""
    parts = []
    for out in outputs(nb):
        if out["output_type"] == "stream":
            parts.append(out["text"])
        for mime in ("text/markdown", "text/plain"):
            parts.append(out.get("data", {}).get(mime, ""))
    return "\n".join(parts)


def images(nb: nbformat.NotebookNode) -> int:
    return sum(1 for out in outputs(nb) if "image/png" in out.get("data", {}))


def test_there_are_notebooks() -> None:
    assert {p.name for p in NOTEBOOKS} >= set(EXPECTED)


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_executes(path: Path, kernel_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ACCORD_NOTEBOOK_GAMES", CI_GAMES)
    nb = execute(path, path.parent, kernel_dir)  # from notebooks/, as in Jupyter
    errors = [out for out in outputs(nb) if out["output_type"] == "error"]
    assert not errors, errors
    strings, plots = EXPECTED.get(path.name, (["| --- |"], 1))  # any notebook: a table and a plot
    text = texts(nb)
    missing = [s for s in strings if s not in text]
    assert not missing, f"{path.name} did not produce {missing}"
    assert images(nb) >= plots, f"{path.name} showed {images(nb)} PNG plots, expected {plots}"


@pytest.mark.slow
def test_notebook_runs_from_the_repository_root(kernel_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ACCORD_NOTEBOOK_GAMES", CI_GAMES)
    nb = execute(ROOT / "notebooks" / "traveling_adventurers_table1.ipynb", ROOT, kernel_dir)
    assert "| problem-solving |" in texts(nb)
    assert images(nb) == 1


def test_kernel_uses_this_interpreter(kernel_dir: Path) -> None:
    from jupyter_client.kernelspec import KernelSpecManager

    spec = KernelSpecManager(kernel_dirs=[str(kernel_dir)]).get_kernel_spec("python3")
    assert spec.argv[0] == sys.executable


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_committed_notebook_is_executed(path: Path) -> None:
    """The repository stores notebooks with their outputs (a full-size run), in order, error-free."""
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    assert code, f"{path.name} has no code cells"
    counts = [cell.execution_count for cell in code]
    assert None not in counts, f"{path.name} has unexecuted cells: run it and save it with outputs"
    assert counts == sorted(counts), f"{path.name} was executed out of order"
    assert not [out for out in outputs(nb) if out["output_type"] == "error"]
    assert images(nb) >= EXPECTED.get(path.name, ([], 1))[1]
    assert "ACCORD_NOTEBOOK_GAMES" in code[0].source, "read the number of games from the environment first"
