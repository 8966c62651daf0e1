"""The ``accord`` command line.

Every command that produces results takes ``--json PATH`` (``-`` = standard output). User errors
(bad files, unknown names, bad options, and click's usage errors) print one line on standard error
and exit with code 2, before anything runs where they can be known then: output paths are checked
first. User and data text is never read as rich markup.

This module builds the app: the command group (:class:`OneLineErrors`), its sub-groups, and every
built-in command, registered here explicitly from one module per command group: :mod:`.parse`,
:mod:`.selfplay`, :mod:`.ablate`, :mod:`.games` (games, check, play), :mod:`.solve`,
:mod:`.bench`, :mod:`.serve`, :mod:`.llm`, :mod:`.results` and :mod:`.evaluate`. The game kits add their own commands
(:class:`~agent.kits.base.KitCommand`, mounted by :mod:`.kit_commands`); this module names no
game. What the commands share lives in :mod:`.common` (consoles, user errors, output checks and
writers, progress), :mod:`.options` (the ``--llm-*`` options and option parsing) and :mod:`.tables`
(the metrics tables). A command imports games, solvers and models inside its body, when it runs.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperGroup

from agent.cli import ablate, bench, evaluate, games, kit_commands, llm, parse, results, selfplay, serve, solve
from agent.cli.common import _check_outputs_first, click_errors, console
from agent.terminal import say
from language.text import error_line

if TYPE_CHECKING:
    from typer._click.core import Command, Context

__all__ = ["app", "main"]


class OneLineErrors(TyperGroup):
    """The ``accord`` command group. Click's usage errors (a bad value, a missing argument, no such
    option or command) print one line on standard error with exit code 2, like every other error,
    and every command's output paths (:data:`.common.DATA_OUTPUTS`, :data:`.common.PNG_OUTPUTS`)
    are checked before the command runs. The registered game kits' commands are mounted when the
    group lists its commands or is asked for one it may not hold yet (see :mod:`.kit_commands`)."""

    _kits_mounted = False

    def _mount_kit_commands(self) -> None:
        """Mount every registered kit's commands, once.

        Raises:
            ClickException: the kits declare clashing commands (one line, exit code 2).
        """
        if self._kits_mounted:
            return
        self._kits_mounted = True
        from agent.registry import default_registry

        try:
            kit_commands.mount(self, default_registry())
        except ValueError as err:
            problem = click_errors.ClickException(error_line(err))
            problem.exit_code = 2
            raise problem from None
        _check_outputs_first(self)

    def list_commands(self, ctx: Context) -> list[str]:
        """The built-in commands, then the groups the kits add."""
        self._mount_kit_commands()
        return super().list_commands(ctx)

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        """The command ``cmd_name``. The kits' commands are mounted first unless it is a built-in
        command that is not a group (``accord selfplay`` builds no registry to find itself)."""
        known = self.commands.get(cmd_name)
        if known is None or isinstance(known, TyperGroup):
            self._mount_kit_commands()
        return super().get_command(ctx, cmd_name)

    def main(  # type: ignore[override]
        self,
        args: Any = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command line; in standalone mode exit with the command's code."""
        _check_outputs_first(self)
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click_errors.NoArgsIsHelpError as err:
            sys.exit(err.exit_code)  # the help is printed already
        except click_errors.ClickException as err:
            message = err.format_message().rstrip(".")
            command = getattr(getattr(err, "ctx", None), "command_path", None)
            hint = f" (see {command} --help)" if isinstance(err, click_errors.UsageError) and command else ""
            say(console, ("error:", "bold red"), f" {message[:1].lower()}{message[1:]}{hint}")
            sys.exit(err.exit_code)
        except typer.Abort:
            say(console, "aborted")
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    cls=OneLineErrors,
    add_completion=False,
    no_args_is_help=True,
    help="Accord: agents that decide together with a partner through dialogue.",
)
solve_app = typer.Typer(no_args_is_help=True, help="Exact combinatorial solvers.")
bench_app = typer.Typer(no_args_is_help=True, help="Benchmarks (ratios against references measured in the same run).")
app.add_typer(solve_app, name="solve")
app.add_typer(bench_app, name="bench")
llm_app = typer.Typer(no_args_is_help=True, help="Language-model servers for the LLM stages.")
app.add_typer(llm_app, name="llm")
results_app = typer.Typer(no_args_is_help=True, help="Result stores of sweeps: summaries, transcripts, plots.")
app.add_typer(results_app, name="results")
eval_app = typer.Typer(no_args_is_help=True, help="Evaluations of single modules on labelled data.")
app.add_typer(eval_app, name="eval")

# The commands: `accord --help` lists the top-level ones in this order, then the groups above, then
# the groups the game kits add.
app.command("parse")(parse.parse_command)
app.command("selfplay")(selfplay.selfplay_command)
app.command("ablate")(ablate.ablate_command)
app.command("games")(games.games_command)
app.command("check")(games.check_command)
app.command("play")(games.play_command)
app.command("serve")(serve.serve_command)
solve_app.command("tsp")(solve.solve_tsp_command)
bench_app.command("solvers")(bench.bench_solvers_command)
bench_app.command("env")(bench.bench_env_command)
bench_app.command("hot")(bench.bench_hot_command)
llm_app.command("serve")(llm.llm_serve_command)
results_app.command("summarize")(results.results_summarize_command)
results_app.command("show")(results.results_show_command)
results_app.command("plot")(results.results_plot_command)
eval_app.command("parse")(evaluate.eval_parse_command)
eval_app.command("misread")(evaluate.eval_misread_command)


def main() -> None:
    """Console-script entry point."""
    try:
        app()
    except KeyboardInterrupt:
        say(console, "interrupted")
        sys.exit(130)
