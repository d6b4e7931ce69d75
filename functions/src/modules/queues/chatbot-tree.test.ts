import { describe, expect, it } from 'vitest';
import { assignOptionIds, targetsOf, type ParsedOption } from './chatbot-tree.ts';

const option = (name: string, extra: Partial<ParsedOption> = {}): ParsedOption => ({
  name,
  greetingMessage: '',
  queueType: 'text',
  closeTicket: false,
  optQueueId: null,
  optUserId: null,
  optIntegrationId: null,
  optFileId: null,
  options: [],
  ...extra,
});

describe('chatbot option trees on save', () => {
  it('numbers new options depth first after the last id given', () => {
    const { chatbots, optionSeq } = assignOptionIds([option('Um', { options: [option('Um.um')] }), option('Dois')], 4);
    expect(chatbots.map((o) => o.id)).toEqual([5, 7]);
    expect(chatbots[0]!.options[0]!.id).toBe(6);
    expect(optionSeq).toBe(7);
  });

  it('keeps known ids, and renumbers repeated ids and ids never given', () => {
    const { chatbots } = assignOptionIds(
      [option('A', { id: 2 }), option('B', { id: 2 }), option('C', { id: 3 }), option('D', { id: 50 })],
      3,
    );
    expect(chatbots.map((o) => o.id)).toEqual([4, 5, 3, 6]);
  });

  it('clears the targets the type does not use', () => {
    const { chatbots } = assignOptionIds(
      [
        option('Texto', { optQueueId: 1, optUserId: 2, optFileId: 3 }),
        option('Fila', { queueType: 'queue', optQueueId: 1, optUserId: 2 }),
      ],
      0,
    );
    expect(chatbots[0]).toMatchObject({ optQueueId: null, optUserId: null, optFileId: null });
    expect(chatbots[1]).toMatchObject({ optQueueId: 1, optUserId: null });
  });

  it('lists every target with the path of its field', () => {
    const { chatbots } = assignOptionIds(
      [
        option('Raiz', {
          options: [
            option('Pessoa', { queueType: 'attendent', optQueueId: 1, optUserId: 7 }),
            option('Arquivos', { queueType: 'file', optFileId: 9 }),
          ],
        }),
      ],
      0,
    );
    expect(targetsOf(chatbots)).toEqual([
      { kind: 'queue', id: 1, path: 'body.chatbots.0.options.0.optQueueId' },
      { kind: 'user', id: 7, path: 'body.chatbots.0.options.0.optUserId' },
      { kind: 'file', id: 9, path: 'body.chatbots.0.options.1.optFileId' },
    ]);
  });
});
