"""The one atomic write (safe_files.write_atomically), which model files, checkpoints, buffers and
results files all use: a new file in the same folder, synced, renamed over the old; a link is
replaced, never followed; a failure leaves the old file whole and no temporary file behind."""

import errno
import os

import pytest

from tablesearch.safe_files import FileRefused, write_atomically


def test_the_file_is_replaced_whole_through_a_synced_temporary_file_of_its_folder(tmp_path, monkeypatch):
    path = tmp_path / "model.tsmodel"
    path.write_bytes(b"old")
    events = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (events.append(("fsync", os.fstat(fd).st_ino)), real_fsync(fd)))
    monkeypatch.setattr(os, "replace", lambda a, b: (events.append(("replace", str(a), str(b))), real_replace(a, b)))
    write_atomically(path, b"new")
    assert path.read_bytes() == b"new" and os.listdir(tmp_path) == ["model.tsmodel"]
    (sync, inode), (rename, temporary, destination) = events  # synced, then renamed: nothing else
    assert (sync, inode) == ("fsync", path.stat().st_ino)  # the file now in place reached the disk first
    assert (rename, os.path.dirname(temporary), destination) == ("replace", str(tmp_path), str(path))


def test_a_link_in_the_files_place_is_replaced_not_followed(tmp_path):
    target = tmp_path / "elsewhere"
    target.write_bytes(b"not yours")
    path = tmp_path / "results.jsonl"
    path.symlink_to(target)
    write_atomically(path, b"mine")
    assert not path.is_symlink() and path.read_bytes() == b"mine"
    assert target.read_bytes() == b"not yours"


def test_a_link_planted_at_the_temporary_name_is_not_written_through(tmp_path):
    target = tmp_path / "elsewhere"
    target.write_bytes(b"not yours")
    path = tmp_path / "checkpoint.npz"
    (tmp_path / f".checkpoint.npz.{os.getpid()}.tmp").symlink_to(target)
    write_atomically(path, b"mine")
    assert path.read_bytes() == b"mine" and target.read_bytes() == b"not yours"
    assert sorted(os.listdir(tmp_path)) == ["checkpoint.npz", "elsewhere"]


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    path = tmp_path / "model.tsmodel"
    path.write_bytes(b"old")

    def full_disk(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(FileRefused, match=f"cannot write {path}: No space left"):
        write_atomically(path, b"new")
    assert path.read_bytes() == b"old" and os.listdir(tmp_path) == ["model.tsmodel"]


def test_a_linked_folder_inside_a_run_is_refused(tmp_path):
    run, outside = tmp_path / "run", tmp_path / "outside"
    run.mkdir()
    outside.mkdir()
    (run / "buffer").symlink_to(outside)
    with pytest.raises(FileRefused, match="never links"):
        write_atomically(run / "buffer" / "step-00000001.npz", b"data", inside=run)
    assert os.listdir(outside) == []
