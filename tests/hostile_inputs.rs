//! Hostile inputs against the public API: dims and indices at the extremes of
//! `isize`/`usize`, shape products that overflow, empty and 0-d tensors. Each
//! must give PyTorch's error text (or PyTorch's result), never a panic, and
//! never allocate more than the data asked for (a global allocator probe
//! records every request; see `hostile/alloc_probe.rs`).

mod hostile;
#[allow(dead_code)] // the model's message list; not every message is used here
#[path = "reference_model/messages.rs"]
mod messages;

#[global_allocator]
static PROBE: hostile::alloc_probe::Probe = hostile::alloc_probe::Probe;
