//! Typed rules: what each tag means, with its payload and arguments read,
//! once, for the target Kubernetes release.
//!
//! The parser gives a [`Tag`]: a name, arguments and a payload as written.
//! [`read`] turns it into a [`Rule`]: the limit as a number (parsed the
//! way the release parses it), the format as an entry of
//! [`k8s_validation_spec::FORMATS`], the option's name, the chained payload as a
//! rule of its own, ... . Reading is the half of a tag's handling that does
//! not depend on where the tag stands; the check stage ([`crate::front::check`])
//! reports a tag whose rule does not read (after the catalog's type check)
//! and drops it, and the emitter lowers the rules of the tags it kept,
//! matching [`RuleKind`] exhaustively: it judges a rule against the Rust
//! type of its site (`maxLength` on a string, a key field that exists), and
//! never reads a tag's payload again.
//!
//! `read` matches [`TagName`] without a `_` arm, so a tag added to the
//! catalog does not compile until it says what it reads to.

mod go;
#[cfg(test)]
mod tests;

use k8s_validation_spec::format::Format;

use crate::front::behaviour::{Behaviour, Scalars, SinceVersion};
pub(crate) use crate::front::tags::Value;
use crate::front::tags::{Tag, TagName, TagValue};
use go::{go_int, strict_bool_error, STRICT_HINT};

/// A tag, read: its name and what it means.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Rule {
    /// The tag's name (kept for messages and upstream's processing order).
    pub name: TagName,
    /// What it means.
    pub kind: RuleKind,
    /// The tag as written, in upstream's canonical form
    /// (`k8s:maxLength=10`), for messages.
    pub text: String,
}

/// What a tag means, with its payload typed.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum RuleKind {
    /// `+k8s:required`, with its message (`+k8s:required="<message>"`,
    /// Kubernetes 1.38; `None`: none, or empty).
    Required { message: Option<String> },
    /// `+k8s:optional`.
    Optional,
    /// `+k8s:forbidden`, with its message (1.38).
    Forbidden { message: Option<String> },
    /// `+k8s:immutable`.
    Immutable,
    /// `+k8s:monotonic`.
    Monotonic,
    /// `+k8s:enum`.
    Enum,
    /// `+k8s:customValidation`.
    CustomValidation,
    /// Read by other parts of the generator, with no validation where they
    /// stand: `+k8s:opaqueType` (the site is not descended into),
    /// `+k8s:enumExclude` (the enum's values).
    Marker,
    /// `+k8s:isSubresource=<path>` / `+k8s:supportsSubresource=<path>`:
    /// the type's subresources.
    Subresource(Option<String>),
    /// A size or bound: `+k8s:minimum=<n>`, `+k8s:maxLength=<n>`, ...
    Limit { limit: Limit, n: Payload<i128> },
    /// `+k8s:minimum` / `+k8s:maximum` (`limit`) as Kubernetes 1.38 reads
    /// them: the payload as written (`literal`) and as the grammar typed it
    /// (`value`), and read as an integer where it is one (`int`); the
    /// lowering judges it against the value's type (an integer, a Go
    /// duration, a quantity).
    TypedBound {
        limit: Limit,
        value: Value,
        literal: String,
        int: Payload<i128>,
    },
    /// `+k8s:format=<name>`.
    Format(Payload<&'static Format>),
    /// `+k8s:neq=<value>` (`equal: false`), `+k8s:eq=<value>` (`equal:
    /// true`, Kubernetes 1.38): the value as the grammar typed it (`None`:
    /// missing), and why the release does not read it (1.36's strict
    /// integers and bools).
    Compare {
        equal: bool,
        value: Option<Value>,
        unreadable: Option<String>,
    },
    /// `+k8s:listType`, `+k8s:unique`, `+k8s:listMapKey`,
    /// `+k8s:customUnique`: the list semantics, which the check stage
    /// resolves (and judges) together into its `ListTable`; `listType` also
    /// stands for the list's uniqueness check.
    List(ListTag),
    /// `+k8s:update=<constraint>`.
    Update(Constraint),
    /// `+k8s:validateTrue`, `+k8s:validateFalse` (and the alpha / beta
    /// variants): a fixed result, for tests.
    Fixed(Fixed),
    /// `+k8s:eachVal=+<rule>` (`keys: false`), `+k8s:eachKey=+<rule>`.
    Each { keys: bool, rule: Box<Rule> },
    /// `+k8s:ifEnabled(<option>)=+<rule>` (`enabled: true`),
    /// `+k8s:ifDisabled(<option>)=+<rule>`.
    Gate {
        option: String,
        enabled: bool,
        rule: Box<Rule>,
    },
    /// `+k8s:alpha=+<rule>`, `+k8s:beta=+<rule>` (Kubernetes 1.36 on; a
    /// `since` version is checked and not kept).
    Level { level: Level, rule: Box<Rule> },
    /// `+k8s:subfield(<json name>)=+<rule>`.
    Subfield { name: String, rule: Box<Rule> },
    /// `+k8s:item(<key>: <value>, ...)=+<rule>`: the criteria in source
    /// order, named and distinct.
    Item {
        criteria: Payload<Vec<(String, Value)>>,
        rule: Box<Rule>,
    },
    /// `+k8s:unionMember`, `+k8s:zeroOrOneOfMember` (by the name), with
    /// their `union` (empty for the default one) and `memberName`.
    UnionMember {
        union: String,
        member_name: Option<String>,
    },
    /// `+k8s:unionDiscriminator(union: <name>)`.
    UnionDiscriminator { union: String },
    /// `+k8s:dependentRequired(<json name>)` (`required: true`),
    /// `+k8s:dependentForbidden(<json name>)`.
    Dependent { required: bool, field: String },
    /// `+k8s:discriminator(name: <group>)` (1.36), `+k8s:modeDiscriminator(
    /// modality: <group>)` (1.37): the group as written (empty for none).
    Discriminator { group: String },
    /// `+k8s:member(discriminator: <group>, value: <value>)=+<rule>` (1.36),
    /// `+k8s:ifMode(modality: <group>, mode: <value>)=+<rule>` (1.37).
    Member {
        group: String,
        value: String,
        rule: Box<Rule>,
    },
}

/// A list tag, its payload as written (the check stage judges the kinds
/// together, as upstream's list metadata does).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ListTag {
    /// `+k8s:listType=atomic|set|map`.
    Type(String),
    /// `+k8s:unique=set|map`.
    Unique(String),
    /// `+k8s:listMapKey=<json name>`.
    MapKey(String),
    /// `+k8s:customUnique`.
    CustomUnique,
}

/// The size and bound tags, each with its runtime function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Limit {
    Minimum,
    Maximum,
    MinLength,
    MaxLength,
    MaxBytes,
    MinItems,
    MaxItems,
    MinProperties,
    MaxProperties,
}

/// A payload as the release reads it, or why it does not read.
///
/// Upstream's validators judge the value's type (and, for `item`, the list's
/// metadata) before they parse the payload, so a tag with both problems is
/// reported for its type. A rule keeps the payload's problem for the
/// lowering to report in that order, once it has judged the site.
pub(crate) type Payload<T> = Result<T, String>;

/// A `+k8s:update` constraint (the variants are the names the tag takes).
#[allow(clippy::enum_variant_names)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Constraint {
    NoSet,
    NoUnset,
    NoModify,
    /// Kubernetes 1.37 on.
    NoAddItem,
    /// Kubernetes 1.37 on.
    NoRemoveItem,
}

impl Constraint {
    /// In upstream's order.
    const ALL: [Constraint; 5] = [
        Constraint::NoSet,
        Constraint::NoUnset,
        Constraint::NoModify,
        Constraint::NoAddItem,
        Constraint::NoRemoveItem,
    ];

    /// The constraints a release knows.
    fn known(behaviour: &Behaviour) -> &'static [Constraint] {
        if behaviour.update_on_collections {
            &Self::ALL
        } else {
            &Self::ALL[..3]
        }
    }

    /// The name as written in the tag.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Constraint::NoSet => "NoSet",
            Constraint::NoUnset => "NoUnset",
            Constraint::NoModify => "NoModify",
            Constraint::NoAddItem => "NoAddItem",
            Constraint::NoRemoveItem => "NoRemoveItem",
        }
    }
}

/// A stability level: `+k8s:alpha`, `+k8s:beta`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Level {
    Alpha,
    Beta,
}

/// A fixed result (`+k8s:validateTrue` / `validateFalse`), for tests.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Fixed {
    pub result: bool,
    pub message: String,
    /// `flags: "ShortCircuit"`.
    pub short_circuit: bool,
    /// `flags: "NonError"`: stops without reporting.
    pub non_error: bool,
    /// `cohort: <name>`.
    pub cohort: Option<String>,
}

impl Rule {
    /// Whether the rule is of the tag `name`.
    pub(crate) fn is(&self, name: TagName) -> bool {
        self.name == name
    }

    /// The chained rule (`eachVal=+<rule>`, ...), if the tag has one.
    pub(crate) fn chained(&self) -> Option<&Rule> {
        match &self.kind {
            RuleKind::Each { rule, .. }
            | RuleKind::Gate { rule, .. }
            | RuleKind::Level { rule, .. }
            | RuleKind::Subfield { rule, .. }
            | RuleKind::Item { rule, .. }
            | RuleKind::Member { rule, .. } => Some(rule),
            _ => None,
        }
    }

    /// The tag's name as written (`k8s:maxLength`).
    pub(crate) fn tag_name(&self) -> &'static str {
        self.name.as_str()
    }
}

/// The rules of a chain, outermost first, from `rule`.
pub(crate) fn rule_chain(rule: &Rule) -> impl Iterator<Item = &Rule> {
    std::iter::successors(Some(rule), |r| r.chained())
}

/// Reads a (type-checked) tag as the release of `behaviour` reads it: its
/// rule, or why the payload or the arguments are not what the tag takes (the
/// message without the tag's line, which the caller adds).
pub(crate) fn read(tag: &Tag, behaviour: &Behaviour) -> Result<Rule, String> {
    let Some(name) = tag.tag_name() else {
        return Err(format!("unknown tag \"{}\"", tag.name));
    };
    use RuleKind as K;
    use TagName as T;
    let kind = match name {
        T::Required => K::Required {
            message: message(tag),
        },
        T::Optional => K::Optional,
        T::Forbidden => K::Forbidden {
            message: message(tag),
        },
        T::Immutable => K::Immutable,
        T::Monotonic => K::Monotonic,
        T::Enum => K::Enum,
        T::CustomValidation => K::CustomValidation,
        T::OpaqueType | T::EnumExclude => K::Marker,
        T::IsSubresource | T::SupportsSubresource => K::Subresource(match tag.scalar() {
            Some(Value::String(s)) => Some(s.clone()),
            _ => None,
        }),
        T::Minimum | T::Maximum if behaviour.typed_bounds => {
            let limit = if name == T::Minimum {
                Limit::Minimum
            } else {
                Limit::Maximum
            };
            typed_bound(tag, behaviour, limit)
        }
        T::Minimum => limit(tag, behaviour, Limit::Minimum),
        T::Maximum => limit(tag, behaviour, Limit::Maximum),
        T::MinLength => limit(tag, behaviour, Limit::MinLength),
        T::MaxLength => limit(tag, behaviour, Limit::MaxLength),
        T::MaxBytes => limit(tag, behaviour, Limit::MaxBytes),
        T::MinItems => limit(tag, behaviour, Limit::MinItems),
        T::MaxItems => limit(tag, behaviour, Limit::MaxItems),
        T::MinProperties => limit(tag, behaviour, Limit::MinProperties),
        T::MaxProperties => limit(tag, behaviour, Limit::MaxProperties),
        T::Format => K::Format(format(tag, behaviour)),
        T::Neq => compare(tag, behaviour, false),
        T::Eq => compare(tag, behaviour, true),
        T::ListType => K::List(ListTag::Type(string_payload(tag))),
        T::Unique => K::List(ListTag::Unique(string_payload(tag))),
        T::ListMapKey => K::List(ListTag::MapKey(string_payload(tag))),
        T::CustomUnique => K::List(ListTag::CustomUnique),
        T::Update => K::Update(constraint(tag, behaviour)?),
        T::ValidateFalse => K::Fixed(fixed(tag, false)?),
        T::ValidateTrue | T::ValidateTrueAlpha | T::ValidateTrueBeta => K::Fixed(fixed(tag, true)?),
        T::ValidateError => {
            let msg = match tag.scalar() {
                Some(Value::String(s)) => s.as_str(),
                _ => "",
            };
            return Err(format!("forced error: {msg:?}"));
        }
        T::EachVal | T::EachKey => K::Each {
            keys: name == T::EachKey,
            rule: chained(tag, behaviour)?,
        },
        T::IfEnabled | T::IfDisabled => {
            let Some(Value::String(option)) = tag.positional_arg().map(|a| &a.value) else {
                return Err(format!("tag \"{}\" requires an option name", tag.name));
            };
            K::Gate {
                option: option.clone(),
                enabled: name == T::IfEnabled,
                rule: chained(tag, behaviour)?,
            }
        }
        T::Alpha | T::Beta => level(tag, behaviour, name)?,
        T::Subfield => {
            let Some(Value::String(field)) = tag.positional_arg().map(|a| &a.value) else {
                return Err("tag \"k8s:subfield\" requires the JSON name of a field".into());
            };
            let rule = chained(tag, behaviour)?;
            // 1.37 rejects nested subfields (`validators/subfield.go`); 1.35
            // and 1.36 validate them (`output_tests/tags/subfield/deep`).
            if !behaviour.nested_subfields && rule_chain(&rule).any(|r| r.is(T::Subfield)) {
                return Err(
                    "nested +k8s:subfield tags are unsupported; apply validations \
                     directly to the nested type instead"
                        .into(),
                );
            }
            K::Subfield {
                name: field.clone(),
                rule,
            }
        }
        T::Item => K::Item {
            criteria: criteria(tag, behaviour),
            rule: chained(tag, behaviour)?,
        },
        T::UnionMember | T::ZeroOrOneOfMember => K::UnionMember {
            union: string_arg(tag, "union").unwrap_or_default(),
            member_name: string_arg(tag, "memberName"),
        },
        T::UnionDiscriminator => K::UnionDiscriminator {
            union: string_arg(tag, "union").unwrap_or_default(),
        },
        T::DependentRequired | T::DependentForbidden => {
            if tag.args.len() != 1 {
                return Err(format!(
                    "expected exactly one argument naming the dependent field, got {}",
                    tag.args.len()
                ));
            }
            let Value::String(field) = &tag.args[0].value else {
                return Err("the argument must be the JSON name of a sibling field".into());
            };
            K::Dependent {
                required: name == T::DependentRequired,
                field: field.clone(),
            }
        }
        T::Discriminator | T::ModeDiscriminator => {
            newer_than(tag, behaviour, name)?;
            let arg = if name == T::Discriminator {
                "name"
            } else {
                "modality"
            };
            K::Discriminator {
                group: tag
                    .named_arg(arg)
                    .map(|a| arg_text(&a.value))
                    .unwrap_or_default(),
            }
        }
        T::Member | T::IfMode => {
            newer_than(tag, behaviour, name)?;
            let (group_arg, value_arg) = if name == T::Member {
                ("discriminator", "value")
            } else {
                ("modality", "mode")
            };
            let group = tag
                .named_arg(group_arg)
                .map(|a| arg_text(&a.value))
                .unwrap_or_default();
            let Some(value) = tag.named_arg(value_arg).or_else(|| tag.positional_arg()) else {
                return Err(format!("missing required {value_arg}"));
            };
            let Some(TagValue::Tag(payload)) = &tag.value else {
                return Err("missing required payload".into());
            };
            K::Member {
                group,
                value: arg_text(&value.value),
                rule: Box::new(read(payload, behaviour)?),
            }
        }
    };
    Ok(Rule {
        name,
        kind,
        text: tag.to_string(),
    })
}

/// The chained payload, read.
fn chained(tag: &Tag, behaviour: &Behaviour) -> Result<Box<Rule>, String> {
    match &tag.value {
        Some(TagValue::Tag(t)) => Ok(Box::new(read(t, behaviour)?)),
        _ => Err(format!(
            "tag \"{}\" requires a validation tag as its value payload",
            tag.name
        )),
    }
}

/// A string payload as written (empty when there is none, which the
/// catalog's type check reports first).
fn string_payload(tag: &Tag) -> String {
    match tag.scalar() {
        Some(Value::String(s)) => s.clone(),
        _ => String::new(),
    }
}

fn string_arg(tag: &Tag, name: &str) -> Option<String> {
    match tag.named_arg(name).map(|a| &a.value) {
        Some(Value::String(s)) => Some(s.clone()),
        _ => None,
    }
}

/// An argument's text: a string as is, other values as written.
fn arg_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// `modeDiscriminator` and `ifMode` are 1.37's names for 1.36's
/// `discriminator` and `member`: a release that has the old names does not
/// read the new ones.
fn newer_than(tag: &Tag, behaviour: &Behaviour, name: TagName) -> Result<(), String> {
    let modal = behaviour.modal;
    let newer = matches!(name, TagName::ModeDiscriminator | TagName::IfMode);
    if newer && !modal.renamed {
        return Err(format!(
            "tag \"{}\" is not supported yet by this generator (it is newer than Kubernetes {})",
            tag.name, behaviour.name
        ));
    }
    Ok(())
}

/// A limit, with its payload read as the release reads it.
fn limit(tag: &Tag, behaviour: &Behaviour, limit: Limit) -> RuleKind {
    RuleKind::Limit {
        limit,
        n: integer(tag, behaviour.scalars),
    }
}

/// A limit's payload: an integer, read as the release reads it.
fn integer(tag: &Tag, scalars: Scalars) -> Payload<i128> {
    let Some(Value::Int(_)) = tag.scalar() else {
        return Err(format!("tag \"{}\" requires an integer value", tag.name));
    };
    let literal = tag.value_literal.as_deref().unwrap_or_default();
    go_int(literal, scalars).map(i128::from).map_err(|why| {
        format!(
            "tag \"{}\": failed to parse tag payload as int: {why}",
            tag.name
        )
    })
}

/// A requiredness tag's message (1.38): its string payload, if not empty
/// (upstream passes no message for `=""`).
fn message(tag: &Tag) -> Option<String> {
    match tag.scalar() {
        Some(Value::String(s)) if !s.is_empty() => Some(s.clone()),
        _ => None,
    }
}

/// `minimum` / `maximum` as 1.38 reads them: the payload kept as written,
/// with its integer reading where it is an integer.
fn typed_bound(tag: &Tag, behaviour: &Behaviour, limit: Limit) -> RuleKind {
    let value = tag
        .scalar()
        .cloned()
        .unwrap_or(Value::String(String::new()));
    let literal = tag.value_literal.clone().unwrap_or_default();
    let int = integer(tag, behaviour.scalars);
    RuleKind::TypedBound {
        limit,
        value,
        literal,
        int,
    }
}

fn format(tag: &Tag, behaviour: &Behaviour) -> Payload<&'static Format> {
    let Some(Value::String(name)) = tag.scalar() else {
        return Err("tag \"k8s:format\" requires a format name".into());
    };
    let one_slash = &k8s_validation_spec::format::FULLY_QUALIFIED_NAME_ONE_SLASH;
    if behaviour.fully_qualified_name_one_slash && name == one_slash.name {
        return Ok(one_slash);
    }
    if let Some(format) = k8s_validation_spec::format::lookup(name) {
        return Ok(format);
    }
    let known = k8s_validation_spec::FORMATS.iter().map(|f| f.name);
    let message = match crate::front::tags::suggest::closest(name, known.clone()) {
        Some(close) => format!("unsupported validation format {name:?}, did you mean {close:?}?"),
        None => format!(
            "unsupported validation format {name:?} (supported: {})",
            known.collect::<Vec<_>>().join(", ")
        ),
    };
    Err(message)
}

fn compare(tag: &Tag, behaviour: &Behaviour, equal: bool) -> RuleKind {
    let scalars = behaviour.scalars;
    let mut value = tag.scalar().cloned();
    let literal = tag.value_literal.as_deref().unwrap_or_default();
    // Integers are read with `strconv.Atoi` (1.35: `0100` is 100) or, from
    // 1.36, `util.ParseInt` (`0100`, `+5` are errors); bools from 1.36 with
    // `util.ParseBool`, which wants them as written.
    let why = match &mut value {
        Some(Value::Int(n)) => match go_int(literal, scalars) {
            Ok(read) => {
                *n = read;
                None
            }
            Err(why) => Some(("integer", why)),
        },
        Some(Value::Bool(_)) if scalars == Scalars::Strict => {
            strict_bool_error(literal).map(|why| ("bool", format!("{why}{STRICT_HINT}")))
        }
        _ => None,
    };
    let unreadable = why.map(|(what, why)| {
        format!(
            "tag \"{}\": invalid {what} value for payload: {why}",
            tag.name
        )
    });
    RuleKind::Compare {
        equal,
        value,
        unreadable,
    }
}

fn constraint(tag: &Tag, behaviour: &Behaviour) -> Result<Constraint, String> {
    let known = Constraint::known(behaviour);
    let names = || {
        known
            .iter()
            .map(|c| c.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match tag.scalar() {
        Some(Value::String(s)) => {
            known
                .iter()
                .copied()
                .find(|c| c.as_str() == s)
                .ok_or_else(|| {
                    format!(
                        "unknown +k8s:update constraint: {s} (want one of {})",
                        names()
                    )
                })
        }
        _ => Err(format!(
            "+k8s:update requires a constraint: one of {}",
            names()
        )),
    }
}

fn fixed(tag: &Tag, result: bool) -> Result<Fixed, String> {
    let message = match tag.scalar() {
        Some(Value::String(s)) => s.clone(),
        Some(other) => {
            return Err(format!(
                "tag value has wrong type: got {}, want string",
                other.value_type()
            ))
        }
        None => String::new(),
    };
    let mut out = Fixed {
        result,
        message,
        short_circuit: false,
        non_error: false,
        cohort: string_arg(tag, "cohort"),
    };
    if let Some(flags) = string_arg(tag, "flags") {
        for flag in flags.split(',').map(str::trim).filter(|f| !f.is_empty()) {
            match flag {
                "ShortCircuit" => out.short_circuit = true,
                "NonError" => out.non_error = true,
                other => return Err(format!("unknown flag: {other:?}")),
            }
        }
    }
    Ok(out)
}

fn level(tag: &Tag, behaviour: &Behaviour, name: TagName) -> Result<RuleKind, String> {
    let Some(since) = behaviour.stability_levels else {
        return Err(format!(
            "tag \"{}\" is not part of Kubernetes {} (it arrived in 1.36); generate \
             for 1.36 or later (`#[validate(kubernetes = \"1.36\")]`, the `v1_36` feature, \
             `--kubernetes-version 1.36`) or remove it",
            tag.name, behaviour.name
        ));
    };
    if let Some(arg) = tag.named_arg("since").or_else(|| tag.positional_arg()) {
        let version = arg_text(&arg.value);
        // 1.36: `^1\.\d+$`; 1.37: `^\d+\.\d+$`.
        let (valid, expected) = match since {
            SinceVersion::MajorMinor => (is_version(&version), "<major>.<minor>"),
            SinceVersion::OneMinor => (is_minor_version(&version), "1.<minor version>"),
        };
        if !valid {
            return Err(format!(
                "tag \"{}\": invalid kubernetes version format, expected {expected}, got {version}",
                tag.name
            ));
        }
    }
    Ok(RuleKind::Level {
        level: if name == TagName::Alpha {
            Level::Alpha
        } else {
            Level::Beta
        },
        rule: chained(tag, behaviour)?,
    })
}

/// Upstream 1.36's `^1\.\d+$`.
fn is_minor_version(v: &str) -> bool {
    v.strip_prefix("1.").is_some_and(digits)
}

/// Upstream 1.37's `^\d+\.\d+$`.
fn is_version(v: &str) -> bool {
    v.split_once('.')
        .is_some_and(|(major, minor)| digits(major) && digits(minor))
}

fn digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// An `item` tag's criteria: named, distinct, and (from 1.36, read with
/// `util.ParseInt` / `util.ParseBool`) integers and bools as they read back.
fn criteria(tag: &Tag, behaviour: &Behaviour) -> Payload<Vec<(String, Value)>> {
    let scalars = behaviour.scalars;
    if tag.args.is_empty() {
        return Err("no selection criteria was specified".into());
    }
    let mut out: Vec<(String, Value)> = Vec::new();
    for a in &tag.args {
        let Some(name) = &a.name else {
            return Err("all arguments must be named".into());
        };
        if out.iter().any(|(n, _)| n == name) {
            return Err(format!("duplicate argument: {name:?}"));
        }
        // `strconv.Atoi` (1.35: `0100` is 100) or `util.ParseInt` /
        // `util.ParseBool` (from 1.36, strict).
        let invalid = |what: &str, why: String| {
            format!(
                "tag \"{}\": invalid value for argument {name:?}: invalid {what}: {why}",
                tag.name
            )
        };
        let value = match &a.value {
            Value::Int(_) => {
                Value::Int(go_int(&a.literal, scalars).map_err(|why| invalid("integer", why))?)
            }
            v @ Value::Bool(_) if scalars == Scalars::Strict => {
                if let Some(why) = strict_bool_error(&a.literal) {
                    return Err(invalid("boolean", format!("{why}{STRICT_HINT}")));
                }
                v.clone()
            }
            v => v.clone(),
        };
        out.push((name.clone(), value));
    }
    Ok(out)
}
