/**
 * Whether Meta accepts a Graph connection's credentials, asked when the connection is saved: a Cloud API number is
 * read with its token (`GET /{phone-number-id}`), a Messenger page's or Instagram account's token must be that page's
 * (`GET /me` answers the page a page token belongs to). The answer is what the connection shows: connected, or
 * refused with Meta's reason; an unreachable Meta is a refusal too, since nothing was checked.
 */
import { CONNECTION_REASONS } from '@switchboard/shared/connection-reasons';
import { z } from 'zod';
import { GraphError, graphCall } from './graph-client.ts';

export type CredentialsCheck = { ok: true } | { ok: false; reason: string };

/** What the admin reads in the connections list when the check failed (`refused`: what Meta refused, if not the token). */
const refusal = (error: unknown, refused: string): CredentialsCheck => {
  if (error instanceof GraphError) {
    return { ok: false, reason: `${error.tokenRejected ? CONNECTION_REASONS.tokenRefused : refused}: ${error.message}` };
  }
  return { ok: false, reason: `${CONNECTION_REASONS.metaUnreachable}: ${(error as Error).message}` };
};

const idAnswer = z.object({ id: z.string() });

/** A Cloud API number: its token must read its phone number id. */
export const checkCloudNumber = async (phoneNumberId: string, accessToken: string): Promise<CredentialsCheck> => {
  try {
    const answer = idAnswer.parse(
      await graphCall('GET', phoneNumberId, { token: accessToken, query: { fields: 'id,display_phone_number,verified_name' } }),
    );
    return answer.id === phoneNumberId
      ? { ok: true }
      : { ok: false, reason: `Meta answered another phone number id (${answer.id})` };
  } catch (error) {
    return refusal(error, CONNECTION_REASONS.numberRefused);
  }
};

/** A Messenger page or the page behind an Instagram account: the token must be that page's own. */
export const checkPageToken = async (pageId: string, accessToken: string): Promise<CredentialsCheck> => {
  try {
    const answer = idAnswer.parse(await graphCall('GET', 'me', { token: accessToken, query: { fields: 'id,name' } }));
    return answer.id === pageId ? { ok: true } : { ok: false, reason: `${CONNECTION_REASONS.notPageToken}: page ${pageId}` };
  } catch (error) {
    return refusal(error, `Meta refused the page ${pageId}`);
  }
};
