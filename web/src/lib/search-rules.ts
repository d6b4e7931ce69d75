/** Searches start at 3 characters (spec document 1 sections 5 and 9). */
export const SEARCH_MIN_CHARS = 3;

export const isSearchable = (text: string): boolean => text.trim().length >= SEARCH_MIN_CHARS;
