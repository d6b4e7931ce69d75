import { channels } from '@switchboard/shared/events';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { connectionsQueryKey } from '../api/get-connections.ts';
import type { ImportProgress } from '../utils/import-status.ts';

/**
 * `importMessages-{companyId}` (admins only): each import's progress by connection; `refresh` (an import ended or
 * its tickets were closed) reads the connections again. Off while `enabled` is false.
 */
export const useImportProgress = (
  companyId: number,
  { enabled = true }: { enabled?: boolean } = {},
): Record<number, ImportProgress> => {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<Record<number, ImportProgress>>({});
  useRealtimeEvent(enabled ? channels.importMessages(companyId) : undefined, (event) => {
    if (event.action === 'update' && typeof event.status?.whatsappId === 'number') {
      const { whatsappId, this: done, all: total } = event.status;
      setProgress((p) => ({ ...p, [whatsappId]: { done, total } }));
    } else if (event.action === 'refresh') {
      setProgress(({ [event.whatsappId]: _gone, ...rest }) => rest);
      void queryClient.invalidateQueries({ queryKey: connectionsQueryKey });
    }
  });
  return progress;
};
