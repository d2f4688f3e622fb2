//! String formats: every `+k8s:format=<name>` payload, with the runtime
//! function that checks it (`k8s_validation::validate::<function>`).

/// One named string format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Format {
    /// The tag payload, e.g. `k8s-short-name`.
    pub name: &'static str,
    /// The runtime validator in `k8s_validation::validate`, e.g.
    /// `short_name`: what code generation emits for the format.
    pub function: &'static str,
}

const fn format(name: &'static str, function: &'static str) -> Format {
    Format { name, function }
}

/// Every format, alphabetized by name.
///
/// `k8s-ip` is documented upstream but disabled in Kubernetes 1.35/1.36; it
/// is implemented as documented. `k8s-path-segment-name` follows
/// Kubernetes 1.36 and `k8s-prefixed-label-key` upstream's main branch.
pub const FORMATS: &[Format] = &[
    format("k8s-condition-reason", "condition_reason"),
    format("k8s-extended-resource-name", "extended_resource_name"),
    format("k8s-ip", "ip"),
    format("k8s-label-key", "label_key"),
    format("k8s-label-value", "label_value"),
    format("k8s-long-name", "long_name"),
    format("k8s-long-name-caseless", "long_name_caseless"),
    format("k8s-path-segment-name", "path_segment_name"),
    format("k8s-prefixed-label-key", "prefixed_label_key"),
    format(
        "k8s-resource-fully-qualified-name",
        "resource_fully_qualified_name",
    ),
    format("k8s-resource-pool-name", "resource_pool_name"),
    format("k8s-short-name", "short_name"),
    format("k8s-uuid", "uuid"),
];

/// `k8s-resource-fully-qualified-name` as Kubernetes 1.38 checks it (a
/// second slash is an error): the same name, another function. The
/// generator's release facts say which releases use it.
pub const FULLY_QUALIFIED_NAME_ONE_SLASH: Format = format(
    "k8s-resource-fully-qualified-name",
    "resource_fully_qualified_name_one_slash",
);

/// The format called `name`.
///
/// ```
/// let f = k8s_validation_spec::format::lookup("k8s-uuid").unwrap();
/// assert_eq!(f.function, "uuid");
/// assert!(k8s_validation_spec::format::lookup("uuid").is_none());
/// ```
pub fn lookup(name: &str) -> Option<&'static Format> {
    FORMATS.iter().find(|f| f.name == name)
}

/// The format names, in [`FORMATS`] order.
pub const NAMES: [&str; FORMATS.len()] = {
    let mut out = [""; FORMATS.len()];
    let mut i = 0;
    while i < FORMATS.len() {
        out[i] = FORMATS[i].name;
        i += 1;
    }
    out
};

/// `(name, function)` pairs, in [`FORMATS`] order.
pub const PAIRS: [(&str, &str); FORMATS.len()] = {
    let mut out = [("", ""); FORMATS.len()];
    let mut i = 0;
    while i < FORMATS.len() {
        out[i] = (FORMATS[i].name, FORMATS[i].function);
        i += 1;
    }
    out
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorted_unique_and_well_formed() {
        for pair in FORMATS.windows(2) {
            assert!(pair[0].name < pair[1].name, "{:?}", pair);
        }
        for f in FORMATS {
            assert!(f.name.starts_with("k8s-"), "{}", f.name);
            // The function is the name without `k8s-`, in snake case.
            assert_eq!(f.function, f.name["k8s-".len()..].replace('-', "_"));
        }
        assert_eq!(NAMES.len(), FORMATS.len());
        assert_eq!(PAIRS[4], ("k8s-label-value", "label_value"));
        let revised = FULLY_QUALIFIED_NAME_ONE_SLASH;
        assert!(lookup(revised.name).is_some());
    }
}
