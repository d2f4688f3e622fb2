//! The conformance suites as one test binary: each file of this directory is
//! a module here, so the suites compile and link once instead of once per
//! file (`autotests = false` in `Cargo.toml`). Two stay binaries of their own:
//! `zero_alloc` (it installs a counting global allocator) and `ui` (trybuild).
//!
//! Run one suite with `cargo test -p conformance-tests --test conformance
//! <module>::` (`docs::`, `ot_tags_enum::`, ...).

pub mod docs;
pub mod docs_1_38;
pub mod front_ends;
pub mod fuzz_corpora;
pub mod item_unions;
pub mod levels_1_36;
pub mod meta_types;
pub mod no_panic;
pub mod opacity_by_release;
pub mod oracle_found;
pub mod ot_changes_1_37;
pub mod ot_cohorts;
pub mod ot_embedded;
pub mod ot_maps_keys;
pub mod ot_maps_map_of_primitive;
pub mod ot_maps_map_of_struct;
pub mod ot_maps_multiple_validations;
pub mod ot_maps_typedef_to_map;
pub mod ot_multiple_tags;
pub mod ot_ordering_structs;
pub mod ot_ordering_typedefs;
pub mod ot_pointer_lists_1_37;
pub mod ot_pointers;
pub mod ot_primitives;
pub mod ot_public_private_elide;
pub mod ot_ratcheting;
pub mod ot_recursive;
pub mod ot_slices;
pub mod ot_tags_customvalidation;
pub mod ot_tags_dependentforbidden;
pub mod ot_tags_dependentrequired;
pub mod ot_tags_discriminator;
pub mod ot_tags_eachkey;
pub mod ot_tags_eachval;
pub mod ot_tags_enum;
pub mod ot_tags_forbidden;
pub mod ot_tags_format;
pub mod ot_tags_immutable;
pub mod ot_tags_item;
pub mod ot_tags_item_single_key;
pub mod ot_tags_levels;
pub mod ot_tags_listmap_multiple_keys;
pub mod ot_tags_listmap_single_key;
pub mod ot_tags_listset;
pub mod ot_tags_maxbytes;
pub mod ot_tags_maximum;
pub mod ot_tags_maxitems;
pub mod ot_tags_maxlength;
pub mod ot_tags_minimum;
pub mod ot_tags_minitems;
pub mod ot_tags_minlength;
pub mod ot_tags_mode_1_37;
pub mod ot_tags_monotonic;
pub mod ot_tags_neq;
pub mod ot_tags_opaque;
pub mod ot_tags_optional;
pub mod ot_tags_options;
pub mod ot_tags_options_1_37;
pub mod ot_tags_properties;
pub mod ot_tags_required;
pub mod ot_tags_subfield;
pub mod ot_tags_subfield_deep;
pub mod ot_tags_supported_resources;
pub mod ot_tags_union_discriminated;
pub mod ot_tags_union_undiscriminated;
pub mod ot_tags_unique;
pub mod ot_tags_update_lists;
pub mod ot_tags_update_maps;
pub mod ot_tags_update_primitives;
pub mod ot_tags_validate_fixed;
pub mod ot_tags_zerooroneof;
pub mod ot_typedefs;
pub mod ot_types_with_suffix;
pub mod ot_union_wrappers_1_37;
pub mod ot_update_validations;
pub mod releases;
pub mod rust_enums;
pub mod rust_shapes;
pub mod schema_export;
pub mod semantic_equality;
pub mod serde_attrs_without_serde;
pub mod smoke;
pub mod subfield_lists_by_release;
pub mod subfield_ptr_lists_1_37;
pub mod subfield_short_circuit;
pub mod tag_payloads;
pub mod union_wrappers_by_release;
pub mod wrapped_1_37;
pub mod wrapper_short_circuit;

/// A file added to this directory runs only once it is declared above.
#[test]
fn every_test_file_is_a_module() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
    let main = include_str!("main.rs");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let Some(module) = name.strip_suffix(".rs") else {
            continue;
        };
        let own_binary = ["main", "zero_alloc", "ui"].contains(&module);
        if !own_binary && !main.contains(&format!("\npub mod {module};\n")) {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "tests/tests files not declared in tests/tests/main.rs (they would not run): {missing:?}"
    );
}
