import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { freshPageEachTest, until } from '../test-network.ts';
import { FormDialog } from './form-dialog.tsx';
import { KitProvider } from './kit-provider.tsx';

/** Escape in an open dropdown or multi-select inside a dialog: the panel closes, the dialog stays with what was typed. */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = freshPageEachTest('en');
const options = [
  { label: 'Sales', value: 1 },
  { label: 'Support', value: 2 },
];

function Harness({ probe }: { probe: { hidden: number } }) {
  const [visible, setVisible] = useState(true);
  const [one, setOne] = useState<number | null>(null);
  const [many, setMany] = useState<number[]>([]);
  return (
    <KitProvider>
      <FormDialog
        visible={visible}
        onHide={() => {
          probe.hidden += 1;
          setVisible(false);
        }}
        header="Queue"
        formId="queue-form"
        onSubmit={() => undefined}
        testId="queue-dialog"
      >
        <Dropdown inputId="one" value={one} options={options} onChange={(e) => setOne(e.value as number)} data-testid="one" />
        <MultiSelect
          inputId="many"
          value={many}
          options={options}
          onChange={(e) => setMany(e.value as number[])}
          data-testid="many"
        />
      </FormDialog>
    </KitProvider>
  );
}

const q = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector);
const dialogShown = () => q('[data-testid=queue-dialog]') !== null;

const escapeOn = (target: Element) =>
  act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true, cancelable: true }));
  });

describe('Escape inside a dialog', () => {
  it('closes an open dropdown and leaves the dialog open', async () => {
    const probe = { hidden: 0 };
    await act(async () => page.root.render(<Harness probe={probe} />));
    await until(dialogShown, 'the dialog');
    await act(async () => q<HTMLElement>('[data-testid=one]')!.click());
    await until(() => q('.p-dropdown-panel') !== null, 'the dropdown panel');
    await escapeOn(q('#one')!);
    await until(() => q('.p-dropdown-panel') === null, 'the dropdown panel to close');
    expect(probe.hidden).toBe(0);
    expect(dialogShown()).toBe(true);
  });

  it('closes an open multi-select from inside its panel and leaves the dialog open', async () => {
    const probe = { hidden: 0 };
    await act(async () => page.root.render(<Harness probe={probe} />));
    await until(dialogShown, 'the dialog');
    await act(async () => q<HTMLElement>('[data-testid=many]')!.click());
    await until(() => q('.p-multiselect-panel') !== null, 'the multi-select panel');
    await escapeOn(q('.p-multiselect-panel li[role=option]') ?? q('.p-multiselect-panel')!);
    expect(probe.hidden).toBe(0);
    expect(dialogShown()).toBe(true);
  });

  it('still closes the dialog when no panel is open', async () => {
    const probe = { hidden: 0 };
    await act(async () => page.root.render(<Harness probe={probe} />));
    await until(dialogShown, 'the dialog');
    await escapeOn(q('#one')!);
    expect(probe.hidden).toBe(1);
  });
});
