"""Tests of language.collab (moves said in words) and language.collab_llm (the CAC prompts)."""

from __future__ import annotations

import numpy as np
import pytest

from games.collab import CollabCaptureGame, CollabEscapeGame, Fix, Move, Press, Stay, Wait
from language.acts import Intent
from language.collab import CollabContext, CollabParser, CollabPlan, CollabRenderer, CollabSuggest
from language.collab_llm import COLLAB, describe_state, rules_text, scripted_answer

CAPTURE = CollabContext(game="capture", speaker=0, rooms=(1, 6))
ESCAPE = CollabContext(game="escape", speaker=1, rooms=(1, 2))


@pytest.mark.parametrize(
    ("message", "context", "acts"),
    [
        ("I'll go to room 3", CAPTURE, [CollabPlan(action=Move(room=3))]),
        ("Let me head to room seven.", CAPTURE, [CollabPlan(action=Move(room=7))]),
        ("Action: Move to Room 5.", CAPTURE, [CollabPlan(action=Move(room=5))]),
        ("press the button", CAPTURE, [CollabSuggest(action=Press())]),
        ("Bob, press the button", CAPTURE, [CollabSuggest(action=Press())]),
        ("I will stay here", CAPTURE, [CollabPlan(action=Stay())]),
        ("I'll wait here", ESCAPE, [CollabPlan(action=Wait())]),
        ("I'll stay in room 1.", CAPTURE, [CollabPlan(action=Stay())]),
        ("going to room 2, not staying", CAPTURE, [CollabPlan(action=Move(room=2))]),
        ("I will fix the generator", ESCAPE, [CollabPlan(action=Fix())]),
        ("Alice, can you fix the generator?", ESCAPE, [CollabSuggest(action=Fix())]),
        (
            "you go to room four then I will stay here",
            CAPTURE,
            [CollabSuggest(action=Move(room=4)), CollabPlan(action=Stay())],
        ),
        (
            "I'll go to room 6, you press the button",
            CAPTURE,
            [CollabPlan(action=Move(room=6)), CollabSuggest(action=Press())],
        ),
        ("lol what", CAPTURE, []),
        ("", CAPTURE, []),
    ],
)
def test_parser_reads_moves_in_words(message: str, context: CollabContext, acts: list[object]) -> None:
    assert CollabParser().parse(message, context) == acts


def test_renderer_says_the_plan_and_round_trips() -> None:
    intent = Intent(actions=[Move(room=5)], acts=[CollabSuggest(action=Press())])
    for seed in range(3):
        text = CollabRenderer().render(intent, CAPTURE, np.random.default_rng(seed))
        assert "room 5" in text and text.endswith("Bob, please press the button in room 6.")
        assert CollabParser().parse(text, CAPTURE) == [
            CollabPlan(action=Move(room=5)),
            CollabSuggest(action=Press()),
        ]
    assert CollabRenderer().render(Intent(), CAPTURE) == ""


def test_prompts_describe_the_original_state() -> None:
    capture = CollabCaptureGame().new_initial_state(0).observation(0)
    assert describe_state(capture).startswith("I (Alice) am in Room 1. Bob is in Room 6. Thief is in Room 2.")
    assert "Door between Room 1 and 2 is closed." in describe_state(capture)
    assert "controlled by a button in Room 9" in rules_text(capture)
    state = CollabEscapeGame().new_initial_state(0)
    state.submit(Wait())
    escape = state.observation(1)
    assert "he is unaware of our current location" in describe_state(escape)
    assert "Room 7 is connected to room 3 and room 6" in rules_text(escape)
    assert [COLLAB.move_text(m, escape) for m in COLLAB.moves(escape)] == [
        "Move to room 1",
        "Move to room 3",
        "Wait in room 2",
    ]
    assert COLLAB.name_move("Action: Move to room 3", escape) == Move(room=3)
    assert COLLAB.partner_move(escape) == ""


def test_scripted_answer_speaks_only_to_collab_prompts() -> None:
    capture = CollabCaptureGame().new_initial_state(0).observation(0)
    chooser = COLLAB.chooser_messages(capture, ["Stay in room 1", "Move to room 6"], [])
    assert scripted_answer(chooser) == "Explanation: the first option keeps the plan.\nAction: A"
    verifier = COLLAB.verifier_messages(capture, "Move to room 6")
    assert scripted_answer(verifier) is not None and "Verification: Okay" in str(scripted_answer(verifier))
    assert scripted_answer([{"role": "user", "content": "Play Hanabi"}]) is None


@pytest.mark.parametrize("seed", range(4))
def test_every_move_the_renderer_says_reads_back(seed: int) -> None:
    for context, actions in (
        (CAPTURE, [Stay(), Press(), Move(room=3)]),
        (ESCAPE, [Wait(), Fix(), Move(room=10)]),
    ):
        for action in actions:
            text = CollabRenderer().render(Intent(actions=[action]), context, np.random.default_rng(seed))
            assert CollabParser().parse(text, context) == [CollabPlan(action=action)], text
