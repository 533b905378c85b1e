"""Tests of the notebooks' table loader: run by `make notebooks`."""

import tempfile
import unittest
from pathlib import Path

from cubecensus_tables import RESULTS, ChecksumError, load, metadata

NAME = "canonical_sequences"


class LoaderTest(unittest.TestCase):
    def test_committed_table_loads(self):
        table = load(NAME)
        self.assertGreater(table.num_rows, 0)
        self.assertEqual(metadata(table)["table"], NAME)
        self.assertTrue(metadata(table)["checksum"].startswith("cubecensus-sha256:"))

    def test_damaged_tables_are_refused(self):
        data = (RESULTS / f"{NAME}.arrow").read_bytes()
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / f"{NAME}.arrow"
            for damage in (
                data[: len(data) // 2],  # truncated
                data[:100] + bytes([data[100] ^ 0xFF]) + data[101:],  # a byte flipped in the schema
                data[:-200] + bytes([data[-200] ^ 0x01]) + data[-199:],  # one bit of the footer
                data[:3000] + bytes([data[3000] ^ 0x10]) + data[3001:],  # one bit of the record batch
            ):
                path.write_bytes(damage)
                with self.assertRaises(ChecksumError):
                    load(NAME, tmp)


if __name__ == "__main__":
    unittest.main()
