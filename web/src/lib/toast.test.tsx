import { act, useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshPageEachTest } from '../test-network.ts';
import { ApiError } from './api-error.ts';
import { DEFAULT_TOAST_MS, ERROR_TOAST_MS, ToastProvider, useToast, type Toaster } from './toast.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = freshPageEachTest('pt');
let toaster: Toaster;

function Grab() {
  const toast = useToast();
  useEffect(() => {
    toaster = toast;
  });
  return null;
}

const mount = async () => {
  await act(async () =>
    page.root.render(
      <ToastProvider>
        <Grab />
      </ToastProvider>,
    ),
  );
};

const messages = () => [...page.container.querySelectorAll<HTMLElement>('.p-toast .p-toast-message')];

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it("shows an error with the theme's classes, its summary and the spec's text, for 2 s", async () => {
    vi.useFakeTimers();
    await mount();
    await act(async () => toaster.error({ error: 'ERR_NO_PERMISSION' }));
    expect(messages()).toHaveLength(1);
    expect(messages()[0]!.className).toContain('p-toast-message-error');
    expect(messages()[0]!.getAttribute('role')).toBe('alert');
    expect(messages()[0]!.querySelector('.p-toast-summary')?.textContent).toBe('Erro');
    await act(async () => vi.advanceTimersByTime(ERROR_TOAST_MS - 1));
    expect(messages()).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(1));
    expect(messages()).toHaveLength(0);
  });

  it("names the fields of a refused save after the code's text", async () => {
    await mount();
    await act(async () =>
      toaster.error(
        new ApiError(400, { error: 'ERR_VALIDATION', fields: [{ path: 'body.flowIdWelcome', message: 'Unknown flow 4' }] }),
      ),
    );
    expect(messages()[0]!.querySelector('.p-toast-detail')?.textContent).toBe(
      'Alguns campos estão inválidos. Revise o formulário. Campos: flowIdWelcome.',
    );
  });

  it('stacks messages, keeps a hovered one open and closes one from its button', async () => {
    vi.useFakeTimers();
    await mount();
    await act(async () => {
      toaster.success('Salvo.');
      toaster.warn('Cuidado.');
    });
    expect(messages().map((m) => m.querySelector('.p-toast-detail')?.textContent)).toEqual(['Salvo.', 'Cuidado.']);
    await act(async () => messages()[0]!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
    await act(async () => vi.advanceTimersByTime(DEFAULT_TOAST_MS));
    expect(messages().map((m) => m.querySelector('.p-toast-detail')?.textContent)).toEqual(['Salvo.']);
    await act(async () => messages()[0]!.querySelector<HTMLButtonElement>('.p-toast-icon-close')!.click());
    expect(messages()).toHaveLength(0);
  });
});
