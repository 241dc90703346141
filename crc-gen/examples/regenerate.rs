//! Rewrites `generated/` using only the generator library.
//!
//! `crc-gen emit --headline -o generated` is the normal way, but the CLI links crcstamp,
//! which includes `generated/`: after a change to the emitted data layout the CLI cannot be
//! built until `generated/` is rewritten. This breaks that cycle:
//! `cargo run -p crc-gen --example regenerate`.

use crc_gen::{catalogue, emit, DerivedConsts, Slice};

fn main() -> std::io::Result<()> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../generated");
    for name in catalogue::HEADLINE {
        let model = &catalogue::lookup(name)
            .expect("headline names are in the catalogue")
            .model;
        let path = dir.join(emit::file_name(model));
        std::fs::write(
            &path,
            emit::file(&DerivedConsts::new(
                model,
                Slice::fastest(model.word_bits()),
            )),
        )?;
        println!("wrote {}", path.display());
    }
    Ok(())
}
