import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import os from "node:os";

/**
 * Where the CPU went during a phase: user+system time of processes from /proc (Linux only), so
 * the report can say how many CPU-milliseconds the server, the database, the fake model and the
 * load driver each spent per streamed answer.
 */

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU time (ms) a process has used so far; 0 when it is gone. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[0] is field 3 (state); utime and stime are fields 14 and 15.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return -1;
  }
}

const allPids = () =>
  readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

/** A process and all its descendants. */
export function withDescendants(root: number): number[] {
  const pids = allPids();
  const children = new Map<number, number[]>();
  for (const pid of pids) {
    const parent = parentOf(pid);
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent)!.push(pid);
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/** The process listening on 127.0.0.1:`port` (through the socket inode in /proc/net/tcp). */
export function pidListeningOn(port: number): number | undefined {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  let inode: string | undefined;
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    try {
      for (const line of readFileSync(file, "utf8").split("\n").slice(1)) {
        const cols = line.trim().split(/\s+/);
        if (cols.length > 9 && cols[1].endsWith(`:${hexPort}`) && cols[3] === "0A") inode = cols[9];
      }
    } catch {
      // no such table
    }
  }
  if (!inode) return undefined;
  for (const pid of allPids()) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return pid;
      }
    } catch {
      // not ours to read, or gone
    }
  }
  return undefined;
}

/** CPU time (ms) of a group of processes, re-listing descendants each time (Postgres forks backends). */
export class CpuMeter {
  constructor(private readonly groups: Record<string, () => number[]>) {}

  sample(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [name, pids] of Object.entries(this.groups)) out[name] = pids().reduce((sum, pid) => sum + cpuMs(pid), 0);
    return out;
  }

  static delta(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
    return Object.fromEntries(Object.keys(after).map((k) => [k, after[k] - (before[k] ?? 0)]));
  }
}

/** Whole-machine CPU busy time (ms, all cores) from /proc/stat: shows what else was running. */
export function machineBusyMs(): number {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0];
  const [user, nice, system, _idle, _iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return ((user + nice + system + irq + softirq + steal) * 1000) / TICKS_PER_SECOND;
}

export function machineInfo() {
  const cpus = os.cpus();
  return {
    cpu: `${cpus[0]?.model ?? "unknown"} × ${cpus.length}`,
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    loadavg: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" "),
  };
}

/** Cores the whole machine kept busy over `ms` (everything, this process included). */
export async function busyCores(ms: number): Promise<number> {
  const before = machineBusyMs();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return (machineBusyMs() - before) / ms;
}

/** The kernel's page size; 4 KiB on the x86-64 and arm64 Linux hosts this runs on (statm counts pages). */
const PAGE_BYTES = 4096;

/** Resident memory (bytes) of a group of processes, from /proc/<pid>/statm; a process that is gone counts 0. */
export function rssBytes(pids: number[]): number {
  let pages = 0;
  for (const pid of pids) {
    try {
      pages += Number(readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]);
    } catch {
      // gone
    }
  }
  return pages * PAGE_BYTES;
}
