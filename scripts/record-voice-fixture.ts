/**
 * Remakes shared/src/media/fixtures/chromium-voice.webm, the voice recording the WebM-to-Ogg tests read: Chromium's
 * own MediaRecorder records 2.5 s of a tone (an oscillator whose pitch steps up each half second, so the sound is
 * never silent) in WebM/Opus, as the inbox's recorder does with a microphone.
 *   node --import tsx scripts/record-voice-fixture.ts [path-to-chromium]
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const OUT = fileURLToPath(new URL('../shared/src/media/fixtures/chromium-voice.webm', import.meta.url));

const browser = await chromium.launch({
  executablePath: process.argv[2] ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
});
try {
  const page = await browser.newPage();
  // the page's code as text: it runs in Chromium, where the Web Audio and MediaRecorder types live
  const bytes = (await page.evaluate(`(async () => {
    const context = new AudioContext({ sampleRate: 48000 });
    await context.resume();
    const oscillator = new OscillatorNode(context, { type: 'sine', frequency: 440 });
    const gain = new GainNode(context, { gain: 0.5 });
    const destination = new MediaStreamAudioDestinationNode(context, { channelCount: 1 });
    oscillator.connect(gain).connect(destination);
    for (let i = 1; i <= 4; i++) oscillator.frequency.setValueAtTime(440 + i * 110, context.currentTime + i * 0.5);
    const recorder = new MediaRecorder(destination.stream, { mimeType: 'audio/webm;codecs=opus', audioBitsPerSecond: 48000 });
    const chunks = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    oscillator.start();
    recorder.start();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    recorder.stop();
    await stopped;
    oscillator.stop();
    await context.close();
    return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
  })()`)) as number[];
  writeFileSync(OUT, Uint8Array.from(bytes));
  console.log(`${OUT}: ${bytes.length} bytes`);
} finally {
  await browser.close();
}
