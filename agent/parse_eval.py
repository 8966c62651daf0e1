"""Fact-level evaluation of a parser on a labelled set of messages (``accord eval parse``).

A set is a JSON Lines file (or a JSON list) of items::

    {"id": "ta-001", "message": "that one's a 3 for me", "context": {"visited": "L,E", "topic": "E,K"},
     "expected": [{"act": "inform", "edge": ["E", "K"], "coins": 3}], "category": "reference"}

``context`` holds the game's ``accord parse`` options (``--context KEY=VALUE``), so every item can be
read again with ``accord parse MESSAGE --game G --context KEY=VALUE ...``; ``expected`` is what
``accord parse`` prints for the right reading (a list of acts, or one act). ``category`` (optional)
groups the items in the report; other keys (``note``, ``history`` ...) are kept for people.

Each act is cut into *facts* by the game's kit (``GameKit.parse_facts``; by default one fact per
act, its fields as written): a fact is a tuple whose first element names its kind. A message's
expected and parsed facts are compared as multisets: true positives, false positives and false
negatives per kind give precision, recall and F1 per kind and overall (micro-averaged), and a
message is an *exact match* when the two multisets are equal.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError, field_validator

from language.text import error_line

Fact = tuple[Hashable, ...]
FactsOf = Callable[[Sequence[Any], Any], list[Fact]]


class EvalItem(BaseModel):
    """One labelled message (see the module docstring)."""

    model_config = ConfigDict(extra="allow", frozen=True)

    id: str = ""
    message: str
    context: dict[str, str] = {}
    expected: Any
    category: str = ""

    @field_validator("context", mode="before")
    @classmethod
    def _strings(cls, value: Any) -> Any:
        if isinstance(value, dict):
            return {
                str(k): v if isinstance(v, str) else json.dumps(v) if isinstance(v, list | dict) else str(v)
                for k, v in value.items()
            }
        return value


def load_eval_set(path: str | Path) -> list[EvalItem]:
    """The items of the set at ``path`` (JSON Lines, or one JSON list).

    Raises:
        ValueError: a missing or malformed file, naming the line (one line).
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise ValueError(f"cannot read evaluation set {path}: {error_line(err)}") from None
    rows: list[tuple[int, Any]] = []
    if text.lstrip().startswith("["):
        try:
            rows = list(enumerate(json.loads(text), start=1))
        except json.JSONDecodeError as err:
            raise ValueError(f"{path}: not valid JSON ({err.msg}, line {err.lineno})") from None
    else:
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                try:
                    rows.append((number, json.loads(line)))
                except json.JSONDecodeError as err:
                    raise ValueError(f"{path}:{number}: not valid JSON ({err.msg})") from None
    items = []
    for number, row in rows:
        try:
            items.append(EvalItem.model_validate(row))
        except ValidationError as err:
            raise ValueError(f"{path}:{number}: {error_line(err)}") from None
    if not items:
        raise ValueError(f"{path}: the evaluation set has no items")
    return items


def default_facts(acts: Sequence[Any], context: Any) -> list[Fact]:
    """One fact per act: its tag and its fields as written."""
    out: list[Fact] = []
    for act in acts:
        data = act.to_json() if hasattr(act, "to_json") else dict(act)
        tag = data.pop("act", type(act).__name__)
        out.append((tag, json.dumps(data, sort_keys=True)))
    return out


@dataclass
class KindScore:
    """Counts of one fact kind over a set."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def add(self, other: KindScore) -> None:
        self.tp, self.fp, self.fn = self.tp + other.tp, self.fp + other.fp, self.fn + other.fn

    def to_json(self) -> dict[str, float | int]:
        return {
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
            "precision": self.precision,
            "recall": self.recall,
            "f1": self.f1,
        }


@dataclass
class ItemResult:
    """How the parser read one item."""

    item: EvalItem
    parsed: list[Any]
    expected_facts: list[Fact]
    parsed_facts: list[Fact]
    seconds: float

    @property
    def exact(self) -> bool:
        return Counter(self.expected_facts) == Counter(self.parsed_facts)

    def kinds(self) -> dict[str, KindScore]:
        """True and false positives and false negatives of this item, per fact kind."""
        want, got = Counter(self.expected_facts), Counter(self.parsed_facts)
        scores: dict[str, KindScore] = {}
        for fact in want.keys() | got.keys():
            score = scores.setdefault(str(fact[0]), KindScore())
            hit = min(want[fact], got[fact])
            score.tp += hit
            score.fp += got[fact] - hit
            score.fn += want[fact] - hit
        return scores


@dataclass
class ParseEvaluation:
    """A parser's reading of a whole set."""

    results: list[ItemResult] = field(default_factory=list)

    def kinds(self, results: Iterable[ItemResult] | None = None) -> dict[str, KindScore]:
        """Counts per fact kind (over ``results``, default all)."""
        total: dict[str, KindScore] = {}
        for result in self.results if results is None else results:
            for kind, score in result.kinds().items():
                total.setdefault(kind, KindScore()).add(score)
        return dict(sorted(total.items()))

    def overall(self, results: Iterable[ItemResult] | None = None) -> KindScore:
        """Micro-averaged counts over every fact kind."""
        total = KindScore()
        for score in self.kinds(results).values():
            total.add(score)
        return total

    def exact_match(self, results: Sequence[ItemResult] | None = None) -> float:
        chosen = self.results if results is None else results
        return sum(r.exact for r in chosen) / len(chosen) if chosen else 0.0

    def categories(self) -> dict[str, list[ItemResult]]:
        groups: dict[str, list[ItemResult]] = {}
        for result in self.results:
            groups.setdefault(result.item.category or "-", []).append(result)
        return dict(sorted(groups.items()))

    def timing(self) -> dict[str, float]:
        """Parse time per message in microseconds (mean, median, 95th percentile) and per character."""
        times = sorted(r.seconds for r in self.results)
        chars = sum(len(r.item.message) for r in self.results) or 1
        n = len(times)
        return {
            "mean_us": 1e6 * sum(times) / n,
            "median_us": 1e6 * times[n // 2],
            "p95_us": 1e6 * times[min(n - 1, int(0.95 * n))],
            "per_char_us": 1e6 * sum(times) / chars,
        }

    def to_json(self) -> dict[str, Any]:
        overall = self.overall()
        return {
            "items": len(self.results),
            "exact_match": self.exact_match(),
            "overall": overall.to_json(),
            "kinds": {k: s.to_json() for k, s in self.kinds().items()},
            "categories": {
                name: {"items": len(rs), "exact_match": self.exact_match(rs), "f1": self.overall(rs).f1}
                for name, rs in self.categories().items()
            },
            "timing": self.timing(),
            "misses": [
                {
                    "id": r.item.id,
                    "message": r.item.message,
                    "context": r.item.context,
                    "expected": [list(map(str, f)) for f in r.expected_facts],
                    "parsed": [list(map(str, f)) for f in r.parsed_facts],
                }
                for r in self.results
                if not r.exact
            ],
        }


def expected_acts(expected: Any, acts_type: Any) -> list[Any]:
    """An item's ``expected`` (a list of acts, or one act, as JSON) as act objects.

    Raises:
        ValueError: acts that do not validate (one line).
    """
    rows = expected if isinstance(expected, list) else [expected]
    try:
        return list(TypeAdapter(list[acts_type]).validate_python(rows))
    except ValidationError as err:
        raise ValueError(error_line(err)) from None


def evaluate(
    items: Sequence[EvalItem],
    context_of: Callable[[dict[str, str]], Any],
    parse: Callable[[str, Any], list[Any]],
    acts_type: Any,
    facts: FactsOf = default_facts,
    progress: Callable[[], None] | None = None,
) -> ParseEvaluation:
    """Parse every item in its context and compare the facts with the expected ones.

    Raises:
        ValueError: an item whose context or expected acts are invalid (one line naming the item).
    """
    evaluation = ParseEvaluation()
    for number, item in enumerate(items, start=1):
        name = item.id or f"item {number}"
        try:
            context = context_of(item.context)
            want = expected_acts(item.expected, acts_type)
        except ValueError as err:
            raise ValueError(f"{name}: {error_line(err)}") from None
        start = time.perf_counter()
        parsed = parse(item.message, context)
        seconds = time.perf_counter() - start
        evaluation.results.append(ItemResult(item, parsed, facts(want, context), facts(parsed, context), seconds))
        if progress is not None:
            progress()
    return evaluation
