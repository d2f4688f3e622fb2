//! The registry: subresource dispatch honouring `+k8s:supportsSubresource`
//! and `+k8s:isSubresource`, upstream's error for other subresources,
//! custom validation, replacement.

use crate::migration_support;

use k8s_validation::field::{Error, ErrorList};
use k8s_validation::{Operation, Validate};
use k8s_validation_migration::{no_validation_found, Registry};
use migration_support::*;

/// No subresource tags: the root resource only.
#[derive(Debug, Default, PartialEq, Validate)]
struct Plain {
    /// +k8s:minimum=1
    n: i32,
}

/// +k8s:supportsSubresource="/status"
/// +k8s:supportsSubresource="/scale"
/// +k8s:supportsSubresource="/x/y"
#[derive(Debug, Default, PartialEq, Validate)]
struct Many {
    /// +k8s:minimum=1
    n: i32,
}

fn ops() -> Vec<(&'static str, Operation)> {
    [
        "",
        "/status",
        "/scale",
        "/x/y",
        "/unknown",
        "/status/unknown",
        "/x",
        "/x/y/z",
    ]
    .into_iter()
    .map(|s| (s, Operation::create().with_subresource(s)))
    .collect()
}

fn run<T: 'static>(r: &Registry, v: &T) -> Vec<String> {
    ops()
        .into_iter()
        .map(|(s, op)| {
            let errs = r.validate(v, None, &op).expect("registered");
            format!("{s} => {}", texts(&errs).join(" | "))
        })
        .collect()
}

#[test]
fn subresources_from_tags() {
    assert_eq!(Plain::subresources(), ["/"]);
    assert_eq!(Many::subresources(), ["/", "/scale", "/status", "/x/y"]);
    assert_eq!(Scale::subresources(), ["/scale"]);
    assert_eq!(Widget::subresources(), ["/", "/status"]);
}

#[test]
fn root_only_by_default() {
    let mut r = Registry::new();
    r.register::<Plain>("Plain");
    let e = |p: &str| {
        format!("<nil>: Internal error: no validation found for *migration_registry.Plain, subresource: {p}")
    };
    assert_eq!(
        run(&r, &Plain { n: 0 }),
        [
            " => n: Invalid value: 0: must be greater than or equal to 1".to_owned(),
            format!("/status => {}", e("/status")),
            format!("/scale => {}", e("/scale")),
            format!("/x/y => {}", e("/x/y")),
            format!("/unknown => {}", e("/unknown")),
            format!("/status/unknown => {}", e("/status/unknown")),
            format!("/x => {}", e("/x")),
            format!("/x/y/z => {}", e("/x/y/z")),
        ]
    );
}

#[test]
fn supports_subresource_adds_paths() {
    let mut r = Registry::new();
    r.register::<Many>("Many").go_type_name("*subresource.T1");
    let e = |p: &str| {
        format!("<nil>: Internal error: no validation found for *subresource.T1, subresource: {p}")
    };
    let ok = "n: Invalid value: 0: must be greater than or equal to 1";
    assert_eq!(
        run(&r, &Many { n: 0 }),
        [
            format!(" => {ok}"),
            format!("/status => {ok}"),
            format!("/scale => {ok}"),
            format!("/x/y => {ok}"),
            format!("/unknown => {}", e("/unknown")),
            format!("/status/unknown => {}", e("/status/unknown")),
            format!("/x => {}", e("/x")),
            format!("/x/y/z => {}", e("/x/y/z")),
        ]
    );
    // A valid object on a supported subresource: no errors at all.
    assert!(r
        .validate(
            &Many { n: 1 },
            None,
            &Operation::create().with_subresource("/x/y")
        )
        .unwrap()
        .is_empty());
}

#[test]
fn is_subresource_restricts_to_that_path() {
    let mut r = Registry::new();
    r.register::<Scale>("Scale");
    let got = run(&r, &Scale { replicas: -1 });
    assert_eq!(got[0], " => <nil>: Internal error: no validation found for *migration_support.Scale, subresource: /");
    assert_eq!(
        got[2],
        "/scale => replicas: Invalid value: -1: must be greater than or equal to 0"
    );
    assert_eq!(
        got[1],
        "/status => <nil>: Internal error: no validation found for *migration_support.Scale, subresource: /status"
    );
}

#[test]
fn update_ratchets_through_the_registry() {
    let mut r = Registry::new();
    r.register::<Widget>("Widget");
    let mut old = widget("w");
    old.spec.class = "a".into();
    let mut new = old.clone();
    new.spec.class = "b".into();
    let errs = r.validate(&new, Some(&old), &Operation::update()).unwrap();
    assert_eq!(
        texts(&errs),
        ["spec.class: Invalid value: null: field is immutable"]
    );
    assert!(r
        .validate(&old, Some(&old), &Operation::update())
        .unwrap()
        .is_empty());
}

#[test]
fn custom_validation_and_replacement() {
    let mut r = Registry::new();
    assert!(!r.contains::<Plain>());
    assert!(r
        .validate(&Plain { n: 0 }, None, &Operation::create())
        .is_none());
    r.register::<Plain>("Plain");
    assert_eq!(r.kind_of::<Plain>(), Some("Plain"));
    // A later registration replaces the earlier one.
    r.register_custom::<Plain>("PlainV2", |p, _, op| {
        if op.subresource_path() != "/" {
            return no_validation_found("*v2.Plain", &op.subresource_path()).into();
        }
        if p.n > 10 {
            Error::too_many("n", i64::from(p.n), 10).into()
        } else {
            ErrorList::new()
        }
    });
    assert_eq!(r.kind_of::<Plain>(), Some("PlainV2"));
    assert!(r
        .validate(&Plain { n: 0 }, None, &Operation::create())
        .unwrap()
        .is_empty());
    assert_eq!(
        texts(
            &r.validate(&Plain { n: 11 }, None, &Operation::create())
                .unwrap()
        ),
        ["n: Too many: 11: must have at most 10 items"]
    );
    assert_eq!(
        texts(
            &r.validate(
                &Plain { n: 0 },
                None,
                &Operation::create().with_subresource("status")
            )
            .unwrap()
        ),
        ["<nil>: Internal error: no validation found for *v2.Plain, subresource: /status"]
    );
}

#[test]
fn handwritten_through_the_registry() {
    let mut r = Registry::new();
    r.register::<Widget>("Widget").handwritten(handwritten);
    let mut w = widget("w");
    w.spec.replicas = Some(-1);
    assert_eq!(
        texts(
            &r.validate_handwritten(&w, None, &Operation::create())
                .unwrap()
        ),
        ["spec.replicas: Invalid value: -1: must be non-negative"]
    );
    r.register::<Plain>("Plain");
    assert!(r
        .validate_handwritten(&Plain::default(), None, &Operation::create())
        .is_none());
}
