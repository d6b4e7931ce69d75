/**
 * The personal to-do list (spec document 3 "To-do list (/todolist)"): kept only in the browser, in local storage
 * under the key `tasks`, as a JSON list of { text, createdAt, updatedAt } (ISO times).
 */
export const TODO_STORAGE_KEY = 'tasks';

export interface TodoItem {
  text: string;
  createdAt: string;
  updatedAt: string;
}

const isTodoItem = (value: unknown): value is TodoItem =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TodoItem).text === 'string' &&
  typeof (value as TodoItem).createdAt === 'string' &&
  typeof (value as TodoItem).updatedAt === 'string';

/** The stored list; anything unreadable counts as empty, and malformed entries are left out. */
export const parseTodos = (raw: string | null): TodoItem[] => {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isTodoItem) : [];
  } catch {
    return [];
  }
};

export const serializeTodos = (items: readonly TodoItem[]): string => JSON.stringify(items);

/** Adds an item at the end; blank text is ignored (spec section 5). */
export const addTodo = (items: readonly TodoItem[], text: string, now: Date): TodoItem[] => {
  const trimmed = text.trim();
  if (!trimmed) return [...items];
  const at = now.toISOString();
  return [...items, { text: trimmed, createdAt: at, updatedAt: at }];
};

/** Changes the text of item `index` and its last-updated time; blank text changes nothing. */
export const editTodo = (items: readonly TodoItem[], index: number, text: string, now: Date): TodoItem[] => {
  const trimmed = text.trim();
  if (!trimmed || !items[index]) return [...items];
  return items.map((item, i) => (i === index ? { ...item, text: trimmed, updatedAt: now.toISOString() } : item));
};

export const removeTodo = (items: readonly TodoItem[], index: number): TodoItem[] => items.filter((_, i) => i !== index);
