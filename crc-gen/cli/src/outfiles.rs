//! Generated files on disk, all or nothing: `emit -o DIR` writes them, `emit --check`
//! compares them. Any kind of output (stamped Rust, standalone sources) is a list of
//! [`OutFile`]s built first and handed to [`write_all`] or [`compare`].

use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

/// One file to write: its name inside the output directory and its contents.
pub struct OutFile {
    /// The file name, relative to the output directory.
    pub name: String,
    /// The full contents.
    pub contents: String,
}

/// Writes every file into `dir` (created if missing), each through a temporary file in
/// `dir` renamed over its target, so a reader never sees a half-written file. A file that
/// cannot be written leaves none of the new files behind: all are staged before the first
/// rename, and a target that is a directory is refused before anything is written.
pub fn write_all(dir: &Path, files: &[OutFile]) -> Result<(), String> {
    refuse_non_directory(dir)?;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for f in files {
        let path = dir.join(&f.name);
        if path.is_dir() {
            return Err(format!(
                "cannot write {}: it is a directory",
                path.display()
            ));
        }
    }
    let mut staged: Vec<(PathBuf, PathBuf)> = Vec::new();
    let discard = |staged: &[(PathBuf, PathBuf)]| {
        for (tmp, _) in staged {
            // Best effort: the error being reported is the one that matters.
            let _ = std::fs::remove_file(tmp);
        }
    };
    for f in files {
        let path = dir.join(&f.name);
        let tmp = dir.join(format!(".{}.{}.tmp", f.name, std::process::id()));
        let written = std::fs::File::create(&tmp)
            .and_then(|mut out| out.write_all(f.contents.as_bytes()).and(out.sync_all()));
        staged.push((tmp, path.clone()));
        if let Err(e) = written {
            discard(&staged);
            return Err(format!("cannot write {}: {e}", path.display()));
        }
    }
    for (i, (tmp, path)) in staged.iter().enumerate() {
        if let Err(e) = std::fs::rename(tmp, path) {
            discard(&staged[i..]);
            return Err(format!("cannot write {}: {e}", path.display()));
        }
    }
    Ok(())
}

/// An error when `dir` exists and is not a directory: `-o` always names the directory the
/// files go in, so an existing file there is a mistake to name, not a place to write.
fn refuse_non_directory(dir: &Path) -> Result<(), String> {
    match std::fs::metadata(dir) {
        Ok(meta) if !meta.is_dir() => Err(format!(
            "-o {}: not a directory (-o names the directory the files go in)",
            dir.display()
        )),
        _ => Ok(()),
    }
}

/// What `--check` found for one file.
#[derive(Debug, PartialEq, Eq)]
pub enum Stale {
    /// Not there at all.
    Missing(PathBuf),
    /// There, with other contents.
    OutOfDate(PathBuf),
}

/// The files in `dir` that are missing or differ from `files`.
pub fn compare(dir: &Path, files: &[OutFile]) -> Result<Vec<Stale>, String> {
    refuse_non_directory(dir)?;
    let mut stale = Vec::new();
    for f in files {
        let path = dir.join(&f.name);
        match std::fs::read(&path) {
            Ok(current) if current == f.contents.as_bytes() => {}
            Ok(_) => stale.push(Stale::OutOfDate(path)),
            Err(e) if e.kind() == ErrorKind::NotFound => stale.push(Stale::Missing(path)),
            Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
        }
    }
    Ok(stale)
}

/// `--check`'s one line: `missing: a.rs; out of date: b.rs, c.rs`.
pub fn describe(stale: &[Stale]) -> String {
    let list = |missing: bool| {
        stale
            .iter()
            .filter_map(|s| match (s, missing) {
                (Stale::Missing(p), true) | (Stale::OutOfDate(p), false) => {
                    Some(p.display().to_string())
                }
                _ => None,
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (missing, changed) = (list(true), list(false));
    let mut parts = Vec::new();
    if !missing.is_empty() {
        parts.push(format!("missing: {missing}"));
    }
    if !changed.is_empty() {
        parts.push(format!("out of date: {changed}"));
    }
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, contents: &str) -> OutFile {
        OutFile {
            name: name.into(),
            contents: contents.into(),
        }
    }

    #[test]
    fn writes_all_into_a_new_directory_and_compares() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("a/b");
        let files = [file("x.rs", "x"), file("y.rs", "y")];
        assert_eq!(compare(&dir, &files).unwrap().len(), 2);
        write_all(&dir, &files).unwrap();
        assert_eq!(std::fs::read_to_string(dir.join("y.rs")).unwrap(), "y");
        assert!(compare(&dir, &files).unwrap().is_empty());
        std::fs::write(dir.join("x.rs"), "old").unwrap();
        std::fs::remove_file(dir.join("y.rs")).unwrap();
        let stale = compare(&dir, &files).unwrap();
        assert_eq!(
            describe(&stale),
            format!(
                "missing: {}; out of date: {}",
                dir.join("y.rs").display(),
                dir.join("x.rs").display()
            )
        );
    }

    #[test]
    fn a_directory_in_the_way_writes_nothing() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::create_dir(tmp.path().join("y.rs")).unwrap();
        let files = [file("x.rs", "x"), file("y.rs", "y")];
        let err = write_all(tmp.path(), &files).unwrap_err();
        assert!(err.contains("y.rs") && err.contains("directory"), "{err}");
        let left: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().collect();
        assert_eq!(left.len(), 1, "only the directory that was there");
    }

    /// `-o afile`: one clear line from writing and from comparing, and the file untouched.
    #[test]
    fn a_file_named_as_the_directory_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let afile = tmp.path().join("afile");
        std::fs::write(&afile, "mine").unwrap();
        let files = [file("x.rs", "x")];
        let want = format!(
            "-o {}: not a directory (-o names the directory the files go in)",
            afile.display()
        );
        assert_eq!(write_all(&afile, &files).unwrap_err(), want);
        assert_eq!(compare(&afile, &files).unwrap_err(), want);
        assert_eq!(std::fs::read_to_string(&afile).unwrap(), "mine");
        let left: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().collect();
        assert_eq!(left.len(), 1, "no temporary file beside it");
    }
}
