//! The two front ends produce the same code on every fixture of this crate:
//! for each test file, what `#[derive(Validate)]` and `#[enum_values]` expand
//! to equals what the `validation-gen` CLI generates for the same file with
//! the derives removed (the CLI also finds unmarked enum value blocks).

use quote::ToTokens;

fn is_validate_derive(a: &syn::Attribute) -> bool {
    a.path().is_ident("derive")
        && a.parse_args_with(
            syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated,
        )
        .is_ok_and(|ps| {
            ps.iter()
                .any(|p| p.segments.last().is_some_and(|s| s.ident == "Validate"))
        })
}

fn is_enum_values(a: &syn::Attribute) -> bool {
    a.path()
        .segments
        .last()
        .is_some_and(|s| s.ident == "enum_values")
}

/// What the derive and the attribute macro expand to, in source order
/// (structs first, then Rust enums, then enum value blocks, as the CLI
/// orders them).
fn derive_output(file: &syn::File) -> String {
    let mut tokens = proc_macro2::TokenStream::new();
    for item in &file.items {
        if let syn::Item::Struct(s) = item {
            if s.attrs.iter().any(is_validate_derive) {
                let input = syn::DeriveInput::from(s.clone());
                tokens.extend(
                    k8s_validation_gen::generate_type(&input, &k8s_validation_gen::Options::new())
                        .expect("fixtures are valid"),
                );
            }
        }
    }
    for item in &file.items {
        if let syn::Item::Enum(e) = item {
            if e.attrs.iter().any(is_validate_derive) {
                let input = syn::DeriveInput::from(e.clone());
                tokens.extend(
                    k8s_validation_gen::generate_type(&input, &k8s_validation_gen::Options::new())
                        .expect("fixtures are valid"),
                );
            }
        }
    }
    for item in &file.items {
        if let syn::Item::Impl(imp) = item {
            if imp.attrs.iter().any(is_enum_values) {
                // The attribute's output after the block itself: its consts.
                let expanded = k8s_validation_gen::expand_enum_values(quote::quote!(#imp));
                let items = syn::parse2::<syn::File>(expanded).expect("items").items;
                tokens.extend(items.iter().skip(1).map(quote::ToTokens::to_token_stream));
            }
        }
    }
    // The CLI's header also states the release (1.35 here).
    let header = k8s_validation_gen::__private::HEADER;
    let release = k8s_validation_gen::__private::release_line(k8s_validation_gen::Release::DEFAULT);
    k8s_validation_gen::__private::format_tokens(tokens).replacen(
        header,
        &format!("{header}{release}"),
        1,
    )
}

/// The same file as a CLI user writes it: no derive, no attribute, and only
/// the types that derived `Validate` (the CLI takes every struct).
fn cli_source(file: &syn::File) -> String {
    let mut items = Vec::new();
    for item in &file.items {
        match item {
            syn::Item::Struct(s) if s.attrs.iter().any(is_validate_derive) => {
                let mut s = s.clone();
                s.attrs.retain(|a| !is_validate_derive(a));
                items.push(syn::Item::Struct(s));
            }
            syn::Item::Enum(e) if e.attrs.iter().any(is_validate_derive) => {
                let mut e = e.clone();
                e.attrs.retain(|a| !is_validate_derive(a));
                items.push(syn::Item::Enum(e));
            }
            syn::Item::Impl(imp) if imp.attrs.iter().any(is_enum_values) => {
                let mut imp = imp.clone();
                imp.attrs.retain(|a| !is_enum_values(a));
                items.push(syn::Item::Impl(imp));
            }
            _ => {}
        }
    }
    let file = syn::File {
        shebang: None,
        attrs: Vec::new(),
        items,
    };
    file.to_token_stream().to_string()
}

#[test]
fn derive_and_cli_agree_on_every_fixture() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
    let mut checked = 0;
    let mut types = 0;
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    for path in paths {
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        let file = syn::parse_file(&source).unwrap();
        let derived = derive_output(&file);
        if !derived.contains("impl __rt::Validate for") {
            continue;
        }
        types += derived.matches("impl __rt::Validate for").count();
        let options = k8s_validation_gen::Options::new();
        let cli =
            k8s_validation_gen::__private::generate_module(&path, &cli_source(&file), &options)
                .unwrap_or_else(|d| panic!("{}: {d:?}", path.display()));
        assert_eq!(
            derived,
            cli,
            "{}: the derive and the CLI differ",
            path.display()
        );
        checked += 1;
    }
    assert!(
        checked >= 45 && types >= 230,
        "only {checked} files / {types} types checked"
    );
}
