"""DialOp Planning's seat tool: the assistant's ``Search`` over its own site database (the paper's
tool, executed exactly by :mod:`games.dialop.planning_search`), for a person playing the assistant
in the browser."""

from __future__ import annotations

from typing import Any

from agent.kits.base import SeatTool

SHOWN_FIELDS = ("name", "category", "price", "info")
"""The columns a plain-words query shows."""


def _sites(view: Any) -> list[dict[str, Any]]:
    return list(getattr(view, "sites", None) or [])


def search(view: Any, query: str) -> dict[str, Any]:
    """Answer ``query`` over the sites in ``view`` (the assistant's own view): a ``Search(...)``
    query in the paper's language, or plain words, which every shown site must contain.

    Returns:
        ``{"columns": [...], "rows": [[...], ...], "count": n}``.

    Raises:
        ValueError: a malformed query or one naming an unknown field or site (one line).
    """
    from games.dialop.planning import PlanningInstance
    from games.dialop.planning_game import site_from_json
    from games.dialop.planning_search import SearchQuery, parse_query, search_columns, search_sites

    instance = PlanningInstance(tuple(site_from_json(site) for site in _sites(view)), ())
    words = query.strip()
    if words.startswith("Search"):
        parsed = parse_query(words)
    else:
        parsed = SearchQuery(fields=SHOWN_FIELDS, text_query=words or None)
    columns = search_columns(instance, parsed)
    rows = search_sites(instance, parsed)
    return {"columns": columns, "rows": [[row[column] for column in columns] for row in rows], "count": len(rows)}


SEARCH = SeatTool(
    name="search",
    description="Search your sites: plain words, or the paper's Search(fields=[...], filters=[...], sort_by=[...], limit=n)",
    run=search,
    offered=lambda view: bool(_sites(view)),
    example="Search(fields=[name, category, price], filters=[has parking AND price <= 30], sort_by=[price])",
)
