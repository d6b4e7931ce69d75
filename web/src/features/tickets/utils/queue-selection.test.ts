import { describe, expect, it } from 'vitest';
import { initialQueueSelection, parseQueueSelection, queueSelectionKey, withoutGoneQueues } from './queue-selection.ts';

const admin = { profile: 'admin', queueIds: [1] } as const;
const agent = { profile: 'user', queueIds: [2, 3] } as const;

describe('the inbox queue selection', () => {
  it("starts an admin on every queue, not only the admin's own, and a user on their queues", () => {
    expect(initialQueueSelection(admin, null)).toEqual([]);
    expect(initialQueueSelection(agent, null)).toEqual([2, 3]);
  });

  it('starts from what the same user chose before', () => {
    expect(initialQueueSelection(admin, JSON.stringify([4, 5]))).toEqual([4, 5]);
    expect(initialQueueSelection(agent, '[]')).toEqual([]);
  });

  it('ignores a stored value it cannot read', () => {
    for (const bad of ['x', '{"a":1}', '[1,"2"]', '[0]', '[1.5]']) expect(parseQueueSelection(bad)).toBeNull();
    expect(initialQueueSelection(agent, 'x')).toEqual([2, 3]);
  });

  it('is remembered per user', () => {
    expect(queueSelectionKey(5)).not.toBe(queueSelectionKey(6));
  });

  it('drops queues deleted since, keeping the same array when nothing changed', () => {
    const selection = [1, 2];
    expect(withoutGoneQueues(selection, [1, 2, 3])).toBe(selection);
    expect(withoutGoneQueues(selection, [2, 3])).toEqual([2]);
    expect(withoutGoneQueues(selection, [])).toEqual([]);
  });
});
