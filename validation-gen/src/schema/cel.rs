//! CEL building blocks for `x-kubernetes-validations`: field selection
//! with the apiserver's escaping, presence ("is set", Go's non-zero), the
//! `k8s-*` formats on the Kubernetes CEL format library, and literals.

use serde_json::{json, Value};

use crate::front::{Shape, Ty};

/// CEL's reserved words: a property with one of these names is selected as
/// `__name__` (the apiserver's escaping).
const RESERVED: &[&str] = &[
    "true",
    "false",
    "null",
    "in",
    "as",
    "break",
    "const",
    "continue",
    "else",
    "for",
    "function",
    "if",
    "import",
    "let",
    "loop",
    "package",
    "namespace",
    "return",
    "var",
    "void",
    "while",
];

/// The CEL name of a property (`apiextensions` escaping: `__` ->
/// `__underscores__`, `.` -> `__dot__`, `-` -> `__dash__`, `/` ->
/// `__slash__`, reserved words -> `__word__`), or `None` when the name has
/// characters CEL cannot reach.
pub fn property(name: &str) -> Option<String> {
    if RESERVED.contains(&name) {
        return Some(format!("__{name}__"));
    }
    let mut out = String::new();
    let mut chars = name.chars().peekable();
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    while let Some(c) = chars.next() {
        match c {
            '_' if chars.peek() == Some(&'_') => {
                chars.next();
                out.push_str("__underscores__");
            }
            '.' => out.push_str("__dot__"),
            '-' => out.push_str("__dash__"),
            '/' => out.push_str("__slash__"),
            c if c.is_ascii_alphanumeric() || c == '_' => out.push(c),
            _ => return None,
        }
    }
    Some(out)
}

/// A CEL string literal.
pub fn string(s: &str) -> String {
    let mut out = String::from("'");
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// What "set" means for a value of a shape (Go's non-zero), as a CEL
/// expression on `v` (which exists); `None` when any present value is set
/// (a pointer, a struct, a type the stage cannot see).
pub fn nonzero(shape: &Shape, v: &str) -> Option<String> {
    match shape {
        Shape::Str => Some(format!("{v} != ''")),
        Shape::Int(_) => Some(format!("{v} != 0")),
        Shape::Float => Some(format!("{v} != 0.0")),
        Shape::Bool => Some(v.to_string()),
        Shape::List(_) | Shape::Map(..) => Some(format!("size({v}) != 0")),
        Shape::Boxed(t) => nonzero(&t.shape, v),
        Shape::Option(_) | Shape::Json | Shape::Named => None,
    }
}

/// Whether the field `name` of the object `obj` is set: present and, for a
/// non-pointer, non-zero.
pub fn is_set(obj: &str, name: &str, ty: &Ty) -> Option<String> {
    let sel = format!("{obj}.{}", property(name)?);
    let has = format!("has({sel})");
    Some(match nonzero(&ty.shape, &sel) {
        Some(nz) => format!("({has} && {nz})"),
        None => has,
    })
}

/// "`a` equals `b`" for values of type `ty`, as the derive's semantic
/// equality decides it: a `Quantity` (the runtime's or k8s-openapi's) by
/// value with the Kubernetes CEL quantity library, so `1Gi` equals
/// `1024Mi` (a text that is not a quantity compares by its text, as the
/// derive compares a malformed k8s-openapi quantity); a map of quantities
/// key by key; anything else with CEL's `==` (JSON equality).
pub fn equal(ty: Option<&Ty>, a: &str, b: &str) -> String {
    let Some(ty) = ty.map(Ty::leaf) else {
        return format!("{a} == {b}");
    };
    if is_quantity(ty) {
        return quantity_equal(a, b);
    }
    if let Shape::Map(_, value) = &ty.shape {
        if is_quantity(value.leaf()) {
            let eq = quantity_equal(&format!("{a}[k]"), &format!("{b}[k]"));
            return format!("size({a}) == size({b}) && {a}.all(k, k in {b} && {eq})");
        }
    }
    format!("{a} == {b}")
}

/// Whether `ty` is a `Quantity` (compared by value).
pub fn is_quantity(ty: &Ty) -> bool {
    ty.named_value() == Some(crate::front::NamedValue::Quantity)
}

/// Two quantities (JSON strings or integers) equal by value.
fn quantity_equal(a: &str, b: &str) -> String {
    let (sa, sb) = (format!("string({a})"), format!("string({b})"));
    format!(
        "isQuantity({sa}) && isQuantity({sb}) ? quantity({sa}).compareTo(quantity({sb})) == 0 : {a} == {b}"
    )
}

/// A `x-kubernetes-validations` entry.
pub fn rule(rule: String, message: String) -> Value {
    json!({ "rule": rule, "message": message })
}

/// A rule with a `reason` and a `fieldPath` (relative to the schema that
/// carries it, e.g. `.name`).
pub fn rule_at(rule: String, message: String, reason: Option<&str>, field: Option<&str>) -> Value {
    let mut v = json!({ "rule": rule, "message": message });
    if let Some(r) = reason {
        v["reason"] = json!(r);
    }
    if let Some(f) = field.and_then(property_path) {
        v["fieldPath"] = json!(f);
    }
    v
}

/// `.name` or `['name']` for a `fieldPath`.
fn property_path(name: &str) -> Option<String> {
    if name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && !name.is_empty() {
        Some(format!(".{name}"))
    } else if !name.contains('\'') {
        Some(format!("['{name}']"))
    } else {
        None
    }
}

/// A `k8s-*` format as a CEL expression on the string `v` that holds when
/// the value is valid, with upstream's error detail (or the gist of it),
/// or `None` for a format the stage does not export (with the reason).
pub fn format(name: &str, v: &str) -> Result<(String, &'static str), &'static str> {
    let lib = |f: &str, arg: &str| format!("!format.{f}().validate({arg}).hasValue()");
    Ok(match name {
        "k8s-short-name" => (
            lib("dns1123Label", v),
            "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
        ),
        "k8s-long-name" => (
            lib("dns1123Subdomain", v),
            "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        ),
        "k8s-long-name-caseless" => (
            lib("dns1123Subdomain", &format!("{v}.lowerAscii()")),
            "an RFC 1123 subdomain must consist of alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
        ),
        "k8s-label-value" => (
            lib("labelValue", v),
            "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
        ),
        "k8s-label-key" => (
            lib("qualifiedName", v),
            "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
        ),
        "k8s-prefixed-label-key" => (
            format!("{v}.contains('/') && {}", lib("qualifiedName", v)),
            "must be a label key with a prefix (e.g. 'example.com/key')",
        ),
        "k8s-uuid" => (
            format!(
                "{v}.matches('^[0-9a-f]{{8}}-[0-9a-f]{{4}}-[0-9a-f]{{4}}-[0-9a-f]{{4}}-[0-9a-f]{{12}}$')"
            ),
            "must be a lowercase UUID in 8-4-4-4-12 format",
        ),
        "k8s-path-segment-name" => (
            format!("!({v} in ['.', '..']) && !{v}.contains('/') && !{v}.contains('%')"),
            "may not be '.' or '..' and may not contain '/' or '%'",
        ),
        "k8s-resource-pool-name" => (
            format!(
                "size({v}) <= 253 && {v}.split('/').all(s, {})",
                lib("dns1123Subdomain", "s")
            ),
            "must be one or more lowercase RFC 1123 subdomains separated by '/', at most 253 characters",
        ),
        "k8s-ip" => (
            format!("isIP({v})"),
            "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)",
        ),
        "k8s-extended-resource-name" | "k8s-resource-fully-qualified-name" => {
            return Err("no CEL counterpart in the Kubernetes CEL format library, and the rule has too many cases for one expression")
        }
        _ => return Err("unknown format"),
    })
}

/// The length no valid value of a format exceeds, exported as `maxLength`
/// beside the format's rule: the apiserver bounds a rule's estimated CEL
/// cost by the string's `maxLength`, and rejects a CRD whose rules may cost
/// too much.
pub fn format_max_length(name: &str) -> Option<i64> {
    Some(match name {
        "k8s-short-name" | "k8s-label-value" => 63,
        "k8s-long-name" | "k8s-long-name-caseless" | "k8s-resource-pool-name" => 253,
        // An optional 253-byte prefix, `/`, a 63-byte name.
        "k8s-label-key" | "k8s-prefixed-label-key" => 317,
        "k8s-uuid" => 36,
        // The longest IPv6 text with an embedded IPv4 address.
        "k8s-ip" => 45,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn properties_are_escaped() {
        assert_eq!(property("name").as_deref(), Some("name"));
        assert_eq!(property("a-b").as_deref(), Some("a__dash__b"));
        assert_eq!(property("a.b/c").as_deref(), Some("a__dot__b__slash__c"));
        assert_eq!(property("a__b").as_deref(), Some("a__underscores__b"));
        assert_eq!(property("namespace").as_deref(), Some("__namespace__"));
        assert_eq!(property("1x"), None);
        assert_eq!(property("a b"), None);
    }

    #[test]
    fn literals() {
        assert_eq!(string("it's"), r"'it\'s'");
        assert_eq!(string("a\\b"), r"'a\\b'");
    }

    #[test]
    fn every_format_has_an_answer() {
        for f in k8s_validation_spec::format::FORMATS {
            let _ = format(f.name, "self");
        }
        assert!(format("k8s-short-name", "self")
            .unwrap()
            .0
            .contains("dns1123Label"));
        assert!(format("k8s-extended-resource-name", "self").is_err());
    }
}
