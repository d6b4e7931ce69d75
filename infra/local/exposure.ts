/**
 * What the address the local gateway listens on (127.0.0.1 unless HOST says otherwise) means for the URLs tenants
 * configure (webhooks, n8n, Typebot). On loopback only this machine reaches the product, and n8n or Typebot often
 * run beside it, so private addresses are allowed; once the gateway is open to a network, anyone on it could point
 * an integration at this machine's and the network's private services, so they are refused. TENANT_URLS_PRIVATE,
 * when set, decides either way.
 */
import { isIP } from 'node:net';
import type { TenantUrlPolicy } from '../../functions/src/platform/http/tenant-fetch.ts';

export interface TenantUrlDecision {
  policy: TenantUrlPolicy;
  /** what decided it: the variable, or where the gateway listens */
  source: 'TENANT_URLS_PRIVATE' | 'loopback' | 'network';
}

/**
 * Whether a listening address is on the loopback interface: 127.0.0.0/8, ::1 or IPv4-mapped 127/8. Anything else
 * (0.0.0.0, ::, a LAN address, or a name, whose answers are not ours to vouch for) counts as open to a network.
 */
export const isLoopbackAddress = (address: string): boolean => {
  const value = address
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (isIP(value) === 4) return value.startsWith('127.');
  if (isIP(value) !== 6) return false;
  // the URL parser writes an IPv6 address in its one short form: ::1, and ::ffff:7fxx:xxxx for a mapped 127/8
  const short = new URL(`http://[${value}]`).hostname.slice(1, -1);
  return short === '::1' || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(short);
};

/** TENANT_URLS_PRIVATE as given; undefined when unset, an error naming it when it is neither deny nor allow. */
export const configuredTenantUrlPolicy = (configured: string | undefined): TenantUrlPolicy | undefined => {
  const value = configured?.trim();
  if (!value) return undefined;
  if (value === 'deny' || value === 'allow') return value;
  throw new Error(`TENANT_URLS_PRIVATE must be "deny" or "allow", got "${configured}"`);
};

/** The policy the local runtime runs with, from the address its gateway listens on and TENANT_URLS_PRIVATE. */
export const localTenantUrlPolicy = (listeningAddress: string, configured: string | undefined): TenantUrlDecision => {
  const explicit = configuredTenantUrlPolicy(configured);
  if (explicit) return { policy: explicit, source: 'TENANT_URLS_PRIVATE' };
  return isLoopbackAddress(listeningAddress) ? { policy: 'allow', source: 'loopback' } : { policy: 'deny', source: 'network' };
};

/** The line `npm start` prints about it. */
export const describeTenantUrlPolicy = ({ policy, source }: TenantUrlDecision): string => {
  const verdict = policy === 'allow' ? 'may reach' : 'may not reach';
  const why =
    source === 'TENANT_URLS_PRIVATE'
      ? `TENANT_URLS_PRIVATE=${policy}`
      : source === 'loopback'
        ? 'the gateway listens on loopback only; TENANT_URLS_PRIVATE=deny refuses them'
        : 'HOST opens the gateway to the network; TENANT_URLS_PRIVATE=allow permits them';
  return `Tenant URLs (webhooks, n8n, Typebot) ${verdict} private and loopback addresses (${why}).`;
};
