"""``python -m bench.fingerprint``: a hash of what the importers make of every test package.

Speed work on the importers must not change a single parsed byte: this prints one SHA-256 per
package (the shared packages in ``../shared/packages`` and the bench's generated 1 MB package
of every format) and one over all of them. Run it before and after a change; the totals must
match. Each hash covers the package's ``to_dict()`` JSON and its problems, or the read error.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from bench.importing import FORMATS, MB, generate
from bot.packages import PackageReadError, parse_package

SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "packages"


def digest(data: bytes, name: str) -> str:
    """SHA-256 (hex) of the import of ``data`` named ``name``: model, problems or read error."""
    try:
        result = parse_package(data, name, max_questions=None)
    except PackageReadError as error:
        outcome: object = {"error": error.key, "args": error.args}
    else:
        outcome = {
            "package": result.package.to_dict() if result.package else None,
            "problems": [[p.line, str(p.severity), p.key, p.args] for p in result.problems],
        }
    blob = json.dumps(outcome, ensure_ascii=False, sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()


def main() -> int:
    """Print a hash per package and the total; returns 0."""
    total = hashlib.sha256()
    inputs = [(p.name, p.read_bytes()) for p in sorted(SHARED.glob("*")) if p.name != "SOURCES.md"]
    inputs += [(f"generated.{fmt}", generate(fmt, MB)[0]) for fmt in FORMATS]
    for name, data in inputs:
        h = digest(data, name)
        total.update(h.encode())
        print(f"{h[:16]}  {name}")
    print(f"{total.hexdigest()[:16]}  TOTAL")
    return 0


if __name__ == "__main__":
    sys.exit(main())
