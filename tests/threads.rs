//! Tensors and views shared across threads: concurrent readers, writers
//! through different views of one storage, and snapshots that are never torn.
//!
//! Why no data race is possible from safe code is explained in the storage
//! module's doc (`tensor-core/src/storage.rs`): every read or write of
//! elements holds the storage's lock for the whole operation. These tests
//! check the consequences: disjoint writes from many threads all land,
//! readers see each write whole, and a `to_vec` sees a state that existed.

use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;

use tensor_view::{Complex, Tensor};

fn assert_send_sync<T: Send + Sync>() {}

#[test]
fn tensors_are_send_and_sync() {
    assert_send_sync::<Tensor<f32>>();
    assert_send_sync::<Tensor<bool>>();
    assert_send_sync::<Tensor<i64>>();
    assert_send_sync::<Tensor<tensor_view::f16>>();
    assert_send_sync::<Tensor<Complex<f64>>>();
}

#[test]
fn readers_on_many_threads_see_the_same_values_through_different_views() {
    let base = Tensor::<i64>::arange(24);
    let want: Vec<i64> = (0..24).collect();
    thread::scope(|s| {
        for k in 0..4 {
            let base = &base;
            let want = &want;
            s.spawn(move || {
                for _ in 0..200 {
                    let v = base.view(&[2, 3, 4]).unwrap();
                    let p = v.permute(&[2, 0, 1]).unwrap();
                    // Element [c, a, b] of p is base[a * 12 + b * 4 + c].
                    let (c, a, b) = (k % 4, k % 2, k % 3);
                    assert_eq!(
                        p.get(&[c as isize, a as isize, b as isize]).unwrap(),
                        (a * 12 + b * 4 + c) as i64
                    );
                    assert_eq!(p.contiguous().unwrap().to_vec().len(), 24);
                    assert_eq!(&base.to_vec(), want);
                }
            });
        }
    });
}

#[test]
fn writers_through_disjoint_views_all_land() {
    // 4 threads, each owning one column of a [64, 4] matrix, writing it
    // through its own transposed view; the result is the same every run.
    let base = Tensor::<i64>::zeros(&[256]).unwrap();
    thread::scope(|s| {
        for k in 0..4isize {
            let view = base.view(&[64, 4]).unwrap().transpose(0, 1).unwrap();
            s.spawn(move || {
                for i in 0..64isize {
                    view.set(&[k, i], (1000 * k + i) as i64).unwrap();
                }
            });
        }
    });
    let want: Vec<i64> = (0..256).map(|j| 1000 * (j % 4) + j / 4).collect();
    assert_eq!(base.to_vec(), want);
}

#[test]
fn handles_moved_into_threads_outlive_the_original() {
    let base = Tensor::<f64>::arange(12);
    let views: Vec<Tensor<f64>> = (0..3)
        .map(|_| base.view(&[3, 4]).unwrap().transpose(0, 1).unwrap())
        .collect();
    drop(base);
    let sums: Vec<f64> = thread::scope(|s| {
        let handles: Vec<_> = views
            .into_iter()
            .map(|v| s.spawn(move || v.to_vec().iter().sum::<f64>()))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(sums, vec![66.0; 3]);
}

#[test]
fn readers_never_see_a_torn_element() {
    // The writer stores complex numbers whose two halves are equal; a reader
    // that saw half of one write and half of another would find them unequal.
    let base = Tensor::<Complex<f64>>::zeros(&[8]).unwrap();
    let view = base.view(&[2, 4]).unwrap().transpose(0, 1).unwrap();
    thread::scope(|s| {
        s.spawn(|| {
            for n in 1..2000 {
                let v = f64::from(n);
                view.set(&[n as isize % 4, n as isize % 2], Complex::new(v, v))
                    .unwrap();
            }
        });
        for _ in 0..2 {
            s.spawn(|| {
                for _ in 0..2000 {
                    for z in base.to_vec() {
                        assert_eq!(z.re, z.im, "torn element {z}");
                    }
                    let z = base.get(&[3]).unwrap();
                    assert_eq!(z.re, z.im, "torn element {z}");
                }
            });
        }
    });
}

#[test]
fn snapshots_are_states_that_existed() {
    // The writer turns elements on one at a time, in storage order, through a
    // transposed view; every `to_vec` of the base must then be some ones
    // followed by zeros, never a later element on before an earlier one.
    let n = 512;
    let base = Tensor::<u8>::zeros(&[n]).unwrap();
    let writer_view = base.view(&[16, 32]).unwrap().transpose(0, 1).unwrap();
    let done = AtomicBool::new(false);
    thread::scope(|s| {
        s.spawn(|| {
            for slot in 0..n as isize {
                writer_view.set(&[slot % 32, slot / 32], 1).unwrap();
            }
            done.store(true, Ordering::Release);
        });
        s.spawn(|| {
            let mut last_ones = 0;
            loop {
                let finished = done.load(Ordering::Acquire);
                let snapshot = base.to_vec();
                let ones = snapshot.iter().take_while(|&&b| b == 1).count();
                assert!(
                    snapshot[ones..].iter().all(|&b| b == 0),
                    "snapshot with a gap: {snapshot:?}"
                );
                assert!(ones >= last_ones, "a write went backwards");
                last_ones = ones;
                if finished {
                    assert_eq!(ones, n, "the writer finished before this snapshot");
                    break;
                }
            }
        });
    });
    assert_eq!(base.to_vec(), vec![1; n]);
}

#[test]
fn bulk_writes_through_disjoint_views_land_whole_and_deterministically() {
    // Each of 4 writers owns two rows of an [8, 16] matrix: it fills them
    // through a narrowed view and copies into them through a transposed one,
    // many times. Readers look at each owner's rows through other views and
    // must always see one write whole (every element equal), never a mix.
    let base = Tensor::<i32>::zeros(&[8, 16]).unwrap();
    let done = AtomicBool::new(false);
    thread::scope(|s| {
        let writers: Vec<_> = (0..4isize)
            .map(|k| {
                let base = &base;
                s.spawn(move || {
                    let rows = base.narrow(0, 2 * k, 2).unwrap();
                    let rows_t = rows.transpose(0, 1).unwrap();
                    for n in 0..300 {
                        rows.fill(n).unwrap();
                        let src = Tensor::full(&[16, 2], n + 1).unwrap();
                        rows_t.copy_from(&src).unwrap();
                    }
                })
            })
            .collect();
        s.spawn(|| {
            let cols = base.transpose(0, 1).unwrap();
            while !done.load(Ordering::Acquire) {
                for k in 0..4isize {
                    let region = cols.narrow(1, 2 * k, 2).unwrap().to_vec();
                    assert!(
                        region.iter().all(|&v| v == region[0]),
                        "a bulk write seen half done: {region:?}"
                    );
                }
            }
        });
        for w in writers {
            w.join().unwrap();
        }
        done.store(true, Ordering::Release);
    });
    assert_eq!(
        base.to_vec(),
        vec![300; 128],
        "every writer's last copy landed"
    );
}
