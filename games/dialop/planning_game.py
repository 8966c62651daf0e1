"""DialOp Planning as a game (id ``dialop_planning_v0``), on the shared formal-move protocol.

Two players (Lin et al., TACL 2024, Appendix A): player 0, the *user*, sees only its travel
preferences in natural language (their numerical weights stay hidden) and, after each proposal, the
proposal's score breakdown; player 1, the *assistant*, sees the site database (names, categories,
features, prices, locations) and never the preferences. Only the assistant proposes an itinerary of
three slots (:class:`~games.dialop.planning.Itinerary`, ``None`` for an empty slot); the user accepts
or rejects it. As in the original, only a full itinerary can end the game: a partial proposal is a
preview the user must reject (an acceptance of it is refused). Accepting a full itinerary ends the
game with its normalized score ``(s - worst) / (best - worst)`` over all full itineraries; the turn cap
ends it with 0.

New instances follow the original generator (``jlin816/dialop``: ``dialop/games/planning.py``
``_load_data``/``reset``/``_randomize_event_features`` and the ``generate`` class methods of
``dialop/games/planning_data.py``), drawn from ``numpy`` with the seed:

* all 39 sites of ``planning.yaml``, in a random order; distinct map points drawn from
  the 100 of ``locations.geojson``; a price drawn from ``range(low, high, 10)`` of the
  site's category; five distinct features among those applicable to the category, each value
  uniform (bool: True/False; categorical: one of its values).
* preferences: each feature preference of the yaml with probability ``p_feature`` (``fixed``: one of
  its listed variants; ``any_k``: a random non-empty subset of the values, a random prefix of it
  disliked and the rest liked; ``any_1``: one value, liked or disliked with probability 1/2); one
  budget preference (weight ``-U{1..10}``, budget in ``30, 40, ..., 90``); one want-to-go
  preference (with probability ``p_single_site`` one site, else one or two sites of a category;
  penalizing with probability 1/2); one at-least-one-of-a-category preference (penalizing with
  probability 1/2). These are shuffled and the first ``num_prefs`` kept, then a travel-distance
  preference (weight ``-U{1..10}``) is appended. All positive weights are ``U{1..max_weight}``.
* As in the original, the feature preferences keyed ``has_parking`` / ``has_takeout`` never match
  the sites' ``has parking`` / ``has takeout`` and score 0 (see :mod:`games.dialop.planning`);
  ``match_feature_names=True`` maps them onto the real features instead.
* A draw whose best and worst full itineraries tie (no normalization possible) is redrawn.

Recorded instances (``load_recorded("planning")``) are scored like their ``result``: the proposal
under the rules of the server that played the game, ``best``/``worst`` under the released rules
(:func:`~games.dialop.planning.rescore`).

The assistant's search tool (the paper's query DSL) is not part of this module yet.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import Any, TypeVar

import numpy as np
from pydantic import ConfigDict, Field

from games.base import IllegalTurnError, Turn, metric
from games.dialop.base import (
    Accept,
    DialopGame,
    DialopMetrics,
    DialopObservation,
    DialopState,
    Propose,
    Reject,
    kind_of,
    proposal_of,
)
from games.dialop.common import normalized
from games.dialop.data import data_file, recorded_game
from games.dialop.planning import (
    NUM_SLOTS,
    RELEASED_RULES,
    AtLeastOnePreference,
    DistancePreference,
    FeaturePreference,
    Itinerary,
    PlanningInstance,
    Preference,
    PriceBudgetPreference,
    ScoreBreakdown,
    Site,
    WantToGoPreference,
    best_and_worst,
    distinct_mask,
    played_rules,
    score,
    score_breakdown,
    score_table,
)

GAME_ID = "dialop_planning_v0"
PLAYER_NAMES = ("user", "assistant")
USER, ASSISTANT = 0, 1
TURN_CAP = 30
NUM_PREFS = 10
MAX_WEIGHT = 10
FEATURES_PER_SITE = 5
BUDGETS = tuple(range(30, 100, 10))
P_FEATURE = 0.5
P_SINGLE_SITE = 0.25
MAX_DRAWS = 100


# --------------------------------------------------------------------------------------------------
# Task data


@cache
def task_data() -> dict[str, Any]:
    """``planning.yaml`` (sites, categories with price ranges, features, feature preferences) plus
    ``locations`` (the 100 ``(longitude, latitude)`` points of ``locations.geojson``)."""
    import yaml  # PyYAML (no stubs installed); only needed to generate new instances

    data = yaml.safe_load(data_file("planning.yaml").read_text())
    geo = json.loads(data_file("locations.geojson").read_text())
    data["locations"] = [tuple(float(x) for x in f["geometry"]["coordinates"]) for f in geo["features"]]
    return data


T = TypeVar("T")


def _choice(rng: np.random.Generator, items: Sequence[T]) -> T:
    return items[int(rng.integers(len(items)))]


def _sample(rng: np.random.Generator, items: list[Any], k: int) -> list[Any]:
    return [items[int(i)] for i in rng.choice(len(items), size=k, replace=False)]


def _weight(rng: np.random.Generator, max_weight: int) -> int:
    return int(rng.integers(1, max_weight + 1))


def _site_features(rng: np.random.Generator, data: dict[str, Any], category: str, k: int) -> dict[str, Any]:
    applicable = [
        name for name, info in data["features"].items() if category in info.get("event_types", data["all_types"])
    ]
    features: dict[str, Any] = {}
    for name in _sample(rng, applicable, min(k, len(applicable))):
        info = data["features"][name]
        features[name] = bool(rng.random() < 0.5) if info["type"] == "bool" else _choice(rng, info["values"])
    return features


def generate_sites(rng: np.random.Generator, features_per_site: int = FEATURES_PER_SITE) -> tuple[Site, ...]:
    """All sites of ``planning.yaml`` with drawn locations, prices and features, in a random order."""
    data = task_data()
    events, locations = data["all_events"], data["locations"]
    spots = rng.permutation(len(locations))
    sites = []
    for i in rng.permutation(len(events)):
        event = events[int(i)]
        low, high = data["all_types"][event["type"]]["price_range"]
        sites.append(
            Site(
                site_id=int(i),
                name=event["name"],
                category=event["type"],
                price=int(_choice(rng, range(low, high, 10))),
                location=locations[int(spots[int(i)])],
                features=_site_features(rng, data, event["type"], features_per_site),
            )
        )
    return tuple(sites)


def _feature_preferences(
    rng: np.random.Generator, max_weight: int, p_feature: float, match_feature_names: bool
) -> list[Preference]:
    data = task_data()
    prefs: list[Preference] = []
    for key, how in data["preferences"].items():
        if rng.random() >= p_feature:
            continue
        feature = key.replace("_", " ") if match_feature_names and key not in data["features"] else key
        if how["generate"] == "any_k":
            values = list(data["features"][key]["values"])
            chosen = _sample(rng, values, int(rng.integers(len(values))) + 1)
            num_neg = int(rng.integers(len(chosen)))
            parts = []
            if num_neg > 0:
                parts.append("don't like: " + ", ".join(map(str, chosen[:num_neg])))
            if num_neg < len(chosen):
                parts.append("like: " + ", ".join(map(str, chosen[num_neg:])))
            disliked, liked = tuple(chosen[:num_neg]), tuple(chosen[num_neg:])
            prefs.append(FeaturePreference(", ".join(parts), feature, _weight(rng, max_weight), disliked, liked))
        elif how["generate"] == "any_1":
            value = _choice(rng, data["features"][key]["values"])
            weight = _weight(rng, max_weight)
            if rng.random() < 0.5:
                prefs.append(FeaturePreference(f"don't like {value} places", feature, weight, (value,), ()))
            else:
                prefs.append(FeaturePreference(f"like {value} places", feature, weight, (), (value,)))
        else:
            variant = _choice(rng, how["prefs"])
            disliked, liked = (tuple(v) for v in variant["value_sets"])
            weight = _weight(rng, max_weight)
            prefs.append(FeaturePreference(variant["description"], feature, weight, disliked, liked))
    return prefs


def _want_to_go(rng: np.random.Generator, max_weight: int, p_single_site: float) -> WantToGoPreference:
    data = task_data()
    if rng.random() < p_single_site:
        category = None
        sites = [_choice(rng, data["all_events"])["name"]]
    else:
        category = _choice(rng, list(data["all_types"]))
        names = [e["name"] for e in data["all_events"] if e["type"] == category]
        sites = _sample(rng, names, _choice(rng, range(1, max(2, min(3, len(names))))))
    penalize = bool(rng.random() < 0.5)
    if len(sites) == 1:
        text = f"definitely want to go to {sites[0]}" if penalize else f"heard good things about {sites[0]}"
    elif penalize:
        text = f"definitely want to check out Dan's recommendations: {', '.join(sites)}"
    else:
        text = f"heard these {category}s were good: {', '.join(sites)}"
    return WantToGoPreference(text, _weight(rng, max_weight), tuple(sites), penalize)


def generate_preferences(
    rng: np.random.Generator,
    num_prefs: int = NUM_PREFS,
    max_weight: int = MAX_WEIGHT,
    budgets: tuple[int, ...] = BUDGETS,
    p_feature: float = P_FEATURE,
    p_single_site: float = P_SINGLE_SITE,
    match_feature_names: bool = False,
) -> tuple[Preference, ...]:
    """The user's preferences by the original's recipe (see the module doc)."""
    prefs = _feature_preferences(rng, max_weight, p_feature, match_feature_names)
    budget = int(_choice(rng, budgets))
    prefs.append(PriceBudgetPreference(f"keep budget below ${budget}", -_weight(rng, max_weight), budget))
    prefs.append(_want_to_go(rng, max_weight, p_single_site))
    category = _choice(rng, list(task_data()["all_types"]))
    penalize = bool(rng.random() < 0.5)
    prefs.append(AtLeastOnePreference(f"go to at least one {category}", _weight(rng, max_weight), category, penalize))
    order = rng.permutation(len(prefs))
    kept = [prefs[int(i)] for i in order[:num_prefs]]
    kept.append(DistancePreference("minimize travel distance", -_weight(rng, max_weight)))
    return tuple(kept)


@dataclasses.dataclass(frozen=True)
class GeneratorParams:
    """The generator's parameters (the paper's values by default)."""

    num_prefs: int = NUM_PREFS
    max_weight: int = MAX_WEIGHT
    budgets: tuple[int, ...] = BUDGETS
    p_feature: float = P_FEATURE
    p_single_site: float = P_SINGLE_SITE
    features_per_site: int = FEATURES_PER_SITE
    match_feature_names: bool = False

    def __post_init__(self) -> None:
        for name in ("num_prefs", "max_weight", "features_per_site"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a positive integer, got {value!r}")
        budgets = tuple(self.budgets)
        if not budgets or not all(isinstance(b, int) and not isinstance(b, bool) and b >= 0 for b in budgets):
            raise ValueError(f"budgets must be non-empty non-negative integers, got {self.budgets!r}")
        object.__setattr__(self, "budgets", budgets)
        for name in ("p_feature", "p_single_site"):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise ValueError(f"{name} must be in [0, 1], got {getattr(self, name)!r}")

    def preferences(self, rng: np.random.Generator) -> tuple[Preference, ...]:
        """Draw the user's preferences."""
        return generate_preferences(
            rng,
            self.num_prefs,
            self.max_weight,
            self.budgets,
            self.p_feature,
            self.p_single_site,
            self.match_feature_names,
        )


def _normalizable(instance: PlanningInstance) -> bool:
    best, worst = best_and_worst(instance)
    return best > worst


@lru_cache(maxsize=256)
def generate_instance(seed: int, params: GeneratorParams = GeneratorParams()) -> PlanningInstance:
    """A random instance for ``seed`` (deterministic per seed and parameters; cached).

    Raises:
        ValueError: no draw of ``MAX_DRAWS`` has best > worst.
    """
    rng = np.random.default_rng(
        [int(seed), 0x9A7],
    )
    for _ in range(MAX_DRAWS):
        sites = generate_sites(rng, params.features_per_site)
        instance = PlanningInstance(sites, params.preferences(rng))
        if _normalizable(instance):
            return instance
    raise ValueError(f"no normalizable instance in {MAX_DRAWS} draws for seed {seed}")


# --------------------------------------------------------------------------------------------------
# Views


def site_json(site: Site) -> dict[str, Any]:
    """What the assistant sees about one site."""
    return {
        "id": site.site_id,
        "name": site.name,
        "category": site.category,
        "price": site.price,
        "location": list(site.location),
        "features": dict(site.features),
    }


def site_from_json(data: Mapping[str, Any]) -> Site:
    """The site :func:`site_json` describes (how a seat's view is read back into sites).

    Raises:
        ValueError: ``data`` is not a site (one line).
    """
    try:
        return Site(data["id"], data["name"], data["category"], data["price"], data["location"], data["features"])
    except (KeyError, TypeError) as err:
        raise ValueError(f"not a site: missing or malformed {err}") from None


def preference_json(preference: Preference) -> dict[str, Any]:
    """A preference with its hidden weight, as JSON (the user's private data)."""
    fields = json.loads(json.dumps(dataclasses.asdict(preference)))
    return {"class": type(preference).__name__, **fields}


def breakdown_json(breakdown: ScoreBreakdown) -> dict[str, Any]:
    """A proposal's score breakdown as the user sees it."""
    return {
        "proposal": list(breakdown.proposal.slots),
        "by_slot": list(breakdown.by_slot),
        "itinerary_terms": [{"description": d, "score": s} for d, s in breakdown.itinerary_terms],
        "price": breakdown.price,
        "miles": list(breakdown.miles),
        "sites_score": breakdown.sites,
        "travel_score": breakdown.travel,
        "total": breakdown.total,
    }


class PlanningObservation(DialopObservation):
    """A player's view. The user's has ``preferences`` (descriptions only) and ``proposal_scores``
    (the breakdown of every proposal so far, oldest first); the assistant's has ``sites``."""

    model_config = ConfigDict(frozen=True)

    num_slots: int = NUM_SLOTS
    preferences: list[str] | None = None
    proposal_scores: list[dict[str, Any]] | None = None
    sites: list[dict[str, Any]] | None = None


# --------------------------------------------------------------------------------------------------
# The game


class PlanningMetrics(DialopMetrics):
    """The per-game metrics of DialOp Planning: the protocol's, then the itinerary's score."""

    score: float | None = metric("continuous", "the agreed itinerary's score (agreed games only)")
    best: float = Field(description="the best full itinerary's score (record only)")
    worst: float = Field(description="the worst full itinerary's score (record only)")


class PlanningGame(DialopGame):
    """DialOp Planning.

    Args:
        instance: ``None`` to generate an instance per seed, an index into the recorded games
            (``load_recorded("planning")``) or a :class:`PlanningInstance` to play on every seed.
        turn_cap: total turns before the game ends without agreement (30 here, like Optimization).
        params: the generator's parameters (:class:`GeneratorParams`, the paper's by default).

    Raises:
        ValueError: bad parameters or recorded index.
    """

    def __init__(
        self,
        instance: int | PlanningInstance | None = None,
        turn_cap: int = TURN_CAP,
        params: GeneratorParams | None = None,
    ) -> None:
        super().__init__(
            game_id=GAME_ID,
            player_names=PLAYER_NAMES,
            turn_cap=turn_cap,
            information=(
                "asymmetric: the user sees its preferences (not their weights) and the score breakdown of "
                "each proposal; the assistant sees the site database"
            ),
            description="agree on a 3-site itinerary maximizing the user's hidden preference score",
        )
        self.params = params if params is not None else GeneratorParams()
        if not isinstance(self.params, GeneratorParams):
            raise ValueError(f"params must be GeneratorParams, got {params!r}")
        self.fixed: PlanningInstance | None = None
        if isinstance(instance, PlanningInstance):
            self.fixed = instance
        elif instance is None:
            pass
        elif isinstance(instance, bool) or not isinstance(instance, int):
            raise ValueError(f"instance must be None, a recorded index or a PlanningInstance, got {instance!r}")
        else:
            record = recorded_game("planning", instance)
            self.fixed = PlanningInstance.from_record(record, played_rules(record))
        if self.fixed is not None and not _normalizable(self.fixed.with_rules(RELEASED_RULES)):
            raise ValueError("the instance's best and worst scores tie; scores cannot be normalized")

    def instance_for(self, seed: int) -> PlanningInstance:
        """The instance played with ``seed``."""
        if self.fixed is not None:
            return self.fixed
        return generate_instance(int(seed), self.params)

    def new_initial_state(self, seed: int) -> PlanningState:
        return PlanningState(self, self.instance_for(seed))


class PlanningState(DialopState):
    """A position of DialOp Planning."""

    game: PlanningGame

    def __init__(self, game: PlanningGame, instance: PlanningInstance) -> None:
        super().__init__(game)
        self._set_instance(instance)

    def _set_instance(self, instance: PlanningInstance) -> None:
        self.instance = instance
        self.best, self.worst = best_and_worst(instance.with_rules(RELEASED_RULES))

    # ---- protocol hooks ------------------------------------------------------------------------
    def _parse_proposal(self, raw: Any) -> Itinerary:
        if isinstance(raw, Itinerary):
            itinerary = raw
        elif isinstance(raw, list | tuple):
            itinerary = Itinerary(tuple(raw))
        else:
            raise ValueError(f"a proposal is {NUM_SLOTS} site names (None for an empty slot), got {raw!r}")
        return self.instance.check(itinerary)

    def _proposal_json(self, proposal: Itinerary) -> list[str | None]:
        return list(proposal.slots)

    def _normalized_score(self, proposal: Itinerary) -> float:
        return normalized(score(self.instance, proposal), self.best, self.worst)

    def _may_propose(self, player: int) -> bool:
        return player == ASSISTANT

    def random_proposal_score(self) -> float:
        table = score_table(self.instance)[distinct_mask(len(self.instance.sites))]
        return float((table.mean() - self.worst) / (self.best - self.worst))

    def _validate(self, turn: Turn) -> None:
        super()._validate(turn)
        if isinstance(self._action_of(turn), Accept) and not self.pending.is_full:
            raise IllegalTurnError("only a full itinerary can be accepted; reject this partial proposal")

    def legal_actions(self, player: int) -> list[str]:
        actions = super().legal_actions(player)
        if self.must_respond and player == self.player and not self.pending.is_full:
            return ["reject"]
        return actions

    # ---- State API -----------------------------------------------------------------------------
    def proposal_breakdowns(self) -> list[ScoreBreakdown]:
        """The score breakdown of every proposal so far (what the user has been shown)."""
        return [
            score_breakdown(self.instance, Itinerary(tuple(proposal_of(line))))
            for line in self.chat
            if kind_of(line) == "propose"
        ]

    def observation(self, player: int) -> PlanningObservation:
        fields = self.public_fields(player)
        if player == USER:
            return PlanningObservation(
                **fields,
                preferences=[p.description for p in self.instance.preferences],
                proposal_scores=[breakdown_json(b) for b in self.proposal_breakdowns()],
            )
        return PlanningObservation(**fields, sites=[site_json(s) for s in self.instance.sites])

    def metrics(self) -> PlanningMetrics:
        got = score(self.instance, self.agreement) if self.agreement is not None else None
        return PlanningMetrics(**self.protocol_metrics(), score=got, best=self.best, worst=self.worst)

    def clone(self) -> PlanningState:
        twin = super().clone()
        assert isinstance(twin, PlanningState)
        return twin

    # ---- conformance hooks -----------------------------------------------------------------------
    def random_turn(self, rng: np.random.Generator) -> Turn:
        words = ["I", "like", "parks", "near", "cheap", "food", "how", "about", "ok", "no", "views", "music"]
        message = " ".join(rng.choice(words, size=int(rng.integers(0, 8))))
        if self.must_respond:
            action: Any = Accept() if self.pending.is_full and rng.random() < 0.3 else Reject()
            return Turn(message=message, actions=(action,))
        if self.player == ASSISTANT and self.pending is None and rng.random() < 0.4:
            names = self.instance.site_names
            slots: list[str | None] = [names[int(i)] for i in rng.choice(len(names), size=NUM_SLOTS, replace=False)]
            if rng.random() < 0.2:
                slots[int(rng.integers(NUM_SLOTS))] = None
            return Turn(message=message, actions=(Propose(proposal=Itinerary(tuple(slots))),))
        return Turn(message=message)

    def illegal_turns(self) -> list[Turn]:
        names = self.instance.site_names
        good = Propose(proposal=Itinerary(names[:NUM_SLOTS]))
        bad = [
            Turn(message="two", actions=(Accept(), Reject())),
            Turn(message="text", actions=("accept",)),
            Turn(actions=(Propose(proposal=[names[0], names[0], names[1]]),)),
            Turn(actions=(Propose(proposal=["Nowhere Cafe", names[1], names[2]]),)),
            Turn(actions=(Propose(proposal=list(names[:2])),)),
            Turn(actions=(Propose(proposal="all of them"),)),
            Turn(actions=(Propose(proposal=7),)),
        ]
        if self.must_respond:
            bad += [Turn(message="just chatting"), Turn(actions=(good,))]
            if not self.pending.is_full:
                bad.append(Turn(actions=(Accept(),)))
        else:
            bad += [Turn(actions=(Accept(),)), Turn(actions=(Reject(),))]
            if self.player == USER or self.pending is not None:
                bad.append(Turn(actions=(good,)))
        return bad

    def private_data(self, player: int) -> Any:
        if player == USER:
            return [preference_json(p) for p in self.instance.preferences]
        return [site_json(s) for s in self.instance.sites]

    def with_private_data_resampled(self, player: int, rng: np.random.Generator) -> PlanningState:
        """A copy with ``player``'s hidden data redrawn, consistently with the public history.

        The user's preferences are redrawn by the generator (the assistant never sees them). For the
        assistant's database, the sites named in a proposal so far are kept (the user has seen their
        scores); every other site gets a fresh price and features, and their locations are shuffled
        among themselves.
        """
        inst = self.instance
        twin = self.clone()
        if player == USER:
            for _ in range(MAX_DRAWS):
                candidate = PlanningInstance(inst.sites, self.game.params.preferences(rng), inst.rules)
                if _normalizable(candidate.with_rules(RELEASED_RULES)):
                    twin._set_instance(candidate)
                    return twin
            raise ValueError("no normalizable preferences drawn")
        shown = {name for line in self.chat if kind_of(line) == "propose" for name in proposal_of(line) if name}
        data = task_data()
        hidden = [i for i, s in enumerate(inst.sites) if s.name not in shown]
        spots = [inst.sites[i].location for i in hidden]
        order = rng.permutation(len(spots))
        sites = list(inst.sites)
        for j, i in enumerate(hidden):
            old = sites[i]
            price_range = data["all_types"].get(old.category, {}).get("price_range", [old.price, old.price + 1])
            sites[i] = Site(
                site_id=old.site_id,
                name=old.name,
                category=old.category,
                price=int(_choice(rng, range(price_range[0], price_range[1], 10))),
                location=spots[int(order[j])],
                features=_site_features(rng, data, old.category, FEATURES_PER_SITE),
            )
        candidate = PlanningInstance(tuple(sites), inst.preferences, inst.rules)
        if _normalizable(candidate.with_rules(RELEASED_RULES)):
            twin._set_instance(candidate)
        return twin
