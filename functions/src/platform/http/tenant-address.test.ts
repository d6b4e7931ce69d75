/** Which addresses a tenant's URL may reach, and how URL parsing writes the hosts that are checked. */
import { describe, expect, it } from 'vitest';
import { addressRefusal, literalHostRefusal } from './tenant-address.ts';

describe('addressRefusal', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared (carrier-grade NAT)'],
    ['100.127.255.255', 'shared (carrier-grade NAT)'],
    ['169.254.169.254', 'link-local'],
    ['169.254.170.2', 'link-local'],
    ['0.0.0.0', 'unspecified ("this network")'],
    ['0.1.2.3', 'unspecified ("this network")'],
    ['192.0.0.170', 'reserved (IETF protocol assignments)'],
    ['198.18.0.1', 'reserved (benchmarking)'],
    ['203.0.113.9', 'reserved (documentation)'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
  ])('refuses the IPv4 address %s as %s', (address, what) => {
    expect(addressRefusal(address)).toBe(what);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.15.255.255',
    '172.32.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '169.253.255.255',
    '192.167.255.255',
    '223.255.255.255',
    '11.0.0.0',
  ])('lets the public IPv4 address %s through', (address) => {
    expect(addressRefusal(address)).toBeUndefined();
  });

  it.each([
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'private (unique local)'],
    ['fd00:ec2::254', 'private (unique local)'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['fec0::1', 'reserved'],
    ['::127.0.0.1', 'reserved'],
    ['100::1', 'reserved'],
    ['64:ff9b:1::1', 'reserved'],
    ['2001:db8::1', 'reserved (documentation)'],
    ['2001::1', 'reserved (IETF protocol assignments, Teredo)'],
    ['3fff::1', 'reserved (documentation)'],
  ])('refuses the IPv6 address %s as %s', (address, what) => {
    expect(addressRefusal(address)).toBe(what);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback (IPv4-mapped 127.0.0.1)'],
    ['::ffff:7f00:1', 'loopback (IPv4-mapped 127.0.0.1)'],
    ['::ffff:a9fe:a9fe', 'link-local (IPv4-mapped 169.254.169.254)'],
    ['0:0:0:0:0:ffff:10.1.2.3', 'private (IPv4-mapped 10.1.2.3)'],
    ['::ffff:0.0.0.0', 'unspecified ("this network") (IPv4-mapped 0.0.0.0)'],
    ['64:ff9b::192.168.0.1', 'private (NAT64 of 192.168.0.1)'],
    ['2002:7f00:1::', 'loopback (6to4 of 127.0.0.1)'],
  ])('refuses the IPv6 address %s, which carries a refused IPv4 one, as %s', (address, what) => {
    expect(addressRefusal(address)).toBe(what);
  });

  it.each([
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
    '[2606:4700::1]',
  ])('lets the public IPv6 address %s through', (address) => {
    expect(addressRefusal(address)).toBeUndefined();
  });

  it('refuses what is not an IP address at all', () => {
    expect(addressRefusal('example.com')).toBe('not an IP address');
    expect(addressRefusal('127.1')).toBe('not an IP address');
    expect(addressRefusal('')).toBe('not an IP address');
  });
});

describe('literalHostRefusal', () => {
  const refusal = (url: string) => literalHostRefusal(new URL(url));

  it('refuses the other ways of writing 127.0.0.1, which URL parsing turns into 127.0.0.1', () => {
    for (const url of [
      'http://127.1/',
      'http://0x7f.1/',
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://017700000001/',
      'http://127.0.0.1./',
      'http://0x7f000001:9001/',
    ]) {
      expect(refusal(url), url).toBe('127.0.0.1 is not a public address (loopback)');
    }
  });

  it('refuses IPv6 literals, mapped IPv4 ones included, and 0.0.0.0 written as 0', () => {
    expect(refusal('http://[::1]:8080/x')).toBe('::1 is not a public address (loopback)');
    expect(refusal('https://[::ffff:169.254.169.254]/latest/meta-data')).toBe(
      '::ffff:a9fe:a9fe is not a public address (link-local (IPv4-mapped 169.254.169.254))',
    );
    expect(refusal('http://0/')).toBe('0.0.0.0 is not a public address (unspecified ("this network"))');
    expect(refusal('http://[fd00:ec2::254]/')).toBe('fd00:ec2::254 is not a public address (private (unique local))');
  });

  it('refuses localhost and the names under it, in any case and with the root dot', () => {
    expect(refusal('http://localhost:9001/2018-06-01/runtime/invocation/next')).toBe('localhost is this machine');
    expect(refusal('http://LOCALHOST./')).toBe('localhost is this machine');
    expect(refusal('http://n8n.localhost/')).toBe('n8n.localhost is this machine');
  });

  it('leaves names to the lookup made when connecting, and lets public literals through', () => {
    expect(refusal('https://n8n.example.com/webhook/abc')).toBeUndefined();
    expect(refusal('http://192.168.0.1.nip.io/')).toBeUndefined();
    expect(refusal('http://localhost.example.com/')).toBeUndefined();
    expect(refusal('http://8.8.8.8/')).toBeUndefined();
    expect(refusal('http://[2606:4700:4700::1111]/')).toBeUndefined();
  });
});
