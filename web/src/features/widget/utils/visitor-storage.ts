/**
 * The visitor's session in the browser, one per chat token: the visitor token and the name given at start.
 * A reload (or a later visit) with a stored session resumes the conversation instead of asking again.
 */
export interface StoredVisitor {
  visitorToken: string;
  name: string;
}

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const visitorStorageKey = (chatToken: string): string => `switchboard.webchat.${chatToken}`;

/** The stored session, or undefined when there is none, it is malformed, or the storage cannot be read. */
export const readVisitor = (storage: KeyValueStore | undefined, chatToken: string): StoredVisitor | undefined => {
  try {
    const raw = storage?.getItem(visitorStorageKey(chatToken));
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as Partial<StoredVisitor> | null;
    if (typeof parsed?.visitorToken !== 'string' || parsed.visitorToken === '' || typeof parsed.name !== 'string')
      return undefined;
    return { visitorToken: parsed.visitorToken, name: parsed.name };
  } catch {
    return undefined;
  }
};

/** Keeps the session; a storage that refuses (private mode, blocked third-party storage) only loses the resume. */
export const saveVisitor = (storage: KeyValueStore | undefined, chatToken: string, visitor: StoredVisitor): void => {
  try {
    storage?.setItem(visitorStorageKey(chatToken), JSON.stringify({ visitorToken: visitor.visitorToken, name: visitor.name }));
  } catch {
    // the conversation goes on for this page; only a reload will ask again
  }
};

export const forgetVisitor = (storage: KeyValueStore | undefined, chatToken: string): void => {
  try {
    storage?.removeItem(visitorStorageKey(chatToken));
  } catch {
    // nothing to forget
  }
};

/** Where the widget opens: the conversation when a session is stored, else the start form. */
export type WidgetStage = { stage: 'start'; expired: boolean } | { stage: 'conversation'; visitor: StoredVisitor };

export const initialStage = (stored: StoredVisitor | undefined): WidgetStage =>
  stored ? { stage: 'conversation', visitor: stored } : { stage: 'start', expired: false };

/** A 401 means the visitor token is no longer valid: forget it and start over, saying why. */
export const stageAfterExpiry = (storage: KeyValueStore | undefined, chatToken: string): WidgetStage => {
  forgetVisitor(storage, chatToken);
  return { stage: 'start', expired: true };
};

/** The browser's local storage when it can be reached (a sandboxed iframe may not have it at all). */
export const browserStorage = (): KeyValueStore | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};
