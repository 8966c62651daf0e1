"""No Traveling Adventurers agent ever submits an invalid tour (issue 12, item 12).

A person types "L -> E -> A -> B -> K -> C -> L, deal? done"; every preset must read it as that
tour and, whatever it decides, never submit (nor announce) anything but a closed tour visiting every
room exactly once from the start. The check is one point in ``PipelineAgent.act`` that every turn
passes through, so it also holds for a planner that goes wrong.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent.pipeline import PipelineAgent
from agent.registry import default_registry
from beliefs.traveling_adventurers import AgreementTracker, PartnerModel, TravelingAdventurersBeliefs
from games.base import Turn
from games.traveling_adventurers import BOT, Submit, TravelingAdventurersGame
from language.acts import End, Intent, Suggest
from language.traveling_adventurers import TravelingAdventurersParser, TravelingAdventurersRenderer
from language.traveling_adventurers.context import DialogueContext

PRESETS = ("baseline", "grounding", "state-tracking", "problem-solving")
TOUR = ["L", "E", "A", "B", "K", "C", "L"]


def agent(preset: str) -> PipelineAgent:
    registry = default_registry()
    built = registry.build_agent(registry.preset("traveling_adventurers", preset))
    built.reset(np.random.default_rng(0))
    return built


def is_tour(path: list[str], rooms: list[str], start: str) -> bool:
    """The rules' tour: from the start, every room exactly once, back to the start."""
    return len(path) == len(rooms) + 1 and path[0] == path[-1] == start and sorted(path[:-1]) == sorted(rooms)


def _announced(message: str, observation: object) -> list[list[str]]:
    """The tours a message declares final, as the partner reads it."""
    context = DialogueContext(rooms=observation.rooms, start=observation.start, visited=[observation.start])  # type: ignore[attr-defined]
    return [a.path for a in TravelingAdventurersParser().parse(message, context) if isinstance(a, End)]


def _assert_only_valid_tours(turn: Turn, observation: object) -> None:
    rooms, start = list(observation.rooms), observation.start  # type: ignore[attr-defined]
    for action in turn.actions:
        assert isinstance(action, Submit) and is_tour(action.path, rooms, start), action
    for path in _announced(turn.message, observation):
        assert is_tour(path, rooms, start), turn.message


@pytest.mark.parametrize("board", range(1, 7))
@pytest.mark.parametrize("preset", PRESETS)
def test_an_arrow_tour_with_done_is_never_submitted_as_an_invalid_tour(preset: str, board: int) -> None:
    """Issue 12 #12: the reported message made baseline, grounding and state-tracking submit L-E-A-B-K-C-L-L."""
    state = TravelingAdventurersGame(board=board).new_initial_state(0)
    state.apply(Turn(message="L -> E -> A -> B -> K -> C -> L, deal? done"))
    bot = agent(preset)
    observation = state.observation(BOT)
    turn = bot.act(observation)
    assert bot.trace[-1].heard == [[{"act": "end", "path": TOUR}]]
    _assert_only_valid_tours(turn, observation)
    if preset in ("baseline", "grounding"):  # without state tracking the partner's word is taken
        assert turn.actions == (Submit(path=TOUR),)
    assert "(L) -> the living room (L)" not in turn.message and "lounge --> living room" not in turn.message


@pytest.mark.parametrize("preset", PRESETS)
def test_an_arrow_tour_without_done_is_never_closed_twice(preset: str) -> None:
    """Issue 12 #12: a whole tour suggested with arrows is not extended by a second return home."""
    state = TravelingAdventurersGame(board=1).new_initial_state(0)
    state.apply(Turn(message="L -> E -> A -> B -> K -> C -> L"))
    bot = agent(preset)
    observation = state.observation(BOT)
    turn = bot.act(observation)
    _assert_only_valid_tours(turn, observation)


class FixedPlanner:
    """A planner that always decides ``intent`` (to test the pipeline's last check)."""

    def __init__(self, intent: Intent) -> None:
        self.intent = intent

    def plan(self, beliefs: object, observation: object, rng: np.random.Generator) -> Intent:
        return self.intent


def _pipeline(intent: Intent) -> PipelineAgent:
    built = PipelineAgent(
        "fixed",
        TravelingAdventurersParser(),
        lambda obs: TravelingAdventurersBeliefs(PartnerModel(), AgreementTracker(start=obs.start)),
        FixedPlanner(intent),
        TravelingAdventurersRenderer(),
        turn_checks=default_registry().kit("traveling_adventurers").turn_checks,
    )
    built.reset(np.random.default_rng(0))
    return built


@pytest.mark.parametrize(
    "bad",
    [
        ["L", "E", "A", "B", "K", "C", "L", "L"],
        ["L", "E", "K", "C", "B", "E", "L"],
        ["L", "E", "A", "B", "K", "C"],
        ["E", "A", "B", "K", "C", "L", "E"],
        ["L", "E", "L"],
    ],
)
@pytest.mark.parametrize("llm_message", [None, "I'll submit it now."])
def test_the_pipeline_withdraws_an_invalid_submission(bad: list[str], llm_message: str | None) -> None:
    """Issue 12 #12: whatever the planner decides, an invalid tour is neither submitted nor announced."""
    intent = Intent(acts=[End(path=bad)], actions=[Submit(path=bad)], message=llm_message)
    bot = _pipeline(intent)
    observation = TravelingAdventurersGame(board=1).new_initial_state(0).observation(BOT)
    turn = bot.act(observation)
    assert turn.actions == ()
    assert turn.message and not _announced(turn.message, observation)
    assert all(a["act"] != "end" for a in bot.trace[-1].said)
    assert bot.trace[-1].withdrawn == [{"act": "end", "path": bad}]
    assert bot.beliefs.tracker.partner_final is None


def test_the_pipeline_keeps_a_valid_submission() -> None:
    """Issue 12 #12: the check leaves valid tours and the rest of the intent alone."""
    tour = ["L", "E", "B", "K", "C", "A", "L"]
    intent = Intent(acts=[Suggest(path=["L", "E"]), End(path=tour)], actions=[Submit(path=tour)])
    bot = _pipeline(intent)
    observation = TravelingAdventurersGame(board=1).new_initial_state(0).observation(BOT)
    turn = bot.act(observation)
    assert turn.actions == (Submit(path=tour),)
    assert [a["act"] for a in bot.trace[-1].said] == ["suggest", "end"]


ROOM_WORDS = ("L", "E", "A", "B", "K", "C", "kitchen", "attic", "living room", "bathroom")
GLUE = (" -> ", " --> ", " → ", " => ", "-", ", ", " to ", " then ")
ENDINGS = ("", ", deal? done", ". done", " final path", " we're done", ", ok?", " yes", " no")


@st.composite
def partner_lines(draw: st.DrawFn) -> str:
    rooms = draw(st.lists(st.sampled_from(ROOM_WORDS), min_size=1, max_size=9))
    return draw(st.sampled_from(GLUE)).join(rooms) + draw(st.sampled_from(ENDINGS))


@pytest.mark.parametrize("preset", PRESETS)
def test_no_preset_submits_an_invalid_tour_whatever_the_partner_says(preset: str) -> None:
    """Issue 12 #12: over random tour-like partner messages, every submission is a valid tour."""

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)
    @given(st.lists(partner_lines(), min_size=1, max_size=4))
    def run(lines: list[str]) -> None:
        state = TravelingAdventurersGame(board=2).new_initial_state(0)
        bot = agent(preset)
        for line in lines:
            if state.is_terminal():
                break
            state.apply(Turn(message=line))
            if state.is_terminal():
                break
            observation = state.observation(BOT)
            turn = bot.act(observation)
            _assert_only_valid_tours(turn, observation)
            state.apply(turn)

    run()
