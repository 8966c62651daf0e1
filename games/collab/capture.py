"""Collab Capture (LLM-Coordination, seed 002 section 2.1, Appendix D), id ``collab_capture_v0``.

Alice and Bob chase a thief through nine rooms; two doors, each toggled by a button in another
room, can trap it. The rules are the original code's (``collab_capture_action_manager.py`` and
``collab_capture_benchmarking.py``), played by the kernel :mod:`solvers.collab_capture`:

| fact | value |
| --- | --- |
| map | rooms 1-9; 1-2, 1-6, 2-3, 3-4, 4-5, 5-6, 5-7, 6-9, 7-8; door 1-2 (button in 9), door 3-4 (button in 8) |
| start | Alice 1, Bob 6, thief 2; doors by ``setting``: ``llm`` 1-2 closed, 3-4 open (default, the paper's LLM runs); ``greedy`` 1-2 open, 3-4 closed |
| actions | ``Stay()``, ``Move(room=r)`` through an open door, ``Press()`` in a button room (toggles its door, the presser stays) |
| joint turn | Alice submits, Bob submits (Alice's move hidden from him), then the thief picks its room seeing their planned rooms, presses toggle, all move at once |
| thief | maximises ``min(d(r, alice_next), d(r, bob_next))`` over its accessible rooms, first in adjacency order on ties; never stays unless trapped; ``d`` = room-number difference (``rules="original"``) or graph distance (``"corrected"``) |
| capture | the thief in Alice's or Bob's room, or crossing one of them (``llm``: from turn 2, the original's unset first ``previous_room``; ``corrected``: from turn 1; ``greedy``: never) |
| limit | 30 joint turns (``max_turns``) |
| information | perfect: every room, door and planned move once resolved; Alice's pending move is hidden from Bob |
| returns | 1 each on capture, 0 otherwise |
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from games.base import Game, GameFacts, GameMetrics, metric
from games.collab.actions import Result, RoundRecord, from_act, to_act
from games.collab.maps import Rules, Setting, capture_map, capture_max_turns, capture_rules, capture_start
from games.collab.simultaneous import PLAYER_NAMES, Action, JointObservation, SimultaneousState
from solvers.collab_capture import (
    CaptureMap,
    CapturePosition,
    CaptureRules,
    capture_step,
    legal_acts,
    map_from_lists,
)

GAME_ID = "collab_capture_v0"


class CaptureMetrics(GameMetrics):
    """The per-game metrics of Collab Capture."""

    payoff: ClassVar[str] = "captured"

    success_turns: ClassVar[dict[str, str]] = {"captured": "turns_to_capture"}

    rules: str = Field(description="rules variant (record only)")
    setting: str = Field(description="the original harness's initial doors and capture check (record only)")
    captured: bool = metric("binary", "the thief was caught within the turn limit", label="capture")
    turns: int = metric("count", "joint turns played")
    turns_to_capture: int | None = metric(
        "count", "joint turns to capture (None when not caught)", label="turns to capture"
    )


class DoorView(BaseModel):
    """One door as everyone sees it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    between: tuple[int, int]
    button_room: int
    open: bool


class CaptureObservation(JointObservation):
    """A seat's view: the whole map and every position (perfect information), its own legal moves
    (the shared fields: :class:`~games.collab.simultaneous.JointObservation`).

    Attributes:
        setting: the original harness (the variant with ``rules``).
        doors: every door and whether it is open.
        thief: the thief's room.
        captured: whether the thief has been caught.
    """

    setting: str
    doors: tuple[DoorView, ...]
    thief: int
    captured: bool


class CollabCaptureGame(Game):
    """Collab Capture with the original's map, start and thief (see the module doc).

    Args:
        rules: ``original`` (the code's quirks) or ``corrected`` (graph distance, crossing from turn 1).
        setting: the original harness: ``llm`` (default, the paper's LLM runs) or ``greedy``.
        max_turns: joint turns before the thief escapes (the original: 30).

    Raises:
        ValueError: an unknown variant or a limit below 1.
    """

    def __init__(self, rules: Rules = "original", setting: Setting = "llm", max_turns: int = 30) -> None:
        if max_turns < 1:
            raise ValueError(f"max_turns must be at least 1, not {max_turns}")
        self.rules, self.setting, self.max_turns = rules, setting, max_turns
        self.kernel = capture_rules(rules, setting)
        self.map = capture_map()
        self.start = capture_start(setting)
        self.facts = GameFacts(
            game_id=GAME_ID,
            num_players=2,
            player_names=PLAYER_NAMES,
            first_player=0,
            max_turns_per_player=max_turns,
            information="perfect once a joint turn resolves; a submitted move is hidden until the partner's",
            description=f"Collab Capture, {rules} rules, {setting} setting, {max_turns} turns "
            f"(the original: {capture_max_turns()})",
        )

    def new_initial_state(self, seed: int) -> CollabCaptureState:
        return CollabCaptureState(self, seed)


class CollabCaptureState(SimultaneousState):
    """One Collab Capture position: the kernel's :class:`CapturePosition` plus the turn bookkeeping."""

    game: CollabCaptureGame

    def __init__(self, game: CollabCaptureGame, seed: int) -> None:
        super().__init__(game, seed)
        self.position: CapturePosition = game.start
        self.captured = False

    def room(self, seat: int) -> int:
        return self.position.alice if seat == 0 else self.position.bob

    def legal(self, seat: int) -> list[Action]:
        return [from_act(a) for a in legal_acts(self.game.map, self.room(seat), self.position.doors)]

    def _resolve(self, alice: Action, bob: Action) -> RoundRecord:
        before = self.position
        self.position, self.captured = capture_step(self.game.map, self.game.kernel, before, to_act(alice), to_act(bob))
        played = self.position.turn - 1
        result: Result = "captured" if self.captured else ("timeout" if played >= self.game.max_turns else "continue")
        self.finished = result != "continue"
        return RoundRecord(
            turn=played,
            alice=alice,
            bob=bob,
            adversary_from=before.thief,
            adversary_to=self.position.thief,
            rooms=(self.position.alice, self.position.bob),
            result=result,
        )

    def returns(self) -> list[float]:
        value = 1.0 if self.captured else 0.0
        return [value, value]

    def observation(self, player: int) -> CaptureObservation:
        game, p = self.game, self.position
        return CaptureObservation(
            **self.common_view(player),
            setting=game.setting,
            doors=tuple(
                DoorView(between=(a, b), button_room=button, open=bool(p.doors >> i & 1))
                for i, (a, b, button) in enumerate(game.map.doors)
            ),
            thief=p.thief,
            captured=self.captured,
        )

    def metrics(self) -> CaptureMetrics:
        played = len(self.rounds)
        return CaptureMetrics(
            rules=self.game.rules,
            setting=self.game.setting,
            captured=self.captured,
            turns=played,
            turns_to_capture=played if self.captured else None,
        )


def capture_position(observation: CaptureObservation) -> tuple[CaptureMap, CaptureRules, CapturePosition]:
    """The kernel's map, rules and position from a seat's observation alone (perfect information)."""
    cmap = map_from_lists(
        {int(room): near for room, near in observation.adjacency.items()},
        [(d.between[0], d.between[1], d.button_room) for d in observation.doors],
    )
    bits = sum(1 << i for i, d in enumerate(observation.doors) if d.open)
    a, b = observation.rooms
    rules = capture_rules(observation.rules, observation.setting)  # type: ignore[arg-type]
    return cmap, rules, CapturePosition(a, b, observation.thief, bits, observation.turn)
