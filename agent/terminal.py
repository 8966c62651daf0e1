"""Human-agent play in the terminal: a person plays one side, an agent preset the other.

Commands at the prompt: a chat message as typed; ``/submit L,E,A,B,K,C,L`` to submit the final
tour (with an optional message after ``--``); ``/coins`` to show your coins again; ``/quit``.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from agent.arena import agent_rng
from agent.registry import default_registry
from games.base import IllegalTurnError, Turn
from language.llm_client import LLMConfig


def _coins_table(observation: Any) -> Table:
    table = Table(title=f"your {observation.coin_kind} coins (you are {observation.role})")
    table.add_column("hallway")
    table.add_column("coins", justify="right")
    for u, v, c in observation.own_coins:
        table.add_row(f"{observation.rooms[u]} ({u}) - {observation.rooms[v]} ({v})", str(c))
    return table


def _read_turn(console: Console, observation: Any) -> Turn | None:
    """Prompt until the person gives a usable turn; None means quit (or end of input)."""
    from games.traveling_adventurers import Submit

    while True:
        try:
            line = input("you> ").strip()
        except EOFError:
            return None
        if line == "/quit":
            return None
        if line == "/coins":
            console.print(_coins_table(observation))
            continue
        if line.startswith("/submit"):
            body, _, message = line[len("/submit") :].partition("--")
            path = [p.strip().upper() for p in body.replace("->", ",").split(",") if p.strip()]
            if len(path) < 2:
                console.print("usage: /submit L,E,A,B,K,C,L [-- message]")
                continue
            return Turn(message=message.strip(), actions=(Submit(path=path),))
        if line:
            return Turn(message=line)


def play_in_terminal(
    game_name: str,
    preset: str,
    human: int,
    seed: int,
    game_options: dict[str, Any],
    console: Console,
    llm: LLMConfig | None = None,
) -> dict[str, Any]:
    """Play one game with a person at the keyboard; returns the transcript and metrics.

    ``llm`` configures the language model of an LLM preset (default: from the environment).
    """
    registry = default_registry()
    game = registry.make_game(game_name, **game_options)
    agent = registry.build_agent(registry.preset(game_name, preset), llm)
    agent.reset(agent_rng(seed, 1 - human))
    state = game.new_initial_state(seed)
    observation = state.observation(human)
    console.print(
        f"[bold]{game.facts.game_id}[/]: agree on one round trip from {observation.rooms[observation.start]} "
        f"through every room with your partner ({preset}); type /coins, /submit PATH, /quit."
    )
    console.print(_coins_table(observation))
    while not state.is_terminal():
        player = state.current_player
        if player == human:
            turn = _read_turn(console, state.observation(human))
            if turn is None:
                console.print("you left the game")
                break
        else:
            turn = agent.act(state.observation(player))
        try:
            state.apply(turn)
        except IllegalTurnError as err:
            console.print(f"[red]refused:[/] {err}")
            continue
        if player != human:
            if turn.message:
                console.print(f"[cyan]partner>[/] {turn.message}")
            if turn.actions:
                path = turn.actions[0].path
                console.print(f"[cyan]partner submitted[/] {' -> '.join(path)}")
                if state.submissions[human] is None:
                    console.print(f"to submit the same tour, type: /submit {','.join(path)}")
    metrics = state.metrics()
    console.print(
        f"identical={metrics['identical']} correct={metrics['correct']} optimal={metrics['optimal']} "
        f"joint score={metrics['joint_score']} (optimum {metrics['optimum']}), score={metrics['score']}"
    )
    return {
        "game_id": game.facts.game_id,
        "seed": seed,
        "agent": preset,
        "human": game.facts.player_names[human],
        "metrics": metrics,
        "transcript": [{"player": game.facts.player_names[r.player], "message": r.turn.message} for r in state.history],
    }
