import fs from "node:fs";

/** Clock ticks per second for /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system, all threads) a process has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return (utime + stime) / TICKS_PER_SECOND;
}

/** Resident memory of a process in bytes, from /proc/<pid>/status. */
export function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/** Samples a process's RSS every `everyMs` until stopped; stop() returns the highest seen, in bytes. */
export function watchRss(pid: number, everyMs = 50) {
  let peak = rssBytes(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssBytes(pid));
    } catch {
      // the process is gone
    }
  }, everyMs);
  return {
    stop(): number {
      clearInterval(timer);
      try {
        peak = Math.max(peak, rssBytes(pid));
      } catch {
        // the process is gone
      }
      return peak;
    },
  };
}

/** CPU used by a process over a stretch of wall time: stop() returns cores busy on average and CPU seconds. */
export function watchCpu(pid: number) {
  const cpuStart = cpuSeconds(pid);
  const wallStart = performance.now();
  return {
    stop() {
      const cpu = cpuSeconds(pid) - cpuStart;
      const wall = (performance.now() - wallStart) / 1000;
      return { cpuSeconds: cpu, wallSeconds: wall, cores: cpu / wall };
    },
  };
}
