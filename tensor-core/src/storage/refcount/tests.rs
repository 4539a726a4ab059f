//! The biased count frees each object exactly once, whichever threads clone
//! and drop its handles, including after its owner thread has exited.

use super::*;
use std::sync::atomic::AtomicUsize;
use std::sync::mpsc;
use std::thread;

/// Counts how many times values of it were dropped.
struct Probe(Arc<AtomicUsize>);

impl Drop for Probe {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

fn probe() -> (BiasedArc<Probe>, Arc<AtomicUsize>) {
    let drops = Arc::new(AtomicUsize::new(0));
    (BiasedArc::new(Probe(drops.clone())), drops)
}

fn dropped(drops: &AtomicUsize) -> usize {
    drops.load(Ordering::SeqCst)
}

#[test]
fn owner_thread_clones_and_drops_without_atomics_and_frees_once() {
    let (a, drops) = probe();
    let clones: Vec<_> = (0..10).map(|_| a.clone()).collect();
    assert_eq!(a.counts().local.get(), 11);
    assert_eq!(a.counts().shared.load(Ordering::SeqCst), 0);
    drop(clones);
    assert_eq!(dropped(&drops), 0);
    drop(a);
    assert_eq!(dropped(&drops), 1);
}

// lets tests read the counts through a handle
impl<T: Send + Sync> BiasedArc<T> {
    fn counts(&self) -> &Inner<T> {
        self.inner()
    }
}

#[test]
fn last_handle_dropped_on_another_thread_after_the_owner_merged_frees_there() {
    let (a, drops) = probe();
    let b = a.clone();
    drop(a); // owner count 1 -> still b
    let handle = thread::spawn(move || {
        let c = b.clone(); // shared +1
        drop(b); // b was counted by the owner: shared back to 0
        c
    });
    let c = handle.join().unwrap();
    assert_eq!(dropped(&drops), 0);
    drop(c); // on the owner: owner count 1 -> 0, merge, shared count 0: freed
    assert_eq!(dropped(&drops), 1);
}

#[test]
fn handles_made_here_and_dropped_elsewhere_are_freed_by_the_owners_next_drop() {
    let (a, drops) = probe();
    let sent: Vec<_> = (0..4).map(|_| a.clone()).collect();
    thread::spawn(move || drop(sent)).join().unwrap();
    // the other thread left the shared count at -4 and queued the object
    assert_eq!(dropped(&drops), 0);
    assert_ne!(a.counts().shared.load(Ordering::SeqCst) & QUEUED, 0);
    let keep = a.clone();
    drop(a); // sees QUEUED, drains: owner count 1 + shared -4 ... merged
    assert_eq!(dropped(&drops), 0, "one handle is still alive");
    drop(keep);
    assert_eq!(dropped(&drops), 1);
}

#[test]
fn the_only_handle_sent_away_is_freed_when_the_owner_creates_again() {
    let (a, drops) = probe();
    thread::spawn(move || drop(a)).join().unwrap();
    assert_eq!(dropped(&drops), 0, "waits in the owner's queue");
    let (other, other_drops) = probe(); // creating drains the queue first
    assert_eq!(dropped(&drops), 1);
    drop(other);
    assert_eq!(dropped(&other_drops), 1);
}

#[test]
fn objects_outliving_their_owner_thread_are_freed_by_the_last_drop() {
    let (tx, rx) = mpsc::channel();
    let drops = thread::spawn(move || {
        let (a, drops) = probe();
        let handles: Vec<_> = (0..3).map(|_| a.clone()).collect();
        tx.send(handles).unwrap();
        // `a` is dropped here, on the owner; the owner then exits
        drops
    })
    .join()
    .unwrap();
    let handles = rx.recv().unwrap();
    assert_eq!(dropped(&drops), 0);
    let extra = handles[0].clone();
    drop(handles);
    assert_eq!(dropped(&drops), 0);
    drop(extra); // owner dead: this thread folds the frozen owner count in
    assert_eq!(dropped(&drops), 1);
}

#[test]
fn objects_queued_when_their_owner_exits_are_merged_by_its_exit() {
    let (to_owner, owner_rx) = mpsc::channel::<()>();
    let (from_owner, rx) = mpsc::channel();
    let owner = thread::spawn(move || {
        let (a, drops) = probe();
        let keep = a.clone();
        from_owner.send((a, drops)).unwrap();
        owner_rx.recv().unwrap();
        keep // handed back out of the owner at its exit
    });
    let (a, drops) = rx.recv().unwrap();
    drop(a); // negative shared count: queued for the (live) owner
    to_owner.send(()).unwrap();
    let keep = owner.join().unwrap();
    assert_eq!(dropped(&drops), 0);
    drop(keep);
    assert_eq!(dropped(&drops), 1);
}

#[test]
fn many_threads_cloning_and_dropping_free_exactly_once() {
    for round in 0..20 {
        let (a, drops) = probe();
        let workers: Vec<_> = (0..4)
            .map(|w| {
                let mine = a.clone();
                thread::spawn(move || {
                    let mut held = vec![mine];
                    for i in 0..200 {
                        if (i + w + round) % 3 == 0 && held.len() > 1 {
                            held.pop();
                        } else {
                            let c = held[i % held.len()].clone();
                            held.push(c);
                        }
                    }
                    held
                })
            })
            .collect();
        for _ in 0..100 {
            drop(a.clone());
        }
        let mut returned: Vec<_> = workers.into_iter().map(|w| w.join().unwrap()).collect();
        assert_eq!(dropped(&drops), 0);
        // drop half here, half on another thread, the original last
        let away = returned.split_off(2);
        thread::spawn(move || drop(away)).join().unwrap();
        drop(returned);
        assert_eq!(dropped(&drops), 0);
        drop(a);
        assert_eq!(dropped(&drops), 1, "round {round}");
    }
}

#[test]
fn an_object_made_while_its_thread_exits_is_unowned_and_freed_normally() {
    struct MakesOneOnExit(Arc<AtomicUsize>);
    impl Drop for MakesOneOnExit {
        fn drop(&mut self) {
            let a = BiasedArc::new(Probe(self.0.clone()));
            let b = a.clone();
            drop(a);
            drop(b);
        }
    }
    thread_local! {
        static ON_EXIT: std::cell::RefCell<Option<MakesOneOnExit>> = const { std::cell::RefCell::new(None) };
    }
    let drops = Arc::new(AtomicUsize::new(0));
    let d = drops.clone();
    thread::spawn(move || {
        // make this thread an owner first, so its queue is torn down at exit
        drop(BiasedArc::new(0u8));
        ON_EXIT.with(|slot| *slot.borrow_mut() = Some(MakesOneOnExit(d)));
    })
    .join()
    .unwrap();
    assert_eq!(dropped(&drops), 1);
}

#[test]
fn equality_and_address_follow_the_object() {
    let (a, _) = probe();
    let b = a.clone();
    let (c, _) = probe();
    assert!(BiasedArc::ptr_eq(&a, &b));
    assert!(!BiasedArc::ptr_eq(&a, &c));
    assert_eq!(BiasedArc::as_ptr(&a), BiasedArc::as_ptr(&b));
    assert_eq!(BiasedArc::as_ptr(&a), &*a as *const Probe);
}
