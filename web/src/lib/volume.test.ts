import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_VOLUME, getVolume, normaliseVolume, setVolume } from './volume.ts';

beforeEach(() => localStorage.clear());

describe('notification volume', () => {
  it('defaults to 1', () => {
    expect(DEFAULT_VOLUME).toBe(1);
    expect(getVolume()).toBe(1);
  });

  it('is remembered in local storage', () => {
    setVolume(0.3);
    expect(localStorage.getItem('volume')).toBe('0.3');
    expect(getVolume()).toBe(0.3);
  });

  it('stays between 0 and 1 in steps of 0.1', () => {
    expect(normaliseVolume(1.7)).toBe(1);
    expect(normaliseVolume(-1)).toBe(0);
    expect(normaliseVolume(0.44)).toBe(0.4);
    expect(normaliseVolume(0.7000000001)).toBe(0.7);
    expect(normaliseVolume('0.6')).toBe(0.6);
    expect(normaliseVolume('loud')).toBe(1);
    expect(normaliseVolume(null)).toBe(1);
  });
});
