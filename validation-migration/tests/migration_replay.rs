//! The offline replay over a directory of JSON/YAML objects.

use crate::migration_support;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use k8s_validation::field::{BadValue, Error, ErrorList};
use k8s_validation::Operation;
use k8s_validation_migration::replay::{replay_dir, GroupKey, ReplayOptions};
use k8s_validation_migration::{MismatchKind, NormalizationRule, Registry};
use migration_support::*;

/// A scratch directory, removed on drop.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let p = std::env::temp_dir().join(format!(
            "migration-replay-{}-{name}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&p).unwrap();
        Dir(p)
    }
    fn write(&self, rel: &str, text: &str) {
        let p = self.0.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Hand-written validation that disagrees with the tags twice: it allows
/// display names up to 12 bytes (the tag says 8), and it claims a
/// `maximum` rule on replicas that no tag has.
fn lenient(w: &Widget, old: Option<&Widget>, op: &Operation) -> ErrorList {
    let mut errs: ErrorList = handwritten(w, old, op)
        .into_iter()
        .filter(|e| e.field() != "spec.displayName" || w.spec.display_name.len() > 12)
        .collect();
    if w.spec.replicas.is_some_and(|r| r > 100) {
        errs.push(
            Error::invalid(
                "spec.replicas",
                BadValue::Int(w.spec.replicas.unwrap().into()),
                "must be at most 100",
            )
            .with_origin("maximum")
            .mark_covered_by_declarative(),
        );
    }
    errs
}

fn registry() -> Registry {
    let mut r = Registry::new();
    r.register::<Widget>("Widget")
        .api_version("example.dev/v1")
        .handwritten(lenient)
        .from_json();
    r
}

fn w(name: &str, spec: &str) -> String {
    format!(
        r#"{{"apiVersion":"example.dev/v1","kind":"Widget","metadata":{{"name":"{name}"}},"spec":{spec}}}"#
    )
}

fn fixture() -> Dir {
    let d = Dir::new("fixture");
    d.write("ok.json", &w("ok", r#"{"replicas":1}"#));
    // Both sides agree: no mismatch.
    d.write(
        "agree.json",
        &w(
            "Bad_Name",
            r#"{"replicas":-1,"displayName":"0123456789abcdef"}"#,
        ),
    );
    // Two YAML documents: one extra (displayName 10 bytes), one unmatched (replicas 101).
    d.write(
        "multi.yaml",
        "apiVersion: example.dev/v1\nkind: Widget\nmetadata:\n  name: y1\nspec:\n  displayName: \"0123456789\"\n\
         ---\napiVersion: example.dev/v1\nkind: Widget\nmetadata:\n  name: y2\nspec:\n  replicas: 101\n",
    );
    // A List with one object of each disagreement.
    d.write(
        "sub/list.json",
        &format!(
            r#"{{"kind":"List","items":[{},{}]}}"#,
            w("l1", r#"{"displayName":"abcdefghi"}"#),
            w("l2", r#"{"replicas":500}"#)
        ),
    );
    // An update: the immutable class changes (both agree) and the display
    // name grows to 9 bytes (extra).
    d.write(
        "sub/upd.old.json",
        &w("u", r#"{"class":"a","displayName":"short"}"#),
    );
    d.write(
        "sub/upd.new.yml",
        "apiVersion: example.dev/v1\nkind: Widget\nmetadata: {name: u}\nspec: {class: b, displayName: \"123456789\"}\n",
    );
    // An unchanged over-long display name is not re-validated (ratcheting).
    d.write(
        "ratchet.old.json",
        &w("r", r#"{"displayName":"0123456789"}"#),
    );
    d.write(
        "ratchet.new.json",
        &w("r", r#"{"displayName":"0123456789","replicas":2}"#),
    );
    // Failures.
    d.write("orphan.old.json", &w("o", "{}"));
    d.write("broken.json", "{not json");
    d.write("gadget.yaml", "apiVersion: example.dev/v1\nkind: Gadget\n");
    d.write(
        "v2.json",
        r#"{"apiVersion":"example.dev/v2","kind":"Widget"}"#,
    );
    d.write(
        "typed.json",
        r#"{"apiVersion":"example.dev/v1","kind":"Widget","spec":{"replicas":"x"}}"#,
    );
    d.write("README.md", "ignored");
    d
}

#[test]
fn report_groups_mismatches_by_origin_and_field() {
    let d = fixture();
    let report = replay_dir(&registry(), d.path(), &ReplayOptions::default()).unwrap();
    assert_eq!(report.creates, 6);
    assert_eq!(report.updates, 2);
    assert!(report.panics.is_empty());
    assert!(!report.is_clean());

    let groups = report.groups();
    let keys: Vec<&GroupKey> = groups.keys().collect();
    assert_eq!(
        keys,
        [
            &GroupKey {
                origin: "maxLength".into(),
                field: "spec.displayName".into()
            },
            &GroupKey {
                origin: "maximum".into(),
                field: "spec.replicas".into()
            },
        ]
    );
    let cases = |k: usize| -> Vec<(MismatchKind, &str)> {
        groups
            .values()
            .nth(k)
            .unwrap()
            .iter()
            .map(|m| (m.mismatch.kind, m.case.as_str()))
            .collect()
    };
    assert_eq!(
        cases(0),
        [
            (MismatchKind::Extra, "multi.yaml#0"),
            (MismatchKind::Extra, "sub/list.json#0"),
            (MismatchKind::Extra, "sub/upd.old.json -> sub/upd.new.yml"),
        ]
    );
    assert_eq!(
        cases(1),
        [
            (MismatchKind::Unmatched, "multi.yaml#1"),
            (MismatchKind::Unmatched, "sub/list.json#1")
        ]
    );
    assert_eq!(report.mismatches[0].kind, "Widget");

    let failures: Vec<(&str, &str)> = report
        .failures
        .iter()
        .map(|f| (f.case.as_str(), f.reason.as_str()))
        .collect();
    assert_eq!(failures.len(), 5, "{failures:#?}");
    assert_eq!(failures[0].0, "broken.json");
    assert!(
        failures[0].1.starts_with("invalid JSON: "),
        "{}",
        failures[0].1
    );
    assert_eq!(
        failures[1],
        (
            "gadget.yaml",
            "no type is registered for kind Gadget (example.dev/v1)"
        )
    );
    assert_eq!(failures[2].0, "typed.json");
    assert!(
        failures[2]
            .1
            .starts_with("cannot decode Widget: invalid type: string \"x\""),
        "{}",
        failures[2].1
    );
    assert_eq!(
        failures[3],
        (
            "v2.json",
            "no type is registered for kind Widget (example.dev/v2)"
        )
    );
    assert_eq!(
        failures[4],
        (
            "orphan.old.json",
            "update file without its pair (an update needs both orphan.old.* and orphan.new.*)"
        )
    );

    let text = report.to_string();
    let want = format!(
        "replay: 8 cases (6 creates, 2 updates), 5 mismatches in 2 groups, 0 panics, 5 failures\n\
         origin=\"maxLength\" field=\"spec.displayName\": 3 mismatches (0 unmatched, 3 extra)\n\
         \x20 extra     multi.yaml#0: {d}\n\
         \x20 extra     sub/list.json#0: {d}\n\
         \x20 extra     sub/upd.old.json -> sub/upd.new.yml: {d}\n\
         origin=\"maximum\" field=\"spec.replicas\": 2 mismatches (2 unmatched, 0 extra)\n\
         \x20 unmatched multi.yaml#1: {r}\n\
         \x20 unmatched sub/list.json#1: {r}\n\
         failed broken.json: ",
        d = r#"{Type="Too long", Field="spec.displayName", Origin="maxLength"}"#,
        r = r#"{Type="Invalid value", Field="spec.replicas", Origin="maximum"}"#,
    );
    assert!(text.starts_with(&want), "{text}");
    assert!(text.ends_with(
        "failed orphan.old.json: update file without its pair (an update needs both orphan.old.* and orphan.new.*)\n"
    ));
    // The messages are the API server's.
    assert_eq!(
        report.mismatches[0].mismatch.message,
        msg(
            "extra",
            r#"{Type="Too long", Field="spec.displayName", Origin="maxLength"}"#
        )
    );
}

#[test]
fn clean_directory() {
    let d = Dir::new("clean");
    d.write("a.json", &w("a", r#"{"replicas":3}"#));
    d.write(
        "b.old.yaml",
        "apiVersion: example.dev/v1\nkind: Widget\nmetadata: {name: b}\n",
    );
    d.write(
        "b.new.yaml",
        "apiVersion: example.dev/v1\nkind: Widget\nmetadata: {name: b}\nspec: {replicas: -1}\n",
    );
    let report = replay_dir(&registry(), d.path(), &ReplayOptions::default()).unwrap();
    assert!(report.is_clean(), "{report}");
    assert_eq!(
        report.to_string(),
        "replay: 2 cases (1 create, 1 update), 0 mismatches in 0 groups, 0 panics, 0 failures\n"
    );
    assert!(report.groups().is_empty());
}

#[test]
fn subresource_and_normalization_options() {
    let d = Dir::new("options");
    d.write("a.old.json", &w("a", "{}"));
    d.write("a.new.json", r#"{"apiVersion":"example.dev/v1","kind":"Widget","metadata":{"name":"a"},"status":{"readyReplicas":-1}}"#);
    // On /status both sides agree.
    let status = ReplayOptions {
        subresource: Some("/status".into()),
        ..ReplayOptions::default()
    };
    assert!(replay_dir(&registry(), d.path(), &status)
        .unwrap()
        .is_clean());
    // On /scale, a Widget has no declarative validation: upstream's internal error is extra.
    let scale = ReplayOptions {
        subresource: Some("scale".into()),
        ..ReplayOptions::default()
    };
    let report = replay_dir(&registry(), d.path(), &scale).unwrap();
    assert_eq!(report.mismatches.len(), 2);
    assert_eq!(report.mismatches[0].mismatch.kind, MismatchKind::Unmatched);
    assert_eq!(
        report.mismatches[1].mismatch.error.to_string(),
        "<nil>: Internal error: no validation found for *migration_support.Widget, subresource: /scale"
    );
    assert_eq!(report.mismatches[0].case, "a.{old,new}.json");
    // A normalization rule moves a declarative path before grouping.
    let d = Dir::new("norm");
    d.write("a.json", &w("a", r#"{"displayName":"0123456789"}"#));
    let norm = ReplayOptions {
        normalization_rules: vec![
            NormalizationRule::new(r"^spec\.displayName$", "spec.title").unwrap()
        ],
        ..ReplayOptions::default()
    };
    let report = replay_dir(&registry(), d.path(), &norm).unwrap();
    let groups = report.groups();
    assert_eq!(
        groups.keys().next().unwrap(),
        &GroupKey {
            origin: "maxLength".into(),
            field: "spec.title".into()
        }
    );
}

#[test]
fn panics_are_reported_per_case() {
    let mut r = Registry::new();
    r.register_custom::<Widget>("Widget", |w, _, _| {
        if w.metadata.name == "boom" {
            panic!("declarative bug");
        }
        ErrorList::new()
    })
    .handwritten(|w, _, _| {
        if w.metadata.name == "hv-boom" {
            panic!("hand-written bug");
        }
        ErrorList::new()
    })
    .from_json();
    let d = Dir::new("panics");
    d.write("a.json", &w("boom", "{}"));
    d.write("b.json", &w("hv-boom", "{}"));
    d.write("c.json", &w("fine", "{}"));
    let report = replay_dir(&r, d.path(), &ReplayOptions::default()).unwrap();
    assert_eq!(report.creates, 3);
    let panics: Vec<(&str, &str, &str)> = report
        .panics
        .iter()
        .map(|p| (p.case.as_str(), p.side, p.message.as_str()))
        .collect();
    assert_eq!(
        panics,
        [
            ("a.json", "declarative", "declarative bug"),
            ("b.json", "handwritten", "hand-written bug")
        ]
    );
    assert!(report
        .to_string()
        .contains("panic in declarative validation of a.json: declarative bug\n"));
}

#[test]
fn registration_requirements_and_missing_dir() {
    let d = Dir::new("reqs");
    d.write("a.json", &w("a", "{}"));
    let mut r = Registry::new();
    r.register::<Widget>("Widget").from_json();
    let report = replay_dir(&r, d.path(), &ReplayOptions::default()).unwrap();
    assert_eq!(
        report.failures[0].reason,
        "kind Widget has no hand-written validation registered"
    );
    let mut r = Registry::new();
    r.register::<Widget>("Widget").handwritten(handwritten);
    let report = replay_dir(&r, d.path(), &ReplayOptions::default()).unwrap();
    assert_eq!(
        report.failures[0].reason,
        "kind Widget is not registered with from_json()"
    );
    assert!(replay_dir(&r, d.path().join("missing"), &ReplayOptions::default()).is_err());
    // An update file with two documents.
    let d = Dir::new("two");
    d.write("x.old.yaml", "kind: Widget\n---\nkind: Widget\n");
    d.write("x.new.yaml", "kind: Widget\n");
    let report = replay_dir(&registry(), d.path(), &ReplayOptions::default()).unwrap();
    assert_eq!(
        report.failures[0].reason,
        "x.old.yaml holds 2 objects; an update file holds exactly one"
    );
    assert_eq!(report.failures[0].case, "x.{old,new}.yaml");
}
