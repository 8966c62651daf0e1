"""Kernels declared with ``njit_later``: no Numba at import, Numba's results on first call, kernels
that call one another, and a name imported before the first call."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np

from solvers.lazy_jit import dispatchers, njit_later

ROOT = Path(__file__).resolve().parents[2]


@njit_later(inline="always")
def _square(x):  # pragma: no cover - compiled by Numba
    return x * x


@njit_later()
def _sum_of_squares(values):  # pragma: no cover - compiled by Numba
    total = 0.0
    for v in values:
        total += _square(v)  # another lazy kernel, found in the module's namespace
    return total


sum_of_squares = _sum_of_squares  # bound before the first call: it forwards to the dispatcher


def test_importing_modules_with_kernels_does_not_import_numba() -> None:
    code = "import sys, solvers.tsp, planners.aismcts, planners.hanabi_arrays, games.overcooked.batched; print('numba' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "False"


def test_first_call_compiles_every_kernel_of_the_module_with_numba() -> None:
    values = np.arange(5, dtype=np.float64)
    assert sum_of_squares(values) == 30.0
    made = dispatchers(__name__)
    assert set(made) == {"_square", "_sum_of_squares"}
    assert type(made["_sum_of_squares"]).__module__.startswith("numba")
    assert globals()["_sum_of_squares"] is made["_sum_of_squares"]
    assert sum_of_squares(values) == made["_sum_of_squares"](values) == 30.0
