"""The model file format: plain data, read without running anything from the file.

A file is, in order:

1. the 8 bytes ``b"TSMODEL\\n"``;
2. the header's length in bytes, a little-endian uint32 (at most ``MAX_HEADER_BYTES``);
3. the header, UTF-8 JSON: a single object (fields in ``docs/learned-evaluators.md``);
4. zero bytes up to the next multiple of 16;
5. the tensors, float32 little-endian, C order, one after another in the header's ``tensors``
   order, each at the byte ``offset`` (from the start of this part) the header gives.

The header's ``data_crc32`` is zlib's CRC-32 of part 5, so a truncated or altered file is refused
rather than loaded with wrong weights. Reading checks every size against the file's own length
before touching the data, and never unpickles, imports or evaluates anything.
"""

from __future__ import annotations

import json
import os
import struct
import zlib
from typing import Any, Union

import numpy as np

from tablesearch.safe_files import FileRefused, open_regular, write_atomically

MAGIC = b"TSMODEL\n"
FORMAT = "tablesearch-model"
FORMAT_VERSION = 1
MAX_HEADER_BYTES = 1 << 20
MAX_FILE_BYTES = 4 << 30
_ALIGN = 16
_DTYPE = "<f4"


class ModelFileError(ValueError):
    """A file that is not a model this version can read: the message says what is wrong."""


def write_model_file(
    path: Union[str, os.PathLike[str]], header: dict[str, Any], tensors: list[tuple[str, Any]]
) -> None:
    """Writes `header` (a JSON object; its ``tensors`` and ``data_crc32`` are filled in here) and
    `tensors` [(name, array)] to `path`, atomically: a reader never sees a half-written file."""
    arrays = [(name, np.ascontiguousarray(array, dtype=_DTYPE)) for name, array in tensors]
    offset, entries = 0, []
    for name, array in arrays:
        entries.append({"name": name, "shape": list(array.shape), "offset": offset})
        offset += array.nbytes
    data = b"".join(array.tobytes() for _, array in arrays)
    header = {**header, "format": FORMAT, "version": FORMAT_VERSION, "tensors": entries, "data_crc32": zlib.crc32(data)}
    text = json.dumps(header, allow_nan=False, separators=(",", ":")).encode()
    if len(text) > MAX_HEADER_BYTES:
        raise ValueError(f"model header is {len(text)} bytes; at most {MAX_HEADER_BYTES} are allowed")
    prefix = MAGIC + struct.pack("<I", len(text)) + text
    padding = b"\0" * (-len(prefix) % _ALIGN)
    write_atomically(path, prefix + padding + data)


def read_model_file(path: Union[str, os.PathLike[str]]) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """(header, {name: float32 array}) of the model file at `path`. Raises ModelFileError naming the
    file and what is wrong (not a model file, a newer format version, a truncated or altered file,
    sizes that do not add up; not a regular file, such as a named pipe), or FileNotFoundError."""
    where = f"model file {os.fspath(path)!r}"
    try:
        file = open_regular(path, "model file", MAX_FILE_BYTES)
    except FileRefused as error:
        raise ModelFileError(str(error)) from None
    with file:
        size = os.fstat(file.fileno()).st_size
        start = file.read(len(MAGIC) + 4)
        if len(start) < len(MAGIC) + 4 or start[: len(MAGIC)] != MAGIC:
            raise ModelFileError(f"{where} is not a tablesearch model file (it does not start with {MAGIC!r})")
        (length,) = struct.unpack("<I", start[len(MAGIC) :])
        if length > MAX_HEADER_BYTES or len(start) + length > size:
            raise ModelFileError(f"{where} is truncated or damaged: its header length {length} does not fit")
        header = _parse_header(file.read(length), where)
        data_start = len(start) + length
        data_start += -data_start % _ALIGN
        file.seek(data_start)
        data = file.read()
    tensors = _tensors(header, data, where)
    if zlib.crc32(data) != header["data_crc32"]:
        raise ModelFileError(f"{where} is damaged or was altered: its weights do not match the header's checksum")
    return header, tensors


def _parse_header(text: bytes, where: str) -> dict[str, Any]:
    try:
        header = json.loads(text.decode("utf-8"), parse_constant=_refuse_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise ModelFileError(f"{where} has a header that is not valid JSON: {error}") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ModelFileError(f"{where} has no {FORMAT!r} header")
    version = header.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ModelFileError(f"{where} has format version {version!r}; versions are ints >= 1")
    if version > FORMAT_VERSION:
        raise ModelFileError(
            f"{where} was written in format version {version} by a newer tablesearch; this one reads "
            f"version {FORMAT_VERSION} (upgrade tablesearch to load it)"
        )
    crc = header.get("data_crc32")
    if not isinstance(crc, int) or isinstance(crc, bool) or not 0 <= crc < 1 << 32:
        raise ModelFileError(f"{where} has no valid data_crc32 in its header")
    return header


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a model file may hold")


def _tensors(header: dict[str, Any], data: bytes, where: str) -> dict[str, np.ndarray]:
    entries = header.get("tensors")
    if not isinstance(entries, list):
        raise ModelFileError(f"{where}: header field 'tensors' must be a list")
    tensors: dict[str, np.ndarray] = {}
    expected_offset = 0
    for entry in entries:
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise ModelFileError(f"{where}: each tensor entry needs a name")
        name, shape, offset = entry["name"], entry.get("shape"), entry.get("offset")
        if not isinstance(shape, list) or not all(_is_size(d) for d in shape) or len(shape) > 8:
            raise ModelFileError(f"{where}: tensor {name!r} has shape {shape!r}; a shape is a list of ints >= 1")
        count = int(np.prod(shape, dtype=object))
        if not _is_int(offset):
            raise ModelFileError(f"{where}: tensor {name!r} has offset {offset!r}; an offset is an int")
        if offset != expected_offset or count * 4 > len(data) - expected_offset:
            raise ModelFileError(f"{where} is truncated or damaged: tensor {name!r} does not fit in the file")
        if name in tensors:
            raise ModelFileError(f"{where}: tensor {name!r} appears twice")
        tensors[name] = np.frombuffer(data, dtype=_DTYPE, count=count, offset=offset).reshape(shape)
        expected_offset += count * 4
    if expected_offset != len(data):
        raise ModelFileError(f"{where} is damaged: it holds {len(data) - expected_offset} bytes beyond its last tensor")
    return tensors


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_size(value: Any) -> bool:
    return _is_int(value) and 1 <= value <= 1 << 30
