import { describe, expect, it } from 'vitest';
import { Lanes } from './lanes.ts';

/** A task that runs until released, recording when it started and ended. */
const gate = (log: string[], name: string) => {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let started!: () => void;
  const began = new Promise<void>((r) => (started = r));
  return {
    task: async () => {
      log.push(`${name}:start`);
      started();
      await released;
      log.push(`${name}:end`);
    },
    release,
    began,
  };
};

const quick = (log: string[], name: string) => async () => {
  log.push(name);
};

describe('the lanes of a session’s events', () => {
  it('keep each chat in order while another chat goes ahead of a slow one', async () => {
    const log: string[] = [];
    const lanes = new Lanes(8, (e) => log.push(`error:${String(e)}`));
    const slow = gate(log, 'a1');
    lanes.chat('a', slow.task);
    lanes.chat('a', quick(log, 'a2'));
    lanes.chat('b', quick(log, 'b1'));
    lanes.chat('b', quick(log, 'b2'));
    await slow.began;
    // b's two events are taken in while a's first is still running, and a's second waits for it
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(['a1:start', 'b1', 'b2']);
    slow.release();
    await lanes.drain();
    expect(log).toEqual(['a1:start', 'b1', 'b2', 'a1:end', 'a2']);
    expect(lanes.busyChats).toBe(0);
  });

  it('run a session-wide event after everything before it, and everything after it waits for it', async () => {
    const log: string[] = [];
    const lanes = new Lanes(8, () => undefined);
    const before = gate(log, 'chat-before');
    lanes.chat('a', before.task);
    const pairing = gate(log, 'pairing');
    lanes.session(pairing.task);
    lanes.chat('b', quick(log, 'chat-after'));
    await before.began;
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(['chat-before:start']);
    before.release();
    await pairing.began;
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(['chat-before:start', 'chat-before:end', 'pairing:start']);
    pairing.release();
    await lanes.drain();
    expect(log).toEqual(['chat-before:start', 'chat-before:end', 'pairing:start', 'pairing:end', 'chat-after']);
  });

  it('run at most `concurrency` chats at once, and a failed event neither stops its chat nor the drain', async () => {
    const errors: unknown[] = [];
    const lanes = new Lanes(2, (e) => errors.push(e));
    let running = 0;
    let most = 0;
    const work = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running -= 1;
    };
    for (let c = 0; c < 6; c += 1) lanes.chat(`c${c}`, work);
    lanes.chat('c0', () => Promise.reject(new Error('bad event')));
    const after: string[] = [];
    lanes.chat('c0', async () => {
      after.push('next');
    });
    await lanes.drain();
    expect(most).toBe(2);
    expect(errors).toHaveLength(1);
    expect(after).toEqual(['next']);
  });
});
