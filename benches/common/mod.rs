//! What every bench shares: criterion settings for a noisy shared machine,
//! and a recorder that keeps the best time of each (case, contender) measured
//! in this run, to print ratios side by side at the end.
//!
//! Times are taken with criterion's `iter_custom`: each sample times a batch
//! of iterations; the recorder keeps the fastest per-iteration time of all
//! samples (the least disturbed by other processes). Criterion's own report
//! (mean and spread) is printed as usual above the table. Beside the wall
//! time, the recorder keeps the bench thread's own CPU time (Linux's
//! `/proc/thread-self/schedstat`: nanoseconds on a CPU, user and kernel,
//! page faults included): on a machine shared with other work it leaves out
//! the time the thread waited for a core, so its ratios move less from run
//! to run (the ops run on this one thread: the `parallel` feature is off in
//! the benches). [`print_table`] prints a second table of those.

#![allow(dead_code)] // each bench uses part of it

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use criterion::{BenchmarkGroup, Criterion};

/// Criterion with short warm-up and measurement (overridable on the command
/// line, e.g. `cargo bench -- --measurement-time 5`).
pub fn criterion() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1200))
        .sample_size(20)
        .without_plots()
        .configure_from_args()
}

/// Best nanoseconds per iteration of each contender of each case, in the
/// order cases were first measured.
static BEST: Mutex<Vec<(String, BTreeMap<String, f64>)>> = Mutex::new(Vec::new());

/// As [`BEST`], in CPU time of the bench thread.
static BEST_CPU: Mutex<Vec<(String, BTreeMap<String, f64>)>> = Mutex::new(Vec::new());

/// Nanoseconds this thread has run on a CPU (0 where Linux does not say).
pub fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn record(case: &str, contender: &str, ns: f64) {
    keep_best(&BEST, case, contender, ns);
}

fn record_cpu(case: &str, contender: &str, ns: f64) {
    if ns > 0.0 {
        keep_best(&BEST_CPU, case, contender, ns);
    }
}

fn keep_best(
    table: &Mutex<Vec<(String, BTreeMap<String, f64>)>>,
    case: &str,
    contender: &str,
    ns: f64,
) {
    let mut best = table.lock().unwrap();
    let row = match best.iter().position(|(c, _)| c == case) {
        Some(i) => &mut best[i].1,
        None => {
            best.push((case.to_string(), BTreeMap::new()));
            &mut best.last_mut().unwrap().1
        }
    };
    let slot = row.entry(contender.to_string()).or_insert(f64::INFINITY);
    *slot = slot.min(ns);
}

/// Benchmarks `routine` as `contender` of the group's case, recording its best time.
pub fn bench<M, O>(
    group: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>,
    case: &str,
    contender: &str,
    mut routine: M,
) where
    M: FnMut() -> O,
{
    group.bench_function(contender, |b| {
        b.iter_custom(|iters| {
            let cpu = thread_cpu_ns();
            let start = Instant::now();
            for _ in 0..iters {
                std::hint::black_box(routine());
            }
            let elapsed = start.elapsed();
            let cpu = thread_cpu_ns().saturating_sub(cpu);
            record(case, contender, elapsed.as_nanos() as f64 / iters as f64);
            record_cpu(case, contender, cpu as f64 / iters as f64);
            elapsed
        })
    });
}

/// Benchmarks `routine` as `contender` of the group's case, running
/// `setup` (untimed) right before each call: only `routine` is timed.
pub fn bench_after<S, M, O>(
    group: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>,
    case: &str,
    contender: &str,
    mut setup: S,
    mut routine: M,
) where
    S: FnMut(),
    M: FnMut() -> O,
{
    group.bench_function(contender, |b| {
        b.iter_custom(|iters| {
            let mut elapsed = Duration::ZERO;
            let mut cpu = 0;
            for _ in 0..iters {
                setup();
                let cpu_start = thread_cpu_ns();
                let start = Instant::now();
                std::hint::black_box(routine());
                elapsed += start.elapsed();
                cpu += thread_cpu_ns().saturating_sub(cpu_start);
            }
            record(case, contender, elapsed.as_nanos() as f64 / iters as f64);
            record_cpu(case, contender, cpu as f64 / iters as f64);
            elapsed
        })
    });
}

/// Formats nanoseconds with a unit that keeps three digits or so.
fn time(ns: f64) -> String {
    if ns < 1e3 {
        format!("{ns:.1} ns")
    } else if ns < 1e6 {
        format!("{:.2} µs", ns / 1e3)
    } else {
        format!("{:.2} ms", ns / 1e6)
    }
}

/// Prints the recorded cases as a markdown table: one column per contender
/// in `contenders` (missing ones blank), then for each `(name, a, b)` in
/// `ratios` the column `name` = time(b) / time(a) (how fast `a` is relative
/// to `b`: 0.5 means `a` takes twice as long).
pub fn print_table(title: &str, contenders: &[&str], ratios: &[(&str, &str, &str)]) {
    print_one(&BEST, title, contenders, ratios);
    let cpu = BEST_CPU.lock().unwrap().len();
    if cpu > 0 {
        let title = format!("{title}: CPU time of the bench thread");
        print_one(&BEST_CPU, &title, contenders, ratios);
    }
}

fn print_one(
    table: &Mutex<Vec<(String, BTreeMap<String, f64>)>>,
    title: &str,
    contenders: &[&str],
    ratios: &[(&str, &str, &str)],
) {
    let best = table.lock().unwrap();
    println!("\n### {title}\n");
    let mut header = String::from("| case |");
    for c in contenders {
        header += &format!(" {c} |");
    }
    for (name, _, _) in ratios {
        header += &format!(" {name} |");
    }
    println!("{header}");
    println!("|{}", "---|".repeat(1 + contenders.len() + ratios.len()));
    for (case, row) in best.iter() {
        let mut line = format!("| {case} |");
        for c in contenders {
            line += &match row.get(*c) {
                Some(&ns) => format!(" {} |", time(ns)),
                None => " |".to_string(),
            };
        }
        for (_, a, b) in ratios {
            line += &match (row.get(*a), row.get(*b)) {
                (Some(&ta), Some(&tb)) => format!(" {:.2} |", tb / ta),
                _ => " |".to_string(),
            };
        }
        println!("{line}");
    }
}
