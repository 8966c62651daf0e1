"""The game kit: everything Accord knows about one game, declared as data in one place.

A :class:`GameKit` names its game and how to build it (a factory and its typed options), the agent
*slots* the game's agents are made of (``parser``, ``beliefs``, ``planner``, ``renderer`` at least;
a kit may declare more) with the implementations each slot offers, the agent presets, the metrics
schema, the language the scripted LLM oracle speaks for it, its terminal play, the view model of one
seat, the context ``accord parse`` reads a message in, last checks on every turn an agent sends,
its paper sweeps, and the commands it adds to the ``accord`` command line (:class:`KitCommand`). Shared code (registry, arena, CLI, results, sweeps, terminal, scripted
server) iterates over kits and never names a game.

A component's options are a pydantic model; :func:`options_model` derives it from the factory's
signature, so a planner class with keyword parameters needs no separate declaration.
"""

from __future__ import annotations

import functools
import inspect
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, create_model

if TYPE_CHECKING:
    from rich.console import Console

    from games.base import Game, GameMetrics, State, Turn
    from language.acts import Intent
    from language.llm_client import LLMClient

CORE_SLOTS: tuple[str, ...] = ("parser", "beliefs", "planner", "renderer")
"""The slots every kit declares (a kit may add more, e.g. ``tom`` or ``verifier``)."""


class OptionsError(ValueError):
    """Options a component or game does not take, or values of the wrong type (one line)."""


class NoOptions(BaseModel):
    """The options model of a component that takes none."""

    model_config = ConfigDict(extra="forbid")


def options_model(name: str, *factories: Callable[..., Any]) -> type[BaseModel]:
    """A pydantic model of the keyword parameters of ``factories`` (merged, first wins).

    Parameters without an annotation accept any value; ``self``, ``llm`` and ``*args`` / ``**kwargs``
    are left out. The model forbids names no factory takes.
    """
    fields: dict[str, Any] = {}
    for factory in factories:
        target = factory.__init__ if inspect.isclass(factory) else factory
        try:
            parameters = inspect.signature(target).parameters
        except (TypeError, ValueError):
            continue
        try:
            hints = typing.get_type_hints(target)
        except Exception:  # unresolvable annotations: names are still checked, types are not
            hints = {}
        for pname, parameter in parameters.items():
            if pname in ("self", "llm", "ctx") or parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
                continue
            if pname in fields or parameter.default is inspect.Parameter.empty:
                continue
            fields[pname] = (hints.get(pname, Any), parameter.default)
    return create_model(name, __config__=ConfigDict(extra="forbid", arbitrary_types_allowed=True), **fields)


def validate_options(model: type[BaseModel], options: Mapping[str, Any], what: str) -> BaseModel:
    """``options`` validated by ``model``.

    Raises:
        OptionsError: an unknown name (the message lists the valid ones) or a value of the wrong type.
    """
    try:
        return model.model_validate(dict(options))
    except ValidationError as err:
        problem = err.errors()[0]
        name = ".".join(str(p) for p in problem["loc"]) or "?"
        if problem["type"] == "extra_forbidden":
            valid = ", ".join(model.model_fields) or "none"
            raise OptionsError(f"{what} takes no option {name!r}; valid: {valid}") from None
        top = str(problem["loc"][0]) if problem["loc"] else ""
        annotation = model.model_fields[top].annotation if top in model.model_fields else None
        expected = getattr(annotation, "__name__", None) or str(annotation).replace("typing.", "")
        raise OptionsError(
            f"{what} option {name} expects {expected}, not {problem.get('input')!r} ({problem['msg'].lower()})"
        ) from None


def set_values(options: BaseModel) -> dict[str, Any]:
    """The values given to ``options`` (validated; the defaults left out)."""
    return {name: getattr(options, name) for name in options.model_fields_set}


@dataclass(frozen=True)
class BuildContext:
    """What a component factory gets: its validated options, the language-model client (for
    components that run on one) and the names chosen for every slot of the agent."""

    options: BaseModel
    llm: LLMClient | None = None
    slots: Mapping[str, str] = field(default_factory=dict)

    def kwargs(self) -> dict[str, Any]:
        """The options as keyword arguments (only those set, so factory defaults stay in force)."""
        return set_values(self.options)


@dataclass(frozen=True)
class Implementation:
    """One implementation of a slot: how to build it, what it is, and what options it takes."""

    factory: Callable[[BuildContext], Any]
    description: str
    options: type[BaseModel] = NoOptions
    needs_llm: bool = False


def from_factory(
    factory: Callable[..., Any], description: str, *option_sources: Callable[..., Any], needs_llm: bool = False
) -> Implementation:
    """An implementation that calls ``factory(**options)`` (``factory(llm, **options)`` when it
    ``needs_llm``); its options model comes from the signatures of ``option_sources`` (default:
    ``factory`` itself)."""
    model = options_model(f"{getattr(factory, '__name__', 'Component')}Options", *(option_sources or (factory,)))

    def build(ctx: BuildContext) -> Any:
        return factory(ctx.llm, **ctx.kwargs()) if needs_llm else factory(**ctx.kwargs())

    return Implementation(build, description, model, needs_llm)


def noisy_renderer(build: Callable[[Any], Any]) -> Implementation:
    """The ``noisy`` renderer implementation of a kit: ``build(options)`` wraps the kit's templates
    in :class:`language.noise.NoisyRenderer` with its options (:class:`language.noise.NoiseOptions`)."""
    from language.noise import NoiseOptions

    return Implementation(
        lambda ctx: build(ctx.options),
        "the templates with seeded noise: typos, casual, paraphrase, correction, reference (options level, kinds)",
        NoiseOptions,
    )


def switched_off(slot: str) -> Implementation:
    """The ``off`` implementation of a core slot: its explicit null object."""
    from language.base import NullParser, NullRenderer
    from planners.base import NullPlanner

    nulls = {
        "parser": (NullParser, "hears nothing"),
        "renderer": (NullRenderer, "says nothing"),
        "planner": (NullPlanner, "decides nothing"),
    }
    factory, description = nulls[slot]
    return from_factory(factory, description)


def on_a_model(
    kind: type, language: Any, fallback: Callable[[], Any], description: str, **options: Any
) -> Implementation:
    """An implementation that runs on a language model: ``kind(llm, language, fallback(), **options)``
    (an LLM parser with the rule parser as fallback, an LLM renderer with the templates ...)."""
    return from_factory(lambda llm: kind(llm, language, fallback(), **options), description, needs_llm=True)


@dataclass(frozen=True)
class Slot:
    """A place in an agent that one of several implementations fills."""

    description: str
    implementations: Mapping[str, Implementation]
    default: str


@dataclass(frozen=True)
class Preset:
    """A named agent: the implementation of each slot it differs in, and their options."""

    name: str
    description: str
    slots: Mapping[str, str] = field(default_factory=dict)
    options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)


class TerminalView(typing.Protocol):
    """Terminal play of one game: how the person's side is shown and read."""

    def intro(self, console: Console, observation: Any, game_id: str, agent: str) -> None:
        """Show the person's side at the start."""

    def read_turn(self, console: Console, observation: Any) -> Turn | None:
        """Prompt until the person gives a usable turn; None means quit."""

    def show_partner(self, console: Console, turn: Turn, state: State, human: int) -> None:
        """Show the agent's turn."""

    def summary(self, console: Console, metrics: Any) -> None:
        """Show the outcome."""


@dataclass(frozen=True)
class OracleLanguage:
    """What the scripted LLM oracle answers with for this game: a rule parser, a template renderer
    and the context model of the game's prompts (the acts are the kit's), and for a game whose
    prompts are free text (no JSON input block) a ``text`` answerer: chat messages -> the answer,
    or None when the prompt is not the game's."""

    parser: Callable[[], Any]
    renderer: Callable[[], Any]
    context: type[BaseModel]
    text: Callable[[list[dict[str, str]]], str | None] | None = None


def act_decoder(acts: Any) -> Callable[[Any], list[Any]]:
    """A function that validates a JSON list into acts of the union ``acts`` (discriminated by
    each act's ``act`` field); it raises ``pydantic.ValidationError`` on anything else."""
    union = typing.get_origin(acts) in (typing.Union, types.UnionType)
    item = Annotated[acts, Field(discriminator="act")] if union else acts
    adapter: TypeAdapter[list[Any]] = TypeAdapter(list[item])  # type: ignore[valid-type]
    return adapter.validate_python


@dataclass(frozen=True)
class KitCommand:
    """A command a kit adds to the ``accord`` command line, mounted by the CLI with every
    registered kit's commands (kits that declare the same command share it: it is mounted once).

    Attributes:
        group: the command group it joins, a kit's own (``accord GROUP NAME``) or a built-in one
            such as ``bench``.
        name: the command's name in the group.
        callback: the typer callback: its parameters are the command's options and its docstring
            the help. It imports what it runs inside its body, so listing the commands stays cheap.
        group_help: the group's help line, when the group is not built in (the first kit's wins).
    """

    group: str
    name: str
    callback: Callable[..., Any]
    group_help: str = ""


class Menu(Sequence[tuple[Any, ...]]):
    """An ordered menu of formal-action tuples (:class:`EnvCodec`), made of blocks whose entries are
    built when asked, so a menu of tens of thousands of proposals costs nothing until one is played.

    Args:
        blocks: ``(count, entry)`` pairs: the block's length and ``index in the block -> actions``.
    """

    def __init__(self, *blocks: tuple[int, Callable[[int], tuple[Any, ...]]]) -> None:
        self._blocks = [(int(count), entry) for count, entry in blocks if count > 0]
        self._positions: dict[str, int] | None = None

    @classmethod
    def of(cls, entries: Sequence[tuple[Any, ...]]) -> Menu:
        """A menu of the given entries."""
        items = list(entries)
        return cls((len(items), items.__getitem__))

    def __len__(self) -> int:
        return sum(count for count, _ in self._blocks)

    @typing.overload
    def __getitem__(self, index: int) -> tuple[Any, ...]: ...

    @typing.overload
    def __getitem__(self, index: slice) -> Sequence[tuple[Any, ...]]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if not 0 <= index < len(self):
            raise IndexError(f"menu index {index} is outside 0..{len(self) - 1}")
        for count, entry in self._blocks:
            if index < count:
                return entry(index)
            index -= count
        raise AssertionError("unreachable")

    def position(self, actions: tuple[Any, ...]) -> int:
        """The index of ``actions`` in the menu (the inverse of indexing).

        Raises:
            ValueError: the menu does not offer ``actions``.
        """
        if self._positions is None:  # keyed by repr: formal actions may hold lists (unhashable)
            self._positions = {repr(entry): i for i, entry in enumerate(self)}
        try:
            return self._positions[repr(tuple(actions))]
        except KeyError:
            raise ValueError(f"the menu does not offer {tuple(actions)!r}") from None


@dataclass(frozen=True)
class EnvCodec:
    """How a game's turns map to a reinforcement-learning interface (:mod:`agent.env`, PettingZoo).

    The formal actions a learner picks from are a fixed, ordered *menu*: index ``i`` of a
    ``Discrete(len(menu))`` space is the turn whose formal actions are ``menu[i]`` (``()`` is a
    message-only turn). The menu is built from an episode's initial state (it may name the episode's
    rooms or sites) and has the same length for every seed of a game. A game whose formal actions
    are combinatorial offers an enumerable part of them and says so in its kit; any Accord turn can
    still be sent whole.

    Attributes:
        menu: ``initial state -> Menu``, the Discrete space's entries in order (:class:`Menu`).
        features: ``observation -> numbers``, the numeric part of a seat's observation (read from the
            seat's own observation, so it holds nothing the seat does not see); the same length at
            every state of a game.
        bounds: ``game -> (low, high)``, bounds of every feature.
        legal: ``(state, player, menu) -> indices`` of the legal entries, a fast equivalent of asking
            the state which entries it would refuse (the default); the kit's tests check they agree.
        limits: what the menu leaves out, one line (shown by ``to_pettingzoo``'s docstring and tests).
    """

    menu: Callable[[State], Menu]
    features: Callable[[Any], Sequence[float]]
    bounds: Callable[[Game], tuple[float, float]]
    legal: Callable[[State, int, Menu], Sequence[int]] | None = None
    limits: str = ""


def env_module(module: str, function: str = "codec") -> Callable[[], EnvCodec]:
    """A kit's ``env``: imports ``module`` when asked and returns what its ``function()`` builds."""

    def build() -> EnvCodec:
        import importlib

        codec: EnvCodec = getattr(importlib.import_module(module), function)()
        return codec

    return build


@dataclass(frozen=True)
class BenchProbe:
    """One row of ``accord bench hot``: a hot path timed by a standalone script.

    The script defines ``measure(quick: bool, **params) -> dict`` and is run by path in a fresh
    interpreter whose ``PYTHONPATH`` is the checkout under test, so one script times the current
    checkout and an older one (``--before``) back to back; it may only use APIs both have. The
    dict holds ``value`` (float), ``unit``, ``better`` ("lower" or "higher") and optionally
    ``reference`` and ``reference_name`` (a baseline timed in the same process) and ``detail``.

    Attributes:
        name: the row's label.
        script: the probe script's path.
        params: keyword arguments of ``measure``.
        target: the target in words ("" when the row is only reported).
        min_speedup: the target speed-up over ``--before`` (after vs before, any direction).
        max_value: the target upper bound of ``value`` (for "lower" rows).
        min_value: the target lower bound of ``value`` (for "higher" rows).
        min_reference_ratio: the target speed-up over the reference.
    """

    name: str
    script: Path
    params: Mapping[str, Any] = field(default_factory=dict)
    target: str = ""
    min_speedup: float | None = None
    max_value: float | None = None
    min_value: float | None = None
    min_reference_ratio: float | None = None


def _every_seat(view: BaseModel) -> bool:
    return True


@dataclass(frozen=True)
class SeatTool:
    """A tool the person in a seat may use on their own view in the browser, such as a search of
    the seat's own database. ``accord serve`` runs it on the server and answers only that seat.

    Attributes:
        name: the tool's name in the frames (``{"type": "tool", "tool": NAME, "query": ...}``).
        description: one line for the page (what the tool does, how a query looks).
        run: ``(view, query) -> result``: answers ``query`` from ``view``, the seat's own view
            (:meth:`GameKit.observation_view`) and nothing else, so the answer cannot hold another
            seat's data; the result is JSON-able. A query it cannot answer raises a one-line
            ValueError, which the page shows.
        offered: whether the seat whose view this is has the tool (default: every seat).
        example: a query to show as the input's placeholder.
    """

    name: str
    description: str
    run: Callable[[Any, str], Any]
    offered: Callable[[Any], bool] = _every_seat
    example: str = ""


@dataclass(frozen=True)
class GameKit:
    """Everything Accord knows about one game (see the module docstring).

    Attributes:
        name: the game family (``x``; the game's ``facts.game_id`` may carry a version, ``x_v0``).
        description: one line for ``accord games``.
        make_game: the game factory; its keyword parameters are the game's options.
        acts: the union of the game's act types (what its parsers produce and its renderers say).
        slots: slot name -> :class:`Slot`; :data:`CORE_SLOTS` at least.
        presets: the agent presets, the strongest offline one first unless ``default_preset`` says.
        default_preset: the preset commands use when none is named.
        metrics: the game's metrics model (its fields declare their kinds), if typed.
        summary_metrics: the metrics tables show by default (default: every declared one).
        oracle: the language the scripted LLM oracle speaks for this game, if any.
        terminal: builds the terminal play of one side, if the game can be played in a terminal.
        view: one seat's view of a state as JSON-able data (default: its observation).
        parse_context: the context ``accord parse`` reads a message in: ``(game, agent, options)``
            -> context (default: the context seat ``reader`` has at the start of game ``seed``).
        parse_options: the names of the options ``parse_context`` takes.
        show_acts: the JSON ``accord parse`` prints for parsed acts (default: the list of acts).
        parse_facts: cuts acts read in a context into the facts ``accord eval parse`` scores
            (default: one fact per act, :func:`agent.parse_eval.default_facts`).
        parse_sets: the kit's labelled evaluation sets of messages, name -> path (JSON Lines).
        turn_checks: applied, in order, to every intent an agent of this game decides.
        sweeps: the kit's sweep files, name -> path.
        paper: the sweeps ``accord ablate --game NAME`` runs, in order (the paper's tables).
        aliases: retired or alternative implementation names -> registered name.
        commands: the commands the kit adds to the command line (:class:`KitCommand`).
        bench: the kit's hot paths timed by ``accord bench hot`` (:class:`BenchProbe`).
        actions: the game's formal action types (a pydantic model or a union of them): what a
            turn's ``actions`` hold; a turn sent as JSON is read with :meth:`decode_actions`.
        web: the folder of the kit's browser widget (``widget.js``, optional css), served at
            ``/kits/NAME/`` by ``accord serve``; None when the game has no page.
        tools: the tools a person may use on their own view in the browser (:class:`SeatTool`).
        env: builds the game's action menu and observation features for :mod:`agent.env`.
    """

    name: str
    description: str
    make_game: Callable[..., Game]
    acts: Any
    slots: Mapping[str, Slot]
    presets: Sequence[Preset]
    default_preset: str = ""
    metrics: type[GameMetrics] | None = None
    summary_metrics: Sequence[str] = ()
    oracle: OracleLanguage | None = None
    terminal: Callable[[], TerminalView] | None = None
    view: Callable[[State, int], BaseModel] | None = None
    parse_context: Callable[[Game, Any, Mapping[str, str]], Any] | None = None
    parse_options: Sequence[str] = ("reader", "seed")
    show_acts: Callable[[list[Any]], Any] | None = None
    parse_facts: Callable[[Sequence[Any], Any], list[tuple[Any, ...]]] | None = None
    parse_sets: Mapping[str, Path] = field(default_factory=dict)
    turn_checks: Sequence[Callable[[Intent, Any], Intent]] = ()
    sweeps: Mapping[str, Path] = field(default_factory=dict)
    paper: Sequence[str] = ("paper",)
    aliases: Mapping[str, str] = field(default_factory=dict)
    commands: Sequence[KitCommand] = ()
    bench: Sequence[BenchProbe] = ()
    actions: Any = None
    web: Path | None = None
    """The folder of the kit's browser widget (``widget.js``), served at ``/kits/NAME/``."""
    tools: Sequence[SeatTool] = ()
    env: Callable[[], EnvCodec] | None = None
    """Builds the game's :class:`EnvCodec` (imported when asked, so listing kits stays cheap)."""

    def __post_init__(self) -> None:
        missing = [s for s in CORE_SLOTS if s not in self.slots]
        if missing:
            raise ValueError(f"game kit {self.name!r} declares no {missing[0]!r} slot; every kit has {CORE_SLOTS}")
        for name, slot in self.slots.items():
            if slot.default not in slot.implementations:
                raise ValueError(f"game kit {self.name!r}: slot {name!r} defaults to unknown {slot.default!r}")
        names = [p.name for p in self.presets]
        if not names:
            raise ValueError(f"game kit {self.name!r} has no agent preset")
        if len(set(names)) != len(names):
            raise ValueError(f"game kit {self.name!r} names a preset twice")
        if self.default_preset and self.default_preset not in names:
            raise ValueError(f"game kit {self.name!r}: default preset {self.default_preset!r} is not a preset")
        for preset in self.presets:
            for slot_name, impl in preset.slots.items():
                if slot_name not in self.slots or impl not in self.slots[slot_name].implementations:
                    raise ValueError(f"game kit {self.name!r}: preset {preset.name!r} names {slot_name}={impl!r}")
        tools = [t.name for t in self.tools]
        if len(set(tools)) != len(tools):
            raise ValueError(f"game kit {self.name!r} declares a tool twice")
        commands = [(c.group, c.name) for c in self.commands]
        if len(set(commands)) != len(commands):
            raise ValueError(f"game kit {self.name!r} declares a command twice")

    @functools.cached_property
    def game_options(self) -> type[BaseModel]:
        """The typed options model of the game (from the factory's keyword parameters; built once)."""
        return options_model(f"{self.name}_options", self.make_game)

    def observation_view(self, state: State, seat: int) -> BaseModel:
        """What seat ``seat`` sees of ``state``, as JSON-able data (the web page draws it)."""
        return self.view(state, seat) if self.view is not None else state.observation(seat)

    def tools_for(self, view: BaseModel) -> list[SeatTool]:
        """The tools the person whose view ``view`` is may use (:class:`SeatTool`)."""
        return [tool for tool in self.tools if tool.offered(view)]

    @functools.cached_property
    def _action_adapter(self) -> TypeAdapter[list[Any]]:
        return TypeAdapter(list[self.actions])  # type: ignore[name-defined]

    def decode_actions(self, data: Any) -> list[Any]:
        """A turn's formal actions from JSON data (a list of action objects).

        Raises:
            pydantic.ValidationError: the data is not a list of this game's actions.
            ValueError: the kit declares no formal actions and ``data`` is not empty.
        """
        if self.actions is None:
            if data in ([], None):
                return []
            raise ValueError(f"game {self.name!r} takes no formal actions")
        return self._action_adapter.validate_python(data)

    def metric_names(self) -> list[str]:
        """The metrics tables show by default, in order."""
        if self.summary_metrics:
            return list(self.summary_metrics)
        return list(self.metrics.kinds()) if self.metrics is not None else []


def kit_data(package: str, *parts: str) -> Path:
    """The path of a data file shipped inside a kit package (e.g. its sweep files)."""
    import importlib.resources

    return Path(str(importlib.resources.files(package).joinpath(*parts)))
