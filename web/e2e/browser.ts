/**
 * What every browser test shares: Debian's Chromium with the flags this machine needs (no background
 * networking: the network is closed), the screenshot folder, and the product's address and admin account that
 * the browser project's global setup provides.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const SHOTS = fileURLToPath(new URL('../../test-results/', import.meta.url));

export const baseUrl = (): string => inject('baseUrl').replace(/\/$/, '');
export const adminEmail = (): string => inject('adminEmail');
export const adminPassword = (): string => inject('adminPassword');

export const launchChromium = (): Promise<Browser> => {
  mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
};

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
    dataDir: string;
  }
}
