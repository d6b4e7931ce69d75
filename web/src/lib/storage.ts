/**
 * Local storage access in one place: the keys the app remembers and reads that survive a storage that throws
 * (private mode, quota, disabled cookies), so a preference never breaks a page.
 */
export const storageKeys = {
  token: 'token',
  theme: 'theme',
  language: 'language',
  volume: 'volume',
} as const;

export const readStored = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

export const writeStored = (key: string, value: string): void => {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // a preference that cannot be stored still applies to the current page
  }
};

export const removeStored = (key: string): void => {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // nothing stored, nothing to remove
  }
};

export const clearStorage = (): void => {
  try {
    window.localStorage.clear();
  } catch {
    // see readStored
  }
};
