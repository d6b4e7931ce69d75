import { describe, expect, it } from 'vitest';
import {
  addOption,
  canAddChild,
  chatbotsBodyOf,
  draftsOf,
  moveOption,
  newOption,
  optionAt,
  removeOption,
  updateOption,
  validateTree,
  type OptionDraft,
} from './chatbot-tree.ts';

const keys = () => {
  let n = 0;
  return () => `k${++n}`;
};

/** A tree: Vendas (with Atacado and Varejo under it) and Suporte. */
const sample = (): OptionDraft[] => {
  let tree = addOption([], [], 'a');
  tree = addOption(tree, [], 'b');
  tree = updateOption(tree, [0], { name: 'Vendas' });
  tree = updateOption(tree, [1], { name: 'Suporte' });
  tree = addOption(tree, [0], 'a1');
  tree = addOption(tree, [0], 'a2');
  tree = updateOption(tree, [0, 0], { name: 'Atacado' });
  return updateOption(tree, [0, 1], { name: 'Varejo' });
};

describe('editing the chatbot option tree', () => {
  it('adds options at the root and children at any depth, without touching the tree it was given', () => {
    const tree = sample();
    expect(tree.map((o) => o.name)).toEqual(['Vendas', 'Suporte']);
    expect(tree[0]!.options.map((o) => o.name)).toEqual(['Atacado', 'Varejo']);
    const deeper = addOption(tree, [0, 1], 'deep');
    expect(optionAt(deeper, [0, 1, 0])).toMatchObject({ key: 'deep', name: '', queueType: 'text' });
    expect(optionAt(tree, [0, 1])!.options).toEqual([]);
  });

  it('stops adding children at the tenth level', () => {
    const path = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(canAddChild(path.slice(0, 9))).toBe(true);
    expect(canAddChild(path)).toBe(false);
    let tree: OptionDraft[] = [newOption('r')];
    for (let depth = 1; depth < 10; depth++) tree = addOption(tree, path.slice(0, depth), `d${depth}`);
    expect(optionAt(tree, path)).toBeDefined();
    expect(addOption(tree, path, 'too-deep')).toEqual(tree);
  });

  it('edits one option, clearing the targets a new type does not use', () => {
    let tree = updateOption(sample(), [1], { queueType: 'attendent', optQueueId: 3, optUserId: 4 });
    expect(optionAt(tree, [1])).toMatchObject({ queueType: 'attendent', optQueueId: 3, optUserId: 4 });
    tree = updateOption(tree, [1], { queueType: 'queue' });
    expect(optionAt(tree, [1])).toMatchObject({ queueType: 'queue', optQueueId: 3, optUserId: null });
    tree = updateOption(tree, [1], { queueType: 'text' });
    expect(optionAt(tree, [1])).toMatchObject({ optQueueId: null, optUserId: null, optFileId: null });
  });

  it('removes an option with its children and moves options among their siblings', () => {
    expect(removeOption(sample(), [0]).map((o) => o.name)).toEqual(['Suporte']);
    expect(removeOption(sample(), [0, 0])[0]!.options.map((o) => o.name)).toEqual(['Varejo']);
    expect(moveOption(sample(), [0, 1], -1)[0]!.options.map((o) => o.name)).toEqual(['Varejo', 'Atacado']);
    expect(moveOption(sample(), [1], 1).map((o) => o.name)).toEqual(['Vendas', 'Suporte']);
    expect(moveOption(sample(), [0], 1).map((o) => o.key)).toEqual(['b', 'a']);
  });

  it('validates names of at least 4 characters and the target each type needs, by path', () => {
    let tree = updateOption(sample(), [0, 0], { name: 'Ata' });
    tree = updateOption(tree, [1], { queueType: 'file' });
    tree = addOption(tree, [0, 1], 'x');
    tree = updateOption(tree, [0, 1, 0], { name: 'Falar com alguém', queueType: 'attendent', optQueueId: 2 });
    expect(validateTree(tree)).toEqual({
      '0.0': { name: 'validation.tooShort' },
      '1': { optFileId: 'validation.requiredEn' },
      '0.1.0': { optUserId: 'validation.requiredEn' },
    });
    expect(validateTree(sample())).toEqual({});
  });

  it('turns a saved tree into drafts and back into the body, keeping ids', () => {
    const saved = [
      {
        id: 7,
        name: 'Vendas',
        greetingMessage: 'Oi',
        queueType: 'text' as const,
        closeTicket: false,
        optQueueId: null,
        optUserId: null,
        optIntegrationId: null,
        optFileId: null,
        options: [
          {
            id: 8,
            name: 'Fila',
            greetingMessage: '',
            queueType: 'queue' as const,
            closeTicket: true,
            optQueueId: 2,
            optUserId: null,
            optIntegrationId: null,
            optFileId: null,
            options: [],
          },
        ],
      },
    ];
    const drafts = draftsOf(saved, keys());
    expect(drafts[0]!.key).toBe('k1');
    expect(drafts[0]!.options[0]!.key).toBe('k2');
    const body = chatbotsBodyOf(addOption(drafts, [0], 'new'));
    expect(body[0]).toMatchObject({
      id: 7,
      name: 'Vendas',
      options: [
        { id: 8, queueType: 'queue', optQueueId: 2, closeTicket: true },
        { name: '', queueType: 'text' },
      ],
    });
    expect(body[0]!.options![1]).not.toHaveProperty('id');
  });
});
