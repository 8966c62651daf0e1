"""Issue 12, the result store's integrity: one sweep per store, safe sweep names, bounded grids,
read-only readers, damaged rows, tampered transcripts, one writer per store, and a killed driver
that leaves no process behind."""

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent import results
from agent.cli import app
from agent.results import ResultStore, StoreError
from agent.sweep import SweepError, digest, parse_sweep
from tests.agent.test_cli_sweep import TINY, sweep_file, wait_for

runner = CliRunner()

ACCORD = str(Path(sys.executable).with_name("accord"))


def named_sweep(directory: Path, text: str, name: str) -> str:
    """A sweep file of another name than :func:`sweep_file`'s."""
    (directory / name).write_text(text)
    return str(directory / name)


def ablate(sweep: str, store: Path, *args: str):
    return runner.invoke(app, ["ablate", sweep, "--results", str(store), "--backend", "inprocess", *args])


def one_line_error(result, *expected: str) -> str:
    """The single error line of a failed command (exit 2), checked to contain ``expected``."""
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    for text in expected:
        assert text in lines[0], lines[0]
    return lines[0]


def snapshot(store: Path) -> dict[str, str]:
    """sha256 of every file of a store (the listing included)."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(store.iterdir())}


def keys_of(store: Path) -> list[str]:
    return [json.loads(line)["key"] for line in (store / "results.jsonl").read_text().splitlines() if line]


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> Path:
    """A finished tiny sweep (in-process), copied by the tests that damage it."""
    root = tmp_path_factory.mktemp("finished")
    result = ablate(sweep_file(root), root / "R")
    assert result.exit_code == 0, result.output
    return root / "R"


@pytest.fixture
def store(finished: Path, tmp_path: Path) -> Path:
    """A private copy of the finished store."""
    copy = tmp_path / "R"
    copy.mkdir()
    for path in finished.iterdir():
        if path.is_file():
            (copy / path.name).write_bytes(path.read_bytes())
    return copy


def read_only_commands(store: Path, tmp_path: Path) -> list[list[str]]:
    key = json.loads((store / "results.jsonl").read_text().splitlines()[0])["key"]
    return [
        ["results", "summarize", str(store)],
        ["results", "show", str(store), key[:12]],
        ["results", "plot", str(store), "--metric", "optimal", "--out", str(tmp_path / "p.png")],
    ]


def readers_succeed_without_writing(store: Path, tmp_path: Path) -> None:
    """Every read-only command succeeds and leaves every byte of the store as it was."""
    before = snapshot(store)
    for command in read_only_commands(store, tmp_path):
        result = runner.invoke(app, command)
        assert result.exit_code == 0, result.output
        assert snapshot(store) == before, command


# ---- 3: one sweep per store ---------------------------------------------------------------------


def test_a_different_sweep_is_refused_in_a_non_empty_store(store: Path, tmp_path: Path) -> None:
    """Issue 12 #3: a second, different sweep (other counts) into a non-empty store is refused with
    one line naming the stored sweep; the store is untouched and still reports 12 of 12 games."""
    before = snapshot(store)
    other = named_sweep(tmp_path, TINY.replace("games = 3", "games = 2"), "other.toml")
    one_line_error(ablate(other, store), "tiny", "another --results")
    renamed = named_sweep(tmp_path, TINY.replace('name = "tiny"', 'name = "t2"').replace("[6, 7]", "[6, 8]"), "t2.toml")
    one_line_error(ablate(renamed, store), "tiny")
    assert snapshot(store) == before
    summary = runner.invoke(app, ["results", "summarize", str(store)])
    assert "tiny: 12 of 12 games" in summary.output


def test_the_same_sweep_resumes_even_from_another_file(store: Path, tmp_path: Path) -> None:
    """Issue 12 #3: the same games (the same sweep, edited comments, another file) still resume."""
    lines = (store / "results.jsonl").read_text().splitlines(keepends=True)
    (store / "results.jsonl").write_text("".join(lines[:5]))
    same = named_sweep(tmp_path, "# a comment\n" + TINY, "copy.toml")
    result = ablate(same, store)
    assert result.exit_code == 0, result.output
    assert "resuming: 5 of 12 games" in result.output
    assert sorted(keys_of(store)) == sorted(set(keys_of(store))) and len(keys_of(store)) == 12


def test_a_store_written_before_digests_still_resumes(store: Path, tmp_path: Path) -> None:
    """Issue 12 #3: a manifest without a digest (an older store) resumes the sweep whose games it
    holds, gains the digest, and refuses another sweep."""
    manifest = json.loads((store / "manifest.json").read_text())
    del manifest["digest"]
    (store / "manifest.json").write_text(json.dumps(manifest))
    one_line_error(ablate(named_sweep(tmp_path, TINY.replace("games = 3", "games = 2"), "o.toml"), store), "tiny")
    result = ablate(sweep_file(tmp_path), store)
    assert result.exit_code == 0 and "resuming: 12 of 12 games" in result.output
    assert "digest" in json.loads((store / "manifest.json").read_text())


def test_the_llm_endpoint_is_part_of_the_sweep(llm_server) -> None:
    """Issue 12 #3: the same file against another LLM endpoint is another sweep (another digest)."""
    from language.llm_client import LLMConfig

    text = '[game]\nname = "traveling_adventurers"\n[agents]\nparser = ["rules", "llm"]'
    first = parse_sweep(text, llm=LLMConfig(model="scripted", base_url=llm_server.url, api_key="x"))
    second = parse_sweep(text, llm=LLMConfig(model="scripted", base_url=llm_server.url + "/other", api_key="x"))
    again = parse_sweep(text, llm=LLMConfig(model="scripted", base_url=llm_server.url, api_key="x"))
    assert first.digest != second.digest and first.digest == again.digest


# ---- 4: sweep names are identifiers ------------------------------------------------------------


@pytest.mark.parametrize("name", ["../../../x", "/tmp/abs", "", ".", "..", "a/b", "a\\b", "x\0y", "a b"])
def test_sweep_names_are_identifiers(name: str) -> None:
    """Issue 12 #4: separators, dots-only, empty and other non-identifier names are refused."""
    with pytest.raises(SweepError) as info:
        parse_sweep(f'name = {json.dumps(name)}\n[game]\nname = "asympuzl"')
    assert "\n" not in str(info.value) and "sweep name" in str(info.value)


def test_a_traversing_name_writes_nothing_outside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12 #4: ``name = '../../x'`` without --results fails in one line and writes nothing."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    sweep = named_sweep(tmp_path, TINY.replace('name = "tiny"', 'name = "../../escaped"'), "evil.toml")
    one_line_error(runner.invoke(app, ["ablate", sweep, "--backend", "inprocess"]), "sweep name")
    assert not list(work.iterdir()) and not (tmp_path / "escaped").exists()


def test_names_from_file_names_must_be_identifiers_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12 #4: a sweep without a name takes its file's stem, which must be an identifier."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["ablate", named_sweep(tmp_path, TINY.replace('name = "tiny"', ""), "my sweep.toml")])
    one_line_error(result, "sweep name", "my sweep")


# ---- 19: duplicate axis values ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "expected"),
    [('planner = ["ibp", "ibp"]', "planner lists 'ibp' twice"), ("options.max_asks = [2, 3, 2]", "options.max_asks")],
)
def test_duplicate_axis_values_are_refused(line: str, expected: str) -> None:
    """Issue 12 #19: an axis value given twice would leave the sweep at '2 of 4 games' forever."""
    with pytest.raises(SweepError) as info:
        parse_sweep(f'[game]\nname = "traveling_adventurers"\n[agents]\n{line}')
    assert expected in str(info.value) and "\n" not in str(info.value)


def test_duplicate_game_option_values_are_refused() -> None:
    """Issue 12 #19: the same on game options."""
    with pytest.raises(SweepError, match="rooms lists 6 twice"):
        parse_sweep('[game]\nname = "traveling_adventurers"\nrooms = [6, 7, 6]')


def test_overlapping_seeds_are_refused() -> None:
    """Issue 12 #19: more than 1000 games per seed would give seed s's game 1000 the seed of seed s+1's
    game 0 (the same game twice, a sweep that never completes)."""
    with pytest.raises(SweepError, match="games must be <= 1000"):
        parse_sweep('seeds = 2\ngames = 1001\n[game]\nname = "asympuzl"')
    assert parse_sweep('seeds = 1\ngames = 1001\n[game]\nname = "asympuzl"').total == 1001


# ---- 7: runaway sizes ---------------------------------------------------------------------------


def timed_error(text: str, *expected: str) -> str:
    start = time.monotonic()
    with pytest.raises(SweepError) as info:
        parse_sweep(text)
    assert time.monotonic() - start < 5.0
    message = str(info.value)
    assert "\n" not in message
    for part in expected:
        assert part in message, message
    return message


def test_a_million_seeds_times_a_million_games_fails_at_once() -> None:
    """Issue 12 #7: seeds x games is bounded before any seed list is built."""
    timed_error('seeds = 1000000\ngames = 1000\n[game]\nname = "asympuzl"', "1,000,000 games")
    timed_error('seeds = 1000000000000\ngames = 1000\n[game]\nname = "asympuzl"', "1,000,000 games")


def test_huge_grids_fail_before_expanding() -> None:
    """Issue 12 #7: the product of the axis lengths is bounded before the grid is expanded."""
    axes = "\n".join(f"o{i} = [{', '.join(str(v) for v in range(10))}]" for i in range(12))
    timed_error(f'[game]\nname = "asympuzl"\n{axes}', "10,000 cells")
    values = ", ".join(str(v) for v in range(1000))
    timed_error(f'[game]\nname = "asympuzl"\nsize = [{values}]\nturn_cap = [{values}]', "10,000 cells")


def test_cells_times_games_is_bounded() -> None:
    """Issue 12 #7: cells x seeds x games is bounded (1,000,000 games per sweep)."""
    timed_error('games = 300000\n[game]\nname = "asympuzl"\nsize = [3, 4, 5, 6]\n', "1,200,000 games")


def test_specs_stream() -> None:
    """Issue 12 #7: a large sweep's games are generated one by one, not built as a list first."""
    sweep = parse_sweep('seeds = 1000\ngames = 1000\n[game]\nname = "asympuzl"')
    assert sweep.total == 1_000_000
    games = sweep.iter_specs()
    assert isinstance(games, Iterator)
    first = next(games)
    assert first.seed == 0 and next(games).seed == 1


# ---- 6: readers never write; damaged rows ------------------------------------------------------


def test_a_valid_last_row_without_newline_is_kept_by_readers(store: Path, tmp_path: Path) -> None:
    """Issue 12 #6: read-only commands keep every byte, and count a valid last row without its newline."""
    file = store / "results.jsonl"
    file.write_bytes(file.read_bytes().rstrip(b"\n"))
    readers_succeed_without_writing(store, tmp_path)
    assert "12 of 12 games" in runner.invoke(app, ["results", "summarize", str(store)]).output


def test_readers_skip_a_torn_last_line_without_cutting_it(store: Path, tmp_path: Path) -> None:
    """Issue 12 #6: a torn last line (a crash mid-write) is ignored by readers, not cut."""
    with open(store / "results.jsonl", "ab") as handle:
        handle.write(b'{"key": "abc", "cell": "x", "met')
    readers_succeed_without_writing(store, tmp_path)
    assert ResultStore(store, readonly=True).torn > 0 and len(ResultStore(store, readonly=True)) == 12


def test_the_writer_keeps_a_valid_last_row_without_newline(store: Path, tmp_path: Path) -> None:
    """Issue 12 #6: ablate resumes after a valid last row without newline: kept, never duplicated."""
    file = store / "results.jsonl"
    lines = file.read_text().splitlines()
    file.write_text("\n".join(lines[:7]))
    result = ablate(sweep_file(tmp_path), store)
    assert result.exit_code == 0, result.output
    assert "resuming: 7 of 12 games" in result.output
    assert len(keys_of(store)) == len(set(keys_of(store))) == 12
    assert keys_of(store)[:7] == [json.loads(line)["key"] for line in lines[:7]]


@pytest.mark.parametrize(
    ("damage", "line"),
    [('{"a":1}', 13), ("5", 13), ("[]", 13), ('"text"', 13), ("null", 13), ("not json", 4), ("drop-metrics", 2)],
)
def test_damaged_rows_are_one_line_errors(store: Path, tmp_path: Path, damage: str, line: int) -> None:
    """Issue 12 #6: rows that are not rows give 'store damaged at line N of FILE', exit 2, and nothing
    is written, by readers or by the writer."""
    file = store / "results.jsonl"
    lines = file.read_text().splitlines()
    if damage == "drop-metrics":
        row = json.loads(lines[1])
        del row["metrics"]
        lines[1] = json.dumps(row)
    elif line == 4:
        lines[3] = damage
    else:
        lines.append(damage)
    file.write_text("\n".join(lines) + "\n")
    before = snapshot(store)
    commands = read_only_commands(store, tmp_path) if line != 2 else read_only_commands(store, tmp_path)[:1]
    for command in [*commands, ["ablate", sweep_file(tmp_path), "--results", str(store), "--backend", "inprocess"]]:
        one_line_error(runner.invoke(app, command), f"store damaged at line {line} of", "results.jsonl")
        assert snapshot(store) == before, command


@pytest.mark.parametrize("manifest", ["{not json", "[1, 2]", '{"sweep": 5, "total": "x", "cells": 3}'])
def test_a_damaged_manifest_is_a_one_line_error(store: Path, tmp_path: Path, manifest: str) -> None:
    """Issue 12 #6: a manifest that is not JSON (or not a manifest) gives 'store damaged', exit 2."""
    (store / "manifest.json").write_text(manifest)
    before = snapshot(store)
    for command in [["results", "summarize", str(store)], ["ablate", sweep_file(tmp_path), "--results", str(store)]]:
        one_line_error(runner.invoke(app, command), "store damaged", "manifest.json")
        assert snapshot(store) == before


# ---- 10: replay integrity ----------------------------------------------------------------------


def edit_row(store: Path, change) -> str:
    file = store / "results.jsonl"
    lines = file.read_text().splitlines()
    row = json.loads(lines[2])
    change(row)
    lines[2] = json.dumps(row)
    file.write_text("\n".join(lines) + "\n")
    return row["key"]


def test_an_edited_transcript_is_reported_as_damaged(store: Path) -> None:
    """Issue 12 #10: a transcript that no longer matches its stored digest is damaged, with or
    without --replay (it used to replay as 'identical transcript')."""

    def edit(row: dict) -> None:
        row["transcript"][0]["message"] = "edited"

    key = edit_row(store, edit)
    for extra in ([], ["--replay"]):
        result = runner.invoke(app, ["results", "show", str(store), key[:12], *extra])
        one_line_error(result, "store damaged at line 3 of", "transcript")


def test_an_edited_spec_is_reported_as_damaged(store: Path) -> None:
    """Issue 12 #10: a spec that no longer gives the row's key is damaged."""

    def edit(row: dict) -> None:
        row["spec"]["seed"] += 1

    key = edit_row(store, edit)
    one_line_error(runner.invoke(app, ["results", "show", str(store), key[:12], "--replay"]), "store damaged", "key")


def test_a_consistently_edited_transcript_fails_the_replay(store: Path) -> None:
    """Issue 12 #10: a transcript edited together with its digest is caught by the replay."""

    def edit(row: dict) -> None:
        row["transcript"][0]["message"] = "edited"
        row["transcript_digest"] = digest(row["transcript"])

    key = edit_row(store, edit)
    assert runner.invoke(app, ["results", "show", str(store), key[:12]]).exit_code == 0
    result = runner.invoke(app, ["results", "show", str(store), key[:12], "--replay"])
    assert result.exit_code == 1 and "replay differs" in result.output


# ---- 11: one writer per store ------------------------------------------------------------------


def test_a_second_writer_is_refused(tmp_path: Path) -> None:
    """Issue 12 #11: the store's lock is held by the writer; a second one is refused in one line."""
    with results.open_writer(tmp_path / "R"):
        with pytest.raises(StoreError) as info:
            with results.open_writer(tmp_path / "R"):
                pass
        assert "another accord ablate" in str(info.value) and str(os.getpid()) in str(info.value)
    with results.open_writer(tmp_path / "R"):  # released
        pass


SLOW = """
name = "slow"
seeds = 1
games = 24
[game]
name = "traveling_adventurers"
rooms = 12
[agents]
preset = "problem-solving"
"""  # about a second per game
SLOW_GAMES = 24


def start(sweep: str, store: Path, backend: str = "pool") -> subprocess.Popen:
    return subprocess.Popen(
        [ACCORD, "ablate", sweep, "--results", str(store), "--backend", backend, "--workers", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )


def rows_written(store: Path) -> int:
    file = store / "results.jsonl"
    return file.read_bytes().count(b"\n") if file.exists() else 0


def session(sid: int) -> list[int]:
    """The live (not zombie) processes of session ``sid``, read from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == sid and fields[0] not in ("Z", "X"):
            found.append(int(entry))
    return found


def reap(sid: int) -> None:
    for pid in session(sid):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


@pytest.mark.slow
def test_two_writers_on_one_store_never_duplicate_a_game(tmp_path: Path) -> None:
    """Issue 12 #11: a second ablate on a store being written exits 2 in one line; the store ends
    with every game exactly once."""
    sweep, store = sweep_file(tmp_path, SLOW), tmp_path / "R"
    first = start(sweep, store)
    try:
        wait_for(lambda: rows_written(store) >= 1, timeout=120)
        second = start(sweep, store)
        try:
            _, err = second.communicate(timeout=120)
        finally:
            reap(second.pid)
        assert second.returncode == 2, err.decode()
        assert len(err.decode().strip().splitlines()) == 1 and "another accord ablate" in err.decode()
        _, err = first.communicate(timeout=300)
        assert first.returncode == 0, err.decode()
    finally:
        reap(first.pid)
    keys = keys_of(store)
    assert len(keys) == len(set(keys)) == SLOW_GAMES


# ---- 5: a killed driver leaves no process ------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["pool", "dask"])
def test_a_killed_driver_leaves_no_process_and_resumes(tmp_path: Path, backend: str) -> None:
    """Issue 12 #5: kill -9 of the driver leaves no process of its session behind (fork server,
    resource tracker, workers) within 15 s; the lock dies with it and a re-run completes the sweep
    with no game lost or duplicated."""
    sweep, store = sweep_file(tmp_path, SLOW), tmp_path / "R"
    driver = start(sweep, store, backend)
    try:
        wait_for(lambda: rows_written(store) >= 3, timeout=120)
        family = session(driver.pid)
        assert len(family) >= 3  # the driver and at least two workers
        os.kill(driver.pid, signal.SIGKILL)
        driver.wait()
        end = time.monotonic() + 15
        while session(driver.pid) and time.monotonic() < end:
            time.sleep(0.1)
        left = session(driver.pid)
        print(f"{backend}: {len(family)} processes before the kill, {len(left)} left after it")
        assert not left, f"{len(left)} processes left behind"
    finally:
        reap(driver.pid)
    killed_at = rows_written(store)
    assert killed_at < SLOW_GAMES
    again = start(sweep, store, backend)
    try:
        _, err = again.communicate(timeout=300)
    finally:
        reap(again.pid)
    assert again.returncode == 0, err.decode()
    keys = keys_of(store)
    assert len(keys) == len(set(keys)) == SLOW_GAMES
