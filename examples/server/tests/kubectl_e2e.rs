//! The real `kubectl` (1.32) against the example server, command by command,
//! with a fresh `--cache-dir` and no kubeconfig (`KUBECONFIG=/dev/null
//! --server=...`). Outside CI a missing kubectl skips the test with a
//! message; with `CI=true` it fails.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::Server;

struct Kubectl {
    bin: PathBuf,
    server: String,
    cache: PathBuf,
    dir: PathBuf,
}

struct Out {
    code: i32,
    stdout: String,
    stderr: String,
}

impl std::fmt::Debug for Out {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "exit {}\n--- stdout\n{}--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }
}

impl Kubectl {
    fn run(&self, args: &[&str]) -> Out {
        let out = Command::new(&self.bin)
            .env("KUBECONFIG", "/dev/null")
            .env_remove("KUBECACHEDIR")
            .current_dir(&self.dir)
            .arg(format!("--cache-dir={}", self.cache.display()))
            .arg(format!("--server={}", self.server))
            .args(args)
            .output()
            .unwrap();
        Out {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// Runs and expects exit 0 and exactly this stdout.
    fn ok(&self, args: &[&str], stdout: &str) -> Out {
        let o = self.run(args);
        assert_eq!(
            (o.code, o.stdout.as_str()),
            (0, stdout),
            "kubectl {args:?}: {o:?}"
        );
        o
    }

    fn file(&self, name: &str, text: &str) -> String {
        std::fs::write(self.dir.join(name), text).unwrap();
        name.to_owned()
    }
}

fn widget_yaml(name: &str, spec: &str) -> String {
    format!("apiVersion: example.dev/v1\nkind: Widget\nmetadata:\n  name: {name}\n  labels:\n    app: web\nspec:\n{spec}")
}

#[test]
fn kubectl_end_to_end() {
    let Some(bin) = common::tool("kubectl", "the kubectl end-to-end test") else {
        return;
    };
    suite(bin, Server::start("kubectl", &[]), "kubectl-files");
}

/// The same commands against the etcd backend.
#[test]
fn kubectl_end_to_end_on_etcd() {
    let Some(bin) = common::tool("kubectl", "the kubectl end-to-end test") else {
        return;
    };
    let Some(etcd_bin) = common::tool("etcd", "the kubectl test on the etcd backend") else {
        return;
    };
    let etcd = common::start_etcd(&etcd_bin);
    let s = Server::spawn("kubectl-etcd", &[format!("--etcd={}", etcd.url)]);
    suite(bin, s, "kubectl-etcd-files");
    drop(etcd);
}

fn suite(bin: PathBuf, s: Server, files: &str) {
    let dir = common::temp_dir(files);
    let k = Kubectl {
        bin,
        server: s.url(),
        cache: dir.join("cache"),
        dir: dir.clone(),
    };
    let w = k.file(
        "w.yaml",
        &widget_yaml(
            "foo",
            "  replicas: 2\n  class: standard\n  ports:\n  - name: http\n    port: 80\n",
        ),
    );

    // create (dry run, then for real, then again)
    k.ok(
        &["create", "-f", &w, "--dry-run=server"],
        "widget.example.dev/foo created (server dry run)\n",
    );
    let o = k.run(&["get", "widget", "foo"]);
    assert_eq!(o.code, 1, "{o:?}");
    assert_eq!(
        o.stderr,
        "Error from server (NotFound): widgets.example.dev \"foo\" not found\n"
    );
    k.ok(&["create", "-f", &w], "widget.example.dev/foo created\n");
    let o = k.run(&["create", "-f", &w]);
    assert_eq!(o.code, 1);
    assert_eq!(o.stderr, "Error from server (AlreadyExists): error when creating \"w.yaml\": widgets.example.dev \"foo\" already exists\n");

    // get, get -A, get -o yaml, short name, label selector
    let o = k.run(&["get", "widgets"]);
    assert!(o.stdout.starts_with("NAME   AGE\nfoo    "), "{o:?}");
    let o = k.run(&["get", "wd", "-A"]);
    assert!(
        o.stdout
            .starts_with("NAMESPACE   NAME   AGE\ndefault     foo    "),
        "{o:?}"
    );
    let o = k.run(&["get", "wd", "-l", "app=db"]);
    assert_eq!(
        (o.code, o.stderr.as_str()),
        (0, "No resources found in default namespace.\n")
    );
    let o = k.run(&["get", "widget", "foo", "-o", "yaml"]);
    assert_eq!(o.code, 0, "{o:?}");
    for want in [
        "apiVersion: example.dev/v1\nkind: Widget\n",
        "  generation: 1\n",
        "  name: foo\n  namespace: default\n  resourceVersion: \"",
        "  uid: ",
        "spec:\n  class: standard\n  ports:\n  - name: http\n    port: 80\n  replicas: 2\n",
    ] {
        assert!(o.stdout.contains(want), "{want:?} in {o:?}");
    }
    k.file(
        "live.yaml",
        &o.stdout.replace("  replicas: 2\n", "  replicas: 8\n"),
    );

    // explain: the schema and the doc comments of the Rust types
    let o = k.run(&["explain", "widget.spec.ports"]);
    assert!(
        o.stdout.contains("FIELD: ports <[]Object>")
            && o.stdout
                .contains("Ports, keyed by name: server-side apply merges them item by item.")
            && o.stdout.contains("name\t<string> -required-"),
        "{o:?}"
    );

    // client-side apply: create, change (dry run first), no-op
    let a = k.file("a.yaml", &widget_yaml("bar", "  replicas: 3\n"));
    k.ok(&["apply", "-f", &a], "widget.example.dev/bar created\n");
    k.ok(&["apply", "-f", &a], "widget.example.dev/bar unchanged\n");
    // diff: nothing changed → exit 0, no output
    k.ok(&["diff", "-f", &a], "");
    let a4 = k.file("a4.yaml", &widget_yaml("bar", "  replicas: 4\n"));
    let o = k.run(&["diff", "-f", &a4]);
    assert_eq!(o.code, 1, "{o:?}");
    assert!(
        o.stdout.contains("\n-  replicas: 3\n+  replicas: 4\n"),
        "{o:?}"
    );
    k.ok(
        &["apply", "-f", &a4, "--dry-run=server"],
        "widget.example.dev/bar configured (server dry run)\n",
    );
    k.ok(&["diff", "-f", &a], "");
    k.ok(&["apply", "-f", &a4], "widget.example.dev/bar configured\n");
    k.ok(&["apply", "-f", &a4], "widget.example.dev/bar unchanged\n");
    k.ok(&["diff", "-f", &a4], "");
    // diff of an object that does not exist yet
    let n = k.file("n.yaml", &widget_yaml("new", "  replicas: 1\n"));
    let o = k.run(&["diff", "-f", &n]);
    assert_eq!(o.code, 1, "{o:?}");
    assert!(o.stdout.contains("+  name: new\n"), "{o:?}");

    // server-side apply: create, change, conflict, --force-conflicts
    let sa = k.file(
        "s.yaml",
        &widget_yaml(
            "ssa",
            "  replicas: 1\n  tags: [a, b]\n  ports:\n  - name: http\n    port: 80\n",
        ),
    );
    k.ok(
        &["apply", "--server-side", "-f", &sa, "--dry-run=server"],
        "widget.example.dev/ssa serverside-applied (server dry run)\n",
    );
    k.ok(
        &["apply", "--server-side", "-f", &sa],
        "widget.example.dev/ssa serverside-applied\n",
    );
    let sa2 = k.file(
        "s2.yaml",
        &widget_yaml(
            "ssa",
            "  replicas: 2\n  tags: [a]\n  ports:\n  - name: http\n    port: 8080\n",
        ),
    );
    k.ok(
        &["apply", "--server-side", "-f", &sa2],
        "widget.example.dev/ssa serverside-applied\n",
    );
    let o = k.run(&[
        "get",
        "wd",
        "ssa",
        "-o",
        "jsonpath={.spec.replicas} {.spec.tags} {.spec.ports[0].port}",
    ]);
    assert_eq!(o.stdout, "2 [\"a\"] 8080", "{o:?}");
    k.ok(
        &[
            "patch",
            "wd",
            "ssa",
            "--type=merge",
            "-p",
            r#"{"spec":{"replicas":5}}"#,
        ],
        "widget.example.dev/ssa patched\n",
    );
    let o = k.run(&["apply", "--server-side", "-f", &sa2]);
    assert_eq!(o.code, 1, "{o:?}");
    assert!(o.stderr.starts_with("error: Apply failed with 1 conflict: conflict with \"kubectl-patch\" using example.dev/v1 at "), "{o:?}");
    assert!(
        o.stderr.contains(
            ": .spec.replicas\nPlease review the fields above--they currently have other managers."
        ),
        "{o:?}"
    );
    k.ok(
        &["apply", "--server-side", "--force-conflicts", "-f", &sa2],
        "widget.example.dev/ssa serverside-applied\n",
    );
    let o = k.run(&["get", "wd", "ssa", "-o", "jsonpath={.spec.replicas}"]);
    assert_eq!(o.stdout, "2");
    let o = k.run(&["get", "wd", "ssa", "-o", "yaml", "--show-managed-fields"]);
    assert!(
        o.stdout
            .contains("    manager: kubectl\n    operation: Apply\n"),
        "{o:?}"
    );

    // server-side apply on /status, by a controller: the spec stays
    let st = k.file("st.yaml", "apiVersion: example.dev/v1\nkind: Widget\nmetadata:\n  name: ssa\nstatus:\n  readyReplicas: 2\n");
    k.ok(
        &[
            "apply",
            "--server-side",
            "--subresource=status",
            "--field-manager=ctrl",
            "-f",
            &st,
        ],
        "widget.example.dev/ssa serverside-applied\n",
    );
    k.ok(
        &[
            "get",
            "wd",
            "ssa",
            "-o",
            "jsonpath={.spec.replicas} {.status.readyReplicas}",
        ],
        "2 2",
    );
    let o = k.run(&["get", "wd", "ssa", "-o", "yaml", "--show-managed-fields"]);
    assert!(
        o.stdout
            .contains("    manager: ctrl\n    operation: Apply\n    subresource: status\n"),
        "{o:?}"
    );

    // replace (and a stale one)
    k.ok(
        &["replace", "-f", "live.yaml", "--dry-run=server"],
        "widget.example.dev/foo replaced (server dry run)\n",
    );
    k.ok(
        &["replace", "-f", "live.yaml"],
        "widget.example.dev/foo replaced\n",
    );
    let o = k.run(&["replace", "-f", "live.yaml"]);
    assert_eq!(o.code, 1);
    assert_eq!(o.stderr, "Error from server (Conflict): error when replacing \"live.yaml\": Operation cannot be fulfilled on widgets.example.dev \"foo\": the object has been modified; please apply your changes to the latest version and try again\n");

    // patch: merge, json, status, strategic (refused as for CRDs)
    // kubectl patch prints no "(server dry run)"; the object must not change.
    k.ok(
        &[
            "patch",
            "wd",
            "foo",
            "--type=merge",
            "-p",
            r#"{"spec":{"replicas":6}}"#,
            "--dry-run=server",
        ],
        "widget.example.dev/foo patched\n",
    );
    k.ok(
        &["get", "wd", "foo", "-o", "jsonpath={.spec.replicas}"],
        "8",
    );
    k.ok(
        &[
            "patch",
            "wd",
            "foo",
            "--type=merge",
            "-p",
            r#"{"spec":{"replicas":3}}"#,
        ],
        "widget.example.dev/foo patched\n",
    );
    k.ok(
        &[
            "patch",
            "wd",
            "foo",
            "--type=merge",
            "-p",
            r#"{"spec":{"replicas":3}}"#,
        ],
        "widget.example.dev/foo patched (no change)\n",
    );
    k.ok(
        &[
            "patch",
            "wd",
            "foo",
            "--type=json",
            "-p",
            r#"[{"op":"replace","path":"/spec/replicas","value":4}]"#,
        ],
        "widget.example.dev/foo patched\n",
    );
    k.ok(
        &[
            "patch",
            "wd",
            "foo",
            "--type=json",
            "-p",
            r#"[{"op":"replace","path":"/spec/replicas","value":9}]"#,
            "--dry-run=server",
        ],
        "widget.example.dev/foo patched\n",
    );
    k.ok(
        &[
            "patch",
            "wd",
            "foo",
            "--subresource=status",
            "--type=merge",
            "-p",
            r#"{"status":{"readyReplicas":2}}"#,
        ],
        "widget.example.dev/foo patched\n",
    );
    let o = k.run(&[
        "get",
        "wd",
        "foo",
        "-o",
        "jsonpath={.spec.replicas} {.status.readyReplicas}",
    ]);
    assert_eq!(o.stdout, "4 2", "{o:?}");
    let o = k.run(&["patch", "wd", "foo", "-p", r#"{"spec":{"replicas":1}}"#]);
    assert_eq!(o.code, 1);
    assert_eq!(o.stderr, "error: application/strategic-merge-patch+json is not supported by example.dev/v1, Kind=Widget: the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml\n");

    // scale
    k.ok(
        &["scale", "wd", "foo", "--replicas=7", "--dry-run=server"],
        "widget.example.dev/foo scaled (server dry run)\n",
    );
    k.ok(
        &["scale", "wd", "foo", "--replicas=3"],
        "widget.example.dev/foo scaled\n",
    );
    k.ok(
        &["scale", "wd", "foo", "--current-replicas=3", "--replicas=5"],
        "widget.example.dev/foo scaled\n",
    );
    let o = k.run(&["scale", "wd", "foo", "--current-replicas=3", "--replicas=1"]);
    assert_eq!(
        (o.code, o.stderr.as_str()),
        (1, "error: Expected replicas to be 3, was 5\n")
    );
    let o = k.run(&["get", "wd", "foo", "-o", "jsonpath={.spec.replicas}"]);
    assert_eq!(o.stdout, "5");

    // invalid objects: the apiserver's lines
    let bad = k.file("bad.yaml", "apiVersion: example.dev/v1\nkind: Widget\nmetadata:\n  name: bad\nspec:\n  replicas: -1\n  tier: Bronze\n");
    for args in [
        vec!["create", "-f", &bad],
        vec!["apply", "-f", &bad],
        vec!["create", "-f", &bad, "--dry-run=server"],
    ] {
        let o = k.run(&args);
        assert_eq!(o.code, 1, "{args:?} {o:?}");
        assert_eq!(o.stderr, "The Widget \"bad\" is invalid: \n* spec.replicas: Invalid value: -1: must be greater than or equal to 0\n* spec.tier: Unsupported value: \"Bronze\": supported values: \"Gold\", \"Silver\"\n", "{args:?}");
    }
    let o = k.run(&[
        "patch",
        "wd",
        "foo",
        "--type=merge",
        "-p",
        r#"{"spec":{"replicas":-2}}"#,
    ]);
    assert_eq!(o.stderr, "The Widget \"foo\" is invalid: spec.replicas: Invalid value: -2: must be greater than or equal to 0\n", "{o:?}");
    let o = k.run(&["diff", "-f", &bad]);
    assert_eq!(o.code, 2, "{o:?}");
    // unknown fields: strict (400) by default, a warning with --validate=warn
    let unk = k.file(
        "unk.yaml",
        "apiVersion: example.dev/v1\nkind: Widget\nmetadata:\n  name: unk\nspec:\n  foo: 1\n",
    );
    let o = k.run(&["create", "-f", &unk]);
    assert_eq!(o.stderr, "Error from server (BadRequest): error when creating \"unk.yaml\": Widget in version \"v1\" cannot be handled as a Widget: strict decoding error: unknown field \"spec.foo\"\n");
    let o = k.run(&["create", "-f", &unk, "--validate=warn"]);
    assert_eq!(
        (o.code, o.stderr.as_str(), o.stdout.as_str()),
        (
            0,
            "Warning: unknown field \"spec.foo\"\n",
            "widget.example.dev/unk created\n"
        )
    );

    // delete (dry run, for real, missing)
    k.ok(
        &["delete", "wd", "foo", "--dry-run=server"],
        "widget.example.dev \"foo\" deleted (server dry run)\n",
    );
    k.ok(
        &["get", "wd", "foo", "-o", "name"],
        "widget.example.dev/foo\n",
    );
    k.ok(
        &["delete", "-f", &w],
        "widget.example.dev \"foo\" deleted\n",
    );
    let o = k.run(&["delete", "-f", &w]);
    assert_eq!(o.stderr, "Error from server (NotFound): error when deleting \"w.yaml\": widgets.example.dev \"foo\" not found\n");
    k.ok(&["delete", "wd", "bar", "ssa", "unk"], "widget.example.dev \"bar\" deleted\nwidget.example.dev \"ssa\" deleted\nwidget.example.dev \"unk\" deleted\n");
    let o = k.run(&["get", "wd", "-A"]);
    assert_eq!(o.stderr, "No resources found\n", "{o:?}");

    drop(s);
    let _ = std::fs::remove_dir_all(Path::new(&dir));
}
