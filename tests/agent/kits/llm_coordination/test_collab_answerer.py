"""The neurosymbolic Collab answerer of CoordinationQA (issue 16): every Collab Capture and Collab
Escape scenario reads as a position on its own map, the answers come from the question alone, and
on hand-written scenarios (not from the benchmark) the exact planners give the moves worked out by
hand."""

from __future__ import annotations

from agent.kits.llm_coordination import qa
from agent.kits.llm_coordination.collab_answerer import answer_question, option_act
from agent.kits.llm_coordination.collab_position import read_capture, read_escape, read_map
from agent.kits.llm_coordination.symbolic_qa import answer_all, scenario_game
from solvers.collab_capture import Act
from tests.agent.kits.llm_coordination.questions import hand_written

BENCH = qa.load_benchmark()
COLLAB = [q for q in BENCH.questions if scenario_game(q) == "CollabGames"]

CAPTURE = """I (Alice) am playing the game "Catch the Thief" with Bob.
Environment Layout:
- Room 1 directly connects to Room 2.
- Room 2 directly connects to Room 1, Room 3.
- Room 3 directly connects to Room 2, Room 4.
- Room 4 directly connects to Room 3.
There is a door between Room 2 and Room 3 controlled by a button in Room 1."""

ESCAPE = """I (Alice) am playing the game "Collab Escape" with my partner Bob.
Environment Layout: There are 5 rooms (room 1 to 5). Room 1 and 2 have generators, and room 3 has the exit gate.
- Room 1 is directly connected to room 2 and 5;
- Room 2 is directly connected to room 1 and 3;
- Room 3 is directly connected to room 2 and 4;
- Room 4 is directly connected to room 3 and 5;
- Room 5 is directly connected to room 4 and 1."""


def _question(description: str, state: str, sentence: str, options: list[str], category: str) -> qa.Question:
    return hand_written("CollabGames", description, state, sentence, options, category)


def test_every_collab_scenario_reads_on_its_own_map():
    games = {"thief": 0, "escape": 0}
    for question in COLLAB:
        if "Thief" in question.game_description:
            position = read_capture(question.game_description, question.question)
            assert set(position.rooms) == {"Alice", "Bob", "Thief"}, question.id
            games["thief"] += 1
        else:
            position = read_escape(question.game_description, question.question)
            assert position.map.generators and position.map.exit is not None, question.id
            assert position.rooms["Alice"] and position.rooms["Bob"], question.id
            games["escape"] += 1
    assert games == {"thief": 18, "escape": 21}


def test_named_areas_are_numbered_in_order_and_made_two_way():
    description = """Environment Layout: There are 3 areas listed as follow. Forest area has generators, and Gate area has the exit gate.
- Forest area is directly connected to Kitchen;
- Kitchen area is directly connected to Forest and Gate;
- Gate area is only directly connected to Kitchen."""
    cmap = read_map(description)
    assert cmap.names == {1: "Forest", 2: "Kitchen", 3: "Gate"}
    assert cmap.generators == [1] and cmap.exit == 3
    assert cmap.symmetric() == {1: (2,), 2: (1, 3), 3: (2,)}
    assert cmap.room("kitchen area") == 2 and cmap.room("Room 7") == 7


def test_options_name_moves():
    cmap = read_map(CAPTURE)
    assert option_act("Move to Room 3", cmap, 2) == Act("move", 3)
    assert option_act("Stay in current Room", cmap, 2) == Act("stay")
    assert option_act("Press Button", cmap, 1) == Act("press")
    assert option_act("fix generator in current room", cmap, 1) == Act("fix")
    assert option_act("Move to Room 2", cmap, 2) is None  # the room one is in is no move


def test_a_closed_door_is_opened_by_the_player_at_its_button():
    # Bob (2) cannot pass the closed 2-3 door to the thief (4); Alice presses the button in room 1.
    state = "I (Alice) am in Room 1. Bob is in Room 2. Thief is in Room 4.\nDoor between Room 2 and Room 3 is closed."
    jp = _question(
        CAPTURE,
        state,
        "What action should I take next?",
        ["Move to Room 2", "Stay in current Room", "Press Button"],
        "JP",
    )
    assert answer_question(jp).letter == "C"
    tom = _question(
        CAPTURE, state, "What action does my partner intend to take?", ["Move to Room 1", "Stay in current Room"], "ToM"
    )
    assert answer_question(tom).letter == "B"
    ec = _question(
        CAPTURE,
        state,
        "Does Bob need any assistance in accessing the thief?",
        ["No.", "Yes.", "The thief can never be accessed."],
        "EC",
    )
    assert answer_question(ec).letter == "B"


def test_the_partner_closes_in_on_a_cornered_thief():
    # Thief in the dead end 4 must move to 3: Bob stepping into 3 catches it this turn.
    state = "I (Alice) am in Room 1. Bob is in Room 2. Thief is in Room 4.\nDoor between Room 2 and Room 3 is open."
    tom = _question(
        CAPTURE,
        state,
        "What action does my partner intend to take?",
        ["Move to Room 1", "Move to Room 3", "Stay in current Room"],
        "ToM",
    )
    answer = answer_question(tom)
    assert answer.letter == "B" and "capture in 1" in answer.value
    ec = _question(CAPTURE, state, "Are we currently able to reach the thief?", ["No", "Yes"], "EC")
    assert answer_question(ec).letter == "B"


def test_the_nearer_survivor_walks_out_through_the_open_gate():
    state = (
        "I am Alice. I am in room 2. Bob is in room 5. Currently, we have information that the killer will stay in room 1 "
        "for this turn. Generator in room 1 is fixed. Generator in room 2 is fixed. The exit gate is opened."
    )
    jp = _question(
        ESCAPE,
        state,
        "What action should I take next?",
        ["move to room 1", "move to room 3", "stay in current room"],
        "JP",
    )
    answer = answer_question(jp)
    assert answer.letter == "B" and "escape 1.00" in answer.value
    ec = _question(
        ESCAPE,
        state,
        "Is the killer currently blocking my path to the exit gate?",
        ["Yes.", "No.", "Not enough information."],
        "EC",
    )
    assert answer_question(ec).letter == "B"


def test_answers_are_given_without_the_key(monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("the answerer read the key")

    monkeypatch.setattr(qa, "load_benchmark", forbidden)
    monkeypatch.setattr(qa, "score", forbidden)
    answers = answer_all(COLLAB)
    assert len(answers) == len(COLLAB) == 39
