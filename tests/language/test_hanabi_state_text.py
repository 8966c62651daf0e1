"""Hanabi positions in the paper's words (Appendix B.2): written from an observation and read back,
and read from every Hanabi scenario of CoordinationQA."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agent.kits.llm_coordination.qa import load_benchmark
from games.hanabi import HanabiGame
from language.choices import letter_of
from language.hanabi_state_text import describe_state, parse_scenario

PAPER_EXAMPLE_HEAD = """It is currently My (Alice) turn.
Current Stacks:
Red - Red 0, Yellow - Yellow 0, Green - Green 0, White - White 0, Blue - Blue 0
My cards based on my knowledge:
Card 0 could be: [Red, Yellow, Green, White, Blue] [1, 2, 3, 4, 5]"""


def _state(seed: int, moves: int):  # noqa: ANN202
    state = HanabiGame(players=2).new_initial_state(seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(state.random_turn(rng))
    return state


def test_the_first_position_reads_as_the_papers_text() -> None:
    text = describe_state(_state(0, 0).observation(0), ["Play my Card 0"])
    assert text.startswith(PAPER_EXAMPLE_HEAD)
    assert "Bob believes his Card 4 could be: [Red, Yellow, Green, White, Blue] [1, 2, 3, 4, 5]" in text
    assert "Only Red 1 can be played on Red Stack" in text and text.endswith("Available Actions:\nA. Play my Card 0")


@given(seed=st.integers(0, 10**6), moves=st.integers(0, 60), seat=st.integers(0, 1))
@settings(max_examples=80, deadline=None)
def test_what_is_written_reads_back(seed: int, moves: int, seat: int) -> None:
    state = _state(seed, moves)
    observation = state.observation(seat)
    scenario = parse_scenario(describe_state(observation))
    partner = observation.hands[1 - seat]
    assert scenario.partner == partner.name and scenario.my_turn == (state.current_player == seat)
    assert scenario.stacks == dict(zip(observation.colors, observation.fireworks, strict=True))
    assert [(c.color, c.rank) for c in scenario.partner_cards] == [(c.color, c.rank) for c in partner.cards or ()]
    mine = observation.hands[seat].knowledge
    assert scenario.my_knowledge == [[(c, r) for c in k.colors for r in k.ranks] for k in mine]
    assert (scenario.information_tokens, scenario.life_tokens, scenario.deck_size) == (
        observation.information_tokens,
        observation.life_tokens,
        observation.deck_size,
    )
    assert [(c.color, c.rank) for c in scenario.discards] == [(c.color, c.rank) for c in observation.discards]
    assert len(scenario.history) == sum(1 for line in observation.chat if line.seat == seat)


def test_every_hanabi_scenario_of_coordination_qa_reads() -> None:
    questions = [q for q in load_benchmark().questions if q.game == "Hanabi"]
    assert len(questions) == 84
    for question in questions:
        scenario = parse_scenario(question.question)
        assert len(scenario.partner_cards) == 5 and len(scenario.my_knowledge) == 5, question.id
        assert all(scenario.my_knowledge) and len(scenario.stacks) == 5, question.id


@pytest.mark.parametrize("text", ["", "hello", None, "It is currently My (Alice) turn.", "<script>x</script>" * 100])
def test_what_is_not_a_position_is_one_line_error(text: object) -> None:
    with pytest.raises(ValueError) as err:
        parse_scenario(text)
    assert "\n" not in str(err.value)


def test_option_letters_go_on_past_z() -> None:
    assert [letter_of(i) for i in (0, 25, 26, 27, 51, 52)] == ["A", "Z", "AA", "AB", "AZ", "BA"]
