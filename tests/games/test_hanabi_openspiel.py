"""Cross-check of Accord's Hanabi against OpenSpiel's ``hanabi`` (DeepMind's Hanabi Learning
Environment), the oracle: identical deals and identical move sequences, compared at every step.

OpenSpiel's chance nodes are driven to deal the very cards Accord's deck deals (a ``Deal`` chance
outcome is ``color * ranks + rank``, the int of :mod:`games.hanabi.cards`). Each move is picked
from Accord's typed legal actions with a seeded rng and mapped to OpenSpiel's action by its text
(``(Play 0)``, ``(Reveal player +1 color R)``), never by the shared integer id. At every step both
engines must agree on the legal moves, the player to move, the information and life tokens, the
deck size, the stacks, every hand and every card's knowledge, the discard pile, terminality and the
score; at the end on the final step and the returns.

Three random policies cover the whole game: uniform over legal moves (short games that end in
misplays), *cautious* (plays are rare: games reach the empty deck and the final round) and *lucky*
(a playable card is usually played: high scores, completed stacks, returned tokens, perfect games).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np
import pytest

from agent.kits.hanabi.bench import openspiel_random_games, random_games
from games.base import Turn
from games.hanabi import Discard, HanabiGame, HanabiState, Play, RevealColor, RevealRank
from games.hanabi.cards import COLOR_CLUED, COLOR_LETTERS, RANK_CLUED, plausible_colors, plausible_ranks

pyspiel = pytest.importorskip("pyspiel")

POLICIES = ("uniform", "cautious", "lucky")


def spiel_text(game: HanabiGame, player: int, action: Play | Discard | RevealColor | RevealRank) -> str:
    """OpenSpiel's text of an Accord action made by ``player`` (clue targets as offsets)."""
    if isinstance(action, Play):
        return f"(Play {action.card})"
    if isinstance(action, Discard):
        return f"(Discard {action.card})"
    offset = (action.target - player) % game.num_players
    if isinstance(action, RevealColor):
        return f"(Reveal player +{offset} color {action.color[0].upper()})"
    return f"(Reveal player +{offset} rank {action.rank})"


def card_text(card: int, ranks: int) -> str:
    color, rank = divmod(card, ranks)
    return f"{COLOR_LETTERS[color]}{rank + 1}"


def knowledge_text(knowledge: int, card: int, game: HanabiGame) -> str:
    """HLE's rendering of a card's knowledge: ``<clued colour or X><clued rank or X>|<plausible>``."""
    color, rank = divmod(card, game.ranks)
    hinted = (COLOR_LETTERS[color] if knowledge & COLOR_CLUED else "X") + (
        str(rank + 1) if knowledge & RANK_CLUED else "X"
    )
    colors = "".join(COLOR_LETTERS[c] for c in plausible_colors(knowledge, game.colors))
    ranks = "".join(str(r + 1) for r in plausible_ranks(knowledge, game.ranks))
    return f"{hinted}|{colors}{ranks}"


def accord_text(state: HanabiState) -> dict[str, object]:
    """Accord's state in the fields of OpenSpiel's state text."""
    game = state.game
    return {
        "lives": state.lives,
        "info": state.information,
        "fireworks": [f"{COLOR_LETTERS[c]}{h}" for c, h in enumerate(state.fireworks)],
        "hands": [
            [
                f"{card_text(c, game.ranks)} || {knowledge_text(k, c, game)}"
                for c, k in zip(state.hands[p], state.knowledge[p], strict=True)
            ]
            for p in range(game.num_players)
        ],
        "deck": state.deck_size,
        "discards": [card_text(c, game.ranks) for c in state.discards],
    }


def spiel_fields(text: str) -> dict[str, object]:
    """OpenSpiel's ``str(state)`` of a Hanabi state, parsed."""
    lines = text.split("\n")
    hands: list[list[str]] = [[]]
    fields: dict[str, object] = {}
    at = lines.index("Hands:") + 1
    for line in lines:
        if line.startswith("Life tokens:"):
            fields["lives"] = int(line.split(":")[1])
        elif line.startswith("Info tokens:"):
            fields["info"] = int(line.split(":")[1])
        elif line.startswith("Fireworks:"):
            fields["fireworks"] = line.split(":")[1].split()
        elif line.startswith("Deck size:"):
            fields["deck"] = int(line.split(":")[1])
        elif line.startswith("Discards:"):
            fields["discards"] = line.split(":")[1].split()
    for line in lines[at:]:
        if line.startswith("Deck size:"):
            break
        if line == "-----":
            hands.append([])
        elif line != "Cur player":
            hands[-1].append(line)
    fields["hands"] = hands
    return fields


@dataclass
class Tally:
    """What a batch of cross-checked games covered."""

    games: int = 0
    steps: int = 0
    scores: list[int] = field(default_factory=list)
    ends: dict[str, int] = field(default_factory=lambda: {"bombed": 0, "perfect": 0, "deck out": 0})
    tokens_back_from_fives: int = 0


def choose(state: HanabiState, uids: list[int], policy: str, rng: np.random.Generator) -> int:
    """A random legal move under ``policy`` (it may look at the true cards: it is only a test driver)."""
    game = state.game
    if policy == "uniform":
        return uids[int(rng.integers(len(uids)))]
    weights = np.ones(len(uids))
    hand = state.hands[state.player]
    for i, uid in enumerate(uids):
        kind, position, _ = game.decode[uid]
        if kind == 1:
            color, rank = divmod(hand[position], game.ranks)
            playable = state.fireworks[color] == rank
            weights[i] = (40.0 if playable else 0.02) if policy == "lucky" else 0.05
    return uids[int(rng.choice(len(uids), p=weights / weights.sum()))]


def cross_check(players: int, seed: int, policy: str, tally: Tally, **options: int) -> None:
    """Play one game in both engines on ``seed``'s deal and compare them at every step."""
    game = HanabiGame(players=players, **options)
    spiel_game = pyspiel.load_game("hanabi", {"players": players, **options})
    state = game.new_initial_state(seed)
    spiel = spiel_game.new_initial_state()
    rng = np.random.default_rng([seed, players, POLICIES.index(policy)])
    dealt = 0

    def deal() -> None:
        nonlocal dealt
        while spiel.is_chance_node():
            card = state.deck[dealt]
            outcomes = dict(spiel.chance_outcomes())
            assert outcomes.get(card, 0.0) > 0.0, f"OpenSpiel cannot deal {card_text(card, game.ranks)} now"
            spiel.apply_action(card)
            dealt += 1

    deal()
    step = 0
    while True:
        where = f"{players} players, seed {seed}, {policy}, step {step}"
        assert spiel.is_terminal() == state.is_terminal(), where
        if state.is_terminal():
            break
        assert spiel.current_player() == state.current_player, where
        assert spiel.returns() == state.returns(), where  # the score so far, as OpenSpiel pays it
        assert spiel_fields(str(spiel)) == accord_text(state), where
        player = state.current_player
        moves = state.legal_moves()
        texts = [spiel_text(game, player, m) for m in moves]
        by_text = {spiel.action_to_string(a): a for a in spiel.legal_actions()}
        assert sorted(by_text) == sorted(texts), where
        pick = choose(state, state.legal_uids(), policy, rng)
        action = game.action(player, pick)
        info_before = state.information
        state.apply_uid(pick)
        spiel.apply_action(by_text[spiel_text(game, player, action)])
        if isinstance(action, Play) and state.records[-1][3] and state.records[-1][2] % game.ranks == game.ranks - 1:
            tally.tokens_back_from_fives += state.information > info_before
        deal()
        assert dealt == state.drawn, where
        step += 1
    assert spiel_fields(str(spiel)) == accord_text(state), f"{players} players, seed {seed}: final state"
    assert spiel.returns() == state.returns(), f"{players} players, seed {seed}: returns"
    assert spiel.move_number() == dealt + step, f"{players} players, seed {seed}: move count"
    assert state.metrics().turns == step
    tally.games += 1
    tally.steps += step
    tally.scores.append(state.score())
    metrics = state.metrics()
    tally.ends["bombed" if metrics.bombed else "perfect" if metrics.perfect else "deck out"] += 1


def run(players: int, games: int, first_seed: int = 0, **options: int) -> Tally:
    tally = Tally()
    for seed in range(first_seed, first_seed + games):
        cross_check(players, seed, POLICIES[seed % 3], tally, **options)
    return tally


def covered(tally: Tally) -> None:
    """The batch reached every way a game ends (so the end rules were compared, not skipped)."""
    assert tally.ends["bombed"] > 0 and tally.ends["deck out"] > 0, tally.ends


def test_cross_check_two_players_fast():
    tally = run(2, 300)
    covered(tally)
    assert tally.ends["perfect"] > 0 and tally.tokens_back_from_fives > 0


@pytest.mark.parametrize("players", [3, 4, 5])
def test_cross_check_more_players_fast(players):
    covered(run(players, 60))


def test_cross_check_variant():
    """HLE's parameters beyond the player count map one to one."""
    covered(run(3, 60, colors=3, ranks=4, hand_size=3, max_information_tokens=5, max_life_tokens=2))
    covered(run(2, 60, colors=1, ranks=5, hand_size=2, max_information_tokens=2, max_life_tokens=1))


@pytest.mark.slow
def test_cross_check_ten_thousand_two_player_games():
    start = time.perf_counter()
    tally = run(2, 10_000, first_seed=1_000)
    elapsed = time.perf_counter() - start
    covered(tally)
    assert tally.games == 10_000 and tally.ends["perfect"] > 0
    print(f"\n2 players: {tally.games} games, {tally.steps} moves, ends {tally.ends}, {elapsed:.1f} s")


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_cross_check_hundreds_of_games_for_more_players(players):
    start = time.perf_counter()
    tally = run(players, 600, first_seed=1_000)
    covered(tally)
    print(
        f"\n{players} players: {tally.games} games, {tally.steps} moves, ends {tally.ends}, "
        f"{time.perf_counter() - start:.1f} s"
    )


# ---- throughput: Accord's engine against OpenSpiel's, driven through pyspiel --------------------


def _timed(fn, *args, repeat: int = 3) -> tuple[float, int]:
    """The best wall time of ``repeat`` runs of ``fn(*args)`` (less noise), and its result."""
    best, count = float("inf"), 0
    for _ in range(repeat):
        start = time.perf_counter()
        count = fn(*args)
        best = min(best, time.perf_counter() - start)
    return best, count


def _each(items: list, reps: int, fn) -> int:
    for item in items:
        for _ in range(reps):
            fn(item)
    return 0


def _accord_games(game: HanabiGame, seeds: range, typed: bool = False) -> int:
    """Random games on Accord's engine: by move id (search's path,
    :func:`agent.kits.hanabi.bench.random_games`) or as typed turns (``typed``)."""
    if not typed:
        return random_games(len(seeds), game.num_players, seeds.start)[1]
    moves = 0
    for seed in seeds:
        state = game.new_initial_state(seed)
        rng = np.random.default_rng(seed)
        while not state.is_terminal():
            legal = state.legal_moves()
            state.apply(Turn(actions=(legal[int(rng.integers(len(legal)))],)))
            moves += 1
    return moves


def _spiel_games(game: HanabiGame, seeds: range) -> int:
    """The same games in OpenSpiel (:func:`agent.kits.hanabi.bench.openspiel_random_games`)."""
    played = openspiel_random_games(len(seeds), game.num_players, seeds.start)
    assert played is not None
    return played[1]


def _midgame_states(game: HanabiGame, count: int) -> list[tuple[HanabiState, list[int]]]:
    """Live positions ~20 moves into cautious games, with the OpenSpiel actions that led there."""
    out = []
    for seed in range(count):
        state = game.new_initial_state(seed)
        rng = np.random.default_rng(seed)
        for _ in range(20):
            uids = state.legal_uids()
            pick = choose(state, uids, "cautious", rng)
            state.apply_uid(pick)
            if state.is_terminal():
                break
        if not state.is_terminal():
            out.append((state, [uid for _, uid, _, _ in state.records]))
    return out


def _spiel_redeal(spiel_game, deck: tuple[int, ...], players: int, hand: int, history: list[int]):
    """OpenSpiel cannot re-deal hidden cards (ResampleFromInfostate is not implemented for hanabi):
    a search on it rebuilds the position from a new deck by replaying the deals and the moves."""
    state = spiel_game.new_initial_state()
    cards = iter(deck)
    moves = iter(history)
    while True:
        if state.is_chance_node():
            state.apply_action(next(cards))
            continue
        action = next(moves, None)
        if action is None:
            return state
        state.apply_action(action)


def throughput(players: int = 2, games: int = 3000, positions: int = 300) -> dict[str, float]:
    """Random-game throughput of both engines on the same games, and the costs search pays per
    simulation: clone() and a re-deal of the mover's hidden cards.

    Returns:
        Figures by name (games/s, moves/s, microseconds per clone and per re-deal).
    """
    game = HanabiGame(players=players)
    seeds = range(games)
    accord_time, accord_moves = _timed(_accord_games, game, seeds)
    typed_time, typed_moves = _timed(_accord_games, game, seeds, True)
    spiel_time, spiel_moves = _timed(_spiel_games, game, seeds)
    assert accord_moves == typed_moves == spiel_moves  # the very same games
    states = _midgame_states(game, positions)
    spiel_game = pyspiel.load_game("hanabi", {"players": players})
    spiel_states = [_spiel_redeal(spiel_game, s.deck, players, game.hand_size, h) for s, h in states]
    rng = np.random.default_rng(0)
    reps = 20
    clone_time, _ = _timed(_each, [s for s, _ in states], reps, lambda s: s.clone())
    spiel_clone_time, _ = _timed(_each, spiel_states, reps, lambda s: s.clone())
    twins = [state.resample_hand(state.player, rng) for state, _ in states]
    jobs = [(_redealt_order(state, twin), history) for (state, history), twin in zip(states, twins, strict=True)]
    for (order, history), twin in zip(jobs, twins, strict=True):  # the replay rebuilds the re-dealt twin
        assert spiel_fields(str(_spiel_redeal(spiel_game, order, players, game.hand_size, history))) == accord_text(
            twin
        )
    spiel_redeal_time, _ = _timed(
        _each, jobs, reps, lambda job: _spiel_redeal(spiel_game, job[0], players, game.hand_size, job[1])
    )
    n = len(states) * reps
    # what a Python policy pays to read a position: Accord's typed observation, or OpenSpiel's
    # observation tensor (658 floats for 2 players) or its text (which then needs parsing)
    view_time, _ = _timed(_each, [s for s, _ in states], reps, lambda s: s.observation(s.player))
    tensor_time, _ = _timed(_each, spiel_states, reps, lambda s: s.observation_tensor(s.current_player()))
    text_time, _ = _timed(_each, spiel_states, reps, lambda s: spiel_fields(str(s)))
    resample_time, _ = _timed(_each, [s for s, _ in states], reps, lambda s: s.resample_hand(s.player, rng))
    return {
        "games": games,
        "moves": accord_moves,
        "accord games/s": games / accord_time,
        "accord moves/s": accord_moves / accord_time,
        "accord typed-turn moves/s": typed_moves / typed_time,
        "openspiel games/s": games / spiel_time,
        "openspiel moves/s": spiel_moves / spiel_time,
        "accord clone us": 1e6 * clone_time / n,
        "openspiel clone us": 1e6 * spiel_clone_time / n,
        "accord resample_hand us": 1e6 * resample_time / n,
        "openspiel re-deal by replay us": 1e6 * spiel_redeal_time / n,
        "accord observation us": 1e6 * view_time / n,
        "openspiel observation_tensor us": 1e6 * tensor_time / n,
        "openspiel state text parsed us": 1e6 * text_time / n,
    }


def _redealt_order(original: HanabiState, twin: HanabiState) -> tuple[int, ...]:
    """The deal order that recreates ``twin`` (``original`` re-dealt) by replaying ``original``'s
    moves: each hand position takes the card now there at the deck index it was drawn from."""
    game = original.game
    hand = game.hand_size
    slots = [list(range(p * hand, (p + 1) * hand)) for p in range(game.num_players)]
    drawn = game.num_players * hand
    for p, uid, _, _ in original.records:  # a live position: every play or discard drew
        kind, position, _ = game.decode[uid]
        if kind in (0, 1):
            slots[p].pop(position)
            if drawn < len(original.deck):
                slots[p].append(drawn)
                drawn += 1
    deck = list(twin.deck)
    for p, indices in enumerate(slots):
        for index, card in zip(indices, twin.hands[p], strict=True):
            deck[index] = card
    return tuple(deck)


@pytest.mark.slow
def test_throughput_report():
    """Prints both engines' figures (run with ``-s``); asserts only that they played the same games."""
    for players in (2, 4):
        figures = throughput(players=players)
        print(f"\n{players} players: " + ", ".join(f"{k} {v:,.1f}" for k, v in figures.items()))
