"""crcstamp.s3 and ``crc-gen sum --format s3`` against independent implementations: awscrt's
checksums (the AWS SDKs' own CRCs) and google-crc32c, on files of 0 B, 1 B, one part,
several parts with a short last one, a part size that divides the file, and random sizes up
to 64 MiB with part sizes from 5 MiB."""

import base64
import os
import random
import subprocess
from pathlib import Path

import pytest

from crcstamp import s3

# CI installs both and must not skip (CI=true); elsewhere their absence skips this file.
if os.environ.get("CI"):
    from awscrt import checksums
    import google_crc32c
else:
    checksums = pytest.importorskip("awscrt.checksums")
    google_crc32c = pytest.importorskip("google_crc32c")

MIB = 1 << 20
AWS = {"CRC32": (checksums.crc32, 4), "CRC32C": (checksums.crc32c, 4),
       "CRC64NVME": (checksums.crc64nvme, 8)}


def b64(value, nbytes):
    return base64.b64encode(value.to_bytes(nbytes, "big")).decode()


def aws_full(data, algo):
    fn, n = AWS[algo]
    return b64(fn(data), n)


def aws_parts(data, algo, part):
    fn, _ = AWS[algo]
    chunks = [data[i:i + part] for i in range(0, len(data), part)] or [b""]
    return [(fn(c), len(c)) for c in chunks]


def aws_composite(data, algo, part):
    fn, n = AWS[algo]
    parts = aws_parts(data, algo, part)
    joined = b"".join(c.to_bytes(n, "big") for c, _ in parts)
    return f"{b64(fn(joined), n)}-{len(parts)}"


def random_data(n, seed):
    return random.Random(seed).getrandbits(8 * n).to_bytes(n, "little") if n else b""


CASES = [  # name, size, part size
    ("empty", 0, 5 * MIB),
    ("one", 1, 5 * MIB),
    ("onepart", 5 * MIB, 5 * MIB),
    ("shortlast", 23_000_000, 5 * MIB),
    ("divides", 20 * MIB, 5 * MIB),
]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("s3")
    out = []
    for name, size, part in CASES:
        data = random_data(size, size)
        (d / name).write_bytes(data)
        out.append((d / name, data, part))
    return out


@pytest.mark.parametrize("algo", ["CRC32", "CRC32C", "CRC64NVME"])
def test_full_object_and_parts_equal_awscrt(files, algo):
    for path, data, part in files:
        want = aws_full(data, algo)
        assert s3.full_object(data, algo) == want
        assert s3.full_object(path, algo) == want
        assert s3.full_object(str(path), algo, threads=3) == want
        parts = s3.part_crcs(path, algo, part_size=part)
        assert parts == aws_parts(data, algo, part)
        assert s3.full_object_from_parts(parts, algo) == want


@pytest.mark.parametrize("algo", ["CRC32", "CRC32C"])
def test_composite_equals_awscrt(files, algo):
    for path, data, part in files:
        want = aws_composite(data, algo, part)
        assert s3.composite(data, algo, part_size=part) == want
        assert s3.composite(path, algo, part_size=part) == want
        parts = s3.part_crcs(bytearray(data), algo, part_size=part)
        assert s3.composite_from_parts(parts, algo) == want
        assert s3.composite_from_parts([c for c, _ in parts], algo) == want
        # The AWS CLI's layout: one request under 8 MiB (full-object), else 8 MiB parts.
        cli = aws_composite(data, algo, 8 * MIB) if len(data) >= 8 * MIB else aws_full(data, algo)
        assert s3.composite(path, algo) == cli


def test_gcs_crc32c_equals_google_crc32c(files):
    for path, data, _ in files:
        want = b64(google_crc32c.value(data), 4)
        assert s3.gcs_crc32c(path) == want == s3.gcs_crc32c(memoryview(data))


def test_azure_crc64_is_crc64nvme_little_endian(files):
    for path, data, _ in files:
        want = base64.b64encode(checksums.crc64nvme(data).to_bytes(8, "little")).decode()
        assert s3.azure_crc64(path) == want


def test_names_users_paste():
    for name in ["ChecksumCRC64NVME", "x-amz-checksum-crc64nvme", "crc64nvme", "CRC-64/NVME"]:
        assert s3.algorithm_of(name) == "CRC64NVME"
    assert s3.algorithm_of("crc32c") == "CRC32C"
    assert s3.from_base64("rosUhgp5mIg=", 64) == 0xAE8B14860A799888


@pytest.mark.parametrize("call, message", [
    (lambda p: s3.full_object(b"x", "CRC-16/ARC"), "not 'CRC-16/ARC'"),
    (lambda p: s3.full_object(b"x", "SHA256"), "not 'SHA256'"),
    (lambda p: s3.composite(b"x", "CRC64NVME", part_size=5 * MIB), "S3 refuses a composite"),
    (lambda p: s3.composite_from_parts([1], "crc64nvme"), "S3 refuses a composite"),
    (lambda p: s3.composite(b"x", "CRC32", part_size=5 * MIB - 1), "under S3's 5 MiB minimum"),
    (lambda p: s3.part_crcs(b"x", "CRC32", part_size=6 << 30), "5 GiB maximum"),
    (lambda p: s3.composite(p, "CRC32", part_size=5 * MIB), "make 10001 parts"),
    (lambda p: s3.composite_from_parts([1] * 10_001, "CRC32"), "1 to 10,000"),
    (lambda p: s3.from_base64("4waSg!==", 32), "is not base64"),
    (lambda p: s3.from_base64("rosUhgp5mIg=", 32), "holds 8 bytes"),
])
def test_bad_input_is_a_clear_value_error(tmp_path, call, message):
    huge = tmp_path / "huge"
    with open(huge, "wb") as f:
        f.truncate(50_001 * MIB)  # sparse: refused before any byte is read
    with pytest.raises(ValueError, match=message):
        call(huge)


def crc_gen():
    """The crc-gen binary: $CRC_GEN, else the repository's target/{debug,release}."""
    root = Path(__file__).resolve().parents[2]
    for p in [os.environ.get("CRC_GEN"), root / "target/debug/crc-gen",
              root / "target/release/crc-gen"]:
        if p and Path(p).is_file():
            return str(p)
    if os.environ.get("CI"):
        pytest.fail("no crc-gen binary: CI runs `cargo test --workspace` first")
    pytest.skip("no crc-gen binary (cargo build -p crc-gen-cli, or set CRC_GEN)")


def run(*args, cwd):
    return subprocess.run([crc_gen(), "sum", *args], cwd=cwd, capture_output=True, text=True)


def test_cli_prints_awscrts_values_and_checks_them(tmp_path, files):
    rng = random.Random(58)
    cases = [(p.name, d, part) for p, d, part in files]
    for i in range(2):
        size = rng.randrange(5 * MIB, 64 * MIB + 1)
        cases.append((f"r{i}", random_data(size, i), rng.randrange(5 * MIB, 16 * MIB)))
    for name, data, part in cases:
        (tmp_path / name).write_bytes(data)
        runs = [(algo, [], aws_full(data, algo)) for algo in AWS]
        runs += [(algo, ["--part-size", str(part)], aws_composite(data, algo, part))
                 for algo in ("CRC32", "CRC32C")]
        for algo, layout, want in runs:
            a = ["--format", "s3", "-a", s3.ALGORITHMS[algo], *layout]
            got = run(*a, name, cwd=tmp_path)
            assert (got.returncode, got.stdout) == (0, f"{want}  {len(data)}  {name}\n"), got.stderr
            (tmp_path / "list").write_text(got.stdout)
            assert run(*a, "-c", "list", cwd=tmp_path).returncode == 0
            # One bit changed in the CRC: FAILED, exit 1.
            fn, n = AWS[algo]
            crc = s3.from_base64(want.split("-")[0], 8 * n) ^ 1
            flipped = b64(crc, n) + ("-" + want.split("-")[1] if "-" in want else "")
            (tmp_path / "list").write_text(f"{flipped}  {len(data)}  {name}\n")
            bad = run(*a, "-c", "list", cwd=tmp_path)
            assert (bad.returncode, bad.stdout) == (1, f"{name}: FAILED\n"), bad.stderr


def test_cli_base64_equals_awscrt_and_google_crc32c(files):
    for path, data, _ in files:
        for algo, model in s3.ALGORITHMS.items():
            got = run("--base64", "-a", model, path.name, cwd=path.parent)
            assert got.stdout.split()[0] == aws_full(data, algo)
        got = run("--base64", "-a", "crc32c", path.name, cwd=path.parent)
        assert got.stdout.split()[0] == b64(google_crc32c.value(data), 4)
