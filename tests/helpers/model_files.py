"""Model files rewritten as a hostile writer would: the header changed, its checksum kept valid, so
that only the change is what a reader refuses."""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path
from typing import Callable


def rewrite_header(path: Path, change: Callable[[dict], str]) -> None:
    """Rewrites the model file at `path` with the header text `change(header)` returns (JSON text,
    so that it may hold what json.dumps would not write) and a checksum that fits its weights."""
    raw = path.read_bytes()
    (length,) = struct.unpack("<I", raw[8:12])
    header = json.loads(raw[12 : 12 + length])
    data = raw[12 + length + (-(12 + length) % 16) :]
    header["data_crc32"] = zlib.crc32(data)
    text = change(header).encode()
    prefix = b"TSMODEL\n" + struct.pack("<I", len(text)) + text
    path.write_bytes(prefix + b"\0" * (-len(prefix) % 16) + data)
