//! The attribute as the user wrote it: keys, values and where they are.

use proc_macro2::Span;

/// One `key = value` pair.
pub(crate) struct Arg {
    pub(crate) key: Key,
    pub(crate) key_span: Span,
    pub(crate) value: Value,
    pub(crate) value_span: Span,
}

/// The keys `#[crc]` understands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Key {
    Width,
    Poly,
    Init,
    Refin,
    Refout,
    Xorout,
    Check,
    Residue,
    Catalog,
    Slice,
    Crate,
}

impl Key {
    pub(crate) const ALL: [Key; 11] = [
        Key::Width,
        Key::Poly,
        Key::Init,
        Key::Refin,
        Key::Refout,
        Key::Xorout,
        Key::Check,
        Key::Residue,
        Key::Catalog,
        Key::Slice,
        Key::Crate,
    ];

    pub(crate) fn name(self) -> &'static str {
        match self {
            Key::Width => "width",
            Key::Poly => "poly",
            Key::Init => "init",
            Key::Refin => "refin",
            Key::Refout => "refout",
            Key::Xorout => "xorout",
            Key::Check => "check",
            Key::Residue => "residue",
            Key::Catalog => "catalog",
            Key::Slice => "slice",
            Key::Crate => "crate",
        }
    }

    pub(crate) fn from_name(name: &str) -> Option<Key> {
        Key::ALL.into_iter().find(|k| k.name() == name)
    }

    /// A typical value, for error messages.
    pub(crate) fn example(self) -> &'static str {
        match self {
            Key::Width => "32",
            Key::Poly => "0x04c11db7",
            Key::Init | Key::Xorout => "0xffffffff",
            Key::Refin | Key::Refout => "true",
            Key::Check => "0xcbf43926",
            Key::Residue => "0xdebb20e3",
            Key::Catalog => "\"CRC-32/ISCSI\"",
            Key::Slice => "16",
            Key::Crate => "\"::crcstamp\"",
        }
    }

    /// What the key's value must be.
    pub(crate) fn expects(self) -> Expect {
        match self {
            Key::Refin | Key::Refout => Expect::Bool,
            Key::Catalog | Key::Crate => Expect::Str,
            Key::Slice => Expect::IntOrStr,
            _ => Expect::Int,
        }
    }

    /// Keys that describe the model itself, which `catalog` replaces.
    pub(crate) fn is_model_key(self) -> bool {
        !matches!(self, Key::Catalog | Key::Slice | Key::Crate)
    }

    /// The `crc_gen` field this key sets, for mapping generator errors back to spans.
    pub(crate) fn field(self) -> Option<crc_gen::Field> {
        use crc_gen::Field;
        Some(match self {
            Key::Width => Field::Width,
            Key::Poly => Field::Poly,
            Key::Init => Field::Init,
            Key::Refin => Field::Refin,
            Key::Refout => Field::Refout,
            Key::Xorout => Field::Xorout,
            Key::Check => Field::Check,
            Key::Residue => Field::Residue,
            Key::Catalog => Field::Catalog,
            Key::Slice | Key::Crate => return None,
        })
    }
}

/// The kind of value a key takes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Expect {
    Int,
    Bool,
    Str,
    /// An integer or a string literal (`slice = 4`, `slice = "nibble"`).
    IntOrStr,
}

/// A parsed value.
pub(crate) enum Value {
    Int(u128),
    Bool(bool),
    Str(String),
}

/// Every argument, in order.
pub(crate) struct Args {
    pub(crate) args: Vec<Arg>,
}

impl Args {
    pub(crate) fn get(&self, key: Key) -> Option<&Arg> {
        self.args.iter().find(|a| a.key == key)
    }

    pub(crate) fn int(&self, key: Key) -> Option<u128> {
        match self.get(key)?.value {
            Value::Int(v) => Some(v),
            _ => None,
        }
    }

    pub(crate) fn bool(&self, key: Key) -> Option<bool> {
        match self.get(key)?.value {
            Value::Bool(v) => Some(v),
            _ => None,
        }
    }

    pub(crate) fn str(&self, key: Key) -> Option<&str> {
        match &self.get(key)?.value {
            Value::Str(v) => Some(v),
            _ => None,
        }
    }

    /// The span of the value of the key that sets `field`.
    pub(crate) fn span_of(&self, field: crc_gen::Field) -> Option<Span> {
        self.args
            .iter()
            .find(|a| a.key.field() == Some(field))
            .map(|a| a.value_span)
    }
}
