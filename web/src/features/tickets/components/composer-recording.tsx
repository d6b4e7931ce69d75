import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { useAudioRecorder } from '../hooks/use-audio-recorder.ts';

const elapsed = (since: number | undefined, now: number) => {
  const s = since ? Math.max(0, Math.floor((now - since) / 1000)) : 0;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** A voice note being recorded: its running time, and buttons to throw it away or send it. */
export function ComposerRecording({ recorder, onSend }: { recorder: ReturnType<typeof useAudioRecorder>; onSend: () => void }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (recorder.state !== 'recording') return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [recorder.state]);

  return (
    <div className="composer__recording" role="status">
      <span className="composer__rec-dot" aria-hidden="true" />
      <span>{t('tickets.input.recording', { time: elapsed(recorder.startedAt, now) })}</span>
      <span className="composer__spacer" />
      <Button
        type="button"
        icon="pi pi-trash"
        text
        rounded
        severity="danger"
        aria-label={t('tickets.input.cancelRecording')}
        onClick={() => void recorder.cancel()}
      />
      <Button
        type="button"
        icon="pi pi-send"
        rounded
        aria-label={t('tickets.input.sendRecording')}
        onClick={onSend}
        disabled={recorder.state !== 'recording'}
      />
    </div>
  );
}
