"""What the three DialOp tasks share: the normalized score and reading fields of recorded games."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def normalized(value: float, best: float, worst: float) -> float:
    """``(value - worst) / (best - worst)``, the paper's normalized score (1 for a best decision).

    Raises:
        ValueError: ``best <= worst`` (every decision scores the same), or ``value`` outside them.
    """
    if not best > worst:
        raise ValueError(f"cannot normalize: best {best} is not above worst {worst}")
    if not worst <= value <= best:
        raise ValueError(f"score {value} is outside [worst {worst}, best {best}]")
    return (value - worst) / (best - worst)


def record_field(record: Mapping[str, Any], key: str, what: str) -> Any:
    """``record[key]``, or a one-line ValueError naming ``what`` was malformed."""
    if not isinstance(record, Mapping):
        raise ValueError(f"{what} must be a mapping, got {type(record).__name__}")
    if key not in record:
        raise ValueError(f"{what} has no field {key!r}")
    return record[key]
