"""Overcooked's places, medium-level actions and working-memory text (seed 002, Appendix A): the
paper's names, its action words read back, and the A.2 example state reproduced word for word."""

from __future__ import annotations

import dataclasses

import pytest

from agent.kits.llm_coordination.overcooked_position import read_position
from games.overcooked import LAYOUTS, Kitchen, Obj, initial_kitchen, load_layout
from language.overcooked_places import Task, place_distance, places, read_task, task_text
from language.overcooked_state_text import describe_state, layout_description
from planners.overcooked_grounding import available_tasks


def test_places_are_named_as_the_paper_names_them() -> None:
    circuit = places("counter_circuit")
    assert [circuit.tiles[n] for n in ("s0", "s1", "s2", "s3")] == [(2, 2), (3, 2), (4, 2), (5, 2)]
    assert circuit.of_kind("k")[-1] == "k15"  # the paper's "k0 to k15"
    assert places("cramped_room").of_kind("k") == [f"k{i}" for i in range(9)]  # "k0 to k8"
    assert places("forced_coordination").of_kind("s") == ["s0", "s1", "s2"]
    assert places("cramped_room").of_kind("s") == []


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_available_action_reads_back_from_its_words(layout: str) -> None:
    kitchen = initial_kitchen(load_layout(layout))
    for seat in (0, 1):
        for task in available_tasks(layout, kitchen, seat):
            assert read_task(task_text(task, layout), layout) == task


def test_the_papers_action_words_are_read() -> None:
    assert read_task("place onion in s0.", "forced_coordination") == Task("place", (2, 1), "onion")
    assert read_task("pick up a plate from s1.", "forced_coordination") == Task("pick", (2, 2), "dish")
    assert read_task("load soup on plate from c1.", "coordination_ring") == Task("load", (4, 1), "dish")
    assert read_task("place soup for delivery in d0.", "cramped_room") == Task("deliver", (3, 3), "soup")
    assert read_task("Move away.", "cramped_room") == Task("move_away")
    assert read_task("pick up onion from o0 or o1", "cramped_room") is None  # two places: no guess
    assert read_task("place onion in d0.", "cramped_room") is None  # a delivery area takes no onion


def test_a_path_through_the_partner_is_reported_blocked() -> None:
    layout = load_layout("counter_circuit")
    # Bob on (3, 1), the only cell next to c0 (3, 0): Alice on (3, 3) can only get there through him
    assert place_distance(layout, (3, 3), (3, 0), (3, 1)) == (6, True)
    assert place_distance(layout, (3, 3), (3, 0), None) == (6, False)
    assert place_distance(load_layout("forced_coordination"), (1, 2), (3, 0), None) == (None, False)


def test_the_a2_example_is_reproduced() -> None:
    # Appendix A.2: counter_circuit at the start, Alice holding an onion, one onion in c0
    layout = load_layout("counter_circuit")
    start = initial_kitchen(layout)
    alice = dataclasses.replace(start.chefs[0], held=Obj("onion", start.chefs[0].position))
    kitchen = Kitchen((alice, start.chefs[1]), (Obj("soup", (3, 0), ("onion",)),), 0)
    text = describe_state("counter_circuit", kitchen, 0)
    assert "<Inventory>: I am holding onion. Bob is holding nothing." in text
    assert (
        "<My Location Information>: o0 is 0 units away. o1 is 1 units away. p0 is 3 units away. "
        "c0 is 6 units away blocked by Bob. c1 is 7 units away. d0 is 4 units away. s0 is 1 units away. "
        "s1 is 0 units away. s2 is 1 units away. s3 is 2 units away." in text
    )
    assert "o1 is 7 units away. p0 is 3 units away. c0 is 0 units away. c1 is 1 units away. d0 is 4 units away" in text
    assert (
        "c0 contains 1 out of 3 onions. c0 is off. soup in c0 is not cooking. "
        "c1 contains 0 out of 3 onions. c1 is off. soup in c1 is not cooking." in text
    )
    assert text.endswith("Closest empty kitchen counter k12 is 1 units away.")
    words = [task_text(t, "counter_circuit") for t in available_tasks("counter_circuit", kitchen, 0)]
    assert words == [  # the example's list (it writes the shared counters' drops "place onion on sN")
        "place onion in c0.",
        "place onion in c1.",
        "place onion on k12.",
        "place onion on s0.",
        "place onion on s1.",
        "place onion on s2.",
        "place onion on s3.",
        "wait.",
        "move away.",
    ]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_working_memory_reads_back_as_a_coordinationqa_position(layout: str) -> None:
    # the CoordinationQA reader (written for the paper's hand-made scenarios) reads Alice's side
    kitchen = initial_kitchen(load_layout(layout))
    position = read_position(layout_description(layout), describe_state(layout, kitchen, 0))
    assert position.held == {"Alice": "", "Bob": ""}
    named = places(layout)
    assert set(position.cookers) == set(named.of_kind("c"))
    assert set(position.counters) == set(named.of_kind("s"))
    for seat, who in enumerate(("Alice", "Bob")):
        for name in [n for n in named.tiles if n[0] in "opcds"]:
            me, partner = kitchen.chefs[seat].position, kitchen.chefs[1 - seat].position
            moves, blocked = place_distance(named.layout, me, named.tiles[name], partner)
            reach = position.reach[who][name]
            assert reach.reachable == (moves is not None)
            assert reach.steps == moves or moves is None
            assert bool(reach.blocked_by) == blocked


def test_the_layout_description_names_each_partition() -> None:
    text = layout_description("forced_coordination")
    assert "Alice is in a separate partition with access to c0, c1, d0." in text
    assert "Bob is in a separate partition with access to o0, o1, p0." in text
    assert "partition" not in layout_description("cramped_room")
