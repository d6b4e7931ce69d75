import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from '../../functions/src/platform/http/tenant-address.ts';
import { configuredTenantUrlPolicy, describeTenantUrlPolicy, localTenantUrlPolicy } from './exposure.ts';

describe('the tenant URL policy of the local runtime', () => {
  it('allows private addresses by default while the gateway listens on loopback only', () => {
    for (const address of ['127.0.0.1', '127.0.1.1', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address), address).toBe(true);
      expect(localTenantUrlPolicy(address, undefined)).toEqual({ policy: 'allow', source: 'loopback' });
    }
  });

  it('denies them by default once the gateway listens on any other address', () => {
    for (const address of [
      '0.0.0.0',
      '::',
      '192.168.1.20',
      '10.0.0.5',
      'fe80::1',
      '::ffff:192.168.1.20',
      '128.0.0.1',
      'lan-host',
    ]) {
      expect(isLoopbackAddress(address), address).toBe(false);
      expect(localTenantUrlPolicy(address, undefined)).toEqual({ policy: 'deny', source: 'network' });
      expect(localTenantUrlPolicy(address, configuredTenantUrlPolicy(''))).toEqual({ policy: 'deny', source: 'network' });
    }
  });

  it('denies them by default when PUBLIC_URL is reached from beyond this machine, though the gateway is on loopback', () => {
    for (const publicUrl of [
      'https://inbox.example.com',
      'https://abc123.ngrok.app/',
      'http://192.168.1.20:3000',
      'http://[fe80::1]:3000',
    ]) {
      expect(localTenantUrlPolicy('127.0.0.1', undefined, publicUrl), publicUrl).toEqual({
        policy: 'deny',
        source: 'PUBLIC_URL',
      });
    }
    for (const publicUrl of [
      'http://localhost:3000',
      'http://app.localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]) {
      expect(localTenantUrlPolicy('127.0.0.1', undefined, publicUrl), publicUrl).toEqual({ policy: 'allow', source: 'loopback' });
    }
    expect(localTenantUrlPolicy('127.0.0.1', 'allow', 'https://inbox.example.com')).toEqual({
      policy: 'allow',
      source: 'TENANT_URLS_PRIVATE',
    });
    expect(() => localTenantUrlPolicy('127.0.0.1', undefined, 'inbox.example.com')).toThrow(/PUBLIC_URL must be a URL/);
  });

  it('follows TENANT_URLS_PRIVATE when it is set, wherever the gateway listens', () => {
    expect(localTenantUrlPolicy('0.0.0.0', configuredTenantUrlPolicy('allow'))).toEqual({
      policy: 'allow',
      source: 'TENANT_URLS_PRIVATE',
    });
    expect(localTenantUrlPolicy('127.0.0.1', configuredTenantUrlPolicy(' deny '))).toEqual({
      policy: 'deny',
      source: 'TENANT_URLS_PRIVATE',
    });
    expect(() => configuredTenantUrlPolicy('yes')).toThrow(/TENANT_URLS_PRIVATE must be "deny" or "allow", got "yes"/);
  });

  it('is told in one line that names what decided it', () => {
    expect(describeTenantUrlPolicy({ policy: 'allow', source: 'loopback' })).toMatch(/may reach private .*loopback only/);
    expect(describeTenantUrlPolicy({ policy: 'deny', source: 'network' })).toMatch(
      /may not reach private .*HOST opens the gateway/,
    );
    expect(describeTenantUrlPolicy({ policy: 'deny', source: 'PUBLIC_URL' })).toMatch(
      /may not reach private .*PUBLIC_URL is reached/,
    );
    expect(describeTenantUrlPolicy({ policy: 'deny', source: 'TENANT_URLS_PRIVATE' })).toMatch(
      /may not reach .*TENANT_URLS_PRIVATE=deny/,
    );
  });
});
