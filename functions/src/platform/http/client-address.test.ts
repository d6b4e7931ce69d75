import { describe, expect, it } from 'vitest';
import { cameThroughCloudFront, clientAddress, lowerCaseHeaders } from './client-address.ts';

const SECRET = 's3cr3t-origin-key-0123456789abcdefghijklmnop';

describe('the client address', () => {
  it('is the viewer address CloudFront passes on, with the origin secret', () => {
    expect(clientAddress({ 'x-origin-verify': SECRET, 'x-viewer-address': '203.0.113.9' }, '130.176.1.1', SECRET)).toBe(
      '203.0.113.9',
    );
    expect(clientAddress({ 'x-origin-verify': SECRET, 'x-viewer-address': '203.0.113.9:51234' }, '130.176.1.1', SECRET)).toBe(
      '203.0.113.9',
    );
    expect(clientAddress({ 'x-origin-verify': SECRET, 'x-viewer-address': '[2001:db8::1]:443' }, '130.176.1.1', SECRET)).toBe(
      '2001:db8::1',
    );
    expect(clientAddress({ 'x-origin-verify': SECRET, 'x-viewer-address': '2001:db8::7' }, '130.176.1.1', SECRET)).toBe(
      '2001:db8::7',
    );
  });

  it('ignores a viewer address sent without the secret, or with a wrong one, or that is no address', () => {
    expect(clientAddress({ 'x-viewer-address': '10.9.9.9' }, '198.51.100.4', SECRET)).toBe('198.51.100.4');
    expect(clientAddress({ 'x-origin-verify': 'guess', 'x-viewer-address': '10.9.9.9' }, '198.51.100.4', SECRET)).toBe(
      '198.51.100.4',
    );
    expect(clientAddress({ 'x-origin-verify': SECRET, 'x-viewer-address': '<script>' }, '198.51.100.4', SECRET)).toBe(
      '198.51.100.4',
    );
  });

  it('is the connection address where no origin secret is configured (the local runtime)', () => {
    expect(clientAddress({ 'x-origin-verify': SECRET, 'x-viewer-address': '10.9.9.9' }, '127.0.0.1', undefined)).toBe(
      '127.0.0.1',
    );
  });

  it('tells a request that came through CloudFront', () => {
    expect(cameThroughCloudFront({ 'x-origin-verify': SECRET }, SECRET)).toBe(true);
    expect(cameThroughCloudFront({ 'x-origin-verify': `${SECRET}x` }, SECRET)).toBe(false);
    expect(cameThroughCloudFront({}, SECRET)).toBe(false);
  });

  it('reads header names in any case, as HTTP means them', () => {
    const headers = lowerCaseHeaders({ 'X-Origin-Verify': SECRET, 'X-Viewer-Address': '203.0.113.9' });
    expect(cameThroughCloudFront(headers, SECRET)).toBe(true);
    expect(clientAddress(headers, '10.0.0.1', SECRET)).toBe('203.0.113.9');
    expect(lowerCaseHeaders(undefined)).toEqual({});
  });
});
