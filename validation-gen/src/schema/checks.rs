//! What value tags and unions export: the checks a limit, format or `neq`
//! tag makes ([`Check`]: a keyword, or CEL where the keyword would reject
//! the zero value a presence tag lets through), and the union and
//! zeroOrOneOf rules of a struct.

use super::rules::*;
use super::*;

impl Builder<'_> {
    /// The value checks of a tag on a value `v` of type `ty`.
    pub(super) fn checks(&self, rule: &Rule, v: &str) -> Result<Vec<Check>, String> {
        let int = || match &rule.kind {
            // Limits read as Go's `int` (64 bits).
            RuleKind::Limit { n: Ok(n), .. } => i64::try_from(*n).map_err(|e| e.to_string()),
            RuleKind::Limit { n: Err(why), .. } => Err(why.clone()),
            _ => Err("payload is not an integer".to_string()),
        };
        let name = rule.name;
        let kw = |key: &'static str, n: i64, zero_passes: bool, cel: String, message: String| {
            Check::Keyword {
                key,
                value: json!(n),
                zero_passes,
                cel,
                message,
            }
        };
        Ok(vec![match name {
            TagName::MaxLength => {
                let n = int()?;
                kw(
                    "maxLength",
                    n,
                    true,
                    format!("size({v}) <= {n}"),
                    format!("Too long: may not be more than {n} bytes"),
                )
            }
            TagName::MinLength => {
                let n = int()?;
                kw(
                    "minLength",
                    n,
                    n <= 0,
                    format!("size({v}) >= {n}"),
                    format!("must be at least {n} characters"),
                )
            }
            TagName::MaxBytes => {
                let n = int()?;
                Check::Cel {
                    rule: format!("size(bytes({v})) <= {n}"),
                    message: format!("Too long: may not be more than {n} bytes"),
                    reason: Some("FieldValueTooLong"),
                }
            }
            TagName::Minimum => {
                let n = int()?;
                kw(
                    "minimum",
                    n,
                    n <= 0,
                    format!("{v} >= {n}"),
                    format!("{} {n}", validation_spec::messages::MINIMUM),
                )
            }
            TagName::Maximum => {
                let n = int()?;
                kw(
                    "maximum",
                    n,
                    n >= 0,
                    format!("{v} <= {n}"),
                    format!("{} {n}", validation_spec::messages::MAXIMUM),
                )
            }
            TagName::MaxItems => {
                let n = int()?;
                kw(
                    "maxItems",
                    n,
                    true,
                    format!("size({v}) <= {n}"),
                    format!("Too many: must have at most {n} items"),
                )
            }
            TagName::MinItems => {
                let n = int()?;
                kw(
                    "minItems",
                    n,
                    n <= 0,
                    format!("size({v}) >= {n}"),
                    format!("must have at least {n} items"),
                )
            }
            TagName::MaxProperties => {
                let n = int()?;
                kw(
                    "maxProperties",
                    n,
                    true,
                    format!("size({v}) <= {n}"),
                    format!("Too many: must have at most {n} items"),
                )
            }
            TagName::MinProperties => {
                let n = int()?;
                kw(
                    "minProperties",
                    n,
                    n <= 0,
                    format!("size({v}) >= {n}"),
                    format!("must have at least {n} items"),
                )
            }
            TagName::Format => {
                let f = match &rule.kind {
                    RuleKind::Format(Ok(f)) => f.name,
                    RuleKind::Format(Err(why)) => return Err(why.clone()),
                    _ => return Err("payload is not a format name".into()),
                };
                let (rule, message) = cel::format(f, v).map_err(|e| format!("format {f}: {e}"))?;
                let check = Check::Cel {
                    rule,
                    message: message.into(),
                    reason: None,
                };
                // The longest valid value bounds the rule's CEL cost, which
                // the apiserver estimates from maxLength.
                return Ok(match cel::format_max_length(f) {
                    Some(n) if v == "self" => vec![
                        kw(
                            "maxLength",
                            n,
                            true,
                            format!("size({v}) <= {n}"),
                            format!("Too long: may not be more than {n} bytes"),
                        ),
                        check,
                    ],
                    _ => vec![check],
                });
            }
            TagName::Neq => {
                let value = match &rule.kind {
                    RuleKind::Neq {
                        unreadable: Some(why),
                        ..
                    } => return Err(why.clone()),
                    RuleKind::Neq { value: Some(v), .. } => v,
                    _ => return Err("no payload".into()),
                };
                let (lit, shown) = match value {
                    TagValue::String(s) => (cel::string(s), validation_spec::go_quote(s)),
                    TagValue::Int(i) => (i.to_string(), i.to_string()),
                    TagValue::Bool(b) => (b.to_string(), b.to_string()),
                };
                Check::Cel {
                    rule: format!("{v} != {lit}"),
                    message: format!("must not be equal to {shown}"),
                    reason: None,
                }
            }
            TagName::Monotonic if v == "self" => Check::Cel {
                rule: "self >= oldSelf".into(),
                message: "may not be decreased".into(),
                reason: None,
            },
            TagName::Subfield if v != "self" => {
                // A subfield of a value named by a CEL variable (an item):
                // its checks, when the subfield is present.
                let RuleKind::Subfield {
                    name: sub,
                    rule: inner,
                } = &rule.kind
                else {
                    return Err("subfield without a name or payload".into());
                };
                let prop =
                    cel::property(sub).ok_or("the subfield's name cannot be reached from CEL")?;
                let sel = format!("{v}.{prop}");
                return Ok(self
                    .checks(inner, &sel)?
                    .into_iter()
                    .map(|c| {
                        let (rule, message, reason) = match c {
                            Check::Keyword { cel, message, .. } => (cel, message, None),
                            Check::Cel {
                                rule,
                                message,
                                reason,
                            } => (rule, message, reason),
                        };
                        Check::Cel {
                            rule: format!("!has({sel}) || ({rule})"),
                            message,
                            reason,
                        }
                    })
                    .collect());
            }
            TagName::Immutable if v == "self" => Check::Cel {
                rule: "self == oldSelf".into(),
                message: "field is immutable".into(),
                reason: None,
            },
            _ => {
                return Err(format!(
                    "{} has no CEL form in this position",
                    name.as_str()
                ));
            }
        }])
    }

    /// Unions and zeroOrOneOf groups of a struct, as CEL on the struct.
    pub(super) fn unions(&mut self, model: &TypeModel, parent: &mut Parent) {
        // (union name, zeroOrOneOf) -> members (json, rust ty, member name), discriminator json.
        struct Group<'a> {
            name: String,
            zero_or_one: bool,
            members: Vec<(&'a str, &'a Ty, String)>,
            discriminator: Option<&'a str>,
        }
        let mut groups: Vec<Group<'_>> = Vec::new();
        for field in model.fields() {
            for rule in field.rules.iter().map(|r| &r.rule) {
                let (zero_or_one, union, member_name) = match &rule.kind {
                    RuleKind::UnionMember { union, member_name } => (
                        rule.is(TagName::ZeroOrOneOfMember),
                        union,
                        Some(member_name),
                    ),
                    RuleKind::UnionDiscriminator { union } => (false, union, None),
                    _ => continue,
                };
                let union = union.clone();
                let i = match groups
                    .iter()
                    .position(|g| g.name == union && g.zero_or_one == zero_or_one)
                {
                    Some(i) => i,
                    None => {
                        groups.push(Group {
                            name: union,
                            zero_or_one,
                            members: Vec::new(),
                            discriminator: None,
                        });
                        groups.len() - 1
                    }
                };
                if let Some(member_name) = member_name {
                    let member_name = member_name
                        .clone()
                        .unwrap_or_else(|| crate::front::upper_camel(&field.rust_name));
                    groups[i]
                        .members
                        .push((&field.json_name, &field.ty, member_name));
                } else {
                    groups[i].discriminator = Some(&field.json_name);
                }
            }
        }
        for g in groups {
            let sets: Option<Vec<(String, String)>> = g
                .members
                .iter()
                .map(|(json, ty, _)| {
                    Some((
                        cel::is_set("self", json, ty)?,
                        cel::is_set("oldSelf", json, ty)?,
                    ))
                })
                .collect();
            let Some(sets) = sets else {
                self.notes.push(format!(
                    "{}: union {:?}: a member's name cannot be reached from CEL",
                    self.type_name, g.name
                ));
                continue;
            };
            let names: Vec<String> = g.members.iter().map(|(j, _, _)| format!("`{j}`")).collect();
            let list = names.join(", ");
            // Upstream ratchets an update on which no member's set-ness changed.
            let unchanged = format!(
                "(oldSelf.hasValue() && [{}].all(x, x))",
                sets.iter()
                    .map(|(n, o)| format!("{n} == {}", o.replace("oldSelf", "oldSelf.value()")))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            let count = format!(
                "[{}].filter(x, x).size()",
                sets.iter()
                    .map(|(n, _)| n.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            let optional_old = |rule: String, message: String| {
                let mut r = cel::rule(rule, message);
                r["optionalOldSelf"] = json!(true);
                r
            };
            match (g.discriminator, g.zero_or_one) {
                (None, false) => {
                    parent.rules.push(optional_old(
                        format!("{unchanged} || {count} != 0"),
                        format!("must specify one of: {list}"),
                    ));
                    parent.rules.push(optional_old(
                        format!("{unchanged} || {count} <= 1"),
                        format!("must specify exactly one of: {list}"),
                    ));
                }
                (None, true) => parent.rules.push(optional_old(
                    format!("{unchanged} || {count} <= 1"),
                    format!("must specify at most one of: {list}"),
                )),
                (Some(d), _) => {
                    let Some(dp) = cel::property(d) else { continue };
                    let disc = format!("(has(self.{dp}) ? self.{dp} : '')");
                    let old_disc =
                        format!("(has(oldSelf.value().{dp}) ? oldSelf.value().{dp} : '')");
                    let unchanged = format!("({unchanged} && {disc} == {old_disc})");
                    for ((json, _, member), (set, _)) in g.members.iter().zip(&sets) {
                        let sel = cel::string(member);
                        let quoted = validation_spec::go_quote(member);
                        parent.rules.push(with_field(
                            optional_old(
                                format!("{unchanged} || !{set} || {disc} == {sel}"),
                                format!("may only be specified when `{d}` is {quoted}"),
                            ),
                            json,
                        ));
                        parent.rules.push(with_field(
                            optional_old(
                                format!("{unchanged} || {set} || {disc} != {sel}"),
                                format!("must be specified when `{d}` is {quoted}"),
                            ),
                            json,
                        ));
                    }
                }
            }
        }
    }
}
