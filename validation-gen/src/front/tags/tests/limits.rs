//! Bad input of any size or depth gets an error, never a crash (issue 9,
//! item 5): chain depth, and the stack the generator needs at the limit.

use crate::front::tags::{self, Extracted, Line, MAX_CHAIN_DEPTH};

/// `k8s:<outer>=+` repeated, then `innermost`.
fn chain(outer: &str, levels: usize, innermost: &str) -> String {
    let mut s = String::new();
    for _ in 0..levels {
        s.push_str(outer);
        s.push_str("=+");
    }
    s.push_str(innermost);
    s
}

fn extract_one(text: &str) -> Result<tags::Tag, tags::TagError> {
    match tags::extract(&[Line { text, index: 0 }]).as_slice() {
        [Extracted::Tag(t)] => t.tag.clone(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn chains_up_to_the_limit_parse() {
    let text = format!(
        " +{}",
        chain("k8s:ifEnabled(\"A\")", MAX_CHAIN_DEPTH - 1, "k8s:minimum=1")
    );
    let tag = extract_one(&text).unwrap();
    assert_eq!(tag.chain().count(), MAX_CHAIN_DEPTH);
    assert_eq!(tag.to_string(), text.trim_start()[1..]);
}

#[test]
fn deeper_chains_are_a_spanned_error() {
    for levels in [MAX_CHAIN_DEPTH, 300, 10_000, 200_000] {
        let text = format!(" +{}", chain("k8s:eachVal", levels, "k8s:minimum=1"));
        let err = extract_one(&text).unwrap_err();
        assert_eq!(
            err.message, "too many chained tags: a chain may hold at most 32 tags",
            "{levels}"
        );
        // The span is the first tag past the limit.
        let start = " +".len() + MAX_CHAIN_DEPTH * "k8s:eachVal=+".len();
        let culprit = if levels == MAX_CHAIN_DEPTH {
            "k8s:minimum"
        } else {
            "k8s:eachVal"
        };
        assert_eq!(&text[err.span.start..err.span.end], culprit, "{levels}");
        assert_eq!(err.span.start, start);
    }
    // parse_tag has the same limit.
    let err = tags::parse_tag(&chain("k8s:ifEnabled(A)", 300, "k8s:required")).unwrap_err();
    assert!(err.message.starts_with("too many chained tags"), "{err:?}");
}

/// Runs `f` on a thread with `mib` MiB of stack; a stack overflow aborts
/// the test binary, so passing means it fit.
fn on_stack<T: Send + 'static>(mib: usize, f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(mib << 20)
        .spawn(f)
        .unwrap()
        .join()
        .expect("no panic")
}

fn struct_source(fields: &[(String, String)]) -> String {
    let mut src = String::from("pub struct Deep {\n");
    for (i, (docs, ty)) in fields.iter().enumerate() {
        src.push_str(&format!("    /// +{docs}\n    pub f{i}: {ty},\n"));
    }
    src.push_str("}\n");
    src
}

fn nested(wrapper: &str, levels: usize, inner: &str) -> String {
    let mut ty = inner.to_string();
    for _ in 0..levels {
        ty = format!("{wrapper}<{ty}>");
    }
    ty
}

/// One field per chainable tag, each chained to the limit.
fn fields_at_the_limit() -> Vec<(String, String)> {
    let n = MAX_CHAIN_DEPTH - 1;
    vec![
        (
            chain("k8s:ifEnabled(\"A\")", n, "k8s:minimum=1"),
            "i32".to_string(),
        ),
        (
            chain("k8s:ifDisabled(\"A\")", n, "k8s:required"),
            "Option<i32>".to_string(),
        ),
        (
            chain("k8s:eachVal", n, "k8s:minimum=1"),
            nested("Vec", n, "i32"),
        ),
        (
            chain("k8s:eachVal=+k8s:ifEnabled(\"A\")", n / 2, "k8s:minimum=1"),
            nested("Vec", n / 2, "i32"),
        ),
        (
            format!(
                "k8s:eachKey=+{}",
                chain("k8s:ifEnabled(\"A\")", n - 1, "k8s:maxLength=3")
            ),
            // String values: 1.35 checks an eachKey payload against them.
            "std::collections::BTreeMap<String, String>".to_string(),
        ),
    ]
}

/// The derive's path (syn, model, emitter) at the chain limit fits 4 MiB of
/// stack in a debug build: half of the 8 MiB of rustc's thread, which runs
/// the derive.
#[test]
fn derive_at_the_chain_limit_fits_half_of_rustcs_stack() {
    let src = struct_source(&fields_at_the_limit());
    let out = on_stack(4, move || {
        let tokens: proc_macro2::TokenStream = src.parse().unwrap();
        crate::expand_derive(tokens, &crate::Options::new()).to_string()
    });
    assert!(out.contains("impl __rt :: Validate for Deep"), "{out}");
    assert!(!out.contains("compile_error"), "{out}");
}

/// The CLI's path (the derive's plus formatting) at the chain limit, called
/// from a 2 MiB thread: `generate_module` parses and generates on a thread
/// of its own with a large stack.
#[test]
fn cli_at_the_chain_limit_from_a_small_stack() {
    let src = struct_source(&fields_at_the_limit());
    let out = on_stack(2, move || {
        crate::module::generate_module(
            std::path::Path::new("deep.rs"),
            &src,
            &crate::Options::new(),
        )
    });
    assert!(out
        .expect("generates")
        .contains("impl __rt::Validate for Deep"));
}

/// Type definitions nest at most 64 levels deep (brackets and generic
/// arguments), checked before syn parses them; deeper input is a spanned
/// error, in both front ends, on a small stack.
#[test]
fn deep_types_are_an_error_not_a_crash() {
    use crate::front::MAX_TYPE_NESTING;
    // `pub struct Deep { f0: ... }`: the braces are one level.
    let ok = struct_source(&[(
        "k8s:optional".into(),
        nested("Vec", MAX_TYPE_NESTING - 1, "i32"),
    )]);
    let out = on_stack(4, move || {
        crate::expand_derive(ok.parse().unwrap(), &crate::Options::new()).to_string()
    });
    assert!(!out.contains("compile_error"), "{out}");
    for levels in [MAX_TYPE_NESTING, 300, 10_000] {
        let src = struct_source(&[("k8s:optional".into(), nested("Vec", levels, "i32"))]);
        let file_src = src.clone();
        let out = on_stack(2, move || {
            crate::expand_derive(src.parse().unwrap(), &crate::Options::new()).to_string()
        });
        assert!(
            out.contains("compile_error ! { \"nesting too deep: more than 64 levels of brackets and generic arguments\" }"),
            "{levels}: {}",
            &out[..out.len().min(300)]
        );
        let errs = on_stack(2, move || {
            crate::module::generate_module(
                std::path::Path::new("deep.rs"),
                &file_src,
                &crate::Options::new(),
            )
            .unwrap_err()
        });
        let limit = if levels > crate::front::MAX_FILE_NESTING {
            256
        } else {
            64
        };
        assert_eq!(errs.len(), 1, "{errs:?}");
        assert_eq!(
            errs[0].message,
            format!("nesting too deep: more than {limit} levels of brackets and generic arguments")
        );
        // At the `<` that crosses the limit, on the field's line.
        assert_eq!(errs[0].line, 3, "{levels}");
    }
}

/// The inputs of issue 9: 10,000 nested `eachVal` through the derive and
/// 300 nested `ifEnabled` through the CLI's path are one spanned error each,
/// on a small stack.
#[test]
fn issue_inputs_are_one_error() {
    let each_val = chain("k8s:eachVal", 10_000, "k8s:minimum=1");
    let src = struct_source(&[(each_val, nested("Vec", 3, "i32"))]);
    let out = on_stack(2, move || {
        crate::expand_derive(src.parse().unwrap(), &crate::Options::new()).to_string()
    });
    assert_eq!(
        out.matches("compile_error").count(),
        1,
        "{}",
        &out[..out.len().min(400)]
    );
    assert!(out.contains("too many chained tags: a chain may hold at most 32 tags"));

    let if_enabled = chain("k8s:ifEnabled(A)", 300, "k8s:required");
    let src = struct_source(&[(if_enabled, "i32".to_string())]);
    let errs = on_stack(2, move || {
        crate::module::generate_module(
            std::path::Path::new("deep.rs"),
            &src,
            &crate::Options::new(),
        )
        .unwrap_err()
    });
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!((errs[0].line, errs[0].column), (2, 5));
    assert!(errs[0]
        .message
        .starts_with("too many chained tags: a chain may hold at most 32 tags\n"));
}
