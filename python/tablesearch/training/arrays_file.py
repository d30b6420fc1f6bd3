"""Files of named plain arrays (NumPy's .npz), written whole and read as hostile data.

A run's folder may come from someone else, so reading never unpickles (object arrays are
refused) and checks every array's declared size against the bytes the file holds before
allocating it: a header claiming a terabyte is refused, not allocated.
"""

from __future__ import annotations

import io
import os
import zipfile
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Optional

import numpy as np

from tablesearch.safe_files import FileRefused, open_regular, write_atomically

MAX_FILE_BYTES = 16 << 30  # a checkpoint or a buffer file larger than this is refused unread
_BAD = (OSError, ValueError, EOFError, KeyError, zipfile.BadZipFile, zipfile.LargeZipFile)


def save_arrays(path: Path, arrays: dict[str, np.ndarray], inside: Optional[Path] = None) -> None:
    """Writes `arrays` to `path` whole (safe_files.write_atomically), so a kill leaves the old file or the new."""
    buffer = io.BytesIO()
    savez: Callable[..., None] = np.savez  # numpy's stub reads **arrays as its allow_pickle option
    savez(buffer, **arrays)
    write_atomically(path, buffer.getvalue(), inside)


def load_arrays(
    path: Path, names: Optional[Collection[str]] = None, inside: Optional[Path] = None
) -> dict[str, np.ndarray]:
    """The arrays saved in `path` (only those in `names`, if given; inside the folder `inside`
    through no link, if given). Raises ValueError naming the file if it is not a regular file
    holding an .npz of plain (numeric or boolean) arrays whose sizes, added up, fit in its bytes."""
    try:
        with open_regular(path, "saved arrays", MAX_FILE_BYTES, inside) as file, zipfile.ZipFile(file) as archive:
            size = os.fstat(file.fileno()).st_size
            infos = archive.infolist()
            declared = sum(info.file_size for info in infos)
            if declared > size:  # members may overlap in a crafted archive: each fits, all do not
                raise ValueError(f"its {len(infos)} members declare {declared:,} bytes in a file of {size:,}")
            members = [i for i in infos if names is None or i.filename[: -len(".npy")] in names]
            return dict(_read_member(archive, info, size) for info in members)
    except FileRefused:
        raise
    except _BAD as error:
        raise ValueError(f"{os.fspath(path)} cannot be read as saved arrays: {error}") from None


def _read_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, file_size: int) -> tuple[str, np.ndarray]:
    if not info.filename.endswith(".npy"):
        raise ValueError(f"member {info.filename!r} is not an array")
    if info.compress_type != zipfile.ZIP_STORED or info.file_size > file_size:  # as np.savez writes: no inflating
        raise ValueError(f"member {info.filename!r} is compressed or larger than the file")
    with archive.open(info) as member:
        version = np.lib.format.read_magic(member)
        if version not in ((1, 0), (2, 0)):
            raise ValueError(f"array {info.filename!r} has .npy format version {version}; 1.0 and 2.0 are read")
        read_header = np.lib.format.read_array_header_1_0 if version == (1, 0) else np.lib.format.read_array_header_2_0
        shape, fortran_order, dtype = read_header(member)
        if dtype.hasobject or dtype.kind not in "biuf":
            raise ValueError(f"array {info.filename!r} holds {dtype}, not plain numbers")
        declared = int(np.prod(shape, dtype=object)) * dtype.itemsize
        header_bytes = member.tell()
        if declared != info.file_size - header_bytes:
            raise ValueError(
                f"array {info.filename!r} declares {declared} bytes but holds {info.file_size - header_bytes}"
            )
        data = member.read(declared)
    if len(data) != declared:
        raise ValueError(f"array {info.filename!r} is cut short")
    array = np.frombuffer(data, dtype=dtype).reshape(shape, order="F" if fortran_order else "C")
    return info.filename[: -len(".npy")], array.copy()
