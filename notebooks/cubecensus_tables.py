"""Load cubecensus result tables, refusing any whose checksum does not match.

Every table cubecensus writes carries, in its Arrow schema metadata,

    cubecensus.checksum = cubecensus-sha256:<64 hex digits>

the SHA-256 of the file's bytes with those 64 digits read as '0' (the value
occurs twice: an Arrow IPC file stores its schema at the start and in its
footer). ``load`` checks it before pyarrow parses the file, so a damaged or
truncated table is refused instead of read.

    from cubecensus_tables import load, metadata
    seqs = load("canonical_sequences")
    metadata(seqs)["commit"]
"""

import hashlib
import os
import re
from pathlib import Path

import pyarrow as pa
import pyarrow.ipc as ipc

RESULTS = Path(os.environ.get("CUBECENSUS_RESULTS", Path(__file__).resolve().parent.parent / "results"))

TAG = b"cubecensus-sha256:"
PLACEHOLDER = TAG + b"0" * 64
_VALUE = re.compile(re.escape(TAG) + rb"[0-9a-f]{64}")


class ChecksumError(ValueError):
    """A table's bytes do not match its checksum: it is damaged."""


def verify(data: bytes, name: str = "table") -> str:
    """Return the checksum of a table file's bytes, or raise ChecksumError."""
    values = _VALUE.findall(data)
    if len(values) != 2 or values[0] != values[1]:
        raise ChecksumError(f"{name}: {len(values)} checksum values, want 2 equal ones (damaged, or not a cubecensus table)")
    digest = hashlib.sha256(_VALUE.sub(PLACEHOLDER, data)).hexdigest().encode()
    if values[0] != TAG + digest:
        raise ChecksumError(f"{name}: the bytes hash to {digest[:12].decode()}..., the table says {values[0][len(TAG):][:12].decode()}... (damaged)")
    return values[0].decode()


def load(name: str, results: Path | str | None = None) -> pa.Table:
    """Read results/NAME.arrow after checking its checksum."""
    path = Path(results if results is not None else RESULTS) / f"{name}.arrow"
    data = path.read_bytes()
    verify(data, str(path))
    return ipc.open_file(pa.py_buffer(data)).read_all()


def metadata(table: pa.Table) -> dict[str, str]:
    """The table's provenance: its cubecensus.* metadata without the prefix."""
    meta = table.schema.metadata or {}
    return {k.decode().removeprefix("cubecensus."): v.decode() for k, v in meta.items() if k.startswith(b"cubecensus.")}
