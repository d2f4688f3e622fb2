//! The `k8s-validate` command end to end: the binary on the files under
//! tests/data (and standard input), its output and exit status.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::Value;

fn data(name: &str) -> String {
    let p: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "data", name]
        .iter()
        .collect();
    p.display().to_string()
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str]) -> Run {
    run_with_stdin(args, None)
}

fn run_with_stdin(args: &[&str], stdin: Option<&str>) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_k8s-validate"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("k8s-validate runs");
    {
        let mut input = child.stdin.take().expect("stdin");
        if let Some(s) = stdin {
            input.write_all(s.as_bytes()).expect("write stdin");
        }
    }
    let out = child.wait_with_output().expect("k8s-validate ends");
    Run {
        code: out.status.code().expect("exit code"),
        stdout: String::from_utf8(out.stdout).expect("utf-8"),
        stderr: String::from_utf8(out.stderr).expect("utf-8"),
    }
}

fn json(args: &[&str]) -> (i32, Value) {
    let mut all = args.to_vec();
    all.extend(["-o", "json"]);
    let r = run(&all);
    (
        r.code,
        serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {}", r.stdout)),
    )
}

#[test]
fn one_invalid_object_prints_kubectls_single_object_message() {
    let file = data("rc-invalid.yaml");
    let r = run(&["-f", &file, "--kubernetes-version", "1.38"]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout.starts_with(
            "The ReplicationController \"web\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0\n"
        ),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains(
        "Summary (Kubernetes 1.38): 1 object in 1 file: 1 invalid, 0 valid, 0 not validated\n"
    ));
    assert!(r
        .stdout
        .contains("hand-written validation not checked: ReplicationController (1)"));
}

#[test]
fn a_valid_object_exits_zero() {
    let r = run(&["-f", &data("rc-valid.yaml"), "--kubernetes-version", "1.38"]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert!(r
        .stdout
        .starts_with("Summary (Kubernetes 1.38): 1 object in 1 file: 0 invalid, 1 valid"));
}

#[test]
fn several_documents_lists_bad_yaml_and_unknown_kinds() {
    let file = data("mixed.yaml");
    let r = run(&["-f", &file, "--kubernetes-version", "1.38"]);
    // A bad document makes the exit status 2; the others are validated.
    assert_eq!(r.code, 2, "{}", r.stdout);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(
        lines[0],
        format!("Error from server (Invalid): error when creating \"{file}\": ReplicationController \"a1\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0")
    );
    assert_eq!(
        lines[1],
        format!("Error from server (Invalid): error when creating \"{file}\": ReplicationController \"a3\" is invalid: spec.replicas: Invalid value: -3: must be greater than or equal to 0")
    );
    // go-yaml's text and line (counted in the document, from 0 for a
    // parser error), as kubectl prints it.
    assert_eq!(
        lines[2],
        format!("error: {file}: document 5 (line 26): error converting YAML to JSON: yaml: line 3: did not find expected ',' or '}}'")
    );
    assert_eq!(
        lines[3],
        format!("error: {file}: document 6 (line 30): Object 'apiVersion' is missing")
    );
    assert!(lines[4].starts_with(&format!(
        "Error from server (BadRequest): error when creating \"{file}\": ReplicationController in version \"v1\" cannot be handled as a ReplicationController: "
    )));
    assert_eq!(
        lines[5],
        "Summary (Kubernetes 1.38): 5 objects in 1 file: 3 invalid, 1 valid, 1 not validated, 2 bad documents"
    );
    assert_eq!(lines[6], "  not a built-in kind: example.dev/v1 Widget (1)");

    let (code, v) = json(&["-f", &file, "--kubernetes-version", "1.38"]);
    assert_eq!(code, 2);
    let objects = v["objects"].as_array().unwrap();
    let at: Vec<(u64, Option<u64>, &str, &str)> = objects
        .iter()
        .map(|o| {
            (
                o["document"].as_u64().unwrap(),
                o["item"].as_u64(),
                o["name"].as_str().unwrap(),
                o["result"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        at,
        vec![
            (1, None, "a1", "invalid"),
            (3, None, "a2", "valid"),
            (4, Some(0), "a3", "invalid"),
            (4, Some(1), "w1", "not-run"),
            (7, None, "a6", "undecodable"),
        ]
    );
    assert_eq!(objects[3]["reason"], "not-built-in");
    let err = &objects[0]["errors"][0];
    assert_eq!(err["type"], "FieldValueInvalid");
    assert_eq!(err["field"], "spec.replicas");
    assert_eq!(err["origin"], "minimum");
    assert_eq!(err["detail"], "must be greater than or equal to 0");
    assert_eq!(v["badDocuments"][0]["document"], 5);
    assert_eq!(v["badDocuments"][1]["document"], 6);
    assert_eq!(v["summary"]["objects"], 5);
    assert_eq!(v["summary"]["invalid"], 3);
    assert_eq!(v["kubernetesVersion"], "1.38");
}

#[test]
fn directories_need_recursive_for_subdirectories() {
    let dir = data("tree");
    let (code, v) = json(&["-f", &dir, "--kubernetes-version", "1.38"]);
    assert_eq!(code, 1);
    let names: Vec<&str> = v["objects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    // notes.txt is not read; nested/ only with -R.
    assert_eq!(names, ["t1", "t2", "t3"]);
    let (_, v) = json(&["-R", "-f", &dir, "--kubernetes-version", "1.38"]);
    let names: Vec<&str> = v["objects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["t4", "t1", "t2", "t3"]);
    assert_eq!(v["summary"]["files"], 3);
}

#[test]
fn standard_input_is_called_stdin() {
    let manifest = r#"{"apiVersion": "v1", "kind": "ReplicationController", "metadata": {"name": "s1"}, "spec": {"replicas": -5}}
{"apiVersion": "v1", "kind": "ReplicationController", "metadata": {"name": "s2"}, "spec": {"replicas": -6}}"#;
    let r = run_with_stdin(&["-f", "-", "--kubernetes-version", "1.37"], Some(manifest));
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(r.stdout.starts_with(
        "Error from server (Invalid): error when creating \"STDIN\": ReplicationController \"s1\" is invalid: spec.replicas: Invalid value: -5: must be greater than or equal to 0\n"
    ), "{}", r.stdout);
}

#[test]
fn kubernetes_1_35_returns_declarative_errors_only_under_takeover() {
    let file = data("rc-invalid.yaml");
    let r = run(&["-f", &file, "--kubernetes-version", "1.35"]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert!(r.stdout.contains(
        "gates assumed: DeclarativeValidation=true (default), DeclarativeValidationTakeover=false (default)"
    ));
    let r = run(&[
        "-f",
        &file,
        "--kubernetes-version",
        "1.35",
        "--feature-gates",
        "DeclarativeValidationTakeover=true",
    ]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(r.stdout.contains(
        "gates assumed: DeclarativeValidation=true (default), DeclarativeValidationTakeover=true\n"
    ));
    let r = run(&[
        "-f",
        &file,
        "--kubernetes-version",
        "1.35",
        "--feature-gates",
        "DeclarativeValidationTakeover=true,DeclarativeValidation=false",
    ]);
    assert_eq!(r.code, 0, "{}", r.stdout);
}

#[test]
fn old_objects_make_an_update_with_ratcheting() {
    let dir = std::env::temp_dir().join(format!("k8s-validate-old-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rc = |name: &str, replicas: i32| {
        format!(
            "apiVersion: v1\nkind: ReplicationController\nmetadata: {{name: {name}, namespace: default}}\nspec: {{replicas: {replicas}}}\n"
        )
    };
    let old = dir.join("live.yaml");
    std::fs::write(
        &old,
        format!("{}---\n{}", rc("same", -1), rc("changed", -1)),
    )
    .unwrap();
    // `same` keeps its invalid value (ratcheted); `changed` sets a new one;
    // `fresh` has no live object (a create). Namespace `default` matches an
    // object without one.
    let new = dir.join("new.yaml");
    let fresh = "apiVersion: v1\nkind: ReplicationController\nmetadata: {name: fresh}\nspec: {replicas: -3}\n";
    let same = "apiVersion: v1\nkind: ReplicationController\nmetadata: {name: same}\nspec: {replicas: -1}\n";
    std::fs::write(
        &new,
        format!("{same}---\n{}---\n{fresh}", rc("changed", -2)),
    )
    .unwrap();
    let new_s = new.display().to_string();
    let old_s = old.display().to_string();
    let r = run(&[
        "-f",
        &new_s,
        "--old",
        &old_s,
        "--kubernetes-version",
        "1.38",
    ]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(
        lines[0],
        format!("Error from server (Invalid): error when replacing \"{new_s}\": ReplicationController \"changed\" is invalid: spec.replicas: Invalid value: -2: must be greater than or equal to 0")
    );
    assert_eq!(
        lines[1],
        format!("Error from server (Invalid): error when creating \"{new_s}\": ReplicationController \"fresh\" is invalid: spec.replicas: Invalid value: -3: must be greater than or equal to 0")
    );
    assert!(
        lines[2].starts_with("Summary (Kubernetes 1.38): 3 objects in 1 file: 2 invalid, 1 valid")
    );
    let (_, v) = json(&[
        "-f",
        &new_s,
        "--old",
        &old_s,
        "--kubernetes-version",
        "1.38",
    ]);
    let ops: Vec<&str> = v["objects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["operation"].as_str().unwrap())
        .collect();
    assert_eq!(ops, ["update", "update", "create"]);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn usage_errors_exit_two_naming_the_problem() {
    let r = run(&[]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("no manifests"), "{}", r.stderr);

    let r = run(&["-f", "/no/such/file.yaml"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("\"/no/such/file.yaml\" does not exist"),
        "{}",
        r.stderr
    );

    let r = run(&["-f", &data("rc-valid.yaml"), "--kubernetes-version", "1.20"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("--kubernetes-version 1.20"),
        "{}",
        r.stderr
    );

    let r = run(&[
        "-f",
        &data("rc-valid.yaml"),
        "--feature-gates",
        "NoSuchGate=true",
    ]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("unrecognized feature gate: NoSuchGate"),
        "{}",
        r.stderr
    );

    let r = run(&["--no-such-flag"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--no-such-flag"), "{}", r.stderr);
}

#[test]
fn list_kinds_names_what_the_api_server_runs() {
    let r = run(&["--list-kinds", "--kubernetes-version", "1.38"]);
    assert_eq!(r.code, 0);
    assert!(
        r.stdout
            .lines()
            .any(|l| l == "v1\tReplicationController\tvalidated"),
        "{}",
        r.stdout
    );
}

/// A temporary directory for one test, removed at the end.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("k8s-validate-cli-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn file(&self, name: &str, bytes: &[u8]) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, bytes).unwrap();
        p.display().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const RC_VALID: &str =
    "apiVersion: v1\nkind: ReplicationController\nmetadata: {name: ok}\nspec: {replicas: 1}\n";

/// The "billion laughs": ten anchors, each aliasing the previous one nine
/// times (3.4 billion strings once expanded).
fn alias_bomb() -> String {
    let mut doc = String::from("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: lol}\ndata:\n  a: &a [\"l\",\"l\",\"l\",\"l\",\"l\",\"l\",\"l\",\"l\",\"l\"]\n");
    let mut prev = 'a';
    for c in "bcdefghij".chars() {
        doc.push_str(&format!(
            "  {c}: &{c} [*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev}]\n"
        ));
        prev = c;
    }
    doc
}

#[test]
fn an_alias_bomb_is_a_bad_document_and_the_next_one_is_still_validated() {
    let dir = Scratch::new("bomb");
    let file = dir.file(
        "bomb.yaml",
        format!("{}---\n{RC_VALID}", alias_bomb()).as_bytes(),
    );
    let r = run(&["-f", &file, "--kubernetes-version", "1.38"]);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout.starts_with(&format!(
            "error: {file}: document 1 (line 1): error converting YAML to JSON: yaml: document contains excessive aliasing\n"
        )),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("1 object in 1 file: 0 invalid, 1 valid"),
        "{}",
        r.stdout
    );
}

#[test]
fn hostile_nesting_gets_upstreams_answers() {
    let dir = Scratch::new("deep");
    let flow = format!("{}{}\n", "[".repeat(100_000), "]".repeat(100_000));
    let json = format!(
        "{{\"a\": {}{}}}\n",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let f1 = dir.file("flow.yaml", flow.as_bytes());
    let f2 = dir.file("deep.json", json.as_bytes());
    let r = run(&["-f", &f1, "-f", &f2]);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains(&format!(
        "error: {f1}: document 1 (line 1): error converting YAML to JSON: yaml: exceeded max depth of 10000\n"
    )), "{}", r.stdout);
    // A JSON stream whose first document fails is read as YAML, which
    // fails too: kubectl answers with the JSON error.
    assert!(r.stdout.contains(&format!(
        "error: {f2}: document 1 (line 1): json: offset 10006: invalid character '[' exceeded max depth\n"
    )), "{}", r.stdout);
}

#[test]
fn the_request_body_limit_is_the_api_servers() {
    let dir = Scratch::new("big");
    let big = "x".repeat(3 * 1024 * 1024);
    let file = dir.file(
        "big.yaml",
        format!("apiVersion: v1\nkind: ReplicationController\nmetadata: {{name: big, annotations: {{a: {big}}}}}\n").as_bytes(),
    );
    let r = run(&["-f", &file]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stdout.starts_with(&format!(
        "Error from server (RequestEntityTooLarge): error when creating \"{file}\": Request entity too large: limit is 3145728\n"
    )), "{}", r.stdout);
}

#[test]
fn encodings_are_read_as_kubectl_reads_them() {
    let dir = Scratch::new("enc");
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(RC_VALID.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let f1 = dir.file("utf16.yaml", &utf16);
    let f2 = dir.file(
        "nul.yaml",
        format!("{RC_VALID}data: {{a: \"x\0\"}}\n").as_bytes(),
    );
    let r = run(&["-f", &f1, "-f", &f2]);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains(&format!(
        "error: {f2}: document 1 (line 1): error converting YAML to JSON: yaml: control characters are not allowed\n"
    )), "{}", r.stdout);
    assert!(
        r.stdout.contains("1 object in 2 files: 0 invalid, 1 valid"),
        "{}",
        r.stdout
    );
}

#[test]
fn fifos_are_read_when_named_and_skipped_under_a_directory() {
    let dir = Scratch::new("fifo");
    let fifo = dir.0.join("pipe.yaml");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipped: mkfifo is not available here");
        return;
    }
    dir.file("ok.yaml", RC_VALID.as_bytes());
    // Under a directory: skipped with a note, never opened (it would block).
    let r = run(&["-R", "-f", &dir.0.display().to_string()]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("skipped"), "{}", r.stderr);
    assert!(r.stdout.contains("1 object in 1 file"), "{}", r.stdout);
    // Named directly: read, as `-f <(helm template .)` is.
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::write(fifo, RC_VALID).unwrap())
    };
    let r = run(&["-f", &fifo.display().to_string()]);
    writer.join().unwrap();
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout.contains("1 object in 1 file: 0 invalid, 1 valid"),
        "{}",
        r.stdout
    );
}

#[test]
fn every_job_count_prints_the_same_bytes() {
    let tree = data("tree");
    let mixed = data("mixed.yaml");
    for format in ["text", "json", "junit", "sarif"] {
        let args = |j: &'static str| {
            vec![
                "-R",
                "-f",
                tree.as_str(),
                "-f",
                mixed.as_str(),
                "--kubernetes-version",
                "1.38",
                "-o",
                format,
                "-j",
                j,
            ]
        };
        let one = run(&args("1"));
        for j in ["2", "7"] {
            let many = run(&args(j));
            assert_eq!(one.stdout, many.stdout, "-o {format} -j {j}");
            assert_eq!(one.code, many.code);
        }
    }
}

#[test]
fn junit_and_sarif_reports() {
    let file = data("mixed.yaml");
    let r = run(&["-f", &file, "--kubernetes-version", "1.38", "-o", "junit"]);
    assert_eq!(r.code, 2);
    assert!(r.stdout.starts_with(
        "<testsuites name=\"k8s-validate\" tests=\"7\" failures=\"2\" disabled=\"1\" errors=\"3\">\n"
    ), "{}", r.stdout);
    assert!(r.stdout.contains(&format!("  <testsuite name=\"{file}\" id=\"1\" tests=\"7\" failures=\"2\" errors=\"3\" disabled=\"0\" skipped=\"1\">\n")), "{}", r.stdout);
    assert!(
        r.stdout
            .contains("<testcase name=\"a2\" classname=\"ReplicationController@v1\"></testcase>"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("<failure message=\"Error from server (Invalid): error when creating &#34;"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.trim_end().ends_with("</testsuites>"));

    let r = run(&["-f", &file, "--kubernetes-version", "1.38", "-o", "sarif"]);
    assert_eq!(r.code, 2);
    let v: Value = serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {}", r.stdout));
    assert_eq!(v["version"], "2.1.0");
    let results = v["runs"][0]["results"].as_array().unwrap();
    let first = &results[0];
    assert_eq!(first["ruleId"], "FieldValueInvalid");
    assert_eq!(
        first["message"]["text"],
        "ReplicationController \"a1\": spec.replicas: Invalid value: -1: must be greater than or equal to 0"
    );
    assert_eq!(
        first["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        file.as_str()
    );
    assert_eq!(
        first["locations"][0]["physicalLocation"]["region"]["startLine"],
        1
    );
    let rules: Vec<&str> = results
        .iter()
        .map(|r| r["ruleId"].as_str().unwrap())
        .collect();
    assert_eq!(
        rules,
        [
            "FieldValueInvalid",
            "FieldValueInvalid",
            "BadDocument",
            "BadDocument",
            "BadRequest"
        ]
    );
}
