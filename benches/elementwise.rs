//! Element-wise benches (filled in by the next commit).
fn main() {}
