import { afterEach, describe, expect, it } from 'vitest';
import { installFocusReturn } from './focus-return.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  document.body.innerHTML = '';
});

const setup = () => {
  document.body.innerHTML = '<main><button id="opener">open</button><button id="other">other</button></main>';
  uninstall = installFocusReturn(document);
  const opener = document.getElementById('opener') as HTMLButtonElement;
  opener.focus();
  const mask = document.createElement('div');
  mask.className = 'p-dialog-mask';
  mask.innerHTML = '<div class="p-dialog"><input id="field" /></div>';
  document.body.append(mask);
  (document.getElementById('field') as HTMLInputElement).focus();
  return { opener, mask };
};

describe('focus return after an overlay closes', () => {
  it('puts focus back on the control that opened the dialog', async () => {
    const { opener, mask } = setup();
    expect(document.activeElement?.id).toBe('field');
    mask.remove();
    await flush();
    expect(document.activeElement).toBe(opener);
  });

  it('leaves focus alone when the page moved it elsewhere as the dialog closed', async () => {
    const { mask } = setup();
    const other = document.getElementById('other') as HTMLButtonElement;
    mask.remove();
    other.focus();
    await flush();
    expect(document.activeElement).toBe(other);
  });

  it('does nothing when the opener is gone from the page', async () => {
    const { opener, mask } = setup();
    opener.remove();
    mask.remove();
    await flush();
    expect(document.activeElement).toBe(document.body);
  });
});
