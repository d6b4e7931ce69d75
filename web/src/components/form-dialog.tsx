import { Dialog } from 'primereact/dialog';
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from './dialog-actions.tsx';
import { useCheckedValues } from './checked-values.ts';

/** How wide a form dialog is on a desktop; on anything narrower than the width plus a margin it takes 96% of the screen. */
export const FORM_DIALOG_WIDTHS = { sm: 32, md: 36, lg: 40, xl: 44, xxl: 52 } as const;
export type FormDialogSize = keyof typeof FORM_DIALOG_WIDTHS;

const FIRST_FIELD =
  'input:not([type=hidden]):not([disabled]):not(.p-hidden-accessible input), textarea:not([disabled]), select:not([disabled]), [tabindex="0"]';

/** The breakpoint at which a dialog of `rem` width goes edge to edge (a 390 px phone is always below it). */
const phoneBreakpoint = (rem: number) => ({ [`${rem * 16 + 40}px`]: '96vw' });

export interface FormDialogProps {
  visible: boolean;
  onHide: () => void;
  header: string;
  /** the form's id: the footer's Save button submits it, so Enter in a field and Save do the same */
  formId: string;
  /** runs on submit (Enter or Save); the browser's own submit is already prevented */
  onSubmit: () => void;
  /** a save is under way: Save spins, Cancel, the close button, Escape and the mask stop closing the dialog */
  busy?: boolean;
  saveLabel?: string;
  saveIcon?: string;
  /** Save cannot be pressed (the record is still loading, or failed to) */
  saveDisabled?: boolean;
  saveTestId?: string;
  testId?: string;
  size?: FormDialogSize;
  position?: 'center' | 'top';
  /** a click outside closes the dialog (when not busy) */
  dismissableMask?: boolean;
  className?: string;
  formClassName?: string;
  /** shown instead of the form while it cannot be filled in (its record loading or failed) */
  placeholder?: ReactNode;
  /** shown above the form (a note, the form's tabs) */
  intro?: ReactNode;
  /** what stands beside Cancel and Save (a read-only view's own footer replaces them) */
  footer?: ReactNode;
  children: ReactNode;
}

/** What opens and closes a dialog. */
export interface DialogVisibility {
  visible: boolean;
  onHide: () => void;
}

/**
 * The FormDialog props of a dialog that edits one kind of record, named `name`: its form `<name>-form`, its Save
 * `<name>-save` and the dialog `<name>-dialog`, shown while `visible` and closed by `onHide`.
 */
export const recordDialogProps = (name: string, header: string, { visible, onHide }: DialogVisibility) => ({
  header,
  visible,
  onHide,
  formId: `${name}-form`,
  saveTestId: `${name}-save`,
  testId: `${name}-dialog`,
});

/**
 * The shell of every dialog that edits one record through a form: header, the form, and Cancel / Save in the footer.
 * Focus goes to the field marked autoFocus (else the first one) on show and back to what opened the dialog on close.
 */
export function FormDialog({
  visible,
  onHide,
  header,
  formId,
  onSubmit,
  busy = false,
  saveLabel,
  saveIcon = 'pi pi-check',
  saveDisabled,
  saveTestId,
  testId,
  size = 'lg',
  position = 'center',
  dismissableMask = false,
  className,
  formClassName,
  placeholder,
  intro,
  footer,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const rem = FORM_DIALOG_WIDTHS[size];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    onSubmit();
  };
  // React's autoFocus can fire before the dialog's enter transition has placed the form; once shown, the field
  // marked autoFocus (the first field otherwise) gets the focus unless the user has already moved it into the form
  const focusFirstField = () => {
    const form = document.getElementById(formId);
    if (!form || form.contains(document.activeElement)) return;
    form.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  };
  return (
    <Dialog
      header={header}
      onShow={focusFirstField}
      visible={visible}
      onHide={() => {
        if (!busy) onHide();
      }}
      footer={
        footer ?? (
          <DialogActions
            onCancel={onHide}
            confirm={{
              label: saveLabel ?? t('common.save'),
              icon: saveIcon,
              form: formId,
              loading: busy,
              disabled: saveDisabled,
              testId: saveTestId,
            }}
          />
        )
      }
      style={{ width: `${rem}rem` }}
      breakpoints={phoneBreakpoint(rem)}
      position={position}
      modal
      closable={!busy}
      closeOnEscape={!busy}
      dismissableMask={dismissableMask && !busy}
      className={className}
      data-testid={testId}
    >
      {placeholder ?? intro}
      {placeholder ? null : (
        <form id={formId} className={formClassName ? `dialog-form ${formClassName}` : 'dialog-form'} onSubmit={submit} noValidate>
          {children}
        </form>
      )}
    </Dialog>
  );
}

/** A form's messages by field name (i18n keys or the server's words). */
export type FieldErrors = Record<string, string>;

/**
 * A form dialog's state: the values, set anew from `initial` each time the dialog shows, and the field errors; setting
 * a field clears its error.
 */
export function useDialogForm<F extends object>(visible: boolean, initial: () => F, deps: readonly unknown[] = []) {
  const [values, setValues] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (!visible) return;
    setValues(initial());
    setErrors({});
    // `initial` is a new function each render: what it reads is named in `deps`
  }, [visible, ...deps]);
  const set = useCallback(<K extends keyof F>(field: K, value: F[K]) => {
    setErrors((current) => {
      if (!(String(field) in current)) return current;
      const { [field as string]: _gone, ...rest } = current;
      return rest;
    });
    setValues((current) => ({ ...current, [field]: value }));
  }, []);
  return { values, setValues, errors, setErrors, set };
}

/**
 * A form dialog checked by a pure `validate` (nothing is marked until the first check), set anew from `initial` each
 * time the dialog shows.
 */
export function useCheckedForm<F extends object, E extends object>(
  visible: boolean,
  initial: () => F,
  validate: (values: F) => E,
  deps: readonly unknown[] = [],
) {
  const { values, errors, setErrors, apply, check, reset } = useCheckedValues(initial, validate);
  useEffect(() => {
    if (visible) reset(initial());
    // `initial` is a new function each render: what it reads is named in `deps`
  }, [visible, ...deps]);
  return { values, errors, setErrors, apply, check };
}

/**
 * A checked form dialog that adds a record (`id` undefined: the values start from `empty` each time it shows) or
 * edits the record of `id`, whose values come from `formOf` once `loaded` (its fetched record) has arrived; `loading`
 * until then. `deps` name what `empty` reads.
 */
export function useLoadedForm<F extends object, E extends object, R>({
  visible,
  id,
  loaded,
  empty,
  formOf,
  validate,
  deps = [],
}: {
  visible: boolean;
  id: number | undefined;
  loaded: R | undefined;
  empty: () => F;
  formOf: (record: R) => F;
  validate: (values: F) => E;
  deps?: readonly unknown[];
}) {
  const form = useCheckedValues(empty, validate);
  const [loadedFor, setLoadedFor] = useState<number | 'new' | null>(null);
  const editing = id !== undefined;
  useEffect(() => {
    if (!visible) {
      setLoadedFor(null);
      return;
    }
    form.reset(editing ? undefined : empty());
    if (!editing) setLoadedFor('new');
  }, [visible, editing, ...deps]);
  useEffect(() => {
    if (visible && editing && loaded && loadedFor !== id) {
      form.setValues(formOf(loaded));
      setLoadedFor(id);
    }
  }, [visible, editing, loaded, loadedFor, id]);
  const { values, errors, setErrors, apply, check } = form;
  return { values, errors, setErrors, apply, check, editing, loading: editing && loadedFor !== id };
}
