"""A toy game kit that lives only under tests/: registered through ``ACCORD_KITS``, it must get
every command (games, check, selfplay, ablate, results, parse, play) with no edit to shared code,
and adds one of its own (``accord toy digits``)."""

from __future__ import annotations

from pathlib import Path

from agent.kits.base import GameKit, OracleLanguage, Preset, Slot, env_module, from_factory
from language.base import NullParser, NullRenderer
from tests.kits.toy_sum.agents import Tell, ToyBeliefs, ToyContext, ToyParser, ToyPlanner, ToyRenderer, ToyTerminal
from tests.kits.toy_sum.commands import COMMANDS
from tests.kits.toy_sum.game import Declare, ToySumGame, ToySumMetrics

REFERENCE = "tests.kits.toy_sum:kit"
SWEEP = Path(__file__).with_name("sweep.toml")


def kit() -> GameKit:
    """The Toy Sum kit."""
    slots = {
        "parser": Slot(
            "reads 'my number is N'",
            {"rules": from_factory(ToyParser, "a regular expression"), "off": from_factory(NullParser, "deaf")},
            "rules",
        ),
        "beliefs": Slot("own and told digits", {"store": from_factory(lambda: ToyBeliefs, "digits")}, "store"),
        "planner": Slot("tell, then declare", {"tell": from_factory(ToyPlanner, "tells and declares")}, "tell"),
        "renderer": Slot(
            "templates",
            {"template": from_factory(ToyRenderer, "templates"), "off": from_factory(NullRenderer, "mute")},
            "template",
        ),
    }
    return GameKit(
        name="toy_sum",
        description="toy: agree on the sum of two secret digits",
        make_game=ToySumGame,
        acts=Tell,
        slots=slots,
        presets=[Preset("teller", "tells its digit and declares the sum")],
        metrics=ToySumMetrics,
        oracle=OracleLanguage(ToyParser, ToyRenderer, ToyContext),
        terminal=ToyTerminal,
        sweeps={"paper": SWEEP},
        commands=COMMANDS,
        actions=Declare,
        env=env_module("tests.kits.toy_sum.env"),
    )
