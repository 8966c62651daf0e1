"""The commands game kits add to ``accord``: every registered kit's
:class:`~agent.kits.base.KitCommand` entries, mounted into the command line.

The top-level group mounts them on demand (:class:`agent.cli.OneLineErrors`): when it lists its
commands (``accord --help``) or is asked for one it has not built in, or for a built-in group a kit
may add to. A command that only the built-in code serves (``accord selfplay ...``) never builds the
registry for it. Kits that declare the same command (the same callback under the same group and
name) share it; it is mounted once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import typer
from typer.core import TyperGroup

from agent.kits.base import GameKit, KitCommand


@dataclass
class KitGroup:
    """The kit commands of one command group: its help line and its commands by name."""

    help: str = ""
    commands: dict[str, KitCommand] = field(default_factory=dict)


def collect(kits: Iterable[GameKit]) -> dict[str, KitGroup]:
    """The commands of ``kits`` by group, in order of first declaration.

    Raises:
        ValueError: two kits declare one command (group and name) with different callbacks.
    """
    groups: dict[str, KitGroup] = {}
    owners: dict[tuple[str, str], str] = {}
    for kit in kits:
        for command in kit.commands:
            group = groups.setdefault(command.group, KitGroup())
            group.help = group.help or command.group_help
            known = group.commands.get(command.name)
            if known is not None and known.callback is not command.callback:
                owner = owners[(command.group, command.name)]
                raise ValueError(
                    f"game kits {owner!r} and {kit.name!r} both declare 'accord {command.group} {command.name}'"
                )
            if known is None:
                group.commands[command.name] = command
                owners[(command.group, command.name)] = kit.name
    return groups


def mount(root: TyperGroup, kits: Iterable[GameKit]) -> None:
    """Add the commands of ``kits`` to ``root``: into a built-in group of the same name, or into a
    new group with the kits' help line.

    Raises:
        ValueError: two kits declare one command differently, a kit group takes the name of a
            built-in command that is not a group, or a kit command that of a built-in one.
    """
    for name, declared in collect(kits).items():
        built = typer.Typer(no_args_is_help=True, help=declared.help or None)
        for command in declared.commands.values():
            built.command(command.name)(command.callback)
        group = typer.main.get_group(built)
        group.name = name  # the help lists a command by its own name
        existing = root.commands.get(name)
        if existing is None:
            root.add_command(group, name)
            continue
        if not isinstance(existing, TyperGroup):
            raise ValueError(f"a game kit declares the command group {name!r}, which is a built-in command")
        for command_name, mounted in group.commands.items():
            if command_name in existing.commands:
                raise ValueError(f"a game kit declares 'accord {name} {command_name}', which is built in")
            existing.add_command(mounted, command_name)
