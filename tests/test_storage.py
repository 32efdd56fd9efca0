"""Writes that cannot lose a move: locks, the changed-file check, non-regular targets, symbolic
links, leftovers of a crash, autosaves that never overwrite progress, and pruning.

Rules from issue 5 ("Writes that cannot lose a move") and the README's Saves section.
"""

from __future__ import annotations

import io
import json
import os
import socket
import stat
import subprocess
import sys
import threading
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from fuzz import examples, fuzz_settings
from hypothesis import given
from hypothesis import strategies as st
from toy_game import TOY

from gardens_tui import cli, saves, storage
from gardens_tui.saves import SaveError
from gardens_tui.table import Seat, Setup, Table

pytestmark = pytest.mark.usefixtures("toy_registered")

ROOT = Path(__file__).resolve().parent.parent


def toy_table(seed: int = 3, moves: int = 0) -> Table:
    """A toy game between Ann and Bob after ``moves`` first-legal decisions."""
    table = Table(Setup("toy", (Seat("Ann"), Seat("Bob")), {}, seed))
    for _ in range(moves):
        table.apply(table.legal_actions()[0])
    return table


def actions_in(path: Path) -> list[str]:
    """The action list stored in the save at ``path``."""
    actions: list[str] = json.loads(path.read_text())["actions"]
    return actions


# --------------------------------------------------------------------------------------------
# Concurrent writers
# --------------------------------------------------------------------------------------------


def run_quietly(argv: list[str]) -> int:
    """``cli.main(argv)`` with its output thrown away (safe from several threads)."""
    return cli.main(argv)


def race_two_applies(path: Path, first: str, second: str) -> list[int]:
    """Start two ``gardens apply`` on ``path`` in two threads at the same instant."""
    barrier = threading.Barrier(2)
    codes: list[int] = []

    def worker(action: str) -> None:
        barrier.wait()
        codes.append(run_quietly(["apply", str(path), action]))

    threads = [threading.Thread(target=worker, args=(a,)) for a in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return codes


def test_two_concurrent_applies_never_lose_a_move(tmp_path: Path) -> None:
    """Rule: two ``gardens apply`` on one file at once never both report success with one move
    lost: each success is in the file (the second waits for the first and plays after it, or is
    refused because its move is no longer legal). Raced a few dozen times."""
    sink = io.StringIO()
    with redirect_stdout(sink), redirect_stderr(sink):
        for round_number in range(examples(30)):
            path = saves.save_table(
                toy_table(seed=round_number), tmp_path / f"r{round_number}.json"
            )
            hand = toy_table(seed=round_number).state.hands[0]  # type: ignore[attr-defined]
            codes = race_two_applies(path, f"play {hand[0]}", f"play {hand[1]}")
            successes = codes.count(0)
            assert successes >= 1 and set(codes) <= {0, 2}
            assert len(actions_in(path)) == successes, (round_number, codes)


def test_two_concurrent_processes_never_lose_a_move(tmp_path: Path) -> None:
    """The same race between two real processes (the lock is the folder's ``flock``)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for round_number in range(examples(4)):
        path = tmp_path / f"p{round_number}.json"
        cli.main(["new", "octopus-garden", "--players", "Ann,Bob", "--seed", "5", "-o", str(path)])
        procs = [
            subprocess.Popen(
                [sys.executable, "-m", "gardens_tui", "apply", str(path), action],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
            )
            for action in ("buy col 3", "oyster")  # both legal now, neither after the other
        ]
        codes = [proc.wait(timeout=120) for proc in procs]
        successes = codes.count(0)
        assert successes >= 1 and set(codes) <= {0, 2}
        assert len(actions_in(path)) == successes, codes


def test_a_file_changed_since_it_was_read_is_not_overwritten(tmp_path: Path) -> None:
    """Rule: a writer that read the file before somebody else changed it writes nothing:
    "the file changed since it was read"; the other change stays."""
    path = saves.save_table(toy_table(), tmp_path / "g.json")
    table, version = saves.read_save(path)
    other = toy_table(moves=1)
    saves.save_table(other, path)  # somebody else, meanwhile
    table.apply(table.legal_actions()[-1])
    with pytest.raises(SaveError, match="changed since it was read"):
        saves.save_table(table, path, expect=version.digest)
    assert saves.load_table(path).notation() == other.notation()


def test_a_writer_that_cannot_get_the_lock_gives_up_having_written_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another writer holds the folder's lock (here a thread): after ``LOCK_TIMEOUT`` the save is
    refused with a reason, and the file is untouched."""
    path = saves.save_table(toy_table(), tmp_path / "g.json")
    before = path.read_bytes()
    monkeypatch.setattr(storage, "LOCK_TIMEOUT", 0.05)
    holding, release = threading.Event(), threading.Event()

    def holder() -> None:
        with storage.locked(path):
            holding.set()
            release.wait()

    thread = threading.Thread(target=holder)
    thread.start()
    holding.wait()
    try:
        with pytest.raises(SaveError, match="another program has been writing"):
            saves.save_table(toy_table(moves=2), path)
    finally:
        release.set()
        thread.join()
    assert path.read_bytes() == before
    saves.save_table(toy_table(moves=2), path)  # and once it is free, it works


def test_the_lock_is_reentrant_within_one_thread(tmp_path: Path) -> None:
    """``gardens apply`` holds the lock from reading to writing and writes through
    ``save_table``, which takes it again: no deadlock."""
    path = saves.save_table(toy_table(), tmp_path / "g.json")
    with storage.locked(path) as target:
        assert target == path
        saves.save_table(toy_table(moves=1), path)
    assert len(actions_in(path)) == 1


# --------------------------------------------------------------------------------------------
# What a write may replace
# --------------------------------------------------------------------------------------------


def make_fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def make_socket(path: Path) -> Path:
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(path))
    sock.close()
    return path


def make_device(path: Path) -> Path:
    if os.geteuid() != 0:
        pytest.skip("making a device node needs root")
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # a second /dev/null
    return path


@pytest.mark.parametrize("make", [make_fifo, make_socket, make_device])
@pytest.mark.parametrize("command", ["new", "apply"])
def test_output_onto_a_pipe_socket_or_device_is_refused(
    tmp_path: Path, make: Any, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule: ``-o`` onto a FIFO, a socket or a device is refused like any non-save (an empty
    non-regular file once passed the "is it a save" check: ``-o /dev/null`` run as root would
    have replaced the real /dev/null). Nothing is written and the node stays what it was."""
    target = make(tmp_path / "node.json")
    kind = stat.S_IFMT(os.lstat(target).st_mode)
    game = saves.save_table(toy_table(), tmp_path / "g.json")
    if command == "new":
        argv = ["new", "toy", "--players", "Ann,Bob", "-o", str(target)]
    else:
        argv = ["apply", str(game), f"play {toy_table().state.hands[0][0]}", "-o", str(target)]  # type: ignore[attr-defined]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert "not a regular file" in err and err.count("\n") == 1
    assert stat.S_IFMT(os.lstat(target).st_mode) == kind


def test_reading_a_pipe_never_waits_for_a_writer(tmp_path: Path) -> None:
    """A FIFO named like a save: refused at once (it is opened without blocking)."""
    fifo = make_fifo(tmp_path / "pipe.json")
    with pytest.raises(SaveError, match="not a regular file"):
        saves.load_table(fifo)
    assert not saves.is_our_file(fifo)


def test_a_symbolic_link_to_a_save_is_followed_and_kept(tmp_path: Path) -> None:
    """Rule (README, Saves): a symbolic link is followed to its save, which is written; the link
    stays a link."""
    real = saves.save_table(toy_table(), tmp_path / "real.json")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    written = saves.save_table(toy_table(moves=1), link)
    assert written == real
    assert link.is_symlink() and len(actions_in(real)) == 1


def test_a_symbolic_link_to_nothing_or_to_a_non_save_is_refused(tmp_path: Path) -> None:
    """A dangling link is refused (it is never made into a file somewhere else); a link to a
    document is refused like the document."""
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "nowhere" / "x.json")
    with pytest.raises(SaveError, match="symbolic link to a file that does not exist"):
        saves.save_table(toy_table(), dangling)
    document = tmp_path / "notes.txt"
    document.write_text("my notes")
    link = tmp_path / "notes.json"
    link.symlink_to(document)
    with pytest.raises(SaveError, match="not a gardens-tui save"):
        saves.save_table(toy_table(), link)
    assert document.read_text() == "my notes"


def test_temporary_files_left_by_a_crash_are_removed_by_the_next_write(tmp_path: Path) -> None:
    """Rule: a temporary file left by a crash (kill -9 mid-write) is removed by the next write
    of that file and never listed as a save; other files are not touched."""
    path = saves.save_table(toy_table(), tmp_path / "g.json")
    stale = tmp_path / ".g.json.0123abcd.tmp"
    stale.write_text('{"format": "gardens-tui/snapshot", "ver')
    other = tmp_path / ".h.json.0123abcd.tmp"
    other.write_text("x")
    assert [info.path for info in saves.list_saves(tmp_path)] == [path]
    saves.save_table(toy_table(moves=1), path)
    assert not stale.exists() and other.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [".h.json.0123abcd.tmp", "g.json"]


# --------------------------------------------------------------------------------------------
# Autosaves never overwrite progress
# --------------------------------------------------------------------------------------------


def test_an_older_save_opened_again_never_overwrites_the_newer_autosave() -> None:
    """Rule: a save loaded from the past starts a branch; its autosave never replaces the game
    it branched from (the finished game was once replaced by its turn-25 save)."""
    newer = toy_table(moves=6)
    main = saves.autosave(newer).path
    older = toy_table(moves=4)
    older.apply(older.legal_actions()[-1])  # and it goes its own way
    branch = saves.autosave(older).path
    assert branch != main and branch.name.endswith("-2.json")
    assert actions_in(main) == newer.notation()
    assert actions_in(branch) == older.notation()


def test_the_same_game_played_on_replaces_its_own_autosave() -> None:
    """Continuing a game (its autosave is an earlier point of it) writes over that autosave."""
    table = toy_table(moves=2)
    first = saves.autosave(table)
    table.apply(table.legal_actions()[0])
    again = saves.autosave(table, first)
    assert again.path == first.path and actions_in(again.path) == table.notation()
    loaded, version = saves.read_save(again.path)
    loaded.apply(loaded.legal_actions()[0])
    assert saves.autosave(loaded, version).path == first.path


def test_a_game_that_undid_past_its_autosave_still_writes_its_own_file() -> None:
    """The autosave this game wrote itself, unchanged since, may be replaced even by fewer
    actions (free undo): it is this game's own progress."""
    table = toy_table(moves=4)
    mine = saves.autosave(table)
    table.states.pop()
    table.actions.pop()
    assert saves.autosave(table, mine).path == mine.path
    assert actions_in(mine.path) == table.notation()


def test_two_windows_playing_on_from_one_autosave_keep_both_games() -> None:
    """Continue in two terminals, different moves: the second gets a file of its own."""
    start = saves.autosave(toy_table(moves=4))  # Ann may play 1 or 5
    one, version_one = saves.read_save(start.path)
    two, version_two = saves.read_save(start.path)
    one.apply(one.legal_actions()[0])
    two.apply(two.legal_actions()[-1])
    assert saves.autosave(one, version_one).path == start.path
    other = saves.autosave(two, version_two).path
    assert other != start.path
    assert actions_in(start.path) == one.notation() and actions_in(other) == two.notation()


def test_a_damaged_file_at_the_autosave_path_is_left_alone() -> None:
    """Not ours to overwrite: the autosave goes beside it."""
    table = toy_table(moves=1)
    path = saves.autosave_path(table)
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "gardens-tui/snapsh')
    written = saves.autosave(table).path
    assert written != path and path.read_text() == '{"format": "gardens-tui/snapsh'


def test_autosave_rebuilds_nothing_and_reads_nothing_back_as_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rule (issue 6: autosave cost stays flat): after a table's first autosave, autosaving
    again neither builds the setup's new game again nor reads a state back with ``from_dict``,
    and each action's notation is checked once, when it is new."""
    calls = {"new_state": 0, "from_dict": 0, "parse": 0}
    real_new_state, real_from_dict = Setup.new_state, type(TOY).from_dict
    real_parse = type(TOY).parse_action

    def counting(name: str, real: Any) -> Any:
        def wrapper(*args: Any) -> Any:
            calls[name] += 1
            return real(*args)

        return wrapper

    monkeypatch.setattr(Setup, "new_state", counting("new_state", real_new_state))
    monkeypatch.setattr(type(TOY), "from_dict", counting("from_dict", real_from_dict))
    monkeypatch.setattr(type(TOY), "parse_action", counting("parse", real_parse))
    table = toy_table()
    previous = saves.autosave(table)
    assert calls == {"new_state": 2, "from_dict": 0, "parse": 0}  # the table's and autosave's
    while not table.state.is_over:
        table.apply(table.legal_actions()[-1])
        previous = saves.autosave(table, previous)
    assert calls == {"new_state": 2, "from_dict": 0, "parse": len(table.actions)}
    assert actions_in(previous.path) == table.notation()
    assert saves.load_table(previous.path).notation() == table.notation()


def test_an_autosave_after_taking_moves_back_holds_the_new_line() -> None:
    """What autosave remembers of a table follows undo: moves taken back and played otherwise
    are saved as they are now, each new one checked."""
    table = toy_table(moves=4)  # Ann may play 1 or 5
    first = saves.autosave(table)
    table.apply(table.legal_actions()[0])
    second = saves.autosave(table, first)
    table.states.pop()
    table.actions.pop()
    table.apply(table.legal_actions()[-1])
    third = saves.autosave(table, second)
    assert third.path == first.path
    assert actions_in(third.path) == table.notation() and table.notation()[-1] == "play 5"
    assert saves.load_table(third.path).notation() == table.notation()


def test_autosaving_a_game_continued_from_a_hand_written_position(tmp_path: Path) -> None:
    """A table that starts from a position written by hand autosaves its start and its moves,
    and the autosave replays from that start."""
    source = toy_table(moves=2)
    data = saves.snapshot(source)
    del data["actions"], data["setup"]
    position = tmp_path / "position.json"
    position.write_text(json.dumps(data))
    table = saves.load_table(position)
    first = saves.autosave(table)
    assert "start" not in json.loads(first.path.read_text())  # nothing played: the state alone
    table.apply(table.legal_actions()[0])
    again = saves.autosave(table, first)
    assert again.path == first.path
    saved = json.loads(again.path.read_text())
    assert "start" in saved and saved["actions"] == table.notation()
    assert saves.load_table(again.path).notation() == table.notation()


# --------------------------------------------------------------------------------------------
# Pruning
# --------------------------------------------------------------------------------------------

ENTRY_KINDS = ("save", "save", "save", "folder", "not-ours", "damaged", "text", "link")


def make_entry(folder: Path, index: int, kind: str, stamp: int, mtime: int) -> Path:
    """One thing in the autosave folder: an autosave with a stored time, or something else."""
    path = folder / f"entry-{index}.json"
    if kind == "save":
        saves.save_table(toy_table(seed=1000 + index), path)
        data = json.loads(path.read_text())
        data["saved_at"] = f"2026-01-{1 + stamp % 28:02d}T{stamp % 24:02d}:00:00+00:00"
        path.write_text(json.dumps(data))
    elif kind == "folder":
        path.mkdir()
        (path / "inside.json").write_text("{}")
    elif kind == "not-ours":
        path.write_text('{"hello": "world"}')
    elif kind == "damaged":
        path.write_text('{"format": "gardens-tui/snapshot", "saved_at": ')
    elif kind == "text":
        path.write_text("notes")
    else:
        path.symlink_to(folder / "elsewhere.txt")
    os.utime(path, (mtime, mtime), follow_symlinks=False)
    return path


@fuzz_settings(25)
@given(
    entries=st.lists(
        st.tuples(
            st.sampled_from(ENTRY_KINDS), st.integers(0, 10_000), st.integers(1, 2_000_000_000)
        ),
        max_size=9,
    )
)
def test_pruning_removes_only_the_oldest_autosaves_by_their_stored_time(
    monkeypatch: pytest.MonkeyPatch, entries: list[tuple[str, int, int]]
) -> None:
    """Rule: autosave pruning removes only gardens-tui autosaves, oldest first by the time stored
    in the file (not its modification time); folders named ``x.json``, links, damaged files and
    files that are not saves are left alone and do not stop it."""
    monkeypatch.setattr(saves.autosaves, "MAX_AUTOSAVES", 3)
    folder = saves.autosaves_dir()
    if folder.exists():
        for child in folder.iterdir():
            if child.is_dir() and not child.is_symlink():
                (child / "inside.json").unlink()
                child.rmdir()
            else:
                child.unlink()
    folder.mkdir(parents=True, exist_ok=True)
    made = [make_entry(folder, i, *entry) for i, entry in enumerate(entries)]
    others = [p for p, e in zip(made, entries, strict=True) if e[0] != "save"]
    old_saves = [p for p, e in zip(made, entries, strict=True) if e[0] == "save"]
    stored = {p: saves.stored_time(p) or 0.0 for p in old_saves}
    newest = saves.autosave(toy_table(seed=1)).path
    left = {p for p in folder.iterdir()}
    assert set(others) <= left and newest in left
    kept = [p for p in old_saves if p in left]
    assert len(kept) == min(len(old_saves), 2)
    if kept:
        removed = [stored[p] for p in old_saves if p not in kept]
        assert min(stored[p] for p in kept) >= max(removed, default=0.0)


def test_a_file_that_cannot_be_read_is_not_taken_for_a_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A document nobody may read is not known to be a save, so it is never written over."""
    document = tmp_path / "locked.json"
    document.write_text("my notes")
    monkeypatch.setattr(saves.envelope, "read_head", lambda path, size: None)  # as for chmod 000
    with pytest.raises(SaveError, match="not a gardens-tui save"):
        saves.save_table(toy_table(), document)
    assert document.read_text() == "my notes"


# --------------------------------------------------------------------------------------------
# The autosave's packed action list
# --------------------------------------------------------------------------------------------

plain_values = st.one_of(
    st.text(max_size=45), st.integers(-(10**6), 10**6), st.none(), st.booleans()
)


@fuzz_settings(200)
@given(
    values=st.lists(plain_values, max_size=60),
    steps=st.lists(st.tuples(st.integers(1, 7), st.integers(0, 9)), max_size=30),
    key=st.sampled_from(["actions", "a", "x" * 60]),
)
def test_a_packed_list_is_written_exactly_as_the_plain_list(
    values: list[Any], steps: list[tuple[int, int]], key: str
) -> None:
    """Rule: the action list an autosave keeps packed as the game goes (extended a few values at
    a time, cut back on undo) writes the same text as ``dumps`` of the plain list, at any
    length, on one line or many, and when it sits elsewhere than its own indentation."""
    packed = storage.PackedList(2)
    made: list[Any] = []
    for take, cut in steps:
        chunk = values[len(made) : len(made) + take]
        packed.extend(chunk)
        made += chunk
        if cut == 0 and made:
            made = made[: len(made) // 2]
            packed.truncate(len(made))
    packed.extend(values[len(made) :])
    assert storage.dumps({"format": 1, key: packed, "state": {"s": [1, {}]}}) == storage.dumps(
        {"format": 1, key: values, "state": {"s": [1, {}]}}
    )
    assert storage.dumps({"inner": {key: packed}}) == storage.dumps({"inner": {key: values}})
