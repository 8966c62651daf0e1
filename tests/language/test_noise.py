"""The noise-injecting renderer (issue 17, the language-layer ablation): seeded, the identity at level
0, each kind perturbs as documented, and the intent (so the formal actions) is never touched."""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np
import pytest
from pydantic import ValidationError

from language.acts import Intent
from language.noise import (
    CORRECTIONS,
    FILLERS,
    KINDS,
    NoiseLexicon,
    NoiseOptions,
    NoisyRenderer,
    parse_kinds,
    perturb_once,
)

PLACES = ("kitchen", "attic", "cellar", "front porch")


class Fixed:
    """A renderer that says one fixed message (and draws nothing)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def render(self, intent: Intent, context: object, rng: np.random.Generator) -> str:
        return self.text


class Places(NoiseLexicon[dict]):
    """A toy lexicon: four places, the topic from the context, one phrasing."""

    def names(self, context: dict) -> Sequence[str]:
        return PLACES

    def topic(self, intent: Intent, context: dict) -> str | None:
        return context.get("topic")

    def phrasings(self, context: dict) -> Sequence[tuple[str, Sequence[str]]]:
        return (("gives me", ("is worth",)),)


class Bare(NoiseLexicon[dict]):
    """A lexicon with no names at all."""

    def names(self, context: dict) -> Sequence[str]:
        return ()


PLACES_LEXICON = Places()
MESSAGE = "Let's go to the kitchen. The kitchen to the attic gives me 4 coins. Can you tell me yours?"
INTENT = Intent(actions=[{"kind": "submit", "path": ["L", "K", "L"]}])


def noisy(
    text: str = MESSAGE, level: float = 1.0, kinds: str = "all", lexicon: NoiseLexicon = PLACES_LEXICON
) -> NoisyRenderer:
    return NoisyRenderer(Fixed(text), lexicon, level, kinds)


def once(
    kind: str, text: str = MESSAGE, seed: int = 0, context: dict | None = None, lexicon: NoiseLexicon = PLACES_LEXICON
) -> str | None:
    return perturb_once(kind, text, lexicon, INTENT, context or {}, np.random.default_rng(seed))  # type: ignore[arg-type]


def test_the_same_seed_gives_the_same_noise_and_seeds_differ() -> None:
    renderer = noisy(level=2.0)
    first = [renderer.render(INTENT, {}, np.random.default_rng(seed)) for seed in range(30)]
    again = [renderer.render(INTENT, {}, np.random.default_rng(seed)) for seed in range(30)]
    assert first == again
    assert len(set(first)) > 10


def test_level_zero_is_the_identity_and_draws_nothing() -> None:
    renderer = noisy(level=0.0)
    rng, untouched = np.random.default_rng(7), np.random.default_rng(7)
    assert renderer.render(INTENT, {}, rng) == MESSAGE
    assert rng.random() == untouched.random()  # the game's randomness is not shifted either


def test_an_empty_message_stays_empty() -> None:
    assert noisy(text="", level=4.0).render(INTENT, {}, np.random.default_rng(0)) == ""


def test_level_is_the_expected_number_of_perturbations() -> None:
    # one kind that always applies and always changes the text: the share of changed messages is
    # P(Poisson(level) > 0)
    renderer = noisy(text="Hello there.", level=1.0, kinds="casual")
    changed = sum(renderer.render(INTENT, {}, np.random.default_rng(s)) != "Hello there." for s in range(2000))
    assert abs(changed / 2000 - (1 - np.exp(-1.0))) < 0.04


def test_the_intent_is_never_touched() -> None:
    renderer = noisy(level=4.0)
    before = INTENT.model_dump()
    for seed in range(20):
        renderer.render(INTENT, {}, np.random.default_rng(seed))
    assert INTENT.model_dump() == before


def _one_edit(a: str, b: str) -> bool:
    """``b`` is ``a`` with two neighbouring letters swapped, one dropped or one doubled."""
    if len(b) == len(a) - 1:
        return any(a[:i] + a[i + 1 :] == b for i in range(len(a)))
    if len(b) == len(a) + 1:
        return any(a[:i] + a[i] + a[i:] == b for i in range(len(a)))
    diff = [i for i in range(len(a)) if a[i] != b[i]] if len(a) == len(b) else []
    return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]


def test_a_typo_is_one_edit_in_one_word_and_names_are_hit_too() -> None:
    hit_names = 0
    for seed in range(60):
        out = once("typo", seed=seed)
        assert out is not None and out != MESSAGE
        assert _one_edit(MESSAGE, out), out
        hit_names += not all(re.search(rf"\b{p}\b", out, re.IGNORECASE) for p in ("kitchen", "attic"))
    assert 10 < hit_names < 60  # sometimes a name stays recognisable, sometimes not
    assert once("typo", text="ok go") is None  # no word of three letters


def test_casual_rewrites() -> None:
    seen = set()
    for seed in range(80):
        out = once("casual", seed=seed)
        assert out is not None and out != MESSAGE
        if out == MESSAGE.lower():
            seen.add("lower")
        elif out == re.sub(r"[.,!?;:]+(?=\s|$)", "", MESSAGE):
            seen.add("punctuation")
        elif any(out.startswith(f + " ") for f in FILLERS):
            seen.add("filler")
        else:
            assert re.search(r"\bu\b|\bpls\b|\bc\b|\bgonna\b", out), out
            seen.add("shorthand")
    assert seen == {"lower", "punctuation", "filler", "shorthand"}


def test_paraphrase_uses_the_lexicon_and_the_shared_phrasings() -> None:
    outs = {once("paraphrase", seed=s) for s in range(40)}
    assert MESSAGE.replace("gives me", "is worth") in outs
    assert MESSAGE.replace("Can you", "Could you") in outs
    assert once("paraphrase", text="Nothing to see here") is None


def test_a_correction_says_a_wrong_name_then_the_right_one() -> None:
    text = "Let's go to the kitchen."
    for seed in range(30):
        out = once("correction", text=text, seed=seed)
        assert out is not None
        forms = [c.format(wrong=f"the {w}", right="the kitchen") for c in CORRECTIONS for w in PLACES if w != "kitchen"]
        assert any(out == f"Let's go to {form}." for form in forms), out
    assert once("correction", text=text, lexicon=Bare()) is None
    assert once("correction", text="No place here.") is None


def test_a_reference_replaces_a_repeated_name() -> None:
    text = "Let's go to the kitchen. From the kitchen, the attic."
    outs = {once("reference", text=text, seed=s) for s in range(20)}
    assert outs == {"Let's go to the kitchen. From there, the attic."}


def test_a_reference_replaces_the_topic_and_drops_to_after_a_verb_of_motion() -> None:
    outs = {
        once("reference", text="Let's go to the attic next.", seed=s, context={"topic": "attic"}) for s in range(10)
    }
    assert outs == {"Let's go there next."}
    out = once("reference", text="The attic is 3 for me.", context={"topic": "attic"})
    assert out in ("That one is 3 for me.", "It is 3 for me.")
    # a name that is neither repeated nor the topic, or a topic after another name, is left alone
    assert once("reference", text="Let's go to the attic.") is None
    assert once("reference", text="The kitchen or the attic?", context={"topic": "attic"}) is None


def test_an_inapplicable_kind_gives_way_to_one_that_applies() -> None:
    renderer = noisy(text="Fine by me.", level=4.0, kinds="correction,reference,casual", lexicon=Bare())
    outs = {renderer.render(INTENT, {}, np.random.default_rng(s)) for s in range(20)}
    assert any(o != "Fine by me." for o in outs)
    only = noisy(text="Fine by me.", level=4.0, kinds="correction", lexicon=Bare())
    assert only.render(INTENT, {}, np.random.default_rng(0)) == "Fine by me."


def test_kinds_and_levels_are_checked() -> None:
    assert parse_kinds("all") == KINDS
    assert parse_kinds("reference, typo") == ("typo", "reference")
    assert parse_kinds(["casual"]) == ("casual",)
    with pytest.raises(ValueError, match="unknown noise kind 'typos'; kinds: all, typo"):
        parse_kinds("typos")
    with pytest.raises(ValueError, match="no noise kind"):
        parse_kinds("")
    with pytest.raises(ValueError, match="noise level"):
        noisy(level=-0.1)
    assert NoiseOptions(kinds="reference,typo").kinds == "typo,reference"
    with pytest.raises(ValidationError):
        NoiseOptions(level=5.0)
    with pytest.raises(ValidationError):
        NoiseOptions(kinds="shouting")
    with pytest.raises(ValidationError):
        NoiseOptions.model_validate({"volume": 1})
