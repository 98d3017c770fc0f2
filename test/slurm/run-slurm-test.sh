#!/usr/bin/env bash
# A real Slurm test of sharded passk runs: starts a one-node Slurm cluster (Debian's slurmctld,
# slurmd, munge; nothing shared with a system cluster: its own munge socket and key, free ports,
# every file in a temporary folder), submits `passk simulate … --shard auto --shards 4` (through
# examples/slurm/submit.sh, one task failing) and `passk sweep … --shard auto --shards 4` as sbatch
# job arrays (examples/slurm/passk-shard.sbatch) each with a dependent merge job
# (examples/slurm/passk-merge.sbatch), and two misnumbered arrays that must be refused; reruns the
# failed task alone (TASKS=3 submit.sh) and merges again; waits under a wall-clock deadline with a
# timeout on every client call, and checks that the merged results are byte-identical to
# single-machine runs.
# The cluster is torn down by PID whatever happens (trap). Needs root, a built passk (pnpm build)
# and: apt-get install -y --no-install-recommends slurmctld slurmd slurm-client munge
# Prints one line `slurm test: PASS …` or `slurm test: FAIL: …`; exit code 0 or 1.
# KEEP=1 keeps the temporary folder (logs, configs) for a look afterwards.
set -uo pipefail
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
NODE="$(command -v node)"
DEADLINE_S="${DEADLINE_S:-90}"
started=$SECONDS
fail() { echo "slurm test: FAIL: $*"; exit 1; }

for tool in slurmctld slurmd sbatch squeue scontrol scancel sinfo munged munge unmunge; do
  command -v "$tool" >/dev/null || fail "$tool not found (apt-get install -y --no-install-recommends slurmctld slurmd slurm-client munge)"
done
[ "$(id -u)" = 0 ] || fail "needs root (the daemons run as root, munged as the munge user)"
[ -f "$REPO/packages/cli/dist/bundle/passk.cjs" ] || fail "no built CLI at packages/cli/dist/bundle/passk.cjs (run pnpm build)"

D="$(mktemp -d "${TMPDIR:-/tmp}/passk-slurm.XXXXXX")"
chmod 755 "$D"
export SLURM_CONF="$D/slurm.conf"

# Stops a daemon by the PID in its PID file, only if that PID is still the named program.
stop_pid() { # pidfile comm
  local pid
  pid="$(cat "$1" 2>/dev/null)" || return 0
  [ -n "$pid" ] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$2" ] || return 0
  kill -TERM "$pid" 2>/dev/null
  for _ in $(seq 1 50); do [ -d "/proc/$pid" ] || return 0; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null
}
# PIDs of this cluster's job processes (slurmstepd and what it runs): those whose working folder is
# inside $D (every job runs with --chdir=$D) other than the daemons, so nothing else is touched.
job_pids() {
  local pid
  for pid in $(find /proc/[0-9]*/cwd -maxdepth 0 \( -lname "$D" -o -lname "$D/*" -o -lname "$D (deleted)" -o -lname "$D/* (deleted)" \) 2>/dev/null | cut -d/ -f3); do
    case "$(cat "/proc/$pid/comm" 2>/dev/null)" in slurmctld | slurmscriptd | slurmd | munged | '') ;; *) echo "$pid" ;; esac
  done
}
teardown() {
  if [ -f "$D/slurmctld.pid" ]; then timeout 5 scancel --quiet --user=root 2>/dev/null; fi
  # A job's slurmstepd still reports to slurmd for a moment after squeue forgets it: give it 5 s to
  # end, so stopping slurmd does not orphan it; then stop what is left by PID.
  [ "${DEBUG:-0}" = 1 ] && for pid in $(job_pids); do echo "left: $pid $(cat /proc/$pid/comm) $(readlink /proc/$pid/cwd)" >&2; done
  for _ in $(seq 1 50); do [ -z "$(job_pids)" ] && break; sleep 0.1; done
  for pid in $(job_pids); do [ "$pid" != $$ ] && kill -KILL "$pid" 2>/dev/null; done
  # Both Slurm daemons at once (each takes 1–2 s to save its state), then munge.
  stop_pid "$D/slurmd.pid" slurmd &
  stop_pid "$D/slurmctld.pid" slurmctld &
  wait
  stop_pid "$D/munge/munged.pid" munged
  if [ "${KEEP:-0}" = 1 ]; then echo "slurm test: kept $D" >&2; else rm -rf "$D"; fi
}
trap teardown EXIT
trap 'exit 1' INT TERM

# --- munge: its own key and socket ---
mkdir -p "$D/munge" && chown munge:munge "$D/munge" && chmod 755 "$D/munge"
mungekey --create --keyfile="$D/munge/munge.key" 2>/dev/null || dd if=/dev/urandom of="$D/munge/munge.key" bs=1024 count=1 2>/dev/null
chown munge:munge "$D/munge/munge.key" && chmod 400 "$D/munge/munge.key"
SOCKET="$D/munge/munge.socket"
runuser -u munge -- munged --socket="$SOCKET" --key-file="$D/munge/munge.key" --pid-file="$D/munge/munged.pid" \
  --log-file="$D/munge/munged.log" --seed-file="$D/munge/munged.seed" || fail "munged did not start: $(tail -n 3 "$D/munge/munged.log" 2>/dev/null)"
timeout 5 munge --socket="$SOCKET" -n | timeout 5 unmunge --socket="$SOCKET" >/dev/null || fail "munge credential round trip failed"

# --- slurm.conf: hardware from slurmd -C, free ports ---
HOST="$(hostname -s)"
read -r CPUS BOARDS SOCKETS CORES THREADS MEM < <(slurmd -C | head -n 1 | sed -E 's/.*CPUs=([0-9]+) Boards=([0-9]+) SocketsPerBoard=([0-9]+) CoresPerSocket=([0-9]+) ThreadsPerCore=([0-9]+) RealMemory=([0-9]+).*/\1 \2 \3 \4 \5 \6/')
[ -n "${MEM:-}" ] || fail "could not read the node's hardware from slurmd -C"
read -r CTLD_PORT SLURMD_PORT < <("$NODE" -e '
  const net = require("net");
  const free = () => new Promise((ok) => { const s = net.createServer().listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => ok(p)); }); });
  (async () => { const a = await free(); let b = await free(); while (b === a) b = await free(); console.log(a, b); })();')
mkdir -p "$D/state" "$D/spool" "$D/logs"
cat > "$SLURM_CONF" <<CONF
ClusterName=passktest
SlurmctldHost=$HOST(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$SOCKET
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerParameters=batch_sched_delay=0
MpiDefault=none
ReturnToService=2
SlurmdParameters=config_overrides
MailProg=/bin/true
MinJobAge=300
StateSaveLocation=$D/state
SlurmdSpoolDir=$D/spool
SlurmctldPidFile=$D/slurmctld.pid
SlurmdPidFile=$D/slurmd.pid
SlurmctldLogFile=$D/slurmctld.log
SlurmdLogFile=$D/slurmd.log
NodeName=$HOST NodeAddr=127.0.0.1 CPUs=$CPUS Boards=$BOARDS SocketsPerBoard=$SOCKETS CoresPerSocket=$CORES ThreadsPerCore=$THREADS RealMemory=$((MEM * 9 / 10)) State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF

slurmctld -f "$SLURM_CONF" -c || fail "slurmctld did not start: $(tail -n 3 "$D/slurmctld.log" 2>/dev/null)"
slurmd -f "$SLURM_CONF" -N "$HOST" || fail "slurmd did not start: $(tail -n 3 "$D/slurmd.log" 2>/dev/null)"

# Client calls: each under a timeout (against a dead controller one hangs ≈ 10 s).
remaining() { echo $((DEADLINE_S - (SECONDS - started))); }
until [ "$(timeout 5 sinfo -h -n "$HOST" -o %t 2>/dev/null)" = idle ]; do
  [ "$(remaining)" -gt 0 ] || fail "the node did not become idle within ${DEADLINE_S} s: $(tail -n 2 "$D/slurmd.log")"
  sleep 0.2
done
up_s=$((SECONDS - started))

# --- the jobs: a simulate array (through examples/slurm/submit.sh) one task of which fails, a sweep
# array (throttled), two misnumbered arrays that must be refused; then the failed task alone, again ---
# passk as the package's bin runs it (dist/bundle/passk.cjs, what `npm install -g` puts on the PATH).
export PASSK="$NODE $REPO/packages/cli/dist/bundle/passk.cjs"
SCENARIO="$REPO/test/fixtures/scenarios-cli/small.yaml"
SWEEP=(--vary policy.maxAttempts=1..3 --vary verifier.falseAccept=0,0.2 --replicates 700 --max-wrong-delivery 0.1)
submit() { timeout 10 sbatch --parsable --chdir="$D" "$@" | cut -d';' -f1; }
# submit.sh's output → "ARRAY MERGE".
submitted_ids() { echo "$1" | sed -nE 's/^submitted array ([0-9]+) and merge ([0-9]+) .*/\1 \2/p'; }
# Waits until none of the jobs (comma-separated ids) is queued or running, under the deadline.
wait_for() {
  local queue status
  while :; do
    queue="$(timeout 5 squeue -h -j "$1" -o %i 2>&1)"
    status=$?
    [ $status = 0 ] || [ $status = 1 ] || fail "squeue failed (exit $status): $queue"
    [ $status = 0 ] && [ -z "$queue" ] && return 0
    [ "$(remaining)" -gt 0 ] || fail "jobs still queued or running after ${DEADLINE_S} s: $(echo $queue)"
    sleep 0.3
  done
}
# Every task's end state (scontrol keeps finished jobs for MinJobAge seconds).
states() { timeout 5 scontrol -o show job "$1" | grep -o 'JobState=[A-Z_]* .*ExitCode=[0-9:]*' | sed -E 's/JobState=([A-Z_]+) .*ExitCode=([0-9:]+)/\1 \2/' | sort | uniq -c | tr -s ' ' | paste -sd, -; }
completed() { # job id, what
  local s
  s="$(states "$1")"
  [[ "$s" =~ ^\ [0-9]+\ COMPLETED\ 0:0$ ]] || fail "$2 (job $1) ended as: $s; logs: $(tail -n 3 "$D"/logs/*.out "$D"/simulate/*.out 2>/dev/null | tr '\n' ' ')"
}

# simulate: 4 shards, task 3 of which fails (a folder stands where its shard file goes; any failure
# would do), so its dependent merge never runs.
mkdir -p "$D/simulate/parts/shard-0003-of-0004.json"
submitted="$(SHARDS=4 timeout 20 "$REPO/examples/slurm/submit.sh" "$SCENARIO" "$D/simulate")" || fail "examples/slurm/submit.sh failed: $submitted"
read -r sim sim_merge < <(submitted_ids "$submitted")
[ -n "${sim_merge:-}" ] || fail "examples/slurm/submit.sh said: $submitted"
swp=$(submit --array=1-4%2 --output="$D/logs/sweep-%a.out" "$REPO/examples/slurm/passk-shard.sbatch" sweep "$SCENARIO" "${SWEEP[@]}" --shards 4 --out "$D/sweep-parts") || fail "sbatch of the sweep array failed"
swp_merge=$(submit --dependency="afterok:$swp" --kill-on-invalid-dep=yes --output="$D/logs/sweep-merge.out" "$REPO/examples/slurm/passk-merge.sbatch" "$D/sweep-parts" --json --out "$D/sweep-result") || fail "sbatch of the sweep merge failed"
# Misnumbered arrays: each of their tasks must refuse with exit 2 and write nothing.
zero=$(submit --array=0-2 --output="$D/logs/zero-%a.out" "$REPO/examples/slurm/passk-shard.sbatch" simulate "$SCENARIO" --shards 3 --out "$D/zero-parts") || fail "sbatch of the 0-based array failed"
nocount=$(submit --array=1-2 --output="$D/logs/nocount-%a.out" "$REPO/examples/slurm/passk-shard.sbatch" simulate "$SCENARIO" --out "$D/nocount-parts") || fail "sbatch of the array without --shards failed"

# The single-machine results, computed meanwhile.
$PASSK simulate "$SCENARIO" --workers 1 --json > "$D/simulate-single.json" || fail "single-machine simulate failed"
$PASSK sweep "$SCENARIO" "${SWEEP[@]}" --workers 1 --json > "$D/sweep-single.json" || fail "single-machine sweep failed"

wait_for "$sim,$sim_merge,$swp,$swp_merge,$zero,$nocount"
[ "$(states "$sim")" = " 3 COMPLETED 0:0, 1 FAILED 2:0" ] || fail "the simulate array should have 3 tasks completed and task 3 failed, but ended as: $(states "$sim")"
[ "$(states "$sim_merge")" = " 1 CANCELLED 0:0" ] || fail "the merge after a failed task should be cancelled, but ended as: $(states "$sim_merge")"
completed "$swp" "the sweep array"
completed "$swp_merge" "the sweep merge"
[ "$(states "$zero")" = " 3 FAILED 2:0" ] || fail "the 0-based array should fail with exit 2 in each of its 3 tasks, but ended as: $(states "$zero")"
grep -q 'SLURM_ARRAY_TASK_MIN: must be at least 1: with --shards 3 the array task IDs are the shard numbers 1..3' "$D/logs/zero-2.out" || fail "the 0-based array's task 2 did not say why: $(cat "$D/logs/zero-2.out")"
[ "$(states "$nocount")" = " 2 FAILED 2:0" ] || fail "the array without --shards should fail with exit 2 in each of its 2 tasks, but ended as: $(states "$nocount")"
grep -q -- "--shard auto: in a Slurm array needs --shards N" "$D/logs/nocount-1.out" || fail "the array without --shards did not say why: $(cat "$D/logs/nocount-1.out")"
[ ! -e "$D/zero-parts" ] && [ ! -e "$D/nocount-parts" ] || fail "a refused array wrote: $(ls "$D/zero-parts" "$D/nocount-parts" 2>&1)"

# The folder with shard 3 missing: merge names it (the task to rerun).
rmdir "$D/simulate/parts/shard-0003-of-0004.json"
missing="$($PASSK merge "$D/simulate/parts" 2>&1 >/dev/null)"
[ $? = 2 ] && [[ "$missing" == *"shard 3 of 4 is missing (shard-0003-of-0004.json)"* ]] || fail "merge of the folder without shard 3 said: $missing"

# The failed task again, alone, as documented: the same submit.sh line with TASKS=3.
submitted="$(TASKS=3 SHARDS=4 timeout 20 "$REPO/examples/slurm/submit.sh" "$SCENARIO" "$D/simulate")" || fail "the rerun through examples/slurm/submit.sh failed: $submitted"
read -r rerun rerun_merge < <(submitted_ids "$submitted")
[ -n "${rerun_merge:-}" ] || fail "examples/slurm/submit.sh (rerun) said: $submitted"
wait_for "$rerun,$rerun_merge"
completed "$rerun" "the rerun of task 3"
completed "$rerun_merge" "the merge after the rerun"
grep -q '^shard 3/4: 100% ([0-9]*/[0-9]* episodes)$' "$D/simulate/passk-shard-${rerun}_3.out" || fail "the rerun did not compute shard 3/4: $(cat "$D/simulate/passk-shard-${rerun}_3.out")"

[ "$(ls "$D/simulate/parts" | paste -sd' ')" = "shard-0001-of-0004.json shard-0002-of-0004.json shard-0003-of-0004.json shard-0004-of-0004.json" ] || fail "simulate shards: $(ls "$D/simulate/parts")"
[ "$(ls "$D/sweep-parts" | paste -sd' ')" = "shard-0001-of-0004.json shard-0002-of-0004.json shard-0003-of-0004.json shard-0004-of-0004.json" ] || fail "sweep shards: $(ls "$D/sweep-parts")"
cmp -s "$D/simulate-single.json" "$D/simulate/result/summary.json" || fail "merged simulate (after the rerun) differs from the single-machine run"
cmp -s "$D/sweep-single.json" "$D/sweep-result/sweep.json" || fail "merged sweep differs from the single-machine run"
grep -q '^slowest: shard [1-4]/4' "$D/logs/sweep-merge.out" || fail "the sweep merge did not report its shards: $(head -n 3 "$D/logs/sweep-merge.out")"
grep -q '^shard 3/4: 100% ([0-9]*/[0-9]* episodes)$' "$D/logs/sweep-3.out" || fail "sweep task 3 (shard 3/4) did not log its episodes: $(head -n 3 "$D/logs/sweep-3.out")"
ls "$D"/simulate/passk-shard-"$sim"_*.out >/dev/null 2>&1 || fail "no task logs of examples/slurm/submit.sh's array in $D/simulate"

echo "slurm test: PASS (cluster up in ${up_s} s; simulate 4 shards, one failed and rerun alone (TASKS=3), and sweep 4 shards (array 1-4%2) merged byte-identical to single-machine runs; a 0-based array and one without --shards refused; $((SECONDS - started)) s in all)"
