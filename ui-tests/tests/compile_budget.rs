//! The compile-time budget, asserted as counts of the instructions rustc
//! executes (valgrind's cachegrind), never as timings: a count does not move
//! with the machine's other load, so a busy machine cannot fail these tests.
//!
//! - A generated file of 300 `view!` calls (ranks up to 6, dims up to 4096,
//!   a third with `-1`, 100 on partly-dynamic tensors, 33 after a static
//!   `permute!`) checks, where `/usr/bin/time` measures it, in at most
//!   1.5 GB of peak memory; the same generator's 100-view file, counted and
//!   scaled to 300 views, executes at most [`INSTRUCTION_BUDGET`] rustc
//!   instructions (the SPEC's "under 10 s on a 2-core machine", as a count:
//!   docs/compile-time.md has the figures and why the scaling holds).
//! - A generated file of typed ops in the tuple form
//!   (`ui-tests/src/op_budget.rs`: `matmul`, `+`, `sum`, `view_to`, half on
//!   all-static, half on partly-dynamic shapes) counts, scaled to 300 ops,
//!   at most [`TYPED_OPS_BUDGET`] (issue 33: no more than the 300-view file
//!   at 9a68765).
//! - A view after a static `permute!` costs at most twice a plain static
//!   view.
//!
//! Each temporary crate depends on this workspace's `tensor-view`; its
//! dependencies are checked first with an empty library (not measured),
//! then the generated file is checked by `cargo check -v` (timed, for the
//! print), and the `rustc` command it printed runs again under cachegrind
//! from an empty incremental cache, which counts the instructions.
//!
//! Where valgrind is not installed (a user's machine; CI installs it, see
//! `.ci/install-valgrind.sh`), the tests print the times of the checks and
//! assert nothing about speed.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Held by each test while it times its checks, where valgrind is missing:
/// the two tests' checks would otherwise run at once on the same cores and
/// slow each other's printed times. Counts do not change with the load, so
/// where valgrind counts, the two tests run at once (on 2 cores, the test
/// then takes the longer one's time, about 7 minutes, not the sum).
static MEASURING: Mutex<()> = Mutex::new(());

/// [`MEASURING`], taken only where the tests time rather than count.
fn alone_if_timed() -> Option<std::sync::MutexGuard<'static, ()>> {
    (!valgrind_runs()).then(|| MEASURING.lock().unwrap_or_else(|e| e.into_inner()))
}

const CALLS: usize = 300;

/// The views counted: 100, a third of the [`CALLS`] the budget is for, so
/// that cachegrind runs a third as long (counting 300 views took about 5 of
/// the test's 6 minutes). The count is multiplied by 3: a view's cost does
/// not depend on how many came before it, and tripling also triples what
/// the check costs before the first view (about 0.5 billion), so the
/// scaled figure is above the 300-view file's own, never below (39.87
/// against 38.94 billion at 9a68765, 41.68 against 41.20 at e97451a;
/// docs/compile-time.md).
const COUNTED_CALLS: usize = 100;

/// The most instructions rustc may execute checking 300 views (3 times the
/// 100-view file, seed 7): the 300-view file counted 38.94 billion at
/// 9a68765 (Rust 1.95.0, valgrind 3.19), 39.87 billion as 3 times its
/// 100-view file; plus 15% for what other changes will add to a view.
/// Idle, the 2-core machine these were measured on checks about 4.4
/// billion of them a second, so the limit stands for about 10 s, the
/// SPEC's budget. docs/compile-time.md says how it was set.
const INSTRUCTION_BUDGET: f64 = 45.0e9;

/// The most peak memory `cargo check` of the 300-view file may take. Peak
/// memory is what the checker allocates, not how fast it runs, so the
/// machine's load does not move it (486 MB at load 15, 490 MB at load 1):
/// it is asserted as measured, the limit three times the current figure.
const MEMORY_BUDGET_KB: u64 = 1_500_000;

/// The most instructions rustc may execute checking 300 typed ops in the
/// tuple form: what it executed checking the 300-view file at 9a68765,
/// 38.94 billion (issue 33: "no more rustc instructions than today's
/// 300-view file").
const TYPED_OPS_BUDGET: f64 = 38.94e9;

/// The typed ops measured: 100, a third of the 300 the budget is for, so
/// that cachegrind runs a third as long. The count is multiplied by 3,
/// which also triples what any check costs before the first op (loading
/// the library's metadata): the scaled figure is above the 300-op file's
/// own count (docs/readable-shapes.md has both), never below.
const TYPED_OPS: usize = 100;

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn field(stderr: &str, name: &str) -> Option<f64> {
    stderr
        .lines()
        .find_map(|l| l.trim().strip_prefix(name))
        .and_then(|v| v.trim().parse().ok())
}

/// The standard error of `cargo check {flag}` in `dir` (its own target
/// directory), run under `/usr/bin/time -v` when `timed` and it is there;
/// it must succeed.
fn run_cargo_check(dir: &Path, flag: &str, timed: bool) -> String {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let time = Path::new("/usr/bin/time");
    let mut command = if timed && time.exists() {
        let mut c = Command::new(time);
        c.arg("-v").arg(&cargo);
        c
    } else {
        Command::new(&cargo)
    };
    let output = command
        .args(["check", flag])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .output()
        .expect("cargo runs");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "cargo check failed:\n{stderr}");
    stderr
}

/// One `cargo check -v` of a crate's library.
struct Check {
    /// The `rustc` command cargo ran for the crate itself.
    rustc: String,
    wall: Duration,
    /// User plus system CPU time, where `/usr/bin/time` measured it.
    cpu: Option<Duration>,
    /// Peak memory of the largest process (rustc) in kB, likewise.
    peak_kb: Option<u64>,
}

impl Check {
    /// The check's times, for the print: CPU time where measured (it does
    /// not count the time other work on the machine took), wall time else.
    fn seconds(&self) -> f64 {
        self.cpu.unwrap_or(self.wall).as_secs_f64()
    }

    fn describe(&self) -> String {
        let mut s = format!("{:.2?} wall", self.wall);
        if let Some(cpu) = self.cpu {
            s += &format!(", {cpu:.2?} CPU");
        }
        if let Some(kb) = self.peak_kb {
            s += &format!(", peak memory {} MB", kb / 1000);
        }
        s
    }
}

/// `cargo check -v` of `text` as the library of the crate `name` in `dir`.
fn check(dir: &Path, name: &str, text: &str) -> Check {
    write(&dir.join("src/lib.rs"), text);
    let start = Instant::now();
    let stderr = run_cargo_check(dir, "-v", true);
    let wall = start.elapsed();
    let crate_name = format!("--crate-name {} ", name.replace('-', "_"));
    let rustc = stderr
        .lines()
        .filter_map(|l| l.trim().strip_prefix("Running `"))
        .find(|l| l.contains(&crate_name))
        .and_then(|l| l.strip_suffix('`'))
        .expect("cargo check -v shows the rustc command")
        .to_owned();
    let cpu = field(&stderr, "User time (seconds):")
        .zip(field(&stderr, "System time (seconds):"))
        .map(|(user, system)| Duration::from_secs_f64(user + system));
    let peak_kb = field(&stderr, "Maximum resident set size (kbytes):").map(|kb| kb as u64);
    Check {
        rustc,
        wall,
        cpu,
        peak_kb,
    }
}

/// A temporary crate in `name` depending on this workspace's `tensor-view`,
/// its dependencies checked (not measured); returns its directory.
fn budget_crate(name: &str) -> PathBuf {
    let workspace = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    write(
        &dir.join("Cargo.toml"),
        &format!(
            "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
             [dependencies]\ntensor-view = {{ path = {:?} }}\n\n[workspace]\n",
            workspace.canonicalize().unwrap()
        ),
    );
    write(&dir.join("src/lib.rs"), "//! Dependencies only.\n");
    run_cargo_check(&dir, "--quiet", false);
    dir
}

#[test]
fn three_hundred_views_check_within_budget() {
    let _alone = alone_if_timed();
    const NAME: &str = "compile-budget";
    let dir = budget_crate(NAME);
    // The views with named constants are measured apart (docs/compile-time.md).
    let file = tensor_view_ui_tests::budget::generate(CALLS, 7);
    let checked = check(&dir, NAME, &file);
    eprintln!("{CALLS} view! calls: cargo check {}", checked.describe());
    if let Some(peak_kb) = checked.peak_kb {
        assert!(
            peak_kb < MEMORY_BUDGET_KB,
            "{peak_kb} kB is over the budget of {MEMORY_BUDGET_KB} kB"
        );
    }
    // Counted now: the count reruns rustc on the crate's file as it is.
    let counted = tensor_view_ui_tests::budget::generate(COUNTED_CALLS, 7);
    let counted_check = check(&dir, NAME, &counted);
    let count = valgrind_runs().then(|| rustc_instructions(&dir, &counted_check.rustc));
    // The typed ops, in the same crate (its dependencies are checked
    // already): the file must check; its count is asserted below.
    let ops = tensor_view_ui_tests::op_budget::generate(TYPED_OPS, 3);
    let ops_checked = check(&dir, NAME, &ops);
    eprintln!(
        "{TYPED_OPS} typed ops: cargo check {}",
        ops_checked.describe()
    );
    let Some(count) = count else {
        eprintln!(
            "valgrind is not installed: rustc's instructions are not counted and the \
             budgets are not asserted (the times above are for information)"
        );
        return;
    };
    let scale = (CALLS / TYPED_OPS) as f64;
    let ops_count = scale * rustc_instructions(&dir, &ops_checked.rustc);
    eprintln!(
        "{TYPED_OPS} typed ops, times {scale}: rustc executed {:.2} billion instructions \
         (budget for {CALLS}: {:.2} billion)",
        ops_count / 1e9,
        TYPED_OPS_BUDGET / 1e9
    );
    let views_scale = (CALLS / COUNTED_CALLS) as f64;
    let count = views_scale * count;
    eprintln!(
        "{COUNTED_CALLS} view! calls, times {views_scale}: rustc executed {:.2} billion \
         instructions (budget for {CALLS}: {:.2} billion)",
        count / 1e9,
        INSTRUCTION_BUDGET / 1e9
    );
    assert!(
        count <= INSTRUCTION_BUDGET,
        "checking {COUNTED_CALLS} view! calls took {:.2} billion instructions times \
         {views_scale}, over the budget of {:.2} billion for {CALLS} (docs/compile-time.md)",
        count / 1e9,
        INSTRUCTION_BUDGET / 1e9
    );
    assert!(
        ops_count <= TYPED_OPS_BUDGET,
        "checking {TYPED_OPS} typed ops took {:.2} billion instructions times {scale}, over \
         the budget of {:.2} billion for {CALLS} (docs/readable-shapes.md)",
        ops_count / 1e9,
        TYPED_OPS_BUDGET / 1e9
    );
}

/// A view after a static `permute!` (whose stride rule is checked while
/// compiling) costs at most twice a plain static view of the same shape and
/// target: 100 of each, each view's cost its file's over the file's baseline
/// (the same file without the views: the tensors, and their permutes),
/// divided by 100. The permutes' own cost is printed too.
///
/// The cost is what rustc executes, counted by valgrind. Without valgrind,
/// the same comparison is printed with each file's time (CPU time where
/// `/usr/bin/time` measures it), and nothing is asserted.
#[test]
fn views_after_static_permutes_cost_at_most_twice_plain_views() {
    let _alone = alone_if_timed();
    use tensor_view_ui_tests::budget::{generate_static, StaticForm};
    const VIEWS: usize = 100;
    const SEED: u64 = 11;
    const NAME: &str = "compile-budget-permuted";
    let dir = budget_crate(NAME);
    let counted = valgrind_runs();
    let (unit, scale) = if counted {
        ("million instructions", 1e-6)
    } else {
        ("ms", 1000.0)
    };
    let cost = |form| {
        let checked = check(&dir, NAME, &generate_static(VIEWS, SEED, form));
        if counted {
            rustc_instructions(&dir, &checked.rustc)
        } else {
            checked.seconds()
        }
    };
    let sources = cost(StaticForm::PlainSources);
    let plain = cost(StaticForm::Plain);
    let permutes = cost(StaticForm::Permutes);
    let permuted = cost(StaticForm::AfterPermute);
    let per_call = |total: f64, base: f64| (total - base).max(0.0) * scale / VIEWS as f64;
    let (plain_each, permuted_each) = (per_call(plain, sources), per_call(permuted, permutes));
    eprintln!(
        "{VIEWS} static views, per view: {plain_each:.1} {unit}; after a permute: \
         {permuted_each:.1} {unit} ({:.2}x); per permute {:.1} {unit}",
        permuted_each / plain_each,
        per_call(permutes, sources)
    );
    if !counted {
        eprintln!(
            "valgrind is not installed: these are times, for information; the ratio is \
             asserted only on counts of rustc's instructions"
        );
        return;
    }
    assert!(
        permuted_each <= 2.0 * plain_each,
        "a view after a permute costs {permuted_each:.1} {unit}, over twice a plain view's {plain_each:.1} {unit}"
    );
}

/// Whether valgrind runs here.
fn valgrind_runs() -> bool {
    Command::new("valgrind")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The instructions the `rustc` command `rustc` (as `cargo check -v`
/// printed it for the library in `dir`) executes, counted by valgrind's
/// cachegrind, run again from an empty incremental cache. The same file
/// and build give the same count to 0.1%.
fn rustc_instructions(dir: &Path, rustc: &str) -> f64 {
    if let Some(cache) = rustc
        .split_whitespace()
        .find_map(|word| word.strip_prefix("incremental="))
    {
        let _ = std::fs::remove_dir_all(cache);
    }
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null {rustc}"
        ))
        .current_dir(dir)
        .output()
        .expect("valgrind runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "rustc under valgrind failed:\n{stderr}"
    );
    let count = stderr
        .lines()
        .find_map(|l| l.split("I   refs:").nth(1))
        .expect("cachegrind reports the instructions");
    count.trim().replace(',', "").parse().expect("a count")
}
