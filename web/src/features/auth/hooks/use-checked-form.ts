import { useState, type FormEvent } from 'react';
import { hasErrors, type FieldErrors } from '../utils/form-errors.ts';

/**
 * The state of a sign-in form: its values and their errors, checked again at each change once a submit was tried.
 * `submitWith` makes the form's submit handler: nothing while `busy`; otherwise the values are checked, and the errors
 * found go to `onInvalid` (to move the focus) or the clean values to `send`.
 */
export function useCheckedForm<V extends object, F extends string>(initial: V, validate: (values: V) => FieldErrors<F>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [touched, setTouched] = useState(false);

  const change = <K extends keyof V>(field: K, value: V[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (touched) setErrors(validate(next));
  };

  const submitWith =
    (busy: boolean, onInvalid: (found: FieldErrors<F>) => void, send: (values: V) => void) => (event: FormEvent) => {
      event.preventDefault();
      if (busy) return;
      const found = validate(values);
      setTouched(true);
      setErrors(found);
      if (hasErrors(found)) onInvalid(found);
      else send(values);
    };

  return { values, errors, setErrors, change, submitWith };
}
