#!/usr/bin/env bash
# Starts a single-node Slurm (munged, slurmctld, slurmd from Debian's
# packages) whose configuration, state and logs live in DIR, for the test
# of the cosets job array (make test) and for trying a job array on a laptop.
# Installs the packages first if they are missing (needs root and apt-get).
# Prints the SLURM_CONF to export; scripts/slurm/stop.sh DIR stops it.
#
# Usage: scripts/slurm/start.sh DIR
set -euo pipefail
dir=${1:?usage: scripts/slurm/start.sh DIR}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null || ! command -v sbatch >/dev/null; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "start.sh: Slurm is not installed and this is not root on a Debian-like system: install slurmctld, slurmd, slurm-client and munge" >&2
    exit 1
  fi
  echo "start.sh: installing slurmctld, slurmd, slurm-client, munge (log: $dir/apt.log)" >&2
  export DEBIAN_FRONTEND=noninteractive
  if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends slurmctld slurmd slurm-client munge; } > "$dir/apt.log" 2>&1; then
    tail -20 "$dir/apt.log" >&2
    exit 1
  fi
fi

# munge authenticates the daemons and the commands to each other; it runs
# as user munge with its socket under /run/munge.
mkdir -p /run/munge
chown munge:munge /run/munge 2>/dev/null || true
if [ ! -S /run/munge/munge.socket.2 ] || ! munge -n >/dev/null 2>&1; then
  if [ ! -f /etc/munge/munge.key ]; then
    mungekey --create >/dev/null 2>&1 || /usr/sbin/create-munge-key >/dev/null 2>&1
    chown munge:munge /etc/munge/munge.key
  fi
  runuser -u munge -- /usr/sbin/munged
fi

host=$(hostname)
cpus=$(nproc)
memory=$(awk '/MemTotal/ {print int($2 / 1024)}' /proc/meminfo)
mkdir -p "$dir/state" "$dir/spool" "$dir/log"
cat > "$dir/slurm.conf" <<CONF
ClusterName=cubecensus
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$dir/slurm.conf
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
for _ in $(seq 60); do
  if sinfo -h -o '%t' 2>/dev/null | grep -q idle; then
    echo "export SLURM_CONF=$SLURM_CONF"
    exit 0
  fi
  sleep 0.5
done
echo "start.sh: the node did not become idle within 30 s; see $dir/log" >&2
exit 1
