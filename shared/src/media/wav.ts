/**
 * A WAV file (RIFF, PCM 16-bit, mono) from decoded samples: the audio format Messenger and Instagram take that a
 * browser can make from its own recording without an encoder (neither takes Ogg or WebM, and a remux cannot make
 * AAC). At 16 kHz a minute is under 2 MB, far inside Meta's 25 MB. Pure and dependency-free.
 */

const HEADER_BYTES = 44;
const BYTES_PER_SAMPLE = 2;

/** The rate recordings are written at for Meta: wideband speech, 32 KB a second instead of 96 KB at 48 kHz. */
export const WAV_VOICE_SAMPLE_RATE = 16_000;

/** Samples in [-1, 1] (clipped beyond) as a mono 16-bit PCM WAV at `sampleRate`. */
export const encodeWav = (samples: Float32Array, sampleRate: number): Uint8Array<ArrayBuffer> => {
  if (!Number.isInteger(sampleRate) || sampleRate <= 0) throw new RangeError(`Not a sample rate: ${sampleRate}`);
  const dataBytes = samples.length * BYTES_PER_SAMPLE;
  const bytes = new Uint8Array(HEADER_BYTES + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[at + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, HEADER_BYTES - 8 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * BYTES_PER_SAMPLE, true);
  view.setUint16(32, BYTES_PER_SAMPLE, true);
  view.setUint16(34, 8 * BYTES_PER_SAMPLE, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] || 0));
    // asymmetric range of 16-bit PCM: -1 is -32768, +1 is 32767
    view.setInt16(HEADER_BYTES + i * BYTES_PER_SAMPLE, Math.round(s < 0 ? s * 0x8000 : s * 0x7fff), true);
  }
  return bytes;
};

/** The channels' samples averaged into one, for a mono file from a stereo decode. */
export const mixToMono = (channels: readonly Float32Array[]): Float32Array => {
  if (channels.length === 1) return channels[0]!;
  const length = Math.min(...channels.map((c) => c.length));
  const mono = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    let sum = 0;
    for (const channel of channels) sum += channel[i]!;
    mono[i] = sum / channels.length;
  }
  return mono;
};
