//! No sequence of safe calls on one thread deadlocks, even with a writer
//! waiting on another thread: reads and writes inside `map`/`zip_map`
//! closures succeed (the closures run over copies, with no lock held);
//! while an `ndarray_view()` guard lives, reads succeed and writes to the
//! guarded storage fail at once with `ViewError::ReadHeldByThisThread`.
//! (`tests/thread_stress.rs` runs calls from many threads.)
//!
//! Each scenario runs on a thread of its own and reports on a channel; the
//! test waits with a timeout, so a regression fails instead of hanging.
//! The writer thread is given time to start waiting for the write lock
//! before the scenario reads again (the case std's `RwLock` hangs on: it
//! queues new reads behind a waiting writer).

use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use tensor_view::{Tensor, ViewError};

/// How long the writer gets to start waiting.
const WRITER_QUEUES: Duration = Duration::from_millis(100);

/// Runs `scenario` on its own thread; fails if it takes longer than 20 s.
fn within_time_limit(scenario: impl FnOnce() + Send + 'static) {
    let (done, finished) = mpsc::channel();
    let runner = thread::spawn(move || {
        scenario();
        done.send(()).unwrap();
    });
    match finished.recv_timeout(Duration::from_secs(20)) {
        Ok(()) => runner.join().unwrap(),
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            // the scenario panicked: report its panic
            if let Err(panic) = runner.join() {
                std::panic::resume_unwind(panic);
            }
        }
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("deadlock: the scenario did not finish"),
    }
}

/// A thread that, once told, writes `value` into all of `x` (waiting for
/// the write lock as long as it takes).
fn waiting_writer(x: &Tensor<f32>, value: f32) -> (mpsc::Sender<()>, thread::JoinHandle<()>) {
    let (go, start) = mpsc::channel::<()>();
    let x = x.clone();
    let writer = thread::spawn(move || {
        start.recv().unwrap();
        x.fill(value).unwrap();
    });
    (go, writer)
}

/// The review's first hang: `x.get(..)` inside `x.map(..)` while a writer
/// waits. No lock is held while the closure runs, so the closure can even
/// wait for another thread's write of `x` to finish; the map's result is
/// computed from the values before it.
#[test]
fn a_read_inside_map_succeeds_while_another_thread_writes() {
    within_time_limit(|| {
        let x = Tensor::<f32>::arange(64);
        let (go, writer) = waiting_writer(&x, -1.0);
        let mut writer = Some(writer);
        let doubled = x.map(|v| {
            if let Some(writer) = writer.take() {
                go.send(()).unwrap();
                writer.join().unwrap();
            }
            // the write has landed
            assert_eq!(x.get(&[3]).unwrap(), -1.0);
            assert_eq!(x.view(&[8, 8]).unwrap().get(&[1, 1]).unwrap(), -1.0);
            2.0 * v
        });
        assert_eq!(
            doubled.to_vec(),
            (0..64).map(|v| 2.0 * v as f32).collect::<Vec<_>>()
        );
        assert!(x.to_vec().iter().all(|&v| v == -1.0));
    });
}

/// The same inside `zip_map`, reading both inputs and a third tensor, and a
/// `map` nested in the closure, with writers of both inputs finishing
/// while the closure waits for them.
#[test]
fn reads_inside_zip_map_and_nested_maps_succeed_while_other_threads_write() {
    within_time_limit(|| {
        let x = Tensor::<f32>::arange(16);
        let y = Tensor::<f32>::arange(16)
            .view(&[4, 4])
            .unwrap()
            .t()
            .unwrap();
        let (go_x, writer_x) = waiting_writer(&x, 0.0);
        let (go_y, writer_y) = waiting_writer(&y, 0.0);
        let mut writers = Some((writer_x, writer_y));
        let sums = x
            .view(&[4, 4])
            .unwrap()
            .zip_map(&y, |a, b| {
                if let Some((writer_x, writer_y)) = writers.take() {
                    go_x.send(()).unwrap();
                    go_y.send(()).unwrap();
                    writer_x.join().unwrap();
                    writer_y.join().unwrap();
                }
                let nested = x.map(|v| v + 1.0).to_vec();
                assert_eq!(nested[15], 1.0);
                assert_eq!(y.get(&[0, 1]).unwrap(), 0.0);
                a + b
            })
            .unwrap();
        // computed from the values before the writes
        assert_eq!(sums.get(&[0, 1]).unwrap(), 1.0 + 4.0);
        assert!(x.to_vec().iter().all(|&v| v == 0.0));
    });
}

/// The review's second hang: a read while an `ndarray_view()` guard lives.
#[test]
fn reads_while_an_ndarray_guard_lives_succeed_while_a_writer_waits() {
    within_time_limit(|| {
        let x = Tensor::<f32>::arange(12).view(&[3, 4]).unwrap();
        let guard = x.ndarray_view().unwrap();
        let (go, writer) = waiting_writer(&x, 5.0);
        go.send(()).unwrap();
        thread::sleep(WRITER_QUEUES);
        assert_eq!(x.get(&[2, 3]).unwrap(), 11.0);
        assert_eq!(x.t().unwrap().to_vec()[1], 4.0);
        assert_eq!(x.contiguous().unwrap().get(&[1, 0]).unwrap(), 4.0);
        // a second guard of the same storage too
        let second = x.narrow(0, 1, 1).unwrap();
        assert_eq!(
            second.ndarray_view().unwrap().view().sum(),
            4.0 + 5.0 + 6.0 + 7.0
        );
        assert_eq!(guard.view()[[0, 1]], 1.0);
        drop(guard);
        writer.join().unwrap();
        assert!(x.to_vec().iter().all(|&v| v == 5.0));
    });
}

/// Every write inside `map` succeeds, to the storage being mapped too (the
/// closure runs over a copy, with no lock held): the result is computed
/// from the values before the writes, and the writes land.
#[test]
fn writes_inside_map_to_the_storage_read_succeed() {
    within_time_limit(|| {
        let x = Tensor::<f32>::arange(6);
        let mut view = x.view(&[2, 3]).unwrap();
        let other = Tensor::<f32>::zeros(&[6]).unwrap();
        let mut outcomes = Vec::new();
        let mut first = true;
        let y = x.map(|v| {
            if first {
                first = false;
                outcomes.push(x.set(&[0], 9.0));
                outcomes.push(view.index(&tensor_view::s![1]).unwrap().fill(8.0));
                outcomes.push(other.copy_from(&x)); // reads the writes above
                outcomes.push(other.set(&[1], 7.0));
                outcomes.push(view.resize_(&[4, 4]));
            }
            v
        });
        assert_eq!(outcomes, vec![Ok(()); 5]);
        assert_eq!(y.to_vec(), vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
        assert_eq!(x.to_vec(), vec![9.0, 1.0, 2.0, 8.0, 8.0, 8.0]);
        assert_eq!(other.to_vec(), vec![9.0, 7.0, 2.0, 8.0, 8.0, 8.0]);
        assert_eq!(view.shape(), &[4, 4]);
    });
}

/// The same with `zip_map`: writes to either input succeed, with a writer
/// waiting on another thread meanwhile (it gets through as soon as the
/// inputs are copied).
#[test]
fn writes_inside_zip_map_to_either_input_succeed() {
    within_time_limit(|| {
        let a = Tensor::<i64>::arange(4);
        let b = Tensor::<i64>::arange(4);
        let (go, start) = mpsc::channel::<()>();
        let waiting = {
            let a = a.clone();
            thread::spawn(move || {
                start.recv().unwrap();
                a.set(&[0], 100).unwrap();
            })
        };
        let mut outcomes = Vec::new();
        let sums = a
            .zip_map(&b, |p, q| {
                if outcomes.is_empty() {
                    go.send(()).unwrap();
                    thread::sleep(WRITER_QUEUES);
                    outcomes.push(a.set(&[1], 0));
                    let at = Tensor::<i64>::zeros(&[1]).unwrap();
                    outcomes.push(b.index_put_(&[&at], &Tensor::<i64>::full(&[1], 7).unwrap()));
                }
                p + q
            })
            .unwrap();
        assert_eq!(outcomes, vec![Ok(()), Ok(())]);
        assert_eq!(sums.to_vec(), vec![0, 2, 4, 6]);
        waiting.join().unwrap();
        assert_eq!(a.to_vec(), vec![100, 0, 2, 3]);
        assert_eq!(b.to_vec(), vec![7, 1, 2, 3]);
    });
}

/// Writes while an `ndarray_view()` guard lives fail at once, and the
/// guard's view keeps the values; after the guard, they succeed.
#[test]
fn writes_while_an_ndarray_guard_lives_fail_at_once() {
    within_time_limit(|| {
        let x = Tensor::<f64>::arange(4);
        let alias = x.view(&[2, 2]).unwrap();
        let guard = x.ndarray_view().unwrap();
        let held = Err(ViewError::ReadHeldByThisThread);
        assert_eq!(alias.set(&[0, 0], 1.5), held);
        assert_eq!(alias.fill(1.5), held);
        assert_eq!(x.copy_from(&Tensor::<f64>::zeros(&[4]).unwrap()), held);
        assert_eq!(
            guard.view().iter().copied().collect::<Vec<_>>(),
            vec![0.0, 1.0, 2.0, 3.0]
        );
        drop(guard);
        alias.fill(1.5).unwrap();
        assert_eq!(x.to_vec(), vec![1.5; 4]);
    });
}

/// A closure that panics leaves no lock behind: writes work afterwards,
/// and a writer started meanwhile gets through.
#[test]
fn a_panicking_closure_releases_its_read() {
    within_time_limit(|| {
        let x = Tensor::<f32>::arange(8);
        let (go, writer) = waiting_writer(&x, 2.0);
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            x.map(|v| {
                go.send(()).unwrap();
                thread::sleep(WRITER_QUEUES);
                if v >= 0.0 {
                    panic!("closure failed");
                }
                v
            })
        }));
        assert!(caught.is_err());
        writer.join().unwrap();
        x.set(&[0], 5.0).unwrap();
        assert_eq!(x.to_vec()[..2], [5.0, 2.0]);
    });
}
