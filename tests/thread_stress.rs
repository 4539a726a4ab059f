//! No mix of safe calls on shared tensors hangs, whatever the threads do:
//! two-operand ops, copies, fills, in-place ops and user closures that read
//! and write other tensors, on a few tensors (some sharing a storage) from
//! several threads at once.
//!
//! Every worker counts each finished call on a shared counter; a watchdog
//! fails the test when the counter stands still for [`STALL`] while work
//! remains (a deadlock), instead of letting the test hang. The stuck
//! threads are left behind: the test binary exits when its tests are done.
//!
//! The first tests are the hangs of issue 31 verbatim; the last runs
//! thousands of random schedules within a few seconds.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Barrier};
use std::thread;
use std::time::{Duration, Instant};

use tensor_view::Tensor;

/// How long the calls may make no progress before the test calls it a hang.
/// No call here takes more than milliseconds, even in a debug build on a
/// busy machine.
const STALL: Duration = Duration::from_secs(10);

/// Progress shared by the workers and the watchdog.
#[derive(Default)]
struct Progress {
    calls: AtomicU64,
    done: AtomicBool,
}

impl Progress {
    fn tick(&self) {
        self.calls.fetch_add(1, Ordering::Relaxed);
    }
}

/// The work of one thread, given the shared progress counter.
type Worker = Box<dyn FnOnce(&Progress) + Send>;

/// Runs `workers` (each given the progress counter) on threads of their own
/// and waits for all of them; panics when no call finishes for [`STALL`]
/// (a deadlock) or when a worker panics. Returns the number of calls made.
fn under_watchdog(workers: Vec<Worker>) -> u64 {
    let progress = Arc::new(Progress::default());
    let (finished, all_done) = mpsc::channel();
    let runner = {
        let progress = Arc::clone(&progress);
        thread::spawn(move || {
            thread::scope(|s| {
                let handles: Vec<_> = workers
                    .into_iter()
                    .map(|work| {
                        let progress = &*progress;
                        s.spawn(move || work(progress))
                    })
                    .collect();
                for h in handles {
                    if let Err(panic) = h.join() {
                        std::panic::resume_unwind(panic);
                    }
                }
            });
            progress.done.store(true, Ordering::SeqCst);
            let _ = finished.send(());
        })
    };
    let mut last = (progress.calls.load(Ordering::Relaxed), Instant::now());
    loop {
        match all_done.recv_timeout(Duration::from_millis(50)) {
            Ok(()) => break,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                // the runner panicked (a worker did): report that panic
                if let Err(panic) = runner.join() {
                    std::panic::resume_unwind(panic);
                }
                unreachable!("the runner ended without reporting");
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let now = progress.calls.load(Ordering::Relaxed);
                if now != last.0 {
                    last = (now, Instant::now());
                } else if last.1.elapsed() >= STALL {
                    panic!("deadlock: no call finished for {STALL:?} (after {now} calls)");
                }
            }
        }
    }
    runner.join().unwrap();
    assert!(progress.done.load(Ordering::SeqCst));
    progress.calls.load(Ordering::Relaxed)
}

/// How many times each worker of the verbatim scenarios loops.
const ROUNDS: usize = 3000;

/// Issue 31's three-thread hang: `matmul` against `copy_from` against `fill`.
#[test]
fn matmul_copies_and_fills_on_three_threads_finish() {
    let a = Tensor::<f32>::ones(&[8, 8]).unwrap();
    let b = Tensor::<f32>::ones(&[8, 8]).unwrap();
    let (a1, b1, a2, b2, a3, b3) = (
        a.clone(),
        b.clone(),
        a.clone(),
        b.clone(),
        a.clone(),
        b.clone(),
    );
    let calls = under_watchdog(vec![
        Box::new(move |p: &Progress| {
            for _ in 0..ROUNDS {
                a1.matmul(&b1).unwrap();
                b1.matmul(&a1).unwrap();
                p.tick();
            }
        }),
        Box::new(move |p: &Progress| {
            for _ in 0..ROUNDS {
                b2.copy_from(&a2).unwrap();
                a2.copy_from(&b2).unwrap();
                p.tick();
            }
        }),
        Box::new(move |p: &Progress| {
            for _ in 0..ROUNDS {
                a3.fill(1.0).unwrap();
                b3.fill(1.0).unwrap();
                p.tick();
            }
        }),
    ]);
    assert_eq!(calls, 3 * ROUNDS as u64);
    // every write stored ones: the products of ones are 8 each
    assert!(a.to_vec().iter().all(|&v| v == 1.0));
    assert!(a.matmul(&b).unwrap().to_vec().iter().all(|&v| v == 8.0));
}

/// Issue 31's second hang: writes inside `map` closures, each thread
/// mapping one tensor and writing the other. The writes succeed (no lock
/// is held while a closure runs), and each `map` computes from the values
/// its input had when it started.
#[test]
fn maps_writing_each_others_input_finish_and_write() {
    let a = Tensor::<f32>::zeros(&[16]).unwrap();
    let b = Tensor::<f32>::zeros(&[16]).unwrap();
    let (a1, b1, a2, b2) = (a.clone(), b.clone(), a.clone(), b.clone());
    under_watchdog(vec![
        Box::new(move |p: &Progress| {
            for round in 0..ROUNDS {
                let out = a1.map(|v| {
                    b1.set(&[round % 16], 1.0).unwrap();
                    v
                });
                assert_eq!(out.shape(), &[16]);
                p.tick();
            }
        }),
        Box::new(move |p: &Progress| {
            for round in 0..ROUNDS {
                let out = b2.map(|v| {
                    a2.set(&[round % 16], 2.0).unwrap();
                    v
                });
                assert_eq!(out.shape(), &[16]);
                p.tick();
            }
        }),
    ]);
    assert!(a.to_vec().iter().all(|&v| v == 2.0));
    assert!(b.to_vec().iter().all(|&v| v == 1.0));
}

/// The same with `zip_map` closures, each writing the other pair's inputs.
#[test]
fn zip_maps_writing_each_others_inputs_finish() {
    let a = Tensor::<i64>::zeros(&[4, 4]).unwrap();
    let b = Tensor::<i64>::zeros(&[4]).unwrap();
    let (a1, b1, a2, b2) = (a.clone(), b.clone(), a.clone(), b.clone());
    under_watchdog(vec![
        Box::new(move |p: &Progress| {
            for _ in 0..ROUNDS {
                a1.zip_map(&b1, |x, y| {
                    b1.fill(3).unwrap();
                    x + y
                })
                .unwrap();
                p.tick();
            }
        }),
        Box::new(move |p: &Progress| {
            for _ in 0..ROUNDS {
                b2.zip_map(&a2, |x, y| {
                    a2.fill(4).unwrap();
                    x - y
                })
                .unwrap();
                p.tick();
            }
        }),
    ]);
    assert!(a.to_vec().iter().all(|&v| v == 4));
    assert!(b.to_vec().iter().all(|&v| v == 3));
}

/// A closure writing the very tensor being mapped: the write lands, and the
/// result is computed from the values before it.
#[test]
fn a_map_closure_may_write_its_own_input() {
    let x = Tensor::<i32>::arange(6);
    let view = x.view(&[2, 3]).unwrap();
    let doubled = x.map(|v| {
        view.fill(-1).unwrap();
        x.set(&[0], 100).unwrap();
        2 * v
    });
    assert_eq!(doubled.to_vec(), vec![0, 2, 4, 6, 8, 10]);
    assert_eq!(x.to_vec(), vec![100, -1, -1, -1, -1, -1]);
    let sums = x
        .zip_map(
            &view.t().unwrap().contiguous().unwrap().view(&[6]).unwrap(),
            |p, q| {
                x.fill(0).unwrap();
                p + q
            },
        )
        .unwrap();
    assert_eq!(sums.to_vec(), vec![200, -2, -2, -2, -2, -2]);
    assert_eq!(x.to_vec(), vec![0; 6]);
}

/// A small deterministic generator (xorshift), so a failing schedule's
/// seed can be rerun.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The shared tensors of the random schedules: all `[4, 4]`, three with
/// storages of their own and three views sharing storages (a transpose of
/// the first, two halves of one base).
fn shared_tensors() -> Vec<Tensor<f32>> {
    let a = Tensor::<f32>::ones(&[4, 4]).unwrap();
    let b = Tensor::<f32>::arange(16).view(&[4, 4]).unwrap();
    let c = Tensor::<f32>::zeros(&[4, 4]).unwrap();
    let base = Tensor::<f32>::arange(32).view(&[8, 4]).unwrap();
    vec![
        a.clone(),
        b,
        c,
        a.t().unwrap(),
        base.narrow(0, 0, 4).unwrap(),
        base.narrow(0, 4, 4).unwrap(),
    ]
}

/// One random call on the shared tensors (errors such as PyTorch's overlap
/// refusals are fine; hangs and panics are not).
fn random_call(rng: &mut Rng, t: &[Tensor<f32>], mask: &Tensor<bool>, rows: &Tensor<i64>) {
    let n = t.len();
    let (x, y, z) = (&t[rng.below(n)], &t[rng.below(n)], &t[rng.below(n)]);
    let at = [rng.below(4), rng.below(4)];
    match rng.below(16) {
        0 => drop(x.matmul(y)),
        1 => drop(x.copy_from(y)),
        2 => drop(x.fill(rng.below(5) as f32)),
        3 => drop(x.add(y)),
        4 => drop(x.add_(y)),
        5 => drop(Tensor::where_(mask, x, y)),
        6 => drop(x.masked_fill_(mask, 7.0)),
        7 => drop(Tensor::cat(&[x, y, z], 0)),
        8 => drop(x.index_put_(&[rows], &y.narrow(0, 0, 2).unwrap())),
        9 => drop(x.t().unwrap().contiguous()),
        10 => drop(x.sum(&[0], false)),
        // user code: closures reading and writing other tensors (and their own)
        11 => drop(x.map(|v| {
            let _ = y.set(&at, v);
            let _ = z.get(&at);
            v + 1.0
        })),
        12 => drop(x.zip_map(y, |p, q| {
            let _ = z.fill(p);
            p * q
        })),
        13 => drop(x.map(|v| {
            let _ = y.copy_from(z);
            let _ = z.matmul(x);
            v
        })),
        14 => drop(x.zip_map(y, |p, _| {
            let _ = x.map(|v| {
                let _ = z.set(&at, v);
                v
            });
            p
        })),
        _ => drop(x.set(&at, 1.0).and_then(|()| y.get(&at)).map(|v| z.fill(v))),
    }
}

/// Thousands of random schedules: in each, every thread makes a few random
/// calls, all threads starting together (a barrier), on tensors shared by
/// all. A fixed count of schedules (a few seconds in a debug build), so
/// every run makes the same calls whatever the machine's load.
#[test]
fn random_mixes_of_calls_on_shared_tensors_never_hang() {
    const THREADS: usize = 4;
    const SCHEDULES: usize = 2000;
    const CALLS: usize = 3;
    let tensors = Arc::new(shared_tensors());
    let start = Arc::new(Barrier::new(THREADS));
    let workers: Vec<Worker> = (0..THREADS)
        .map(|k| {
            let (tensors, start) = (tensors.clone(), start.clone());
            Box::new(move |p: &Progress| {
                let mask = Tensor::from_fn(4, |i| i % 2 == k % 2);
                let rows = Tensor::<i64>::from_vec(vec![k as i64 % 4, 3], &[2]).unwrap();
                for schedule in 0..SCHEDULES {
                    start.wait();
                    let mut rng = Rng((schedule * THREADS + k) as u64 * 0x9E37_79B9 + 1);
                    for _ in 0..CALLS {
                        random_call(&mut rng, &tensors, &mask, &rows);
                        p.tick();
                    }
                }
            }) as Worker
        })
        .collect();
    let calls = under_watchdog(workers);
    assert_eq!(calls, (SCHEDULES * THREADS * CALLS) as u64);
}
