import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../lib/toast.tsx';
import { useCloseImportedTickets } from '../api/close-imported-tickets.ts';
import { importStateOf, type ImportProgress } from '../utils/import-status.ts';

/** A connection's import of old messages in the table: preparing, progress, or the close-imported-tickets button. */
export function ImportStatus({
  id,
  status,
  progress,
  canAct,
}: {
  id: number;
  status: string | null | undefined;
  progress?: ImportProgress;
  canAct: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const close = useCloseImportedTickets();
  const [now, setNow] = useState(() => Date.now());
  const state = importStateOf(status, progress, now);
  const until = state.kind === 'preparing' ? state.untilMs : undefined;
  // the preparing button gives way on its own once its 35 seconds are over
  useEffect(() => {
    if (until === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, until - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [until]);

  if (state.kind === 'none') return null;
  if (state.kind === 'preparing') {
    return (
      <Button
        type="button"
        size="small"
        outlined
        disabled
        icon="pi pi-spin pi-spinner"
        label={t('connections.imports.preparing')}
        className="connection-import-state"
        data-testid={`connection-import-preparing-${id}`}
      />
    );
  }
  if (state.kind === 'progress') {
    return (
      <span
        className="connection-import-state connection-import-progress"
        role="status"
        data-testid={`connection-import-progress-${id}`}
      >
        {t('connections.imports.progress', { done: state.progress.done, total: state.progress.total })}
      </span>
    );
  }
  if (!canAct) return null;
  return (
    <Button
      type="button"
      size="small"
      severity="warning"
      icon="pi pi-times-circle"
      className="connection-import-state"
      label={t('connections.imports.close')}
      loading={close.isPending}
      onClick={() =>
        close.mutate(
          { id },
          {
            onSuccess: (r) => toast.success(t(r.queued ? 'connections.imports.closing' : 'connections.imports.closed')),
            onError: (error) => toast.error(error),
          },
        )
      }
      data-testid={`connection-close-imported-${id}`}
    />
  );
}
