"""AsymPuzl language layer: acts, the rule parser on free text, the renderer, round trips."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from games.asympuzl import DEFAULT_COLORS, DEFAULT_SHAPES
from language.acts import Intent, acts_to_json
from language.asympuzl import (
    AsympuzlContext,
    AsympuzlParser,
    AsympuzlRenderer,
    PuzlAsk,
    PuzlOrder,
    PuzlPair,
    PuzlPlace,
    PuzlSolved,
    paper_prompt,
)

CTX = AsympuzlContext(shapes=DEFAULT_SHAPES, colors=DEFAULT_COLORS, size=5)
PARSER = AsympuzlParser()


def parse(text: str) -> list[dict]:
    return acts_to_json(PARSER.parse(text, CTX))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "1: red square, 2: blue circle",
            [PuzlPlace(position=1, shape="square", color="red"), PuzlPlace(position=2, shape="circle", color="blue")],
        ),
        (
            "1. Red square\n2. blue CIRCLE",
            [PuzlPlace(position=1, shape="square", color="red"), PuzlPlace(position=2, shape="circle", color="blue")],
        ),
        (
            "The square is at position 2. The circle is at position 3.",
            [PuzlPlace(position=2, shape="square"), PuzlPlace(position=3, shape="circle")],
        ),
        (
            "the first is the star, the 3rd is a cube, the last one is the oval",
            [
                PuzlPlace(position=1, shape="star"),
                PuzlPlace(position=3, shape="cube"),
                PuzlPlace(position=5, shape="oval"),
            ],
        ),
        ("position two is the kite", [PuzlPlace(position=2, shape="kite")]),
        (
            "1) red square 2) blue star",
            [PuzlPlace(position=1, shape="square", color="red"), PuzlPlace(position=2, shape="star", color="blue")],
        ),
        (
            "1 - red square, 2 - blue star",
            [PuzlPlace(position=1, shape="square", color="red"), PuzlPlace(position=2, shape="star", color="blue")],
        ),
        (
            "My shapes from position 1 to 3 are: square, triangle, rectangle.",
            [PuzlOrder(shapes=["square", "triangle", "rectangle"])],
        ),
        ("Hi Bob! My order is square - triangle -> circle", [PuzlOrder(shapes=["square", "triangle", "circle"])]),
        (
            "Colors: square=blue; triangle: red",
            [PuzlPair(shape="square", color="blue"), PuzlPair(shape="triangle", color="red")],
        ),
        ("pos. 4: green cone", [PuzlPlace(position=4, shape="cone", color="green")]),
        ("#3 is teal", [PuzlPlace(position=3, color="teal")]),
        ("Position 1: the square is blue.", [PuzlPlace(position=1, shape="square", color="blue")]),
        ("I have 5 shapes: square, circle and star", [PuzlOrder(shapes=["square", "circle", "star"])]),
        ("My shapes in order: heart.", [PuzlOrder(shapes=["heart"])]),
        (
            "squares are RED!! and circles blue",
            [PuzlPair(shape="square", color="red"), PuzlPair(shape="circle", color="blue")],
        ),
        ("The colour of the star is gold", [PuzlPair(shape="star", color="gold")]),
        (
            "In order: red square, blue circle",
            [PuzlPlace(position=1, shape="square", color="red"), PuzlPlace(position=2, shape="circle", color="blue")],
        ),
        ("what colour is the star?", [PuzlAsk(about="color", shape="star")]),
        ("where is the cube?", [PuzlAsk(about="position", shape="cube")]),
        ("What are your colors?", [PuzlAsk(about="colors")]),
        ("Could you tell me the order of your shapes", [PuzlAsk(about="order")]),
        (
            "Please confirm the order of shapes again: square, triangle, rectangle.",
            [PuzlAsk(about="order"), PuzlOrder(shapes=["square", "triangle", "rectangle"])],
        ),
        (
            "Based on your mappings, please provide the correct color for each shape: square, triangle.",
            [PuzlAsk(about="colors")],
        ),
        ("Done!", [PuzlSolved()]),
        ("my part is solved", [PuzlSolved()]),
        ("my part is not solved yet", []),
        ("it is unsolved", []),
        ("I don't have it solved", []),
        ("we haven't finished", []),
        ("hello there, how are you", []),
        ("asdf ;;; 999 ..", []),
        ("", []),
    ],
)
def test_parser_reads_free_text(text, expected):
    assert parse(text) == acts_to_json(expected)


@pytest.mark.parametrize("bad", [None, 42, b"bytes", ["list"], "\x00\x01", "?" * 5000, "1" * 9000])
def test_parser_never_raises_on_garbage(bad):
    assert isinstance(PARSER.parse(bad, CTX), list)


@given(st.text(max_size=300))
@settings(max_examples=150, deadline=None)
def test_parser_never_raises_on_random_text(text):
    acts = PARSER.parse(text, CTX)
    assert all(a.to_json()["act"].startswith("puzl_") for a in acts)


def test_act_validation():
    with pytest.raises(ValidationError):
        PuzlPlace(position=1)
    with pytest.raises(ValidationError):
        PuzlPlace(position=0, shape="star")
    with pytest.raises(ValidationError):
        PuzlAsk(about="color")
    with pytest.raises(ValidationError):
        PuzlAsk(about="order", shape="star")
    with pytest.raises(ValidationError):
        PuzlOrder(shapes=[])


shapes = st.sampled_from(DEFAULT_SHAPES)
colors = st.sampled_from(DEFAULT_COLORS)
positions = st.integers(1, 30)
acts_strategy = st.one_of(
    st.builds(PuzlPlace, position=positions, shape=shapes, color=st.one_of(st.none(), colors)),
    st.builds(PuzlPlace, position=positions, color=colors),
    st.builds(PuzlPair, shape=shapes, color=colors),
    st.builds(PuzlOrder, shapes=st.lists(shapes, min_size=1, max_size=20)),
    st.builds(PuzlAsk, about=st.sampled_from(["color", "position"]), shape=shapes),
    st.builds(PuzlAsk, about=st.sampled_from(["colors", "order"])),
    st.builds(PuzlSolved),
)


@given(acts=st.lists(acts_strategy, max_size=8), seed=st.integers(0, 2**32 - 1))
@settings(max_examples=300, deadline=None)
def test_parse_render_round_trip(acts, seed):
    text = AsympuzlRenderer().render(Intent(acts=acts), CTX, np.random.default_rng(seed))
    assert acts_to_json(PARSER.parse(text, CTX)) == acts_to_json(acts)


def test_renderer_paraphrases_and_empty():
    renderer = AsympuzlRenderer()
    act = PuzlPair(shape="star", color="red")
    said = {renderer.render(Intent(acts=[act]), CTX, np.random.default_rng(s)) for s in range(30)}
    assert len(said) >= 2
    assert renderer.render(Intent(), CTX, np.random.default_rng(0)) == ""
    listed = renderer.render(
        Intent(acts=[PuzlPair(shape="star", color="red"), PuzlPair(shape="cube", color="blue")]),
        CTX,
        np.random.default_rng(0),
    )
    assert "star red" in listed and "cube blue" in listed


def test_parser_with_custom_multiword_vocabulary():
    ctx = AsympuzlContext(shapes=("big star", "star"), colors=("light blue", "blue"), size=2)
    acts = PARSER.parse("1: light blue big star, 2: blue star", ctx)
    assert acts == [
        PuzlPlace(position=1, shape="big star", color="light blue"),
        PuzlPlace(position=2, shape="star", color="blue"),
    ]


def test_paper_prompt_shows_own_view_only():
    from games.asympuzl import AsympuzlGame
    from games.base import Turn

    state = AsympuzlGame(size=3, feedback="both").new_initial_state(0)
    for text in ("one", "two", "three"):
        state.apply(Turn(message=text))
    system, user = paper_prompt(state.observation(1))
    assert system.startswith("You are Agent B.") and "3 positions" in system
    assert "Agent A's part of the puzzle is unsolved" in user
    assert "A: three" in user and "B: two" in user and "A: one" not in user
    _, alice = paper_prompt(state.observation(0))
    assert "is unknown" in alice and not any(p.color in alice for p in state.truth)
