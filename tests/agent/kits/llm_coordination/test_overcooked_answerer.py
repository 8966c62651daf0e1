"""The neurosymbolic Overcooked answerer of CoordinationQA (issue 16): every Overcooked scenario
reads as a position, the answers come from the question alone (the key cannot be read), and on
hand-written positions (not from the benchmark) the team task rule and the fact templates give the
answers worked out by hand."""

from __future__ import annotations

import pytest

from agent.kits.llm_coordination import qa
from agent.kits.llm_coordination.overcooked_answerer import Task, answer_question, option_task, team_tasks
from agent.kits.llm_coordination.overcooked_position import UNREACHABLE, read_position
from agent.kits.llm_coordination.symbolic_qa import answer_all, scenario_game, symbolic_report
from tests.agent.kits.llm_coordination.questions import hand_written

BENCH = qa.load_benchmark()
OVERCOOKED = [q for q in BENCH.questions if scenario_game(q) == "Overcooked"]

DESCRIPTION = "In the game Overcooked, I am Alice, my teammate is Bob. We must coordinate to make soup with 3 onions."
SPLIT = """<Inventory>: I am holding {mine}. Bob is holding {his}.
<My location information:> o0 is 1 units away. p0 is 2 units away. c0 is inaccessible. d0 is inaccessible. s0 is 1 units away. s1 is 3 units away.
<Bob's location information>: o0 is inaccessible. p0 is inaccessible. c0 is 1 units away. d0 is 2 units away blocked by Alice. s0 is 2 units away. s1 is 1 units away.
<Environment Details>: c0 contains {onions} out of 3 onions. c0 is {on}. soup in c0 is {soup}. s0 is empty. s1 contains {shared}.
"""


def _position(
    mine: str = "nothing", his: str = "nothing", onions: int = 0, cooking: bool = False, shared: str = "onion"
):
    state = SPLIT.format(
        mine=mine,
        his=his,
        onions=onions,
        on="on" if cooking else "off",
        soup="cooking" if cooking else "not cooking",
        shared=shared,
    )
    return read_position(DESCRIPTION, state)


def _question(state: str, sentence: str, options: list[str], category: str = "JP") -> qa.Question:
    return hand_written("Overcooked", DESCRIPTION, state, sentence, options, category)


def test_every_overcooked_scenario_reads_as_a_position():
    assert len(OVERCOOKED) == 75  # 60 Overcooked questions and the 15 tomato ones filed under CollabGames
    for question in OVERCOOKED:
        position = read_position(question.game_description, question.question)
        assert set(position.held) == {"Alice", "Bob"}, question.id
        assert position.cookers, question.id


def test_the_reader_keeps_distances_blocks_and_counters():
    position = _position(mine="onion", his="plate", onions=2)
    assert position.held == {"Alice": "onion", "Bob": "plate"}
    assert position.distance("Alice", "o0") == 1 and position.distance("Alice", "c0") == UNREACHABLE
    assert position.reach["Bob"]["d0"].blocked_by == "Alice"
    assert position.counters == {"s0": "", "s1": "onion"}
    assert position.missing(position.cookers["c0"]) == (1, 0)


def test_a_supplier_passes_an_onion_over_the_shared_counter():
    # Alice reaches the dispensers but no pot: her onion goes to the nearest empty shared counter.
    assert team_tasks(_position(mine="onion"), "Alice") == Task("place", "onion", "s0")


def test_the_pot_side_chef_takes_the_onion_from_the_shared_counter():
    assert team_tasks(_position(onions=1), "Bob") == Task("pick", "onion", "s1")


def test_a_cooking_soup_wants_a_plate_before_more_onions():
    # The pot cooks; nobody holds a plate: the supplier fetches one (the onion on s1 is for later).
    assert team_tasks(_position(onions=3, cooking=True, shared=""), "Alice") == Task("pick", "plate", "p0")


def test_a_held_soup_goes_to_the_delivery_area():
    assert team_tasks(_position(his="soup"), "Bob") == Task("deliver", "soup", "d0")


def test_options_are_read_as_medium_level_actions():
    assert option_task("pick up onion from o0.") == Task("pick", "onion", "o0")
    assert option_task("place onion on closest kitchen counter.") == Task("place", "onion", "counter")
    assert option_task("load soup on plate from c1.") == Task("load", "soup", "c1")
    assert option_task("place soup for delivery in d0.") == Task("deliver", "soup", "d0")
    assert option_task("open g0.") == Task("open", "", "g0")
    assert option_task("move away.") == Task("away")
    assert option_task("I like soup") is None


def test_a_move_question_is_answered_with_the_team_rule():
    state = SPLIT.format(mine="onion", his="nothing", onions=1, on="off", soup="not cooking", shared="onion")
    question = _question(
        state,
        "What action should I take next?",
        ["place onion in c0.", "place onion in s0.", "place onion in s1.", "wait.", "move away."],
    )
    answer = answer_question(question)
    assert (answer.letter, answer.template) == ("B", "move")
    partner = _question(
        state,
        "What action does my partner intend to take?",
        ["pick up onion from o0.", "pick up onion from s1.", "wait.", "move away."],
        "ToM",
    )
    assert answer_question(partner).letter == "B"


@pytest.mark.parametrize(
    ("sentence", "options", "letter"),
    [
        ("How many more onions does the soup in c0 require?", ["0", "1", "2", "3"], "C"),
        (
            "Who is in charge of passing onions and plates to their partner?",
            ["Neither of us.", "Both of us.", "I am.", "Bob is."],
            "C",
        ),
        (
            "Who is in charge of putting the onions in the cookers?",
            ["I am.", "Bob is.", "Both of us.", "Neither of us."],
            "B",
        ),
        ("Can Bob plate and deliver a soup if I stay where I am for the rest of the game?", ["Yes.", "No."], "B"),
        ("Is it possible for me to start cooking a new soup right now?", ["Yes", "No", "Not enough information"], "B"),
    ],
)
def test_fact_questions_on_a_hand_written_position(sentence, options, letter):
    state = SPLIT.format(mine="nothing", his="nothing", onions=1, on="off", soup="not cooking", shared="onion")
    assert answer_question(_question(state, sentence, options, "EC")).letter == letter


def test_an_unrecognised_question_is_abstained():
    state = SPLIT.format(mine="nothing", his="nothing", onions=1, on="off", soup="not cooking", shared="onion")
    answer = answer_question(_question(state, "What colour is the soup?", ["Green.", "Red."], "EC"))
    assert answer.letter is None and answer.template is None


def test_answers_are_given_without_the_key(monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("the answerer read the key")

    monkeypatch.setattr(qa, "load_benchmark", forbidden)
    monkeypatch.setattr(qa, "score", forbidden)
    assert len(answer_all(OVERCOOKED)) == len(OVERCOOKED)


def test_the_report_groups_by_game_and_category():
    report = symbolic_report(BENCH.select(["overcooked"]))
    summary = report["summary"]
    assert summary["Overcooked"]["questions"] == summary["all"]["questions"] == 60
    assert sum(summary[f"Overcooked/{c}"]["questions"] for c in ("EC", "ToM", "JP")) == 60
    assert summary["all"]["right"] <= summary["all"]["answered"] <= 60


def test_a_scenario_without_locations_counts_every_place_reachable():
    recipe = "In the game Overcooked, I am Alice, my teammate is Bob. We must coordinate to make soup with 2 onions and 1 tomato."
    state = "I am holding nothing. Bob is holding onion. Cooker has 1 tomato. Cooker is off."
    question = _question(
        state, "What action should I take next?", ["pick up onion", "pick up tomato", "pick up plate", "wait"]
    )
    question = question.model_copy(update={"game_description": recipe})
    position = read_position(recipe, state)
    assert position.recipe == (2, 1) and position.missing(position.cookers["c0"]) == (2, 0)
    assert answer_question(question).letter == "A"  # Bob's onion is one of the two the pot lacks
