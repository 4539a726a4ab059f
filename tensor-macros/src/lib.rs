//! Procedural macros of `tensor-view` (`Shape!`, `view!`): compile-time shape checks.
//!
//! The macros are added by the compile-time layer; this crate currently
//! exports nothing.
