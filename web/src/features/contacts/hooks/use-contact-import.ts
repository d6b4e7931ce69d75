import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { contactsQueryKeys } from '../api/get-contacts.ts';
import { importContactRow } from '../api/import-contact-row.ts';
import type { ImportRow } from '../utils/import-mapping.ts';
import { runImport, type ImportSummary, type RowOutcome } from '../utils/import-run.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type ImportState =
  | { phase: 'idle' }
  | { phase: 'running'; done: number; total: number; reported: number }
  | { phase: 'finished'; summary: ImportSummary };

/**
 * Runs an import row by row and keeps what the screen shows: the progress (the message moves every 5 rows),
 * each row's outcome, and the final summary. Leaving the page stops the import after the current row.
 */
export const useContactImport = () => {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const [outcomes, setOutcomes] = useState<ReadonlyMap<number, RowOutcome>>(new Map());
  const stopped = useRef(false);

  useEffect(() => {
    stopped.current = false;
    return () => {
      stopped.current = true;
    };
  }, []);

  const start = useCallback(
    async (rows: readonly ImportRow[]) => {
      setOutcomes(new Map());
      setState({ phase: 'running', done: 0, total: rows.length, reported: 0 });
      const summary = await runImport({
        rows,
        send: importContactRow,
        sleep,
        shouldStop: () => stopped.current,
        onRowDone: (row, outcome, done) => {
          setOutcomes((map) => new Map(map).set(row.line, outcome));
          setState((s) => (s.phase === 'running' ? { ...s, done } : s));
        },
        onProgress: (done) => setState((s) => (s.phase === 'running' ? { ...s, reported: done } : s)),
      });
      setState({ phase: 'finished', summary });
      void queryClient.invalidateQueries({ queryKey: contactsQueryKeys.all });
    },
    [queryClient],
  );

  const reset = useCallback(() => {
    setOutcomes(new Map());
    setState({ phase: 'idle' });
  }, []);

  return { state, outcomes, start, reset };
};
