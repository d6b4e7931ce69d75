/**
 * A Graph connection's secrets at rest: Meta's access token (a Cloud API system user's, or a page's), a Cloud API
 * number's app secret and verify token are sealed with the data key (platform/crypto/secret-box.ts), each bound to
 * its connection and field, so a value copied onto another connection or field does not open. They are opened only
 * for a Graph call or a webhook check; nothing else needs them plain.
 */
import { isSealedSecret, openSecret, sealSecret } from '../../platform/crypto/secret-box.ts';
import {
  graphSecretContext,
  graphSecretFields,
  type ConnectionRecord,
  type GraphSecretField,
  type GraphSettings,
} from './connection.entity.ts';

type Owner = Pick<ConnectionRecord, 'companyId' | 'id'>;

/** The settings given with their secrets sealed for this connection; an absent or empty secret stays as it is. */
export const sealGraphSecrets = async <T extends Partial<GraphSettings>>(owner: Owner, settings: T): Promise<T> => {
  const out: Partial<GraphSettings> = { ...settings };
  for (const field of graphSecretFields) {
    const plain = settings[field];
    if (plain) out[field] = await sealSecret(plain, graphSecretContext(owner.companyId, owner.id, field));
  }
  return out as T;
};

/**
 * A connection's stored settings with their secrets opened, for a Graph call or a webhook check. A value still plain
 * (stored before sealing, until the data migration seals it) is used as it is, so webhooks and sends keep working
 * between a deploy and the migration's run.
 */
export const openGraphSecrets = async (owner: Owner, stored: GraphSettings): Promise<GraphSettings> => {
  const out: GraphSettings = { ...stored };
  for (const field of graphSecretFields) {
    const sealed = stored[field];
    if (sealed && isSealedSecret(sealed))
      out[field] = await openSecret(sealed, graphSecretContext(owner.companyId, owner.id, field));
  }
  return out;
};

/** The secrets of stored settings that are still plain (written before they were sealed). */
export const plainGraphSecrets = (stored: GraphSettings): Partial<Pick<GraphSettings, GraphSecretField>> =>
  Object.fromEntries(
    graphSecretFields.flatMap((field) => (stored[field] && !isSealedSecret(stored[field]) ? [[field, stored[field]]] : [])),
  );
