//! "Did you mean" suggestions for misspelled tag names and values, and the
//! messages that carry them.

use k8s_validation_spec::go_quote;

use super::catalog::{self, lookup, TagName};

/// Names that upstream used before renaming them.
const RENAMED: &[(&str, &str)] = &[
    // 1.36 shipped modal validation as k8s:discriminator / k8s:member.
    ("discriminator", TagName::ModeDiscriminator.as_str()),
    ("member", TagName::IfMode.as_str()),
];

/// The known tag name closest to `name`, for "did you mean" messages.
///
/// The comparison ignores case and a missing `k8s:` prefix (so
/// `k8s:MaxLength` and `maxLength` both give `k8s:maxLength`), maps names
/// that upstream renamed to their new names, and otherwise allows a small
/// edit distance (insertions, deletions, substitutions and transpositions:
/// at most 2, or a third of the candidate's length for long names).
pub fn suggest(name: &str) -> Option<&'static str> {
    let bare = name.strip_prefix("k8s:").unwrap_or(name);
    if let Some((_, new)) = RENAMED
        .iter()
        .find(|(old, _)| old.eq_ignore_ascii_case(bare))
    {
        return Some(new);
    }
    closest(
        bare,
        catalog::all().iter().map(|def| &def.name["k8s:".len()..]),
    )
    .and_then(|bare| lookup(&format!("k8s:{bare}")))
    .map(|def| def.name)
}

/// The candidate closest to `name` (ignoring case) within the same edit
/// distance limit as [`suggest`], for "did you mean" messages about values
/// such as format names.
///
/// The cost is linear in the length of `name`: the distance is at least the
/// difference in length, so a name much longer than every candidate is
/// rejected without comparing (an unknown tag of a megabyte costs no more
/// than reading it).
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let name: Vec<char> = name.to_lowercase().chars().collect();
    let mut best: Option<(usize, &'a str)> = None;
    for candidate in candidates {
        let chars: Vec<char> = candidate.to_lowercase().chars().collect();
        let limit = (chars.len() / 3).max(2);
        if name.len().abs_diff(chars.len()) > limit {
            continue;
        }
        let distance = edit_distance(&name, &chars);
        // Keep at least one character of a short name (`x` is not `eq`).
        if distance <= limit && distance < chars.len() && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, c)| c)
}

/// Optimal-string-alignment distance (Levenshtein plus adjacent
/// transpositions).
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut prev2: Vec<usize> = vec![0; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                cur[j] = cur[j].min(prev2[j - 2] + 1);
            }
        }
        std::mem::swap(&mut prev2, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// `unknown validation tag "X"`, with `, did you mean "Y"?` when there is a
/// close known name.
pub(crate) fn unknown_tag_message(name: &str) -> String {
    match suggest(name) {
        Some(s) => format!(
            "unknown validation tag {}, did you mean {}?",
            go_quote(name),
            go_quote(s)
        ),
        None => format!("unknown validation tag {}", go_quote(name)),
    }
}

/// The error for a type-metadata tag used as a chained payload.
pub(crate) fn not_chainable_message(name: &str) -> String {
    format!(
        "tag {} is not a validation tag and cannot be chained",
        go_quote(name)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distances() {
        let d = |a: &str, b: &str| {
            edit_distance(
                &a.chars().collect::<Vec<_>>(),
                &b.chars().collect::<Vec<_>>(),
            )
        };
        assert_eq!(d("", ""), 0);
        assert_eq!(d("abc", ""), 3);
        assert_eq!(d("", "abc"), 3);
        assert_eq!(d("minimun", "minimum"), 1);
        assert_eq!(d("requried", "required"), 1);
        assert_eq!(d("eachvalue", "eachval"), 2);
        assert_eq!(d("kitten", "sitting"), 3);
        assert_eq!(d("ca", "abc"), 3);
    }
}
