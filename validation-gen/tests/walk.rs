//! The CLI's input walk (issue 9, item 5): it stays inside each input
//! directory, reads each file once whatever the symlinks, and reports
//! unreadable input clearly; plus the CLI-only checks of module files
//! (`listMapKey` fields, doc attributes, struct shapes).

use std::path::{Path, PathBuf};

use k8s_validation_gen::__private::walk_module_files;

fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("validation-gen-walk-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::canonicalize(&dir).unwrap()
}

/// Runs the CLI in-process: (exit code, stdout, stderr).
fn cli(args: &[&Path]) -> (i32, String, String) {
    let args: Vec<String> = args.iter().map(|p| p.display().to_string()).collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = k8s_validation_gen::cli::run(&args, &mut out, &mut err);
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

const TYPES: &str = "pub struct A {\n    /// +k8s:minimum=1\n    pub x: i32,\n}\n";

fn write(path: &Path, text: &[u8]) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

#[cfg(unix)]
fn symlink(target: impl AsRef<Path>, link: &Path) {
    std::os::unix::fs::symlink(target, link).unwrap();
}

#[cfg(unix)]
#[test]
fn symlink_loops_and_parent_links_are_not_followed() {
    let base = scratch("loops");
    let root = base.join("root");
    write(&root.join("mod.rs"), TYPES.as_bytes());
    write(&root.join("sub/mod.rs"), TYPES.as_bytes());
    symlink(".", &root.join("self"));
    symlink("..", &root.join("up"));
    symlink("..", &root.join("sub/back"));
    symlink("../..", &root.join("sub/up2"));
    write(&base.join("outside/mod.rs"), TYPES.as_bytes());
    let walk = walk_module_files(&root, "zz.rs", &mut Default::default()).unwrap();
    assert_eq!(walk.files, [root.join("mod.rs"), root.join("sub/mod.rs")]);
    let outside = |link: &str, target: &Path| {
        format!(
            "{}: skipped: a symlink to {}, outside {}",
            root.join(link).display(),
            target.display(),
            root.display()
        )
    };
    assert_eq!(
        walk.warnings,
        [outside("up", &base), outside("sub/up2", &base)]
    );
    assert!(walk.errors.is_empty(), "{:?}", walk.errors);
    // The CLI: generates each module once, writes nothing outside.
    let (code, out, err) = cli(&[&root]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("wrote ").count(), 2, "{out}");
    assert!(
        err.contains("warning: ") && err.contains("up: skipped: a symlink to"),
        "{err}"
    );
    assert!(!base.join("outside/zz_generated_validations.rs").exists());
}

#[cfg(unix)]
#[test]
fn each_file_is_read_once() {
    let root = scratch("once");
    write(&root.join("api/mod.rs"), TYPES.as_bytes());
    // A file alias, a directory alias, a loop through a subdirectory.
    symlink("mod.rs", &root.join("api/alias.rs"));
    symlink("api", &root.join("api2"));
    symlink("..", &root.join("api/loop"));
    let walk = walk_module_files(&root, "zz.rs", &mut Default::default()).unwrap();
    assert_eq!(walk.files, [root.join("api/mod.rs")]);
    assert!(
        walk.warnings.is_empty() && walk.errors.is_empty(),
        "{walk:?}"
    );
    // Overlapping input directories: each file once over the whole run.
    let (code, out, err) = cli(&[&root, &root.join("api"), &root.join("api2")]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("wrote ").count(), 1, "{out}");
}

#[cfg(unix)]
#[test]
fn broken_symlinks_and_writes_through_symlinks() {
    let base = scratch("writes");
    let root = base.join("root");
    std::fs::create_dir_all(base.join("elsewhere")).unwrap();
    // `apps.rs`'s output goes in `apps/`, which leads outside.
    write(&root.join("apps.rs"), TYPES.as_bytes());
    symlink(base.join("elsewhere"), &root.join("apps"));
    symlink(base.join("nowhere.rs"), &root.join("broken.rs"));
    let (code, _, err) = cli(&[&root]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(&format!(
            "warning: {}: skipped: a broken symlink",
            root.join("broken.rs").display()
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "error: {} leads outside {} (through a symlink); not writing it",
            root.join("apps/zz_generated_validations.rs").display(),
            root.display()
        )),
        "{err}"
    );
    assert_eq!(
        std::fs::read_dir(base.join("elsewhere")).unwrap().count(),
        0
    );
}

#[test]
fn non_utf8_contents_are_located() {
    let root = scratch("utf8");
    write(
        &root.join("mod.rs"),
        b"pub struct A {\n    pub x: i32, // \xe9t\xe9\n}\n",
    );
    let (code, _, err) = cli(&[&root]);
    assert_eq!(code, 1);
    assert_eq!(
        err.trim_end(),
        format!(
            "{}:2:20: error: invalid UTF-8 (byte 0xe9 at offset 34); Rust source files must be UTF-8",
            root.join("mod.rs").display()
        )
    );
}

#[cfg(unix)]
#[test]
fn non_utf8_file_names_are_an_error() {
    use std::os::unix::ffi::OsStrExt;
    let root = scratch("names");
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9.rs");
    write(&root.join(name), TYPES.as_bytes());
    // A directory with such a name is walked as usual.
    let dir = std::ffi::OsStr::from_bytes(b"d\xe9");
    write(&root.join(dir).join("mod.rs"), TYPES.as_bytes());
    let walk = walk_module_files(&root, "zz.rs", &mut Default::default()).unwrap();
    assert_eq!(walk.files, [root.join(dir).join("mod.rs")]);
    assert_eq!(
        walk.errors,
        [format!(
            "{}: file name is not valid UTF-8 (a module file name must be)",
            root.join(name).display()
        )]
    );
    let (code, _, err) = cli(&[&root]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("file name is not valid UTF-8"), "{err}");
}

#[test]
fn list_map_key_naming_a_missing_field() {
    let root = scratch("listmapkey");
    let src = r#"
pub struct Condition {
    pub r#type: String,
    #[serde(rename = "statusValue")]
    pub status: String,
}

pub struct Status {
    /// +k8s:listType=map
    /// +k8s:listMapKey=type
    /// +k8s:listMapKey=status
    pub conditions: Vec<Condition>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=statusValue
    pub ok: Option<Vec<Condition>>,
}

/// +k8s:listType=map
/// +k8s:listMapKey=kind
pub struct Conditions(pub Vec<Box<Condition>>);
"#;
    write(&root.join("mod.rs"), src.as_bytes());
    let (code, out, err) = cli(&[&root]);
    assert_eq!(code, 1, "{out}{err}");
    let file = root.join("mod.rs");
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [
            format!(
                "{}:11:5: error: no field for JSON name \"status\" (in `+k8s:listMapKey=status`)",
                file.display()
            ),
            format!(
                "{}:19:1: error: no field for JSON name \"kind\" (in `+k8s:listMapKey=kind`)",
                file.display()
            ),
        ]
    );
    assert!(!root.join("zz_generated_validations.rs").exists());
}

#[test]
fn doc_attributes_must_be_literals_in_the_cli_too() {
    let root = scratch("docmacro");
    let src =
        "pub struct A {\n    #[doc = concat!(\"+k8s:\", \"minimum=1\")]\n    pub x: i32,\n}\n";
    write(&root.join("mod.rs"), src.as_bytes());
    let (code, _, err) = cli(&[&root]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with(&format!(
            "{}:2:13: error: this doc attribute is not a string literal",
            root.join("mod.rs").display()
        )),
        "{err}"
    );
}

#[test]
fn builder_reports_non_utf8_modules_like_the_cli() {
    let root = scratch("builder");
    let file = root.join("types.rs");
    write(&file, b"pub struct A {\n  pub x: i32, // \xff\n}\n");
    let err = k8s_validation_gen::Builder::new()
        .module(&file)
        .out_dir(&root)
        .generate()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "{}:2:18: error: invalid UTF-8 (byte 0xff at offset 32); Rust source files must be UTF-8",
            file.display()
        )
    );
}
