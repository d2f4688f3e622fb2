//! Typed objects from a [`Tape`](crate::Tape), as the API server's JSON
//! decoder fills Go structs: case-sensitive field names, `null` leaves a
//! field at its zero value, numbers must fit their Go type, unknown fields
//! are recorded (not an error here: strict decoding decides), the first
//! type error is the answer.
//!
//! Types implement [`Decode`] with plain, non-generic functions (the
//! mirror of the API types generates them): each type's decoder is
//! compiled once, in its own crate, instead of one serde visitor per type
//! and per deserializer.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;

use crate::tape::{Entries, Kind, Node};

/// Why a value did not decode: Go's `UnmarshalTypeError` and friends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    message: String,
}

impl DecodeError {
    /// An error with its whole text.
    pub fn new(message: impl Into<String>) -> DecodeError {
        DecodeError {
            message: message.into(),
        }
    }

    /// The text.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DecodeError {}

/// Where the decoder is: the Go struct being filled and the JSON field path
/// from the root (what Go's decoder names in its errors), and the fields
/// the types did not know.
#[derive(Debug, Default)]
pub struct Context {
    /// The JSON names of the struct fields entered, outermost first.
    path: Vec<&'static str>,
    /// The Go struct names entered, outermost first.
    structs: Vec<&'static str>,
    /// Paths of fields no type knew, in document order.
    unknown: Vec<String>,
}

impl Context {
    /// A fresh context.
    pub fn new() -> Context {
        Context::default()
    }

    /// The paths of the fields no type knew (`spec.replicaz`), in document
    /// order.
    pub fn unknown_fields(&self) -> &[String] {
        &self.unknown
    }

    /// Takes the unknown fields.
    pub fn take_unknown_fields(&mut self) -> Vec<String> {
        std::mem::take(&mut self.unknown)
    }

    /// Go's `json: cannot unmarshal <what> into Go struct field
    /// <Struct>.<path> of type <type>` (or `into Go value of type <type>`
    /// at the root).
    pub fn type_error<T: Decode>(&self, node: Node<'_>) -> DecodeError {
        let go_type = T::go_type();
        let what = describe(node);
        match self.structs.last() {
            Some(s) if !self.path.is_empty() => DecodeError::new(format!(
                "json: cannot unmarshal {what} into Go struct field {s}.{} of type {go_type}",
                self.path.join(".")
            )),
            _ => DecodeError::new(format!(
                "json: cannot unmarshal {what} into Go value of type {go_type}"
            )),
        }
    }

    /// An error of a value's own decoder (`Quantity`, `Time`): Go reports
    /// it as it is.
    pub fn value_error(&self, message: impl fmt::Display) -> DecodeError {
        DecodeError::new(message.to_string())
    }

    /// The entries of the object a struct `T` is decoded from (`None` for
    /// `null`, which leaves the struct as it is).
    pub fn object<'a, T: Decode>(
        &mut self,
        node: Node<'a>,
    ) -> Result<Option<Entries<'a>>, DecodeError> {
        match node.kind() {
            Kind::Null => Ok(None),
            Kind::Object(e) => Ok(Some(e)),
            _ => Err(self.type_error::<T>(node)),
        }
    }

    /// Decodes the field `json_name` of the struct `go_struct`: `null`
    /// leaves it at its zero value.
    pub fn field<T: Decode + Default>(
        &mut self,
        go_struct: &'static str,
        json_name: &'static str,
        node: Node<'_>,
    ) -> Result<T, DecodeError> {
        if node.is_null() {
            return Ok(T::default());
        }
        self.structs.push(go_struct);
        self.path.push(json_name);
        let r = T::decode(node, self);
        self.path.pop();
        self.structs.pop();
        r
    }

    /// Records a field no type knows.
    pub fn unknown(&mut self, key: &str) {
        let mut p = self.path.join(".");
        if !p.is_empty() {
            p.push('.');
        }
        p.push_str(key);
        self.unknown.push(p);
    }
}

/// What Go's errors call a JSON value: `string`, `number`, `number 1.5`
/// (a number into an integer it does not fit), `bool`, `array`, `object`.
fn describe(node: Node<'_>) -> Cow<'static, str> {
    match node.kind() {
        Kind::Null => "null".into(),
        Kind::Bool(_) => "bool".into(),
        Kind::Int(_) | Kind::Uint(_) | Kind::Float(_) => "number".into(),
        Kind::Str(_) => "string".into(),
        Kind::Array(_) => "array".into(),
        Kind::Object(_) => "object".into(),
    }
}

/// A type the decoder fills from JSON.
pub trait Decode: Sized {
    /// Decodes `node` (never `null` when called for a struct field: the
    /// field keeps its zero value).
    fn decode(node: Node<'_>, cx: &mut Context) -> Result<Self, DecodeError>;

    /// The Go type, as Go's errors name it (`int32`, `v1.PodSpec`,
    /// `[]v1.Container`, `map[string]string`); a pointer is named by what
    /// it points to, as Go's decoder reports it.
    fn go_type() -> Cow<'static, str>;
}

impl Decode for String {
    fn decode(node: Node<'_>, cx: &mut Context) -> Result<Self, DecodeError> {
        match node.kind() {
            Kind::Str(s) => Ok(s.to_owned()),
            Kind::Null => Ok(String::new()),
            _ => Err(cx.type_error::<Self>(node)),
        }
    }

    fn go_type() -> Cow<'static, str> {
        "string".into()
    }
}

impl Decode for bool {
    fn decode(node: Node<'_>, cx: &mut Context) -> Result<Self, DecodeError> {
        match node.kind() {
            Kind::Bool(b) => Ok(b),
            Kind::Null => Ok(false),
            _ => Err(cx.type_error::<Self>(node)),
        }
    }

    fn go_type() -> Cow<'static, str> {
        "bool".into()
    }
}

macro_rules! integers {
    ($($t:ty => $go:literal),*) => {$(
        impl Decode for $t {
            fn decode(node: Node<'_>, cx: &mut Context) -> Result<Self, DecodeError> {
                let fits = match node.kind() {
                    Kind::Null => return Ok(0),
                    Kind::Int(i) => <$t>::try_from(i).ok(),
                    Kind::Uint(u) => <$t>::try_from(u).ok(),
                    Kind::Float(_) => None,
                    _ => return Err(cx.type_error::<Self>(node)),
                };
                fits.ok_or_else(|| number_error::<Self>(cx, node))
            }

            fn go_type() -> Cow<'static, str> {
                $go.into()
            }
        }
    )*};
}

integers!(i8 => "int8", i16 => "int16", i32 => "int32", i64 => "int64", u8 => "uint8", u16 => "uint16", u32 => "uint32", u64 => "uint64");

/// A number that does not fit its Go integer type: Go names the number.
fn number_error<T: Decode>(cx: &Context, node: Node<'_>) -> DecodeError {
    let text = match node.kind() {
        Kind::Int(i) => i.to_string(),
        Kind::Uint(u) => u.to_string(),
        Kind::Float(f) => crate::limits::go_float_json(f),
        _ => String::new(),
    };
    let e = cx.type_error::<T>(node);
    DecodeError::new(e.message.replacen("number", &format!("number {text}"), 1))
}

macro_rules! floats {
    ($($t:ty => $go:literal),*) => {$(
        impl Decode for $t {
            fn decode(node: Node<'_>, cx: &mut Context) -> Result<Self, DecodeError> {
                match node.kind() {
                    Kind::Null => Ok(0.0),
                    Kind::Int(i) => Ok(i as $t),
                    Kind::Uint(u) => Ok(u as $t),
                    Kind::Float(f) => Ok(f as $t),
                    _ => Err(cx.type_error::<Self>(node)),
                }
            }

            fn go_type() -> Cow<'static, str> {
                $go.into()
            }
        }
    )*};
}

floats!(f32 => "float32", f64 => "float64");

impl<T: Decode> Decode for Option<T> {
    fn decode(node: Node<'_>, cx: &mut Context) -> Result<Self, DecodeError> {
        if node.is_null() {
            return Ok(None);
        }
        T::decode(node, cx).map(Some)
    }

    fn go_type() -> Cow<'static, str> {
        T::go_type()
    }
}

impl<T: Decode> Decode for Vec<T> {
    fn decode(node: Node<'_>, cx: &mut Context) -> Result<Self, DecodeError> {
        match node.kind() {
            Kind::Null => Ok(Vec::new()),
            Kind::Array(items) => items.map(|i| T::decode(i, cx)).collect(),
            _ => Err(cx.type_error::<Self>(node)),
        }
    }

    fn go_type() -> Cow<'static, str> {
        format!("[]{}", T::go_type()).into()
    }
}

impl<K: DecodeKey + Ord, V: Decode> Decode for BTreeMap<K, V> {
    fn decode(node: Node<'_>, cx: &mut Context) -> Result<Self, DecodeError> {
        match node.kind() {
            Kind::Null => Ok(BTreeMap::new()),
            Kind::Object(entries) => {
                let mut map = BTreeMap::new();
                for (k, v) in entries {
                    let value = V::decode(v, cx)?;
                    map.insert(K::decode_key(k), value);
                }
                Ok(map)
            }
            _ => Err(cx.type_error::<Self>(node)),
        }
    }

    fn go_type() -> Cow<'static, str> {
        format!("map[{}]{}", K::go_key_type(), V::go_type()).into()
    }
}

/// A map key: a string, or a named string type.
pub trait DecodeKey: Sized {
    /// The key of the text `k`.
    fn decode_key(k: &str) -> Self;

    /// The Go type of the key.
    fn go_key_type() -> Cow<'static, str>;
}

impl DecodeKey for String {
    fn decode_key(k: &str) -> Self {
        k.to_owned()
    }

    fn go_key_type() -> Cow<'static, str> {
        "string".into()
    }
}

impl Decode for serde_json::Value {
    fn decode(node: Node<'_>, _cx: &mut Context) -> Result<Self, DecodeError> {
        Ok(node.to_json())
    }

    fn go_type() -> Cow<'static, str> {
        "interface {}".into()
    }
}

/// A value read through its serde implementation, which follows upstream's
/// `UnmarshalJSON` on the values that reach it.
fn deserialize<T: serde::de::DeserializeOwned>(
    node: Node<'_>,
    cx: &Context,
) -> Result<T, DecodeError> {
    T::deserialize(&node.to_json()).map_err(|e| cx.value_error(e))
}

/// `Quantity`'s `UnmarshalJSON` parses the raw text of any value but `null`
/// (a string's without its quotes): a boolean, array or object is
/// `ParseQuantity`'s format error.
impl Decode for k8s_validation::Quantity {
    fn decode(node: Node<'_>, cx: &mut Context) -> Result<Self, DecodeError> {
        match node.kind() {
            Kind::Bool(_) | Kind::Array(_) | Kind::Object(_) => {
                Err(cx.value_error(k8s_validation::types::QuantityError::FormatWrong))
            }
            _ => deserialize(node, cx),
        }
    }

    fn go_type() -> Cow<'static, str> {
        "resource.Quantity".into()
    }
}

/// `Time`'s and `MicroTime`'s `UnmarshalJSON` unmarshal a string (or take
/// `null`): anything else is a string's type error, which Go's decoder
/// reports in the field's context.
macro_rules! timestamps {
    ($($t:ty => $go:literal),*) => {$(
        impl Decode for $t {
            fn decode(node: Node<'_>, cx: &mut Context) -> Result<Self, DecodeError> {
                match node.kind() {
                    Kind::Str(_) | Kind::Null => deserialize(node, cx),
                    _ => Err(cx.type_error::<String>(node)),
                }
            }

            fn go_type() -> Cow<'static, str> {
                $go.into()
            }
        }
    )*};
}

timestamps!(
    k8s_validation::Time => "v1.Time",
    k8s_validation::MicroTime => "v1.MicroTime"
);

/// Go's `time.Duration` is an `int64` of nanoseconds, with no JSON methods
/// of its own.
impl Decode for k8s_validation::Duration {
    fn decode(node: Node<'_>, cx: &mut Context) -> Result<Self, DecodeError> {
        match node.kind() {
            Kind::Null => Ok(Self::default()),
            Kind::Int(i) => Ok(Self::from_nanos(i)),
            Kind::Uint(_) | Kind::Float(_) => Err(number_error::<Self>(cx, node)),
            _ => Err(cx.type_error::<Self>(node)),
        }
    }

    fn go_type() -> Cow<'static, str> {
        "time.Duration".into()
    }
}

/// Decodes a whole object of type `T`; the unknown fields in `cx`.
pub fn decode<T: Decode>(node: Node<'_>, cx: &mut Context) -> Result<T, DecodeError> {
    T::decode(node, cx)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Tape;
    use serde_json::json;

    #[derive(Default, Debug, PartialEq)]
    struct Spec {
        replicas: Option<i32>,
        name: String,
        labels: BTreeMap<String, String>,
    }

    impl Decode for Spec {
        fn decode(node: Node<'_>, cx: &mut Context) -> Result<Self, DecodeError> {
            let mut out = Spec::default();
            let Some(entries) = cx.object::<Self>(node)? else {
                return Ok(out);
            };
            for (k, v) in entries {
                match k {
                    "replicas" => out.replicas = cx.field("Spec", "replicas", v)?,
                    "name" => out.name = cx.field("Spec", "name", v)?,
                    "labels" => out.labels = cx.field("Spec", "labels", v)?,
                    _ => cx.unknown(k),
                }
            }
            Ok(out)
        }

        fn go_type() -> Cow<'static, str> {
            "v1.Spec".into()
        }
    }

    #[derive(Default, Debug, PartialEq)]
    struct Root {
        spec: Spec,
    }

    impl Decode for Root {
        fn decode(node: Node<'_>, cx: &mut Context) -> Result<Self, DecodeError> {
            let mut out = Root::default();
            let Some(entries) = cx.object::<Self>(node)? else {
                return Ok(out);
            };
            for (k, v) in entries {
                match k {
                    "spec" => out.spec = cx.field("Root", "spec", v)?,
                    _ => cx.unknown(k),
                }
            }
            Ok(out)
        }

        fn go_type() -> Cow<'static, str> {
            "v1.Root".into()
        }
    }

    fn go(v: serde_json::Value) -> (Result<Root, String>, Vec<String>) {
        let tape = Tape::from_json(&v);
        let mut cx = Context::new();
        let r = decode::<Root>(tape.root().unwrap(), &mut cx).map_err(|e| e.to_string());
        (r, cx.take_unknown_fields())
    }

    #[test]
    fn fields_nulls_and_unknown_fields() {
        let (r, unknown) = go(
            json!({"spec": {"replicas": 3, "name": null, "labels": {"a": "b"}, "replicaz": 1}, "x": 1}),
        );
        assert_eq!(
            r.unwrap(),
            Root {
                spec: Spec {
                    replicas: Some(3),
                    name: String::new(),
                    labels: [("a".to_owned(), "b".to_owned())].into(),
                }
            }
        );
        assert_eq!(unknown, ["spec.replicaz", "x"]);
    }

    #[test]
    fn runtime_types_fail_as_their_go_types_unmarshal() {
        use k8s_validation::{Duration, MicroTime, Quantity, Time};
        fn one<T: Decode>(v: serde_json::Value) -> Result<T, String> {
            let tape = Tape::from_json(&v);
            T::decode(tape.root().unwrap(), &mut Context::new()).map_err(|e| e.to_string())
        }
        let format = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
        for v in [json!(true), json!([1]), json!({"a": 1})] {
            assert_eq!(one::<Quantity>(v).unwrap_err(), format);
        }
        assert_eq!(one::<Quantity>(json!(" 1Gi ")).unwrap().to_string(), "1Gi");
        assert_eq!(one::<Quantity>(json!(1.5)).unwrap().to_string(), "1500m");
        assert_eq!(
            one::<Time>(json!(5)).unwrap_err(),
            "json: cannot unmarshal number into Go value of type string"
        );
        assert_eq!(
            one::<MicroTime>(json!([])).unwrap_err(),
            "json: cannot unmarshal array into Go value of type string"
        );
        assert_eq!(one::<Duration>(json!(7)), Ok(Duration::from_nanos(7)));
        assert_eq!(
            one::<Duration>(json!("1s")).unwrap_err(),
            "json: cannot unmarshal string into Go value of type time.Duration"
        );
        assert_eq!(
            one::<Duration>(json!(1.5)).unwrap_err(),
            "json: cannot unmarshal number 1.5 into Go value of type time.Duration"
        );
        // In a struct field, Go's decoder gives the string's type error the
        // field's context.
        #[derive(Debug, Default)]
        struct Meta {
            #[allow(dead_code)]
            created: Time,
        }
        impl Decode for Meta {
            fn decode(node: Node<'_>, cx: &mut Context) -> Result<Self, DecodeError> {
                let mut out = Meta::default();
                for (k, v) in cx.object::<Self>(node)?.into_iter().flatten() {
                    if k == "creationTimestamp" {
                        out.created = cx.field("ObjectMeta", "creationTimestamp", v)?;
                    }
                }
                Ok(out)
            }

            fn go_type() -> Cow<'static, str> {
                "v1.ObjectMeta".into()
            }
        }
        assert_eq!(
            one::<Meta>(json!({"creationTimestamp": 1})).unwrap_err(),
            "json: cannot unmarshal number into Go struct field ObjectMeta.creationTimestamp of type string"
        );
    }

    #[test]
    fn type_errors_read_as_go_s() {
        assert_eq!(
            go(json!({"spec": {"replicas": "3"}})).0.unwrap_err(),
            "json: cannot unmarshal string into Go struct field Spec.spec.replicas of type int32"
        );
        assert_eq!(
            go(json!({"spec": {"replicas": 3000000000u64}})).0.unwrap_err(),
            "json: cannot unmarshal number 3000000000 into Go struct field Spec.spec.replicas of type int32"
        );
        assert_eq!(
            go(json!({"spec": []})).0.unwrap_err(),
            "json: cannot unmarshal array into Go struct field Root.spec of type v1.Spec"
        );
        assert_eq!(
            go(json!([])).0.unwrap_err(),
            "json: cannot unmarshal array into Go value of type v1.Root"
        );
    }
}
