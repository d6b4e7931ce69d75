/**
 * What the address the local gateway listens on (127.0.0.1 unless HOST says otherwise) means for the URLs tenants
 * configure (webhooks, n8n, Typebot). On loopback only this machine reaches the product, and n8n or Typebot often
 * run beside it, so private addresses are allowed; once the product is open to a network, by HOST or by a PUBLIC_URL
 * that people reach from elsewhere (a reverse proxy or a tunnel in front of a loopback gateway), anyone who reaches it
 * could point an integration at this machine's and the network's private services, so they are refused.
 * TENANT_URLS_PRIVATE, when set, decides either way.
 */
import type { TenantUrlPolicy } from '../../functions/src/platform/http/tenant-fetch.ts';
import { isLocalhostName, isLoopbackAddress } from '../../functions/src/platform/http/tenant-address.ts';

export interface TenantUrlDecision {
  policy: TenantUrlPolicy;
  /** what decided it: the variable, where the gateway listens, or the public address it is reached at */
  source: 'TENANT_URLS_PRIVATE' | 'loopback' | 'network' | 'PUBLIC_URL';
}

/** TENANT_URLS_PRIVATE as given; undefined when unset, an error naming it when it is neither deny nor allow. */
export const configuredTenantUrlPolicy = (configured: string | undefined): TenantUrlPolicy | undefined => {
  const value = configured?.trim();
  if (!value) return undefined;
  if (value === 'deny' || value === 'allow') return value;
  throw new Error(`TENANT_URLS_PRIVATE must be "deny" or "allow", got "${configured}"`);
};

/** Whether a public URL names this machine: localhost (and names under it), 127/8 or ::1. */
const isLoopbackUrl = (url: string): boolean => {
  if (!URL.canParse(url)) throw new Error(`PUBLIC_URL must be a URL, got "${url}"`);
  const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  return isLocalhostName(host) || isLoopbackAddress(host);
};

/**
 * The policy the local runtime runs with, from TENANT_URLS_PRIVATE (as `configuredTenantUrlPolicy` parsed it), the
 * address its gateway listens on and the PUBLIC_URL it is reached at, when one is given.
 */
export const localTenantUrlPolicy = (
  listeningAddress: string,
  configured: TenantUrlPolicy | undefined,
  publicUrl?: string,
): TenantUrlDecision => {
  if (configured) return { policy: configured, source: 'TENANT_URLS_PRIVATE' };
  if (!isLoopbackAddress(listeningAddress)) return { policy: 'deny', source: 'network' };
  if (publicUrl && !isLoopbackUrl(publicUrl)) return { policy: 'deny', source: 'PUBLIC_URL' };
  return { policy: 'allow', source: 'loopback' };
};

/** The line `npm start` prints about it. */
export const describeTenantUrlPolicy = ({ policy, source }: TenantUrlDecision): string => {
  const verdict = policy === 'allow' ? 'may reach' : 'may not reach';
  const why =
    source === 'TENANT_URLS_PRIVATE'
      ? `TENANT_URLS_PRIVATE=${policy}`
      : source === 'loopback'
        ? 'the gateway listens on loopback only; TENANT_URLS_PRIVATE=deny refuses them'
        : source === 'PUBLIC_URL'
          ? 'PUBLIC_URL is reached from beyond this machine; TENANT_URLS_PRIVATE=allow permits them'
          : 'HOST opens the gateway to the network; TENANT_URLS_PRIVATE=allow permits them';
  return `Tenant URLs (webhooks, n8n, Typebot) ${verdict} private and loopback addresses (${why}).`;
};
