/**
 * The wiring of a form dialog's fields, written once: `bindField(key)` gives a field the id and test id made from the
 * form's prefix and the key, the key's value, the change that writes it back, and its validation message. TextField,
 * TextAreaField, DropdownField, NumberField and CheckField take it as it is.
 */

/** `maxOpenTickets` -> `max-open-tickets` */
const kebab = (key: string): string => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export interface FieldWiring<T> {
  id: string;
  testId: string;
  value: T;
  onChange: (value: T) => void;
  error?: string;
}

/**
 * Binds the fields of `values` to `apply` (which receives the whole changed form) and `message` (the message of a
 * key, if any). Ids are `<prefix>-<key in kebab case>` unless a field names its own.
 */
export const fieldBinder =
  <V extends object>(
    prefix: string,
    values: V,
    apply: (next: V) => void,
    message?: (key: keyof V & string) => string | undefined,
  ) =>
  <K extends keyof V & string>(key: K, id = `${prefix}-${kebab(key)}`): FieldWiring<V[K]> => ({
    id,
    testId: id,
    value: values[key],
    onChange: (value: V[K]) => apply({ ...values, [key]: value }),
    error: message?.(key),
  });
