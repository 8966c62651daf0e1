"""Terminal play of Overcooked: the kitchen drawn in colour, three characters per cell, and a line per
pot and chef; type an action (``w a s d``, ``north`` / ``up`` ..., ``e`` or ``interact``, ``.`` or
``stay``), optionally followed by ``--`` and a chat message; ``/board`` draws the kitchen again;
``/quit``.

====== =========================================================================================
cell   drawn as
====== =========================================================================================
floor  ``   ``
``X``  ``[ ]`` an empty counter, ``[o]`` ``[d]`` ``[s]`` with an onion, a dish, a soup on it
``O``  `` O `` onion dispenser; ``D``: `` D `` dish dispenser; ``S``: `` S `` serving window
``P``  ``P`` + onions in it + ``.`` idle, ``~`` cooking, ``!`` ready (``P3~``)
chef   its initial, its facing arrow, its held item (``A↑o``: Alice facing north with an onion)
====== =========================================================================================
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from agent.terminal import prompt_line, say
from games.base import Turn
from games.overcooked import ACTIONS, Move, Obj

ARROWS = {(0, -1): "↑", (0, 1): "↓", (1, 0): "→", (-1, 0): "←"}
ITEM = {"onion": "o", "dish": "d", "soup": "s"}
WORDS = {
    "w": "north",
    "up": "north",
    "n": "north",
    "s": "south",
    "down": "south",
    "d": "east",
    "right": "east",
    "a": "west",
    "left": "west",
    "e": "interact",
    "i": "interact",
    ".": "stay",
    "wait": "stay",
} | {name: name for name in ACTIONS}
STYLE = {"X": "on grey23", "O": "bold yellow", "D": "bold white", "S": "bold green", "P": "bold red", " ": ""}


def soup_text(soup: Obj, cook_time: int) -> str:
    """A soup in words: ``3 onions, cooking 7/20``, ``2 onions, idle``, ``3 onions, ready``."""
    onions = f"{len(soup.ingredients)} onion{'s' if len(soup.ingredients) != 1 else ''}"
    if soup.cooking_tick < 0:
        return f"{onions}, idle"
    if soup.cooking_tick >= cook_time:
        return f"{onions}, ready"
    return f"{onions}, cooking {soup.cooking_tick}/{cook_time}"


def _cell(observation: Any, x: int, y: int, chefs: dict[tuple[int, int], int]) -> tuple[str, str]:
    kitchen = observation.kitchen
    if (x, y) in chefs:
        seat = chefs[(x, y)]
        chef = kitchen.chefs[seat]
        held = ITEM[chef.held.name] if chef.held is not None else " "
        return f"{observation.players[seat][0]}{ARROWS[tuple(chef.orientation)]}{held}", (
            "bold black on cyan" if seat == observation.seat else "bold black on magenta"
        )
    terrain = observation.grid[y][x]
    obj = kitchen.object_at((x, y))
    if terrain == "X":
        return f"[{ITEM[obj.name] if obj is not None else ' '}]", STYLE["X"]
    if terrain == "P":
        if obj is None:
            return "P0.", STYLE["P"]
        mark = "." if obj.cooking_tick < 0 else "!" if obj.cooking_tick >= observation.cook_time else "~"
        return f"P{len(obj.ingredients)}{mark}", STYLE["P"]
    return (f" {terrain} " if terrain != " " else "   "), STYLE[terrain]


def draw_kitchen(observation: Any) -> Text:
    """The kitchen of an Overcooked observation as coloured text, then a line per pot and per chef."""
    kitchen = observation.kitchen
    chefs = {tuple(chef.position): seat for seat, chef in enumerate(kitchen.chefs)}
    text = Text()
    for y in range(observation.height):
        for x in range(observation.width):
            cell, style = _cell(observation, x, y, chefs)
            text.append(cell, style=style)
        text.append("\n")
    for y, row in enumerate(observation.grid):
        for x, terrain in enumerate(row):
            if terrain == "P":
                soup = kitchen.object_at((x, y))
                text.append(f"pot at ({x},{y}): {soup_text(soup, observation.cook_time) if soup else 'empty'}\n")
    for seat, chef in enumerate(kitchen.chefs):
        held = "nothing" if chef.held is None else chef.held.name
        if chef.held is not None and chef.held.name == "soup":
            held = f"a soup ({soup_text(chef.held, observation.cook_time)})"
        you = " (you)" if seat == observation.seat else ""
        text.append(f"{observation.players[seat]}{you} at {tuple(chef.position)}, facing ")
        text.append(f"{ARROWS[tuple(chef.orientation)]}, holding {held}\n")
    text.append(
        f"step {kitchen.timestep}/{observation.horizon}, score {observation.score} "
        f"({observation.deliveries} soups delivered)"
    )
    return text


def parse_action(words: str) -> str | None:
    """The action named by ``words`` (``w``, ``up``, ``North``, ``e`` ...), or None."""
    return WORDS.get(words.strip().lower())


class OvercookedUI:
    """Terminal play of Overcooked: the kitchen in colour, one action (and a message) per step."""

    def intro(self, console: Console, observation: Any, game_id: str, agent: str) -> None:
        say(
            console,
            (game_id, "bold"),
            f": cook onion soups with your partner ({agent}) in {observation.layout}. Three onions in a pot "
            "cook by themselves; take the soup with a dish and serve it for 20. Type w/a/s/d to move, e to "
            "interact, '.' to stay, optionally '-- a message'; /board, /quit.",
        )

    def read_turn(self, console: Console, observation: Any) -> Turn | None:
        console.print(draw_kitchen(observation), highlight=False)
        while True:
            line = prompt_line()
            if line is None:
                return None
            if line == "/board":
                console.print(draw_kitchen(observation), highlight=False)
                continue
            words, _, message = line.partition("--")
            action = parse_action(words)
            if action is None:
                say(console, ("?", "yellow"), " one action: w a s d (move), e (interact), . (stay)")
                continue
            return Turn(message=message.strip(), actions=(Move(action=action),))  # type: ignore[arg-type]

    def show_partner(self, console: Console, turn: Turn, state: Any, human: int) -> None:
        if turn.message:
            say(console, ("partner>", "cyan"), f" {turn.message}")
        last = state.observation(human).last_step
        if human == 0 and last is not None:  # the partner (Bob) moved last: the joint step is done
            name = state.game.facts.player_names[1 - human]
            say(console, ("partner", "cyan"), f" {name} chose {last.actions[1 - human]}")

    def summary(self, console: Console, metrics: dict[str, Any]) -> None:
        say(
            console,
            f"score {metrics['score']} in {metrics['steps']} steps on {metrics['layout']}: "
            f"{metrics['deliveries']} soups delivered, {metrics['onions_potted']} onions potted",
        )
