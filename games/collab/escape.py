"""Collab Escape (LLM-Coordination, seed 002 section 2.1, Appendix D), id ``collab_escape_v0``.

Alice and Bob repair two generators, which opens the exit, while a killer hunts them. The rules
are the original code's (``CollabEscapeMDP.py``, ``collab_escape_benchmarking.py``), played by the
kernel :mod:`solvers.collab_escape`:

| fact | value |
| --- | --- |
| map | rooms 1-10, lists as written (directed): 1:[2,10] 2:[1,3] 3:[2,4,8] 4:[3,5] 5:[4,6] 6:[5,7] 7:[3,6] 8:[3,7,9] 9:[8,10] 10:[1,9]; ``rules="corrected"``: 7:[6,8] as the original prompt says (every link two-way) |
| generators | rooms 1 and 6, 2 consecutive fixes each (progress lost on a turn nobody fixes it; two players fixing together repair it at once); the exit (room 7) opens when both are repaired |
| start | Alice 1, Bob 2, killer 6 |
| actions | ``Move(room=r)`` to a room one's own room lists, ``Fix()`` in a generator room, ``Wait()`` |
| joint turn | the killer chooses first (a player in a room its room lists is pursued: it will move to that player's *current* room; else a uniformly random room of its list, drawn from the state's seeded generator); Alice submits, Bob submits (Alice's move hidden from him); fixes, players' moves, then the killer's move |
| information | both players see every room, the generators, and the killer's intent: its target ("will certainly move to the room where X is") or that it is unaware of them; never its random draw |
| end | the killer in a player's room: caught (checked first); exit open and a player in room 7: escaped; ``max_turns`` joint turns (default 100; the original plays until one of the two, with no limit) |
| returns | 1 each on escape, 0 otherwise |
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from games.base import Game, GameFacts, GameMetrics, metric
from games.collab.actions import Result, RoundRecord, from_act, to_act
from games.collab.maps import Rules, escape_map, escape_start
from games.collab.simultaneous import PLAYER_NAMES, Action, JointObservation, SimultaneousState
from solvers.collab_escape import (
    EscapeMap,
    EscapePosition,
    Memory,
    escape_legal_acts,
    escape_outcomes,
    killer_plan,
    repaired,
)

GAME_ID = "collab_escape_v0"
_RESULTS: dict[str, Result] = {"playing": "continue", "escaped": "escaped", "caught": "caught", "timeout": "timeout"}
DEFAULT_MAX_TURNS = 100


class EscapeMetrics(GameMetrics):
    """The per-game metrics of Collab Escape."""

    payoff: ClassVar[str] = "escaped"

    success_turns: ClassVar[dict[str, str]] = {"escaped": "turns_to_escape"}

    rules: str = Field(description="rules variant (record only)")
    escaped: bool = metric("binary", "a player escaped through the open exit", label="escape")
    caught: bool = metric("binary", "the killer caught a player")
    timed_out: bool = metric("binary", "the turn limit ended the game")
    turns: int = metric("count", "joint turns played")
    turns_to_escape: int | None = metric(
        "count", "joint turns to escape (None when not escaped)", label="turns to escape"
    )
    generators_repaired: int = metric("count", "generators repaired by the end")


class GeneratorView(BaseModel):
    """One generator as everyone sees it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    room: int
    fixes: int
    needed: int
    repaired: bool


class EscapeObservation(JointObservation):
    """A seat's view (the facts of the original's state description; the shared fields:
    :class:`~games.collab.simultaneous.JointObservation`).

    Attributes:
        killer: the killer's room.
        killer_target: the seat the killer will certainly move to (that seat's current room), or
            None when it is unaware of them (its move is then random).
        generators: each generator's progress.
        exit_room, exit_open: the exit.
        fixing: whether each seat fixed last turn.
        start: Alice's, Bob's and the killer's rooms at the start (public).
        fixes_needed: consecutive fixes that repair a generator.
        result: ``playing``, ``escaped``, ``caught`` or ``timeout``.
    """

    killer: int
    killer_target: int | None
    generators: tuple[GeneratorView, ...]
    exit_room: int
    exit_open: bool
    fixing: tuple[bool, bool]
    start: tuple[int, int, int]
    fixes_needed: int
    result: str


class CollabEscapeGame(Game):
    """Collab Escape with the original's map, start and killer (see the module doc).

    Args:
        rules: ``original`` (directed lists as written) or ``corrected`` (the prompt's two-way map).
        max_turns: joint turns before the game stops unescaped (the original has no limit).

    Raises:
        ValueError: an unknown variant or a limit below 1.
    """

    def __init__(self, rules: Rules = "original", max_turns: int = DEFAULT_MAX_TURNS) -> None:
        if max_turns < 1:
            raise ValueError(f"max_turns must be at least 1, not {max_turns}")
        self.rules, self.max_turns = rules, max_turns
        self.map = escape_map(rules)
        self.start = escape_start()
        self.facts = GameFacts(
            game_id=GAME_ID,
            num_players=2,
            player_names=PLAYER_NAMES,
            first_player=0,
            max_turns_per_player=max_turns,
            information="perfect except the killer's random move; a submitted move is hidden until the partner's",
            description=f"Collab Escape, {rules} rules, {max_turns} turns",
        )

    def new_initial_state(self, seed: int) -> CollabEscapeState:
        return CollabEscapeState(self, seed)


class CollabEscapeState(SimultaneousState):
    """One Collab Escape position: the kernel's :class:`EscapePosition`, the killer's randomness (a
    numpy Generator seeded by the game's seed) and the turn bookkeeping."""

    game: CollabEscapeGame

    def __init__(self, game: CollabEscapeGame, seed: int) -> None:
        super().__init__(game, seed)
        self.position: EscapePosition = game.start
        self.rng = np.random.default_rng(seed)
        self.result = "playing"
        self.fixing = (False, False)

    def room(self, seat: int) -> int:
        return self.position.alice if seat == 0 else self.position.bob

    def legal(self, seat: int) -> list[Action]:
        return [from_act(a) for a in escape_legal_acts(self.game.map, self.room(seat))]

    def killer_target(self) -> int | None:
        """The seat the killer pursues this turn, or None when it moves at random."""
        target = killer_plan(self.game.map, self.position).target
        return None if target < 0 else target

    def _resolve(self, alice: Action, bob: Action) -> RoundRecord:
        before = self.position
        outcomes = escape_outcomes(self.game.map, before, to_act(alice), to_act(bob))
        # one outcome per killer destination; the original draws random.choice(adjacent_rooms) when
        # unaware, ours comes from the seeded generator (a pursuit draws nothing)
        _, self.position, outcome = outcomes[int(self.rng.integers(len(outcomes))) if len(outcomes) > 1 else 0]
        self.fixing = (alice.kind == "fix", bob.kind == "fix")
        played = self.position.turn - 1
        if outcome == "lost":
            self.result = "caught"
        elif outcome == "escaped":
            self.result = "escaped"
        elif played >= self.game.max_turns:
            self.result = "timeout"
        self.finished = self.result != "playing"
        return RoundRecord(
            turn=played,
            alice=alice,
            bob=bob,
            adversary_from=before.killer,
            adversary_to=self.position.killer,
            rooms=(self.position.alice, self.position.bob),
            result=_RESULTS[self.result],
        )

    def returns(self) -> list[float]:
        value = 1.0 if self.result == "escaped" else 0.0
        return [value, value]

    def observation(self, player: int) -> EscapeObservation:
        game, p = self.game, self.position
        emap = game.map
        return EscapeObservation(
            **self.common_view(player),
            killer=p.killer,
            killer_target=None if self.finished else self.killer_target(),
            generators=tuple(
                GeneratorView(room=room, fixes=count, needed=emap.fixes_needed, repaired=count >= emap.fixes_needed)
                for room, count in zip(emap.generators, p.fixes, strict=True)
            ),
            exit_room=emap.exit,
            exit_open=repaired(emap, p.fixes),
            fixing=self.fixing,
            start=(game.start.alice, game.start.bob, game.start.killer),
            fixes_needed=emap.fixes_needed,
            result=self.result,
        )

    def metrics(self) -> EscapeMetrics:
        played = len(self.rounds)
        emap = self.game.map
        return EscapeMetrics(
            rules=self.game.rules,
            escaped=self.result == "escaped",
            caught=self.result == "caught",
            timed_out=self.result == "timeout",
            turns=played,
            turns_to_escape=played if self.result == "escaped" else None,
            generators_repaired=sum(count >= emap.fixes_needed for count in self.position.fixes),
        )


def escape_position(observation: EscapeObservation) -> tuple[EscapeMap, EscapePosition]:
    """The kernel's map and position from a seat's observation alone.

    The killer's memory (whom it saw last turn, which decides whom it pursues when it sees both) is
    not shown, but it is a function of the public history: it is replayed from the start rooms and
    every resolved turn's rooms.
    """
    emap = EscapeMap(
        {int(room): tuple(near) for room, near in observation.adjacency.items()},
        tuple(g.room for g in observation.generators),
        observation.exit_room,
        observation.fixes_needed,
    )
    alice, bob, killer = observation.start
    memory = Memory()
    for record in observation.rounds:
        memory = killer_plan(emap, EscapePosition(alice, bob, killer, (), memory))
        alice, bob = record.rooms
        killer = record.adversary_to
    fixes = tuple(g.fixes for g in observation.generators)
    a, b = observation.rooms
    return emap, EscapePosition(a, b, observation.killer, fixes, memory, observation.turn)
