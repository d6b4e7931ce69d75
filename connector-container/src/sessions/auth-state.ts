/**
 * Baileys' auth state kept in the table, never in files: credentials and each signal key are items of their own
 * (auth-state.repository.ts), serialised with Baileys' BufferJSON so binary values survive. Credentials are
 * written on every `creds.update` and keys on every set, so any task that takes over the session's lease resumes
 * it without a new QR code.
 */
import {
  BufferJSON,
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataTypeMap,
} from '@whiskeysockets/baileys';
import { clearAuth, readCreds, readKeys, writeCreds, writeKeys, type KeyWrite } from './auth-state.repository.ts';

const encode = (value: unknown): string => JSON.stringify(value, BufferJSON.replacer);
const decode = <T>(text: string): T => JSON.parse(text, BufferJSON.reviver) as T;

export interface TableAuthState {
  state: AuthenticationState;
  /** writes the credentials as they are now (the socket's `creds.update` handler) */
  saveCreds(): Promise<void>;
  /** true when the credentials belong to a paired device (a restart needs no QR code) */
  isPaired(): boolean;
}

export const loadAuthState = async (companyId: number, connectionId: number): Promise<TableAuthState> => {
  const stored = await readCreds(companyId, connectionId);
  const creds: AuthenticationCreds = stored ? decode<AuthenticationCreds>(stored) : initAuthCreds();
  return {
    state: {
      creds,
      keys: {
        get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
          const found = await readKeys(companyId, connectionId, type, ids);
          const data: { [id: string]: SignalDataTypeMap[T] } = {};
          for (const [id, text] of found) {
            let value: unknown = decode(text);
            if (type === 'app-state-sync-key' && value) value = proto.Message.AppStateSyncKeyData.fromObject(value as object);
            data[id] = value as SignalDataTypeMap[T];
          }
          return data;
        },
        set: async (data) => {
          const writes: KeyWrite[] = [];
          for (const [type, values] of Object.entries(data)) {
            for (const [id, value] of Object.entries(values ?? {})) {
              writes.push(value === null || value === undefined ? { type, id } : { type, id, value: encode(value) });
            }
          }
          await writeKeys(companyId, connectionId, writes);
        },
        clear: () => clearAuth(companyId, connectionId),
      },
    },
    saveCreds: () => writeCreds(companyId, connectionId, encode(creds)),
    isPaired: () => Boolean(creds.me?.id),
  };
};

export const clearAuthState = (companyId: number, connectionId: number): Promise<void> => clearAuth(companyId, connectionId);
