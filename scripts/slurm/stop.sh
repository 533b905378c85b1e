#!/usr/bin/env bash
# Stops the Slurm daemons scripts/slurm/start.sh DIR started (by the PIDs
# they recorded in DIR; munged is left running, as the system's).
#
# Usage: scripts/slurm/stop.sh DIR
set -uo pipefail
dir=${1:?usage: scripts/slurm/stop.sh DIR}
for daemon in slurmd slurmctld; do
  if [ -f "$dir/$daemon.pid" ]; then
    kill "$(cat "$dir/$daemon.pid")" 2>/dev/null
  fi
done
for _ in $(seq 20); do
  [ -f "$dir/slurmd.pid" ] && kill -0 "$(cat "$dir/slurmd.pid")" 2>/dev/null && { sleep 0.25; continue; }
  [ -f "$dir/slurmctld.pid" ] && kill -0 "$(cat "$dir/slurmctld.pid")" 2>/dev/null && { sleep 0.25; continue; }
  break
done
