//! One ranked answer: the fits of a capture ordered by how much they explain, each factor
//! shadow placed under the fit it divides.

use core::cmp::Reverse;

use super::fit::Fit;
use super::outcome::Outcome;
use crate::gf2::Poly;
use crate::model::Model;

/// Orders `fits`: fewest bad samples first; then fits that pin their model down before
/// ambiguous ones (such as a constant preamble read as a CRC of the rest); then the widest
/// (a generator `G = G1·G2` also fits, with more bits checked, wherever its factor `G1`
/// does, so the factor is the shadow: issue 42 had a CRC-48 listed after its width-8 and
/// width-40 factors); then catalogue algorithms before solved models; then the simplest
/// layout (fewest uncovered bytes), the layouts' own order breaking ties. A fit whose
/// generator divides an earlier one's is moved right under it, with
/// [`Fit::factor_of`] naming it.
pub(super) fn rank(mut fits: Vec<Fit>) -> Vec<Fit> {
    fits.sort_by_key(|f| {
        let outcomes = || core::iter::once(&f.outcome).chain(f.alike.iter().map(|a| &a.1));
        (
            f.bad.len(),
            outcomes().all(Outcome::is_ambiguous),
            Reverse(model(&f.outcome).map_or(0, Model::width)),
            outcomes().all(|o| o.catalogue.is_empty()),
            f.layout.map_or(0, |l| l.skip + l.gap),
        )
    });
    let gens: Vec<Option<Poly>> = fits
        .iter()
        .map(|f| model(&f.outcome).map(|m| Poly::monic(u64::from(m.width()), m.poly())))
        .collect();
    // parent[i]: the first earlier, not itself a factor, whose generator this one divides.
    let mut parent: Vec<Option<usize>> = vec![None; fits.len()];
    for i in 0..fits.len() {
        let Some(gi) = &gens[i] else { continue };
        parent[i] = (0..i).find(|&j| {
            parent[j].is_none()
                && gens[j]
                    .as_ref()
                    .is_some_and(|gj| gj.degree() > gi.degree() && gj.rem(gi).degree().is_none())
        });
    }
    let mut order: Vec<usize> = Vec::with_capacity(fits.len());
    for j in (0..fits.len()).filter(|&j| parent[j].is_none()) {
        order.push(j);
        order.extend((0..fits.len()).filter(|&i| parent[i] == Some(j)));
    }
    let at: Vec<usize> = {
        let mut at = vec![0; fits.len()];
        for (pos, &i) in order.iter().enumerate() {
            at[i] = pos;
        }
        at
    };
    let mut slots: Vec<Option<Fit>> = fits.drain(..).map(Some).collect();
    order
        .iter()
        .map(|&i| {
            let mut f = slots[i].take().expect("each fit placed once");
            f.factor_of = parent[i].map(|j| at[j]);
            f
        })
        .collect()
}

/// The model a fit names first: its first catalogue hit, else its first solved model.
fn model(out: &Outcome) -> Option<&Model> {
    out.catalogue
        .first()
        .map(|h| &h.entry.model)
        .or(out.solved.first().map(|s| &s.model))
}
