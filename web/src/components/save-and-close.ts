import { isApiError } from '../lib/api-error.ts';
import { useToast } from '../lib/toast.tsx';

/** The part of a react-query mutation a dialog's save needs. */
interface Mutation<V, R> {
  mutate: (variables: V, options: { onSuccess: (result: R) => void; onError: (error: Error) => void }) => void;
}

export interface SaveOutcome<R> {
  /** runs after the dialog has closed on a successful save (e.g. to open what was created) */
  then?: (result: R) => void;
  /**
   * runs first when the save is refused (e.g. to mark the field the server names); answering true means the user has
   * been told beside the field and no error toast is shown
   */
  refused?: (error: Error) => boolean | void;
}

/**
 * The save of a dialog that edits a record: runs `mutation` with the values; on success it says `saved` and closes the
 * dialog, on failure it shows the server's error (after `refused` had its say) and keeps the dialog open.
 */
export function useSaveAndClose(onHide: () => void) {
  const toast = useToast();
  return <V, R>(mutation: Mutation<V, R>, variables: V, saved: string, { then, refused }: SaveOutcome<R> = {}) =>
    mutation.mutate(variables, {
      onSuccess: (result) => {
        toast.success(saved);
        onHide();
        then?.(result);
      },
      onError: (error) => {
        if (refused?.(error) === true) return;
        toast.error(error);
      },
    });
}

/**
 * The messages the server gave the fields of a refused save, by the form field `fieldOf` names for each path (a
 * path it names none for is left out).
 */
export function refusedFields<E extends Partial<Record<string, string>>>(
  error: Error,
  fieldOf: (path: string) => (keyof E & string) | undefined,
): E {
  const found: Partial<Record<string, string>> = {};
  if (isApiError(error)) {
    for (const f of error.body.fields ?? []) {
      const field = fieldOf(f.path);
      if (field !== undefined) found[field] = f.message;
    }
  }
  return found as E;
}
