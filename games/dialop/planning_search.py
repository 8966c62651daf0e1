"""DialOp Planning: the assistant's ``Search`` tool, executed exactly over an instance's sites.

The paper (Lin et al., TACL 2024, the Planning assistant prompt) gives the assistant a ``Search``
tool whose queries an LLM answered, e.g.::

    Search(fields=[name, category, good for kids, has parking, viewpoint],
           filters=[good for kids OR viewpoint], sort_by=[distance_to(Mad Seoul), price])

Here the same language is parsed (:func:`parse_query`) and executed deterministically
(:func:`search_sites`); :func:`format_results` prints the rows in the paper's ``a|b|c`` style and
:func:`run_search` prints a whole ``Search Results (n):`` answer.

The language:

* ``Search(param=value, ...)`` with the parameters ``fields``, ``filters``, ``text_query``,
  ``sort_by`` and ``limit`` (each at most once, any order). List values are written ``[a, b]``; a
  single item may drop the brackets.
* Fields: ``name``, ``category``, ``price``, ``info`` (the paper's summary of a site's features:
  the true boolean features by name, categorical values by value, numbers as ``rating: 3``), any
  feature name of the instance's sites (case-insensitive, ``_`` may stand for a space, e.g.
  ``good_for_kids``), and ``distance_to(Site Name)``: the planning module's travel distance in miles
  (:func:`games.dialop.planning.travel_miles`). ``fields`` defaults to ``[name]``.
* Filters (a list, intersected with AND): comparisons ``field OP value`` with ``==`` (or ``=``),
  ``!=``, ``<``, ``<=``, ``>``, ``>=``; a bare boolean feature name means "the feature is True";
  ``AND``, ``OR``, ``NOT`` (upper case, so that names like "Harper and Rye" stay intact) and
  parentheses, with NOT binding tightest and AND tighter than OR. Ordering operators apply to the
  numeric fields (``price``, ``rating``, distances); ``==``/``!=`` compare strings case-insensitively
  and booleans with ``True``/``False``. A value may be double-quoted. A site lacking a feature
  satisfies no comparison on it (not even ``!=``). ``name == X`` and ``distance_to(X)`` must name a
  site of the instance and ``category == X`` a category of the instance.
* ``text_query``: case-insensitive; every whitespace-separated word must occur (as a substring) in
  the site's name, category or ``info`` (plus ``feature: value`` for categorical features). False
  boolean features do not match, so ``text_query=good for kids`` finds the sites good for kids.
* ``sort_by``: fields, ``-field`` for descending order; sites lacking a value go last; ties (and
  queries without ``sort_by``) are ordered by name.
* ``limit``: a non-negative integer.

The result columns are the requested fields followed by the sort keys not among them (the paper's
example appends ``distance_to(Mad Seoul)`` and ``price`` that way). Every malformed query, unknown
field, unknown site or ill-typed comparison raises a one-line :class:`ValueError`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.dialop.planning import PlanningInstance, Site, travel_miles

PARAMETERS = ("fields", "filters", "text_query", "sort_by", "limit")
BASE_FIELDS = ("name", "category", "price", "info")
OPERATORS = ("==", "!=", "<", "<=", ">", ">=")
MAX_DEPTH = 50
MISSING = "-"
"""How :func:`format_results` prints a feature a site lacks."""


# --------------------------------------------------------------------------------------------------
# Syntax


@dataclass(frozen=True)
class Condition:
    """``field op value``; ``op``/``value`` are None for a bare (boolean) field."""

    field: str
    op: str | None = None
    value: str | None = None


@dataclass(frozen=True)
class And:
    """All of ``parts``."""

    parts: tuple[Filter, ...]


@dataclass(frozen=True)
class Or:
    """Any of ``parts``."""

    parts: tuple[Filter, ...]


@dataclass(frozen=True)
class Not:
    """Not ``part``."""

    part: Filter


Filter = Condition | And | Or | Not


@dataclass(frozen=True)
class SortKey:
    """Sort by ``field``, descending if ``descending``."""

    field: str
    descending: bool = False


@dataclass(frozen=True)
class SearchQuery:
    """A parsed ``Search(...)``; field names are as written (resolved against an instance on search)."""

    fields: tuple[str, ...] = ("name",)
    filters: tuple[Filter, ...] = ()
    text_query: str | None = None
    sort_by: tuple[SortKey, ...] = ()
    limit: int | None = None


def _one_line(text: str, limit: int = 60) -> str:
    """``repr`` of a (possibly shortened) user fragment: always one line."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


def _split_top(text: str, what: str) -> list[str]:
    """Split on commas outside brackets and parentheses (and double quotes)."""
    parts: list[str] = []
    depth = 0
    quoted = False
    start = 0
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif quoted:
            continue
        elif ch in "([":
            depth += 1
            if depth > MAX_DEPTH:
                raise ValueError(f"{what} nests brackets too deeply")
        elif ch in ")]":
            depth -= 1
            if depth < 0:
                raise ValueError(f"unbalanced {ch!r} in {what}")
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    if quoted:
        raise ValueError(f"unterminated double quote in {what}")
    if depth != 0:
        raise ValueError(f"unbalanced brackets in {what}")
    parts.append(text[start:])
    return parts


def _unquote(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1].strip()
    return text


def _list_items(value: str, param: str) -> list[str]:
    value = value.strip()
    if value.startswith("["):
        if not value.endswith("]"):
            raise ValueError(f"{param} must be a list like [a, b], got {_one_line(value)}")
        value = value[1:-1].strip()
        if not value:
            return []
    items = [item.strip() for item in _split_top(value, param)]
    if any(not item for item in items):
        raise ValueError(f"empty item in {param}")
    return items


_DISTANCE = re.compile(r"^distance_to\s*\((.*)\)$", re.DOTALL | re.IGNORECASE)


def _field_ref(text: str, what: str) -> str:
    """A field reference as written, with ``distance_to(...)`` normalised to ``distance_to(Name)``."""
    text = _unquote(text)
    if not text:
        raise ValueError(f"empty field name in {what}")
    match = _DISTANCE.match(text)
    if match:
        site = _unquote(match.group(1))
        if not site:
            raise ValueError("distance_to() needs a site name")
        return f"distance_to({site})"
    if "(" in text or ")" in text or "[" in text or "]" in text:
        raise ValueError(f"malformed field {_one_line(text)} in {what}")
    return text


_TOKEN = re.compile(
    r"""(?P<dist>distance_to\s*\([^()]*\))"""
    r"""|(?P<quoted>"[^"]*")"""
    r"""|(?P<op><=|>=|==|!=|=|<|>)"""
    r"""|(?P<lp>\()|(?P<rp>\))"""
    r"""|(?P<text>[^()<>=!"]+)"""
    r"""|(?P<bad>.)""",
    re.DOTALL | re.IGNORECASE,
)
_KEYWORD = re.compile(r"\b(AND|OR|NOT)\b")


def _tokens(text: str) -> list[tuple[str, str]]:
    tokens: list[tuple[str, str]] = []
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup or "bad"
        value = match.group()
        if kind == "bad":
            raise ValueError(f"unexpected {value!r} in filter {_one_line(text)}")
        if kind == "text":
            for i, piece in enumerate(_KEYWORD.split(value)):
                if i % 2:
                    tokens.append((piece, piece))
                elif piece.strip():
                    tokens.append(("text", piece.strip()))
        elif kind == "op":
            tokens.append(("op", "==" if value == "=" else value))
        else:
            tokens.append((kind, value))
    return tokens


class _FilterParser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokens(text)
        self.at = 0

    def fail(self, problem: str) -> ValueError:
        return ValueError(f"{problem} in filter {_one_line(self.text)}")

    def peek(self) -> str | None:
        return self.tokens[self.at][0] if self.at < len(self.tokens) else None

    def take(self) -> tuple[str, str]:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def parse(self) -> Filter:
        if not self.tokens:
            raise ValueError("empty filter")
        expr = self.disjunction(0)
        if self.at < len(self.tokens):
            raise self.fail(f"unexpected {self.tokens[self.at][1]!r}")
        return expr

    def disjunction(self, depth: int) -> Filter:
        parts = [self.conjunction(depth)]
        while self.peek() == "OR":
            self.take()
            parts.append(self.conjunction(depth))
        return parts[0] if len(parts) == 1 else Or(tuple(parts))

    def conjunction(self, depth: int) -> Filter:
        parts = [self.unary(depth)]
        while self.peek() == "AND":
            self.take()
            parts.append(self.unary(depth))
        return parts[0] if len(parts) == 1 else And(tuple(parts))

    def unary(self, depth: int) -> Filter:
        if depth > MAX_DEPTH:
            raise self.fail("too deep nesting")
        kind = self.peek()
        if kind is None:
            raise self.fail("missing condition at the end")
        if kind == "NOT":
            self.take()
            return Not(self.unary(depth + 1))
        if kind == "lp":
            self.take()
            inner = self.disjunction(depth + 1)
            if self.peek() != "rp":
                raise self.fail("missing ')'")
            self.take()
            return inner
        if kind not in ("text", "dist", "quoted"):
            raise self.fail(f"expected a condition, got {self.tokens[self.at][1]!r}")
        field = _field_ref(self.take()[1], "filters")
        if self.peek() != "op":
            return Condition(field)
        op = self.take()[1]
        if self.peek() not in ("text", "quoted"):
            raise self.fail(f"missing value after {op!r}")
        return Condition(field, op, _unquote(self.take()[1]))


def parse_filter(text: str) -> Filter:
    """One filter expression (``a == b AND (c OR NOT d)``)."""
    return _FilterParser(text).parse()


_CALL = re.compile(r"^\s*Search\s*\((.*)\)\s*$", re.DOTALL)
_PARAM = re.compile(r"^\s*([A-Za-z_]\w*)\s*=(.*)$", re.DOTALL)


def parse_query(text: str) -> SearchQuery:
    """Parse ``Search(fields=[...], filters=[...], text_query=..., sort_by=[...], limit=n)``.

    Raises:
        ValueError: (one line) the query is malformed.
    """
    if not isinstance(text, str):
        raise ValueError(f"a query must be a string, got {type(text).__name__}")
    match = _CALL.match(text)
    if not match:
        raise ValueError(f"a query must look like Search(param=value, ...), got {_one_line(text.strip())}")
    body = match.group(1).strip()
    values: dict[str, str] = {}
    if body:
        for part in _split_top(body, "the query"):
            param = _PARAM.match(part)
            if not param:
                raise ValueError(f"expected param=value, got {_one_line(part.strip())}")
            name, value = param.group(1), param.group(2).strip()
            if name not in PARAMETERS:
                raise ValueError(f"unknown parameter {name!r}; known: {', '.join(PARAMETERS)}")
            if name in values:
                raise ValueError(f"parameter {name!r} given twice")
            values[name] = value
    query: dict[str, Any] = {}
    if "fields" in values:
        fields = tuple(_field_ref(item, "fields") for item in _list_items(values["fields"], "fields"))
        if not fields:
            raise ValueError("fields must not be empty")
        query["fields"] = fields
    if "filters" in values:
        query["filters"] = tuple(parse_filter(item) for item in _list_items(values["filters"], "filters"))
    if "text_query" in values:
        text_query = _unquote(values["text_query"])
        if not text_query:
            raise ValueError("text_query must not be empty")
        query["text_query"] = text_query
    if "sort_by" in values:
        keys = []
        for item in _list_items(values["sort_by"], "sort_by"):
            descending = item.startswith("-")
            keys.append(SortKey(_field_ref(item[1:] if descending else item, "sort_by"), descending))
        query["sort_by"] = tuple(keys)
    if "limit" in values:
        limit = values["limit"].strip()
        if not re.fullmatch(r"\d{1,9}", limit):
            raise ValueError(f"limit must be a non-negative integer, got {_one_line(limit)}")
        query["limit"] = int(limit)
    return SearchQuery(**query)


# --------------------------------------------------------------------------------------------------
# Fields of an instance


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def site_info(site: Site) -> str:
    """The paper's ``info`` column: true boolean features, categorical values, ``rating: 3``."""
    parts = []
    for name, value in sorted(site.features.items()):
        if value is True:
            parts.append(name)
        elif _is_number(value):
            parts.append(f"{name}: {value}")
        elif isinstance(value, str):
            parts.append(value)
    return ", ".join(parts)


def _searchable_text(site: Site) -> str:
    extra = [f"{k}: {v}" for k, v in sorted(site.features.items()) if isinstance(v, str)]
    return " | ".join([site.name, site.category, site_info(site), *extra]).lower()


def _canonical(name: str) -> str:
    return " ".join(name.replace("_", " ").lower().split())


@dataclass(frozen=True)
class _Field:
    label: str
    kind: str  # "bool" | "number" | "string"
    get: Callable[[Site], Any]


class _Resolver:
    def __init__(self, instance: PlanningInstance) -> None:
        self.instance = instance
        values: dict[str, list[Any]] = {}
        for site in instance.sites:
            for name, value in site.features.items():
                values.setdefault(name, []).append(value)
        self.features: dict[str, tuple[str, str]] = {}
        for name in sorted(values):
            vals = values[name]
            if all(isinstance(v, bool) for v in vals):
                kind = "bool"
            elif all(_is_number(v) for v in vals):
                kind = "number"
            else:
                kind = "string"
            self.features.setdefault(_canonical(name), (name, kind))
        self.sites = {_canonical(site.name): site for site in instance.sites}
        self.categories = {site.category.lower() for site in instance.sites}

    def site(self, name: str) -> Site:
        if name in self.instance.site_names:
            return self.instance.site(name)
        found = self.sites.get(_canonical(name))
        if found is None:
            raise ValueError(f"unknown site {_one_line(name)}")
        return found

    def field(self, ref: str) -> _Field:
        match = _DISTANCE.match(ref)
        if match:
            target = self.site(match.group(1))
            return _Field(f"distance_to({target.name})", "number", lambda s: travel_miles(s, target))
        key = _canonical(ref)
        if key == "name":
            return _Field("name", "string", lambda s: s.name)
        if key == "category":
            return _Field("category", "string", lambda s: s.category)
        if key == "price":
            return _Field("price", "number", lambda s: s.price)
        if key == "info":
            return _Field("info", "string", site_info)
        if key in self.features:
            name, kind = self.features[key]
            return _Field(name, kind, lambda s: s.features.get(name))
        known = ", ".join([*BASE_FIELDS, *(name for name, _ in self.features.values()), "distance_to(<site>)"])
        raise ValueError(f"unknown field {_one_line(ref)}; known: {known}")


_Predicate = Callable[[Site], bool]


def _compare(op: str, left: Any, right: Any) -> bool:
    if op == "==":
        return left == right
    if op == "!=":
        return left != right
    if op == "<":
        return left < right
    if op == "<=":
        return left <= right
    if op == ">":
        return left > right
    return left >= right


def _condition(resolver: _Resolver, cond: Condition) -> _Predicate:
    field = resolver.field(cond.field)
    get = field.get
    if cond.op is None:
        if field.kind != "bool":
            raise ValueError(f"filter {cond.field!r} needs a comparison (only boolean features stand alone)")
        return lambda s: get(s) is True
    op, raw = cond.op, cond.value or ""
    if field.kind == "number":
        try:
            number = float(raw)
        except ValueError:
            raise ValueError(f"{field.label} compares with a number, got {_one_line(raw)}") from None
        if number != number or number in (float("inf"), float("-inf")):
            raise ValueError(f"{field.label} compares with a finite number, got {_one_line(raw)}")
        return lambda s: _is_number(get(s)) and _compare(op, get(s), number)
    if op not in ("==", "!="):
        raise ValueError(f"{op!r} needs a numeric field; {field.label} is not numeric")
    if field.kind == "bool":
        if raw.lower() not in ("true", "false"):
            raise ValueError(f"{field.label} compares with True or False, got {_one_line(raw)}")
        flag = raw.lower() == "true"
        return lambda s: isinstance(get(s), bool) and _compare(op, get(s), flag)
    if field.label == "name":
        raw = resolver.site(raw).name
    elif field.label == "category" and raw.lower() not in resolver.categories:
        known = ", ".join(sorted(resolver.categories))
        raise ValueError(f"unknown category {_one_line(raw)}; known: {known}")
    wanted = raw.lower()
    return lambda s: get(s) is not None and _compare(op, str(get(s)).lower(), wanted)


def _predicate(resolver: _Resolver, expr: Filter) -> _Predicate:
    if isinstance(expr, Condition):
        return _condition(resolver, expr)
    if isinstance(expr, Not):
        inner = _predicate(resolver, expr.part)
        return lambda s: not inner(s)
    parts = [_predicate(resolver, part) for part in expr.parts]
    if isinstance(expr, And):
        return lambda s: all(p(s) for p in parts)
    return lambda s: any(p(s) for p in parts)


def _columns(resolver: _Resolver, query: SearchQuery) -> list[_Field]:
    columns: list[_Field] = []
    for ref in (*query.fields, *(key.field for key in query.sort_by)):
        field = resolver.field(ref)
        if all(field.label != c.label for c in columns):
            columns.append(field)
    return columns


def _missing_last(field: _Field, descending: bool) -> Callable[[Site], tuple[bool, tuple[int, Any]]]:
    """The sort key of ``field`` that puts sites without a value last, in either direction."""

    def key(site: Site) -> tuple[bool, tuple[int, Any]]:
        value = field.get(site)
        return ((value is None) != descending, _sort_value(value) if value is not None else (0, 0.0))

    return key


def _sort_value(value: Any) -> tuple[int, Any]:
    if _is_number(value) or isinstance(value, bool):
        return (0, float(value))
    return (1, str(value).lower())


# --------------------------------------------------------------------------------------------------
# Search


def _query(query: SearchQuery | str) -> SearchQuery:
    if isinstance(query, str):
        return parse_query(query)
    if not isinstance(query, SearchQuery):
        raise ValueError(f"expected a SearchQuery or a string, got {type(query).__name__}")
    return query


def search_columns(instance: PlanningInstance, query: SearchQuery | str) -> list[str]:
    """The result column labels of ``query`` on ``instance`` (fields, then extra sort keys)."""
    return [field.label for field in _columns(_Resolver(instance), _query(query))]


def search_sites(instance: PlanningInstance, query: SearchQuery | str) -> list[dict[str, Any]]:
    """Execute ``query``: one dict per matching site, keyed by :func:`search_columns`.

    Feature values a site lacks are None; distances are :func:`travel_miles` (0.1-mile precision).

    Raises:
        ValueError: (one line) malformed query, unknown field/site/category or ill-typed comparison.
    """
    query = _query(query)
    resolver = _Resolver(instance)
    columns = _columns(resolver, query)
    predicates = [_predicate(resolver, expr) for expr in query.filters]
    keys = [(resolver.field(key.field), key.descending) for key in query.sort_by]
    words = query.text_query.lower().split() if query.text_query else []
    sites = [
        site
        for site in instance.sites
        if all(p(site) for p in predicates) and all(w in _searchable_text(site) for w in words)
    ]
    sites.sort(key=lambda s: (s.name.lower(), s.name))
    for field, descending in reversed(keys):
        # Missing values go last in either direction; the sort is stable, so earlier keys win.
        sites.sort(key=_missing_last(field, descending), reverse=descending)
    if query.limit is not None:
        sites = sites[: query.limit]
    return [{field.label: field.get(site) for field in columns} for site in sites]


def _cell(value: Any) -> str:
    if value is None:
        return MISSING
    return str(value)


def format_results(rows: Sequence[Mapping[str, Any]], fields: Sequence[str]) -> str:
    """The rows as the paper's table: a ``a|b|c`` header line, then one line per row."""
    lines = ["|".join(fields)]
    lines.extend("|".join(_cell(row.get(field)) for field in fields) for row in rows)
    return "\n".join(lines)


def run_search(instance: PlanningInstance, query: SearchQuery | str) -> str:
    """The tool's whole answer: ``Search Results (n):``, a blank line and the table."""
    query = _query(query)
    rows = search_sites(instance, query)
    return f"Search Results ({len(rows)}):\n\n" + format_results(rows, search_columns(instance, query))
