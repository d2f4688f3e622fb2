//! Nesting limits for Rust input, checked on tokens before anything parses
//! them recursively.
//!
//! `syn` parses nested brackets and generic arguments recursively, using
//! tens of KiB of stack per level in a debug build, so a deeply nested type
//! (`Vec<Vec<...>>` a few hundred levels deep) would overflow the stack of
//! the thread that runs the derive (rustc's, 8 MiB). The token tree itself is
//! walked here without recursion, and too deep an input is an error at the
//! token where the limit is crossed.

use proc_macro2::{Span, TokenStream, TokenTree};

/// The deepest nesting of brackets (`()`, `[]`, `{}`) and generic
/// arguments (`<...>`) a type definition may have, in both front ends.
/// Parsing and generating at this depth takes under 4 MiB of stack in a
/// debug build.
pub const MAX_TYPE_NESTING: usize = 64;

/// The deepest nesting a whole module file may have for the CLI and the
/// `Builder` (which parse it on a [`BIG_STACK`] thread); each type in it is
/// then held to [`MAX_TYPE_NESTING`].
pub const MAX_FILE_NESTING: usize = 256;

/// The stack [`with_big_stack`] gives: parsing a file nested
/// [`MAX_FILE_NESTING`] levels deep with syn takes tens of MiB in a debug
/// build. Only the pages used are committed.
pub const BIG_STACK: usize = 256 << 20;

/// Runs `f` on a thread with a [`BIG_STACK`] stack (or on this thread if no
/// thread can be started), so that parsing whole files cannot overflow the
/// caller's stack, whatever thread calls.
pub fn with_big_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    let slot = std::sync::Mutex::new(Some(f));
    let take = || {
        slot.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
    };
    let spawned = std::thread::scope(|scope| {
        let handle = std::thread::Builder::new()
            .name("validation-gen".into())
            .stack_size(BIG_STACK)
            .spawn_scoped(scope, || take().map(|f| f()))
            .ok()?;
        Some(
            handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        )
    });
    match spawned.flatten() {
        Some(out) => out,
        // No thread could be started: run here.
        None => match take() {
            Some(f) => f(),
            None => unreachable!("the closure ran on the thread, which returned its result"),
        },
    }
}

/// The error for input nested deeper than `limit`.
pub fn too_deep_message(limit: usize) -> String {
    format!("nesting too deep: more than {limit} levels of brackets and generic arguments")
}

/// Where `tokens` first nest deeper than `limit` levels, if they do.
///
/// Every `(`, `[`, `{` and `<` opens a level (`->` and `=>` do not close
/// one); a `<` that is a comparison or a shift counts too, which can only
/// overestimate the depth.
pub fn too_deep(tokens: TokenStream, limit: usize) -> Option<Span> {
    // One entry per open group: its remaining tokens and the `<` levels
    // opened inside it (they cannot outlive the group).
    let mut stack = vec![(tokens.into_iter(), 0usize)];
    let mut depth = 0usize;
    let mut prev_joint: Option<char> = None;
    while let Some((iter, angles)) = stack.last_mut() {
        let Some(tree) = iter.next() else {
            let (_, angles) = stack.pop().unwrap_or_else(|| unreachable!());
            depth -= angles;
            if !stack.is_empty() {
                depth -= 1;
            }
            prev_joint = None;
            continue;
        };
        let mut joint = None;
        match &tree {
            TokenTree::Group(g) => {
                depth += 1;
                if depth > limit {
                    return Some(g.span_open());
                }
                let inner = g.stream().into_iter();
                stack.push((inner, 0));
            }
            TokenTree::Punct(p) => match p.as_char() {
                '<' => {
                    *angles += 1;
                    depth += 1;
                    if depth > limit {
                        return Some(p.span());
                    }
                }
                '>' if !matches!(prev_joint, Some('-' | '=')) && *angles > 0 => {
                    *angles -= 1;
                    depth -= 1;
                }
                c if p.spacing() == proc_macro2::Spacing::Joint => joint = Some(c),
                _ => {}
            },
            _ => {}
        }
        prev_joint = joint;
    }
    None
}
