import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportState } from '../hooks/use-contact-import.ts';
import { SUMMARY_AUTO_CLOSE_MS } from '../utils/import-run.ts';
import { ImportSummary } from './import-summary.tsx';

/** The running import and then its summary; the dialog closes itself 15 s after the import ends. */
export function ImportProgressDialog({ state, visible, onHide }: { state: ImportState; visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const finished = state.phase === 'finished';
  const [left, setLeft] = useState(SUMMARY_AUTO_CLOSE_MS / 1000);

  useEffect(() => {
    if (!finished || !visible) return;
    const endsAt = Date.now() + SUMMARY_AUTO_CLOSE_MS;
    setLeft(SUMMARY_AUTO_CLOSE_MS / 1000);
    const tick = setInterval(() => setLeft(Math.max(0, Math.ceil((endsAt - Date.now()) / 1000))), 1000);
    const close = setTimeout(onHide, SUMMARY_AUTO_CLOSE_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(close);
    };
  }, [finished, visible, onHide]);

  const footer = finished ? (
    <div className="dialog-footer dialog-footer--spread">
      <span className="import-dialog__countdown">{t('contacts.import.autoClose', { seconds: left })}</span>
      <Button type="button" label={t('contacts.import.close')} onClick={onHide} autoFocus />
    </div>
  ) : null;

  return (
    <Dialog
      header={finished ? t('contacts.import.resultTitle') : t('contacts.import.runningTitle')}
      visible={visible}
      onHide={onHide}
      footer={footer}
      closable={finished}
      dismissableMask={finished}
      style={{ width: '34rem' }}
      breakpoints={{ '640px': '94vw' }}
      modal
      data-testid="import-dialog"
    >
      {state.phase === 'running' ? (
        <div className="import-dialog__progress">
          <ProgressBar value={Math.round((state.done / Math.max(1, state.total)) * 100)} />
          <p role="status" aria-live="polite" data-testid="import-progress">
            {t('contacts.import.progress', { done: state.reported, total: state.total })}
          </p>
        </div>
      ) : null}
      {state.phase === 'finished' ? <ImportSummary summary={state.summary} /> : null}
    </Dialog>
  );
}
