"""Ablation sweeps as data: the sweep file (TOML), its expansion into games, and one game's run.

A sweep file names a game and the agents as *grids*: every key whose value is a list is an axis,
every cell of the cartesian product of the axes (minus the ``exclude`` rules) is played on the same
seeds. Example::

    name = "ta-modules"
    seeds = 4                      # paper_seeds layout: seeds x games, game i of seed s = s*1000 + i
    games = 25
    exclude = [{ parser = "off", options = { beliefs = { partner = "on" } } }]   # a cell matching every key of a rule is dropped

    [game]
    name = "my_game"               # a registered game (``accord games`` lists them)
    rooms = [6, 8, 10]             # a game option: scalar = fixed, list = axis

    [agents]
    preset = "problem-solving"     # the base spec (default: the game's strongest preset)
    parser = ["rules", "off"]      # slot overrides: any slot the game's kit declares
    planner = ["greedy", "ibp"]
    options.planner.iterations = [1000, 5000]   # a slot's options (axis ``planner.iterations``)
    options.beliefs.partner = ["on", "off"]
    opponent = "proxy"             # the other seats' preset (alias partner_preset; default self-play)

A value that is itself a list is given as a one-element list of it (``scale_range = [[1.0, 10.0]]``).
Optional keys: ``first_seed`` (default 0), ``description``, ``metrics`` (the metrics the tables show),
``[[paper]]`` tables (a paper's figures for some cells, shown beside the run's: :mod:`agent.references`).

Limits, checked before anything is expanded: the name is an identifier (it names the result store's
directory), an axis lists each value once, the grid has at most :data:`MAX_CELLS` cells (the product
of the axis lengths), a sweep plays at most :data:`MAX_GAMES` games (cells x seeds x games), and
``games`` is at most 1000 when ``seeds`` > 1 (the seeds of two seeds would overlap).

Every game of a sweep is a :class:`GameSpec`, a frozen JSON-able value with a stable ``key``, and
:func:`run_game` plays it as a pure function of its JSON: the same spec gives the same result row
(timings aside) in any process of any back end.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import re
import time
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from agent.arena import paper_seeds, play_game
from agent.kits.base import OptionsError
from agent.limits import MAX_GAMES, check_seed_layout
from agent.references import PaperFigure, ReferenceError, parse_paper
from agent.registry import AgentSpec, Registry, default_registry

AGENT_KEYS: tuple[str, ...] = ("preset", "opponent", "partner_preset", "options")
"""The [agents] keys besides the slots of the game's kit."""
RETIRED_AGENT_KEYS: dict[str, str] = {"partner": "options.beliefs.partner", "tracking": "options.beliefs.tracking"}
"""[agents] keys of earlier releases -> the key that sets the same thing now."""
TOP_KEYS: tuple[str, ...] = (
    "name",
    "description",
    "seeds",
    "games",
    "first_seed",
    "metrics",
    "exclude",
    "paper",
    "game",
    "agents",
)
# the LLMConfig settings a spec carries (never the key: it comes from the environment)
LLM_SETTINGS: tuple[str, ...] = (
    "model",
    "base_url",
    "mode",
    "temperature",
    "max_tokens",
    "timeout",
    "max_reasks",
    "cache_dir",
)
MAX_CELLS = 10_000  # cells of one grid (the product of its axis lengths)
NAME_PATTERN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]{0,99}")


class SweepError(ValueError):
    """A sweep file that cannot run; the message is one line and lists the valid choices."""


def canonical_json(data: Any) -> str:
    """The canonical JSON text of ``data`` (sorted keys, no spaces): the input of every digest."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)


def digest(data: Any) -> str:
    """The sha256 hex digest of ``data``'s canonical JSON."""
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()


@dataclass(frozen=True)
class GameSpec:
    """One game of a sweep: everything :func:`run_game` needs, and the cell it belongs to.

    Attributes:
        game: the game family.
        game_options: the game's constructor options.
        agents: one :class:`~agent.registry.AgentSpec` (as a dict) per seat.
        seed: the game seed.
        label: the cell's label (not part of the key).
        params: the cell's parameters, axis name -> value.
        llm: the language-model settings when a seat runs on a model (``None`` otherwise).
    """

    game: str
    game_options: dict[str, Any]
    agents: tuple[dict[str, Any], ...]
    seed: int
    label: str = ""
    params: dict[str, Any] = field(default_factory=dict)
    llm: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """The spec as a JSON-able dict (the argument of :func:`run_game`)."""
        data = asdict(self)
        data["agents"] = list(self.agents)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameSpec:
        """The spec from :meth:`to_json` output.

        Raises:
            SweepError: a missing or unknown field.
        """
        try:
            return cls(**{**data, "agents": tuple(dict(a) for a in data["agents"])})
        except (KeyError, TypeError) as err:
            raise SweepError(f"not a game spec: {err}") from err

    @property
    def key(self) -> str:
        """sha256 of the canonical JSON without the label: the game's identity in a result store."""
        return digest({k: v for k, v in self.to_json().items() if k != "label"})

    def agent_specs(self) -> list[AgentSpec]:
        """The seats' :class:`AgentSpec` values.

        Raises:
            SweepError: a seat's spec is not one (e.g. written by an earlier release).
        """
        try:
            return [AgentSpec.from_json(a) for a in self.agents]
        except ValueError as err:
            raise SweepError(f"not a game spec: {err}") from err


@dataclass(frozen=True)
class Cell:
    """One cell of a sweep: its label, parameters, game options and the spec of each seat."""

    label: str
    params: dict[str, Any]
    game_options: dict[str, Any]
    agents: tuple[AgentSpec, ...]
    uses_llm: bool = False


@dataclass(frozen=True)
class Sweep:
    """A validated sweep: its cells and seeds (see the module docstring for the file)."""

    name: str
    game: str
    cells: tuple[Cell, ...]
    seeds: tuple[int, ...]
    axes: dict[str, list[Any]]
    metrics: tuple[str, ...] = ()
    description: str = ""
    llm: dict[str, Any] | None = None
    text: str = ""
    paper: tuple[PaperFigure, ...] = ()

    @property
    def total(self) -> int:
        """The number of games (cells x seeds), without building them."""
        return len(self.cells) * len(self.seeds)

    def iter_specs(self) -> Iterator[GameSpec]:
        """Every game of the sweep, cell by cell, seed by seed, built one at a time."""
        for cell in self.cells:
            agents = tuple(a.to_json() for a in cell.agents)
            llm = self.llm if cell.uses_llm else None
            for seed in self.seeds:
                yield GameSpec(
                    game=self.game,
                    game_options=cell.game_options,
                    agents=agents,
                    seed=seed,
                    label=cell.label,
                    params=cell.params,
                    llm=llm,
                )

    def specs(self) -> list[GameSpec]:
        """Every game of the sweep as a list (:meth:`iter_specs` streams them)."""
        return list(self.iter_specs())

    @cached_property
    def digest(self) -> str:
        """The sweep's identity: sha256 over its games (game, seeds, and per cell its label and
        everything its specs carry, the LLM settings included), whatever the order of the cells or
        the file's name, description, metrics and comments. Two sweeps with the same digest play
        the same games under the same labels."""
        cells = sorted(
            digest(
                {
                    "label": cell.label,
                    "params": cell.params,
                    "game_options": cell.game_options,
                    "agents": [a.to_json() for a in cell.agents],
                    "llm": self.llm if cell.uses_llm else None,
                }
            )
            for cell in self.cells
        )
        return digest({"game": self.game, "seeds": list(self.seeds), "cells": cells})


def load_sweep(path: str | Path, registry: Registry | None = None, llm: Any = None) -> Sweep:
    """Read, validate and expand the sweep file at ``path``.

    Args:
        path: the TOML file.
        registry: the component registry (default: :func:`~agent.registry.default_registry`).
        llm: the :class:`~language.llm_client.LLMConfig` for LLM stages (default: from the environment).

    Returns:
        The :class:`Sweep`.

    Raises:
        SweepError: the file is missing, is not TOML, or does not validate (one line).
        UnknownNameError: an unknown game, preset or component (the message lists the known ones).
    """
    path = Path(path)
    try:
        text = path.read_text()
    except OSError as err:
        raise SweepError(f"cannot read sweep file {path}: {err.strerror or err}") from err
    return parse_sweep(text, registry, llm, default_name=path.stem)


def parse_sweep(text: str, registry: Registry | None = None, llm: Any = None, default_name: str = "sweep") -> Sweep:
    """Validate and expand the sweep ``text`` (TOML); see :func:`load_sweep`.

    Args:
        text: the sweep file's text.
        registry: the component registry (default: :func:`~agent.registry.default_registry`).
        llm: the :class:`~language.llm_client.LLMConfig` for LLM stages (default: from the environment).
        default_name: the sweep's name when the file gives none.

    Returns:
        The :class:`Sweep`.

    Raises:
        SweepError: the text is not TOML or does not validate, or the sweep is too large (see the
            module docstring for the limits).
        UnknownNameError: an unknown game, preset or component (the message lists the known ones).
        LLMNotConfiguredError: a stage runs on a language model and no endpoint is configured.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise SweepError(f"the sweep file is not valid TOML: {err}") from err
    registry = registry or default_registry()
    _known_keys(data, TOP_KEYS, "sweep key")
    game_table = _table(data, "game")
    agents_table = _table(data, "agents")
    if "name" not in game_table:
        raise SweepError(f"[game] needs name = one of {', '.join(sorted(registry.games))}")
    family = registry.game_family(_scalar(game_table["name"], "game name", str))
    sweep_name = _sweep_name(data.get("name", default_name), "name" in data)
    seeds = _count(data, "seeds", 1)
    games = _count(data, "games", 1)
    first_seed = _count(data, "first_seed", 0, minimum=0)
    _check_seeds(seeds, games)
    kit = registry.kit(family)
    for old, new in RETIRED_AGENT_KEYS.items():
        if old in agents_table:
            raise SweepError(f"[agents] key {old!r} is now {new!r}")
    _known_keys(agents_table, (*AGENT_KEYS, *kit.slots), "[agents] key")
    if "opponent" in agents_table and "partner_preset" in agents_table:
        raise SweepError("[agents] takes opponent or partner_preset (the same thing), not both")
    axes: dict[str, list[Any]] = {}
    fixed: dict[str, Any] = {}
    game_options = {k: v for k, v in game_table.items() if k != "name"}
    agent_values = {("opponent" if k == "partner_preset" else k): v for k, v in agents_table.items() if k != "options"}
    entries = [*game_options.items(), *agent_values.items(), *_slot_options(agents_table.get("options", {}), kit.slots)]
    clash = set(game_options) & {*AGENT_KEYS, *kit.slots}
    if clash:
        raise SweepError(f"game option {sorted(clash)[0]!r} clashes with an agent key; rename it")
    for name, value in entries:
        if isinstance(value, list):
            if not value:
                raise SweepError(f"{name} = [] gives no cells; give at least one value")
            _check_distinct(name, value)
            axes[name] = value
        else:
            fixed[name] = value
    _check_grid(axes)
    cells = _expand(registry, family, axes, fixed, _exclude_rules(data, axes))
    if len(cells) * seeds * games > MAX_GAMES:
        raise SweepError(
            f"the sweep has {len(cells):,} cells x {seeds * games:,} games = {len(cells) * seeds * games:,} games; "
            f"at most {MAX_GAMES:,} games per sweep: split it into several sweeps"
        )
    config = _llm_config(registry, cells, llm)
    _check_cells(registry, family, cells, config)
    metrics = data.get("metrics", [])
    if not isinstance(metrics, list) or not all(isinstance(m, str) for m in metrics):
        raise SweepError('metrics must be a list of metric names, e.g. metrics = ["turns"]')
    return Sweep(
        name=sweep_name,
        game=family,
        cells=tuple(cells),
        seeds=tuple(paper_seeds(seeds, games, first_seed)),
        axes=axes,
        metrics=tuple(metrics),
        description=str(data.get("description", "")),
        llm=config,
        text=text,
        paper=_paper(data.get("paper", [])),
    )


def run_game(spec_json: dict[str, Any]) -> dict[str, Any]:
    """Play the game ``spec_json`` describes and return its result row (a pure function of the
    spec, timings aside; top-level so that worker processes can import it).

    Args:
        spec_json: a :meth:`GameSpec.to_json` dict.

    Returns:
        The row: ``key``, ``spec``, ``cell``, ``params``, ``game_id``, ``metrics``, ``returns``,
        ``refused``, ``transcript``, ``transcript_digest``, ``timings`` (``wall_s``) and ``llm``
        (the summed language-model accounting, or ``None``).
    """
    start = time.perf_counter()
    spec = GameSpec.from_json(spec_json)
    registry = default_registry()
    config = None
    if spec.llm is not None:
        from language.llm_client import LLMConfig

        config = LLMConfig.from_env(**spec.llm)
    game = registry.make_game(spec.game, **spec.game_options)
    agents = [registry.build_agent(a, config) for a in spec.agent_specs()]
    record = play_game(game, agents, spec.seed)
    row = {
        "key": spec.key,
        "spec": spec.to_json(),
        "cell": spec.label,
        "params": spec.params,
        "game_id": record.game_id,
        "metrics": record.metrics,
        "returns": record.returns,
        "refused": record.refused,
        "transcript": record.transcript,
        "transcript_digest": digest(record.transcript),
        "llm": record.llm,
    }
    row = json.loads(json.dumps(row, default=str))  # plain JSON values, as a worker process would return them
    row["timings"] = {"wall_s": time.perf_counter() - start}
    return row


def without_timings(row: Mapping[str, Any]) -> dict[str, Any]:
    """``row`` without its timings (what must agree between runs and back ends)."""
    return {k: v for k, v in row.items() if k != "timings"}


def sweep_text(data: Mapping[str, Any]) -> str:
    """A sweep file's text (TOML) from its data, as :func:`parse_sweep` reads it back: top-level keys
    first, then the ``[game]`` and ``[agents]`` tables (nested tables as dotted keys).

    Args:
        data: the sweep's keys (strings, numbers, booleans, lists of them, tables, lists of tables).

    Returns:
        The TOML text.
    """
    top = [f"{key} = {_toml_value(value)}" for key, value in data.items() if key not in ("game", "agents")]
    lines = [*top]
    for table in ("game", "agents"):
        if table in data:
            lines += ["", f"[{table}]", *_toml_entries(data[table])]
    return "\n".join(lines) + "\n"


def _toml_entries(table: Mapping[str, Any], prefix: str = "") -> list[str]:
    out = []
    for key, value in table.items():
        if isinstance(value, Mapping):
            out += _toml_entries(value, f"{prefix}{key}.")
        else:
            out.append(f"{prefix}{key} = {_toml_value(value)}")
    return out


def _toml_value(value: Any) -> str:
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return json.dumps(value)  # strings, integers, floats and booleans read the same in TOML


# ---- validation and expansion ----------------------------------------------------------------


def _paper(entries: Any) -> tuple[PaperFigure, ...]:
    try:
        return parse_paper(entries)
    except ReferenceError as err:
        raise SweepError(str(err)) from None


def _known_keys(table: Mapping[str, Any], known: Sequence[str], what: str) -> None:
    for key in table:
        if key not in known:
            raise SweepError(f"unknown {what} {key!r}; valid: {', '.join(known)}")


def _table(data: Mapping[str, Any], name: str) -> dict[str, Any]:
    table = data.get(name, {})
    if not isinstance(table, dict):
        raise SweepError(f"{name} must be a table ([{name}])")
    return table


def _scalar(value: Any, what: str, kind: type) -> Any:
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise SweepError(f"{what} must be a {kind.__name__}, not {value!r}")
    return value


def _count(data: Mapping[str, Any], name: str, default: int, minimum: int = 1) -> int:
    value = _scalar(data.get(name, default), name, int)
    if value < minimum:
        raise SweepError(f"{name} must be >= {minimum}, not {value}")
    return value


def _sweep_name(value: Any, given: bool) -> str:
    """The sweep's name: an identifier, since it names the result store's directory."""
    name = _scalar(value, "name", str)
    if not NAME_PATTERN.fullmatch(name):
        source = "" if given else " (the sweep file's name; set name = ... in the file)"
        raise SweepError(
            f"sweep name {name!r}{source} is not an identifier: use at most 100 letters, digits, "
            "'_', '-', '.' and '+', starting with a letter, a digit or '_'"
        )
    return name


def _check_seeds(seeds: int, games: int) -> None:
    """Bound seeds x games, and keep the seeds of different seeds apart (before any seed is built)."""
    try:
        check_seed_layout(seeds, games)
    except ValueError as err:
        raise SweepError(str(err)) from None


def _check_distinct(name: str, values: list[Any]) -> None:
    """An axis lists each value once: a repeated value is the same games twice."""
    seen: set[str] = set()
    for value in values:
        text = canonical_json(value)
        if text in seen:
            raise SweepError(f"{name} lists {value!r} twice; give each value of an axis once")
        seen.add(text)


def _check_grid(axes: Mapping[str, list[Any]]) -> None:
    """Bound the grid from its axis lengths, before it is expanded."""
    size = math.prod(len(values) for values in axes.values())
    if size > MAX_CELLS:
        shape = " x ".join(f"{name} {len(values)}" for name, values in axes.items())
        raise SweepError(
            f"the grid has {size:,} cells ({shape}); at most {MAX_CELLS:,} cells per sweep: "
            "split it into several sweeps or drop axes"
        )


def _exclude_rules(data: Mapping[str, Any], axes: Mapping[str, list[Any]]) -> list[dict[str, Any]]:
    rules = data.get("exclude", [])
    if not isinstance(rules, list) or not all(isinstance(r, dict) and r for r in rules):
        raise SweepError('exclude must be a list of partial assignments, e.g. exclude = [{ parser = "off" }]')
    for rule in rules:
        flat = _flatten(rule)
        for name, value in flat.items():
            if name not in axes:
                raise SweepError(
                    f"exclude rule names {name!r}, which is not an axis; axes: {', '.join(axes) or 'none'}"
                )
            if value not in axes[name]:
                raise SweepError(
                    f"exclude rule {name} = {value!r} matches no cell; {name} takes {', '.join(map(repr, axes[name]))}"
                )
    return [_flatten(r) for r in rules]


def _slot_options(options: Any, slots: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """``options.SLOT.KEY = value`` entries of [agents] as ``("options.SLOT.KEY", value)``.

    Raises:
        SweepError: options that are not per slot (the layout of earlier releases) or an unknown slot.
    """
    if not isinstance(options, dict):
        raise SweepError("[agents] options must be a table, e.g. options.planner.iterations = [1000, 5000]")
    entries: list[tuple[str, Any]] = []
    for slot, table in options.items():
        if not isinstance(table, dict):
            raise SweepError(f"[agents] options are per slot now: options.{slot} is options.planner.{slot}")
        if slot not in slots:
            raise SweepError(f"[agents] options.{slot}: no slot {slot!r}; slots: {', '.join(slots)}")
        entries.extend((f"options.{slot}.{key}", value) for key, value in table.items())
    return entries


def _flatten(rule: Mapping[str, Any]) -> dict[str, Any]:
    """``{"options": {"planner": {"iterations": 5}}}`` -> ``{"options.planner.iterations": 5}`` (TOML
    dotted keys)."""
    flat: dict[str, Any] = {}
    for name, value in rule.items():
        if name == "options" and isinstance(value, dict):
            for slot, table in value.items():
                if isinstance(table, dict):
                    flat.update({f"options.{slot}.{k}": v for k, v in table.items()})
                else:
                    flat[f"options.{slot}"] = table
        else:
            flat["opponent" if name == "partner_preset" else name] = value
    return flat


def _expand(
    registry: Registry,
    family: str,
    axes: Mapping[str, list[Any]],
    fixed: Mapping[str, Any],
    rules: list[dict[str, Any]],
) -> list[Cell]:
    cells = []
    labels: set[str] = set()
    for values in itertools.product(*axes.values()):
        params = dict(zip(axes, values, strict=True))
        if any(all(params[k] == v for k, v in rule.items()) for rule in rules):
            continue
        chosen = {**fixed, **params}
        label = ", ".join(f"{k.removeprefix('options.')}={v}" for k, v in params.items())
        label = label or str(chosen.get("preset", family))
        if label in labels:
            raise SweepError(f"two cells print as {label!r}; give axis values that print differently")
        labels.add(label)
        cells.append(_cell(registry, family, label, params, chosen))
    if not cells:
        raise SweepError("the exclude rules drop every cell of the grid")
    return cells


def _cell(registry: Registry, family: str, label: str, params: dict[str, Any], chosen: Mapping[str, Any]) -> Cell:
    preset = chosen.get("preset", None)
    base = registry.preset(
        family, _scalar(preset, "preset", str) if preset is not None else registry.default_preset(family)
    )
    slots = registry.kit(family).slots
    spec = base.with_slots(**{s: _scalar(chosen[s], s, str) for s in slots if s in chosen})
    for name, value in chosen.items():
        if name.startswith("options."):
            slot, key = name.removeprefix("options.").split(".", 1)
            spec = spec.with_options(slot, **{key: value})
    game_options = {
        k: v for k, v in chosen.items() if k not in AGENT_KEYS and k not in slots and not k.startswith("options.")
    }
    opponent = chosen.get("opponent")
    other = registry.preset(family, _scalar(opponent, "opponent", str)) if opponent is not None else spec
    seats = _cell_game(registry, family, label, game_options).facts.num_players  # players = 3 sets the seats
    agents = (spec, *[other] * (seats - 1))
    return Cell(label, params, game_options, agents, any(registry.llm_stages(a) for a in agents))


def _llm_config(registry: Registry, cells: Sequence[Cell], llm: Any) -> dict[str, Any] | None:
    """The LLM settings the sweep's games carry (None without LLM stages).

    Raises:
        SweepError: a stage runs on a model and no endpoint is configured.
    """
    stages = [stage for cell in cells for spec in cell.agents for stage in registry.llm_stages(spec)]
    if not stages:
        return None
    from language.llm_client import LLMConfig

    config = llm or LLMConfig.from_env()
    config.require(f"the {stages[0]}")
    return {k: getattr(config, k) for k in LLM_SETTINGS}


def _check_cells(registry: Registry, family: str, cells: Sequence[Cell], llm: dict[str, Any] | None) -> None:
    """Build each distinct game once and each distinct agent once; one line per failure.

    Raises:
        SweepError: an unknown name, a bad option or a combination that does not build.
    """
    from language.llm_client import LLMConfig

    config = LLMConfig.from_env(**llm) if llm else None
    seen_games: set[str] = set()
    seen_agents: set[str] = set()
    for cell in cells:
        key = digest(cell.game_options)
        if key not in seen_games:
            seen_games.add(key)
            _cell_game(registry, family, cell.label, cell.game_options)
        for spec in cell.agents:
            key = digest(spec.to_json())
            if key in seen_agents:
                continue
            seen_agents.add(key)
            # unknown names raise UnknownNameError, listing the valid ones
            try:
                registry.check_options(spec)
            except OptionsError as err:
                raise SweepError(f"cell {cell.label}: {_line(err)}") from err
            try:
                registry.build_agent(spec, config)
            except (ValueError, TypeError) as err:
                raise SweepError(f"cell {cell.label}: agent {spec.describe()}: {_line(err)}") from err


def _cell_game(registry: Registry, family: str, label: str, game_options: Mapping[str, Any]) -> Any:
    """The game of a cell.

    Raises:
        SweepError: its options do not build the game (one line naming the cell).
    """
    try:
        return registry.make_game(family, **game_options)
    except OptionsError as err:
        raise SweepError(f"cell {label}: {_line(err)}") from err
    except (ValueError, TypeError) as err:
        raise SweepError(f"cell {label}: {family} rejects {dict(game_options)}: {_line(err)}") from err


def _line(err: BaseException) -> str:
    text = str(err).splitlines()
    return text[0] if text else type(err).__name__
