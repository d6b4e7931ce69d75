import { useSyncExternalStore } from 'react';
import { readStored, storageKeys, writeStored } from './storage.ts';

/** Notification volume (spec document 1, section 9): 0 to 1 in steps of 0.1, stored locally, default 1. */
export const VOLUME_MIN = 0;
export const VOLUME_MAX = 1;
export const VOLUME_STEP = 0.1;
export const DEFAULT_VOLUME = 1;

export const normaliseVolume = (value: unknown): number => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : NaN;
  if (!Number.isFinite(n)) return DEFAULT_VOLUME;
  const clamped = Math.min(VOLUME_MAX, Math.max(VOLUME_MIN, n));
  return Math.round(clamped / VOLUME_STEP) / 10;
};

const listeners = new Set<() => void>();

export const getVolume = (): number => normaliseVolume(readStored(storageKeys.volume));

export const setVolume = (value: number): void => {
  writeStored(storageKeys.volume, String(normaliseVolume(value)));
  listeners.forEach((l) => l());
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useVolume = (): [number, (value: number) => void] => [useSyncExternalStore(subscribe, getVolume), setVolume];
