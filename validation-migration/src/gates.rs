//! The two feature gates of the 1.33–1.35 migration model, parsed from the
//! `--feature-gates` flag syntax of Kubernetes components.

use std::fmt;
use std::str::FromStr;

use validation_runtime::field::go_quote;

/// `DeclarativeValidation` (beta in 1.35, default on): run declarative
/// validation next to the hand-written one and report disagreements.
pub const DECLARATIVE_VALIDATION: &str = "DeclarativeValidation";

/// `DeclarativeValidationTakeover` (beta in 1.35, default off): make the
/// declarative errors authoritative for the rules it covers.
pub const DECLARATIVE_VALIDATION_TAKEOVER: &str = "DeclarativeValidationTakeover";

/// `AllAlpha`: sets every alpha gate that is not set explicitly (there is
/// none among the two gates here, so it changes nothing).
pub const ALL_ALPHA: &str = "AllAlpha";

/// `AllBeta`: sets every beta gate that is not set explicitly. Both gates
/// here are beta, so `AllBeta=true` turns takeover on, as it does in a 1.35
/// API server.
pub const ALL_BETA: &str = "AllBeta";

/// What a server does with declarative validation, derived from the gates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// `DeclarativeValidation=false`: only hand-written validation runs.
    /// Takeover is off too, whatever its own gate says.
    Disabled,
    /// The default: hand-written validation is authoritative; declarative
    /// validation runs and every disagreement is logged and counted.
    Mismatch,
    /// `DeclarativeValidationTakeover=true`: hand-written errors marked
    /// covered by declarative validation are replaced by the declarative
    /// errors; disagreements are still logged and counted.
    Takeover,
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mode::Disabled => "disabled",
            Mode::Mismatch => "mismatch",
            Mode::Takeover => "takeover",
        })
    }
}

/// A malformed `--feature-gates` value. The texts are upstream's
/// (`k8s.io/component-base/featuregate`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FeatureGateError {
    /// An entry without `=`: `missing bool value for X`.
    MissingValue {
        /// The gate name (trimmed).
        gate: String,
    },
    /// A value that is not a Go boolean:
    /// `invalid value of X=maybe, err: strconv.ParseBool: parsing "maybe": invalid syntax`.
    InvalidValue {
        /// The gate name (trimmed).
        gate: String,
        /// The value (trimmed).
        value: String,
    },
    /// A gate this runtime does not know: `unrecognized feature gate: X`.
    Unrecognized {
        /// The gate name.
        gate: String,
    },
}

impl fmt::Display for FeatureGateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FeatureGateError::MissingValue { gate } => write!(f, "missing bool value for {gate}"),
            FeatureGateError::InvalidValue { gate, value } => write!(
                f,
                "invalid value of {gate}={value}, err: strconv.ParseBool: parsing {}: invalid syntax",
                go_quote(value)
            ),
            FeatureGateError::Unrecognized { gate } => {
                write!(f, "unrecognized feature gate: {gate}")
            }
        }
    }
}

impl std::error::Error for FeatureGateError {}

/// The `DeclarativeValidation` and `DeclarativeValidationTakeover` gates with
/// Kubernetes 1.35 defaults (`true` and `false`).
///
/// Values are set with the `--feature-gates` syntax: comma-separated
/// `Name=bool` entries, blanks around names and values ignored, booleans as
/// Go's `strconv.ParseBool` reads them (`1`, `t`, `T`, `true`, `TRUE`,
/// `True`, and the `0`/`f`/`false` family). A later entry for the same gate
/// wins; an explicit gate wins over `AllBeta`. Setting is all or nothing: on
/// an error no gate changes.
///
/// ```
/// use validation_migration::{FeatureGates, Mode};
///
/// let gates: FeatureGates = "DeclarativeValidationTakeover=true".parse().unwrap();
/// assert_eq!(gates.mode(), Mode::Takeover);
///
/// // Disabling declarative validation disables takeover too.
/// let gates = FeatureGates::parse("DeclarativeValidation=false,DeclarativeValidationTakeover=true").unwrap();
/// assert_eq!(gates.mode(), Mode::Disabled);
///
/// let err = FeatureGates::parse("DeclarativeValidation=maybe").unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     r#"invalid value of DeclarativeValidation=maybe, err: strconv.ParseBool: parsing "maybe": invalid syntax"#
/// );
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FeatureGates {
    declarative_validation: Option<bool>,
    takeover: Option<bool>,
    all_alpha: Option<bool>,
    all_beta: Option<bool>,
}

impl FeatureGates {
    /// The gates at their defaults: declarative validation on, takeover off.
    pub const fn new() -> FeatureGates {
        FeatureGates {
            declarative_validation: None,
            takeover: None,
            all_alpha: None,
            all_beta: None,
        }
    }

    /// The defaults updated with a `--feature-gates` value.
    pub fn parse(flag: &str) -> Result<FeatureGates, FeatureGateError> {
        let mut gates = FeatureGates::new();
        gates.set(flag)?;
        Ok(gates)
    }

    /// Applies a `--feature-gates` value (`A=true,B=false`). Several calls
    /// accumulate, as repeated `--feature-gates` flags do.
    pub fn set(&mut self, flag: &str) -> Result<(), FeatureGateError> {
        let mut entries = Vec::new();
        for entry in flag.split(',') {
            if entry.is_empty() {
                continue;
            }
            let (name, value) = match entry.split_once('=') {
                Some((n, v)) => (n.trim(), v.trim()),
                None => {
                    return Err(FeatureGateError::MissingValue {
                        gate: entry.trim().to_owned(),
                    })
                }
            };
            let Some(enabled) = parse_go_bool(value) else {
                return Err(FeatureGateError::InvalidValue {
                    gate: name.to_owned(),
                    value: value.to_owned(),
                });
            };
            entries.push((name, enabled));
        }
        self.set_all(entries)
    }

    /// Sets one gate by name (upstream's `SetFromMap` with one entry).
    pub fn set_enabled(&mut self, gate: &str, enabled: bool) -> Result<(), FeatureGateError> {
        self.set_all([(gate, enabled)])
    }

    fn set_all<'a>(
        &mut self,
        entries: impl IntoIterator<Item = (&'a str, bool)>,
    ) -> Result<(), FeatureGateError> {
        let mut next = *self;
        for (name, enabled) in entries {
            let slot = match name {
                DECLARATIVE_VALIDATION => &mut next.declarative_validation,
                DECLARATIVE_VALIDATION_TAKEOVER => &mut next.takeover,
                ALL_ALPHA => &mut next.all_alpha,
                ALL_BETA => &mut next.all_beta,
                _ => {
                    return Err(FeatureGateError::Unrecognized {
                        gate: name.to_owned(),
                    })
                }
            };
            *slot = Some(enabled);
        }
        *self = next;
        Ok(())
    }

    /// The `DeclarativeValidation` gate.
    pub fn declarative_validation(&self) -> bool {
        self.declarative_validation
            .or(self.all_beta)
            .unwrap_or(true)
    }

    /// The `DeclarativeValidationTakeover` gate as set. It only has an
    /// effect while `DeclarativeValidation` is on: see [`mode`](Self::mode).
    pub fn takeover(&self) -> bool {
        self.takeover.or(self.all_beta).unwrap_or(false)
    }

    /// What the gates mean together.
    pub fn mode(&self) -> Mode {
        if !self.declarative_validation() {
            Mode::Disabled
        } else if self.takeover() {
            Mode::Takeover
        } else {
            Mode::Mismatch
        }
    }

    /// The value of a gate by name, `None` for an unknown name.
    pub fn enabled(&self, gate: &str) -> Option<bool> {
        match gate {
            DECLARATIVE_VALIDATION => Some(self.declarative_validation()),
            DECLARATIVE_VALIDATION_TAKEOVER => Some(self.takeover()),
            ALL_ALPHA => Some(self.all_alpha.unwrap_or(false)),
            ALL_BETA => Some(self.all_beta.unwrap_or(false)),
            _ => None,
        }
    }
}

/// `DeclarativeValidation=<bool>,DeclarativeValidationTakeover=<bool>`: the
/// effective values, in the flag syntax (sorted, as upstream prints gates).
impl fmt::Display for FeatureGates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{DECLARATIVE_VALIDATION}={},{DECLARATIVE_VALIDATION_TAKEOVER}={}",
            self.declarative_validation(),
            self.takeover()
        )
    }
}

impl FromStr for FeatureGates {
    type Err = FeatureGateError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        FeatureGates::parse(s)
    }
}

/// Go's `strconv.ParseBool`.
fn parse_go_bool(s: &str) -> Option<bool> {
    match s {
        "1" | "t" | "T" | "true" | "TRUE" | "True" => Some(true),
        "0" | "f" | "F" | "false" | "FALSE" | "False" => Some(false),
        _ => None,
    }
}
