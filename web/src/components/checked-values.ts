import { useState } from 'react';

/**
 * Values checked by a pure `validate`: nothing is marked until the first check (a Save or another action that needs
 * the values); from then on each change checks the form again. `reset` starts over with new values.
 */
export function useCheckedValues<F extends object, E extends object>(initial: () => F, validate: (values: F) => E) {
  const [values, setValues] = useState<F>(initial);
  const [errors, setErrors] = useState<E>({} as E);
  const [checked, setChecked] = useState(false);
  const apply = (next: F) => {
    setValues(next);
    if (checked) setErrors(validate(next));
  };
  /** Checks the values now and marks what is wrong; answers the errors found. */
  const check = (): E => {
    const found = validate(values);
    setChecked(true);
    setErrors(found);
    return found;
  };
  /** Forgets the marks and the first check; with `next`, the values start over from it. */
  const reset = (next?: F) => {
    if (next) setValues(next);
    setErrors({} as E);
    setChecked(false);
  };
  return { values, setValues, errors, setErrors, apply, check, reset };
}
