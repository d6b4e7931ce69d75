import { describe, expect, it } from 'vitest';
import { describeTenantUrlPolicy, isLoopbackAddress, localTenantUrlPolicy } from './exposure.ts';

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
      expect(localTenantUrlPolicy(address, '')).toEqual({ policy: 'deny', source: 'network' });
    }
  });

  it('follows TENANT_URLS_PRIVATE when it is set, wherever the gateway listens', () => {
    expect(localTenantUrlPolicy('0.0.0.0', 'allow')).toEqual({ policy: 'allow', source: 'TENANT_URLS_PRIVATE' });
    expect(localTenantUrlPolicy('127.0.0.1', 'deny')).toEqual({ policy: 'deny', source: 'TENANT_URLS_PRIVATE' });
    expect(() => localTenantUrlPolicy('127.0.0.1', 'yes')).toThrow(/TENANT_URLS_PRIVATE must be "deny" or "allow", got "yes"/);
  });

  it('is told in one line that names what decided it', () => {
    expect(describeTenantUrlPolicy({ policy: 'allow', source: 'loopback' })).toMatch(/may reach private .*loopback only/);
    expect(describeTenantUrlPolicy({ policy: 'deny', source: 'network' })).toMatch(
      /may not reach private .*HOST opens the gateway/,
    );
    expect(describeTenantUrlPolicy({ policy: 'deny', source: 'TENANT_URLS_PRIVATE' })).toMatch(
      /may not reach .*TENANT_URLS_PRIVATE=deny/,
    );
  });
});
