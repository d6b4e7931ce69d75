import type { FormEvent } from 'react';
import { useCheckedValues } from '../../../components/checked-values.ts';
import { hasErrors, type FieldErrors } from '../utils/form-errors.ts';

/**
 * The state of a sign-in form: its values and their errors, checked again at each change once a submit was tried
 * (the form dialogs' checked values). `submitWith` makes the form's submit handler: nothing while `busy`; otherwise
 * the values are checked, and the errors found go to `onInvalid` (to move the focus) or the clean values to `send`.
 */
export function useCheckedForm<V extends object, F extends string>(initial: V, validate: (values: V) => FieldErrors<F>) {
  const { values, errors, setErrors, apply, check } = useCheckedValues<V, FieldErrors<F>>(() => initial, validate);

  const change = <K extends keyof V>(field: K, value: V[K]) => apply({ ...values, [field]: value });

  const submitWith =
    (busy: boolean, onInvalid: (found: FieldErrors<F>) => void, send: (values: V) => void) => (event: FormEvent) => {
      event.preventDefault();
      if (busy) return;
      const found = check();
      if (hasErrors(found)) onInvalid(found);
      else send(values);
    };

  return { values, errors, setErrors, change, submitWith };
}
