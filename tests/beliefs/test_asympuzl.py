"""The AsymPuzl belief store (beliefs/asympuzl.py): own clues win over the partner's claims, the target."""

from beliefs.asympuzl import AsympuzlBeliefs
from games.asympuzl import AsympuzlGame, Piece
from language.asympuzl import PuzlAsk, PuzlOrder, PuzlPair, PuzlPlace, PuzlSolved


def test_beliefs_own_clues_win_and_target():
    game = AsympuzlGame(size=3)
    state = game.new_initial_state(0)
    alice = AsympuzlBeliefs(state.observation(0))
    truth = state.truth
    assert alice.target() == {}
    alice.update([PuzlOrder(shapes=["bogus", truth[0].shape])], "partner")  # her own clues win
    assert alice.shape_at(1) == truth[0].shape
    alice.update([PuzlPair(shape=truth[0].shape, color=truth[0].color), PuzlPlace(position=9, shape="star")], "partner")
    assert alice.target() == {1: truth[0]}
    alice.update([PuzlPlace(position=2, color=truth[1].color)], "partner")
    assert alice.target()[2] == Piece(shape=truth[1].shape, color=truth[1].color)
    alice.update([PuzlAsk(about="colors"), PuzlSolved()], "partner")
    assert alice.open_asks == [PuzlAsk(about="colors")] and alice.partner_solved
    assert alice.untold() == [("shape_at", 1), ("shape_at", 2), ("shape_at", 3)]
    alice.update([PuzlOrder(shapes=[p.shape for p in truth])], "self")
    assert alice.untold() == [] and alice.open_asks == []

    bob = AsympuzlBeliefs(state.observation(1))
    assert {s for _, s in bob.untold()} == {p.shape for p in truth}
    bob.update([PuzlPlace(position=1, shape=truth[0].shape, color="black")], "partner")  # his clue wins
    assert bob.target() == {1: truth[0]}
