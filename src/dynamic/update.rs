//! How a [`DynCrc`]'s bytes reach the engine past `checksum`'s own step: the step its route
//! decided when the constants were built, else the whole route, out of line. A module of its
//! own so that rustc compiles it in a codegen unit of its own: these and `checksum` are
//! each the engine's route inlined once per word, and LLVM optimizes the two units side by
//! side (`spec/decisions.md`, "DynCrc's update path in a codegen unit of its own").

use super::{DynCrc, Words};
use crate::engine;
use crate::word::Word;

impl DynCrc {
    /// [`checksum`](Self::checksum) on the whole route, out of line: the same route as
    /// [`update`](Self::update)'s, so that each word's copy of it is compiled once.
    #[inline(never)]
    pub(super) fn checksum_routed(&self, bytes: &[u8]) -> u128 {
        self.finalize_state(self.update_routed(self.init_state(), bytes))
    }

    /// The route's step for `bytes.len()` decided when the constants were built, run;
    /// past the lengths it holds, the whole route out of line.
    pub(super) fn update_state(&self, state: u128, bytes: &[u8]) -> u128 {
        let route = &self.built.route;
        if route.holds(bytes.len()) {
            let memo = with_consts!(&self.built.words, |c, w| engine::update_memo(
                &c,
                route,
                w(state),
                bytes
            )
            .map(Word::to_u128));
            if let Some(state) = memo {
                return state;
            }
        }
        self.update_routed(state, bytes)
    }

    /// The whole route, out of line: the constants' view escapes only here.
    #[inline(never)]
    fn update_routed(&self, state: u128, bytes: &[u8]) -> u128 {
        with_consts!(&self.built.words, |c, w| c
            .update(w(state), bytes)
            .to_u128())
    }
}
