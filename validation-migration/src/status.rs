//! The Kubernetes `Status` body of an invalid object.

use validation_runtime::field::{go_quote, write_json_string, ErrorList};

/// The JSON body a Kubernetes API server answers an invalid object with
/// (HTTP 422, upstream's `errors.NewInvalid`): `reason: Invalid`, the message
/// `<Kind>[.<group>] "<name>" is invalid: <errors>` (errors deduplicated by
/// text, `[e1, e2]` for several), and one `details.causes[]` entry per error
/// with `reason` = the error type string (`FieldValueInvalid`), `message` =
/// the text after the field, and `field`. Keys in upstream's order; empty
/// fields omitted as upstream's `omitempty` does.
///
/// ```
/// use validation_runtime::field::{BadValue, Error, ErrorList};
/// use validation_migration::invalid_status_json;
///
/// let errs: ErrorList = Error::invalid("spec.replicas", BadValue::Int(-1), "must be greater than or equal to 0").into();
/// let body = invalid_status_json("example.dev", "Widget", "w1", &errs);
/// assert_eq!(
///     body,
///     r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Widget.example.dev \"w1\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0","reason":"Invalid","details":{"name":"w1","group":"example.dev","kind":"Widget","causes":[{"reason":"FieldValueInvalid","message":"Invalid value: -1: must be greater than or equal to 0","field":"spec.replicas"}]},"code":422}"#
/// );
/// ```
pub fn invalid_status_json(group: &str, kind: &str, name: &str, errs: &ErrorList) -> String {
    let qualified = if group.is_empty() {
        kind.to_owned()
    } else {
        format!("{kind}.{group}")
    };
    let message = if errs.is_empty() {
        format!("{qualified} {} is invalid", go_quote(name))
    } else {
        format!("{qualified} {} is invalid: {errs}", go_quote(name))
    };
    let mut out = String::with_capacity(256 + 128 * errs.len());
    out.push_str(
        r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"#,
    );
    write_json_string(&message, &mut out);
    out.push_str(r#","reason":"Invalid","details":{"#);
    let mut first = true;
    for (key, value) in [("name", name), ("group", group), ("kind", kind)] {
        if value.is_empty() {
            continue;
        }
        if !first {
            out.push(',');
        }
        first = false;
        out.push('"');
        out.push_str(key);
        out.push_str("\":");
        write_json_string(value, &mut out);
    }
    if !errs.is_empty() {
        if !first {
            out.push(',');
        }
        out.push_str(r#""causes":["#);
        for (i, e) in errs.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(r#"{"reason":"#);
            write_json_string(e.kind().as_str(), &mut out);
            let body = e.body();
            if !body.is_empty() {
                out.push_str(r#","message":"#);
                write_json_string(&body, &mut out);
            }
            if !e.field().is_empty() {
                out.push_str(r#","field":"#);
                write_json_string(e.field(), &mut out);
            }
            out.push('}');
        }
        out.push(']');
    }
    out.push_str(r#"},"code":422}"#);
    out
}
