//! Tests of the tag catalog (releases, stability, scopes, arguments), type
//! checking, suggestions and processing order: a child of `grammar`, whose
//! helpers it uses.

use super::*;

#[test]
fn catalog_lists_every_tag_in_processing_order() {
    let names: Vec<&str> = catalog::all().iter().map(|d| d.name).collect();
    assert_eq!(names, ALL_NAMES);
    assert_eq!(catalog::validators().count(), 48);
    let metadata: Vec<&str> = catalog::all()
        .iter()
        .filter(|d| d.kind == TagKind::TypeMetadata)
        .map(|d| d.name)
        .collect();
    assert_eq!(metadata, ["k8s:isSubresource", "k8s:supportsSubresource"]);
    for name in ALL_NAMES {
        assert_eq!(catalog::lookup(name).map(|d| d.name), Some(name));
    }
    assert_eq!(catalog::lookup("k8s:MaxLength"), None);
    assert_eq!(catalog::lookup("maxLength"), None);
    assert_eq!(TagName::MaxProperties.as_str(), "k8s:maxProperties");
    assert_eq!(TagName::ZeroOrOneOfMember.as_str(), "k8s:zeroOrOneOfMember");
}

#[test]
fn catalog_releases() {
    let introduced = |release: Release| -> Vec<&str> {
        let mut v: Vec<&str> = catalog::all()
            .iter()
            .filter(|d| d.since == release)
            .map(|d| &d.name[4..])
            .collect();
        v.sort_unstable();
        v
    };
    assert_eq!(
        introduced(Release::V1_33),
        [
            "eachKey",
            "eachVal",
            "forbidden",
            "immutable",
            "listMapKey",
            "listType",
            "minimum",
            "opaqueType",
            "optional",
            "required",
            "subfield",
            "validateError",
            "validateFalse",
            "validateTrue"
        ]
    );
    assert_eq!(
        introduced(Release::V1_34),
        [
            "enum",
            "isSubresource",
            "item",
            "neq",
            "supportsSubresource",
            "unionDiscriminator",
            "unionMember",
            "zeroOrOneOfMember"
        ]
    );
    assert_eq!(
        introduced(Release::V1_35),
        [
            "customUnique",
            "enumExclude",
            "format",
            "ifDisabled",
            "ifEnabled",
            "maxItems",
            "maxLength",
            "unique",
            "update"
        ]
    );
    assert_eq!(
        introduced(Release::V1_36),
        [
            "alpha",
            "beta",
            "discriminator",
            "maxBytes",
            "maximum",
            "member",
            "minItems",
            "minLength",
            "validateTrueAlpha",
            "validateTrueBeta"
        ]
    );
    assert_eq!(
        introduced(Release::V1_37),
        [
            "customValidation",
            "dependentForbidden",
            "dependentRequired",
            "ifMode",
            "maxProperties",
            "minProperties",
            "modeDiscriminator",
            "monotonic"
        ]
    );
    assert_eq!(introduced(Release::V1_38), ["eq"]);
    assert_eq!(Release::V1_35.to_string(), "1.35");
}

#[test]
fn catalog_stability() {
    let with = |level: Stability| -> Vec<&str> {
        catalog::validators()
            .filter(|d| d.stability == level)
            .map(|d| &d.name[4..])
            .collect()
    };
    assert_eq!(
        with(Stability::Alpha),
        [
            "dependentForbidden",
            "dependentRequired",
            "discriminator",
            "enumExclude",
            "eq",
            "member",
            "monotonic",
            "neq",
            "validateError",
            "validateFalse",
            "validateTrue",
            "validateTrueAlpha"
        ]
    );
    assert_eq!(
        with(Stability::Beta),
        [
            "alpha",
            "beta",
            "forbidden",
            "unionDiscriminator",
            "validateTrueBeta"
        ]
    );
    assert_eq!(with(Stability::Stable).len(), 31);
    assert_eq!(Stability::Beta.to_string(), "Beta");
}

#[test]
fn catalog_scopes() {
    use Scope::*;
    let scopes = |name: &str| catalog::lookup(name).unwrap().scopes.to_vec();
    assert_eq!(scopes("k8s:required"), [Field]);
    assert_eq!(scopes("k8s:enum"), [Type]);
    assert_eq!(scopes("k8s:enumExclude"), [Const]);
    assert_eq!(
        scopes("k8s:ifEnabled"),
        [Type, Field, ListVal, MapKey, MapVal, Const]
    );
    assert_eq!(
        scopes("k8s:minimum"),
        [Type, Field, ListVal, MapKey, MapVal]
    );
    assert_eq!(scopes("k8s:immutable"), [Type, Field, ListVal, MapVal]);
    assert_eq!(scopes("k8s:maxItems"), [Type, Field, ListVal, MapVal]);
    assert_eq!(scopes("k8s:maxProperties"), [Type, Field]);
    assert_eq!(scopes("k8s:update"), [Field, ListVal, MapVal]);
    assert_eq!(scopes("k8s:unionMember"), [Field, ListVal]);
    assert_eq!(scopes("k8s:ifMode"), [Field]);
    assert_eq!(scopes("k8s:customValidation"), [Type, Field]);
    let names: Vec<&str> = Scope::ALL.iter().map(|s| s.as_str()).collect();
    assert_eq!(
        names,
        [
            "type definitions",
            "struct fields",
            "list values",
            "map keys",
            "map values",
            "constant values"
        ]
    );
}

#[test]
fn catalog_args_and_payloads() {
    let def = |name: &str| catalog::lookup(name).unwrap();
    let item = def("k8s:item");
    assert!(item.accepts_unknown_args);
    assert_eq!(item.payload, PayloadType::Tag);
    assert!(item.payload_required);
    assert_eq!(item.chain_scope, Some(ChainScope::Fixed(Scope::ListVal)));
    assert_eq!(
        catalog::all()
            .iter()
            .filter(|d| d.accepts_unknown_args)
            .count(),
        1
    );

    let if_mode = def("k8s:ifMode");
    let args: Vec<(Option<&str>, ValueType, bool)> = if_mode
        .args
        .iter()
        .map(|a| (a.name, a.ty, a.required))
        .collect();
    assert_eq!(
        args,
        [
            (None, ValueType::String, false),
            (Some("modality"), ValueType::String, false),
            (Some("mode"), ValueType::String, false)
        ]
    );
    let v = def("k8s:validateFalse");
    let names: Vec<Option<&str>> = v.args.iter().map(|a| a.name).collect();
    assert_eq!(names, [Some("flags"), Some("typeArg"), Some("cohort")]);
    assert_eq!(
        (v.payload, v.payload_required),
        (PayloadType::String, false)
    );
    assert_eq!(def("k8s:neq").payload, PayloadType::Raw);
    assert_eq!(
        (
            def("k8s:update").payload,
            def("k8s:update").payload_required
        ),
        (PayloadType::String, false)
    );
    assert_eq!(def("k8s:minimum").payload, PayloadType::Int);
    assert_eq!(def("k8s:required").payload, PayloadType::None);
    assert!(def("k8s:ifEnabled").args[0].required);
    assert_eq!(
        def("k8s:ifEnabled").arg(None).map(|a| a.ty),
        Some(ValueType::String)
    );

    let chained: Vec<(&str, ChainScope)> = catalog::all()
        .iter()
        .filter_map(|d| d.chain_scope.map(|c| (&d.name[4..], c)))
        .collect();
    assert_eq!(
        chained,
        [
            ("alpha", ChainScope::Inherit),
            ("beta", ChainScope::Inherit),
            ("eachKey", ChainScope::Fixed(Scope::MapKey)),
            ("eachVal", ChainScope::CollectionValue),
            ("ifDisabled", ChainScope::Inherit),
            ("ifEnabled", ChainScope::Inherit),
            ("ifMode", ChainScope::Inherit),
            ("item", ChainScope::Fixed(Scope::ListVal)),
            ("member", ChainScope::Inherit),
            ("subfield", ChainScope::Fixed(Scope::Field)),
        ]
    );
    assert_eq!(
        def("k8s:eachVal").payload_scope(Scope::Field, Scope::MapVal),
        Some(Scope::MapVal)
    );
    assert_eq!(
        def("k8s:ifEnabled").payload_scope(Scope::Const, Scope::ListVal),
        Some(Scope::Const)
    );
    assert_eq!(
        def("k8s:minimum").payload_scope(Scope::Field, Scope::ListVal),
        None
    );
}

// ---------------------------------------------------------------------------
// Type checking

#[path = "type_checks.rs"]
mod type_checks;
