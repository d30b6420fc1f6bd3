"""Files someone else may have written, opened without trusting them; and files written whole.

Reading (`open_regular`, `read_regular`): only a regular file is read. A FIFO, a device or a
folder is refused before anything waits on it (the open is non-blocking, then the opened file is
checked), and a file larger than the caller's cap is refused before it is read. Inside a run's
folder (`inside=`), a symbolic link anywhere between the folder and the file is refused too, so a
folder someone else prepared cannot send a read or a write elsewhere.

Writing (`write_atomically`, `append_to`): a file is replaced through a temporary file of its own
folder, created new (never through an existing name or link) and renamed over the old one, so a
kill at any moment leaves the old file or the new one whole, and a link in the file's place is
replaced, never followed. Every error is a `FileRefused` (a ValueError) naming the file.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import IO, Optional, Union

PathLike = Union[str, "os.PathLike[str]"]

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_BINARY = getattr(os, "O_BINARY", 0)


class FileRefused(ValueError):
    """A file that is not what it should be (not a regular file, a link inside a run's folder, too
    large, unreadable): the message names the file and what is wrong."""


def file_kind(mode: int) -> str:
    """What kind of file `mode` (st_mode) is, in words."""
    kinds = [
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a named pipe (FIFO)"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISLNK, "a symbolic link"),
    ]
    return next((words for test, words in kinds if test(mode)), "not a regular file")


def check_inside(path: PathLike, root: PathLike) -> None:
    """Raises FileRefused if any part of `path` below the folder `root` (the last part included,
    when it exists) is a symbolic link or, for the folders on the way, not a folder."""
    root, path = Path(root), Path(path)
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        raise FileRefused(f"{os.fspath(path)} is not inside {os.fspath(root)}") from None
    current = root
    for index, part in enumerate(parts):
        current = current / part
        try:
            mode = os.lstat(current).st_mode
        except FileNotFoundError:
            return
        except OSError as error:
            raise FileRefused(f"{os.fspath(current)}: {error.strerror}") from None
        last = index == len(parts) - 1
        if stat.S_ISLNK(mode) or (not last and not stat.S_ISDIR(mode)):
            raise FileRefused(
                f"{os.fspath(current)} is {file_kind(mode)}; a run's folder holds only its own files and "
                f"folders, never links (remove it, or use another folder)"
            )


def open_regular(
    path: PathLike, what: str, max_bytes: Optional[int] = None, inside: Optional[PathLike] = None
) -> IO[bytes]:
    """`path` opened to read in binary, once it is known to be a regular file of at most
    `max_bytes` (inside the folder `inside` through no link, if given). `what` names the file in
    messages ("model file", "results file"). Raises FileRefused naming the file; FileNotFoundError
    if there is none."""
    where = f"{what} {os.fspath(path)!r}"
    fd = _open_regular(path, os.O_RDONLY, where, "read", inside)
    try:
        info = os.fstat(fd)
        if max_bytes is not None and info.st_size > max_bytes:
            raise FileRefused(f"{where} is {info.st_size:,} bytes; at most {max_bytes:,} are read")
        if _NONBLOCK:
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular(path: PathLike, what: str, max_bytes: int, inside: Optional[PathLike] = None) -> bytes:
    """The bytes of the regular file `path` (see `open_regular`). Raises FileRefused naming the
    file, also for a read error."""
    with open_regular(path, what, max_bytes, inside) as file:
        try:
            return file.read(max_bytes + 1)[:max_bytes]
        except OSError as error:
            raise FileRefused(f"{what} {os.fspath(path)!r} cannot be read: {error.strerror}") from None


def write_atomically(path: PathLike, data: bytes, inside: Optional[PathLike] = None) -> None:
    """Replaces `path` with `data` whole: a temporary file in the same folder, created new (never
    through a link), synced, then renamed over `path` (a link at `path` is replaced, not followed).
    Raises FileRefused naming the file if it cannot be written (a full disk, no permission)."""
    path = Path(path)
    if inside is not None:
        check_inside(path.parent, inside)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC | _BINARY
    try:
        temporary.unlink(missing_ok=True)  # left by a killed writer of the same pid
        fd = os.open(temporary, flags, 0o644)
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except OSError as error:
        raise FileRefused(f"cannot write {os.fspath(path)}: {error.strerror or error}") from None
    finally:
        temporary.unlink(missing_ok=True)


def append_to(path: PathLike, data: bytes, what: str, inside: Optional[PathLike] = None) -> None:
    """Appends `data` to the regular file `path` (created if missing; inside `inside` through no
    link, if given) and flushes it. Raises FileRefused naming the file."""
    where = f"{what} {os.fspath(path)!r}"
    fd = _open_regular(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, where, "written", inside)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    except OSError as error:
        raise FileRefused(f"cannot write {where}: {error.strerror}") from None
    finally:
        os.close(fd)


def _open_regular(path: PathLike, mode: int, where: str, use: str, inside: Optional[PathLike]) -> int:
    """A descriptor of `path` opened with `mode` without blocking (a named pipe answers at once),
    once it is known to be a regular file (inside `inside` through no link, if given)."""
    if inside is not None:
        check_inside(path, inside)
    flags = mode | _NONBLOCK | _CLOEXEC | _BINARY | (_NOFOLLOW if inside is not None else 0)
    try:
        fd = os.open(path, flags, 0o644)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise FileRefused(f"{where} cannot be opened: {error.strerror}") from None
    mode_bits = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode_bits):
        os.close(fd)
        raise FileRefused(f"{where} is {file_kind(mode_bits)}; only a regular file is {use}")
    return fd
