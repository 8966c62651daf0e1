"""Terminal play of Gnomes at Night: your side of the maze is drawn as text (``@`` the token, ``$``
the treasure when you see it); type a move and a message on one line (``right can you go up?``), or a
message and then the move when asked; ``/board`` draws the maze again; ``/quit``."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from agent.terminal import prompt_line, say
from games.base import Turn

_MOVE_WORDS = {"r": "right", "l": "left", "u": "up", "d": "down", "s": "stay"}


def draw_maze(observation: Any) -> str:
    """One side of a Gnomes at Night maze as text: ``@`` token, ``$`` treasure (if seen), ``S`` start."""
    n = observation.size
    v, h = observation.vertical, observation.horizontal
    lines = ["+" + "---+" * n]
    for y in range(n):
        row = "|"
        for x in range(n):
            mark = " "
            if (x, y) == tuple(observation.start):
                mark = "S"
            if observation.treasure is not None and (x, y) == tuple(observation.treasure):
                mark = "$"
            if (x, y) == tuple(observation.token):
                mark = "@"
            row += f" {mark} " + ("|" if x == n - 1 or v[y][x] else " ")
        lines.append(row)
        lines.append("+" + "".join("---+" if y == n - 1 or h[y][x] else "   +" for x in range(n)))
    return "\n".join(lines)


class GnomesAtNightUI:
    """Terminal play of Gnomes at Night: your side drawn as text, a move and a message per turn."""

    def intro(self, console: Console, observation: Any, game_id: str, preset: str) -> None:
        say(
            console,
            (game_id, "bold"),
            f": steer the token (@) to the treasure with your partner ({preset}). You see only "
            "your side's walls; your partner's walls differ. Type 'MOVE message' (moves: stay right up left "
            "down, or s r u l d), /board, /quit.",
        )
        self._board(console, observation)

    def _board(self, console: Console, observation: Any) -> None:
        seen = (
            f"the treasure is at $ {tuple(observation.treasure)}"
            if observation.treasure
            else "you cannot see the treasure"
        )
        say(console, f"round {observation.round}/{observation.rounds}, turn {observation.round_turns}, {seen}")
        console.print(draw_maze(observation), highlight=False, markup=False)

    def read_turn(self, console: Console, observation: Any) -> Turn | None:
        from games.gnomes_at_night import MOVES, MoveAction

        self._board(console, observation)
        while True:
            line = prompt_line()
            if line is None:
                return None
            if line == "/board":
                self._board(console, observation)
                continue
            first, _, rest = line.partition(" ")
            move = _MOVE_WORDS.get(first.lower(), first.lower())
            message = rest.strip() if move in MOVES else line
            while move not in MOVES:
                answer = prompt_line("move (stay/right/up/left/down)> ")
                if answer is None:
                    return None
                move = _MOVE_WORDS.get(answer.lower(), answer.lower())
            return Turn(message=message, actions=(MoveAction(move=move),))

    def show_partner(self, console: Console, turn: Turn, state: Any, human: int) -> None:
        if turn.message:
            say(console, ("partner>", "cyan"), f" {turn.message}")
        moved = turn.actions[0].move if turn.actions else "stay"
        say(console, ("partner moved", "cyan"), f" {moved}")

    def summary(self, console: Console, metrics: dict[str, Any]) -> None:
        rounds = ", ".join(
            f"{r['round']}: {'found' if r['success'] else 'missed'} in {r['turns']} (best {r['oracle_turns']})"
            for r in metrics["per_round"]
        )
        say(console, f"rounds solved {metrics['rounds_solved']}/{metrics['rounds']}: {rounds}")
