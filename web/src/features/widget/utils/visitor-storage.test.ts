import { describe, expect, it } from 'vitest';
import {
  initialStage,
  readVisitor,
  saveVisitor,
  stageAfterExpiry,
  visitorStorageKey,
  type KeyValueStore,
} from './visitor-storage.ts';

const memoryStore = (): KeyValueStore & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
};

const TOKEN_A = 'chat-token-aaaaaaaaaaaa';
const TOKEN_B = 'chat-token-bbbbbbbbbbbb';

describe('the visitor session kept in the browser', () => {
  it('starts with the form when nothing is stored', () => {
    expect(initialStage(readVisitor(memoryStore(), TOKEN_A))).toEqual({ stage: 'start', expired: false });
  });

  it('resumes the conversation after a reload with the stored token and name', () => {
    const store = memoryStore();
    saveVisitor(store, TOKEN_A, { visitorToken: 'vt-1', name: 'Carla' });
    expect(initialStage(readVisitor(store, TOKEN_A))).toEqual({
      stage: 'conversation',
      visitor: { visitorToken: 'vt-1', name: 'Carla' },
    });
  });

  it('keeps one session per chat token', () => {
    const store = memoryStore();
    saveVisitor(store, TOKEN_A, { visitorToken: 'vt-a', name: 'Ana' });
    saveVisitor(store, TOKEN_B, { visitorToken: 'vt-b', name: 'Bia' });
    expect(readVisitor(store, TOKEN_A)?.visitorToken).toBe('vt-a');
    expect(readVisitor(store, TOKEN_B)?.visitorToken).toBe('vt-b');
    expect([...store.data.keys()].sort()).toEqual([visitorStorageKey(TOKEN_A), visitorStorageKey(TOKEN_B)]);
  });

  it('ignores a malformed or partial stored value', () => {
    const store = memoryStore();
    store.setItem(visitorStorageKey(TOKEN_A), '{not json');
    expect(readVisitor(store, TOKEN_A)).toBeUndefined();
    store.setItem(visitorStorageKey(TOKEN_A), JSON.stringify({ name: 'x' }));
    expect(readVisitor(store, TOKEN_A)).toBeUndefined();
  });

  it('survives a storage that throws or does not exist', () => {
    const throwing: KeyValueStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => saveVisitor(throwing, TOKEN_A, { visitorToken: 'v', name: 'n' })).not.toThrow();
    expect(readVisitor(throwing, TOKEN_A)).toBeUndefined();
    expect(readVisitor(undefined, TOKEN_A)).toBeUndefined();
  });

  it('forgets an expired session and starts over saying so', () => {
    const store = memoryStore();
    saveVisitor(store, TOKEN_A, { visitorToken: 'old', name: 'Carla' });
    expect(stageAfterExpiry(store, TOKEN_A)).toEqual({ stage: 'start', expired: true });
    expect(readVisitor(store, TOKEN_A)).toBeUndefined();
  });
});
