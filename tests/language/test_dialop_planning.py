"""Tests of the DialOp Planning rule parser and template renderer."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.dialop.data import load_recorded
from games.dialop.planning import (
    AtLeastOnePreference,
    DistancePreference,
    FeaturePreference,
    PriceBudgetPreference,
    WantToGoPreference,
)
from games.dialop.planning_game import generate_instance
from language.acts import Intent
from language.dialop_planning import (
    BOOL_FEATURES,
    CATEGORICAL,
    CATEGORIES,
    LOW_RATINGS,
    RATINGS,
    TOPICS,
    PlanAsk,
    PlanBudget,
    PlanCategory,
    PlanFeature,
    PlanningParser,
    PlanningRenderer,
    PlanNoPreference,
    PlanPropose,
    PlanSiteOpinion,
    PlanSiteScore,
    PlanTravel,
    PlanVerdict,
    PlanWantSite,
    site_names,
)

PARSER = PlanningParser()
RENDERER = PlanningRenderer()


def expected_acts(pref: object) -> list:
    if isinstance(pref, FeaturePreference):
        return [PlanFeature(feature=pref.feature.replace("_", " "), liked=pref.liked, disliked=pref.disliked)]
    if isinstance(pref, PriceBudgetPreference):
        return [PlanBudget(amount=pref.budget)]
    if isinstance(pref, DistancePreference):
        return [PlanTravel()]
    if isinstance(pref, WantToGoPreference):
        return [PlanWantSite(sites=pref.sites, must=pref.penalize)]
    assert isinstance(pref, AtLeastOnePreference)
    return [PlanCategory(category=pref.category)]


@pytest.mark.parametrize("seed", range(40))
def test_generated_descriptions_parse_exactly(seed: int) -> None:
    for pref in generate_instance(seed).preferences:
        got = PARSER.parse(pref.description)
        want = expected_acts(pref)
        if isinstance(pref, FeaturePreference):  # value order is free; compare as sets
            assert len(got) == 1 and got[0].feature == want[0].feature
            assert set(got[0].liked) == set(want[0].liked) and set(got[0].disliked) == set(want[0].disliked)
        else:
            assert got == want, pref.description


def _bool_feature() -> st.SearchStrategy:
    def build(feature: str, value: bool, strict: bool) -> PlanFeature:
        return PlanFeature(feature=feature, liked=(value,), disliked=(not value,) if strict else ())

    return st.builds(build, st.sampled_from(sorted(BOOL_FEATURES)), st.booleans(), st.booleans())


def _categorical() -> st.SearchStrategy:
    def build(feature: str, data: st.DataObject) -> PlanFeature:
        values = list(CATEGORICAL[feature][0])
        chosen = data.draw(st.lists(st.sampled_from(values), min_size=1, max_size=4, unique=True))
        cut = data.draw(st.integers(0, len(chosen)))
        return PlanFeature(feature=feature, liked=tuple(chosen[:cut]), disliked=tuple(chosen[cut:]))

    return st.builds(build, st.sampled_from(sorted(CATEGORICAL)), st.data())


SITE = st.sampled_from(sorted(site_names()))
SCORE = st.integers(-60, 60)
PREFERENCE = st.one_of(
    _bool_feature(),
    _categorical(),
    st.sampled_from([3.0, 4.0, 4.5]).map(
        lambda t: PlanFeature(feature="rating", liked=tuple(r for r in RATINGS if r >= t), disliked=LOW_RATINGS)
    ),
    st.builds(PlanBudget, amount=st.integers(10, 500)),
    st.just(PlanTravel()),
    st.builds(PlanWantSite, sites=st.lists(SITE, min_size=1, max_size=2, unique=True).map(tuple), must=st.booleans()),
    st.builds(PlanCategory, category=st.sampled_from(CATEGORIES)),
)
FEEDBACK = st.one_of(
    st.builds(PlanSiteScore, site=SITE, score=SCORE),
    st.builds(PlanTravel, score=SCORE),
    st.builds(PlanBudget, score=SCORE),
    st.builds(PlanCategory, category=st.sampled_from(CATEGORIES), score=SCORE),
    st.builds(
        PlanWantSite,
        sites=st.lists(SITE, min_size=1, max_size=2, unique=True).map(tuple),
        must=st.booleans(),
        score=SCORE,
    ),
)
SINGLE = st.one_of(
    st.builds(PlanAsk, topic=st.sampled_from(TOPICS)),
    st.builds(PlanNoPreference, topic=st.sampled_from(TOPICS)),
    st.builds(PlanPropose, sites=st.lists(SITE, min_size=3, max_size=3, unique=True).map(tuple)),
    st.builds(PlanVerdict, accept=st.booleans()),
    st.builds(PlanSiteOpinion, site=SITE, liked=st.booleans()),
)


def _distinct_topics(acts: list) -> bool:
    features = [a.feature for a in acts if isinstance(a, PlanFeature)]
    return len(features) == len(set(features)) and len({a for a in acts}) == len(acts)


@settings(max_examples=150, deadline=None)
@given(st.lists(PREFERENCE, min_size=1, max_size=8).filter(_distinct_topics), st.integers(0, 2**32 - 1))
def test_preferences_round_trip(acts: list, seed: int) -> None:
    message = RENDERER.render(Intent(acts=acts), None, np.random.default_rng(seed))
    assert PARSER.parse(message) == acts, message


@settings(max_examples=100, deadline=None)
@given(st.lists(FEEDBACK, min_size=1, max_size=6).filter(_distinct_topics), st.integers(0, 2**32 - 1))
def test_feedback_round_trip(acts: list, seed: int) -> None:
    message = RENDERER.render(Intent(acts=acts), None, np.random.default_rng(seed))
    assert PARSER.parse(message) == acts, message


@settings(max_examples=100, deadline=None)
@given(SINGLE, st.integers(0, 2**32 - 1))
def test_single_acts_round_trip(act: object, seed: int) -> None:
    message = RENDERER.render(Intent(acts=[act]), None, np.random.default_rng(seed))
    assert PARSER.parse(message) == [act], message


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_parser_never_raises(text: str) -> None:
    assert isinstance(PARSER.parse(text, None), list)


@pytest.mark.parametrize("garbage", ["", "   ", "asdf qwer", "lol", "hello!", None, 42])
def test_garbage_gives_nothing(garbage: object) -> None:
    assert PARSER.parse(garbage, None) == []


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("If I could keep it below $60, that would be great.", [PlanBudget(amount=60)]),
        (
            "I'd love a panoramic view of the city.",
            [PlanFeature(feature="viewpoint", liked=(True,), disliked=(False,))],
        ),
        ("What is your budget?", [PlanAsk(topic="budget")]),
        ("my budget is around 50", [PlanBudget(amount=50)]),
        ("Do you like viewpoints?", [PlanAsk(topic="viewpoint")]),
        ("And I'd like to go to a cafe, if possible.", [PlanCategory(category="cafe")]),
        ("I don't like thai or chinese food", [PlanFeature(feature="cuisine", disliked=("thai", "chinese"))]),
        ("no live music please", [PlanFeature(feature="live music", liked=(False,), disliked=(True,))]),
        (
            "I didn't mention this before, but I despise live music",
            [PlanFeature(feature="live music", liked=(False,), disliked=(True,))],
        ),
        (
            "Not a fan of touristy places. I'd like at least one museum.",
            [PlanFeature(feature="touristy", liked=(False,), disliked=(True,)), PlanCategory(category="museum")],
        ),
        ("I hate places without wifi", [PlanFeature(feature="has wifi", liked=(True,), disliked=(False,))]),
        (
            "I want places without live music",
            [PlanFeature(feature="live music", liked=(False,), disliked=(True,))],
        ),
        ("Riverside is pretty far out of the way.", [PlanSiteOpinion(site="Riverside Trail", liked=False)]),
        ("It's ok, we can ditch the Cakery.", [PlanSiteOpinion(site="The Cakery", liked=False)]),
        ("Big fan of BAMPFA though.", [PlanWantSite(sites=("BAMPFA",))]),
        (
            "Common Grounds and Einstein's summer house are perfect.",
            [
                PlanSiteOpinion(site="Common Grounds", liked=True),
                PlanSiteOpinion(site="Einstein's summer house", liked=True),
            ],
        ),
        ("How do you feel about substituting Moabit Garden?", [PlanPropose(sites=("Moabit Garden",))]),
    ],
)
def test_human_phrasing(message: str, expected: list) -> None:
    assert PARSER.parse(message) == expected


def test_recorded_human_coverage() -> None:
    messages = [
        a["message"]["data"] for g in load_recorded("planning") for a in g["action_log"] if a["type"] == "message"
    ]
    understood = sum(bool(PARSER.parse(m)) for m in messages)
    assert understood / len(messages) > 0.5  # the rest is mostly chit-chat ("sending a proposal now")
