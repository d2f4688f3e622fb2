//! Reading manifests: files, directories and standard input; YAML streams
//! (documents split on `---` lines, as kubectl's YAML reader splits them)
//! and JSON; `kind: List` and `*List` documents unwrapped into their items.

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

use serde_json::Value;

/// Where a manifest came from: a file, or standard input (`-f -`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// A file, as named on the command line or found under a directory.
    File(PathBuf),
    /// Standard input; kubectl calls it `STDIN` in its messages.
    Stdin,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::File(p) => write!(f, "{}", p.display()),
            Source::Stdin => f.write_str("STDIN"),
        }
    }
}

/// The file extensions kubectl reads from a directory.
const EXTENSIONS: &[&str] = &["yaml", "yml", "json"];

/// The sources named by `paths`: files as given (any extension), the
/// `.yaml`, `.yml` and `.json` files of a directory (of its subdirectories
/// too with `recursive`), sorted by path; `-` is standard input. A path that
/// cannot be read is an error naming it.
pub fn collect_sources(paths: &[String], recursive: bool) -> Result<Vec<Source>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p == "-" {
            out.push(Source::Stdin);
            continue;
        }
        let path = Path::new(p);
        let meta =
            std::fs::metadata(path).map_err(|e| format!("the path {p:?} does not exist: {e}"))?;
        if meta.is_dir() {
            let mut files = Vec::new();
            walk(path, recursive, &mut files)?;
            files.sort();
            out.extend(files.into_iter().map(Source::File));
        } else {
            out.push(Source::File(path.to_path_buf()));
        }
    }
    Ok(out)
}

fn walk(dir: &Path, recursive: bool, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read directory {}: {e}", dir.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read directory {}: {e}", dir.display()))?;
        let path = entry.path();
        let file_type = entry
            .file_type()
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if file_type.is_dir() || (file_type.is_symlink() && path.is_dir()) {
            if recursive {
                walk(&path, recursive, out)?;
            }
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| EXTENSIONS.contains(&e))
        {
            out.push(path);
        }
    }
    Ok(())
}

/// Reads a source whole.
pub fn read_source(source: &Source) -> Result<String, String> {
    match source {
        Source::File(p) => {
            std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
        }
        Source::Stdin => {
            let mut s = String::new();
            std::io::stdin()
                .read_to_string(&mut s)
                .map_err(|e| format!("cannot read standard input: {e}"))?;
            Ok(s)
        }
    }
}

/// Where an object sits in its source: the document (1-based, in the order
/// of the stream) and, for an item of a `List`, its index (0-based, as
/// `items[i]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// The document, counting from 1.
    pub document: usize,
    /// The item of a `List` document.
    pub item: Option<usize>,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "document {}", self.document)?;
        if let Some(i) = self.item {
            write!(f, ", items[{i}]")?;
        }
        Ok(())
    }
}

/// One object of a manifest stream, or why a document holds none.
#[derive(Debug)]
pub struct Document {
    /// Where it is.
    pub position: Position,
    /// The object, or what is wrong with the document.
    pub object: Result<Value, String>,
}

/// The objects of a manifest stream, in order: JSON when the first
/// non-blank character is `{` (a stream of JSON objects, as kubectl's
/// YAML-or-JSON decoder reads it), YAML otherwise. Documents are numbered
/// as kubectl's YAML reader returns them; blank and comment-only ones hold
/// no object and are skipped (their numbers are kept); a document that does not parse is an
/// `Err` and the documents after it are still read (YAML; a JSON stream
/// cannot be resynchronised and ends there). `List` documents give their
/// items.
pub fn documents(text: &str) -> Vec<Document> {
    let mut out = Vec::new();
    if text.trim_start().starts_with('{') {
        let stream = serde_json::Deserializer::from_str(text).into_iter::<Value>();
        for (i, v) in stream.enumerate() {
            let position = Position {
                document: i + 1,
                item: None,
            };
            match v {
                Ok(v) => push_object(position, v, &mut out),
                Err(e) => {
                    out.push(Document {
                        position,
                        object: Err(format!("error parsing JSON: {e}")),
                    });
                    break;
                }
            }
        }
        return out;
    }
    for (i, (line, doc)) in split_yaml(text).enumerate() {
        let position = Position {
            document: i + 1,
            item: None,
        };
        if is_blank_yaml(doc) {
            continue;
        }
        match crate::yaml::to_json(doc, line) {
            Ok(Value::Null) => {}
            Ok(v) => push_object(position, v, &mut out),
            Err(e) => out.push(Document {
                position,
                object: Err(e),
            }),
        }
    }
    out
}

/// Splits a YAML stream as kubectl's `YAMLReader` does: on lines that
/// start with `---` followed only by white space or a comment; an empty
/// chunk (a separator at the start, or two in a row) is not a document.
/// Each document comes with the line of the file it starts on.
fn split_yaml(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = Some(text);
    let mut line_no = 1;
    std::iter::from_fn(move || loop {
        let s = rest?;
        let start = line_no;
        let mut offset = 0;
        let mut found = None;
        for line in s.split_inclusive('\n') {
            line_no += 1;
            if let Some(after) = line.strip_prefix("---") {
                let after = after.trim();
                if after.is_empty() || after.starts_with('#') {
                    found = Some((offset, line.len()));
                    break;
                }
            }
            offset += line.len();
        }
        let doc = match found {
            Some((at, len)) => {
                rest = Some(&s[at + len..]);
                &s[..at]
            }
            None => {
                rest = None;
                s
            }
        };
        if !doc.is_empty() {
            return Some((start, doc));
        }
    })
}

fn is_blank_yaml(doc: &str) -> bool {
    doc.lines().all(|l| {
        let l = l.trim();
        l.is_empty() || l.starts_with('#')
    })
}

/// `v`, or the items of a `List` (`kind: List`, or any `*List` kind with an
/// `items` array, as kubectl unwraps them).
fn push_object(position: Position, v: Value, out: &mut Vec<Document>) {
    let is_list = v
        .get("kind")
        .and_then(Value::as_str)
        .is_some_and(|k| k.ends_with("List"))
        && v.get("items").is_some_and(Value::is_array);
    if !is_list {
        out.push(Document {
            position,
            object: Ok(v),
        });
        return;
    }
    let Value::Object(mut map) = v else {
        unreachable!("a list is an object")
    };
    let Some(Value::Array(items)) = map.remove("items") else {
        unreachable!("checked above")
    };
    for (i, item) in items.into_iter().enumerate() {
        let position = Position {
            document: position.document,
            item: Some(i),
        };
        let object = if item.is_object() {
            Ok(item)
        } else {
            Err("a List item is not an object".to_owned())
        };
        out.push(Document { position, object });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn objects(text: &str) -> Vec<(String, Result<String, String>)> {
        documents(text)
            .into_iter()
            .map(|d| {
                (
                    d.position.to_string(),
                    d.object
                        .map(|v| v["metadata"]["name"].as_str().unwrap_or("").to_owned()),
                )
            })
            .collect()
    }

    #[test]
    fn yaml_documents_split_on_separator_lines_only() {
        let text = "---\nmetadata: {name: a}\n---\n# comment only\n---   \nmetadata:\n  name: b\n  x: |\n    ---\n--- # end\n---\n";
        assert_eq!(
            objects(text),
            vec![
                ("document 1".to_owned(), Ok("a".to_owned())),
                ("document 3".to_owned(), Ok("b".to_owned())),
            ]
        );
    }

    #[test]
    fn a_bad_yaml_document_does_not_stop_the_stream() {
        let text = "metadata: {name: a}\n---\nmetadata: [unclosed\n---\nmetadata: {name: c}\n";
        let got = objects(text);
        assert_eq!(got.len(), 3);
        assert_eq!(got[0].1, Ok("a".to_owned()));
        let err = got[1].1.as_ref().unwrap_err();
        assert!(
            err.starts_with("error converting YAML to JSON: yaml: line 4: "),
            "{err}"
        );
        assert_eq!(got[2], ("document 3".to_owned(), Ok("c".to_owned())));
    }

    #[test]
    fn lists_are_unwrapped() {
        let text = r#"{"kind": "List", "items": [{"metadata": {"name": "a"}}, 3]}
{"kind": "PodList", "items": [{"metadata": {"name": "b"}}]}"#;
        let got = objects(text);
        assert_eq!(
            got,
            vec![
                ("document 1, items[0]".to_owned(), Ok("a".to_owned())),
                (
                    "document 1, items[1]".to_owned(),
                    Err("a List item is not an object".to_owned())
                ),
                ("document 2, items[0]".to_owned(), Ok("b".to_owned())),
            ]
        );
    }

    #[test]
    fn a_kind_ending_in_list_without_items_is_an_object() {
        let got = objects("kind: AllowList\nmetadata: {name: x}\n");
        assert_eq!(got, vec![("document 1".to_owned(), Ok("x".to_owned()))]);
    }
}
