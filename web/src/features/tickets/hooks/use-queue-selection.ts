import { useCallback, useMemo, useState } from 'react';
import { readStored, writeStored } from '../../../lib/storage.ts';
import { useQueues } from '../api/get-queues.ts';
import { initialQueueSelection, queueSelectionKey, withoutGoneQueues } from '../utils/queue-selection.ts';
import type { InboxViewer } from './use-inbox-viewer.ts';

/** The queue selector's value, remembered for the signed-in user in this browser (utils/queue-selection.ts). */
export const useQueueSelection = (
  viewer: Pick<InboxViewer, 'id' | 'profile' | 'queueIds'>,
): [number[], (ids: number[]) => void] => {
  const key = queueSelectionKey(viewer.id);
  const [selection, setSelection] = useState(() => initialQueueSelection(viewer, readStored(key)));
  const queues = useQueues();
  const current = useMemo(
    () =>
      queues.data
        ? withoutGoneQueues(
            selection,
            queues.data.map((q) => q.id),
          )
        : selection,
    [selection, queues.data],
  );
  const change = useCallback(
    (ids: number[]) => {
      setSelection(ids);
      writeStored(key, JSON.stringify(ids));
    },
    [key],
  );
  return [current, change];
};
