"""A CoordinationQA Overcooked scenario read back as a position: what each chef holds, how far each
named place is from each chef (or that it is inaccessible or blocked by the partner), the cookers'
onions and state, what lies on counters, the gates, the recipe and the observer's past actions.

The scenarios are the working memory of the paper's Appendix A.2 (``<Inventory>``, ``<My location
information>``, ``<Bob's location information>``, ``<Environment Details>``), as the LLM-Coordination
authors wrote them by hand; the reader accepts their variants ("units away blocked by Bob", "is
inaccessible", "contains 2 out of 3 onions", "Cooker has 1 onion, 1 tomato") and ignores what it does
not know. Places are named as in the paper: ``o`` onion dispensers, ``t`` tomato dispensers, ``p``
plate dispensers, ``c`` cookers, ``d`` delivery areas, ``k`` kitchen counters, ``s`` shared counters,
``g`` gates.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

UNREACHABLE = 10**6
"""The distance of an inaccessible place."""

ITEMS = {"nothing": "", "onion": "onion", "tomato": "tomato", "plate": "plate", "dish": "plate", "soup": "soup"}
"""Held-item words -> the item ('' for empty hands); "cooked soup" and "soup in plate" are soup."""


@dataclass(frozen=True)
class Reach:
    """How far one place is from one chef: ``steps`` (:data:`UNREACHABLE` when inaccessible) and
    who stands in the way (``blocked_by``: '' for nobody)."""

    steps: int
    blocked_by: str = ""

    @property
    def reachable(self) -> bool:
        """Whether the chef can get there at all (a partner in the way may still step aside)."""
        return self.steps < UNREACHABLE


@dataclass(frozen=True)
class Cooker:
    """One cooker: its ingredients, whether it is on, and its soup's state."""

    name: str
    onions: int = 0
    tomatoes: int = 0
    on: bool = False
    cooking: bool = False
    cooked: bool = False

    @property
    def ingredients(self) -> int:
        """Ingredients in the pot."""
        return self.onions + self.tomatoes

    def busy(self, recipe: tuple[int, int]) -> bool:
        """Whether a soup is cooking or cooked in it (no ingredient can go in). Under the paper's
        dynamics only a full recipe cooks, so a pot said to be "on" with fewer ingredients (a few
        hand-written scenarios say so) is read by its count: not busy."""
        return (self.cooking or self.cooked) and self.ingredients >= sum(recipe)


@dataclass
class OvercookedPosition:
    """One scenario's state (see the module docstring)."""

    me: str = "Alice"
    partner: str = "Bob"
    held: dict[str, str] = field(default_factory=dict)
    reach: dict[str, dict[str, Reach]] = field(default_factory=dict)
    cookers: dict[str, Cooker] = field(default_factory=dict)
    counters: dict[str, str] = field(default_factory=dict)
    gates: dict[str, bool] = field(default_factory=dict)
    recipe: tuple[int, int] = (3, 0)
    history: tuple[str, ...] = ()
    closest_empty_counter: dict[str, str] = field(default_factory=dict)

    def distance(self, who: str, place: str) -> int:
        """Steps from ``who`` to ``place`` (:data:`UNREACHABLE` when not stated reachable). A
        scenario with no location information at all leaves distances unknown: every place counts
        as reachable, at 0."""
        if not self.reach:
            return 0
        return self.reach.get(who, {}).get(place, Reach(UNREACHABLE)).steps

    def nearest(self, who: str, places: list[str]) -> str | None:
        """The place of ``places`` nearest to ``who`` (ties: by name), or None when none is reachable."""
        reachable = [p for p in places if self.distance(who, p) < UNREACHABLE]
        return min(reachable, key=lambda p: (self.distance(who, p), p)) if reachable else None

    def places(self, kind: str) -> list[str]:
        """Every place of one kind letter that the scenario names, in number order."""
        names = {p for chef in self.reach.values() for p in chef} | set(self.cookers) | set(self.counters)
        names |= set(self.gates)
        return sorted((p for p in names if p[0] == kind and p[1:].isdigit()), key=lambda p: int(p[1:]))

    def missing(self, cooker: Cooker) -> tuple[int, int]:
        """Onions and tomatoes the cooker still needs for the recipe (zero once it is busy)."""
        if cooker.busy(self.recipe):
            return 0, 0
        return max(0, self.recipe[0] - cooker.onions), max(0, self.recipe[1] - cooker.tomatoes)


_SECTION = re.compile(r"<\s*([^>]*?)\s*:?\s*>\s*:?", re.IGNORECASE)
_HOLD = re.compile(r"\b(I am|You are|Bob is|Alice is)\s+holding\s+(?:an?\s+|the\s+)?([a-z ]+?)\s*[.\n]", re.IGNORECASE)
_DIST = re.compile(
    r"\b([a-z]\d+)\s+(?:is|in)\s+(?:(\d+)\s+units?\s+away(?:\s+blocked\s+by\s+(\w+))?|blocked\s+by\s+(\w+)|(inaccessible))",
    re.IGNORECASE,
)
_CLOSEST = re.compile(r"closest empty kitchen counter\s+([a-z]\d+)\s+is\s+(\d+)\s+units?\s+away", re.IGNORECASE)
_COOKER = re.compile(r"\b(c\d+)\s+contains\s+(\d+)\s+out\s+of\s+\d+\s+onions?", re.IGNORECASE)
_COOKER_ON = re.compile(r"\b(c\d+)\s+is\s+(on|off)\b", re.IGNORECASE)
_SOUP = re.compile(r"soup\s+in\s+(c\d+)\s+is\s+(?:still\s+)?(not cooking|cooking|cooked|ready)", re.IGNORECASE)
_HAS = re.compile(r"\bcooker\s+has\s+([^.]*)\.\s*cooker\s+is\s+(on|off)", re.IGNORECASE)
_COUNTER = re.compile(
    r"\b([ks]\d+)\s+(?:is\s+(empty)|contains\s+(?:an?\s+)?(onion|tomato|plate|dish|soup))", re.IGNORECASE
)
_GATE = re.compile(r"\b(g\d+)\s+is\s+(open|opened|closed)\b", re.IGNORECASE)
_RECIPE = re.compile(r"soup with\s+(\d+)\s+onions?(?:\s+and\s+(\d+)\s+tomato)?", re.IGNORECASE)
_HISTORY = re.compile(r"my action history[ \t]*:[ \t]*(.*)", re.IGNORECASE)


def _item(words: str) -> str:
    low = words.lower().strip()
    if "soup" in low:
        return "soup"
    return next((item for word, item in ITEMS.items() if re.search(rf"\b{word}s?\b", low)), "")


def _sections(text: str) -> dict[str, str]:
    """The scenario's ``<...>`` sections by lower-cased heading (text before any is under '')."""
    parts = _SECTION.split(text)
    out = {"": parts[0]}
    for i in range(1, len(parts) - 1, 2):
        out[parts[i].lower()] = parts[i + 1]
    return out


def _reaches(text: str) -> dict[str, Reach]:
    out: dict[str, Reach] = {}
    for name, steps, blocker, blocked_only, inaccessible in _DIST.findall(text):
        if inaccessible:
            out[name.lower()] = Reach(UNREACHABLE)
        else:
            out[name.lower()] = Reach(int(steps) if steps else 0, (blocker or blocked_only).capitalize())
    return out


def read_position(description: str, state: str) -> OvercookedPosition:
    """The position a scenario states (``description``: its game description, for the recipe;
    ``state``: the question's state text). Raises ValueError when the text holds no inventory."""
    position = OvercookedPosition()
    holds = _HOLD.findall(state)
    if not holds:
        raise ValueError("no inventory in the scenario")
    for who, words in holds:
        position.held[position.partner if who.lower().startswith("bob") else position.me] = _item(words)
    recipe = _RECIPE.search(description)
    if recipe:
        position.recipe = (int(recipe.group(1)), int(recipe.group(2) or 0))
    for heading, body in _sections(state).items():
        who = position.partner if heading.startswith("bob") else position.me if heading.startswith("my") else ""
        if who:
            position.reach[who] = _reaches(body)
            closest = _CLOSEST.search(body)
            if closest:
                position.closest_empty_counter[who] = closest.group(1).lower()
                position.reach[who][closest.group(1).lower()] = Reach(int(closest.group(2)))
    _read_environment(position, state)
    history = _HISTORY.search(state)
    if history:
        steps = [s.strip(" .") for s in re.split(r"\.,|,(?=\s*[a-z])", history.group(1)) if s.strip(" .")]
        position.history = tuple(steps)
    return position


def _read_environment(position: OvercookedPosition, state: str) -> None:
    cookers: dict[str, dict[str, object]] = {}
    for name, onions in _COOKER.findall(state):
        cookers.setdefault(name.lower(), {})["onions"] = int(onions)
    for name, on in _COOKER_ON.findall(state):
        cookers.setdefault(name.lower(), {})["on"] = on.lower() == "on"
    for name, soup in _SOUP.findall(state):
        entry = cookers.setdefault(name.lower(), {})
        entry["cooking"] = soup.lower() == "cooking"
        entry["cooked"] = soup.lower() in ("cooked", "ready")
    for contents, on in _HAS.findall(state):
        onions = sum(int(n) for n in re.findall(r"(\d+)\s+onions?", contents, re.IGNORECASE))
        tomatoes = sum(int(n) for n in re.findall(r"(\d+)\s+tomato", contents, re.IGNORECASE))
        cooking = on.lower() == "on"
        cookers["c0"] = {"onions": onions, "tomatoes": tomatoes, "on": cooking, "cooking": cooking}
    for name, entry in cookers.items():
        position.cookers[name] = Cooker(name, **entry)  # type: ignore[arg-type]
    for name, empty, item in _COUNTER.findall(state):
        position.counters[name.lower()] = "" if empty else _item(item)
    for name, status in _GATE.findall(state):
        position.gates[name.lower()] = status.lower() != "closed"
