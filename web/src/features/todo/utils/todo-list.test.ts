import { describe, expect, it } from 'vitest';
import { addTodo, editTodo, parseTodos, removeTodo, serializeTodos } from './todo-list.ts';

const t0 = new Date('2025-03-01T10:00:00.000Z');
const t1 = new Date('2025-03-01T11:30:00.000Z');

describe('the to-do list', () => {
  it('adds trimmed text with its creation and update times, ignoring blank text', () => {
    const items = addTodo([], '  Call Ana  ', t0);
    expect(items).toEqual([{ text: 'Call Ana', createdAt: t0.toISOString(), updatedAt: t0.toISOString() }]);
    expect(addTodo(items, '   ', t1)).toEqual(items);
  });

  it('edits one item, moving only its last-updated time; blank text changes nothing', () => {
    const items = addTodo(addTodo([], 'one', t0), 'two', t0);
    const edited = editTodo(items, 1, 'two, revised', t1);
    expect(edited[1]).toEqual({ text: 'two, revised', createdAt: t0.toISOString(), updatedAt: t1.toISOString() });
    expect(edited[0]).toEqual(items[0]);
    expect(editTodo(items, 1, ' ', t1)).toEqual(items);
    expect(editTodo(items, 5, 'nothing there', t1)).toEqual(items);
  });

  it('removes an item by position', () => {
    const items = addTodo(addTodo([], 'one', t0), 'two', t0);
    expect(removeTodo(items, 0).map((i) => i.text)).toEqual(['two']);
  });

  it('round-trips through storage and survives unreadable or malformed data', () => {
    const items = addTodo([], 'keep me', t0);
    expect(parseTodos(serializeTodos(items))).toEqual(items);
    expect(parseTodos(null)).toEqual([]);
    expect(parseTodos('not json')).toEqual([]);
    expect(parseTodos('{"text":"not a list"}')).toEqual([]);
    expect(parseTodos('[{"text":"ok","createdAt":"a","updatedAt":"b"},{"text":3}]')).toEqual([
      { text: 'ok', createdAt: 'a', updatedAt: 'b' },
    ]);
  });
});
