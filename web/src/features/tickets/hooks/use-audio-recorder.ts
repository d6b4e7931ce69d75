import { useCallback, useEffect, useRef, useState } from 'react';

export type RecorderState = 'idle' | 'starting' | 'recording';

/** The first container format this browser records audio in. */
const recordingType = (): string | undefined => {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/webm'].find((t) => MediaRecorder.isTypeSupported(t));
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
 * A voice message from the microphone. `stop` resolves with the recording (or undefined when cancelled); the
 * caller applies the size rule. Browsers record Opus (WebM in Chromium, turned into Ogg here; Ogg in Firefox) or
 * AAC (Safari).
 */
export const useAudioRecorder = () => {
  const [state, setState] = useState<RecorderState>('idle');
  const [startedAt, setStartedAt] = useState<number | undefined>(undefined);
  const recorder = useRef<MediaRecorder | undefined>(undefined);
  const chunks = useRef<Blob[]>([]);
  const finished = useRef<((blob: Blob | undefined) => void) | undefined>(undefined);
  const cancelled = useRef(false);

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
        const blob = cancelled.current ? undefined : new Blob(chunks.current, { type: (rec.mimeType || mimeType || 'audio/webm').split(';')[0] });
        release();
        const done = finished.current;
        finished.current = undefined;
        if (!blob) done?.(undefined);
        else void asOgg(blob).then(done, () => done?.(blob));
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

  return { state, startedAt, start, stop: () => finish(true), cancel: () => finish(false), supported: recordingType() !== undefined };
};
