#!/usr/bin/env bash
# Runs tensor-core's unit tests (the crate with the storage, the copy kernels
# and every `unsafe` block) under valgrind's memcheck, failing on any memory
# error or definite leak. Also runs a short slice of the random op chains
# (tests/prop_chains.rs), which drive the copy kernels over many layouts.
#
# Doc tests are not run here: each is a separate rustc-compiled program, and
# under valgrind they would cost minutes while testing nothing the unit tests
# and chains do not. Measured on the 2-core CI machine: see docs/reliability.md.
set -euo pipefail
cd "$(dirname "$0")/.."

bash "$(dirname "$0")/install-valgrind.sh"

memcheck=(valgrind --tool=memcheck --error-exitcode=1 --leak-check=full
  --show-leak-kinds=definite --errors-for-leak-kinds=definite --quiet)

# The path of the test executable `$1` (a crate's unit tests, or an
# integration test binary, by its target name) among those of `cargo test --workspace`:
# the build the test run made, so nothing is compiled again (a build of one
# package alone unifies other features and would build its dependencies anew).
test_binary() {
  local out
  out=$(cargo test --workspace --no-run 2>&1) || { echo "$out" >&2; return 1; }
  echo "$out" | sed -n "s/^ *Executable .*(\(.*\/$1-[0-9a-f]*\))$/\1/p" | tail -n 1
}

# VALGRIND_QUICK=1 skips the two kernel tests that take a minute each under
# memcheck (they run the same kernels as their smaller neighbours, at many
# sizes); they still run natively in `cargo test`.
# The guard-page tests are for the kernels valgrind cannot run (AVX-512);
# they run natively in `cargo test`.
skips=(--skip kernels::tests::guard_pages)
# It also skips the accuracy sweeps of the math kernels (a minute under
# memcheck) and the random sweep of `index!`'s fast layout path (three
# minutes): safe code with no `unsafe` block, touching no element. And
# softmax's test of recycled result buffers (six minutes on 4 MiB
# buffers): a recycled buffer holds initialised values, so memcheck cannot
# see a stale one; the test's own comparison does, natively, and the
# smaller softmax tests run the same writer on fresh buffers, which
# memcheck does check.
if [ "${VALGRIND_QUICK:-0}" = 1 ]; then
  skips+=(--skip kernels::tests::copies_match_the_reference_for_every_element_size
         --skip kernels::tests::copies_above_the_parallel_threshold_match_the_reference
         --skip kernels::math::tests
         --skip layout::index_simple::tests::agrees_with_the_item_by_item_path_wherever_it_answers
         --skip tensor::softmax::tests::recycled_result_buffers_are_written_whole)
fi

start=$(date +%s)
lib_tests=$(test_binary tensor_core)
# The chains are the module `prop_chains` of the `runtime` test binary
# (tests/suites/runtime.rs); only its tests run.
chains=$(test_binary runtime)
# Both found: cargo is no longer needed here. A caller that runs a build
# beside this script (.ci/run) waits for this file, so that build's lock
# on the target directory does not hold up the look-ups.
if [ -n "${VALGRIND_READY:-}" ]; then : >"$VALGRIND_READY"; fi
echo "valgrind: tensor-core unit tests ($lib_tests)"
"${memcheck[@]}" "$lib_tests" --test-threads=2 -q "${skips[@]}"

echo "valgrind: 100 random op chains ($chains prop_chains::)"
TENSOR_VIEW_PROPTEST_CASES=100 "${memcheck[@]}" "$chains" -q prop_chains::

echo "valgrind: no memory errors ($(($(date +%s) - start)) s)"
