//! The declarative validation feature gates of a Kubernetes API server of a
//! given release, parsed from the `--feature-gates` flag syntax of
//! Kubernetes components (`k8s.io/component-base/featuregate`).
//!
//! | gate | 1.35 | 1.36 | 1.37 | 1.38 |
//! |---|---|---|---|---|
//! | `DeclarativeValidation` | beta, on | GA, on, locked | GA, on, locked | same as 1.37 |
//! | `DeclarativeValidationBeta` | (unknown) | beta, on | beta, on | same as 1.37 |
//! | `DeclarativeValidationTakeover` | beta, off | deprecated, off | deprecated, off, locked | same as 1.37 |
//!
//! (`k8s.io/apiserver` `pkg/features/kube_features.go` at v0.35.0, v0.36.0,
//! v0.37.2, v0.38.0-beta.0: the 1.38 specs are 1.37's.)

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use k8s_validation::field::go_quote;
use k8s_validation::{Release, KUBERNETES_RELEASE};

use crate::behaviour::{behaviour, Algorithm};

/// `DeclarativeValidation`: beta and on in 1.35 (run declarative validation
/// next to the hand-written one and report disagreements); GA and locked on
/// from 1.36, where it only controls the mismatch checks.
pub const DECLARATIVE_VALIDATION: &str = "DeclarativeValidation";

/// `DeclarativeValidationBeta` (1.36 on, beta, default on): enforce the
/// errors of `+k8s:beta` validations. Unknown to a 1.35 server.
pub const DECLARATIVE_VALIDATION_BETA: &str = "DeclarativeValidationBeta";

/// `DeclarativeValidationTakeover`: beta and off in 1.35 (make the
/// declarative errors authoritative for the rules they cover); deprecated
/// in 1.36, where it has no effect; deprecated and locked off from 1.37.
pub const DECLARATIVE_VALIDATION_TAKEOVER: &str = "DeclarativeValidationTakeover";

/// `AllAlpha`: sets every alpha gate that is not set explicitly (there is
/// none among the gates here, so it changes nothing).
pub const ALL_ALPHA: &str = "AllAlpha";

/// `AllBeta`: sets every beta gate that is not set explicitly. In 1.35 both
/// `DeclarativeValidation` and `DeclarativeValidationTakeover` are beta, so
/// `AllBeta=true` turns takeover on; from 1.36 only
/// `DeclarativeValidationBeta` is.
pub const ALL_BETA: &str = "AllBeta";

/// The gates, sorted by name (the order they are set and printed in).
const GATES: [&str; 5] = [
    ALL_ALPHA,
    ALL_BETA,
    DECLARATIVE_VALIDATION,
    DECLARATIVE_VALIDATION_BETA,
    DECLARATIVE_VALIDATION_TAKEOVER,
];
const I_ALL_ALPHA: usize = 0;
const I_ALL_BETA: usize = 1;
const I_DV: usize = 2;
const I_BETA: usize = 3;
const I_TAKEOVER: usize = 4;

/// A gate's maturity at a version (component-base's `prerelease`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PreRelease {
    /// Not yet introduced at the emulated version: cannot be set, off.
    PreAlpha,
    /// Alpha.
    Alpha,
    /// Beta.
    Beta,
    /// GA (setting it logs a warning).
    GA,
    /// Deprecated (setting it logs a warning).
    Deprecated,
}

/// A gate's definition at the emulated version (component-base's
/// `FeatureSpec`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GateSpec {
    /// The value when not set.
    pub default: bool,
    /// The gate cannot be set to anything but its default.
    pub lock_to_default: bool,
    /// The maturity.
    pub pre_release: PreRelease,
}

struct VersionedSpec {
    since: Release,
    spec: GateSpec,
}

const fn vs(since: Release, default: bool, pre_release: PreRelease, lock: bool) -> VersionedSpec {
    VersionedSpec {
        since,
        spec: GateSpec {
            default,
            lock_to_default: lock,
            pre_release,
        },
    }
}

/// Upstream's versioned specs (`defaultVersionedKubernetesFeatureGates`;
/// `AllAlpha`/`AllBeta` are component-base's, version 0.0).
fn versioned_specs(gate: usize) -> &'static [VersionedSpec] {
    use PreRelease::*;
    use Release::*;
    const ALL_ALPHA_SPECS: [VersionedSpec; 1] = [vs(V1_33, false, Alpha, false)];
    const ALL_BETA_SPECS: [VersionedSpec; 1] = [vs(V1_33, false, Beta, false)];
    const DV: [VersionedSpec; 2] = [vs(V1_33, true, Beta, false), vs(V1_36, true, GA, true)];
    const BETA: [VersionedSpec; 1] = [vs(V1_36, true, Beta, false)];
    const TAKEOVER: [VersionedSpec; 3] = [
        vs(V1_33, false, Beta, false),
        vs(V1_36, false, Deprecated, false),
        vs(V1_37, false, Deprecated, true),
    ];
    match gate {
        I_ALL_ALPHA => &ALL_ALPHA_SPECS,
        I_ALL_BETA => &ALL_BETA_SPECS,
        I_DV => &DV,
        I_BETA => &BETA,
        _ => &TAKEOVER,
    }
}

/// The minor version of a release (`35` for 1.35).
fn minor(r: Release) -> u32 {
    r.as_str()
        .strip_prefix("1.")
        .and_then(|m| m.parse().ok())
        .unwrap_or(0)
}

/// What a server does with declarative validation, derived from the gates
/// (and, in 1.36, from whether the type opts into enforcement).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Mode {
    /// Only hand-written validation runs: `DeclarativeValidation=false` in
    /// 1.35 (takeover is off too, whatever its own gate says), or in 1.36
    /// for a type without enforcement when the gate is off (only possible
    /// with an emulated version before 1.36).
    Disabled,
    /// Shadow mode: hand-written validation is authoritative; declarative
    /// validation runs and every disagreement is logged and counted. The
    /// 1.35 default, and 1.36's mode for types that do not opt into
    /// enforcement.
    Mismatch,
    /// 1.35's `DeclarativeValidationTakeover=true`: hand-written errors
    /// marked covered by declarative validation are replaced by the
    /// declarative errors; disagreements are still logged and counted.
    Takeover,
    /// The validation lifecycle of 1.36 (types registered with
    /// [`declarative_enforcement`](crate::TypeRegistration::declarative_enforcement))
    /// and 1.37 on (every type): standard declarative errors are returned,
    /// `+k8s:beta` ones only under `DeclarativeValidationBeta`, `+k8s:alpha`
    /// ones never; only alpha and beta errors are compared with the
    /// hand-written ones.
    Lifecycle,
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mode::Disabled => "disabled",
            Mode::Mismatch => "mismatch",
            Mode::Takeover => "takeover",
            Mode::Lifecycle => "lifecycle",
        })
    }
}

/// A malformed or refused `--feature-gates` value. The texts are upstream's
/// (`k8s.io/component-base/featuregate`; the emulation version error has
/// the shape of `compatibility`'s, with versions printed `1.<minor>`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
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
    /// A gate this release does not know: `unrecognized feature gate: X`.
    Unrecognized {
        /// The gate name.
        gate: String,
    },
    /// A locked gate set to the other value:
    /// `cannot set feature gate X to false, feature is locked to true`.
    Locked {
        /// The gate name.
        gate: String,
        /// The value asked for.
        value: bool,
        /// The value the gate is locked to.
        locked_to: bool,
    },
    /// A gate set at an emulated version that predates it: `cannot set
    /// feature gate X to true, feature is PreAlpha at emulated version 1.35,
    /// min compatibility version 1.34`.
    PreAlpha {
        /// The gate name.
        gate: String,
        /// The value asked for.
        value: bool,
        /// The emulated version.
        emulated: Release,
    },
    /// An emulated version outside `[binary - 3 minors, binary]`:
    /// `emulation version 1.37 is not between [1.33, 1.36]`.
    EmulationVersion {
        /// The emulated version asked for.
        emulated: Release,
        /// The server's release.
        binary: Release,
    },
    /// Several errors of one `set` (upstream's aggregate: `[e1, e2]`), in
    /// gate name order (upstream's order is Go's map order, random).
    Aggregate(Vec<FeatureGateError>),
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
            FeatureGateError::Locked {
                gate,
                value,
                locked_to,
            } => write!(
                f,
                "cannot set feature gate {gate} to {value}, feature is locked to {locked_to}"
            ),
            FeatureGateError::PreAlpha {
                gate,
                value,
                emulated,
            } => write!(
                f,
                "cannot set feature gate {gate} to {value}, feature is PreAlpha at emulated version {emulated}, min compatibility version 1.{}",
                minor(*emulated).saturating_sub(1)
            ),
            FeatureGateError::EmulationVersion { emulated, binary } => write!(
                f,
                "emulation version {emulated} is not between [1.{}, {binary}]",
                minor(*binary).saturating_sub(3)
            ),
            FeatureGateError::Aggregate(errs) => {
                f.write_str("[")?;
                for (i, e) in errs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{e}")?;
                }
                f.write_str("]")
            }
        }
    }
}

impl std::error::Error for FeatureGateError {}

/// The declarative validation gates of an API server of one Kubernetes
/// release ([`release`](Self::release); by default
/// [`KUBERNETES_RELEASE`]), with that release's defaults, locks and
/// maturity (see the module table).
///
/// Values are set with the `--feature-gates` syntax: comma-separated
/// `Name=bool` entries, blanks around names and values ignored, booleans as
/// Go's `strconv.ParseBool` reads them (`1`, `t`, `T`, `true`, `TRUE`,
/// `True`, and the `0`/`f`/`false` family). A later entry for the same gate
/// wins; an explicit gate wins over `AllBeta`. Setting is all or nothing: on
/// an error no gate changes. As upstream, a locked gate may be set to its
/// locked value only, and setting a GA or deprecated gate logs a warning
/// (`tracing` info event `Warning: setting deprecated feature gate. It will
/// be removed in a future release.` with fields `featureGate` and `value`).
///
/// ```
/// use k8s_validation_migration::{FeatureGates, Mode};
/// use k8s_validation::Release;
///
/// let gates = FeatureGates::parse_for(Release::V1_35, "DeclarativeValidationTakeover=true").unwrap();
/// assert_eq!(gates.mode(), Mode::Takeover);
///
/// // Disabling declarative validation disables takeover too (1.35).
/// let gates = FeatureGates::parse_for(
///     Release::V1_35,
///     "DeclarativeValidation=false,DeclarativeValidationTakeover=true",
/// )
/// .unwrap();
/// assert_eq!(gates.mode(), Mode::Disabled);
///
/// // 1.37: DeclarativeValidation is GA and locked on, takeover locked off.
/// let err = FeatureGates::parse_for(Release::V1_37, "DeclarativeValidationTakeover=true").unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "cannot set feature gate DeclarativeValidationTakeover to true, feature is locked to false"
/// );
/// let gates = FeatureGates::parse_for(Release::V1_37, "DeclarativeValidationBeta=false").unwrap();
/// assert!(!gates.beta());
/// assert_eq!(gates.mode(), Mode::Lifecycle);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureGates {
    release: Release,
    emulated: Release,
    /// Upstream's `enabled` map (explicit values and those `AllAlpha` /
    /// `AllBeta` derived), by index into `GATES`.
    enabled: [Option<bool>; 5],
    /// Upstream's `enabledRaw`: the values given on the command line.
    raw: [Option<bool>; 5],
}

impl Default for FeatureGates {
    fn default() -> Self {
        FeatureGates::new()
    }
}

impl FeatureGates {
    /// The gates of a [`KUBERNETES_RELEASE`] server at their defaults.
    pub const fn new() -> FeatureGates {
        FeatureGates::for_release(KUBERNETES_RELEASE)
    }

    /// The gates of a server of `release` at their defaults (1.35:
    /// declarative validation on, takeover off; 1.36 on: declarative
    /// validation and beta enforcement on).
    pub const fn for_release(release: Release) -> FeatureGates {
        FeatureGates {
            release,
            emulated: release,
            enabled: [None; 5],
            raw: [None; 5],
        }
    }

    /// The defaults of a [`KUBERNETES_RELEASE`] server updated with a
    /// `--feature-gates` value.
    pub fn parse(flag: &str) -> Result<FeatureGates, FeatureGateError> {
        FeatureGates::parse_for(KUBERNETES_RELEASE, flag)
    }

    /// The defaults of a `release` server updated with a `--feature-gates`
    /// value.
    pub fn parse_for(release: Release, flag: &str) -> Result<FeatureGates, FeatureGateError> {
        let mut gates = FeatureGates::for_release(release);
        gates.set(flag)?;
        Ok(gates)
    }

    /// The same server emulating an older release (`--emulated-version`):
    /// the gates take their definitions at `emulated` (a gate introduced
    /// later is off and cannot be set), while the validation algorithm
    /// stays the server's. The values set so far are checked again.
    /// `emulated` must lie within the three minors before the release.
    pub fn with_emulated_version(
        self,
        emulated: Release,
    ) -> Result<FeatureGates, FeatureGateError> {
        if emulated > self.release || minor(emulated) + 3 < minor(self.release) {
            return Err(FeatureGateError::EmulationVersion {
                emulated,
                binary: self.release,
            });
        }
        let mut next = self;
        next.emulated = emulated;
        next.enabled = [None; 5];
        let raw: BTreeMap<String, bool> = GATES
            .iter()
            .zip(self.raw)
            .filter_map(|(g, v)| v.map(|v| ((*g).to_owned(), v)))
            .collect();
        next.enabled = next.apply(next.enabled, &raw)?;
        Ok(next)
    }

    /// The release of the server the gates belong to.
    pub fn release(&self) -> Release {
        self.release
    }

    /// The emulated version (the release unless
    /// [`with_emulated_version`](Self::with_emulated_version) changed it).
    pub fn emulated_version(&self) -> Release {
        self.emulated
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

    /// Upstream's `SetFromMap`: the raw values are merged, then all of them
    /// are applied, in name order, to a copy of the current values.
    fn set_all<'a>(
        &mut self,
        entries: impl IntoIterator<Item = (&'a str, bool)>,
    ) -> Result<(), FeatureGateError> {
        let mut raw: BTreeMap<String, bool> = GATES
            .iter()
            .zip(self.raw)
            .filter_map(|(g, v)| v.map(|v| ((*g).to_owned(), v)))
            .collect();
        for (name, enabled) in entries {
            raw.insert(name.to_owned(), enabled);
        }
        let enabled = self.apply(self.enabled, &raw)?;
        for (i, g) in GATES.iter().enumerate() {
            self.raw[i] = raw.get(*g).copied();
        }
        self.enabled = enabled;
        Ok(())
    }

    /// Upstream's `unsafeSetFromMap`.
    fn apply(
        &self,
        mut enabled: [Option<bool>; 5],
        raw: &BTreeMap<String, bool>,
    ) -> Result<[Option<bool>; 5], FeatureGateError> {
        let mut errs = Vec::new();
        for (name, &v) in raw {
            let Some(i) = self.index(name) else {
                errs.push(FeatureGateError::Unrecognized { gate: name.clone() });
                return Err(aggregate(errs));
            };
            let spec = self.spec_at(i);
            if spec.lock_to_default && spec.default != v {
                errs.push(FeatureGateError::Locked {
                    gate: name.clone(),
                    value: v,
                    locked_to: spec.default,
                });
                continue;
            }
            if i == I_ALL_ALPHA || i == I_ALL_BETA {
                let level = if i == I_ALL_ALPHA {
                    PreRelease::Alpha
                } else {
                    PreRelease::Beta
                };
                for j in [I_DV, I_BETA, I_TAKEOVER] {
                    if self.is_known(j)
                        && self.spec_at(j).pre_release == level
                        && enabled[j].is_none()
                    {
                        enabled[j] = Some(v);
                    }
                }
                enabled[i] = Some(v);
                continue;
            }
            if spec.pre_release == PreRelease::PreAlpha {
                errs.push(FeatureGateError::PreAlpha {
                    gate: name.clone(),
                    value: v,
                    emulated: self.emulated,
                });
                continue;
            }
            enabled[i] = Some(v);
            let what = match spec.pre_release {
                PreRelease::Deprecated => "deprecated",
                PreRelease::GA => "GA",
                _ => continue,
            };
            if behaviour(self.release).structured_gate_warning {
                tracing::info!(
                    featureGate = %name,
                    value = v,
                    "Warning: setting {what} feature gate. It will be removed in a future release."
                );
            } else {
                tracing::warn!(
                    "Setting {what} feature gate {name}={v}. It will be removed in a future release."
                );
            }
        }
        if errs.is_empty() {
            Ok(enabled)
        } else {
            Err(aggregate(errs))
        }
    }

    fn index(&self, name: &str) -> Option<usize> {
        GATES
            .iter()
            .position(|g| *g == name)
            .filter(|&i| self.is_known(i))
    }

    /// Whether the server's release defines the gate.
    fn is_known(&self, i: usize) -> bool {
        versioned_specs(i)[0].since <= self.release
    }

    /// The gate's spec at the emulated version.
    fn spec_at(&self, i: usize) -> GateSpec {
        versioned_specs(i)
            .iter()
            .rev()
            .find(|s| s.since <= self.emulated)
            .map(|s| s.spec)
            .unwrap_or(GateSpec {
                default: false,
                lock_to_default: false,
                pre_release: PreRelease::PreAlpha,
            })
    }

    fn value(&self, i: usize) -> bool {
        self.is_known(i) && self.enabled[i].unwrap_or_else(|| self.spec_at(i).default)
    }

    /// The definition of a gate at the emulated version; `None` for a gate
    /// this release does not know.
    pub fn spec(&self, gate: &str) -> Option<GateSpec> {
        self.index(gate).map(|i| self.spec_at(i))
    }

    /// The `DeclarativeValidation` gate.
    pub fn declarative_validation(&self) -> bool {
        self.value(I_DV)
    }

    /// The `DeclarativeValidationBeta` gate (always off in 1.35, which does
    /// not know it).
    pub fn beta(&self) -> bool {
        self.value(I_BETA)
    }

    /// The `DeclarativeValidationTakeover` gate as set. It only has an
    /// effect in 1.35, and there only while `DeclarativeValidation` is on:
    /// see [`mode`](Self::mode).
    pub fn takeover(&self) -> bool {
        self.value(I_TAKEOVER)
    }

    /// What the gates mean together for a type that does not opt into
    /// enforcement (see [`mode_with_enforcement`](Self::mode_with_enforcement)).
    pub fn mode(&self) -> Mode {
        self.mode_with_enforcement(false)
    }

    /// What the gates mean together for a type registered with or without
    /// [`declarative_enforcement`](crate::TypeRegistration::declarative_enforcement)
    /// (which only 1.36 reads):
    ///
    /// * 1.35: [`Mode::Disabled`] without `DeclarativeValidation`, else
    ///   [`Mode::Takeover`] with `DeclarativeValidationTakeover`, else
    ///   [`Mode::Mismatch`];
    /// * 1.36: [`Mode::Lifecycle`] with enforcement, else
    ///   [`Mode::Mismatch`] ([`Mode::Disabled`] without
    ///   `DeclarativeValidation`);
    /// * 1.37, 1.38: [`Mode::Lifecycle`].
    pub fn mode_with_enforcement(&self, enforcement: bool) -> Mode {
        match behaviour(self.release).algorithm {
            Algorithm::MismatchOrTakeover => {
                if !self.declarative_validation() {
                    Mode::Disabled
                } else if self.takeover() {
                    Mode::Takeover
                } else {
                    Mode::Mismatch
                }
            }
            Algorithm::ShadowOrEnforcement => {
                if enforcement {
                    Mode::Lifecycle
                } else if self.declarative_validation() {
                    Mode::Mismatch
                } else {
                    Mode::Disabled
                }
            }
            Algorithm::Lifecycle => Mode::Lifecycle,
        }
    }

    /// The value of a gate by name, `None` for a name the release does not
    /// know (upstream panics there).
    pub fn enabled(&self, gate: &str) -> Option<bool> {
        self.index(gate).map(|i| self.value(i))
    }
}

/// The effective values of the release's declarative validation gates in
/// the flag syntax, sorted as upstream prints gates:
/// `DeclarativeValidation=true,DeclarativeValidationTakeover=false` (1.35),
/// `DeclarativeValidation=true,DeclarativeValidationBeta=true,DeclarativeValidationTakeover=false`
/// (1.36 on).
impl fmt::Display for FeatureGates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for i in [I_DV, I_BETA, I_TAKEOVER] {
            if !self.is_known(i) {
                continue;
            }
            if !first {
                f.write_str(",")?;
            }
            first = false;
            write!(f, "{}={}", GATES[i], self.value(i))?;
        }
        Ok(())
    }
}

impl FromStr for FeatureGates {
    type Err = FeatureGateError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        FeatureGates::parse(s)
    }
}

fn aggregate(mut errs: Vec<FeatureGateError>) -> FeatureGateError {
    if errs.len() == 1 {
        errs.remove(0)
    } else {
        FeatureGateError::Aggregate(errs)
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
