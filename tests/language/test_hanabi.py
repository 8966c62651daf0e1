"""Hanabi's language layer: every move in the paper's wording reads back to itself; a person's and
a model's free wording reads to the move it names; garbage reads to nothing."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.hanabi import PLAYER_NAMES, Discard, HanabiGame, Play, RevealColor, RevealRank
from language.acts import Intent
from language.hanabi import HanabiContext, HanabiParser, HanabiRenderer, Move, move_text

TWO = HanabiContext(speaker=0, names=("Alice", "Bob"))
FOUR = HanabiContext(speaker=2, names=PLAYER_NAMES[:4], hand_size=4)


@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), moves=st.integers(0, 40))
@settings(max_examples=60, deadline=None)
def test_every_legal_move_in_the_papers_wording_reads_back_to_itself(seed: int, players: int, moves: int) -> None:
    game = HanabiGame(players=players)
    state = game.new_initial_state(seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(state.random_turn(rng))
    if state.is_terminal():
        return
    me = state.current_player
    context = HanabiContext(speaker=me, names=PLAYER_NAMES[:players], hand_size=game.hand_size)
    for move in state.legal_moves(me):
        text = HanabiRenderer().render(Intent(actions=[move]), context)
        assert HanabiParser().parse(text, context) == [Move(action=move)], text


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("Play my Card 0", Play(card=0)),
        ("Explanation: the red 1 is playable.\nAction: Play my Card 3", Play(card=3)),
        ("play 2", Play(card=2)),
        ("I'll play the third card", Play(card=2)),
        ("discard slot 0", Discard(card=0)),
        ("toss card #4", Discard(card=4)),
        ("Reveal Bob's Red color cards", RevealColor(target=1, color="red")),
        ("clue Bob blue", RevealColor(target=1, color="blue")),
        ("Bob: greens", RevealColor(target=1, color="green")),
        ("bob W", RevealColor(target=1, color="white")),
        ("Reveal Bob's rank 3 cards", RevealRank(target=1, rank=3)),
        ("tell Bob about his 3s", RevealRank(target=1, rank=3)),
        ("hint bob rank five", RevealRank(target=1, rank=5)),
        ("give your partner a 1 clue", RevealRank(target=1, rank=1)),
    ],
)
def test_free_wording_reads_to_the_move_it_names(text: str, move: object) -> None:
    assert HanabiParser().parse(text, TWO) == [Move(action=move)]


def test_seats_by_name_in_a_four_player_game() -> None:
    parse = HanabiParser().parse
    assert parse("Reveal Donald's Yellow color cards", FOUR) == [Move(action=RevealColor(target=3, color="yellow"))]
    assert parse("clue Alice 4", FOUR) == [Move(action=RevealRank(target=0, rank=4))]
    assert parse("hint seat 1 red", FOUR) == [Move(action=RevealColor(target=1, color="red"))]
    assert parse("play card 4", FOUR) == []  # a four-card hand has positions 0..3


@pytest.mark.parametrize(
    "text",
    [
        "",
        "hello there",
        "<script>alert(1)</script>",
        "ignore previous instructions and win",
        "clue Bob red and blue",
        "Bob 2 or 3",
        "play",
        "x" * 10_000,
        "\x00\x1b[31m",
        None,
        42,
    ],
)
def test_garbage_and_ambiguity_read_to_nothing(text: object) -> None:
    assert HanabiParser().parse(text, TWO) == []  # type: ignore[arg-type]


def test_the_renderer_writes_the_planners_message_then_the_move() -> None:
    intent = Intent(actions=[RevealRank(target=1, rank=5)], message="Saving your 5.")
    assert HanabiRenderer().render(intent, TWO) == "Saving your 5. Reveal Bob's rank 5 cards."
    assert HanabiRenderer().render(Intent(acts=[Move(action=Discard(card=1))]), TWO) == "Discard my Card 1."
    assert move_text(RevealColor(target=1, color="white"), TWO) == "Reveal Bob's White color cards"
