"""Terminal play of Hanabi: the table as the paper's state description shows it (stacks, your cards'
knowledge, the other hands with their holders' knowledge, tokens, discards); type a move in words
(``play 2``, ``discard card 0``, ``clue Bob red``, ``Reveal Bob's rank 3 cards``), optionally
followed by ``--`` and a chat message; ``/board`` shows the table again; ``/moves`` lists the legal
moves; ``/quit``."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from agent.terminal import prompt_line, say
from games.base import Turn


def _knowledge(k: Any) -> str:
    colors = "".join(c[0].upper() for c in k.colors)
    ranks = "".join(str(r) for r in k.ranks)
    return f"{colors}/{ranks}"


def describe_table(observation: Any) -> str:
    """The table of a Hanabi observation as text (the facts of the paper's state description)."""
    stacks = ", ".join(
        f"{color} {height}" for color, height in zip(observation.colors, observation.fireworks, strict=True)
    )
    lines = [
        f"stacks: {stacks}   (score {observation.score})",
        f"information tokens {observation.information_tokens}/{observation.max_information_tokens}, "
        f"lives {observation.life_tokens}/{observation.max_life_tokens}, deck {observation.deck_size}"
        + (f", final moves left {observation.final_turns_left}" if observation.final_turns_left is not None else ""),
    ]
    for hand in observation.hands:
        if hand.cards is None:
            cards = "  ".join(f"[{i}: ?? {_knowledge(k)}]" for i, k in enumerate(hand.knowledge))
            lines.append(f"your cards (what the clues allow): {cards}")
        else:
            cards = "  ".join(
                f"[{i}: {card.short()} knows {_knowledge(k)}]"
                for i, (card, k) in enumerate(zip(hand.cards, hand.knowledge, strict=True))
            )
            lines.append(f"{hand.name}'s cards: {cards}")
    discards = " ".join(card.short() for card in observation.discards) or "none"
    lines.append(f"discards: {discards}")
    return "\n".join(lines)


class HanabiUI:
    """Terminal play of Hanabi: the table as text, a move in words per turn."""

    def intro(self, console: Console, observation: Any, game_id: str, preset: str) -> None:
        say(
            console,
            (game_id, "bold"),
            f": build the five firework stacks with your partners ({preset}). You see every hand but "
            "your own. Type a move ('play 2', 'discard 0', 'clue Bob red', 'clue Bob 3'), optionally "
            "'-- a message'; /board, /moves, /quit.",
        )
        console.print(describe_table(observation), highlight=False, markup=False)

    def read_turn(self, console: Console, observation: Any) -> Turn | None:
        from language.hanabi import HanabiContext, HanabiParser, move_text

        context = HanabiContext.of(observation, observation.seat)
        console.print(describe_table(observation), highlight=False, markup=False)
        while True:
            line = prompt_line()
            if line is None:
                return None
            if line == "/board":
                console.print(describe_table(observation), highlight=False, markup=False)
                continue
            if line == "/moves":
                say(console, "; ".join(move_text(move, context) for move in observation.legal_moves()))
                continue
            words, _, message = line.partition("--")
            moves = HanabiParser().parse(words, context)
            if len(moves) != 1:
                say(console, ("?", "yellow"), " name one move, e.g. 'play 2', 'discard 0', 'clue Bob red'")
                continue
            say(console, ("you", "green"), f" {move_text(moves[0].action, context)}")
            return Turn(message=message.strip(), actions=(moves[0].action,))

    def show_partner(self, console: Console, turn: Turn, state: Any, human: int) -> None:
        if turn.message:
            say(console, ("partner>", "cyan"), f" {turn.message}")
        record = state.chat()[-1].action if state.chat() else None
        if record is not None:
            say(console, ("partner", "cyan"), f" {_record_text(record, state)}")

    def summary(self, console: Console, metrics: dict[str, Any]) -> None:
        say(
            console,
            f"score {metrics['score']}/{metrics['max_score']} after {metrics['turns']} moves; "
            f"lives lost {metrics['lives_lost']}{' (bombed)' if metrics['bombed'] else ''}",
        )


def _record_text(record: Any, state: Any) -> str:
    """What a partner's move did, as the table shows it."""
    if record.kind == "play":
        result = "onto its stack" if record.success else "and misplayed it (a life lost)"
        return f"played card {record.card}: {record.revealed.short()} {result}"
    if record.kind == "discard":
        return f"discarded card {record.card}: {record.revealed.short()}"
    clue = record.color if record.kind == "reveal_color" else f"rank {record.rank}"
    name = state.game.facts.player_names[record.target]
    return f"told {name} about {clue}: cards {', '.join(str(i) for i in record.touched)}"
