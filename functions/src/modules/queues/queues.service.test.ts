import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTable } from '../../../../test/table.ts';
import { createQueue, DEFAULT_QUEUE_COLOR, findQueues } from './queues.service.ts';

beforeAll(async () => {
  await useTestTable();
});

describe('queues', () => {
  it('keeps queue colours unique per company (ERR_QUEUE_COLOR_ALREADY_EXISTS) and writes nothing on a clash', async () => {
    const first = await createQueue(41, { name: 'Vendas', color: DEFAULT_QUEUE_COLOR });
    await expect(createQueue(41, { name: 'Suporte', color: '#7C7C7C' })).rejects.toMatchObject({
      code: 'ERR_QUEUE_COLOR_ALREADY_EXISTS',
    });
    const other = await createQueue(42, { name: 'Vendas', color: DEFAULT_QUEUE_COLOR });
    expect((await findQueues(41, [first.id, first.id + 1])).size).toBe(1);
    expect(other.id).toBe(1);
  });
});
