/**
 * Who sent a request. Behind CloudFront, API Gateway sees the edge's address, so CloudFront adds the viewer's
 * address (`x-viewer-address`, set by its viewer-request function over anything the client sent) and a secret
 * origin header that only it knows (`x-origin-verify`). The viewer address is believed only with that secret;
 * in AWS a request without it did not come through CloudFront and is refused.
 */
import { timingSafeEqual } from 'node:crypto';

export const ORIGIN_HEADER = 'x-origin-verify';
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';

/** Header names are case-insensitive in HTTP: requests' headers are kept in lower case, as the checks here read them. */
export const lowerCaseHeaders = (headers: Record<string, string | undefined> = {}): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

/** Whether the request carries the origin secret (compared in constant time). */
export const cameThroughCloudFront = (headers: Record<string, string | undefined>, originSecret: string): boolean => {
  const given = Buffer.from(headers[ORIGIN_HEADER] ?? '');
  const expected = Buffer.from(originSecret);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/**
 * The client's address: the viewer address CloudFront vouches for when the origin secret is configured and
 * present, else the address the connection came from (the local gateway's socket, or API Gateway's view).
 */
export const clientAddress = (
  headers: Record<string, string | undefined>,
  sourceIp: string,
  originSecret: string | undefined,
): string => {
  if (!originSecret || !cameThroughCloudFront(headers, originSecret)) return sourceIp;
  // CloudFront-Viewer-Address style values may carry the port: "203.0.113.9:51234" or "[2001:db8::1]:443"
  const viewer = (headers[VIEWER_ADDRESS_HEADER] ?? '').trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(viewer);
  if (bracketed) return bracketed[1]!;
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?$/.exec(viewer);
  if (v4) return v4[1]!;
  return viewer && /^[0-9a-f:]+$/i.test(viewer) ? viewer : sourceIp;
};
