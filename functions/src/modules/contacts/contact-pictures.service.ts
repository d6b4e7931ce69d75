/**
 * Contacts' profile pictures kept in our blob store (WhatsApp's own picture links expire within days). A picture is
 * stored under the company's prefix by a new ULID name, and the contact's `urlPicture` is our stable link to it:
 * GET /api/contact-pictures/<cid>/<ULID>.jpeg answers a redirect to a signed address of the file. An <img> sends no
 * bearer token, so the name's randomness is the credential, as the messaging app's own links are; ticket lists keep a
 * copy of the contact, which is why the link itself must never expire.
 */
import { API_PREFIX } from '@switchboard/shared/route-table';
import { ids } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { companyMediaPrefix } from '../../platform/ports/media-keys.ts';
import { getContact as getContactRecord, getIdentityContactId } from './contact-reads.repository.ts';

/** how long a browser may keep the redirect to a signed address: well inside the address's own life */
export const PICTURE_REDIRECT_CACHE_SECONDS = 30 * 60;

const pictureKey = (companyId: number, file: string): string => `${companyMediaPrefix(companyId)}contact-pictures/${file}`;

/** Stores a picture's bytes (JPEG) and answers the contact's `urlPicture` for it. */
export const storeContactPicture = async (companyId: number, jpeg: Uint8Array): Promise<string> => {
  const file = `${ids.ulid()}.jpeg`;
  await blobStore().put(pictureKey(companyId, file), jpeg, 'image/jpeg');
  return `${API_PREFIX}/contact-pictures/${companyId}/${file}`;
};

/** When the picture of a WhatsApp identity's contact was last asked for; undefined for no contact or never. */
export const pictureCheckedAtOf = async (companyId: number, identity: string): Promise<string | undefined> => {
  const id = await getIdentityContactId(companyId, { channel: 'whatsapp', identity });
  if (id === undefined) return undefined;
  return (await getContactRecord(companyId, id))?.pictureCheckedAt;
};

/** GET /contact-pictures/{companyId}/{file}: a signed address of the stored picture, where the answer redirects. */
export const contactPictureAddress = async (companyId: number, file: string): Promise<string> => {
  const key = pictureKey(companyId, file);
  if ((await blobStore().size(key)) === undefined) throw new AppError('ERR_NOT_FOUND');
  return blobStore().downloadUrl(key);
};
