//! The two front ends produce the same code: `#[derive(Validate)]` on
//! `src/api.rs` and the committed `validation-gen` output for
//! `src/cli_api/mod.rs` (the same types without the derive).

use quote::ToTokens;

const DERIVE_SRC: &str = include_str!("../src/api.rs");
const CLI_SRC: &str = include_str!("../src/cli_api/mod.rs");
const CLI_GENERATED: &str = include_str!("../src/cli_api/zz_generated_validations.rs");

fn derives_validate(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("derive") && a.to_token_stream().to_string().contains("Validate")
    })
}

/// What the derive macro and the `#[enum_values]` attribute expand to, for
/// every type of `src/api.rs`, formatted as the CLI formats its output.
fn derive_output() -> String {
    let file = syn::parse_file(DERIVE_SRC).unwrap();
    let mut tokens = proc_macro2::TokenStream::new();
    for item in &file.items {
        if let syn::Item::Struct(s) = item {
            if derives_validate(&s.attrs) {
                let input = syn::DeriveInput::from(s.clone());
                let options = k8s_validation_gen::Options::new();
                tokens.extend(
                    k8s_validation_gen::generate_type(&input, &options)
                        .expect("derive input is valid"),
                );
            }
        }
    }
    for item in &file.items {
        if let syn::Item::Impl(imp) = item {
            if imp
                .attrs
                .iter()
                .any(|a| a.to_token_stream().to_string().contains("enum_values"))
            {
                // The attribute's output after the block itself: its consts.
                let expanded = k8s_validation_gen::expand_enum_values(quote::quote!(#imp));
                let items = syn::parse2::<syn::File>(expanded).expect("no errors").items;
                tokens.extend(items.iter().skip(1).map(ToTokens::to_token_stream));
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

#[test]
fn derive_and_cli_generate_the_same_code() {
    let derive = derive_output();
    assert!(derive.contains("impl __rt::Validate for Deployment"));
    assert_eq!(
        derive, CLI_GENERATED,
        "the derive and the committed CLI output differ"
    );
}

#[test]
fn committed_cli_output_is_current() {
    let generated = k8s_validation_gen::__private::generate_module(
        std::path::Path::new("src/cli_api/mod.rs"),
        CLI_SRC,
        &k8s_validation_gen::Options::new(),
    )
    .expect("no tag errors");
    assert_eq!(
        generated, CLI_GENERATED,
        "run: cargo run -p k8s-validation-gen -- examples/apps/src/cli_api"
    );
}

/// Generated code stays lean: at most six lines per line of its input for
/// the example API (issue 13's budget; 969 lines for 163 on 2026-11-27).
#[test]
fn generated_code_is_at_most_six_times_its_input() {
    let (input, output) = (CLI_SRC.lines().count(), CLI_GENERATED.lines().count());
    assert!(
        output <= 6 * input,
        "{output} generated lines for {input} input lines ({:.2}x)",
        output as f64 / input as f64
    );
}

/// `src/api.rs` and `src/cli_api/mod.rs` define the same types, tag for tag.
#[test]
fn both_modules_define_the_same_types() {
    fn types(src: &str) -> Vec<String> {
        let file = syn::parse_file(src).unwrap();
        file.items
            .iter()
            .filter_map(|i| match i {
                syn::Item::Struct(s) => {
                    let mut s = s.clone();
                    for a in &mut s.attrs {
                        if a.path().is_ident("derive") {
                            let text = a
                                .to_token_stream()
                                .to_string()
                                .replace(" , Validate", "")
                                .replace(" )", ")");
                            *a = syn::parse_quote!(#[doc = #text]);
                        }
                    }
                    Some(s.to_token_stream().to_string())
                }
                syn::Item::Impl(i) => {
                    let mut i = i.clone();
                    i.attrs.clear();
                    Some(i.to_token_stream().to_string())
                }
                _ => None,
            })
            .collect()
    }
    assert_eq!(types(DERIVE_SRC), types(CLI_SRC));
}
