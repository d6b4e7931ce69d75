/**
 * Setup file of the browser project: one browser test file at a time. The browser files drive one product and may
 * change what is platform-wide (plans, branding), so a file waits here until no other browser file runs; it may run
 * beside any API or unit test file. The lock is a folder in the run's data folder (mkdir is atomic), holding the
 * holder's process id so that a file whose process died without releasing it does not block the run.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, inject } from 'vitest';

const lock = join(inject('dataDir'), 'browser-file-lock');
const POLL_MS = 200;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holder(): number | undefined {
  try {
    return Number(readFileSync(join(lock, 'pid'), 'utf8')) || undefined;
  } catch {
    return undefined;
  }
}

export async function acquire(): Promise<void> {
  let unknownHolderSince: number | undefined;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = holder();
    // a dead holder, or this process itself (a worker process reused for another file)
    if (pid !== undefined && (pid === process.pid || !alive(pid))) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    // a folder without a pid for long is a holder that died between mkdir and writing its pid
    if (pid === undefined) {
      unknownHolderSince ??= Date.now();
      if (Date.now() - unknownHolderSince > 10_000) rmSync(lock, { recursive: true, force: true });
    } else unknownHolderSince = undefined;
    await delay(POLL_MS);
  }
}

export function release(): void {
  if (holder() === process.pid) rmSync(lock, { recursive: true, force: true });
}

await acquire();
afterAll(release);
