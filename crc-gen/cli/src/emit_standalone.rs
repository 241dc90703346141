//! `crc-gen emit --standalone` and `--lang c`: dependency-free Rust, or C99 with optional
//! carry-less-multiply folding, for any project.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::ValueEnum;
use crc_gen::standalone::{self, c, rust};
use crc_gen::{Model, Slice};

use crate::model_arg;
use crate::outfiles::{self, OutFile};
use crate::output::print_out;

/// The standalone flags of `crc-gen emit`.
#[derive(clap::Args, Debug, Default)]
pub struct Flags {
    /// Write standalone source with no dependency: one Rust file (no_std), or with
    /// `--lang c` a C99 header and source.
    #[arg(long)]
    pub standalone: bool,
    /// Language of the standalone source (`--lang c` implies --standalone).
    #[arg(long, value_enum, value_name = "LANG")]
    pub lang: Option<Lang>,
    /// C: prefix of every name and of the files P.h and P.c [default: the name in snake
    /// case, e.g. crc32_iscsi; "crc" for a custom model].
    #[arg(long, value_name = "P")]
    pub prefix: Option<String>,
    /// Tables: 0, nibble, 1, 4, 8 or 16 for Rust; 1 or 8 for C [default: 8].
    #[arg(long, value_name = "N", value_parser = parse_slice)]
    pub slice: Option<Slice>,
    /// C: add a PCLMULQDQ (x86-64) / PMULL (aarch64) fold for long inputs, chosen at run time.
    #[arg(long)]
    pub simd: bool,
}

/// Languages of the standalone source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Lang {
    /// One Rust file.
    #[default]
    Rust,
    /// A C99 header and source.
    C,
}

fn parse_slice(s: &str) -> Result<Slice, String> {
    s.parse()
}

impl Flags {
    /// Whether standalone output was asked for.
    pub fn wanted(&self) -> bool {
        self.standalone || self.lang.is_some()
    }
}

/// Writes (or prints) the standalone source of `models` as `flags` ask.
pub fn run(flags: &Flags, models: &[String], output: Option<&Path>) -> Result<ExitCode, String> {
    let lang = flags.lang.unwrap_or_default();
    let slice = flags.slice.unwrap_or(Slice::Eight);
    if lang == Lang::Rust && (flags.prefix.is_some() || flags.simd) {
        return Err("--prefix and --simd are for --lang c".into());
    }
    let models = models
        .iter()
        .map(|m| model_arg::resolve(m))
        .collect::<Result<Vec<Model>, String>>()?;
    if models.len() > 1 && flags.prefix.is_some() {
        return Err("--prefix names one model's files: give one model".into());
    }
    let mut files: Vec<(PathBuf, String)> = Vec::new();
    for m in &models {
        let prefix = flags
            .prefix
            .clone()
            .unwrap_or_else(|| standalone::default_prefix(m));
        match lang {
            Lang::Rust => {
                let path = rust_path(output, &prefix, models.len())?;
                files.push((path, rust::file(m, slice)));
            }
            Lang::C => {
                let Some(dir) = output else {
                    return Err("--lang c writes two files: give -o DIR".into());
                };
                let opts = c::Options {
                    prefix: prefix.clone(),
                    slice,
                    simd: flags.simd,
                };
                let (h, src) = c::files(m, &opts)?;
                files.push((dir.join(format!("{prefix}.h")), h));
                files.push((dir.join(format!("{prefix}.c")), src));
            }
        }
    }
    for (i, (path, _)) in files.iter().enumerate() {
        if files[..i].iter().any(|(p, _)| p == path) {
            return Err(format!(
                "two models would write {}: name them apart",
                path.display()
            ));
        }
    }
    if output.is_none() {
        let text: String = files.into_iter().map(|(_, text)| text).collect();
        print_out(text)?;
    } else {
        write_files(&files)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes every file or none through [`outfiles::write_all`]: the files of one run share a
/// directory (`-o DIR`, or the directory of `-o FILE`).
fn write_files(files: &[(PathBuf, String)]) -> Result<(), String> {
    let Some((first, _)) = files.first() else {
        return Ok(());
    };
    let dir = match first.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let out: Vec<OutFile> = files
        .iter()
        .map(|(path, text)| OutFile {
            name: path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned(),
            contents: text.clone(),
        })
        .collect();
    outfiles::write_all(&dir, &out)
}

/// Where a Rust file goes: stdout (`None`, one model only), `DIR/PREFIX.rs` when `-o`
/// names a directory (existing, or written with a trailing `/`), else the file itself.
fn rust_path(output: Option<&Path>, prefix: &str, count: usize) -> Result<PathBuf, String> {
    let Some(out) = output else {
        return if count == 1 {
            Ok(PathBuf::new())
        } else {
            Err("several models make several files: give -o DIR".into())
        };
    };
    let is_dir = out.is_dir() || out.as_os_str().to_string_lossy().ends_with('/');
    if is_dir {
        Ok(out.join(format!("{prefix}.rs")))
    } else if count == 1 {
        Ok(out.to_path_buf())
    } else {
        Err(format!(
            "several models make several files: {} is not a directory",
            out.display()
        ))
    }
}
