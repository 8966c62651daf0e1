"""Study files of ``accord serve --study``: the conditions a participant may be assigned to.

A study file is TOML::

    name = "partners"
    instructions = "You will plan a route with a partner."
    consent = "I agree to take part; my messages are logged."
    completion_code = "ACC-{code}"      # {code}: 8 hex digits from the study seed and the pid
    seed = 7
    sessions_per_condition = 3

    [[conditions]]
    name = "solver"
    game = "<a game of the registry>"
    options = { max_turns_per_player = 10 }   # the game's options, turn limits among them
    seat = 0                                   # the participant's seat (default 0)
    partner = "<an offline agent preset>"      # every other seat's preset
    seeds = 3                                  # a count (study seed + 0, 1, ...) or a list

:func:`load_study` checks it against the registry and refuses anything wrong in one line that
names the key. :func:`assign` is the counterbalancing: the ``k``-th participant to join gets the
condition at position ``k mod n`` of a permutation of the ``n`` conditions drawn from the study
seed for block ``k div n`` (each block of ``n`` joins covers every condition once), skipping
conditions that already hold ``sessions_per_condition`` participants. This module names no game.
"""

from __future__ import annotations

import hashlib
import random
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from agent.kits.base import OptionsError
from agent.registry import Registry, UnknownNameError
from language.text import error_line


class StudyError(ValueError):
    """A study file the server refuses; the message is one line naming the key."""


class Condition(BaseModel):
    """One condition: a game with its options, the participant's seat and the partner preset."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    game: str = Field(min_length=1)
    options: dict[str, Any] = Field(default_factory=dict)
    seat: int = Field(default=0, ge=0)
    partner: str = Field(min_length=1)
    seeds: list[int] | int = Field(default=1)

    def seed_list(self, study_seed: int) -> list[int]:
        """The game seeds of this condition (a count ``n`` means the study seed + 0 .. n-1)."""
        if isinstance(self.seeds, int):
            return [study_seed + i for i in range(self.seeds)]
        return list(self.seeds)

    def seats(self, num_players: int) -> list[str]:
        """The seats as :meth:`SessionManager.create` takes them: the participant and agents."""
        return ["person" if s == self.seat else f"agent:{self.partner}" for s in range(num_players)]


class Study(BaseModel):
    """A study file, checked (see the module docstring)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    instructions: str
    consent: str
    completion_code: str = Field(min_length=1)
    seed: int = 0
    sessions_per_condition: int = Field(ge=1)
    conditions: list[Condition] = Field(min_length=1)

    def condition(self, name: str) -> Condition:
        """The condition called ``name``."""
        for condition in self.conditions:
            if condition.name == name:
                return condition
        raise KeyError(name)

    def code_for(self, pid: str) -> str:
        """The completion code of participant ``pid`` (``{code}`` filled from the seed and pid)."""
        code = hashlib.sha256(f"{self.seed}:{pid}".encode()).hexdigest()[:8].upper()
        return self.completion_code.replace("{code}", code)

    def seed_for(self, condition: Condition, index: int) -> int:
        """The game seed of the ``index``-th session of ``condition`` (its seeds in turn)."""
        seeds = condition.seed_list(self.seed)
        return seeds[index % len(seeds)]


def assign(study: Study, joined: int, counts: Mapping[str, int]) -> Condition | None:
    """The condition of the participant who joins ``joined``-th (from 0), given how many each
    condition holds already (``counts``); None when every condition is full."""
    n = len(study.conditions)
    order = random.Random(f"{study.seed}:{joined // n}").sample(range(n), n)
    start = joined % n
    for index in order[start:] + order[:start]:
        condition = study.conditions[index]
        if counts.get(condition.name, 0) < study.sessions_per_condition:
            return condition
    return None


def load_study(path: str | Path, registry: Registry) -> Study:
    """Read and check the study file at ``path``.

    Raises:
        StudyError: unreadable, not TOML, or anything the model or the registry refuses (one line).
    """
    try:
        text = Path(path).read_text()
    except OSError as err:
        raise StudyError(f"cannot read study file {path}: {err.strerror or err}") from None
    return parse_study(text, registry)


def parse_study(text: str, registry: Registry) -> Study:
    """Parse and check a study file's text (see :func:`load_study`)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise StudyError(f"the study file is not valid TOML: {err}") from None
    try:
        study = Study.model_validate(data)
    except ValidationError as err:
        problem = err.errors()[0]
        where = _where(problem["loc"]) or "study"
        raise StudyError(f"{where}: {problem['msg']}") from None
    names = [c.name for c in study.conditions]
    for i, name in enumerate(names):
        if name in names[:i]:
            raise StudyError(f"conditions[{i}].name: {name!r} is used twice")
    for i, condition in enumerate(study.conditions):
        _check_condition(f"conditions[{i}]", condition, registry)
    return study


def _where(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _check_condition(where: str, condition: Condition, registry: Registry) -> None:
    try:
        kit = registry.kit(condition.game)
    except UnknownNameError as err:
        raise StudyError(f"{where}.game: {error_line(err)}") from None
    try:
        game = registry.make_game(kit.name, **condition.options)
    except (OptionsError, UnknownNameError, ValueError, TypeError) as err:
        raise StudyError(f"{where}.options: {error_line(err)}") from None
    players = game.facts.num_players
    if condition.seat >= players:
        raise StudyError(f"{where}.seat: {kit.name} has seats 0..{players - 1}, not {condition.seat}")
    try:
        spec = registry.preset(kit.name, condition.partner)
    except UnknownNameError as err:
        raise StudyError(f"{where}.partner: {error_line(err)}") from None
    if registry.llm_stages(spec):
        raise StudyError(f"{where}.partner: preset {condition.partner!r} needs a language model; studies play offline")
    if isinstance(condition.seeds, int) and condition.seeds < 1:
        raise StudyError(f"{where}.seeds: give a count >= 1 or a list of seeds")
    if isinstance(condition.seeds, list) and not condition.seeds:
        raise StudyError(f"{where}.seeds: the list is empty")
