// The machine a result was taken on: results from a shared 2-core box and from a quiet server read differently.
import os from "node:os";

export type MachineInfo = { cpus: number; cpuModel: string; memoryGiB: number; loadAverage: number[]; node: string; platform: string };

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? "unknown",
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

/** Busy share of all CPUs between two readings of /proc/stat (Linux); null elsewhere. */
export function cpuTimes(): { busy: number; total: number } | null {
  const cpus = os.cpus();
  let busy = 0;
  let total = 0;
  for (const cpu of cpus) {
    const { user, nice, sys, idle, irq } = cpu.times;
    busy += user + nice + sys + irq;
    total += user + nice + sys + idle + irq;
  }
  return cpus.length > 0 ? { busy, total } : null;
}

export function machineBusyPercent(before: ReturnType<typeof cpuTimes>, after: ReturnType<typeof cpuTimes>): number | null {
  if (!before || !after || after.total === before.total) return null;
  return (100 * (after.busy - before.busy)) / (after.total - before.total);
}
