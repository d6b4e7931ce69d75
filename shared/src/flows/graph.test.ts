import { describe, expect, it } from 'vitest';
import {
  evaluateCondition,
  menuOptionOf,
  menuText,
  nextByMenuOption,
  nextLink,
  nextNode,
  orderedElements,
  parseGraph,
  problemsOf,
  randomizerHandle,
  startNodeOf,
  substituteVariables,
  type FlowConnection,
  type FlowGraph,
  type FlowNode,
} from './graph.ts';

const at = { x: 0, y: 0 };
const start: FlowNode = { id: 'start', type: 'start', position: at, data: {} };
const hello: FlowNode = { id: 'hello', type: 'message', position: at, data: { label: 'Olá ${name}' } };
const menu: FlowNode = {
  id: 'menu',
  type: 'menu',
  position: at,
  data: {
    message: 'Escolha',
    arrayOption: [
      { number: 1, value: 'Vendas' },
      { number: 2, value: 'Suporte' },
    ],
  },
};
const sales: FlowNode = { id: 'sales', type: 'message', position: at, data: { label: 'Vendas!' } };
const support: FlowNode = { id: 'support', type: 'message', position: at, data: { label: 'Suporte!' } };
const edge = (source: string, target: string, sourceHandle?: string): FlowConnection => ({
  source,
  target,
  ...(sourceHandle ? { sourceHandle } : {}),
});

const graph: FlowGraph = {
  nodes: [start, hello, menu, sales, support],
  connections: [edge('start', 'hello'), edge('hello', 'menu'), edge('menu', 'sales', 'a1'), edge('menu', 'support', 'a2')],
};

describe('parseGraph', () => {
  it('accepts a graph as the editor saves it', () => {
    expect(parseGraph(graph)).toEqual({ ok: true, graph });
  });

  it('refuses duplicated node ids, links to unknown nodes and unknown node types, naming the path', () => {
    const bad = parseGraph({ nodes: [start, { ...hello, id: 'start' }], connections: [edge('start', 'ghost')] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues.map((i) => i.path)).toEqual(['nodes.1.id', 'connections.0.target']);
    const unknown = parseGraph({ nodes: [{ ...start, type: 'webhook' }], connections: [] });
    expect(unknown.ok).toBe(false);
  });

  it('refuses an interval above 120 seconds and a randomizer above 100', () => {
    expect(parseGraph({ nodes: [{ id: 'i', type: 'interval', position: at, data: { sec: 121 } }], connections: [] }).ok).toBe(
      false,
    );
    expect(
      parseGraph({ nodes: [{ id: 'r', type: 'randomizer', position: at, data: { percent: 101 } }], connections: [] }).ok,
    ).toBe(false);
  });
});

describe('navigation', () => {
  it('starts at the start node, else at the first node', () => {
    expect(startNodeOf(graph)?.id).toBe('start');
    expect(startNodeOf({ nodes: [hello, start], connections: [] })?.id).toBe('start');
    expect(startNodeOf({ nodes: [hello, menu], connections: [] })?.id).toBe('hello');
    expect(startNodeOf({ nodes: [], connections: [] })).toBeUndefined();
  });

  it('follows the first connection out, or the one of a named handle', () => {
    expect(nextNode(graph, 'start')?.id).toBe('hello');
    expect(nextNode(graph, 'menu', 'a2')?.id).toBe('support');
    expect(nextNode(graph, 'menu', 'a3')).toBeUndefined();
    expect(nextNode(graph, 'sales')).toBeUndefined();
    expect(nextLink(graph, 'menu', 'a2')).toMatchObject({ source: 'menu', sourceHandle: 'a2', target: 'support' });
    expect(nextLink(graph, 'menu', 'a3')).toBeUndefined();
  });

  it('picks a menu option by its number only', () => {
    expect(menuOptionOf([{ number: 1, value: 'a' }], ' 1 ')?.value).toBe('a');
    expect(menuOptionOf([{ number: 1, value: 'a' }], '2')).toBeUndefined();
    expect(menuOptionOf([{ number: 1, value: 'a' }], 'um')).toBeUndefined();
    expect(nextByMenuOption(graph, menu as Extract<FlowNode, { type: 'menu' }>, '2')).toMatchObject({
      option: { number: 2 },
      node: { id: 'support' },
      link: { source: 'menu', target: 'support' },
    });
  });

  it('writes the menu with numbered options in order', () => {
    expect(
      menuText('Escolha', [
        { number: 2, value: 'B' },
        { number: 1, value: 'A' },
      ]),
    ).toBe('Escolha\n\n[1] A\n[2] B');
  });

  it('chooses the randomizer way by the random number', () => {
    expect(randomizerHandle(30, 0.29)).toBe('a');
    expect(randomizerHandle(30, 0.3)).toBe('b');
    expect(randomizerHandle(0, 0)).toBe('b');
    expect(randomizerHandle(100, 0.999)).toBe('a');
  });

  it('orders a content block by seq', () => {
    const data = {
      seq: ['img1', 'message0'],
      elements: [
        { number: 'message0', type: 'message' as const, value: 'texto' },
        { number: 'img1', type: 'img' as const, value: 'a.png' },
        { number: 'audio2', type: 'audio' as const, value: 'b.mp3' },
      ],
    };
    expect(orderedElements(data).map((e) => e.number)).toEqual(['img1', 'message0', 'audio2']);
  });
});

describe('conditions and variables', () => {
  it('applies the five operators', () => {
    expect(evaluateCondition('Sim', 1, 'sim')).toBe(true);
    expect(evaluateCondition('10', 1, '10.0')).toBe(true);
    expect(evaluateCondition('10', 2, '10')).toBe(true);
    expect(evaluateCondition('9', 2, '10')).toBe(false);
    expect(evaluateCondition('9', 3, '10')).toBe(true);
    expect(evaluateCondition('10', 4, '10')).toBe(false);
    expect(evaluateCondition('11', 5, '10')).toBe(true);
    expect(evaluateCondition('abc', 5, '10')).toBe(false);
    expect(evaluateCondition(undefined, 1, '')).toBe(true);
  });

  it('substitutes known variables and leaves unknown ones', () => {
    expect(substituteVariables('Oi ${name}, ${ idade } anos ${x}', { name: 'Ana', idade: '30' })).toBe('Oi Ana, 30 anos ${x}');
    expect(substituteVariables('Oi {{name}}, {{ idade }} anos {{x}}', { name: 'Ana', idade: '30' })).toBe(
      'Oi Ana, 30 anos {{x}}',
    );
  });
});

describe('problemsOf', () => {
  it('finds nothing in a complete flow', () => {
    expect(problemsOf(graph)).toEqual([]);
  });

  it('lists what cannot run, pointing at the nodes', () => {
    const g: FlowGraph = {
      nodes: [
        start,
        { ...menu, data: { message: '', arrayOption: [{ number: 1, value: 'x' }] } },
        { id: 'lost', type: 'message', position: at, data: { label: '' } },
        { id: 'block', type: 'singleBlock', position: at, data: { seq: [], elements: [] } },
        {
          id: 'block2',
          type: 'singleBlock',
          position: at,
          data: {
            seq: ['m', 'i', 'w'],
            elements: [
              { number: 'm', type: 'message', value: ' ' },
              { number: 'i', type: 'img', value: '' },
              { number: 'w', type: 'interval', value: '0' },
            ],
          },
        },
        { id: 'cond', type: 'condition', position: at, data: { key: '', condition: 1, value: '1' } },
        { id: 'rand', type: 'randomizer', position: at, data: { percent: 50 } },
        { id: 'wait', type: 'interval', position: at, data: { sec: 0 } },
        { id: 'queue', type: 'ticket', position: at, data: { queueId: null, name: '' } },
        { id: 'pic', type: 'img', position: at, data: { url: '' } },
      ],
      connections: [
        edge('start', 'menu'),
        edge('menu', 'block', 'a9'),
        edge('block', 'block2'),
        edge('block2', 'cond'),
        edge('cond', 'rand', 'true'),
        edge('rand', 'wait', 'a'),
        edge('wait', 'queue'),
        edge('queue', 'pic'),
      ],
    };
    expect(problemsOf(g)).toEqual([
      { code: 'emptyMessage', nodeId: 'menu' },
      { code: 'menuOptionUnlinked', nodeId: 'menu', option: 1 },
      { code: 'unreachable', nodeId: 'lost' },
      { code: 'emptyMessage', nodeId: 'lost' },
      { code: 'emptyContent', nodeId: 'block' },
      { code: 'emptyContentText', nodeId: 'block2' },
      { code: 'emptyContentMedia', nodeId: 'block2' },
      { code: 'contentIntervalRange', nodeId: 'block2' },
      { code: 'conditionKeyMissing', nodeId: 'cond' },
      { code: 'conditionBranches', nodeId: 'cond' },
      { code: 'randomizerBranches', nodeId: 'rand' },
      { code: 'intervalRange', nodeId: 'wait' },
      { code: 'queueMissing', nodeId: 'queue' },
      { code: 'mediaMissing', nodeId: 'pic' },
    ]);
  });

  it('asks for one start node', () => {
    expect(problemsOf({ nodes: [hello], connections: [] })).toContainEqual({ code: 'noStart' });
    expect(problemsOf({ nodes: [start, { ...start, id: 's2' }], connections: [] })).toContainEqual({
      code: 'manyStarts',
      nodeId: 's2',
    });
  });
});
