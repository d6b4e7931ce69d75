/**
 * The Messenger side of connecting a Meta user: the pages they manage (each with its page token and, when linked,
 * its Instagram professional account) and the app's subscription to a page's messaging events.
 */
import { z } from 'zod';
import { graphCall } from '../graph/graph-client.ts';

export interface ManagedPage {
  id: string;
  name: string;
  accessToken: string;
  instagram?: { id: string; name?: string };
}

const accountsAnswer = z.object({
  data: z
    .array(
      z.object({
        id: z.string(),
        name: z.string().default(''),
        access_token: z.string().optional(),
        instagram_business_account: z.object({ id: z.string(), username: z.string().optional() }).optional(),
      }),
    )
    .default([]),
});

/** The messaging events a page's conversations need: messages, our own echoes, receipts, reactions, buttons. */
const SUBSCRIBED_FIELDS = 'messages,message_echoes,message_deliveries,message_reads,message_reactions,messaging_postbacks';

/** The pages a user manages; pages the token gives no page token for cannot send and are left out. */
export const managedPages = async (userId: string, userToken: string): Promise<ManagedPage[]> => {
  const answer = accountsAnswer.parse(
    await graphCall('GET', `${userId}/accounts`, {
      token: userToken,
      query: { fields: 'id,name,access_token,instagram_business_account{id,username}', limit: '100' },
    }),
  );
  return answer.data.flatMap((p) =>
    p.access_token
      ? [
          {
            id: p.id,
            name: p.name,
            accessToken: p.access_token,
            ...(p.instagram_business_account
              ? { instagram: { id: p.instagram_business_account.id, name: p.instagram_business_account.username } }
              : {}),
          },
        ]
      : [],
  );
};

/** Subscribes the app to a page's messaging events (Messenger, and Instagram through the same page). */
export const subscribePage = async (pageId: string, pageToken: string): Promise<void> => {
  await graphCall('POST', `${pageId}/subscribed_apps`, { token: pageToken, query: { subscribed_fields: SUBSCRIBED_FIELDS } });
};
