#!/usr/bin/env bash
# MPI and shard determinism: for a firefight and a barrage scenario, `mpirun -np 2` and
# `-np 3` and 4 shards merged give tallies bit-identical to the single-process run with the same seed
# (the JSON results' signatures, a hash of every integer of the tally, must be equal); the races
# (`best`, `balance`) under mpirun write the JSON one process writes; and merge refuses shards that
# do not belong together.
# usage: tests/sim/record/mpi_determinism.sh build/release/volley build/mpi/volley
set -euo pipefail
single=$(realpath "$1")
mpi=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
# CI runs as root, in a container where shared memory transports may be unavailable.
mpirun_flags=(--oversubscribe --mca btl self,tcp)
[[ $(id -u) -eq 0 ]] && mpirun_flags+=(--allow-run-as-root)
signature() { grep -o '"signature": *"0x[0-9a-f]*"' "$1" | head -1 | grep -o '0x[0-9a-f]*'; }
passed=0
failed=0
check() {  # name expected actual
  if [[ "$2" == "$3" ]]; then passed=$((passed + 1)); echo "ok: $1"; else failed=$((failed + 1)); echo "FAILED: $1 ($2 != $3)"; fi
}
refused() {  # name command...
  local name=$1; shift
  if "$@" >out.txt 2>err.txt; then failed=$((failed + 1)); echo "FAILED: $name (accepted)";
  else passed=$((passed + 1)); echo "ok: $name: $(head -1 err.txt)"; fi
}
for scenario in osona designated-targets; do
  args=(run "$scenario" --trials 30000 --seed 11 --quiet)
  "$single" "${args[@]}" --json single.json >/dev/null
  expected=$(signature single.json)
  for np in 2 3; do
    mpirun "${mpirun_flags[@]}" -np "$np" "$mpi" "${args[@]}" --json "mpi$np.json" >/dev/null
    check "$scenario: mpirun -np $np equals one process" "$expected" "$(signature "mpi$np.json")"
  done
  for k in 1 2 3 4; do "$single" "${args[@]}" --shard "$k/4" --json "shard$k.json" >/dev/null; done
  "$single" merge shard1.json shard2.json shard3.json shard4.json --json merged.json >/dev/null
  check "$scenario: 4 shards merged equal one process" "$expected" "$(signature merged.json)"
  # --precision across ranks stops at the same block count as one process.
  "$single" run "$scenario" --precision 0.02 --seed 5 --quiet --json p1.json >/dev/null
  mpirun "${mpirun_flags[@]}" -np 3 "$mpi" run "$scenario" --precision 0.02 --seed 5 --quiet --json p3.json >/dev/null
  check "$scenario: --precision under mpirun -np 3 equals one process" "$(signature p1.json)" "$(signature p3.json)"
done
# The races: `best` and `balance` take a decision after every round on the tallies reduced across
# ranks, so under mpirun they give the same answer and the same JSON as one process with 1 or 2
# threads (timings masked). And the ranks share the work: with rank 1 given another seed (its blocks
# then differ from one process's), rank 0's answer changes, which it cannot if every rank played
# every block alone.
untimed() { sed -E 's/"seconds": *[-0-9.eE+]+/"seconds": 0/g' "$1" | md5sum; }
race_check() {  # name seed args...
  local name=$1 seed=$2; shift 2
  "$single" "$@" --seed "$seed" --threads 1 --quiet --json race1.json >/dev/null
  "$single" "$@" --seed "$seed" --threads 2 --quiet --json race2.json >/dev/null
  check "$name: --threads 2 equals --threads 1" "$(untimed race1.json)" "$(untimed race2.json)"
  for np in 1 2 3; do
    mpirun "${mpirun_flags[@]}" -np "$np" "$mpi" "$@" --seed "$seed" --threads 1 --quiet --json "race-mpi$np.json" >/dev/null
    check "$name: mpirun -np $np equals one process" "$(untimed race1.json)" "$(untimed "race-mpi$np.json")"
  done
  mpirun "${mpirun_flags[@]}" -np 1 "$mpi" "$@" --seed "$seed" --threads 1 --quiet --json race-split.json : \
    -np 1 "$mpi" "$@" --seed $((seed + 1)) --threads 1 --quiet >/dev/null
  if [[ "$(untimed race1.json)" != "$(untimed race-split.json)" ]]; then passed=$((passed + 1)); echo "ok: $name: rank 1's blocks reach rank 0's answer"
  else failed=$((failed + 1)); echo "FAILED: $name: rank 1 on another seed left rank 0's answer unchanged (the ranks do not share the work)"; fi
}
race_check "best" 3 best herero-ambush --side german --space 'german.units.Z1.orders=hold,charge' --fix german.units.Z2.orders --trials 40000
race_check "best local search" 4 best herero-ambush --side herero --trials 20000 --steps 2
race_check "balance" 5 balance --free german.units.Z1.figures=8:16 --goal herero.win=0.5 --trials 65536
# Merge refuses what does not belong together: four good osona shards, each refusal changes one thing.
for k in 1 2 3 4; do "$single" run osona --trials 30000 --seed 11 --quiet --shard "$k/4" --json "shard$k.json" >/dev/null; done
"$single" merge shard1.json shard2.json shard3.json shard4.json >/dev/null && passed=$((passed + 1)) && echo "ok: the four osona shards merge"
"$single" run osona --trials 30000 --seed 12 --quiet --shard 2/4 --json other-seed.json >/dev/null
"$single" run designated-targets --trials 30000 --seed 11 --quiet --shard 2/4 --json other-scenario.json >/dev/null
refused "merge refuses another seed" "$single" merge shard1.json other-seed.json shard3.json shard4.json
refused "merge refuses another scenario" "$single" merge shard1.json other-scenario.json shard3.json shard4.json
refused "merge refuses a missing shard" "$single" merge shard1.json shard2.json shard3.json
refused "merge refuses an overlapping shard" "$single" merge shard1.json shard2.json shard2.json shard4.json
sed 's/"volley_version": *"[^"]*"/"volley_version": "0.0.0"/' shard3.json > old-version.json
refused "merge refuses another version" "$single" merge shard1.json shard2.json old-version.json shard4.json
echo "mpi: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
