// The CPU of processes a command starts but nobody waits for, which the shell's `times` cannot see:
// Chromium, launched in a process group of its own, forks its renderers through a zygote that is killed
// on close, so their CPU (most of a browser test's) never reaches the command's rusage. Sampled from
// Linux's /proc twice a second; elsewhere it reads nothing (the figure is then `times` alone).
//
// What is counted: processes two or more levels below the leader of a process group the command's tree
// started (Chromium's main process and its direct children are waited for, so `times` has them).
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const INTERVAL_MS = 500;

interface Proc {
  ppid: number;
  pgid: number;
  /** Own user + system ticks. */
  ticks: number;
  /** Start time in ticks since boot: with the pid, tells a reused pid from the first. */
  start: string;
}

function readProcesses(): Map<number, Proc> {
  const processes = new Map<number, Proc>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return processes;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields follow its last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      processes.set(Number(entry), {
        ppid: Number(fields[1]),
        pgid: Number(fields[2]),
        ticks: Number(fields[11]) + Number(fields[12]),
        start: fields[19],
      });
    } catch {
      // Ended between the listing and the read.
    }
  }
  return processes;
}

/** Per watched command (by the pid of its group leader): the last ticks seen of each unwaited process. */
const watched = new Map<number, Map<string, number>>();
let timer: NodeJS.Timeout | undefined;

function sample() {
  const processes = readProcesses();
  const children = new Map<number, number[]>();
  for (const [pid, proc] of processes) {
    const siblings = children.get(proc.ppid) ?? [];
    siblings.push(pid);
    children.set(proc.ppid, siblings);
  }
  for (const [root, seen] of watched) {
    // Depth below the nearest leader of another group; undefined while still in the command's own group.
    const stack: [number, number | undefined][] = [[root, undefined]];
    while (stack.length > 0) {
      const [pid, depth] = stack.pop()!;
      for (const child of children.get(pid) ?? []) {
        const proc = processes.get(child)!;
        const leadsOtherGroup = depth === undefined && proc.pgid === child && child !== root;
        const below = leadsOtherGroup ? 0 : depth === undefined ? undefined : depth + 1;
        if (below !== undefined && below >= 2) seen.set(`${child}:${proc.start}`, proc.ticks);
        stack.push([child, below]);
      }
    }
  }
}

/** Starts counting for the command whose group `leader` leads; `stop` returns its unwaited CPU seconds. */
export function watchUnwaitedCpu(leader: number): { stop(): number } {
  const seen = new Map<string, number>();
  watched.set(leader, seen);
  timer ??= setInterval(sample, INTERVAL_MS).unref();
  return {
    stop() {
      watched.delete(leader);
      if (watched.size === 0) {
        clearInterval(timer);
        timer = undefined;
      }
      return [...seen.values()].reduce((sum, ticks) => sum + ticks, 0) / TICKS_PER_SECOND;
    },
  };
}
