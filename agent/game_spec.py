"""Games named with their options in one string, as OpenSpiel's ``load_game("name(players=3)")``.

A *game spec* is a registered game's name, optionally followed by its options in parentheses:
``name``, ``name(size=8)``,
``name(layout="open_plan", horizon=100)``. Values are Python literals (numbers,
``True`` / ``False`` / ``None``, quoted strings, lists); a bare word is a string
(``name(layout=open_plan)``). The registry validates the options with the game's typed
options model (:meth:`agent.registry.Registry.load_game`); the ``accord`` commands that take
``--game`` read the same syntax and refuse an option given both in the spec and by a flag.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


class GameSpecError(ValueError):
    """A game spec that does not parse (one line, saying where)."""


@dataclass(frozen=True)
class GameSpec:
    """A parsed game spec: the game's name and the options written with it."""

    name: str
    options: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        if not self.options:
            return self.name
        return f"{self.name}(" + ", ".join(f"{k}={v!r}" for k, v in self.options.items()) + ")"

    def merged(self, options: Mapping[str, Any], source: str = "keyword") -> dict[str, Any]:
        """The spec's options with ``options`` added.

        Raises:
            GameSpecError: an option given both in the spec and in ``options`` (named with ``source``).
        """
        if twice := sorted(set(self.options) & set(options)):
            raise GameSpecError(f"option {twice[0]!r} is given twice: in the game spec {str(self)!r} and as a {source}")
        return {**self.options, **options}


def parse_game_spec(text: str) -> GameSpec:
    """Parse ``name`` or ``name(key=value, ...)``.

    Raises:
        GameSpecError: the text is not a name with keyword options of literal values; the message
            says what is wrong and where (the column, 1-based).
    """
    spec = text.strip()
    if not spec:
        raise GameSpecError("empty game spec; write a game name, e.g. name(size=8); `accord games` lists the names")
    try:
        tree = ast.parse(spec, mode="eval").body
    except SyntaxError as err:
        raise GameSpecError(f"malformed game spec {spec!r}: {err.msg} at column {err.offset}") from None
    if isinstance(tree, ast.Name):
        return GameSpec(tree.id)
    if not isinstance(tree, ast.Call) or not isinstance(tree.func, ast.Name):
        raise GameSpecError(f"malformed game spec {spec!r}: expected name or name(key=value, ...)")
    if tree.args:
        column = tree.args[0].col_offset + 1
        raise GameSpecError(f"malformed game spec {spec!r}: options are key=value, not positional (column {column})")
    options: dict[str, Any] = {}
    for keyword in tree.keywords:
        if keyword.arg is None:
            raise GameSpecError(f"malformed game spec {spec!r}: ** is not an option (column {keyword.col_offset + 1})")
        if keyword.arg in options:
            raise GameSpecError(f"game spec {spec!r} gives option {keyword.arg!r} twice")
        options[keyword.arg] = _value(keyword.value, spec)
    return GameSpec(tree.func.id, options)


def _value(node: ast.expr, spec: str) -> Any:
    if isinstance(node, ast.Name) and node.id not in ("True", "False", "None"):
        return node.id
    try:
        return ast.literal_eval(node)
    except ValueError:
        text = ast.get_source_segment(spec, node) or "?"
        raise GameSpecError(
            f"malformed game spec {spec!r}: {text!r} is not a literal value (column {node.col_offset + 1})"
        ) from None


__all__ = ["GameSpec", "GameSpecError", "parse_game_spec"]
