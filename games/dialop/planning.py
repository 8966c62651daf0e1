"""DialOp Planning: scoring 3-site itineraries and re-scoring the recorded games.

The task (Lin et al., TACL 2024, Appendix A): an assistant sees a database of 39 sites (category,
estimated price, map location and five random features each); a user sees about ten natural-language
preferences whose numerical weights stay hidden. The assistant proposes an itinerary of three slots;
the user sees the proposal's score breakdown and accepts or rejects it. The game ends when a full
itinerary is accepted; its normalised score is ``(s - worst) / (best - worst)`` over all itineraries.

Facts established from the original environment (``jlin816/dialop``: ``dialop/games/planning_data.py``
for the preference classes and their ``score`` methods, ``dialop/games/planning.py`` for the distance,
``_score_proposal``, ``propose``, ``proposal_response`` and ``_compute_all_solutions``,
``dialop/envs/planning.py`` for the best/worst range and the normalisation,
``dialop/apps/planning/static/client.js`` for how the human UI built proposals) and from the 113
released games:

* A proposal is five slots ``[site, travel, site, travel, site]``; an empty site slot is ``null`` and a
  travel slot exists only between two adjacent filled site slots. The score of a proposal is the sum
  over the preferences of the integer preference scores (all weights are integers):

  - feature preference ``(feature, weight, [disliked values, liked values])``: ``-weight`` per site
    whose feature value is disliked, ``+weight`` per site whose value is liked, 0 if the site lacks
    the feature. The feature is matched by exact name, so the recorded preferences on
    ``has_parking`` and ``has_takeout`` (underscores; the sites' features are ``has parking`` and
    ``has takeout``) never score: the user reads e.g. "renting a car so preferably places with
    parking" but it is worth 0 (94 such preferences in 71 of the 113 games; every recorded proposal
    scores them 0).
  - travel (``DistancePreference``, weight <= 0): per travel leg ``int(weight * miles)``, truncated
    toward zero, where ``miles = round(69 * euclidean((lon, lat), (lon, lat)) * 10) / 10``.
  - budget (``PriceBudgetPreference``, weight <= 0): ``weight`` if the summed estimated price of the
    sites exceeds the budget, else 0.
  - want-to-go (``WantToGo``): ``+weight`` if any site is in the named set, else ``-weight`` if the
    preference penalises, else 0.
  - at-least-one-of-a-category (``AtLeastOneEventType``): ``+weight`` if any site has the category,
    else ``-weight`` if it penalises, else 0 — but see :class:`ScoringRules` for the games played
    before that penalty existed.

  The user sees the per-slot sums of the site and travel preferences, the itinerary-level terms
  (budget, want-to-go, at-least-one) with their descriptions, and the total; see
  :class:`ScoreBreakdown`.
* ``best`` and ``worst`` are the maximum and minimum score over all ordered triples of distinct sites
  (``itertools.permutations(events, 3)``: 39 * 38 * 37 = 54,834 full itineraries). Partial
  itineraries are not part of the range, so a partial proposal may score outside it.
* Proposals are logged as ``{"type": "proposal", "player": i, "proposal": [...5 slots...], "scores":
  {...}}``; a ``proposal_response`` answers the pending proposal (an acceptance of a full proposal
  ends the game, a rejection withdraws it). In the data every game has exactly one acceptance, of a
  full proposal, as its last action; the recorded travel distances equal the recomputed ones in all
  337 proposals; one proposal leaves all three slots empty.
* ``result`` holds the score of the accepted itinerary *as played* (the live server's total) and
  ``best``/``worst`` recomputed with the released code. Games 6, 8, 9 and 10 of the data were played
  on a server whose at-least-one preference never penalised: their logs score an unmet penalising
  at-least-one preference 0 in 11 proposals, while the 28 other games whose logs show such a case
  score it ``-weight`` (the released rule). In games 9 and 10 the accepted itinerary misses that
  category, so the recorded score is 10 resp. 5 points above the released rule's; ``best`` and
  ``worst`` of all four follow the released rule (under the early rule ``worst`` would be higher).
  See :func:`played_rules` and :func:`rescore`.

:class:`Itinerary` is the proposal type used here: three slots of site names, ``None`` for an empty
slot, distinct sites; distances are always recomputed from the instance's locations.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from numbers import Integral, Real
from types import MappingProxyType
from typing import Any, Literal

import numpy as np

from games.dialop.common import normalized, record_field

NUM_SLOTS = 3
"""Site slots of an itinerary (the original's ``num_slots``; the released games all use 3)."""

MILES_PER_DEGREE = 69
"""The original's conversion of a Euclidean distance in degrees of (lon, lat) to miles."""

FeatureValue = bool | int | float | str
Slots = tuple[str | None, ...]


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise ValueError(f"{what} must be an integer, got {value!r}")
    return int(value)


def _number(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(value):
        raise ValueError(f"{what} must be a finite number, got {value!r}")
    return float(value)


# --------------------------------------------------------------------------------------------------
# Sites and distances


@dataclass(frozen=True)
class Site:
    """One site of an instance: what the assistant sees about it.

    ``location`` is ``(longitude, latitude)`` as stored in the data (``loc``); ``price`` is the
    estimated price in dollars (``est_price``).
    """

    site_id: int
    name: str
    category: str
    price: int
    location: tuple[float, float]
    features: Mapping[str, FeatureValue] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ValueError(f"a site name must be a non-empty string, got {self.name!r}")
        if not isinstance(self.category, str) or not self.category:
            raise ValueError(f"site {self.name!r}: category must be a non-empty string")
        object.__setattr__(self, "site_id", _int(self.site_id, f"site {self.name!r}: id"))
        object.__setattr__(self, "price", _int(self.price, f"site {self.name!r}: price"))
        if isinstance(self.location, str | bytes) or not isinstance(self.location, Sequence) or len(self.location) != 2:
            raise ValueError(f"site {self.name!r}: location must be (longitude, latitude)")
        lon, lat = (_number(x, f"site {self.name!r}: location") for x in self.location)
        object.__setattr__(self, "location", (lon, lat))
        if not isinstance(self.features, Mapping):
            raise ValueError(f"site {self.name!r}: features must be a mapping")
        for key, value in self.features.items():
            if not isinstance(key, str) or not isinstance(value, bool | int | float | str):
                raise ValueError(f"site {self.name!r}: bad feature {key!r}: {value!r}")
        object.__setattr__(self, "features", MappingProxyType(dict(self.features)))

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Site:
        """A site from one entry of a game's ``events`` list."""
        name = record_field(record, "name", "an event")
        return cls(
            site_id=record_field(record, "id_", f"event {name!r}"),
            name=name,
            category=record_field(record, "etype", f"event {name!r}"),
            price=record_field(record, "est_price", f"event {name!r}"),
            location=record_field(record, "loc", f"event {name!r}"),
            features=record_field(record, "features", f"event {name!r}"),
        )


def travel_miles(first: Site, second: Site) -> float:
    """The original's travel distance: 69 * Euclidean degrees, rounded to 0.1 mile.

    Computed as ``sqrt(dx*dx + dy*dy)`` like the UI (``client.js``) and the environment; the two
    rounding conventions (JavaScript half-up, Python half-even) never meet a tie in the data.
    """
    dx = first.location[0] - second.location[0]
    dy = first.location[1] - second.location[1]
    return round(math.sqrt(dx * dx + dy * dy) * MILES_PER_DEGREE * 10) / 10


# --------------------------------------------------------------------------------------------------
# Preferences


@dataclass(frozen=True)
class ScoringRules:
    """Which version of the original's scoring rules applies.

    ``at_least_one_penalizes``: whether an unmet at-least-one-of-a-category preference with
    ``penalize=True`` costs its weight. True in the released code and in the recorded games whose
    logs show it; games 6, 8, 9 and 10 (0-based, in the order of ``load_recorded``) were played on a
    server where it scored 0 (see :func:`played_rules`).
    """

    at_least_one_penalizes: bool = True


RELEASED_RULES = ScoringRules()
"""The rules of the released ``jlin816/dialop`` code."""

EARLY_SERVER_RULES = ScoringRules(at_least_one_penalizes=False)
"""The rules of the server that played games 6, 8, 9 and 10 of the released planning data."""


@dataclass(frozen=True)
class FeaturePreference:
    """``-weight`` per site whose ``feature`` is in ``disliked``, ``+weight`` per site in ``liked``."""

    description: str
    feature: str
    weight: int
    disliked: tuple[FeatureValue, ...]
    liked: tuple[FeatureValue, ...]

    def site_score(self, site: Site) -> int:
        """This preference's score of one site (0 if the site lacks the feature)."""
        if self.feature not in site.features:
            return 0
        value = site.features[self.feature]
        # Python ``in`` (==) semantics as in the original; the first set wins if a value is in both.
        if value in self.disliked:
            return -self.weight
        if value in self.liked:
            return self.weight
        return 0


@dataclass(frozen=True)
class DistancePreference:
    """``int(weight * miles)`` per travel leg (``weight <= 0``; truncated toward zero)."""

    description: str
    weight: int

    def leg_score(self, miles: float) -> int:
        """This preference's score of one travel leg of ``miles`` (as the original: float product, int)."""
        return int(self.weight * miles)


@dataclass(frozen=True)
class PriceBudgetPreference:
    """``weight`` (``<= 0``) if the itinerary's summed estimated price exceeds ``budget``, else 0."""

    description: str
    weight: int
    budget: int

    def itinerary_score(self, sites: Sequence[Site]) -> int:
        """This preference's score of the filled sites of an itinerary."""
        return self.weight if sum(site.price for site in sites) > self.budget else 0


@dataclass(frozen=True)
class WantToGoPreference:
    """``+weight`` if a site is in ``sites``, else ``-weight`` if ``penalize`` else 0."""

    description: str
    weight: int
    sites: tuple[str, ...]
    penalize: bool

    def itinerary_score(self, sites: Sequence[Site]) -> int:
        """This preference's score of the filled sites of an itinerary."""
        if any(site.name in self.sites for site in sites):
            return self.weight
        return -self.weight if self.penalize else 0


@dataclass(frozen=True)
class AtLeastOnePreference:
    """``+weight`` if a site is of ``category``, else ``-weight`` if ``penalize`` (and the rules say so)."""

    description: str
    weight: int
    category: str
    penalize: bool

    def itinerary_score(self, sites: Sequence[Site], rules: ScoringRules = RELEASED_RULES) -> int:
        """This preference's score of the filled sites of an itinerary under ``rules``."""
        if any(site.category == self.category for site in sites):
            return self.weight
        return -self.weight if self.penalize and rules.at_least_one_penalizes else 0


Preference = FeaturePreference | DistancePreference | PriceBudgetPreference | WantToGoPreference | AtLeastOnePreference
ItineraryPreference = PriceBudgetPreference | WantToGoPreference | AtLeastOnePreference

PREFERENCE_KINDS: dict[str, str] = {
    "FeaturePreference": "feature",
    "DistancePreference": "distance",
    "PriceBudgetPreference": "budget",
    "WantToGo": "want_to_go",
    "AtLeastOneEventType": "at_least_one",
}
"""The original's preference class names and the short kind used in :class:`PreferenceScore`."""


def _kind(preference: Preference) -> str:
    return {
        FeaturePreference: "feature",
        DistancePreference: "distance",
        PriceBudgetPreference: "budget",
        WantToGoPreference: "want_to_go",
        AtLeastOnePreference: "at_least_one",
    }[type(preference)]


def preference_from_record(entry: Sequence[Any]) -> Preference:
    """A preference from one entry ``[description, weight, class name, arguments]`` of ``preferences``."""
    if isinstance(entry, str | bytes) or not isinstance(entry, Sequence) or len(entry) != 4:
        raise ValueError(f"a preference must be [description, weight, class, arguments], got {entry!r}")
    description, weight, cls, args = entry
    if cls not in PREFERENCE_KINDS:
        raise ValueError(f"unknown preference class {cls!r}; known: {', '.join(PREFERENCE_KINDS)}")
    if not isinstance(description, str):
        raise ValueError(f"preference description must be a string, got {description!r}")
    weight = _int(weight, f"preference {description!r}: weight")
    if _int(record_field(args, "weight", f"preference {description!r}"), "weight") != weight:
        raise ValueError(f"preference {description!r}: weight {weight} differs from its arguments")
    what = f"preference {description!r}"
    if cls == "FeaturePreference":
        value_sets = record_field(args, "value_sets", what)
        if (
            isinstance(value_sets, str)
            or not isinstance(value_sets, Sequence)
            or len(value_sets) != 2
            or not all(isinstance(v, Sequence) and not isinstance(v, str) for v in value_sets)
        ):
            raise ValueError(f"{what}: value_sets must be [disliked, liked]")
        if weight < 0:
            raise ValueError(f"{what}: a feature preference weight must be >= 0")
        return FeaturePreference(
            description, record_field(args, "name", what), weight, tuple(value_sets[0]), tuple(value_sets[1])
        )
    if cls == "DistancePreference":
        if weight > 0:
            raise ValueError(f"{what}: a distance preference weight must be <= 0")
        return DistancePreference(description, weight)
    if cls == "PriceBudgetPreference":
        if weight > 0:
            raise ValueError(f"{what}: a budget preference weight must be <= 0")
        return PriceBudgetPreference(description, weight, _int(record_field(args, "budget", what), f"{what}: budget"))
    penalize = record_field(args, "penalize", what)
    if not isinstance(penalize, bool):
        raise ValueError(f"{what}: penalize must be a bool, got {penalize!r}")
    if weight < 0:
        raise ValueError(f"{what}: weight must be >= 0")
    if cls == "WantToGo":
        sites = record_field(args, "event_set", what)
        if isinstance(sites, str) or not isinstance(sites, Sequence) or not all(isinstance(s, str) for s in sites):
            raise ValueError(f"{what}: event_set must be a list of site names")
        return WantToGoPreference(description, weight, tuple(sites), penalize)
    return AtLeastOnePreference(description, weight, record_field(args, "etype", what), penalize)


# --------------------------------------------------------------------------------------------------
# Itineraries


@dataclass(frozen=True)
class Itinerary:
    """An ordered proposal of :data:`NUM_SLOTS` slots: site names, ``None`` for an empty slot.

    As in the original: exactly three slots (the text environment refuses fewer, asking for NULL in
    the empty ones), no site twice (the UI refuses it), any slot may be empty (the game only ends on
    the acceptance of a full itinerary; the data holds one all-empty proposal). Names are checked
    against an instance by :meth:`PlanningInstance.check`.
    """

    slots: Slots

    def to_json(self) -> list[str | None]:
        """The itinerary's public JSON form, the one the game parses back: its slots."""
        return list(self.slots)

    def __post_init__(self) -> None:
        slots = self.slots
        if isinstance(slots, str | bytes) or not isinstance(slots, Sequence):
            raise ValueError(f"itinerary slots must be a sequence of site names, got {slots!r}")
        if len(slots) != NUM_SLOTS:
            raise ValueError(f"an itinerary has exactly {NUM_SLOTS} slots (None for an empty one), got {len(slots)}")
        for slot in slots:
            if slot is not None and (not isinstance(slot, str) or not slot):
                raise ValueError(f"an itinerary slot must be a site name or None, got {slot!r}")
        names = [slot for slot in slots if slot is not None]
        if len(set(names)) != len(names):
            raise ValueError(f"an itinerary cannot visit a site twice: {list(slots)}")
        object.__setattr__(self, "slots", tuple(slots))

    @classmethod
    def of(cls, *names: str | None) -> Itinerary:
        """``Itinerary.of("A", None, "C")``."""
        return cls(tuple(names))

    @property
    def sites(self) -> tuple[str, ...]:
        """The filled slots, in order."""
        return tuple(slot for slot in self.slots if slot is not None)

    @property
    def is_full(self) -> bool:
        """Whether every slot is filled (only a full itinerary can end the game)."""
        return all(slot is not None for slot in self.slots)

    @property
    def legs(self) -> tuple[tuple[str, str] | None, ...]:
        """The travel legs between adjacent slots; ``None`` where either slot is empty."""
        pairs = zip(self.slots, self.slots[1:], strict=False)
        return tuple((a, b) if a is not None and b is not None else None for a, b in pairs)

    @classmethod
    def from_recorded(cls, proposal: Sequence[Any]) -> Itinerary:
        """An itinerary from a logged proposal ``[site, travel, site, travel, site]`` (dicts or null).

        Only the site names are read; travel distances are recomputed from the instance.
        """
        if isinstance(proposal, str | bytes) or not isinstance(proposal, Sequence):
            raise ValueError(f"a recorded proposal must be a list, got {type(proposal).__name__}")
        if len(proposal) != 2 * NUM_SLOTS - 1:
            raise ValueError(f"a recorded proposal has {2 * NUM_SLOTS - 1} entries, got {len(proposal)}")
        names: list[str | None] = []
        for entry in proposal[::2]:
            if entry is None:
                names.append(None)
            elif isinstance(entry, Mapping) and entry.get("type", "event") == "event":
                names.append(record_field(entry, "name", "a proposed event"))
            else:
                raise ValueError(f"a recorded proposal's site slot must be an event or null, got {entry!r}")
        return cls(tuple(names))

    def __str__(self) -> str:
        return "[" + ", ".join("NULL" if slot is None else slot for slot in self.slots) + "]"


# --------------------------------------------------------------------------------------------------
# Instances


@dataclass(frozen=True)
class PlanningInstance:
    """One game instance: the sites (the assistant's view) and the user's weighted preferences."""

    sites: tuple[Site, ...]
    preferences: tuple[Preference, ...]
    rules: ScoringRules = RELEASED_RULES
    _by_name: Mapping[str, Site] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        sites = tuple(self.sites)
        if len(sites) < NUM_SLOTS:
            raise ValueError(f"an instance needs at least {NUM_SLOTS} sites, got {len(sites)}")
        names = [site.name for site in sites]
        if len(set(names)) != len(names):
            raise ValueError("site names must be unique within an instance")
        object.__setattr__(self, "sites", sites)
        object.__setattr__(self, "preferences", tuple(self.preferences))
        object.__setattr__(self, "_by_name", MappingProxyType({site.name: site for site in sites}))

    @classmethod
    def from_record(cls, game: Mapping[str, Any], rules: ScoringRules = RELEASED_RULES) -> PlanningInstance:
        """The instance of a recorded game dict (its ``events`` and ``preferences``)."""
        events = record_field(game, "events", "a planning game")
        prefs = record_field(game, "preferences", "a planning game")
        if not isinstance(events, Sequence) or not isinstance(prefs, Sequence):
            raise ValueError("a planning game's events and preferences must be lists")
        return cls(tuple(Site.from_record(e) for e in events), tuple(preference_from_record(p) for p in prefs), rules)

    def site(self, name: str) -> Site:
        """The site called ``name``."""
        try:
            return self._by_name[name]
        except KeyError:
            raise ValueError(f"unknown site {name!r}") from None

    @property
    def site_names(self) -> tuple[str, ...]:
        """The site names in the instance's order."""
        return tuple(site.name for site in self.sites)

    def check(self, itinerary: Itinerary) -> Itinerary:
        """``itinerary`` itself if every named site belongs to this instance (else ValueError)."""
        if not isinstance(itinerary, Itinerary):
            raise ValueError(f"expected an Itinerary, got {type(itinerary).__name__}")
        for name in itinerary.sites:
            self.site(name)
        return itinerary

    def with_rules(self, rules: ScoringRules) -> PlanningInstance:
        """The same instance scored under other rules."""
        return PlanningInstance(self.sites, self.preferences, rules)

    def full_itineraries(self) -> Iterator[Itinerary]:
        """Every full itinerary (ordered triples of distinct sites), in ``itertools.permutations`` order."""
        names = self.site_names
        for i, a in enumerate(names):
            for j, b in enumerate(names):
                if j == i:
                    continue
                for k, c in enumerate(names):
                    if k != i and k != j:
                        yield Itinerary((a, b, c))


# --------------------------------------------------------------------------------------------------
# Scoring


@dataclass(frozen=True)
class PreferenceScore:
    """One preference's contribution to a score."""

    description: str
    kind: str
    weight: int
    score: int


@dataclass(frozen=True)
class ScoreBreakdown:
    """A proposal's score as the user sees it.

    ``by_slot`` has ``2 * NUM_SLOTS - 1`` entries ``[site, travel, site, travel, site]``: the sum of
    the feature preferences over each site and of the travel preference over each leg (0 for an empty
    slot). ``itinerary_terms`` lists the itinerary-level terms (budget, want-to-go, at-least-one) with their
    descriptions. ``by_preference`` is the same total split by preference, in the instance's order.
    """

    proposal: Itinerary
    by_preference: tuple[PreferenceScore, ...]
    by_slot: tuple[int, ...]
    itinerary_terms: tuple[tuple[str, int], ...]
    price: int
    miles: tuple[float | None, ...]

    @property
    def total(self) -> int:
        """The score: ``sum(by_slot) + sum of the itinerary terms`` (= ``sum(by_preference)``)."""
        return sum(self.by_slot) + sum(score for _, score in self.itinerary_terms)

    @property
    def travel(self) -> int:
        """The total travel-distance score (the UI's "Total travel distance score")."""
        return sum(self.by_slot[1::2])

    @property
    def sites(self) -> int:
        """The total of the per-site scores (the UI's "Total event score")."""
        return sum(self.by_slot[::2])


def score_breakdown(instance: PlanningInstance, itinerary: Itinerary) -> ScoreBreakdown:
    """The score of ``itinerary`` split by slot and by preference (under ``instance.rules``)."""
    instance.check(itinerary)
    slots = [None if name is None else instance.site(name) for name in itinerary.slots]
    filled = [site for site in slots if site is not None]
    miles = tuple(None if leg is None else travel_miles(*map(instance.site, leg)) for leg in itinerary.legs)
    by_slot = [0] * (2 * NUM_SLOTS - 1)
    by_preference: list[PreferenceScore] = []
    itinerary_terms: list[tuple[str, int]] = []
    for pref in instance.preferences:
        if isinstance(pref, FeaturePreference):
            per_site = [0 if site is None else pref.site_score(site) for site in slots]
            for i, value in enumerate(per_site):
                by_slot[2 * i] += value
            value = sum(per_site)
        elif isinstance(pref, DistancePreference):
            per_leg = [0 if m is None else pref.leg_score(m) for m in miles]
            for i, value in enumerate(per_leg):
                by_slot[2 * i + 1] += value
            value = sum(per_leg)
        elif isinstance(pref, AtLeastOnePreference):
            value = pref.itinerary_score(filled, instance.rules)
            itinerary_terms.append((pref.description, value))
        else:
            value = pref.itinerary_score(filled)
            itinerary_terms.append((pref.description, value))
        by_preference.append(PreferenceScore(pref.description, _kind(pref), pref.weight, value))
    return ScoreBreakdown(
        proposal=itinerary,
        by_preference=tuple(by_preference),
        by_slot=tuple(by_slot),
        itinerary_terms=tuple(itinerary_terms),
        price=sum(site.price for site in filled),
        miles=miles,
    )


def score(instance: PlanningInstance, itinerary: Itinerary) -> float:
    """The score of ``itinerary`` (an integer, returned as float) under ``instance.rules``."""
    return float(score_breakdown(instance, itinerary).total)


@dataclass(frozen=True)
class ScoreRange:
    """The best and worst full itineraries of an instance, found by exhaustive enumeration."""

    best: int
    worst: int
    best_itinerary: Itinerary
    worst_itinerary: Itinerary
    count: int


def score_table(instance: PlanningInstance) -> np.ndarray:
    """``table[i, j, k]``: the score of the itinerary ``(sites[i], sites[j], sites[k])``.

    Exact integer arithmetic over all ``n**3`` index triples (entries with a repeated site are
    meaningless; see :func:`distinct_mask`). The score decomposes into per-site feature terms, per-leg
    travel terms and set-level terms (budget, want-to-go, at-least-one), each evaluated with the same
    per-preference rules as :func:`score_breakdown`.
    """
    sites = instance.sites
    n = len(sites)
    site_terms = np.zeros(n, dtype=np.int64)
    leg_terms = np.zeros((n, n), dtype=np.int64)
    table = np.zeros((n, n, n), dtype=np.int64)
    distance_prefs = [p for p in instance.preferences if isinstance(p, DistancePreference)]
    if distance_prefs:
        for i, a in enumerate(sites):
            for j, b in enumerate(sites):
                if i != j:
                    m = travel_miles(a, b)
                    leg_terms[i, j] = sum(p.leg_score(m) for p in distance_prefs)

    def any_of(mask: np.ndarray) -> np.ndarray:
        return mask[:, None, None] | mask[None, :, None] | mask[None, None, :]

    for pref in instance.preferences:
        if isinstance(pref, FeaturePreference):
            site_terms += np.array([pref.site_score(site) for site in sites], dtype=np.int64)
        elif isinstance(pref, PriceBudgetPreference):
            price = np.array([site.price for site in sites], dtype=np.int64)
            total = price[:, None, None] + price[None, :, None] + price[None, None, :]
            table += np.where(total > pref.budget, pref.weight, 0)
        elif isinstance(pref, WantToGoPreference):
            met = any_of(np.array([site.name in pref.sites for site in sites]))
            table += np.where(met, pref.weight, -pref.weight if pref.penalize else 0)
        elif isinstance(pref, AtLeastOnePreference):
            met = any_of(np.array([site.category == pref.category for site in sites]))
            missed = -pref.weight if pref.penalize and instance.rules.at_least_one_penalizes else 0
            table += np.where(met, pref.weight, missed)
    table += site_terms[:, None, None] + site_terms[None, :, None] + site_terms[None, None, :]
    table += leg_terms[:, :, None] + leg_terms[None, :, :]
    return table


def distinct_mask(n: int) -> np.ndarray:
    """``mask[i, j, k]``: whether ``i``, ``j``, ``k`` are pairwise distinct."""
    i, j, k = np.ix_(range(n), range(n), range(n))
    return (i != j) & (j != k) & (i != k)


def score_range(instance: PlanningInstance) -> ScoreRange:
    """Best and worst over all full itineraries (ordered triples of distinct sites), exactly.

    Exhaustive: the whole ``n**3`` table is evaluated (59,319 entries for 39 sites, a few
    milliseconds), so no pruning is needed. Ties go to the first triple in permutation order.
    """
    n = len(instance.sites)
    table = score_table(instance)
    mask = distinct_mask(n)
    valid = table[mask]
    triples = np.argwhere(mask)  # row-major: the order of itertools.permutations
    best_at, worst_at = int(np.argmax(valid)), int(np.argmin(valid))
    names = instance.site_names

    def itinerary(at: int) -> Itinerary:
        return Itinerary(tuple(names[int(x)] for x in triples[at]))

    return ScoreRange(
        best=int(valid[best_at]),
        worst=int(valid[worst_at]),
        best_itinerary=itinerary(best_at),
        worst_itinerary=itinerary(worst_at),
        count=int(valid.size),
    )


def best_and_worst(instance: PlanningInstance) -> tuple[float, float]:
    """``(best, worst)`` score over all full itineraries of ``instance`` (see :func:`score_range`)."""
    found = score_range(instance)
    return float(found.best), float(found.worst)


# --------------------------------------------------------------------------------------------------
# The recorded games


def recorded_proposals(action_log: Sequence[Mapping[str, Any]]) -> list[tuple[Itinerary, Mapping[str, Any]]]:
    """Every logged proposal as ``(itinerary, recorded scores)`` in log order."""
    if isinstance(action_log, str | bytes) or not isinstance(action_log, Sequence):
        raise ValueError("an action log must be a list of actions")
    found = []
    for action in action_log:
        if record_field(action, "type", "an action") == "proposal":
            itinerary = Itinerary.from_recorded(record_field(action, "proposal", "a proposal action"))
            found.append((itinerary, action.get("scores", {})))
    return found


def final_proposal(action_log: Sequence[Mapping[str, Any]]) -> Itinerary:
    """The accepted full itinerary that ended the game.

    Replays the log as the original's ``proposal_response``: an acceptance of the pending proposal
    ends the game if it is full (accepting a partial proposal does not); a rejection withdraws it.
    """
    if isinstance(action_log, str | bytes) or not isinstance(action_log, Sequence):
        raise ValueError("an action log must be a list of actions")
    pending: Itinerary | None = None
    for action in action_log:
        kind = record_field(action, "type", "an action")
        if kind == "proposal":
            pending = Itinerary.from_recorded(record_field(action, "proposal", "a proposal action"))
        elif kind == "proposal_response":
            response = record_field(action, "response", "a proposal response")
            if record_field(response, "accept", "a proposal response"):
                if pending is None:
                    raise ValueError("an acceptance answers no pending proposal")
                if pending.is_full:
                    return pending
            else:
                pending = None
    raise ValueError("the action log has no accepted full proposal")


def played_rules(game: Mapping[str, Any]) -> ScoringRules:
    """The scoring rules the live server used, read off the recorded proposal scores.

    :data:`EARLY_SERVER_RULES` if some logged proposal scored an unmet, penalising at-least-one
    preference 0 (the server's per-preference ``scores`` list is in the order of ``preferences``);
    otherwise :data:`RELEASED_RULES` (also when the log holds no evidence either way).

    Raises:
        ValueError: the log scores such a preference both ways, or neither 0 nor ``-weight``.
    """
    instance = PlanningInstance.from_record(game)
    seen: set[ScoringRules] = set()
    for itinerary, scores in recorded_proposals(record_field(game, "action_log", "a planning game")):
        per_pref = scores.get("scores") if isinstance(scores, Mapping) else None
        if per_pref is None:
            continue
        if len(per_pref) != len(instance.preferences):
            raise ValueError("a recorded proposal's scores do not match the preferences")
        categories = {instance.site(name).category for name in itinerary.sites}
        for pref, recorded in zip(instance.preferences, per_pref, strict=True):
            if isinstance(pref, AtLeastOnePreference) and pref.penalize and pref.category not in categories:
                if recorded == 0:
                    seen.add(EARLY_SERVER_RULES)
                elif recorded == -pref.weight:
                    seen.add(RELEASED_RULES)
                else:
                    raise ValueError(f"preference {pref.description!r} recorded as {recorded}")
    if len(seen) > 1:
        raise ValueError("the log scores the at-least-one preference under both rules")
    return seen.pop() if seen else RELEASED_RULES


def rescore(game: Mapping[str, Any], rules: Literal["as_played", "released"] = "as_played") -> dict[str, float]:
    """Re-score a recorded game: ``{"score", "best", "worst", "norm"}`` like its ``result``.

    ``best`` and ``worst`` always use the released rules (as the released ``result`` does).
    ``rules="as_played"`` (default) scores the accepted itinerary under the rules of the server that
    played the game (:func:`played_rules`), which reproduces ``result`` in all 113 games;
    ``"released"`` scores it under the released rules, which differs in games 9 and 10 (see the
    module docstring).
    """
    if rules not in ("as_played", "released"):
        raise ValueError(f"rules must be 'as_played' or 'released', got {rules!r}")
    instance = PlanningInstance.from_record(game)
    itinerary = final_proposal(record_field(game, "action_log", "a planning game"))
    scoring = instance.with_rules(played_rules(game)) if rules == "as_played" else instance
    value = score(scoring, itinerary)
    best, worst = best_and_worst(instance)
    return {"score": value, "best": best, "worst": worst, "norm": normalized(value, best, worst)}
