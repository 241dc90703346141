//! The Rocksoft/Williams model: what a CRC is, validated.
//!
//! [`ModelSpec`] is a model as written (`spec`, with the rule for reflections), which its
//! `build` validates into a [`Model`] (`validated`, with what a model computes: the CRC, check
//! and residue); `line` reads and writes RevEng's one-line format, and `naming` gives an
//! algorithm's Rust type name.

mod line;
mod naming;
mod spec;
mod validated;

pub use naming::type_name;
pub use spec::{reflections, ModelSpec};
pub use validated::Model;
