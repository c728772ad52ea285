#!/bin/sh
# The registered measurements of the levels as a player gets them (docs/ladder/runs.json), played
# on a lent many-core machine (the device tool: Python 3.12, nothing installable, no network) for
# at most LIMIT seconds (default 500, inside one call's 600), on JOBS processes (default: every
# core), for the page on WORKERS workers (default 4), of the GAMES named (default: every game's;
# space-separated, e.g. GAMES="stymie lisbon" while a game's levels wait for a decision). It
# resumes from the results files that travelled with the working tree and leaves them all, old
# rows and new, in $OUT/measured.tgz (one file: a call returns at most eight). Back here: tar
# xzf FILE -C docs/ladder, then commit.
#   run: sh tools/device_measure.sh        (LIMIT=300 WORKERS=1 sh tools/device_measure.sh)
set -u
out=${OUT:?OUT names the folder whose files come back}
runs=${RUNS:-docs/ladder/runs.json}
folder=$(dirname "$runs")
export PYTHONUNBUFFERED=1
timeout "${LIMIT:-500}" python3 -m lab ladder measure --runs "$runs" --workers "${WORKERS:-4}" \
    --jobs "${JOBS:-$(nproc)}" --progress $(for game in ${GAMES:-}; do printf -- '--game %s ' "$game"; done)
status=$?
files=$(cd "$folder" && ls page*-*.jsonl 2>/dev/null)
if [ -n "$files" ]; then tar czf "$out/measured.tgz" -C "$folder" $files; fi
echo "measure: exit $status (124: stopped at the time limit, as planned); files kept: $(echo $files | wc -w)"
