/** Where an agent's file is uploaded before it is sent: a signed URL under the ticket's media. */
import type { AuthContext } from '../../platform/http/types.ts';
import { companyMediaKey } from '../../platform/ports/media-keys.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { requireVisibleTicket } from '../tickets/tickets.service.ts';

export const uploadUrl = async (auth: AuthContext, ticketId: number, file: { name: string; mimeType: string; size: number }) => {
  await requireVisibleTicket(auth, ticketId);
  const key = companyMediaKey(auth.companyId, `t${ticketId}`, file.name);
  const target = await blobStore().uploadUrl(key, { mimeType: file.mimeType, size: file.size });
  return { key, uploadUrl: target.url, headers: target.headers };
};
