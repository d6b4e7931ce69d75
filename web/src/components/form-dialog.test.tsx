import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { freshPageEachTest, until } from '../test-network.ts';
import { FormDialog, useDialogForm } from './form-dialog.tsx';
import { TextField } from './text-field.tsx';

/** The form-dialog shell: submit by Save or Enter, the busy state, Escape, focus going back, the form state. */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = freshPageEachTest('en');

interface Probe {
  saved: { name: string }[];
  hidden: number;
}

/** A page with a button that opens a one-field dialog; `busy` stands for a save under way. */
function Harness({ probe, busy = false, initialName = 'Ana' }: { probe: Probe; busy?: boolean; initialName?: string }) {
  const [visible, setVisible] = useState(false);
  const hide = () => {
    probe.hidden += 1;
    setVisible(false);
  };
  return (
    <>
      <button type="button" data-testid="open" onClick={() => setVisible(true)}>
        open
      </button>
      <ThingDialog visible={visible} onHide={hide} busy={busy} initialName={initialName} onSave={(v) => probe.saved.push(v)} />
    </>
  );
}

function ThingDialog(props: {
  visible: boolean;
  onHide: () => void;
  busy: boolean;
  initialName: string;
  onSave: (v: { name: string }) => void;
}) {
  const { values, errors, setErrors, set } = useDialogForm(props.visible, () => ({ name: props.initialName }));
  return (
    <FormDialog
      visible={props.visible}
      onHide={props.onHide}
      header="Thing"
      formId="thing-form"
      busy={props.busy}
      onSubmit={() => (values.name.trim() ? props.onSave(values) : setErrors({ name: 'Name is required' }))}
      saveTestId="thing-save"
      testId="thing-dialog"
      size="sm"
    >
      <TextField
        id="thing-name"
        label="Name"
        autoFocus
        error={errors.name}
        value={values.name}
        onChange={(v) => set('name', v)}
        testId="thing-name"
      />
    </FormDialog>
  );
}

const q = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector);
const dialogShown = () => q('[data-testid=thing-dialog]') !== null;

const type = async (input: HTMLInputElement, value: string) => {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
};

const open = async (probe: Probe, props: { busy?: boolean; initialName?: string } = {}) => {
  await act(async () => page.root.render(<Harness probe={probe} {...props} />));
  const trigger = q<HTMLButtonElement>('[data-testid=open]')!;
  trigger.focus();
  await act(async () => trigger.click());
  await until(dialogShown, 'the dialog');
  return trigger;
};

const escape = () =>
  act(async () => {
    const target = document.activeElement ?? document.body;
    target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true, cancelable: true }));
  });

describe('the form-dialog shell', () => {
  it('submits the form from the Save button with the typed values, and shows a field message that typing clears', async () => {
    const probe: Probe = { saved: [], hidden: 0 };
    await open(probe);
    const input = q<HTMLInputElement>('[data-testid=thing-name]')!;
    expect(input.value).toBe('Ana');
    expect(q('#thing-name')!.closest('.p-dialog')!.textContent).toContain('Thing');

    await type(input, '  ');
    await act(async () => q<HTMLButtonElement>('[data-testid=thing-save]')!.click());
    expect(probe.saved).toEqual([]);
    expect(q('#thing-name-error')!.textContent).toBe('Name is required');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('thing-name-error');

    await type(input, 'Bia');
    expect(q('#thing-name-error')).toBeNull();
    await act(async () => q<HTMLButtonElement>('[data-testid=thing-save]')!.click());
    expect(probe.saved).toEqual([{ name: 'Bia' }]);
  });

  it('submits on Enter in a field, as Save does (the form owns the footer button)', async () => {
    const probe: Probe = { saved: [], hidden: 0 };
    await open(probe);
    const save = q<HTMLButtonElement>('[data-testid=thing-save]')!;
    expect(save.type).toBe('submit');
    expect(save.getAttribute('form')).toBe('thing-form');
    // the footer sits outside the form: Enter submits through the button the form owns by its `form` attribute
    expect(q<HTMLFormElement>('#thing-form')!.contains(save)).toBe(false);
    await act(async () => q<HTMLFormElement>('#thing-form')!.requestSubmit());
    expect(probe.saved).toEqual([{ name: 'Ana' }]);
  });

  it('closes on Escape and on Cancel, and gives the focus back to what opened it', async () => {
    const probe: Probe = { saved: [], hidden: 0 };
    const trigger = await open(probe);
    await until(
      () => document.activeElement === q('[data-testid=thing-name]'),
      `the focus on the autoFocus field (${document.activeElement?.outerHTML})`,
    );
    await escape();
    expect(probe.hidden).toBe(1);
    await until(() => !dialogShown(), 'the dialog to close');
    await until(() => document.activeElement === trigger, 'the focus back on the trigger');

    await act(async () => trigger.click());
    await until(dialogShown, 'the dialog again');
    const cancel = [...document.querySelectorAll<HTMLButtonElement>('.dialog-footer button')].find(
      (b) => b.textContent === 'Cancel',
    )!;
    await act(async () => cancel.click());
    expect(probe.hidden).toBe(2);
  });

  it('starts from the record again each time it opens, dropping what was typed and the messages', async () => {
    const probe: Probe = { saved: [], hidden: 0 };
    const trigger = await open(probe);
    await type(q<HTMLInputElement>('[data-testid=thing-name]')!, '');
    await act(async () => q<HTMLButtonElement>('[data-testid=thing-save]')!.click());
    expect(q('#thing-name-error')).not.toBeNull();
    await escape();
    await until(() => !dialogShown(), 'the dialog to close');
    await act(async () => trigger.click());
    await until(dialogShown, 'the dialog again');
    expect(q<HTMLInputElement>('[data-testid=thing-name]')!.value).toBe('Ana');
    expect(q('#thing-name-error')).toBeNull();
  });

  it('while busy: Save spins and submits nothing, Cancel is disabled, and neither Escape nor a close button closes it', async () => {
    const probe: Probe = { saved: [], hidden: 0 };
    await open(probe, { busy: true });
    const save = q<HTMLButtonElement>('[data-testid=thing-save]')!;
    expect(save.disabled).toBe(true);
    expect(save.querySelector('.p-button-loading-icon, .pi-spin')).not.toBeNull();
    const cancel = [...document.querySelectorAll<HTMLButtonElement>('.dialog-footer button')].find(
      (b) => b.textContent === 'Cancel',
    )!;
    expect(cancel.disabled).toBe(true);
    expect(q('.p-dialog-header-close')).toBeNull();
    await act(async () => q<HTMLFormElement>('#thing-form')!.requestSubmit());
    await escape();
    expect(probe.saved).toEqual([]);
    expect(probe.hidden).toBe(0);
    expect(dialogShown()).toBe(true);
  });

  it('fits a 390 px phone: the dialog takes the screen width below its breakpoint', async () => {
    const probe: Probe = { saved: [], hidden: 0 };
    await open(probe);
    const dialog = q<HTMLElement>('[data-testid=thing-dialog]')!;
    expect(dialog.style.width).toBe('32rem');
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
    // sm is 32rem: at 552 px and below (every phone) the dialog is 96vw wide
    expect(css).toMatch(
      /@media screen and \(max-width: 552px\)\s*\{\s*\[data-pc-name="dialog"\]\[[^\]]+\]\s*\{\s*width: 96vw !important;/,
    );
  });
});
