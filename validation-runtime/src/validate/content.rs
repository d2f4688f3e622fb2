//! Content checks behind the formats (upstream `validate/content`): hand-written byte scanners, no regex.
