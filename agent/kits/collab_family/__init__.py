"""What the two Collab kits (LLM-Coordination's Collab Capture and Collab Escape, seed 002) share:
their slot layout, presets, terminal play and browser widget (``web/``).

| slot | implementations (default first) |
| --- | --- |
| parser | ``rules`` (moves said in words: :class:`language.collab.CollabParser`), ``off`` |
| beliefs | ``store`` (the partner's stated plan and suggestion: :class:`beliefs.collab.CollabBeliefs`) |
| planner | ``exact`` (the solvers' joint optimum), ``greedy`` (the original baseline), ``cac-symbolic``, ``cac`` (a language model; needs one), ``random``, ``off`` |
| renderer | ``template`` (the move as the speaker's plan), ``off`` |

Presets: ``exact`` (default), ``greedy``, ``cac-symbolic``, ``cac`` and ``random`` (silent).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from rich.console import Console

from agent.kits.base import (
    EnvCodec,
    GameKit,
    Implementation,
    OracleLanguage,
    Preset,
    Slot,
    from_factory,
    kit_data,
    switched_off,
)
from games.base import GameMetrics, Turn

WEB = kit_data(__name__, "web")
"""The widget both kits share (it draws either game from the view)."""


def _beliefs() -> Any:
    from beliefs.collab import CollabBeliefs

    return CollabBeliefs


def _random() -> Any:
    from planners.random_moves import UniformMovePlanner

    return UniformMovePlanner()


def _cac(llm: Any, tom: bool = True, verifier: bool = True, max_choices: int = 3) -> Any:
    from planners.collab_cac import language_cac

    return language_cac(llm, tom=tom, verifier=verifier, max_choices=max_choices)


def _cac_symbolic(tom: bool = True, verifier: bool = True, max_choices: int = 3) -> Any:
    from planners.collab_cac import symbolic_cac

    return symbolic_cac(tom=tom, verifier=verifier, max_choices=max_choices)


def cac_planners() -> dict[str, Implementation]:
    """The ``cac-symbolic`` and ``cac`` planners (the same for both games; switches ``tom``,
    ``verifier``, ``max_choices``)."""
    return {
        "cac-symbolic": from_factory(_cac_symbolic, "the CAC agent with every module's symbolic twin"),
        "cac": from_factory(_cac, "the CAC agent on a language model; the exact planner as fallback", needs_llm=True),
    }


def collab_kit(
    name: str,
    description: str,
    make_game: Callable[..., Any],
    metrics: type[GameMetrics],
    planners: Mapping[str, Implementation],
    terminal: Callable[[], Any],
    sweeps: Mapping[str, Path],
    summary_metrics: tuple[str, ...],
    env: Callable[[], EnvCodec],
) -> GameKit:
    """The kit of one Collab game.

    Args:
        planners: the game's ``exact``, ``greedy``, ``cac-symbolic`` and ``cac`` planners (the
            family adds ``random`` and ``off``).
        terminal: builds the game's terminal view.
        sweeps: the game's sweep files; ``table7`` is the paper's.
        env: builds the game's :class:`~agent.kits.base.EnvCodec` (:mod:`agent.kits.collab_family.env`).
    """
    from games.collab import CollabAction
    from language.collab import CollabContext, CollabParser, CollabPlan, CollabRenderer, CollabSuggest
    from language.collab_llm import scripted_answer

    slots = {
        "parser": Slot(
            "reads the moves a partner's message names (its plan, its suggestion for us)",
            {"rules": from_factory(CollabParser, "moves said in words"), "off": switched_off("parser")},
            "rules",
        ),
        "beliefs": Slot(
            "the partner's stated plan and suggestion this turn",
            {"store": from_factory(_beliefs, "the partner's stated plan and suggestion")},
            "store",
        ),
        "planner": Slot(
            "chooses the seat's move",
            {
                **planners,
                "random": from_factory(_random, "a uniformly random legal move"),
                "off": switched_off("planner"),
            },
            "exact",
        ),
        "renderer": Slot(
            "says the seat's move as its plan",
            {
                "template": from_factory(CollabRenderer, "the move as the speaker's plan"),
                "off": switched_off("renderer"),
            },
            "template",
        ),
    }
    return GameKit(
        name=name,
        description=description,
        make_game=make_game,
        acts=CollabPlan | CollabSuggest,
        slots=slots,
        presets=[
            Preset("exact", "the exact planner: each seat plays its part of the joint optimum"),
            Preset("greedy", "the greedy baseline (Table 7's)", {"planner": "greedy"}),
            Preset("cac-symbolic", "the CAC agent with every module's symbolic twin", {"planner": "cac-symbolic"}),
            Preset(
                "cac", "the CAC agent: a language model chooses, with theory of mind and a verifier", {"planner": "cac"}
            ),
            Preset("random", "a uniformly random legal move, no words", {"planner": "random", "renderer": "off"}),
        ],
        default_preset="exact",
        metrics=metrics,
        summary_metrics=summary_metrics,
        oracle=OracleLanguage(CollabParser, CollabRenderer, CollabContext, text=scripted_answer),
        terminal=terminal,
        sweeps=sweeps,
        paper=("table7",),
        actions=CollabAction,
        env=env,
        web=WEB,
    )


class CollabUI:
    """Terminal play of a Collab game: the board as text, a move in words per turn (``move 5``,
    ``press``, ``fix``, ``wait``, ``stay``), optionally followed by ``--`` and a message.

    Args:
        board: draws an observation as text lines.
        goal: one line on what the players must do.
    """

    def __init__(self, board: Callable[[Any], list[str]], goal: str) -> None:
        self.board, self.goal = board, goal

    def _show(self, console: Console, observation: Any) -> None:
        console.print("\n".join(self.board(observation)), highlight=False, markup=False)

    def intro(self, console: Console, observation: Any, game_id: str, preset: str) -> None:
        from agent.terminal import say

        say(
            console,
            (game_id, "bold"),
            f": {self.goal} (partner: {preset}). Type a move ('move 5', "
            "'press', 'fix', 'wait'), optionally '-- a message'; /board, /moves, /quit.",
        )

    def read_turn(self, console: Console, observation: Any) -> Turn | None:
        from agent.terminal import prompt_line, say
        from games.collab import action_name
        from language.collab import CollabContext, CollabParser

        room = observation.rooms[observation.seat]
        names = [action_name(a, room) for a in observation.legal]
        self._show(console, observation)
        while True:
            line = prompt_line()
            if line is None:
                return None
            if line in ("/board", "/moves"):
                if line == "/board":
                    self._show(console, observation)
                else:
                    say(console, "; ".join(names))
                continue
            words, _, message = line.partition("--")
            context = CollabContext.of(observation, observation.seat)
            moves = [act.action for act in CollabParser().parse(words, context)]
            if not moves and words.strip().lower().startswith("move"):
                moves = [act.action for act in CollabParser().parse("go to " + words.strip()[4:], context)]
            if len(moves) != 1 or moves[0] not in observation.legal:
                say(console, ("?", "yellow"), f" name one legal move: {'; '.join(names)}")
                continue
            say(console, ("you", "green"), f" {action_name(moves[0], room)}")
            return Turn(message=message.strip(), actions=(moves[0],))

    def show_partner(self, console: Console, turn: Turn, state: Any, human: int) -> None:
        from agent.terminal import say

        if turn.message:
            say(console, ("partner>", "cyan"), f" {turn.message}")
        chat = state.chat()
        record = chat[-1].action if chat and chat[-1].seat != human else None
        if record is not None:
            say(
                console,
                ("turn", "cyan"),
                f" {record.turn}: Alice {_said(record.alice)}, Bob {_said(record.bob)}; "
                f"the adversary went {record.adversary_from} -> {record.adversary_to} ({record.result})",
            )

    def summary(self, console: Console, metrics: dict[str, Any]) -> None:
        from agent.terminal import say

        say(console, ", ".join(f"{key} {value}" for key, value in metrics.items() if key not in ("rules", "setting")))


def _said(action: Any) -> str:
    return f"{action.kind} {action.room}" if action.kind == "move" else action.kind
