"""Sweep files: validation (one-line errors listing the valid choices), expansion, specs, run_game."""

from pathlib import Path

import pytest

from agent.arena import paper_seeds
from agent.registry import UnknownNameError
from agent.sweep import GameSpec, SweepError, load_sweep, parse_sweep, run_game, without_timings

SWEEPS = sorted((Path(__file__).parents[2] / "agent" / "kits").glob("*/sweeps/*.toml"))

TA = """
name = "tiny"
seeds = 2
games = 2
exclude = [{ parser = "off", options = { beliefs = { partner = "on" } } }]
[game]
name = "traveling_adventurers"
rooms = [6, 8]
[agents]
parser = ["rules", "off"]
planner = ["greedy", "ibp"]
options.beliefs.partner = ["on", "off"]
"""


def error(text: str, kind: type[Exception] = SweepError) -> str:
    with pytest.raises(kind) as info:
        parse_sweep(text)
    message = str(info.value)
    assert "\n" not in message
    return message


def test_grid_expands_with_exclude_rules() -> None:
    sweep = parse_sweep(TA)
    assert len(sweep.cells) == 2 * (2 * 2 * 2 - 2)  # rooms x (parser x partner x planner - excluded)
    assert all(not (c.params["parser"] == "off" and c.params["options.beliefs.partner"] == "on") for c in sweep.cells)
    assert sweep.seeds == tuple(paper_seeds(2, 2))
    specs = sweep.specs()
    assert len(specs) == len(sweep.cells) * 4
    assert len({s.key for s in specs}) == len(specs)
    first = sweep.cells[0]
    assert first.label == "rooms=6, parser=rules, planner=greedy, beliefs.partner=on"
    assert first.game_options == {"rooms": 6}
    assert first.agents[0].slots["planner"] == "greedy" and first.agents[1] == first.agents[0]  # self-play
    assert first.agents[0].options["beliefs"]["partner"] == "on"


def test_opponent_and_options_axes() -> None:
    sweep = parse_sweep(
        """
[game]
name = "gnomes_at_night"
[agents]
preset = "comm"
opponent = "proxy"
options.planner.iterations = [100, 200]
"""
    )
    assert [c.params for c in sweep.cells] == [{"options.planner.iterations": 100}, {"options.planner.iterations": 200}]
    assert sweep.cells[1].agents[0].options == {"planner": {"iterations": 200}}
    assert sweep.cells[1].agents[1].name == "proxy"


def test_exclude_with_dotted_options_key() -> None:
    sweep = parse_sweep(
        """
exclude = [{ options.planner.max_asks = 2, planner = "ibp" }]
[game]
name = "traveling_adventurers"
[agents]
planner = ["greedy", "ibp"]
options.planner.max_asks = [2, 4]
"""
    )
    assert len(sweep.cells) == 3


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('[game]\nname = "chess"', "unknown game 'chess'"),
        ('[game]\nname = "traveling_adventurers"\n[agents]\nparser = ["rules", "magic"]', "known: embed, llm, off"),
        ('[game]\nname = "traveling_adventurers"\n[agents]\npreset = "best"', "known: baseline"),
    ],
)
def test_unknown_names_list_the_valid_ones(text: str, expected: str) -> None:
    assert expected in error(text, UnknownNameError)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('[game]\nname = "traveling_adventurers"\nrooms = ["six"]', "option rooms expects int | None, not 'six'"),
        ('[game]\nname = "traveling_adventurers"\ncolour = 1', "valid: board, rooms, max_turns_per_player"),
        (
            '[game]\nname = "traveling_adventurers"\n[agents]\nplanner = "ibp"\noptions.planner.max_asks = "many"',
            "max_asks expects int, not 'many'",
        ),
        (
            '[game]\nname = "traveling_adventurers"\n[agents]\nplanner = "greedy"\noptions.planner.depth = 3',
            "valid: max_informs, max_asks",
        ),
        ('[game]\nname = "traveling_adventurers"\nrooms = [2]', "cell rooms=2: traveling_adventurers rejects"),
        ('seed = 3\n[game]\nname = "asympuzl"', "unknown sweep key 'seed'; valid: name"),
        ('[game]\nname = "asympuzl"\n[agents]\nplaner = "x"', "unknown [agents] key 'planer'"),
        ('games = 0\n[game]\nname = "asympuzl"', "games must be >= 1"),
        ('[game]\nname = "asympuzl"\nsize = []', "size = [] gives no cells"),
        ('exclude = [{ size = 3 }]\n[game]\nname = "asympuzl"\nsize = 5', "not an axis; axes: none"),
        ('exclude = [{ size = 4 }]\n[game]\nname = "asympuzl"\nsize = [3, 5]', "size takes 3, 5"),
        ('exclude = [{ size = 3 }]\n[game]\nname = "asympuzl"\nsize = [3]', "drop every cell"),
        ("[game]\n", "[game] needs name = one of"),
        ("[game", "not valid TOML"),
    ],
)
def test_bad_sweeps_fail_in_one_line(text: str, expected: str) -> None:
    assert expected in error(text)


@pytest.mark.parametrize(
    ("agents", "expected"),
    [
        ('partner = ["on", "off"]', "[agents] key 'partner' is now 'options.beliefs.partner'"),
        ('tracking = "history"', "[agents] key 'tracking' is now 'options.beliefs.tracking'"),
        ("options.max_asks = 2", "options are per slot now: options.max_asks is options.planner.max_asks"),
        ("options.tom.depth = 2", "options.tom: no slot 'tom'; slots: parser, beliefs, planner, renderer"),
    ],
)
def test_the_keys_of_earlier_releases_name_their_new_home(agents: str, expected: str) -> None:
    assert expected in error(f'[game]\nname = "traveling_adventurers"\n[agents]\n{agents}')


def test_llm_stage_without_endpoint_fails_before_running(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ACCORD_LLM_BASE_URL", "ACCORD_LLM_MODEL", "ACCORD_LLM_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    message = error('[game]\nname = "traveling_adventurers"\n[agents]\nparser = ["rules", "llm"]', ValueError)
    assert "parser 'llm'" in message


def test_llm_settings_travel_with_llm_specs_only(llm_server) -> None:
    from language.llm_client import LLMConfig

    config = LLMConfig(model="scripted", base_url=llm_server.url, api_key="x")
    sweep = parse_sweep('[game]\nname = "traveling_adventurers"\n[agents]\nparser = ["rules", "llm"]', llm=config)
    rules, llm = sweep.specs()[0], sweep.specs()[-1]
    assert rules.llm is None and llm.llm["base_url"] == llm_server.url and "api_key" not in llm.llm


@pytest.mark.parametrize("path", SWEEPS, ids=[p.stem for p in SWEEPS])
def test_every_shipped_sweep_validates(path: Path) -> None:
    sweep = load_sweep(path)
    assert sweep.cells and sweep.specs()


def test_paper_sweeps_are_shipped() -> None:
    games = {load_sweep(p).game for p in SWEEPS}
    assert games == {
        "traveling_adventurers",
        "gnomes_at_night",
        "dialop_optimization",
        "dialop_planning",
        "dialop_mediation",
        "asympuzl",
        "hanabi",
        "overcooked",
        "collab_capture",
        "collab_escape",
    }


def test_key_ignores_the_label_and_round_trips() -> None:
    spec = parse_sweep(TA).specs()[0]
    assert GameSpec.from_json(spec.to_json()) == spec
    relabelled = GameSpec.from_json({**spec.to_json(), "label": "other"})
    assert relabelled.key == spec.key
    assert GameSpec.from_json({**spec.to_json(), "seed": spec.seed + 1}).key != spec.key


def test_run_game_is_a_pure_function_of_the_spec() -> None:
    spec = parse_sweep(TA).specs()[0].to_json()
    first, second = run_game(spec), run_game(spec)
    assert without_timings(first) == without_timings(second)
    assert first["key"] == GameSpec.from_json(spec).key
    assert first["timings"]["wall_s"] > 0
    assert len(first["transcript_digest"]) == 64
    assert {"metrics", "returns", "refused", "transcript", "llm", "cell", "params"} <= set(first)


def test_a_players_axis_gives_each_cell_its_own_number_of_seats() -> None:
    sweep = parse_sweep(
        'name = "p"\ngames = 1\n[game]\nname = "hanabi"\nplayers = [2, 3, 5]\n[agents]\npreset = "convention"\n'
    )
    assert [len(cell.agents) for cell in sweep.cells] == [2, 3, 5]
