#!/usr/bin/env bash
# Times this checkout's derive against an earlier revision's in one process, on the
# shared yardstick: the revision is copied out of git (crate versions bumped to
# 0.1.99 so cargo accepts two validation-runtimes in one workspace) and added to the
# yardstick's workspace as the contender `project-before`, next to `project` (this
# checkout) and hand-written. Their interleaved ratios are then paired round by
# round, which separate runs on a loaded machine are not.
#
# Usage: benches/anchors/before-after.sh [REV (default main)] [ROUNDS (default 61)] [RUNS (default 3)]
# Needs ../shared/perf-anchors (or $PERF_ANCHORS). Scratch: $PERF_WORK (default /tmp/perf-before-after).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
rev=${1:-main}; rounds=${2:-61}; runs=${3:-3}
anchors=${PERF_ANCHORS:-}
for d in "$root/../shared/perf-anchors" "$root/../../shared/perf-anchors"; do
    if [ -z "$anchors" ] && [ -x "$d/scripts/with-project.sh" ]; then anchors=$(cd "$d" && pwd); fi
done
[ -x "$anchors/scripts/with-project.sh" ] || { echo "no perf-anchors (set PERF_ANCHORS)" >&2; exit 1; }
work=${PERF_WORK:-/tmp/perf-before-after}
before="$work/before-src"
rm -rf "$before"; mkdir -p "$before"
git -C "$root" archive "$rev" | tar -x -C "$before"
grep -rl --include=Cargo.toml '"0\.1\.0"' "$before" | xargs sed -i 's/"0\.1\.0"/"0.1.99"/g'
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$work/target}
PERF_WORK="$work" "$anchors/scripts/with-project.sh" "$root" sh -c "
  set -e
  cp -r contenders/project contenders/project-before
  sed -i 's#^name = \"contender-project\"#name = \"contender-project-before\"#; s#path = \"[^\"]*/validation-runtime\"#path = \"$before/validation-runtime\"#' contenders/project-before/Cargo.toml
  sed -i 's#const NAME: &.static str = \"project\";#const NAME: \&'\"'\"'static str = \"project-before\";#' contenders/project-before/src/lib.rs
  grep -q project-before contenders/project-before/src/lib.rs
  sed -i 's#\"contenders/project\",#&\n    \"contenders/project-before\",#' Cargo.toml
  sed -i 's#^contender-project = { path = \"contenders/project\" }#&\ncontender-project-before = { path = \"contenders/project-before\" }#' Cargo.toml
  sed -i 's#^contender-project.workspace = true#&\ncontender-project-before.workspace = true#' bench/Cargo.toml
  sed -i 's#        runner::<contender_project::Project>(),#&\n        runner::<contender_project_before::Project>(),#' bench/src/lib.rs
  cargo build -q --release -p perf-bench --bin interleaved --bin alloc_count
  export PERF_CONTENDERS=handwritten,project,project-before
  cargo run -q --release -p perf-bench --bin alloc_count | grep -E '^\| (contender|project)'
  for i in \$(seq $runs); do cargo run -q --release -p perf-bench --bin interleaved $rounds | grep -E '^\| (case|valid|invalid) '; done"
