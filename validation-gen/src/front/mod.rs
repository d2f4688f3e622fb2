//! The front half of the generator (parse -> check), which every back end
//! (code generation, the schema export) reads.

pub(crate) mod behaviour;
