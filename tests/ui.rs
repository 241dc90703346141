//! Compile-fail and compile-pass cases for `#[crc(...)]`: every mistake in the attribute is
//! one clear error pointing at the offending key or value, and the macro never panics.
//!
//! Regenerate the expected output with `TRYBUILD=overwrite cargo test -p crcstamp --test ui`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
    t.pass("tests/ui/pass/*.rs");
}
