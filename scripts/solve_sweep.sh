#!/usr/bin/env bash
# `sprouts solve <input> --max-seconds S` (normal and misère) on every input
# of the kept fuzz corpus (tests/data/fuzz/**, or the files given): wall
# time, peak memory (/usr/bin/time) and exit status of each, then the worst.
# Fails if a run takes longer than S + 1 s, exceeds the table cap + 64 MiB,
# or ends other than by an answer (0) or a one-line error (2). Peak memory
# is that of the solve (timeout --foreground waits for it).
#   bash scripts/solve_sweep.sh [FILE...]     (SECONDS_LIMIT=5 TABLE_MB=128 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${SECONDS_LIMIT:-5}"
table_mb="${TABLE_MB:-128}"
cargo build --release --quiet
bin=target/release/sprouts
if [ $# -eq 0 ]; then
  mapfile -t files < <(find tests/data/fuzz -type f | sort)
else
  files=("$@")
fi
cap_kb=$(( (table_mb + 64) * 1024 ))
worst_s=0; worst_s_what=""; worst_kb=0; worst_kb_what=""; bad=0; runs=0
printf '%-60s %-7s %6s %8s %s\n' input play "wall s" "peak MB" status
for f in "${files[@]}"; do
  text="$(cat "$f")"
  for play in normal misere; do
    flag=(); [ "$play" = misere ] && flag=(--misere)
    # `--` so that an input starting with `-` is still the position.
    # time's own line (wall, peak RSS in KiB, exit status) is the last.
    # A runaway is killed after S + 10 s (reported as over, exit 137).
    stats="$(/usr/bin/time -f '%e %M %x' timeout --foreground -s KILL "$((seconds + 10))" "$bin" solve --max-seconds "$seconds" --table-mb "$table_mb" \
      "${flag[@]}" -- "$text" 2>&1 >/dev/null | tail -n 1)" || true
    read -r wall kb status <<<"$stats"
    runs=$((runs + 1))
    printf '%-60s %-7s %6.2f %8.1f %s\n' "$f" "$play" "$wall" "$(echo "$kb / 1024" | bc -l)" "$status"
    if awk -v w="$wall" -v m="$worst_s" 'BEGIN { exit !(w > m) }'; then worst_s=$wall; worst_s_what="$f $play"; fi
    if [ "$kb" -gt "$worst_kb" ]; then worst_kb=$kb; worst_kb_what="$f $play"; fi
    if awk -v w="$wall" -v s="$seconds" 'BEGIN { exit !(w > s + 1) }' || [ "$kb" -gt "$cap_kb" ] ||
       { [ "$status" -ne 0 ] && [ "$status" -ne 2 ]; }; then
      echo "  OVER: $f $play: ${wall} s, $((kb / 1024)) MB, exit $status"
      bad=$((bad + 1))
    fi
  done
done
echo "$runs runs ($(( runs / 2 )) inputs, normal and misère), --max-seconds $seconds, --table-mb $table_mb"
echo "slowest: ${worst_s} s ($worst_s_what)"
echo "most memory: $((worst_kb / 1024)) MB peak RSS ($worst_kb_what); allowed $((cap_kb / 1024)) MB"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
[ "$bad" -eq 0 ] || { echo "$bad runs over the limits"; exit 1; }
