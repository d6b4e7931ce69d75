/**
 * A connection's greeting media (spec document 2, General tab; section 7 POST and DELETE /whatsapp/{id}/media-upload):
 * one image or video sent with the greeting. As with quick replies' files, the API carries JSON only: the answer
 * holds a signed upload address the browser puts the file to, and the connection points at the new file at once.
 * A replaced or removed file stays in the store, unreferenced.
 */
import type { Connection, GreetingMediaBody } from '@switchboard/shared/contracts/connections';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import type { ConnectionRecord } from './connection.entity.ts';
import { getConnectionRecord, updateConnectionRecord } from './connections.repository.ts';
import { announce, forget, presentConnection } from './connections.service.ts';
import { companyMediaPrefix, storedFileName } from '../../platform/ports/media-keys.ts';

/** Where a connection's greeting files are stored: by company and connection. */
export const greetingMediaPrefix = (companyId: number, id: number): string =>
  `${companyMediaPrefix(companyId)}conn${id}/greeting/`;

const setMedia = async (
  auth: AuthContext,
  id: number,
  media: { key: string; name: string } | null,
): Promise<ConnectionRecord> => {
  const before = await getConnectionRecord(auth.companyId, id);
  if (!before) throw new AppError('ERR_NO_WAPP_FOUND');
  const settings = { greetingMediaKey: media?.key ?? null, greetingMediaAttachment: media?.name ?? null };
  const updatedAt = clock().now().toISOString();
  if ((await updateConnectionRecord(before, { settings, updatedAt })) === 'stale') throw new AppError('ERR_NO_WAPP_FOUND');
  const after: ConnectionRecord = { ...before, ...settings, updatedAt };
  forget(before);
  await announce(auth.companyId, [after]);
  return after;
};

/** POST /whatsapp/{id}/media-upload */
export const attachGreetingMedia = async (auth: AuthContext, id: number, file: GreetingMediaBody) => {
  if (!(await getConnectionRecord(auth.companyId, id))) throw new AppError('ERR_NO_WAPP_FOUND');
  const key = `${greetingMediaPrefix(auth.companyId, id)}${storedFileName(file.name)}`;
  const target = await blobStore().uploadUrl(key, { mimeType: file.mimeType, size: file.size });
  const after = await setMedia(auth, id, { key, name: file.name });
  return { whatsapp: await presentConnection(after), uploadUrl: target.url, headers: target.headers };
};

/** DELETE /whatsapp/{id}/media-upload */
export const removeGreetingMedia = async (auth: AuthContext, id: number): Promise<Connection> =>
  presentConnection(await setMedia(auth, id, null));
