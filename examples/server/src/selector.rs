//! `labelSelector` and `fieldSelector` of list and watch requests.

use std::collections::BTreeMap;

use crate::api::Widget;

#[derive(Debug, PartialEq)]
enum Req {
    Eq(String, String),
    NotEq(String, String),
    In(String, Vec<String>),
    NotIn(String, Vec<String>),
    Exists(String),
    NotExists(String),
}

/// A parsed label selector (`a=b,c!=d,e in (f,g),h,!i`).
#[derive(Debug, Default, PartialEq)]
pub struct Selector(Vec<Req>);

/// Splits on commas outside parentheses.
fn split_top(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

impl Selector {
    /// Parses a selector; the error names the bad term.
    pub fn parse(s: &str) -> Result<Selector, String> {
        let mut reqs = Vec::new();
        if s.trim().is_empty() {
            return Ok(Selector(reqs));
        }
        for term in split_top(s) {
            let t = term.trim();
            let bad = || format!("unable to parse requirement: {t:?}");
            let r = if let Some((k, v)) = t.split_once("!=") {
                Req::NotEq(k.trim().into(), v.trim().into())
            } else if let Some((k, v)) = t.split_once("==") {
                Req::Eq(k.trim().into(), v.trim().into())
            } else if let Some((k, v)) = t.split_once('=') {
                Req::Eq(k.trim().into(), v.trim().into())
            } else if let Some((k, v)) = t.split_once(" notin ") {
                Req::NotIn(k.trim().into(), set(v).ok_or_else(bad)?)
            } else if let Some((k, v)) = t.split_once(" in ") {
                Req::In(k.trim().into(), set(v).ok_or_else(bad)?)
            } else if let Some(k) = t.strip_prefix('!') {
                Req::NotExists(k.trim().into())
            } else if !t.is_empty() && !t.contains(' ') {
                Req::Exists(t.into())
            } else {
                return Err(bad());
            };
            reqs.push(r);
        }
        Ok(Selector(reqs))
    }

    /// Whether `labels` match.
    pub fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        self.0.iter().all(|r| match r {
            Req::Eq(k, v) => labels.get(k) == Some(v),
            Req::NotEq(k, v) => labels.get(k) != Some(v),
            Req::In(k, vs) => labels.get(k).is_some_and(|l| vs.contains(l)),
            Req::NotIn(k, vs) => labels.get(k).is_none_or(|l| !vs.contains(l)),
            Req::Exists(k) => labels.contains_key(k),
            Req::NotExists(k) => !labels.contains_key(k),
        })
    }
}

fn set(v: &str) -> Option<Vec<String>> {
    let v = v.trim().strip_prefix('(')?.strip_suffix(')')?;
    Some(v.split(',').map(|s| s.trim().to_owned()).collect())
}

/// A field selector on `metadata.name` and `metadata.namespace`.
#[derive(Debug, Default)]
pub struct FieldSelector(Vec<(String, bool, String)>);

impl FieldSelector {
    /// Parses `metadata.name=x,metadata.namespace!=y`.
    pub fn parse(s: &str) -> Result<FieldSelector, String> {
        let mut out = Vec::new();
        for t in s.split(',').map(str::trim).filter(|t| !t.is_empty()) {
            let (k, neg, v) = if let Some((k, v)) = t.split_once("!=") {
                (k, true, v)
            } else if let Some((k, v)) = t.split_once("==") {
                (k, false, v)
            } else if let Some((k, v)) = t.split_once('=') {
                (k, false, v)
            } else {
                return Err(format!("invalid selector: {t:?}"));
            };
            if k != "metadata.name" && k != "metadata.namespace" {
                return Err(format!("field label not supported: {k}"));
            }
            out.push((k.to_owned(), neg, v.to_owned()));
        }
        Ok(FieldSelector(out))
    }

    /// Whether the object matches.
    pub fn matches(&self, w: &Widget) -> bool {
        self.0.iter().all(|(k, neg, v)| {
            let got = if k == "metadata.name" {
                &w.metadata.name
            } else {
                &w.metadata.namespace
            };
            (got == v) != *neg
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_selectors() {
        let l: BTreeMap<String, String> =
            [("app".into(), "web".into()), ("tier".into(), "a".into())].into();
        for (s, want) in [
            ("", true),
            ("app=web", true),
            ("app==web,tier=b", false),
            ("app!=db", true),
            ("tier in (a,b)", true),
            ("tier notin (a,b)", false),
            ("app,!zone", true),
            ("zone", false),
        ] {
            assert_eq!(Selector::parse(s).unwrap().matches(&l), want, "{s}");
        }
        assert!(Selector::parse("a b").is_err());
    }
}
