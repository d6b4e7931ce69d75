import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { onTabsKeyDown } from './tabs-keyboard.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Tabs() {
  const [active, setActive] = useState('a');
  return (
    <div role="tablist" onKeyDown={onTabsKeyDown}>
      {['a', 'b', 'c'].map((id) => (
        <button
          key={id}
          id={id}
          type="button"
          role="tab"
          aria-selected={active === id}
          tabIndex={active === id ? 0 : -1}
          onClick={() => setActive(id)}
        >
          {id}
        </button>
      ))}
    </div>
  );
}

let root: Root;
let host: HTMLDivElement;
beforeEach(async () => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(<Tabs />));
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
});

const press = async (key: string) => {
  await act(async () => {
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
};
const selected = () => host.querySelector('[aria-selected="true"]')!.id;

describe('tab list keyboard', () => {
  it('moves focus and selection with the arrows, wrapping, and to the ends with Home and End', async () => {
    (host.querySelector('#a') as HTMLElement).focus();
    await press('ArrowRight');
    expect([selected(), document.activeElement?.id]).toEqual(['b', 'b']);
    await press('ArrowRight');
    await press('ArrowRight');
    expect(selected()).toBe('a');
    await press('ArrowLeft');
    expect(selected()).toBe('c');
    await press('Home');
    expect(selected()).toBe('a');
    await press('End');
    expect(selected()).toBe('c');
    // only the chosen tab is in the tab order
    expect([...host.querySelectorAll('[role="tab"]')].map((t) => (t as HTMLElement).tabIndex)).toEqual([-1, -1, 0]);
  });

  it('leaves other keys alone', async () => {
    (host.querySelector('#a') as HTMLElement).focus();
    await press('x');
    expect(selected()).toBe('a');
  });
});
