import { describe, expect, it } from 'vitest';
import { encodeWav, mixToMono, WAV_VOICE_SAMPLE_RATE } from './wav.ts';

const textAt = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));

describe('encodeWav', () => {
  it('writes a RIFF/WAVE header for mono 16-bit PCM at the given rate, sized for its samples', () => {
    const wav = encodeWav(new Float32Array(16_000), WAV_VOICE_SAMPLE_RATE);
    const view = new DataView(wav.buffer);
    expect(wav.length).toBe(44 + 32_000);
    expect(textAt(wav, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(wav.length - 8);
    expect(textAt(wav, 8, 8)).toBe('WAVEfmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(textAt(wav, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(32_000);
  });

  it('writes each sample as a little-endian 16-bit integer, full scale at ±1 and clipped beyond', () => {
    const wav = encodeWav(Float32Array.from([0, 0.5, -0.5, 1, -1, 1.7, -3, Number.NaN]), 8_000);
    const view = new DataView(wav.buffer, 44);
    const samples = Array.from({ length: 8 }, (_, i) => view.getInt16(i * 2, true));
    expect(samples).toEqual([0, 16_384, -16_384, 32_767, -32_768, 32_767, -32_768, 0]);
    expect(wav.length).toBe(44 + 16);
  });

  it('keeps a minute of speech at 16 kHz under 2 MB, inside Meta’s 25 MB', () => {
    expect(encodeWav(new Float32Array(60 * WAV_VOICE_SAMPLE_RATE), WAV_VOICE_SAMPLE_RATE).length).toBeLessThan(2 * 1024 * 1024);
  });

  it('refuses a rate that is no positive integer', () => {
    expect(() => encodeWav(new Float32Array(1), 0)).toThrow(RangeError);
    expect(() => encodeWav(new Float32Array(1), 44_100.5)).toThrow(RangeError);
  });

  it('writes an empty recording as a valid file with no samples', () => {
    const wav = encodeWav(new Float32Array(0), 16_000);
    expect(wav.length).toBe(44);
    expect(new DataView(wav.buffer).getUint32(40, true)).toBe(0);
  });
});

describe('mixToMono', () => {
  it('averages the channels sample by sample, to the shorter length', () => {
    expect([...mixToMono([Float32Array.from([1, 0.5, 0]), Float32Array.from([0, 0.5, -1, 1])])]).toEqual([0.5, 0.5, -0.5]);
  });

  it('keeps a single channel as it is', () => {
    const only = Float32Array.from([0.25, -0.25]);
    expect(mixToMono([only])).toBe(only);
  });
});
