"""The registry of named components: games, parsers, renderers, belief modules, planners, presets.

Ablations are data: an :class:`AgentSpec` names one implementation per pipeline stage and
:func:`build_agent` assembles it. Registration is explicit: :func:`default_registry` calls
:func:`register_builtins` once; nothing registers itself as an import side effect.

Game names are families (``traveling_adventurers``); each game's ``facts.game_id`` carries the rule
version (``traveling_adventurers_v0``), and either spelling is accepted.
"""

from __future__ import annotations

import difflib
import inspect
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from agent.pipeline import PipelineAgent
from games.base import Game
from language.llm_client import LLMClient, LLMConfig


class UnknownNameError(KeyError):
    """A name that is not registered; the message lists what is."""

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class AgentSpec:
    """One agent configuration: the implementation name of each pipeline stage plus options."""

    game: str
    parser: str = "rules"
    partner: str = "on"
    tracking: str = "agreement"
    planner: str = "ibp"
    renderer: str = "template"
    options: dict[str, Any] = field(default_factory=dict)
    name: str = "custom"

    def describe(self) -> str:
        return f"parser={self.parser} partner={self.partner} tracking={self.tracking} planner={self.planner} renderer={self.renderer}"


@dataclass
class Registry:
    """Name -> factory tables, one per kind of component, keyed by (game family, name)."""

    games: dict[str, Callable[..., Game]] = field(default_factory=dict)
    game_descriptions: dict[str, str] = field(default_factory=dict)
    parsers: dict[tuple[str, str], Callable[..., Any]] = field(default_factory=dict)
    renderers: dict[tuple[str, str], Callable[..., Any]] = field(default_factory=dict)
    partner_models: dict[tuple[str, str], Callable[..., Any]] = field(default_factory=dict)
    trackers: dict[tuple[str, str], Callable[..., Any]] = field(default_factory=dict)
    belief_stores: dict[str, Callable[..., Any]] = field(default_factory=dict)
    planners: dict[tuple[str, str], Callable[..., Any]] = field(default_factory=dict)
    presets: dict[tuple[str, str], AgentSpec] = field(default_factory=dict)
    # (kind, family, name) of the components whose factory takes the LLM client as first argument
    llm_components: set[tuple[str, str, str]] = field(default_factory=set)
    # game family -> the preset commands use when none is named
    default_presets: dict[str, str] = field(default_factory=dict)
    # retired or alternative spellings -> registered name
    aliases: dict[str, str] = field(default_factory=lambda: {"templates": "template"})

    # ---- registration ----------------------------------------------------------------------
    def register_game(self, family: str, factory: Callable[..., Game], description: str) -> None:
        self.games[family] = factory
        self.game_descriptions[family] = description

    def register_preset(self, spec: AgentSpec) -> None:
        self.presets[(spec.game, spec.name)] = spec

    # ---- look-ups --------------------------------------------------------------------------
    def game_family(self, name: str) -> str:
        """The registered family for ``name`` (``x`` or a versioned ``x_v0``)."""
        if name in self.games:
            return name
        base = name.rsplit("_v", 1)[0] if "_v" in name else name
        if base in self.games:
            return base
        raise UnknownNameError(_unknown("game", name, list(self.games)))

    def make_game(self, name: str, **options: Any) -> Game:
        """Build game ``name`` with its options.

        Raises:
            UnknownNameError: no such game.
            ValueError: a bad option value, or an option the game does not take (named with the game).
        """
        family = self.game_family(name)
        if unsupported := self.unsupported_options(family, options):
            accepted = ", ".join(self.game_options(family) or []) or "none"
            raise ValueError(f"{family} takes no option {unsupported[0]!r}; its options: {accepted}")
        try:
            return self.games[family](**options)
        except TypeError as err:
            # a factory with **options passes them on; a name nothing takes is the caller's error
            if "unexpected keyword argument" not in str(err):
                raise
            raise ValueError(f"{family} takes no option {str(err).rsplit(' ', 1)[-1]}") from err

    def game_options(self, name: str) -> list[str] | None:
        """The keyword options the factory of game ``name`` takes (None: it passes any on)."""
        parameters = inspect.signature(self.games[self.game_family(name)]).parameters.values()
        if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
            return None
        return [p.name for p in parameters if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]

    def unsupported_options(self, name: str, options: dict[str, Any]) -> list[str]:
        """The names in ``options`` that the factory of game ``name`` does not take."""
        accepted = self.game_options(name)
        return [] if accepted is None else [k for k in options if k not in accepted]

    def preset(self, game: str, name: str) -> AgentSpec:
        family = self.game_family(game)
        if (family, name) not in self.presets:
            names = [n for g, n in self.presets if g == family]
            raise UnknownNameError(_unknown(f"agent preset for {family}", name, names))
        return self.presets[(family, name)]

    def default_preset(self, game: str) -> str:
        """The preset to use when none is named: the game's strongest offline agent."""
        family = self.game_family(game)
        names = self.preset_names(family)
        if not names:
            raise UnknownNameError(
                f"{family} has no agent presets yet; games with agents: {', '.join(sorted(self.default_presets))}"
            )
        return self.default_presets.get(family) or names[0]

    def preset_names(self, game: str, offline: bool = False) -> list[str]:
        """The game's presets; ``offline=True`` keeps only those that need no language model."""
        family = self.game_family(game)
        return [n for g, n in self.presets if g == family and not (offline and self.llm_stages(self.presets[(g, n)]))]

    def llm_stages(self, spec: AgentSpec) -> list[str]:
        """The stages of ``spec`` that run on a language model, as ``kind 'name'``."""
        family = self.game_family(spec.game)
        stages = (("parser", spec.parser), ("renderer", spec.renderer), ("planner", spec.planner))
        return [
            f"{kind} {name!r}"
            for kind, name in stages
            if (kind, family, self.aliases.get(name, name)) in self.llm_components
        ]

    def planner_factory(self, game: str, name: str) -> Callable[..., Any]:
        """The factory of planner ``name`` of ``game`` (its signature lists the planner's options).

        Raises:
            UnknownNameError: no such planner; the message lists the game's planners.
        """
        return self._component(self.planners, "planner", self.game_family(game), name)

    def _component(
        self, table: dict[tuple[str, str], Callable[..., Any]], kind: str, family: str, name: str
    ) -> Callable[..., Any]:
        name = self.aliases.get(name, name)
        if (family, name) not in table:
            names = [n for g, n in table if g == family]
            raise UnknownNameError(_unknown(f"{kind} for {family}", name, names))
        return table[(family, name)]

    def build_agent(self, spec: AgentSpec, llm: LLMConfig | None = None) -> PipelineAgent:
        """Assemble the :class:`PipelineAgent` that ``spec`` describes.

        Args:
            spec: the agent configuration.
            llm: the language model for stages that run on one (default: from the environment).

        Raises:
            UnknownNameError: a stage names an unregistered implementation.
            LLMNotConfiguredError: a stage needs a language model and none is configured.
        """
        family = self.game_family(spec.game)
        options = dict(spec.options)
        client: LLMClient | None = None
        if stages := self.llm_stages(spec):
            config = llm or LLMConfig.from_env()
            config.require(f"the {stages[0]}")
            client = LLMClient(config)

        def build(kind: str, table: dict[tuple[str, str], Callable[..., Any]], name: str) -> Callable[..., Any]:
            factory = self._component(table, kind, family, name)
            if (kind, family, self.aliases.get(name, name)) in self.llm_components:
                return lambda *args, **kwargs: factory(client, *args, **kwargs)
            return factory

        parser = build("parser", self.parsers, spec.parser)()
        renderer = build("renderer", self.renderers, spec.renderer)()
        make_partner = self._component(self.partner_models, "partner model", family, spec.partner)
        make_tracker = self._component(self.trackers, "state tracker", family, spec.tracking)
        make_planner = build("planner", self.planners, spec.planner)
        try:
            planner = make_planner(**options)
        except TypeError as err:
            raise ValueError(f"planner {spec.planner!r} does not take the options {sorted(options)}") from err
        make_store = self.belief_stores[family]

        def make_beliefs(observation: Any) -> Any:
            return make_store(make_partner(), make_tracker(observation))

        return PipelineAgent(spec.name, parser, make_beliefs, planner, renderer, llm=client)


def _unknown(kind: str, name: str, known: list[str]) -> str:
    hint = difflib.get_close_matches(name, known, n=1)
    suggestion = f" (did you mean {hint[0]!r}?)" if hint else ""
    return f"unknown {kind} {name!r}{suggestion}; known: {', '.join(sorted(known)) or 'none'}"


def register_builtins(registry: Registry) -> Registry:
    """Register Accord's own games, modules and presets in ``registry``."""
    from beliefs.traveling_adventurers import (
        AgreementTracker,
        HistoryTracker,
        NullPartnerModel,
        PartnerModel,
        TravelingAdventurersBeliefs,
    )
    from games.traveling_adventurers import TravelingAdventurersGame
    from language.base import NullParser, NullRenderer
    from language.llm import LLMParser, LLMPolicy, LLMRenderer
    from language.structured import StructuredParser, StructuredRenderer
    from language.traveling_adventurers import TravelingAdventurersParser, TravelingAdventurersRenderer
    from language.traveling_adventurers_llm import ACTS, TRAVELING_ADVENTURERS
    from planners.base import NullPlanner
    from planners.traveling_adventurers import GreedyPlanner, IBPPlanner

    ta = "traveling_adventurers"
    registry.register_game(ta, TravelingAdventurersGame, "two-player TSP dialogue game (Jeknić et al. 2025)")
    registry.parsers[(ta, "rules")] = TravelingAdventurersParser
    registry.parsers[(ta, "structured")] = lambda: StructuredParser(acts=ACTS, language=TRAVELING_ADVENTURERS)
    registry.parsers[(ta, "embed")] = _embed_parser
    registry.parsers[(ta, "off")] = NullParser
    registry.parsers[(ta, "llm")] = lambda llm: LLMParser(llm, TRAVELING_ADVENTURERS, TravelingAdventurersParser())
    registry.renderers[(ta, "template")] = TravelingAdventurersRenderer
    registry.renderers[(ta, "structured")] = lambda: StructuredRenderer(acts=ACTS)
    registry.renderers[(ta, "llm")] = lambda llm: LLMRenderer(
        llm, TRAVELING_ADVENTURERS, TravelingAdventurersRenderer()
    )
    registry.renderers[(ta, "off")] = NullRenderer
    registry.partner_models[(ta, "on")] = PartnerModel
    registry.partner_models[(ta, "off")] = NullPartnerModel
    registry.trackers[(ta, "agreement")] = lambda obs: AgreementTracker(start=obs.start)
    registry.trackers[(ta, "history")] = lambda obs: HistoryTracker(start=obs.start)
    registry.belief_stores[ta] = TravelingAdventurersBeliefs
    registry.planners[(ta, "greedy")] = GreedyPlanner
    registry.planners[(ta, "ibp")] = IBPPlanner
    registry.planners[(ta, "llm")] = lambda llm, **options: LLMPolicy(
        llm, TRAVELING_ADVENTURERS, GreedyPlanner(**options)
    )
    registry.planners[(ta, "off")] = NullPlanner
    registry.llm_components |= {("parser", ta, "llm"), ("renderer", ta, "llm"), ("planner", ta, "llm")}
    base = AgentSpec(game=ta)
    registry.register_preset(replace(base, name="baseline", partner="off", tracking="history", planner="greedy"))
    registry.register_preset(replace(base, name="grounding", partner="on", tracking="history", planner="greedy"))
    registry.register_preset(replace(base, name="state-tracking", partner="on", tracking="agreement", planner="greedy"))
    registry.register_preset(replace(base, name="problem-solving", partner="on", tracking="agreement", planner="ibp"))
    registry.default_presets[ta] = "problem-solving"
    # the paper's LLM-centred agents: the model parses, and decides (planner "llm") or only speaks
    llm = replace(base, parser="llm", planner="llm")
    registry.register_preset(replace(llm, name="llm-baseline", partner="off", tracking="history"))
    registry.register_preset(replace(llm, name="llm-grounding", partner="on", tracking="history"))
    registry.register_preset(replace(llm, name="llm-state-tracking", partner="on", tracking="agreement"))
    registry.register_preset(replace(llm, name="llm-problem-solving", planner="ibp", renderer="llm"))
    _register_gnomes_at_night(registry)
    from games.dialop.mediation_game import MediationGame
    from games.dialop.optimization_game import OptimizationGame
    from games.dialop.planning_game import PlanningGame

    registry.register_game(
        "dialop_optimization", OptimizationGame, "DialOp Optimization: assign reviewers to papers (Lin et al.)"
    )
    registry.register_game(
        "dialop_planning", PlanningGame, "DialOp Planning: a 3-site itinerary for a user (Lin et al.)"
    )
    registry.register_game(
        "dialop_mediation", MediationGame, "DialOp Mediation: book flights for two users, one assistant (Lin et al.)"
    )
    from agent import dialop_mediation, dialop_optimization, dialop_planning

    for task in (dialop_optimization, dialop_planning, dialop_mediation):
        task.register(registry)
    _register_dialop_llm_parsers(registry)
    from agent import asympuzl

    asympuzl.register(registry)
    return registry


def _register_dialop_llm_parsers(registry: Registry) -> None:
    """``--parser llm`` for the DialOp games: the task's acts from a language model, the rule parser
    as fallback (prompted self-play reads the human prefixes with it when a model is configured)."""
    from language.dialop_llm import LANGUAGES
    from language.llm import LLMParser

    for family, language in LANGUAGES.items():
        registry.parsers[(family, "llm")] = lambda llm, language=language: LLMParser(
            llm, language, language.rules, response_model=language.response_model
        )
        registry.llm_components.add(("parser", family, "llm"))


def _register_gnomes_at_night(registry: Registry) -> None:
    """Gnomes at Night: the AISMCTS-F agents (comm, mute) and the partner simulators."""
    from beliefs.gnomes_at_night import GnomesBeliefs
    from games.gnomes_at_night import GnomesAtNightGame
    from language.base import NullParser, NullRenderer
    from language.gnomes_at_night import GnomesParser, GnomesRenderer
    from language.gnomes_at_night_llm import GNOMES_AT_NIGHT
    from language.llm import LLMParser, LLMRenderer
    from planners.gnomes_at_night import AISMCTSPlanner, ProxyPlanner

    gn = "gnomes_at_night"
    registry.register_game(gn, GnomesAtNightGame, "two-player shared-control maze game (Chen et al., Gnomes at Night)")
    registry.parsers[(gn, "rules")] = GnomesParser
    registry.parsers[(gn, "llm")] = lambda llm: LLMParser(llm, GNOMES_AT_NIGHT, GnomesParser())
    registry.parsers[(gn, "off")] = NullParser
    registry.renderers[(gn, "template")] = GnomesRenderer
    registry.renderers[(gn, "llm")] = lambda llm: LLMRenderer(llm, GNOMES_AT_NIGHT, GnomesRenderer())
    registry.renderers[(gn, "off")] = NullRenderer
    registry.llm_components |= {("parser", gn, "llm"), ("renderer", gn, "llm")}
    # one store holds the dictionary, the treasure belief and the flags in flight
    registry.partner_models[(gn, "on")] = lambda: None
    registry.trackers[(gn, "dictionary")] = GnomesBeliefs
    registry.belief_stores[gn] = lambda partner, tracker: tracker
    registry.planners[(gn, "aismcts")] = AISMCTSPlanner
    registry.planners[(gn, "proxy")] = ProxyPlanner
    base = AgentSpec(game=gn, tracking="dictionary", planner="aismcts")
    registry.register_preset(replace(base, name="comm"))
    registry.default_presets[gn] = "comm"
    registry.register_preset(replace(base, name="mute", parser="off", renderer="off", options={"communicate": False}))
    # partner simulators standing in for people
    registry.register_preset(replace(base, name="proxy", planner="proxy"))
    registry.register_preset(
        replace(base, name="mute-proxy", planner="proxy", parser="off", renderer="off", options={"communicate": False})
    )


def _embed_parser() -> Any:
    """The rule parser backed by the embedding classifier (the optional ``[embed]`` extra)."""
    from language.embed import BackedParser

    return BackedParser()


_DEFAULT: Registry | None = None


def default_registry() -> Registry:
    """The registry with Accord's built-in components (built once, on first use)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = register_builtins(Registry())
    return _DEFAULT
