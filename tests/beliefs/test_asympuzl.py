"""The AsymPuzl belief store (beliefs/asympuzl.py): own clues win over the partner's claims, the target."""

from beliefs.asympuzl import AsympuzlBeliefs
from beliefs.base import Utterance
from games.asympuzl import AsympuzlGame, Piece
from language.asympuzl import PuzlAsk, PuzlOrder, PuzlPair, PuzlPlace, PuzlSolved


def test_beliefs_own_clues_win_and_target():
    game = AsympuzlGame(size=3)
    state = game.new_initial_state(0)
    alice = AsympuzlBeliefs(state.observation(0))
    truth = state.truth
    assert alice.target() == {}
    alice.update(Utterance(1 - alice.seat, [PuzlOrder(shapes=["bogus", truth[0].shape])]))  # her own clues win
    assert alice.shape_at(1) == truth[0].shape
    alice.update(
        Utterance(
            1 - alice.seat, [PuzlPair(shape=truth[0].shape, color=truth[0].color), PuzlPlace(position=9, shape="star")]
        )
    )
    assert alice.target() == {1: truth[0]}
    alice.update(Utterance(1 - alice.seat, [PuzlPlace(position=2, color=truth[1].color)]))
    assert alice.target()[2] == Piece(shape=truth[1].shape, color=truth[1].color)
    alice.update(Utterance(1 - alice.seat, [PuzlAsk(about="colors"), PuzlSolved()]))
    assert alice.open_asks == [PuzlAsk(about="colors")] and alice.partner_solved
    assert alice.untold() == [("shape_at", 1), ("shape_at", 2), ("shape_at", 3)]
    alice.update(Utterance(alice.seat, [PuzlOrder(shapes=[p.shape for p in truth])]))
    assert alice.untold() == [] and alice.open_asks == []

    bob = AsympuzlBeliefs(state.observation(1))
    assert {s for _, s in bob.untold()} == {p.shape for p in truth}
    bob.update(Utterance(1 - bob.seat, [PuzlPlace(position=1, shape=truth[0].shape, color="black")]))  # his clue wins
    assert bob.target() == {1: truth[0]}
