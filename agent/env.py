"""Any registered game as a PettingZoo AEC environment: :func:`to_pettingzoo`.

The environment speaks PettingZoo 1.27's AEC API (``reset(seed=)``, ``agent_iter``, ``last``,
``step``, ``observe``), so PettingZoo's ``api_test``, ``seed_test`` and ``performance_benchmark`` and
the RL libraries built on it run Accord's games unchanged. What each game contributes is its kit's
:class:`~agent.kits.base.EnvCodec` (the menu of formal actions and the numeric observation); this
module names no game.

=============== =================================================================================
agents          ``player_0`` ... ``player_{n-1}``, the game's seats; ``agent_selection`` is the
                state's current player (a simultaneous-move game is sequenced as the game does
                it, seat 0 submits then seat 1, :mod:`games.simultaneous`)
observation     a Dict: ``observation``, the seat's numeric features (float32 Box); ``chat``, the
                chat the seat sees as text (one line per turn, ``speaker: message`` and the turn's
                public formal action as JSON); ``action_mask``, int8, 1 where the menu entry is legal
action_space    ``Discrete(len(menu))``: menu entry ``i`` is a turn with those formal actions and
                no message. A bare int (what PettingZoo's masked random drivers pass) is such a
                turn
turn_space      ``Dict(action=Discrete, message=Text)``: :meth:`AccordEnv.step` also takes
                ``{"action": i, "message": "..."}``, a turn with a chat message, or a whole
                :class:`games.base.Turn` (any formal actions, also those the menu leaves out)
rewards         the differences between consecutive ``State.returns()``, so an episode's rewards
                sum to the game's payoff
termination     every agent terminates when the game is over (turn limits included; Accord's
                games end by their rules, no truncation)
seeding         ``reset(seed=s)`` plays ``game.new_initial_state(s)``; ``reset()`` without a seed
                plays the next seed after the last one (0 first), so runs are reproducible
illegal action  ``ValueError`` with one line naming the agent, the action and the game's reason;
                the game's state is unchanged
=============== =================================================================================

pettingzoo and gymnasium are imported here only (``pip install 'accord[pettingzoo]'``); Accord's
other modules do not need them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import numpy as np

from agent.kits.base import EnvCodec, GameKit, Menu
from games.base import MAX_MESSAGE_CHARS, Game, IllegalTurnError, State, Turn

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as err:  # pragma: no cover - the extra is part of the dev install
    raise ImportError(f"to_pettingzoo needs pettingzoo: pip install 'accord[pettingzoo]' ({err})") from None

ACTION_CHARS = 4000
"""Longest JSON of one turn's public formal action in the chat text (longer is cut)."""


class AnyText(spaces.Text):
    """A ``Text`` space whose members are any strings of the allowed lengths: chat is free Unicode.
    Sampling draws from gymnasium's default alphanumeric characters."""

    def contains(self, x: Any) -> bool:
        return isinstance(x, str) and self.min_length <= len(x) <= self.max_length


def chat_text(observation: Any) -> str:
    """The chat an observation shows, one line per turn: ``speaker: message`` plus the turn's public
    formal action as JSON in brackets (cut to :data:`ACTION_CHARS`)."""
    lines = []
    for line in getattr(observation, "chat", ()):
        text = f"{line.speaker}: {line.message}"
        if line.action is not None:
            shown = json.dumps(line.action.model_dump(mode="json"), sort_keys=True)[:ACTION_CHARS]
            text += f" [{shown}]"
        lines.append(text)
    return "\n".join(lines)


class AccordEnv(AECEnv):
    """One Accord game as a PettingZoo AEC environment (see the module docstring).

    Args:
        kit: the game's kit (its ``env`` declares the codec).
        game: the game, built with its options.
        render_mode: ``"ansi"`` (``render()`` returns the public history as text) or None.

    Raises:
        ValueError: the kit declares no codec, or its menu or features change length between seeds.
    """

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, kit: GameKit, game: Game, render_mode: str | None = None) -> None:
        super().__init__()
        if kit.env is None:
            raise ValueError(f"game {kit.name!r} declares no action menu for PettingZoo (its kit's env)")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        self.kit, self.game, self.render_mode = kit, game, render_mode
        self.codec: EnvCodec = kit.env()
        self.metadata = {**self.metadata, "name": game.facts.game_id}
        facts = game.facts
        self.possible_agents = [f"player_{seat}" for seat in range(facts.num_players)]
        probe = game.new_initial_state(0)
        self.size = len(self.codec.menu(probe))
        self.num_features = len(self.codec.features(probe.observation(probe.current_player)))
        low, high = self.codec.bounds(game)
        speaker = max(len(name) for name in facts.player_names)
        line = speaker + 2 + MAX_MESSAGE_CHARS + ACTION_CHARS + 3
        chat_chars = facts.num_players * facts.max_turns_per_player * (line + 1)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, (self.num_features,), np.float32),
                    "chat": AnyText(max_length=chat_chars, min_length=0),
                    "action_mask": spaces.Box(0, 1, (self.size,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.size) for agent in self.possible_agents}
        self.turn_spaces = {
            agent: spaces.Dict(
                {"action": spaces.Discrete(self.size), "message": AnyText(max_length=MAX_MESSAGE_CHARS, min_length=0)}
            )
            for agent in self.possible_agents
        }
        self.state: State = probe
        self.menu: Menu = Menu()
        self.seed = -1

    # ---- spaces ---------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def turn_space(self, agent: str) -> spaces.Space:
        """The space of a whole turn, a formal action and a chat message (:meth:`step` takes it)."""
        return self.turn_spaces[agent]

    # ---- episode ----------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Start the game of ``seed`` (default: the seed after the last one, 0 first).

        ``options`` is accepted for the API's sake; a game's options are given to
        :func:`to_pettingzoo`.
        """
        self.seed = self.seed + 1 if seed is None else int(seed)
        self.state = self.game.new_initial_state(self.seed)
        self.menu = self.codec.menu(self.state)
        if len(self.menu) != self.size:
            raise ValueError(f"{self.kit.name}: seed {self.seed} has {len(self.menu)} menu entries, not {self.size}")
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._returns = self.state.returns()
        self.agent_selection = self.possible_agents[self.state.current_player]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        view = self.state.observation(seat)
        features = np.asarray(self.codec.features(view), dtype=np.float32)
        if features.shape != (self.num_features,):
            raise ValueError(f"{self.kit.name}: {features.shape[0]} observation features, not {self.num_features}")
        return {"observation": features, "chat": chat_text(view), "action_mask": self.action_mask(seat)}

    def legal(self, seat: int) -> list[int]:
        """The menu indices ``seat`` may play now (none when it is not to move)."""
        if self.state.is_terminal() or seat != self.state.current_player:
            return []
        if self.codec.legal is not None:
            return list(self.codec.legal(self.state, seat, self.menu))
        return [i for i, actions in enumerate(self.menu) if self.state.refusal(Turn(actions=actions)) is None]

    def action_mask(self, seat: int) -> np.ndarray:
        """1 where menu entry ``i`` is legal for ``seat`` now, else 0 (int8)."""
        mask = np.zeros(self.size, dtype=np.int8)
        mask[self.legal(seat)] = 1
        return mask

    def step(self, action: Any) -> None:
        """Play ``action`` for ``agent_selection``: a menu index, ``{"action": i, "message": text}``
        or a :class:`games.base.Turn`; ``None`` for an agent whose game is over.

        Raises:
            ValueError: a malformed or illegal action (one line); nothing changes.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        turn = self.turn(action)
        try:
            self.state.apply(turn)  # validates once; a refused turn leaves the state unchanged
        except IllegalTurnError as err:
            shown = "that turn" if isinstance(action, Turn) else f"action {self._index(action)}"
            raise ValueError(f"{agent} cannot play {shown}: {err}") from None
        returns = self.state.returns()
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: returns[i] - self._returns[i] for i, a in enumerate(self.possible_agents)}
        self._returns = returns
        self._accumulate_rewards()
        if self.state.is_terminal():
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[self.state.current_player]

    def turn(self, action: Any) -> Turn:
        """The Accord turn ``action`` stands for (see :meth:`step`).

        Raises:
            ValueError: not a menu index, a turn-space dict or a Turn (one line).
        """
        if isinstance(action, Turn):
            return action
        message = ""
        if isinstance(action, Mapping):
            if set(action) != {"action", "message"}:
                raise ValueError(f"a turn is {{'action': index, 'message': text}}, not keys {sorted(action)}")
            message = action["message"]
            if not isinstance(message, str):
                raise ValueError(f"a turn's message is text, not {type(message).__name__}")
            action = action["action"]
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise ValueError(f"an action is a menu index (int), not {type(action).__name__}")
        if not 0 <= action < self.size:
            raise ValueError(f"action {int(action)} is outside the menu 0..{self.size - 1}")
        return Turn(message=message, actions=self.menu[int(action)])

    @staticmethod
    def _index(action: Any) -> int:
        return int(action["action"] if isinstance(action, Mapping) else action)

    def render(self) -> str | None:
        """The public history as text (``render_mode="ansi"``), else None."""
        if self.render_mode != "ansi":
            return None
        names = self.game.facts.player_names
        lines = [f"{self.game.facts.game_id} seed {self.seed}; returns {self.state.returns()}"]
        lines += [f"{names[r.player]}: {r.turn.message} {list(r.turn.actions)}" for r in self.state.history]
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""


def to_pettingzoo(game_name: str, render_mode: str | None = None, **options: Any) -> AccordEnv:
    """The registered game ``game_name`` as a PettingZoo AEC environment.

    Args:
        game_name: a registered game, optionally with options (``"name(size=5)"``,
            :func:`agent.game_spec.parse_game_spec`).
        render_mode: ``"ansi"`` or None.
        options: the game's options (validated by its kit; they may not repeat one the name gives).

    Returns:
        The environment; call ``reset(seed=...)`` before use.

    Raises:
        UnknownNameError: no such game.
        OptionsError: a bad option.
        ValueError: a malformed name, or a game without an action menu.
    """
    from agent.registry import default_registry

    registry = default_registry()
    kit, game = registry.load(game_name, options)
    return AccordEnv(kit, game, render_mode)


def benchmark(game_name: str) -> dict[str, Any]:
    """PettingZoo's ``performance_benchmark`` on game ``game_name`` (a game spec): masked random
    play for its fixed five seconds, resetting at each game's end.

    Returns:
        ``game``, ``menu`` (the Discrete size), ``features``, and the benchmark's ``turns_per_s`` and
        ``cycles_per_s`` (a cycle steps every agent once), read from what it prints.
    """
    import contextlib
    import io
    import re

    from pettingzoo.test import performance_benchmark

    env = to_pettingzoo(game_name)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        performance_benchmark(env)
    rates = dict(re.findall(r"([0-9.e+-]+) (turns|cycles) per second", printed.getvalue()))
    found = {kind: float(value) for value, kind in rates.items()}
    return {
        "game": game_name,
        "menu": env.size,
        "features": env.num_features,
        "turns_per_s": found["turns"],
        "cycles_per_s": found["cycles"],
    }


__all__ = ["AccordEnv", "AnyText", "benchmark", "chat_text", "to_pettingzoo"]
