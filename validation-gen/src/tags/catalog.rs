//! Catalog of known tags (filled by the tag-parser work).
