//! Tests of the `+k8s:` tag language (grammar, extraction, catalog, scope
//! checks, suggestions, processing order) and of its limits, as unit tests:
//! the parse tree is private to the front half.

mod grammar;
mod limits;
mod props;
