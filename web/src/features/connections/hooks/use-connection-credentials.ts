import type { Connection } from '@switchboard/shared/contracts/connections';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../lib/toast.tsx';
import { useUpdateConnection } from '../api/update-connection.ts';

export type Credential = 'token' | 'widgetKey';

/** Copying what the dialog shows (a credential, the webhook URL, the embed tag), and replacing a credential once confirmed. */
export function useConnectionCredentials(record: Connection | undefined) {
  const { t } = useTranslation();
  const toast = useToast();
  const regenerate = useUpdateConnection();
  /** which credential the confirmation asks to replace: the secret API token or a web chat's public widget key */
  const [confirming, setConfirming] = useState<Credential | null>(null);

  const copy = (text: string) => {
    navigator.clipboard.writeText(text).then(
      () => toast.info(t('connections.toasts.copied')),
      () => toast.errorText(t('connections.toasts.copyFailed')),
    );
  };

  const regenerateCredential = (which: Credential) => {
    if (!record) return;
    const body = which === 'token' ? { regenerateToken: true as const } : { regenerateWidgetKey: true as const };
    const done = which === 'token' ? 'connections.toasts.tokenRegenerated' : 'connections.toasts.widgetKeyRegenerated';
    regenerate.mutate(
      { id: record.id, body },
      { onSuccess: () => toast.success(t(done)), onError: (error) => toast.error(error) },
    );
  };

  return { copy, confirming, setConfirming, regenerateCredential, regenerating: regenerate.isPending };
}

export type ConnectionCredentials = ReturnType<typeof useConnectionCredentials>;
