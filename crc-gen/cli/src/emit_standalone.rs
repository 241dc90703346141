//! `crc-gen emit --standalone` and `--lang c`: dependency-free Rust, or C99 with optional
//! carry-less-multiply folding, for any project.

use clap::ValueEnum;
use crc_gen::standalone::{self, c, rust};
use crc_gen::{Model, Slice};

use crate::outfiles::OutFile;

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
    /// Name of the files, P.rs or P.h and P.c, and in C the prefix of every name [default:
    /// the name in snake case, e.g. crc32_iscsi; "crc" for a custom model].
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

/// The standalone files of `models` (each with the argument that named it, for messages),
/// named inside the output directory; `to_stdout` when there is no `-o DIR` to hold them.
/// Every model is resolved and every file named before the caller writes any.
pub fn outputs(
    flags: &Flags,
    models: &[(&str, &Model)],
    to_stdout: bool,
) -> Result<Vec<OutFile>, String> {
    let lang = flags.lang.unwrap_or_default();
    let slice = flags.slice.unwrap_or(Slice::Eight);
    if lang == Lang::Rust && flags.simd {
        return Err("--simd is for --lang c".into());
    }
    if models.len() > 1 && flags.prefix.is_some() {
        return Err("--prefix names one model's files: give one model".into());
    }
    if to_stdout && (lang == Lang::C || models.len() > 1) {
        return Err(match lang {
            Lang::C => "--lang c writes two files per model: give -o DIR".into(),
            Lang::Rust => "several models make several files: give -o DIR".into(),
        });
    }
    let mut files: Vec<OutFile> = Vec::new();
    let mut owners: Vec<&str> = Vec::new();
    for &(arg, m) in models {
        let prefix = match &flags.prefix {
            Some(p) => {
                standalone::check_prefix(p)?;
                p.clone()
            }
            None => standalone::default_prefix(m),
        };
        let made = match lang {
            Lang::Rust => vec![(format!("{prefix}.rs"), rust::file(m, slice))],
            Lang::C => {
                let opts = c::Options {
                    prefix: prefix.clone(),
                    slice,
                    simd: flags.simd,
                };
                let (h, src) = c::files(m, &opts)?;
                vec![(format!("{prefix}.h"), h), (format!("{prefix}.c"), src)]
            }
        };
        for (name, contents) in made {
            if let Some(j) = files.iter().position(|f| f.name == name) {
                return Err(format!(
                    "`{}` and `{arg}` would both be written as {name}; \
                     give one a name=\"...\" of its own",
                    owners[j]
                ));
            }
            owners.push(arg);
            files.push(OutFile { name, contents });
        }
    }
    Ok(files)
}
