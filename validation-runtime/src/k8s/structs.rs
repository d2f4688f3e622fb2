//! k8s-openapi's structs: `ObjectMeta`, `LabelSelector`, `Condition`, ...
//! and the `core/v1` types most used in custom resources.
//!
//! Each is described once, in Go's field order, with how k8s-openapi holds
//! each Go field:
//!
//! * `plain`: the Rust field has the Go field's type (`key: String`);
//! * `val`: Go's field is a value (`Name string`) that k8s-openapi wraps in
//!   `Option` so it can be left out; `None` *is* Go's zero value (`""`, `0`,
//!   a nil list or map), for field access, equality and JSON alike;
//! * `ptr`: Go's field is a pointer (`*int64`); `None` is nil.
//!
//! From that come the trait impls validation needs:
//!
//! * `Validate`: nothing. None of these Go types carries declarative tags in
//!   Kubernetes 1.33-1.37, so a field of such a type has no children to
//!   validate (as upstream generates nothing for it); tags on the field
//!   itself (`+k8s:subfield(name)=...`, `+k8s:listType=map`, ...) still
//!   apply.
//! * `HasField` for every field, by its JSON name, so `+k8s:subfield(name)`,
//!   `+k8s:listMapKey=type` and `+k8s:item(type: "Ready")` reach them.
//!   A `val` field reads as Go's value (`String`, `""` when unset).
//! * `SemanticEq` field by field (upstream's `equality.Semantic`): unset
//!   equals the zero value for `val` fields, quantities by value, times by
//!   instant.
//! * `IsZero`: `false`, as for every struct value (upstream accepts
//!   `+k8s:required` on a non-pointer struct and checks nothing).
//! * `ToBadValue`: Go's `encoding/json` output: Go's field order, `omitempty`
//!   honoured, a zero `Time` as `null`.

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::{
    ConfigMapKeySelector, LocalObjectReference, NodeSelector, NodeSelectorRequirement,
    NodeSelectorTerm, ObjectReference, ResourceClaim, ResourceRequirements, SecretKeySelector,
    Toleration, TypedLocalObjectReference,
};
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{
    Condition, FieldsV1, LabelSelector, LabelSelectorRequirement, ManagedFieldsEntry, ObjectMeta,
    OwnerReference, Time,
};

use crate::field::{ErrorList, Path, ToBadValue};
use crate::{FieldName, HasField, IsZero, Operation, SemanticEq, Validate};

/// The [`FieldName`] type of a JSON name given as char literals, 16 per
/// `FieldName`, the rest nested in `Rest`.
macro_rules! field_name {
    ($c0:literal $c1:literal $c2:literal $c3:literal $c4:literal $c5:literal $c6:literal
     $c7:literal $c8:literal $c9:literal $c10:literal $c11:literal $c12:literal $c13:literal
     $c14:literal $c15:literal $($rest:literal)+) => {
        FieldName<$c0, $c1, $c2, $c3, $c4, $c5, $c6, $c7, $c8, $c9, $c10, $c11, $c12, $c13, $c14, $c15, field_name!($($rest)+)>
    };
    ($($c:literal)+) => { FieldName<$($c),+> };
}

/// Go's view of one field: `plain` (as is), `val` (`None` is `$zero`),
/// `ptr` (`None` is nil).
macro_rules! go_value {
    (plain, $v:expr, $ty:ty) => {
        &$v
    };
    (val, $v:expr, $ty:ty, $zero:expr) => {{
        static ZERO: $ty = $zero;
        $v.as_ref().unwrap_or(&ZERO)
    }};
}

macro_rules! field_eq {
    (plain, $a:expr, $b:expr, $ty:ty) => {
        SemanticEq::semantic_eq(&$a, &$b)
    };
    (val, $a:expr, $b:expr, $ty:ty, $zero:expr) => {
        SemanticEq::semantic_eq(
            go_value!(val, $a, $ty, $zero),
            go_value!(val, $b, $ty, $zero),
        )
    };
    (ptr, $a:expr, $b:expr, $ty:ty) => {
        SemanticEq::semantic_eq(&$a, &$b)
    };
}

/// Whether `encoding/json` leaves the field out.
macro_rules! field_omitted {
    (keep, $($rest:tt)*) => {
        false
    };
    (omitempty, ptr, $v:expr, $ty:ty) => {
        $v.is_none()
    };
    (omitempty, $kind:ident, $v:expr, $ty:ty $(, $zero:expr)?) => {
        IsZero::is_zero(go_value!($kind, $v, $ty $(, $zero)?))
    };
}

macro_rules! field_json {
    (ptr, $v:expr, $out:expr, $ty:ty) => {
        match &$v {
            Some(v) => ToBadValue::write_json(v, $out),
            None => $out.push_str("null"),
        }
    };
    ($kind:ident, $v:expr, $out:expr, $ty:ty $(, $zero:expr)?) => {
        ToBadValue::write_json(go_value!($kind, $v, $ty $(, $zero)?), $out)
    };
}

macro_rules! field_access {
    ($t:ty, $name:ty, $field:ident, plain, $ty:ty) => {
        impl HasField<$name> for $t {
            type Value = $ty;
            type Leaf = $ty;
            #[inline]
            fn field(&self) -> &$ty {
                &self.$field
            }
        }
    };
    ($t:ty, $name:ty, $field:ident, val, $ty:ty, $zero:expr) => {
        /// Go's value field: unset reads as its zero value.
        impl HasField<$name> for $t {
            type Value = $ty;
            type Leaf = $ty;
            #[inline]
            fn field(&self) -> &$ty {
                go_value!(val, self.$field, $ty, $zero)
            }
        }
    };
    ($t:ty, $name:ty, $field:ident, ptr, $ty:ty) => {
        /// Go's pointer field: unset is nil.
        impl HasField<$name> for $t {
            type Value = Option<$ty>;
            type Leaf = $ty;
            #[inline]
            fn field(&self) -> &Option<$ty> {
                &self.$field
            }
        }
    };
}

macro_rules! foreign_struct {
    ($($t:ident {
        $( [$($c:literal)+] $field:ident: $kind:ident $ty:ty $(= $zero:expr)?, $omit:ident; )*
    })*) => {$(
        /// No declarative validation of its own (the Go type has no tags).
        impl Validate for $t {
            #[inline]
            fn validate_into(&self, _: &Operation, _: &Path<'_>, _: Option<&Self>, _: &mut ErrorList) {}
        }

        /// Field by field, as upstream's `equality.Semantic.DeepEqual`.
        impl SemanticEq for $t {
            fn semantic_eq(&self, other: &Self) -> bool {
                true $(&& field_eq!($kind, self.$field, other.$field, $ty $(, $zero)?))*
            }
        }

        /// A struct value is always set.
        impl IsZero for $t {
            const IS_STRUCT: bool = true;

            #[inline]
            fn is_zero(&self) -> bool {
                false
            }
        }

        /// Go's `encoding/json`: Go's field order, `omitempty` honoured.
        impl ToBadValue for $t {
            fn write_json(&self, out: &mut String) {
                let mut sep = '{';
                $(
                    if !field_omitted!($omit, $kind, self.$field, $ty $(, $zero)?) {
                        out.push(sep);
                        sep = ',';
                        out.push_str(concat!("\"", $($c),+, "\":"));
                        field_json!($kind, self.$field, out, $ty $(, $zero)?);
                    }
                )*
                if sep == '{' {
                    out.push('{');
                }
                out.push('}');
            }
        }

        $( field_access!($t, field_name!($($c)+), $field, $kind, $ty $(, $zero)?); )*
    )*};
}

foreign_struct! {
    ObjectMeta {
        ['n' 'a' 'm' 'e'] name: val String = String::new(), omitempty;
        ['g' 'e' 'n' 'e' 'r' 'a' 't' 'e' 'N' 'a' 'm' 'e'] generate_name: val String = String::new(), omitempty;
        ['n' 'a' 'm' 'e' 's' 'p' 'a' 'c' 'e'] namespace: val String = String::new(), omitempty;
        ['s' 'e' 'l' 'f' 'L' 'i' 'n' 'k'] self_link: val String = String::new(), omitempty;
        ['u' 'i' 'd'] uid: val String = String::new(), omitempty;
        ['r' 'e' 's' 'o' 'u' 'r' 'c' 'e' 'V' 'e' 'r' 's' 'i' 'o' 'n'] resource_version: val String = String::new(), omitempty;
        ['g' 'e' 'n' 'e' 'r' 'a' 't' 'i' 'o' 'n'] generation: val i64 = 0, omitempty;
        // A struct: `omitempty` never leaves it out (`null` when zero).
        ['c' 'r' 'e' 'a' 't' 'i' 'o' 'n' 'T' 'i' 'm' 'e' 's' 't' 'a' 'm' 'p'] creation_timestamp: val Time = super::values::ZERO_TIME, keep;
        ['d' 'e' 'l' 'e' 't' 'i' 'o' 'n' 'T' 'i' 'm' 'e' 's' 't' 'a' 'm' 'p'] deletion_timestamp: ptr Time, omitempty;
        ['d' 'e' 'l' 'e' 't' 'i' 'o' 'n' 'G' 'r' 'a' 'c' 'e' 'P' 'e' 'r' 'i' 'o' 'd' 'S' 'e' 'c' 'o' 'n' 'd' 's'] deletion_grace_period_seconds: ptr i64, omitempty;
        ['l' 'a' 'b' 'e' 'l' 's'] labels: val BTreeMap<String, String> = BTreeMap::new(), omitempty;
        ['a' 'n' 'n' 'o' 't' 'a' 't' 'i' 'o' 'n' 's'] annotations: val BTreeMap<String, String> = BTreeMap::new(), omitempty;
        ['o' 'w' 'n' 'e' 'r' 'R' 'e' 'f' 'e' 'r' 'e' 'n' 'c' 'e' 's'] owner_references: val Vec<OwnerReference> = Vec::new(), omitempty;
        ['f' 'i' 'n' 'a' 'l' 'i' 'z' 'e' 'r' 's'] finalizers: val Vec<String> = Vec::new(), omitempty;
        ['m' 'a' 'n' 'a' 'g' 'e' 'd' 'F' 'i' 'e' 'l' 'd' 's'] managed_fields: val Vec<ManagedFieldsEntry> = Vec::new(), omitempty;
    }
    OwnerReference {
        ['a' 'p' 'i' 'V' 'e' 'r' 's' 'i' 'o' 'n'] api_version: plain String, keep;
        ['k' 'i' 'n' 'd'] kind: plain String, keep;
        ['n' 'a' 'm' 'e'] name: plain String, keep;
        ['u' 'i' 'd'] uid: plain String, keep;
        ['c' 'o' 'n' 't' 'r' 'o' 'l' 'l' 'e' 'r'] controller: ptr bool, omitempty;
        ['b' 'l' 'o' 'c' 'k' 'O' 'w' 'n' 'e' 'r' 'D' 'e' 'l' 'e' 't' 'i' 'o' 'n'] block_owner_deletion: ptr bool, omitempty;
    }
    ManagedFieldsEntry {
        ['m' 'a' 'n' 'a' 'g' 'e' 'r'] manager: val String = String::new(), omitempty;
        ['o' 'p' 'e' 'r' 'a' 't' 'i' 'o' 'n'] operation: val String = String::new(), omitempty;
        ['a' 'p' 'i' 'V' 'e' 'r' 's' 'i' 'o' 'n'] api_version: val String = String::new(), omitempty;
        ['t' 'i' 'm' 'e'] time: ptr Time, omitempty;
        ['f' 'i' 'e' 'l' 'd' 's' 'T' 'y' 'p' 'e'] fields_type: val String = String::new(), omitempty;
        ['f' 'i' 'e' 'l' 'd' 's' 'V' '1'] fields_v1: ptr FieldsV1, omitempty;
        ['s' 'u' 'b' 'r' 'e' 's' 'o' 'u' 'r' 'c' 'e'] subresource: val String = String::new(), omitempty;
    }
    LabelSelector {
        ['m' 'a' 't' 'c' 'h' 'L' 'a' 'b' 'e' 'l' 's'] match_labels: val BTreeMap<String, String> = BTreeMap::new(), omitempty;
        ['m' 'a' 't' 'c' 'h' 'E' 'x' 'p' 'r' 'e' 's' 's' 'i' 'o' 'n' 's'] match_expressions: val Vec<LabelSelectorRequirement> = Vec::new(), omitempty;
    }
    LabelSelectorRequirement {
        ['k' 'e' 'y'] key: plain String, keep;
        ['o' 'p' 'e' 'r' 'a' 't' 'o' 'r'] operator: plain String, keep;
        ['v' 'a' 'l' 'u' 'e' 's'] values: val Vec<String> = Vec::new(), omitempty;
    }
    Condition {
        ['t' 'y' 'p' 'e'] type_: plain String, keep;
        ['s' 't' 'a' 't' 'u' 's'] status: plain String, keep;
        ['o' 'b' 's' 'e' 'r' 'v' 'e' 'd' 'G' 'e' 'n' 'e' 'r' 'a' 't' 'i' 'o' 'n'] observed_generation: val i64 = 0, omitempty;
        ['l' 'a' 's' 't' 'T' 'r' 'a' 'n' 's' 'i' 't' 'i' 'o' 'n' 'T' 'i' 'm' 'e'] last_transition_time: plain Time, keep;
        ['r' 'e' 'a' 's' 'o' 'n'] reason: plain String, keep;
        ['m' 'e' 's' 's' 'a' 'g' 'e'] message: plain String, keep;
    }
    LocalObjectReference {
        ['n' 'a' 'm' 'e'] name: plain String, omitempty;
    }
    TypedLocalObjectReference {
        ['a' 'p' 'i' 'G' 'r' 'o' 'u' 'p'] api_group: ptr String, keep;
        ['k' 'i' 'n' 'd'] kind: plain String, keep;
        ['n' 'a' 'm' 'e'] name: plain String, keep;
    }
    ObjectReference {
        ['k' 'i' 'n' 'd'] kind: val String = String::new(), omitempty;
        ['n' 'a' 'm' 'e' 's' 'p' 'a' 'c' 'e'] namespace: val String = String::new(), omitempty;
        ['n' 'a' 'm' 'e'] name: val String = String::new(), omitempty;
        ['u' 'i' 'd'] uid: val String = String::new(), omitempty;
        ['a' 'p' 'i' 'V' 'e' 'r' 's' 'i' 'o' 'n'] api_version: val String = String::new(), omitempty;
        ['r' 'e' 's' 'o' 'u' 'r' 'c' 'e' 'V' 'e' 'r' 's' 'i' 'o' 'n'] resource_version: val String = String::new(), omitempty;
        ['f' 'i' 'e' 'l' 'd' 'P' 'a' 't' 'h'] field_path: val String = String::new(), omitempty;
    }
    ResourceRequirements {
        ['l' 'i' 'm' 'i' 't' 's'] limits: val BTreeMap<String, Quantity> = BTreeMap::new(), omitempty;
        ['r' 'e' 'q' 'u' 'e' 's' 't' 's'] requests: val BTreeMap<String, Quantity> = BTreeMap::new(), omitempty;
        ['c' 'l' 'a' 'i' 'm' 's'] claims: val Vec<ResourceClaim> = Vec::new(), omitempty;
    }
    ResourceClaim {
        ['n' 'a' 'm' 'e'] name: plain String, keep;
        ['r' 'e' 'q' 'u' 'e' 's' 't'] request: val String = String::new(), omitempty;
    }
    NodeSelector {
        ['n' 'o' 'd' 'e' 'S' 'e' 'l' 'e' 'c' 't' 'o' 'r' 'T' 'e' 'r' 'm' 's'] node_selector_terms: plain Vec<NodeSelectorTerm>, keep;
    }
    NodeSelectorTerm {
        ['m' 'a' 't' 'c' 'h' 'E' 'x' 'p' 'r' 'e' 's' 's' 'i' 'o' 'n' 's'] match_expressions: val Vec<NodeSelectorRequirement> = Vec::new(), omitempty;
        ['m' 'a' 't' 'c' 'h' 'F' 'i' 'e' 'l' 'd' 's'] match_fields: val Vec<NodeSelectorRequirement> = Vec::new(), omitempty;
    }
    NodeSelectorRequirement {
        ['k' 'e' 'y'] key: plain String, keep;
        ['o' 'p' 'e' 'r' 'a' 't' 'o' 'r'] operator: plain String, keep;
        ['v' 'a' 'l' 'u' 'e' 's'] values: val Vec<String> = Vec::new(), omitempty;
    }
    Toleration {
        ['k' 'e' 'y'] key: val String = String::new(), omitempty;
        ['o' 'p' 'e' 'r' 'a' 't' 'o' 'r'] operator: val String = String::new(), omitempty;
        ['v' 'a' 'l' 'u' 'e'] value: val String = String::new(), omitempty;
        ['e' 'f' 'f' 'e' 'c' 't'] effect: val String = String::new(), omitempty;
        ['t' 'o' 'l' 'e' 'r' 'a' 't' 'i' 'o' 'n' 'S' 'e' 'c' 'o' 'n' 'd' 's'] toleration_seconds: ptr i64, omitempty;
    }
    SecretKeySelector {
        ['n' 'a' 'm' 'e'] name: plain String, omitempty;
        ['k' 'e' 'y'] key: plain String, keep;
        ['o' 'p' 't' 'i' 'o' 'n' 'a' 'l'] optional: ptr bool, omitempty;
    }
    ConfigMapKeySelector {
        ['n' 'a' 'm' 'e'] name: plain String, omitempty;
        ['k' 'e' 'y'] key: plain String, keep;
        ['o' 'p' 't' 'i' 'o' 'n' 'a' 'l'] optional: ptr bool, omitempty;
    }
}
