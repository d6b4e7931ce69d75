import { getVolume } from '../lib/volume.ts';

let context: AudioContext | undefined;

/**
 * A short two-note chime at the volume of the top bar's slider (silent at 0). Made with Web Audio, so no sound
 * file ships with the app; a browser that blocks audio before the first click simply stays quiet.
 */
export const playNotificationSound = (volume = getVolume()): void => {
  if (volume <= 0 || typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    const ctx = context;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const gain = ctx.createGain();
    gain.connect(ctx.destination);
    const start = ctx.currentTime;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.25 * volume, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.5);
    [880, 1318.5].forEach((frequency, i) => {
      const osc = ctx.createOscillator();
      osc.type = 'sine';
      osc.frequency.value = frequency;
      osc.connect(gain);
      osc.start(start + i * 0.12);
      osc.stop(start + 0.5);
    });
  } catch {
    // no audio output: the bell and the title still tell
  }
};
