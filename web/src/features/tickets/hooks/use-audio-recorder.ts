import type { VoiceRecordingFormat } from '@switchboard/shared/voice-recordings';
import { useCallback, useEffect, useRef, useState } from 'react';

export type RecorderState = 'idle' | 'starting' | 'recording';

/** The first container format this browser records audio in. */
const recordingType = (): string | undefined => {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/webm'].find((t) =>
    MediaRecorder.isTypeSupported(t),
  );
};

/**
 * WebM/Opus (Chromium's recording) as Ogg/Opus, the voice-note format every channel takes: the same Opus packets
 * in another container, so nothing is re-encoded. The remuxer loads only when a recording ends. Anything else, or a
 * WebM the remuxer cannot read, stays as recorded.
 */
const asOgg = async (recording: Blob): Promise<Blob> => {
  if (recording.type !== 'audio/webm') return recording;
  const { NotWebmOpus, webmOpusToOgg } = await import('@switchboard/shared/media/webm-opus-to-ogg');
  try {
    return new Blob([webmOpusToOgg(new Uint8Array(await recording.arrayBuffer()))], { type: 'audio/ogg' });
  } catch (error) {
    if (error instanceof NotWebmOpus) return recording;
    throw error;
  }
};

/**
 * The recording decoded by the browser itself and written as 16 kHz mono WAV, for channels that take neither Ogg nor
 * WebM (Messenger, Instagram). The decoder resamples to its context's rate; stereo is mixed down. A recording the
 * browser cannot decode stays as recorded.
 */
const asWav = async (recording: Blob): Promise<Blob> => {
  const { encodeWav, mixToMono, WAV_VOICE_SAMPLE_RATE } = await import('@switchboard/shared/media/wav');
  let decoded: AudioBuffer;
  try {
    decoded = await new OfflineAudioContext(1, 1, WAV_VOICE_SAMPLE_RATE).decodeAudioData(await recording.arrayBuffer());
  } catch {
    return recording;
  }
  const channels = Array.from({ length: decoded.numberOfChannels }, (_, i) => decoded.getChannelData(i));
  return new Blob([encodeWav(mixToMono(channels), decoded.sampleRate)], { type: 'audio/wav' });
};

/**
 * A voice message from the microphone. `stop` resolves with the recording (or undefined when cancelled); the
 * caller applies the size rule. Browsers record Opus (WebM in Chromium, turned into Ogg here; Ogg in Firefox) or
 * AAC (Safari). `format` is what the ticket's channel takes: Ogg/Opus, or WAV made from the recording.
 */
export const useAudioRecorder = (format: VoiceRecordingFormat = 'ogg') => {
  const [state, setState] = useState<RecorderState>('idle');
  const [startedAt, setStartedAt] = useState<number | undefined>(undefined);
  const recorder = useRef<MediaRecorder | undefined>(undefined);
  const chunks = useRef<Blob[]>([]);
  const finished = useRef<((blob: Blob | undefined) => void) | undefined>(undefined);
  const cancelled = useRef(false);
  // read when a recording ends: `start`'s callback is made once and would keep the first ticket's format
  const formatRef = useRef(format);
  formatRef.current = format;

  const release = () => {
    recorder.current?.stream.getTracks().forEach((track) => track.stop());
    recorder.current = undefined;
    setState('idle');
    setStartedAt(undefined);
  };

  useEffect(
    () => () => {
      cancelled.current = true;
      if (recorder.current?.state === 'recording') recorder.current.stop();
      recorder.current?.stream.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  /** Asks for the microphone and starts recording; rejects when the permission is refused. */
  const start = useCallback(async () => {
    setState('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const mimeType = recordingType();
      const rec = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: 128_000 });
      chunks.current = [];
      cancelled.current = false;
      rec.ondataavailable = (e) => {
        if (e.data.size > 0) chunks.current.push(e.data);
      };
      rec.onstop = () => {
        const blob = cancelled.current
          ? undefined
          : new Blob(chunks.current, { type: (rec.mimeType || mimeType || 'audio/webm').split(';')[0] });
        release();
        const done = finished.current;
        finished.current = undefined;
        if (!blob) done?.(undefined);
        else void (formatRef.current === 'wav' ? asWav(blob) : asOgg(blob)).then(done, () => done?.(blob));
      };
      recorder.current = rec;
      rec.start();
      setStartedAt(Date.now());
      setState('recording');
    } catch (error) {
      release();
      throw error;
    }
  }, []);

  const finish = useCallback(
    (keep: boolean) =>
      new Promise<Blob | undefined>((resolve) => {
        const rec = recorder.current;
        if (!rec || rec.state !== 'recording') {
          resolve(undefined);
          return;
        }
        cancelled.current = !keep;
        finished.current = resolve;
        rec.stop();
      }),
    [],
  );

  return {
    state,
    startedAt,
    start,
    stop: () => finish(true),
    cancel: () => finish(false),
    supported: recordingType() !== undefined,
  };
};
