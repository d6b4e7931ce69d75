import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { reportServerReached, reportServerUnreachable } from '../lib/network-state.ts';
import { freshPageEachTest } from '../test-network.ts';
import { OfflineBanner } from './offline-banner.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = freshPageEachTest('pt');

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

describe('the offline banner', () => {
  it('says the app is offline while the browser is, and goes away when the network is back', async () => {
    await act(async () => page.root.render(<OfflineBanner />));
    const banner = () => page.container.querySelector('[data-testid=offline-banner]');
    expect(banner()).toBeNull();
    await act(async () => setOnline(false));
    expect(banner()?.textContent).toContain('Você está sem conexão');
    expect(banner()?.getAttribute('role')).toBe('status');
    await act(async () => setOnline(true));
    expect(banner()).toBeNull();
  });

  it('also shows while the browser claims a network but requests get no answer, until one does', async () => {
    await act(async () => page.root.render(<OfflineBanner />));
    const banner = () => page.container.querySelector('[data-testid=offline-banner]');
    await act(async () => reportServerUnreachable());
    expect(banner()).not.toBeNull();
    await act(async () => reportServerReached());
    expect(banner()).toBeNull();
    // the browser's word that the network is back clears it too, until a request says otherwise
    await act(async () => reportServerUnreachable());
    await act(async () => setOnline(true));
    expect(banner()).toBeNull();
  });
});
