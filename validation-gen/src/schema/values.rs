//! What a rule checks of one value ([`Check`]): the limits, `format`,
//! `neq` and `monotonic` as an OpenAPI keyword, or CEL where the keyword
//! would reject the zero value a presence tag lets through or a value the
//! stage reaches through a CEL variable (an item, a subfield).

use super::walk::{push_rule, Builder};
use super::*;
use crate::front::NamedValue;

/// A value check a rule makes: a keyword when the value's zero passes it
/// (or no zero is skipped), otherwise its CEL form.
pub(super) enum Check {
    Keyword {
        key: &'static str,
        value: Value,
        zero_passes: bool,
        cel: String,
        message: String,
    },
    Cel {
        rule: String,
        message: String,
        reason: Option<&'static str>,
    },
}

impl Check {
    /// The check as CEL on its variable, with its message.
    pub(super) fn into_cel(self) -> (String, String) {
        match self {
            Check::Keyword { cel, message, .. } => (cel, message),
            Check::Cel { rule, message, .. } => (rule, message),
        }
    }
}

impl Builder<'_> {
    /// The value checks of `rule` on a value `v` (`self`, or a CEL variable
    /// for an item or a subfield), or why the rule has none there.
    pub(super) fn checks(
        &self,
        rule: &Rule,
        v: &str,
        ty: Option<&Ty>,
    ) -> Result<Vec<Check>, String> {
        use RuleKind as K;
        let no_cel = || {
            Err(format!(
                "{} has no CEL form in this position",
                rule.name.as_str()
            ))
        };
        Ok(match &rule.kind {
            K::Limit { limit, n } => {
                // Limits read as Go's `int` (64 bits).
                let n = match n {
                    Ok(n) => i64::try_from(*n).map_err(|e| e.to_string())?,
                    Err(why) => return Err(why.clone()),
                };
                vec![self.limit(*limit, n, v)]
            }
            K::TypedBound {
                limit,
                value,
                literal,
                int,
            } => vec![self.typed_bound(*limit, value, literal, int, v, ty)?],
            K::Format(format) => {
                let f = match format {
                    Ok(f) => f.name,
                    Err(why) => return Err(why.clone()),
                };
                let (rule, message) = cel::format(f, v).map_err(|e| format!("format {f}: {e}"))?;
                let check = Check::Cel {
                    rule,
                    message: message.into(),
                    reason: None,
                };
                // The longest valid value bounds the rule's CEL cost, which
                // the apiserver estimates from maxLength.
                match cel::format_max_length(f) {
                    Some(n) if v == "self" => vec![
                        Check::Keyword {
                            key: "maxLength",
                            value: json!(n),
                            zero_passes: true,
                            cel: format!("size({v}) <= {n}"),
                            message: format!("Too long: may not be more than {n} bytes"),
                        },
                        check,
                    ],
                    _ => vec![check],
                }
            }
            K::Compare {
                unreadable: Some(why),
                ..
            } => return Err(why.clone()),
            K::Compare { value: None, .. } => return Err("no payload".into()),
            K::Compare {
                equal,
                value: Some(value),
                ..
            } => {
                let (lit, shown) = match value {
                    TagValue::String(s) => (cel::string(s), k8s_validation_spec::go_quote(s)),
                    TagValue::Int(i) => (i.to_string(), i.to_string()),
                    TagValue::Bool(b) => (b.to_string(), b.to_string()),
                };
                if *equal {
                    // `enum` with one value: the apiserver's error for it is
                    // upstream's (`Unsupported value: ...: supported values:
                    // "<value>"`, the value quoted whatever its type).
                    let (json, zero) = match value {
                        TagValue::String(s) => (json!(s), s.is_empty()),
                        TagValue::Int(i) => (json!(i), *i == 0),
                        TagValue::Bool(b) => (json!(b), !b),
                    };
                    let quoted = k8s_validation_spec::go_quote(&arg_text(value));
                    vec![Check::Keyword {
                        key: "enum",
                        value: json!([json]),
                        zero_passes: zero,
                        cel: format!("{v} == {lit}"),
                        message: format!("supported values: {quoted}"),
                    }]
                } else {
                    vec![Check::Cel {
                        rule: format!("{v} != {lit}"),
                        message: format!("must not be equal to {shown}"),
                        reason: None,
                    }]
                }
            }
            K::Monotonic if v == "self" => vec![Check::Cel {
                rule: "self >= oldSelf".into(),
                message: "may not be decreased".into(),
                reason: None,
            }],
            K::Immutable if v == "self" => vec![Check::Cel {
                rule: cel::equal(ty, "self", "oldSelf"),
                message: "field is immutable".into(),
                reason: None,
            }],
            // A subfield of a value named by a CEL variable (an item): its
            // checks, when the subfield is present.
            K::Subfield { name, rule: inner } if v != "self" => {
                let prop =
                    cel::property(name).ok_or("the subfield's name cannot be reached from CEL")?;
                let sel = format!("{v}.{prop}");
                return Ok(self
                    .checks(inner, &sel, None)?
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
            K::Monotonic
            | K::Immutable
            | K::Subfield { .. }
            | K::Required { .. }
            | K::Optional
            | K::Forbidden { .. }
            | K::Enum
            | K::CustomValidation
            | K::Marker
            | K::Subresource(_)
            | K::List(_)
            | K::Update(_)
            | K::Fixed(_)
            | K::Each { .. }
            | K::Gate { .. }
            | K::Level { .. }
            | K::Item { .. }
            | K::UnionMember { .. }
            | K::UnionDiscriminator { .. }
            | K::Dependent { .. }
            | K::Discriminator { .. }
            | K::Member { .. } => return no_cel(),
        })
    }

    /// A size or bound as a keyword, with its CEL form and message.
    /// A 1.38 `minimum` / `maximum` on the value's type: an integer keyword
    /// (a duration's in nanoseconds, its message printing the duration), or
    /// for a quantity, CEL with Kubernetes' quantity library (compared by
    /// value, as the derive does).
    fn typed_bound(
        &self,
        limit: Limit,
        value: &TagValue,
        literal: &str,
        int: &Payload<i128>,
        v: &str,
        ty: Option<&Ty>,
    ) -> Result<Check, String> {
        let upper = limit == Limit::Maximum;
        let (prefix, op) = if upper {
            (k8s_validation_spec::messages::MAXIMUM, "<=")
        } else {
            (k8s_validation_spec::messages::MINIMUM, ">=")
        };
        match (ty.map(|t| t.leaf()).and_then(Ty::named_value), value) {
            (Some(NamedValue::Quantity), _) => {
                let text = match value {
                    TagValue::String(s) => s.as_str(),
                    _ => literal,
                };
                let q = k8s_validation_spec::quantity::Quantity::parse(text)
                    .map_err(|e| format!("failed to parse tag payload: {e}"))?;
                Ok(Check::Cel {
                    rule: format!(
                        "quantity(string({v})).compareTo(quantity({})) {op} 0",
                        cel::string(&q.to_string())
                    ),
                    message: format!("{prefix} {q}"),
                    reason: None,
                })
            }
            (Some(NamedValue::Duration), TagValue::String(text)) => {
                let nanos = k8s_validation_spec::duration::parse(text)
                    .map_err(|e| format!("failed to parse tag payload: {e}"))?;
                let shown = k8s_validation_spec::duration::format(nanos);
                Ok(Check::Keyword {
                    key: if upper { "maximum" } else { "minimum" },
                    value: json!(nanos),
                    zero_passes: if upper { nanos >= 0 } else { nanos <= 0 },
                    cel: format!("{v} {op} {nanos}"),
                    message: format!("{prefix} {shown}"),
                })
            }
            (None, TagValue::Int(_)) => {
                let n = match int {
                    Ok(n) => i64::try_from(*n).map_err(|e| e.to_string())?,
                    Err(why) => return Err(why.clone()),
                };
                Ok(self.limit(limit, n, v))
            }
            _ => Err("the payload does not fit the value's type".into()),
        }
    }

    fn limit(&self, limit: Limit, n: i64, v: &str) -> Check {
        let kw =
            |key: &'static str, zero_passes: bool, cel: String, message: String| Check::Keyword {
                key,
                value: json!(n),
                zero_passes,
                cel,
                message,
            };
        match limit {
            Limit::MaxLength => {
                // Bytes through 1.35, characters (as CEL's `size` and
                // OpenAPI's `maxLength` count) from 1.36.
                let unit = match self.behaviour.max_length {
                    MaxLength::Bytes => "bytes",
                    MaxLength::Characters => "characters",
                };
                kw(
                    "maxLength",
                    true,
                    format!("size({v}) <= {n}"),
                    format!("Too long: may not be more than {n} {unit}"),
                )
            }
            Limit::MinLength => kw(
                "minLength",
                n <= 0,
                format!("size({v}) >= {n}"),
                format!("must be at least {n} characters"),
            ),
            Limit::MaxBytes => Check::Cel {
                rule: format!("size(bytes({v})) <= {n}"),
                message: format!("Too long: may not be more than {n} bytes"),
                reason: Some("FieldValueTooLong"),
            },
            Limit::Minimum => kw(
                "minimum",
                n <= 0,
                format!("{v} >= {n}"),
                format!("{} {n}", k8s_validation_spec::messages::MINIMUM),
            ),
            Limit::Maximum => kw(
                "maximum",
                n >= 0,
                format!("{v} <= {n}"),
                format!("{} {n}", k8s_validation_spec::messages::MAXIMUM),
            ),
            Limit::MaxItems => kw(
                "maxItems",
                true,
                format!("size({v}) <= {n}"),
                format!("Too many: must have at most {n} items"),
            ),
            Limit::MinItems => kw(
                "minItems",
                n <= 0,
                format!("size({v}) >= {n}"),
                format!("must have at least {n} items"),
            ),
            Limit::MaxProperties => kw(
                "maxProperties",
                true,
                format!("size({v}) <= {n}"),
                format!("Too many: must have at most {n} items"),
            ),
            Limit::MinProperties => kw(
                "minProperties",
                n <= 0,
                format!("size({v}) >= {n}"),
                format!("must have at least {n} items"),
            ),
        }
    }
}

/// Adds a check to a value's schema: the keyword (the tighter of two), or
/// its CEL form under `guard` when the keyword would reject a zero value
/// the guard lets through.
pub(super) fn add_check(site: &mut Map<String, Value>, c: Check, guard: Option<&str>) {
    match c {
        Check::Keyword {
            key,
            value,
            zero_passes,
            cel,
            message,
        } => {
            if guard.is_none() || zero_passes {
                // Two bounds of one kind (a format's and a tag's): the tighter.
                let tighter = match (site.get(key).and_then(Value::as_i64), value.as_i64()) {
                    (Some(old), Some(new)) if key.starts_with("max") => old.min(new),
                    (Some(old), Some(new)) => old.max(new),
                    (_, Some(new)) => new,
                    _ => return,
                };
                site.insert(key.into(), json!(tighter));
            } else {
                let g = guard.unwrap_or_default();
                push_rule(site, cel::rule(format!("!({g}) || {cel}"), message));
            }
        }
        Check::Cel {
            rule,
            message,
            reason,
        } => {
            let rule = match guard {
                Some(g) if !rule.contains("oldSelf") => format!("!({g}) || ({rule})"),
                _ => rule,
            };
            push_rule(site, cel::rule_at(rule, message, reason, None));
        }
    }
}

/// A payload's text as `fmt.Sprint` prints it (a string as is).
fn arg_text(v: &TagValue) -> String {
    match v {
        TagValue::String(s) => s.clone(),
        other => other.to_string(),
    }
}
