"""The structured (JSON) channel for every game: the game's own act types travel loss-free.

Issue 13: the structured parser used to decode with one game's act union, so every act of any other
game (``[{"act": "opt_cell", ...}]``) parsed to no acts. The parser and renderer now take the game's
act types (and, optionally, its validators) from the caller.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from pydantic import BaseModel

from language.act_base import ActBase
from language.acts import Agree, Ask, End, Inform, Intent, Reject, Suggest
from language.asympuzl import AsympuzlContext, PuzlAct, PuzlAsk, PuzlOrder, PuzlPair, PuzlPlace, PuzlSolved
from language.dialop_llm import MEDIATION, OPTIMIZATION, PLANNING
from language.dialop_mediation import (
    MedAccept,
    MedAct,
    MedArrival,
    MedAsk,
    MedEvent,
    MedFlight,
    MediationContext,
    MedOffer,
    MedPrice,
    MedReject,
    MedWindow,
)
from language.dialop_optimization import (
    OptAct,
    OptAsk,
    OptCell,
    OptimizationContext,
    OptNoneAbove,
    OptRate,
    OptUnseen,
)
from language.dialop_planning import (
    PlanAct,
    PlanAsk,
    PlanBudget,
    PlanCategory,
    PlanFeature,
    PlanningContext,
    PlanNoPreference,
    PlanPropose,
    PlanSiteOpinion,
    PlanSiteScore,
    PlanTravel,
    PlanVerdict,
    PlanWantSite,
)
from language.flags import Direction, Flag, FlagContext
from language.structured import StructuredParser, StructuredRenderer
from language.traveling_adventurers.context import DialogueContext

TA_ACTS = (Suggest, Agree, Reject, Inform, Ask, End)
TA_CTX = DialogueContext(rooms={"L": "living room", "E": "empty room", "K": "kitchen"})
OPT_CTX = OptimizationContext(reviewers=("Ava Li", "Daniel Nguyen", "Sofia Patel"), papers=("BLEU", "GloVe"))
PUZL_CTX = AsympuzlContext(shapes=("circle", "square", "star"), colors=("red", "blue", "green"), size=3)

# game -> (act types, a context, acts covering every act class of the game)
GAMES: dict[str, tuple[object, BaseModel, list[ActBase]]] = {
    "traveling_adventurers": (
        TA_ACTS,
        TA_CTX,
        [
            Agree(path=["L", "E"]),
            Reject(),
            Suggest(path=["E", "K"]),
            Inform(edge=("E", "K"), coins=4),
            Ask(edge=("L", "K")),
            Ask(about="best_next"),
            End(path=["L", "E", "K", "L"]),
        ],
    ),
    "dialop_optimization": (
        OptAct,
        OPT_CTX,
        [
            OptCell(reviewer=0, paper=1, value=80),
            OptNoneAbove(value=60),
            OptAsk(reviewer=2),
            OptAsk(reviewer=1, paper=0),
            OptRate(reviewer=1, paper=1, level="high"),
            OptUnseen(reviewer=2, paper=0),
        ],
    ),
    "dialop_planning": (
        PlanAct,
        PlanningContext(),
        [
            PlanFeature(feature="live music", liked=(True,)),
            PlanFeature(feature="rating", liked=(4.5, 5.0), disliked=(1.0,)),
            PlanBudget(amount=40),
            PlanTravel(score=-3),
            PlanWantSite(sites=("Atlas Park", "The Mall"), must=True),
            PlanCategory(category="museum"),
            PlanSiteScore(site="Atlas Park", score=3),
            PlanSiteOpinion(site="The Mall", liked=False),
            PlanAsk(topic="budget"),
            PlanNoPreference(topic="cuisine"),
            PlanPropose(sites=("Atlas Park", None, "The Mall")),
            PlanVerdict(accept=True),
        ],
    ),
    "dialop_mediation": (
        MedAct,
        MediationContext(author="user"),
        [
            MedEvent(day=1, start="14:00", end="16:00", importance=8),
            MedPrice(pref=10, mean=300),
            MedArrival(pref=5),
            MedWindow(day=0, after="10:00", good=False),
            MedFlight(carrier="Delta", day=2, start="09:30"),
            MedAsk(about="event", day=0, start="10:00"),
            MedAsk(about="price"),
            MedOffer(carrier="United", day=1, start="08:00"),
            MedAccept(),
            MedReject(),
        ],
    ),
    "asympuzl": (
        PuzlAct,
        PUZL_CTX,
        [
            PuzlPlace(position=2, color="blue"),
            PuzlPlace(position=1, shape="star", color="red"),
            PuzlPair(shape="square", color="green"),
            PuzlOrder(shapes=["star", "circle", "square"]),
            PuzlAsk(about="color", shape="circle"),
            PuzlAsk(about="order"),
            PuzlSolved(),
        ],
    ),
    "gnomes_at_night": (
        (Flag,),
        FlagContext(last_request="up", token=(2, 3), size=9),
        [
            Flag(flag="left"),
            Flag(flag="reject", move="up"),
            Flag(flag="inquiry", blocked=["up", "left"], treasure=Direction(dx=1, dy=-1)),
            Flag(flag="accept"),
        ],
    ),
}
# the games whose registry entry offers the structured channel
REGISTERED = ("traveling_adventurers", "dialop_optimization", "dialop_planning", "dialop_mediation", "asympuzl")


def _render(renderer: StructuredRenderer, acts: list[ActBase], context: BaseModel) -> str:
    return renderer.render(Intent(acts=acts), context, np.random.default_rng(0))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_games_acts_round_trip(game):
    """Issue 13: rendered acts of every game parse back equal, one act at a time and all together."""
    acts_types, context, acts = GAMES[game]
    renderer, parser = StructuredRenderer(acts=acts_types), StructuredParser(acts=acts_types)
    for act in acts:
        assert parser.parse(_render(renderer, [act], context), context) == [act]
    assert parser.parse(_render(renderer, acts, context), context) == acts
    assert parser.refused == 0, parser.last_refusal


@pytest.mark.parametrize("game", REGISTERED)
def test_registered_structured_channel_round_trips(game):
    """Issue 13: the registry's ``structured`` parser and renderer of each game speak its acts, and
    its validators accept what its renderer writes."""
    from agent.registry import default_registry

    registry = default_registry()
    _, context, acts = GAMES[game]
    agent = registry.build_agent(
        registry.preset(game, registry.default_preset(game)).with_slots(parser="structured", renderer="structured")
    )
    parser, renderer = agent.parser, agent.renderer
    assert parser.parse(_render(renderer, acts, context), context) == acts
    assert parser.refused == 0, parser.last_refusal


def test_an_optimization_cell_is_read():
    """Issue 13, the reported case: an ``opt_cell`` act used to parse to no acts."""
    text = '[{"act": "opt_cell", "reviewer": 1, "paper": 0, "value": 75}]'
    parser = StructuredParser(acts=OptAct, language=OPTIMIZATION)
    assert parser.parse(text, OPT_CTX) == [OptCell(reviewer=1, paper=0, value=75)]
    assert parser.refused == 0


@pytest.mark.parametrize(
    ("acts", "language", "context", "data"),
    [
        (OptAct, OPTIMIZATION, OPT_CTX, [{"act": "opt_cell", "reviewer": 7, "paper": 0, "value": 75}]),
        (OptAct, OPTIMIZATION, OPT_CTX, [{"act": "opt_ask", "paper": 9}]),
        (OptAct, OPTIMIZATION, OPT_CTX, [{"act": "suggest", "path": ["L", "K"]}]),  # another game's act
        (PlanAct, PLANNING, PlanningContext(), [{"act": "plan_feature", "feature": "wifi"}]),
        (MedAct, MEDIATION, MediationContext(), [{"act": "med_event", "day": 5, "start": "10:00", "importance": 1}]),
        (PuzlAct, None, PUZL_CTX, [{"act": "puzl_place", "position": 0, "shape": "star"}]),
        (TA_ACTS, None, TA_CTX, [{"act": "flag", "flag": "up"}]),  # a flag is not an act of this game
    ],
)
def test_acts_the_game_refuses_refuse_the_whole_message(acts, language, context, data):
    """Issue 13: a message with one act outside the game's types or refused by its validators
    parses to nothing and is counted."""
    parser = StructuredParser(acts=acts, language=language)
    assert parser.parse(json.dumps(data), context) == []
    assert parser.refused == 1 and parser.last_refusal


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("text", ["", "hello", "[", '{"act": "x"}', '[{"act": "fly"}]', "[" * 5000, "1" * 5000])
def test_garbage_is_a_safe_empty_parse_for_every_game(game, text):
    """The contract holds for every game: garbage yields no acts, is counted, and nothing raises."""
    acts_types, context, _ = GAMES[game]
    parser = StructuredParser(acts=acts_types)
    assert parser.parse(text, context) == []
    assert parser.refused == 1


def test_a_validator_function_judges_the_acts():
    """``language`` may be a plain ``(acts, context) -> errors`` function instead of a language."""
    parser = StructuredParser(acts=PuzlAct, language=lambda acts, context: ["no"] if len(acts) > 1 else [])
    assert parser.parse('[{"act": "puzl_solved"}]', PUZL_CTX) == [PuzlSolved()]
    assert parser.parse('[{"act": "puzl_solved"}, {"act": "puzl_solved"}]', PUZL_CTX) == []
    assert parser.last_refusal == "no"


@pytest.mark.parametrize(
    "acts",
    [
        (),  # no act types
        (BaseModel,),  # not an act
        (ActBase,),  # no act tag
        (OptCell, OptCell),  # a tag twice
        int,
    ],
)
def test_act_types_that_cannot_be_told_apart_are_rejected_at_construction(acts):
    with pytest.raises(ValueError):
        StructuredParser(acts=acts)
    with pytest.raises(ValueError):
        StructuredRenderer(acts=acts)


def test_the_renderer_refuses_another_games_acts():
    """A planner that hands the renderer an act of another game is a bug: it fails loudly."""
    with pytest.raises(ValueError, match="suggest"):
        _render(StructuredRenderer(acts=OptAct), [OptNoneAbove(value=3), Suggest(path=["L", "K"])], OPT_CTX)


def test_dialop_optimization_self_play_over_the_structured_channel():
    """Issue 13: DialOp Optimization plays over the structured channel; every message is read back
    exactly as it was said, and nothing is refused."""
    from agent.arena import selfplay
    from agent.registry import default_registry

    registry = default_registry()
    spec = registry.preset("dialop_optimization", "solver").with_slots(parser="structured", renderer="structured")
    game = registry.make_game("dialop_optimization")
    records = selfplay(game, spec, range(2), registry)
    said = [act for record in records for turn in record.transcript for act in turn.get("acts", [])]
    assert said and any(act["act"] == "opt_cell" for act in said)
    for record in records:
        assert record.refused == []
        for turn in record.transcript:
            assert json.loads(turn["message"]) == turn["acts"] or turn.get("actions")
