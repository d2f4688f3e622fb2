//! `validation-gen schema`: the exported schema, the CRD, and errors that
//! name the file, type, tag or option (never a panic).

use std::path::PathBuf;
use std::process::{Command, Output};

fn scratch(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "validation-gen-schema-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (file, src) in files {
        std::fs::write(dir.join(file), src).unwrap();
    }
    dir
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_validation-gen"))
        .args(args)
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const API: &str = r#"
/// A widget.
///
/// +k8s:supportsSubresource="/status"
pub struct Widget {
    pub metadata: Meta,
    /// +k8s:required
    pub spec: Option<Spec>,
}

pub struct Meta {
    pub name: String,
}

#[serde(rename_all = "camelCase")]
pub struct Spec {
    /// How many.
    /// +k8s:optional
    /// +k8s:maximum=5
    pub replica_count: Option<i32>,
    /// +k8s:optional
    pub phase: Option<Phase>,
    /// +k8s:optional
    /// +k8s:format=k8s-extended-resource-name
    pub resource: Option<String>,
}

/// +k8s:enum
pub struct Phase(pub String);

impl Phase {
    pub const RUNNING: &'static str = "Running";
    pub const DONE: &'static str = "Done";
}
"#;

#[test]
fn one_type_and_a_crd() {
    let dir = scratch("ok", &[("mod.rs", API)]);
    let d = dir.to_str().unwrap();
    let out = run(&["schema", "--type", "Spec", d]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let count = &v["properties"]["replicaCount"];
    assert_eq!(count["maximum"], 5);
    assert_eq!(count["description"], "How many.");
    assert_eq!(
        v["properties"]["phase"]["enum"],
        serde_json::json!(["Done", "Running"])
    );
    let err = text(&out.stderr);
    assert!(
        err.contains(
            "warning: Spec.resource: +k8s:format=\"k8s-extended-resource-name\": not exported"
        ),
        "{err}"
    );

    let out = run(&["schema", "-q", "--crd", "example.com/v1alpha1/Widget", d]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stderr), "");
    let crd: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(crd["metadata"]["name"], "widgets.example.com");
    let version = &crd["spec"]["versions"][0];
    assert_eq!(version["name"], "v1alpha1");
    assert_eq!(version["subresources"]["status"], serde_json::json!({}));
    let root = &version["schema"]["openAPIV3Schema"];
    assert_eq!(
        root["properties"]["metadata"],
        serde_json::json!({"type": "object"})
    );
    assert_eq!(
        root["properties"]["spec"]["properties"]["replicaCount"]["maximum"],
        5
    );

    let out = run(&["schema", "--crd", "a/v1/Widget", "--crd", "b/v1/Spec", d]);
    assert_eq!(out.status.code(), Some(0));
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(list["kind"], "List");
    assert_eq!(list["items"].as_array().unwrap().len(), 2);
}

#[test]
fn errors_name_what_is_wrong() {
    let dir = scratch(
        "bad",
        &[(
            "mod.rs",
            "pub struct T {\n    /// +k8s:maxLength=x\n    pub name: String,\n}\n",
        )],
    );
    let d = dir.to_str().unwrap();
    let out = run(&["schema", d]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("mod.rs:2:5: error:") && err.contains("k8s:maxLength"),
        "{err}"
    );

    let dir = scratch(
        "rec",
        &[(
            "mod.rs",
            "pub struct A {\n    pub next: Option<Box<A>>,\n}\n",
        )],
    );
    let out = run(&["schema", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("type `A` contains itself"));

    let dir = scratch("ok2", &[("mod.rs", API)]);
    let d = dir.to_str().unwrap();
    for (args, code, msg) in [
        (
            vec!["schema", "--type", "Nope", d],
            1,
            "no type named `Nope` in the input",
        ),
        (
            vec!["schema", "--crd", "bad", d],
            2,
            "expected <group>/<version>/<Kind>",
        ),
        (vec!["schema", "--crd"], 2, "--crd needs a value"),
        (
            vec!["schema", "--type", "a b", d],
            2,
            "is not a Rust type name",
        ),
        (vec!["schema"], 2, "no input directory given"),
        (vec!["schema", "--frob", d], 2, "unknown option `--frob`"),
        (vec!["schema", "/nonexistent/dir"], 2, "is not a directory"),
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(code), "{args:?}");
        assert!(
            text(&out.stderr).contains(msg),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn output_file_is_written_then_checked() {
    let dir = scratch("output", &[("mod.rs", API)]);
    let file = dir.join("schema.json");
    let (dir_s, file_s) = (dir.to_str().unwrap(), file.to_str().unwrap());
    // Stale before it exists: --check writes nothing and fails with a diff.
    let o = run(&["schema", "--check", "-o", file_s, dir_s]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("is stale; run validation-gen schema"));
    assert!(!file.exists());
    let o = run(&["schema", "--output", file_s, dir_s]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).starts_with("wrote "));
    let printed = run(&["schema", dir_s]);
    assert_eq!(std::fs::read(&file).unwrap(), printed.stdout);
    let o = run(&["schema", "--check", "--output", file_s, dir_s]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("is up to date"));
    // A hand edit is stale, with the changed line in the diff.
    let edited = text(&printed.stdout).replace("\"maximum\": 5", "\"maximum\": 6");
    std::fs::write(&file, edited).unwrap();
    let o = run(&["schema", "--check", "-o", file_s, dir_s]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("+        \"maximum\": 5"),
        "{}",
        text(&o.stderr)
    );
    // --check alone is a usage error.
    assert_eq!(run(&["schema", "--check", dir_s]).status.code(), Some(2));
}
