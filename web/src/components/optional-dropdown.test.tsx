import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { freshPageEachTest } from '../test-network.ts';
import { OptionalDropdown } from './optional-dropdown.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = freshPageEachTest('en');

function Flow({ seen }: { seen: (number | null)[] }) {
  const [value, setValue] = useState<number | null>(4);
  return (
    <OptionalDropdown
      inputId="flow"
      value={value}
      noneLabel="None"
      choices={[
        { value: 4, label: 'Welcome' },
        { value: 9, label: 'After hours' },
      ]}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
      testId="flow"
    />
  );
}

const open = () => act(async () => document.querySelector<HTMLElement>('[data-testid=flow]')!.click());
const choose = (label: string) =>
  act(async () =>
    [...document.querySelectorAll<HTMLElement>('.p-dropdown-item')].find((i) => i.textContent?.trim() === label)!.click(),
  );
const shown = () => document.querySelector('[data-testid=flow] .p-dropdown-label')?.textContent;

describe('the optional dropdown', () => {
  it('lists "none" first and answers a null for it, or the id of the record chosen', async () => {
    const seen: (number | null)[] = [];
    await act(async () => page.root.render(<Flow seen={seen} />));
    expect(shown()).toBe('Welcome');
    await open();
    expect([...document.querySelectorAll('.p-dropdown-item')].map((i) => i.textContent?.trim())).toEqual([
      'None',
      'Welcome',
      'After hours',
    ]);
    await choose('None');
    expect(seen).toEqual([null]);
    expect(shown()).toBe('None');
    await open();
    await choose('After hours');
    expect(seen).toEqual([null, 9]);
    expect(shown()).toBe('After hours');
  });
});
