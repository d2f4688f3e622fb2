//! The CLI's last step: generated tokens formatted as a file
//! (prettyplease, then the layout prettyplease cannot do: the header, blank
//! lines between items and field blocks, `has_fields!` one field per line,
//! `FieldName<...>` on one line).

use proc_macro2::TokenStream;

use super::HEADER;

/// Formats generated tokens as a file: prettyplease, the header, a blank
/// line between items and between field blocks, and the `let _ = "...";`
/// markers (cohort names) turned into comments.
pub fn format_tokens(tokens: TokenStream) -> String {
    let mut field_lists = Vec::new();
    let tokens = take_has_fields(tokens, &mut field_lists);
    let file: syn::File = match syn::parse2(tokens.clone()) {
        Ok(f) => f,
        Err(_) => return format!("{HEADER}{tokens}\n"),
    };
    let pretty = join_field_names(&prettyplease::unparse(&file));
    let pretty = put_has_fields(&pretty, &field_lists);
    let mut out = String::from(HEADER);
    let mut prev_open = true;
    for line in pretty.lines() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        // Items: at the top level or in a type's `const _: () = { ... };`.
        let item_level = indent.len() <= 4;
        let starts_item = item_level
            && (trimmed.starts_with("impl")
                || trimmed.starts_with("const _")
                || trimmed.starts_with("#[")
                || trimmed.starts_with("//"));
        let starts_block = trimmed.starts_with("'field_") || starts_item;
        if starts_block && !prev_open {
            out.push('\n');
        }
        prev_open = trimmed.ends_with('{')
            || (item_level && (trimmed.starts_with("#[") || trimmed.starts_with("//")));
        if let Some(text) = trimmed
            .strip_prefix("let _ = \"")
            .and_then(|t| t.strip_suffix("\";"))
        {
            out.push_str(indent);
            out.push_str("// ");
            out.push_str(text);
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// One `has_fields!` invocation's input: `Type { member: Value => Leaf as
/// Name [= Default], ... }`.
struct HasFieldsInput {
    ty: syn::Type,
    fields: Vec<(
        syn::Member,
        syn::Type,
        syn::Type,
        syn::Type,
        Option<syn::Ident>,
    )>,
}

impl syn::parse::Parse for HasFieldsInput {
    fn parse(input: syn::parse::ParseStream<'_>) -> syn::Result<Self> {
        let ty: syn::Type = input.parse()?;
        let body;
        syn::braced!(body in input);
        let mut fields = Vec::new();
        while !body.is_empty() {
            let member: syn::Member = body.parse()?;
            body.parse::<syn::Token![:]>()?;
            let value: syn::Type = body.parse()?;
            body.parse::<syn::Token![=>]>()?;
            let leaf: syn::Type = body.parse()?;
            body.parse::<syn::Token![as]>()?;
            let name: syn::Type = body.parse()?;
            let default = if body.parse::<Option<syn::Token![=]>>()?.is_some() {
                Some(body.parse()?)
            } else {
                None
            };
            fields.push((member, value, leaf, name, default));
            if body.parse::<Option<syn::Token![,]>>()?.is_none() {
                break;
            }
        }
        Ok(HasFieldsInput { ty, fields })
    }
}

/// Replaces the input of every `has_fields!(...)` with a placeholder
/// (`__has_fields_N`), keeping the inputs: prettyplease prints a macro's
/// input as a flat run of tokens, so [`put_has_fields`] lays them out, one
/// field per line.
fn take_has_fields(tokens: TokenStream, taken: &mut Vec<HasFieldsInput>) -> TokenStream {
    use proc_macro2::{Delimiter, Group, TokenTree};
    let mut out: Vec<TokenTree> = Vec::new();
    for tt in tokens {
        let tt = match tt {
            TokenTree::Group(g) => {
                let is_call = g.delimiter() == Delimiter::Parenthesis
                    && matches!(out.last(), Some(TokenTree::Punct(p)) if p.as_char() == '!')
                    && matches!(out.len().checked_sub(2).map(|i| &out[i]), Some(TokenTree::Ident(i)) if i == "has_fields");
                match (is_call, syn::parse2::<HasFieldsInput>(g.stream())) {
                    (true, Ok(input)) => {
                        let placeholder = quote::format_ident!("__has_fields_{}", taken.len());
                        taken.push(input);
                        let mut group =
                            Group::new(Delimiter::Parenthesis, quote::quote!(#placeholder));
                        group.set_span(g.span());
                        TokenTree::Group(group)
                    }
                    _ => {
                        let mut group =
                            Group::new(g.delimiter(), take_has_fields(g.stream(), taken));
                        group.set_span(g.span());
                        TokenTree::Group(group)
                    }
                }
            }
            other => other,
        };
        out.push(tt);
    }
    out.into_iter().collect()
}

/// A type as prettyplease prints it, on one line.
fn type_text(ty: &syn::Type) -> String {
    let file: syn::File = syn::parse_quote!(type __T = #ty;);
    let text = prettyplease::unparse(&file);
    let text = text
        .trim()
        .trim_start_matches("type __T = ")
        .trim_end_matches(';');
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace("< ", "<")
        .replace(", >", ">")
        .replace(" >", ">")
}

/// Lays out the `has_fields!` inputs [`take_has_fields`] set aside.
fn put_has_fields(pretty: &str, taken: &[HasFieldsInput]) -> String {
    if taken.is_empty() {
        return pretty.to_string();
    }
    let mut out = String::with_capacity(pretty.len());
    for line in pretty.lines() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        let index = trimmed
            .strip_suffix(");")
            .and_then(|t| t.rsplit_once("has_fields!(__has_fields_"))
            .and_then(|(_, n)| n.parse::<usize>().ok());
        let (Some(input), Some((head, _))) = (
            index.and_then(|i| taken.get(i)),
            trimmed.split_once("!(__has_fields_"),
        ) else {
            out.push_str(line);
            out.push('\n');
            continue;
        };
        out.push_str(&format!("{indent}{head}!({} {{\n", type_text(&input.ty)));
        for (member, value, leaf, name, default) in &input.fields {
            let member = match member {
                syn::Member::Named(i) => i.to_string(),
                syn::Member::Unnamed(i) => i.index.to_string(),
            };
            let default = default
                .as_ref()
                .map(|d| format!(" = {d}"))
                .unwrap_or_default();
            out.push_str(&format!(
                "{indent}    {member}: {} => {} as {}{default},\n",
                type_text(value),
                type_text(leaf),
                type_text(name)
            ));
        }
        out.push_str(&format!("{indent}}});\n"));
    }
    out
}

/// `FieldName<'n', 'a', 'm', 'e'>` on one line: prettyplease puts each
/// `char` of a long JSON name on a line of its own. The same for the
/// turbofish that reads a field, `fields::field::<FieldName<...>, _>(item)`,
/// which prettyplease spreads over four lines.
fn join_field_names(pretty: &str) -> String {
    let mut out = String::with_capacity(pretty.len());
    let mut lines = pretty.lines();
    while let Some(line) = lines.next() {
        if !line.ends_with("FieldName<")
            && !line.ends_with("fields::field::<")
            && !line.ends_with("fields::leaf::<")
        {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        // Join the following lines until this `<` is closed.
        let mut joined = line.to_string();
        let mut depth = 1isize;
        for next in lines.by_ref() {
            let t = next.trim();
            depth += t.matches('<').count() as isize - t.matches('>').count() as isize;
            joined.push(' ');
            joined.push_str(t);
            if depth <= 0 {
                break;
            }
        }
        let joined = joined
            .replace("< ", "<")
            .replace(", >", ">")
            .replace(" >", ">");
        out.push_str(&joined);
        out.push('\n');
    }
    out
}
