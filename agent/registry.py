"""The registry of game kits, and the agents they build.

Each game is one :class:`~agent.kits.base.GameKit`; the registry holds the kits and answers every
question about a game from its kit: the game and its options, the slots and their implementations,
the presets. Ablations are data: an :class:`AgentSpec` names one implementation per slot plus their
options, and :meth:`Registry.build_agent` assembles it.

Registration is explicit: :func:`default_registry` registers the built-in kits
(:data:`agent.kits.BUILTIN_KITS`), the kits other packages declare in the entry-point group
``accord.kits``, and those named in the environment variable ``ACCORD_KITS``
(``module:attribute`` entries separated by commas; it reaches worker processes too). Nothing
registers itself as an import side effect.

Game names are families (``x``); each game's ``facts.game_id`` may carry a rule version (``x_v0``),
and either spelling is accepted.
"""

from __future__ import annotations

import difflib
import functools
import importlib
import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from agent.kits.base import (
    CORE_SLOTS,
    BuildContext,
    GameKit,
    Implementation,
    OptionsError,
    set_values,
    validate_options,
)
from agent.pipeline import PipelineAgent
from games.base import Game
from language.llm_client import LLMClient, LLMConfig

KITS_ENV = "ACCORD_KITS"
ENTRY_POINT_GROUP = "accord.kits"
RETIRED_SPEC_KEYS: Mapping[str, str] = {"partner": "options.beliefs.partner", "tracking": "options.beliefs.tracking"}
"""Agent keys of earlier releases -> where that setting lives now."""


class UnknownNameError(KeyError):
    """A name that is not registered; the message lists what is."""

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class AgentSpec:
    """One agent configuration: the implementation of each slot plus each slot's options.

    Slots the spec does not name take their kit's default; options are per slot
    (``{"planner": {"iterations": 5000}}``).
    """

    game: str
    slots: Mapping[str, str] = field(default_factory=dict)
    options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    name: str = "custom"

    def __post_init__(self) -> None:
        object.__setattr__(self, "slots", dict(self.slots))
        object.__setattr__(self, "options", {k: dict(v) for k, v in self.options.items()})

    def with_slots(self, **slots: str) -> AgentSpec:
        """This spec with some slots set to other implementations."""
        return AgentSpec(self.game, {**self.slots, **slots}, self.options, self.name)

    def with_options(self, slot: str, **options: Any) -> AgentSpec:
        """This spec with options added to (or replacing those of) ``slot``."""
        merged = {**self.options, slot: {**self.options.get(slot, {}), **options}}
        return AgentSpec(self.game, self.slots, merged, self.name)

    def named(self, name: str) -> AgentSpec:
        """This spec under another name."""
        return AgentSpec(self.game, self.slots, self.options, name)

    def to_json(self) -> dict[str, Any]:
        """The spec as JSON-able data (the form sweeps and result stores keep)."""
        return {"game": self.game, "slots": dict(self.slots), "options": dict(self.options), "name": self.name}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> AgentSpec:
        """The spec from :meth:`to_json` output.

        Raises:
            ValueError: a key of an earlier release (named with where it lives now), an unknown key or a
                missing game.
        """
        for old, new in RETIRED_SPEC_KEYS.items():
            if old in data:
                raise ValueError(f"agent key {old!r} is now {new!r}")
        if unknown := [k for k in data if k not in ("game", "slots", "options", "name")]:
            raise ValueError(f"agent key {unknown[0]!r} is not one of game, slots, options, name")
        if "game" not in data:
            raise ValueError("an agent spec needs its game")
        return cls(str(data["game"]), data.get("slots", {}), data.get("options", {}), str(data.get("name", "custom")))

    def describe(self) -> str:
        """The slots and options in one line (``parser=rules planner=ibp(iterations=5)``)."""
        parts = []
        for slot in sorted({*self.slots, *self.options}):
            options = self.options.get(slot, {})
            extra = "(" + ", ".join(f"{k}={v}" for k, v in options.items()) + ")" if options else ""
            parts.append(f"{slot}={self.slots.get(slot, 'default')}{extra}")
        return " ".join(parts)


@dataclass
class Registry:
    """The game kits, by family name. A kit registered with a loader (:meth:`register_loader`) is
    built when it is first needed: a command about one game imports only that game's modules."""

    _entries: dict[str, GameKit | Callable[[], GameKit]] = field(default_factory=dict, init=False, repr=False)

    # ---- registration ----------------------------------------------------------------------
    def register_kit(self, kit: GameKit) -> None:
        """Add ``kit``.

        Raises:
            ValueError: a kit of that name is already registered.
        """
        self._add(kit.name, kit)

    def register_loader(self, name: str, load: Callable[[], GameKit]) -> None:
        """Add the kit ``load()`` builds, named ``name``; it is built on first use.

        Raises:
            ValueError: a kit of that name is already registered (now), or the kit ``load()``
                builds has another name (on first use).
        """
        self._add(name, load)

    def _add(self, name: str, entry: GameKit | Callable[[], GameKit]) -> None:
        if name in self._entries:
            raise ValueError(f"a game kit named {name!r} is already registered")
        self._entries[name] = entry

    def _built(self, name: str) -> GameKit:
        entry = self._entries[name]
        if isinstance(entry, GameKit):
            return entry
        kit = entry()
        if kit.name != name:
            raise ValueError(f"the game kit registered as {name!r} is named {kit.name!r}")
        self._entries[name] = kit
        return kit

    # ---- look-ups --------------------------------------------------------------------------
    @property
    def kits(self) -> dict[str, GameKit]:
        """Every kit, by family name, in registration order (those not built yet are built)."""
        return {name: self._built(name) for name in list(self._entries)}

    @property
    def games(self) -> list[str]:
        """The registered game families, in registration order."""
        return list(self._entries)

    def __iter__(self) -> Iterator[GameKit]:
        return iter(self.kits.values())

    def game_family(self, name: str) -> str:
        """The registered family for ``name`` (``x`` or a versioned ``x_v0``)."""
        if name in self._entries:
            return name
        base = name.rsplit("_v", 1)[0] if "_v" in name else name
        if base in self._entries:
            return base
        raise UnknownNameError(_unknown("game", name, list(self._entries)))

    def kit(self, name: str) -> GameKit:
        """The kit of game ``name``."""
        return self._built(self.game_family(name))

    def make_game(self, name: str, **options: Any) -> Game:
        """Build game ``name`` with its options.

        Raises:
            UnknownNameError: no such game.
            ValueError: a bad option value, or an option the game does not take (named with the game).
        """
        kit = self.kit(name)
        return kit.make_game(**set_values(validate_options(kit.game_options, options, kit.name)))

    def load(self, spec: str, options: Mapping[str, Any] | None = None) -> tuple[GameKit, Game]:
        """The kit and the game a game spec names (``"name(size=8)"``,
        :mod:`agent.game_spec`), with ``options`` added to the spec's.

        Raises:
            GameSpecError: a malformed spec, or an option given both in it and in ``options``.
            UnknownNameError: no such game.
            OptionsError: an option the game does not take or a value of the wrong type (one line).
            ValueError: a value the game refuses (one line).
        """
        from agent.game_spec import parse_game_spec

        parsed = parse_game_spec(spec)
        merged = parsed.merged(options or {})
        return self.kit(parsed.name), self.make_game(parsed.name, **merged)

    def load_game(self, spec: str, **options: Any) -> Game:
        """The game a game spec names, as OpenSpiel's ``load_game("name(players=3)")`` (see :meth:`load`)."""
        return self.load(spec, options)[1]

    def game_options(self, name: str) -> list[str]:
        """The options game ``name`` takes."""
        return list(self.kit(name).game_options.model_fields)

    def preset(self, game: str, name: str) -> AgentSpec:
        """The agent preset ``name`` of ``game`` as a spec.

        Raises:
            UnknownNameError: no such preset; the message lists the game's presets.
        """
        kit = self.kit(game)
        for preset in kit.presets:
            if preset.name == name:
                return AgentSpec(kit.name, preset.slots, preset.options, preset.name)
        raise UnknownNameError(_unknown(f"agent preset for {kit.name}", name, [p.name for p in kit.presets]))

    def default_preset(self, game: str) -> str:
        """The preset to use when none is named: the game's strongest offline agent."""
        kit = self.kit(game)
        return kit.default_preset or kit.presets[0].name

    def preset_names(self, game: str, offline: bool = False) -> list[str]:
        """The game's presets; ``offline=True`` keeps only those that need no language model."""
        kit = self.kit(game)
        return [p.name for p in kit.presets if not (offline and self.llm_stages(self.preset(kit.name, p.name)))]

    def resolve(self, spec: AgentSpec) -> dict[str, str]:
        """The implementation name of every slot of ``spec``'s kit (defaults filled, aliases read).

        Raises:
            UnknownNameError: an unknown slot or implementation; the message lists the valid ones.
        """
        kit = self.kit(spec.game)
        for slot in [*spec.slots, *spec.options]:
            if slot not in kit.slots:
                raise UnknownNameError(_unknown(f"slot of {kit.name}", slot, list(kit.slots)))
        chosen = {}
        for slot, declared in kit.slots.items():
            name = spec.slots.get(slot, declared.default)
            name = kit.aliases.get(name, name)
            if name not in declared.implementations:
                raise UnknownNameError(_unknown(f"{slot} for {kit.name}", name, list(declared.implementations)))
            chosen[slot] = name
        return chosen

    def implementation(self, game: str, slot: str, name: str) -> Implementation:
        """Implementation ``name`` of ``slot`` in ``game``'s kit.

        Raises:
            UnknownNameError: no such slot or implementation.
        """
        kit = self.kit(game)
        if slot not in kit.slots:
            raise UnknownNameError(_unknown(f"slot of {kit.name}", slot, list(kit.slots)))
        name = kit.aliases.get(name, name)
        implementations = kit.slots[slot].implementations
        if name not in implementations:
            raise UnknownNameError(_unknown(f"{slot} for {kit.name}", name, list(implementations)))
        return implementations[name]

    def oracle(self) -> Any:
        """The scripted server's rule oracle, speaking the language of every kit that declares one."""
        from agent.kits.base import act_decoder
        from language.scripted_server import OracleModule, RuleOracle

        return RuleOracle(
            {
                kit.name: OracleModule(
                    kit.oracle.parser(), kit.oracle.renderer(), kit.oracle.context, act_decoder(kit.acts)
                )
                for kit in self
                if kit.oracle is not None
            },
            [kit.oracle.text for kit in self if kit.oracle is not None and kit.oracle.text is not None],
        )

    def llm_stages(self, spec: AgentSpec) -> list[str]:
        """The slots of ``spec`` that run on a language model, as ``slot 'name'``."""
        return [
            f"{slot} {name!r}"
            for slot, name in self.resolve(spec).items()
            if self.implementation(spec.game, slot, name).needs_llm
        ]

    def check_options(self, spec: AgentSpec) -> None:
        """Validate every slot's options of ``spec``.

        Raises:
            OptionsError: an option the implementation does not take, or a value of the wrong type.
        """
        for slot, name in self.resolve(spec).items():
            impl = self.implementation(spec.game, slot, name)
            validate_options(impl.options, spec.options.get(slot, {}), f"{slot} {name!r}")

    def build_agent(self, spec: AgentSpec, llm: LLMConfig | None = None) -> PipelineAgent:
        """Assemble the :class:`PipelineAgent` that ``spec`` describes.

        Args:
            spec: the agent configuration.
            llm: the language model for slots that run on one (default: from the environment).

        Raises:
            UnknownNameError: a slot names an unregistered implementation.
            OptionsError: a slot's options do not validate.
            LLMNotConfiguredError: a slot needs a language model and none is configured.
        """
        kit = self.kit(spec.game)
        chosen = self.resolve(spec)
        client: LLMClient | None = None
        if stages := self.llm_stages(spec):
            config = llm or LLMConfig.from_env()
            config.require(f"the {stages[0]}")
            client = LLMClient(config)
        parts: dict[str, Any] = {}
        for slot, name in chosen.items():
            impl = self.implementation(kit.name, slot, name)
            options = validate_options(impl.options, spec.options.get(slot, {}), f"{slot} {name!r}")
            parts[slot] = impl.factory(BuildContext(options, client if impl.needs_llm else None, chosen))
        extra = {k: v for k, v in parts.items() if k not in CORE_SLOTS}
        return PipelineAgent(
            spec.name,
            parts["parser"],
            parts["beliefs"],
            parts["planner"],
            parts["renderer"],
            llm=client,
            turn_checks=tuple(kit.turn_checks),
            modules=extra,
        )


def _unknown(kind: str, name: str, known: list[str]) -> str:
    hint = difflib.get_close_matches(name, known, n=1)
    suggestion = f" (did you mean {hint[0]!r}?)" if hint else ""
    return f"unknown {kind} {name!r}{suggestion}; known: {', '.join(sorted(known)) or 'none'}"


def load_kit(reference: str) -> GameKit:
    """The kit ``module:attribute`` names (the attribute may be a kit or a function returning one).

    Raises:
        ValueError: the reference does not name a game kit (one line).
    """
    module_name, _, attribute = reference.partition(":")
    if not module_name or not attribute:
        raise ValueError(f"a game kit reference is module:attribute, not {reference!r}")
    try:
        value = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as err:
        raise ValueError(f"cannot load game kit {reference!r}: {err}") from None
    try:
        kit = value() if callable(value) and not isinstance(value, GameKit) else value
    except Exception as err:  # a foreign callable: whatever it raises, the reference is wrong
        raise ValueError(f"{reference!r} is not a game kit: {type(err).__name__}: {err}") from None
    if not isinstance(kit, GameKit):
        raise ValueError(f"{reference!r} is not a game kit (a {type(kit).__name__})")
    return kit


def external_kits() -> list[GameKit]:
    """The kits of the ``accord.kits`` entry points and of ``ACCORD_KITS``."""
    from importlib.metadata import entry_points

    references = [f"{ep.module}:{ep.attr}" for ep in entry_points(group=ENTRY_POINT_GROUP)]
    references += [r.strip() for r in os.environ.get(KITS_ENV, "").split(",") if r.strip()]
    return [load_kit(r) for r in dict.fromkeys(references)]


def register_builtins(registry: Registry) -> Registry:
    """Register Accord's own game kits in ``registry``, each built on first use."""
    from agent.kits import BUILTIN_KITS, builtin_kit

    for module in BUILTIN_KITS:
        registry.register_loader(module.rpartition(".")[2], functools.partial(builtin_kit, module))
    return registry


_DEFAULT: Registry | None = None


def default_registry() -> Registry:
    """The registry with Accord's built-in kits and the external ones (built once, on first use)."""
    global _DEFAULT
    if _DEFAULT is None:
        registry = register_builtins(Registry())
        for kit in external_kits():
            registry.register_kit(kit)
        _DEFAULT = registry
    return _DEFAULT


__all__ = ["AgentSpec", "OptionsError", "Registry", "UnknownNameError", "default_registry", "load_kit"]
