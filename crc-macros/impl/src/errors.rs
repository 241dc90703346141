//! Collecting every error of an attribute, so each is reported at once.

/// `Ok` when there are no errors, else all of them as one, so each is reported.
pub(crate) fn combine(errors: impl IntoIterator<Item = syn::Error>) -> syn::Result<()> {
    let all = errors.into_iter().reduce(|mut all, e| {
        all.combine(e);
        all
    });
    all.map_or(Ok(()), Err)
}

/// Both values, or the errors of whichever failed.
pub(crate) fn both<A, B>(a: syn::Result<A>, b: syn::Result<B>) -> syn::Result<(A, B)> {
    match (a, b) {
        (Ok(a), Ok(b)) => Ok((a, b)),
        (Err(mut e), Err(f)) => {
            e.combine(f);
            Err(e)
        }
        (Err(e), _) | (_, Err(e)) => Err(e),
    }
}
