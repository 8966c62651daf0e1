"""Overcooked rules on hand-built kitchens: movement and collisions, every pot interaction, the
shaped rewards' conditions, cooking under both dynamics, delivery values, and the layouts."""

import pytest

from games.overcooked import (
    ACTIONS,
    COOK_TIME,
    LAYOUTS,
    Chef,
    Kitchen,
    Obj,
    initial_kitchen,
    load_layout,
    parse_layout,
    step,
)
from games.overcooked.kitchen import EAST, INTERACT, NORTH, SOUTH, STAY, WEST

# cramped_room:   XXPXX   pot (2,0)
#                 O  2O   onion dispensers (0,1) (4,1)
#                 X1  X
#                 XDXSX   dish dispenser (1,3), serving (3,3)
ROOM = load_layout("cramped_room")
N, S, E, W = (0, -1), (0, 1), (1, 0), (-1, 0)
POT = (2, 0)


def kitchen(a: Chef, b: Chef, *objects: Obj, timestep: int = 0) -> Kitchen:
    return Kitchen((a, b), tuple(sorted(objects, key=lambda o: (o.position[1], o.position[0]))), timestep)


def soup(onions: int, tick: int = -1, at=POT) -> Obj:
    return Obj("soup", at, ("onion",) * onions, tick)


FAR = Chef((3, 2), E)  # a chef out of the way, facing a counter


# ---- layouts -------------------------------------------------------------------------------------


def test_layouts_are_the_papers_five_with_their_tiles():
    assert LAYOUTS == (
        "cramped_room",
        "asymmetric_advantages",
        "coordination_ring",
        "forced_coordination",
        "counter_circuit",
    )
    assert (ROOM.width, ROOM.height, ROOM.starts) == (5, 4, ((1, 2), (3, 1)))
    assert ROOM.grid == ("XXPXX", "O   O", "X   X", "XDXSX")
    assert (ROOM.pots, ROOM.onion_dispensers, ROOM.dish_dispensers, ROOM.serving) == (
        ((2, 0),),
        ((0, 1), (4, 1)),
        ((1, 3),),
        ((3, 3),),
    )
    assert ROOM.terrain((2, 0)) == "P" and ROOM.walkable((1, 1)) and not ROOM.walkable((0, 0))
    circuit = load_layout("counter_circuit")  # upstream's counter_circuit_o_1order
    assert (circuit.width, circuit.height, circuit.pots) == (8, 5, ((3, 0), (4, 0)))
    for name in LAYOUTS:
        layout = load_layout(name)
        assert all(layout.walkable(s) for s in layout.starts) and layout.pots and layout.serving


def test_bad_layout_input_is_refused_in_one_line():
    with pytest.raises(ValueError, match="valid: cramped_room, asymmetric_advantages") as err:
        load_layout("kitchen")
    assert "\n" not in str(err.value)
    with pytest.raises(ValueError, match="outside"):
        ROOM.terrain((9, 9))
    with pytest.raises(ValueError, match="dict literal"):
        parse_layout("x", "__import__('os')")
    with pytest.raises(ValueError, match="start digits"):
        parse_layout("x", '{"grid": """XXX\nX1X\nXXX"""}')
    with pytest.raises(ValueError, match="unknown terrain"):
        parse_layout("x", '{"grid": """XXXX\nX12T\nXXXX"""}')


def test_initial_kitchen_and_action_order():
    assert ACTIONS == ("north", "south", "east", "west", "stay", "interact")
    start = initial_kitchen(ROOM)
    assert start == Kitchen((Chef((1, 2), N), Chef((3, 1), N)), (), 0)


def test_bad_actions_and_dynamics_are_refused():
    with pytest.raises(ValueError, match="index 0-5"):
        step(ROOM, initial_kitchen(ROOM), (6, 0))
    with pytest.raises(ValueError, match="unknown dynamics"):
        step(ROOM, initial_kitchen(ROOM), (0, 0), "2019")  # type: ignore[arg-type]


# ---- movement -------------------------------------------------------------------------------------


def test_a_blocked_move_turns_the_chef_in_place():
    start = kitchen(Chef((1, 2), N), FAR)
    after = step(ROOM, start, (WEST, STAY)).kitchen
    assert after.chefs[0] == Chef((1, 2), W) and after.chefs[1] == FAR and after.timestep == 1


def test_stay_and_interact_keep_cell_and_facing():
    start = kitchen(Chef((1, 2), S), Chef((2, 1), E))
    after = step(ROOM, start, (STAY, INTERACT)).kitchen
    assert after.chefs == start.chefs


def test_two_chefs_moving_into_one_cell_both_stay_but_turn():
    start = kitchen(Chef((1, 1), N), Chef((3, 1), N))
    after = step(ROOM, start, (EAST, WEST)).kitchen
    assert after.chefs == (Chef((1, 1), E), Chef((3, 1), W))


def test_swapping_chefs_both_stay_but_turn():
    start = kitchen(Chef((1, 1), N), Chef((2, 1), N))
    after = step(ROOM, start, (EAST, WEST)).kitchen
    assert after.chefs == (Chef((1, 1), E), Chef((2, 1), W))


def test_moving_into_a_chef_who_stays_is_blocked_but_following_one_is_not():
    start = kitchen(Chef((1, 1), N), Chef((2, 1), N))
    assert step(ROOM, start, (EAST, STAY)).kitchen.chefs[0] == Chef((1, 1), E)
    assert step(ROOM, start, (EAST, EAST)).kitchen.chefs == (Chef((2, 1), E), Chef((3, 1), E))


def test_a_held_object_moves_with_its_chef():
    start = kitchen(Chef((1, 1), N, Obj("onion", (1, 1))), FAR)
    after = step(ROOM, start, (SOUTH, STAY)).kitchen
    assert after.chefs[0].held == Obj("onion", (1, 2))


# ---- interactions ---------------------------------------------------------------------------------


def test_dispensers_give_onions_and_dishes_to_empty_hands_only():
    start = kitchen(Chef((1, 1), W), Chef((1, 2), S))
    out = step(ROOM, start, (INTERACT, INTERACT))
    assert out.kitchen.chefs[0].held == Obj("onion", (1, 1)) and out.kitchen.chefs[1].held == Obj("dish", (1, 2))
    assert ("onion_pickup", 0) in out.events and ("dish_pickup", 1) in out.events
    again = step(ROOM, out.kitchen, (INTERACT, INTERACT))
    assert again.kitchen.chefs == out.kitchen.chefs and again.events == ()


def test_counters_take_and_give_one_object():
    start = kitchen(Chef((1, 2), W, Obj("onion", (1, 2))), FAR)
    dropped = step(ROOM, start, (INTERACT, STAY))
    assert dropped.kitchen.objects == (Obj("onion", (0, 2)),) and dropped.kitchen.chefs[0].held is None
    refilled = kitchen(Chef((1, 2), W, Obj("dish", (1, 2))), FAR, Obj("onion", (0, 2)))
    assert step(ROOM, refilled, (INTERACT, STAY)).kitchen == Kitchen(refilled.chefs, refilled.objects, 1)
    taken = step(ROOM, dropped.kitchen, (INTERACT, STAY)).kitchen
    assert taken.objects == () and taken.chefs[0].held == Obj("onion", (1, 2))


def test_onions_go_into_a_pot_for_3_shaped_and_three_start_cooking_in_the_paper_dynamics():
    cook = Chef((2, 1), N, Obj("onion", (2, 1)))
    out = step(ROOM, kitchen(cook, FAR), (INTERACT, STAY))
    assert out.kitchen.objects == (soup(1),) and out.shaped == (3, 0) and out.sparse == (0, 0)
    assert {("potting_onion", 0), ("optimal_onion_potting", 0), ("viable_onion_potting", 0)} <= set(out.events)
    third = step(ROOM, kitchen(cook, FAR, soup(2)), (INTERACT, STAY))
    assert third.kitchen.objects == (soup(3, 1),)  # started and cooked once in the same step
    unmodified = step(ROOM, kitchen(cook, FAR, soup(2)), (INTERACT, STAY), "v1.1.0")
    assert unmodified.kitchen.objects == (soup(3),)  # 1.1.0 waits for an INTERACT


def test_a_full_or_cooking_pot_refuses_onions():
    cook = Chef((2, 1), N, Obj("onion", (2, 1)))
    for pot in (soup(3, 5), soup(3)):
        out = step(ROOM, kitchen(cook, FAR, pot), (INTERACT, STAY), "v1.1.0")
        assert out.kitchen.chefs[0] == cook and out.shaped == (0, 0) and out.events == ()


def test_wrong_items_at_a_pot_do_nothing():
    for held, pot in (
        (Obj("dish", (2, 1)), soup(3, 10)),  # soup not ready
        (Obj("dish", (2, 1)), None),  # empty pot
        (Obj("soup", (2, 1), ("onion",) * 3, COOK_TIME), soup(1)),  # a soup in hand
    ):
        start = kitchen(Chef((2, 1), N, held), FAR, *([pot] if pot else []))
        out = step(ROOM, start, (INTERACT, STAY), "v1.1.0")
        assert out.kitchen.chefs[0] == start.chefs[0] and out.shaped == (0, 0) and out.events == ()


def test_empty_hands_start_a_pot_only_in_the_unmodified_dynamics():
    start = kitchen(Chef((2, 1), N), FAR, soup(1))
    assert step(ROOM, start, (INTERACT, STAY), "paper").kitchen.objects == (soup(1),)
    assert step(ROOM, start, (INTERACT, STAY), "v1.1.0").kitchen.objects == (soup(1, 1),)


def test_a_soup_cooks_20_ticks_then_is_taken_with_a_dish_for_5():
    state = kitchen(Chef((2, 1), N, Obj("dish", (2, 1))), FAR, soup(3, 1))
    for _ in range(COOK_TIME - 2):
        state = step(ROOM, state, (INTERACT, STAY)).kitchen
        assert state.chefs[0].held == Obj("dish", (2, 1))
    assert state.objects == (soup(3, COOK_TIME - 1),)
    state = step(ROOM, state, (STAY, STAY)).kitchen
    assert state.objects == (soup(3, COOK_TIME),) and state.objects[0].is_ready
    assert step(ROOM, state, (STAY, STAY)).kitchen.objects == state.objects  # a ready soup stays at 20
    out = step(ROOM, state, (INTERACT, STAY))
    assert out.kitchen.objects == () and out.kitchen.chefs[0].held == soup(3, COOK_TIME, at=(2, 1))
    assert out.shaped == (5, 0) and ("soup_pickup", 0) in out.events


def test_delivery_pays_20_for_three_onions_and_0_for_fewer():
    for onions, value in ((3, 20), (2, 0), (1, 0)):
        start = kitchen(FAR, Chef((3, 2), S, soup(onions, COOK_TIME, at=(3, 2))))
        out = step(ROOM, start, (STAY, INTERACT), "v1.1.0")
        assert out.sparse == (0, value) and out.kitchen.chefs[1].held is None
        assert out.events == (("soup_delivery", 1),)
    plain = kitchen(FAR, Chef((3, 2), S, Obj("onion", (3, 2))))
    assert step(ROOM, plain, (STAY, INTERACT)).kitchen.chefs == plain.chefs


def test_dish_pickup_is_rewarded_only_when_a_dish_is_needed():
    at_dishes = Chef((1, 2), S)

    def shaped(other: Chef, *objects: Obj) -> int:
        return step(ROOM, kitchen(at_dishes, other, *objects), (INTERACT, STAY)).shaped[0]

    assert shaped(FAR) == 0  # every pot empty
    assert shaped(FAR, soup(3, 4)) == 3  # a soup cooking and nobody holds a dish
    assert shaped(FAR, soup(1)) == 3  # a partly filled pot counts
    assert shaped(Chef((3, 2), E, Obj("dish", (3, 2))), soup(3, 4)) == 0  # the partner holds one
    assert shaped(FAR, soup(3, 4), Obj("dish", (0, 2))) == 0  # a dish lies on a counter
    unstarted = step(ROOM, kitchen(at_dishes, FAR, soup(3)), (INTERACT, STAY), "v1.1.0")
    assert unstarted.shaped == (0, 0)  # an idle full pot is not counted (as upstream)


def test_dish_usefulness_counts_pots_before_the_steps_interacts():
    """Chef 0 fills an empty pot, chef 1 takes a dish in the same step: upstream counted the pots
    before chef 0's onion went in, so no shaped reward for the dish."""
    start = kitchen(Chef((2, 1), N, Obj("onion", (2, 1))), Chef((1, 2), S))
    out = step(ROOM, start, (INTERACT, INTERACT))
    assert out.shaped == (3, 0) and out.kitchen.chefs[1].held == Obj("dish", (1, 2))
    assert ("useful_dish_pickup", 1) not in out.events


def test_step_leaves_its_input_unchanged_and_states_are_hashable():
    start = kitchen(Chef((2, 1), N, Obj("onion", (2, 1))), FAR, soup(2))
    copy = Kitchen(start.chefs, start.objects, start.timestep)
    step(ROOM, start, (INTERACT, STAY))
    assert start == copy and hash(start) == hash(copy)
    assert len({start, copy, step(ROOM, start, (NORTH, STAY)).kitchen}) == 2
