import { describe, expect, it } from 'vitest';
import type { FlowGraph } from '@switchboard/shared/flows/graph';
import {
  connect,
  contentDataOf,
  contentProblem,
  deleteNodes,
  duplicateNode,
  freeSpot,
  fromEditor,
  intervalProblem,
  markTrail,
  move,
  nextNodeId,
  outOfView,
  outputHandles,
  problemNodes,
  relinkMenu,
  snapPercent,
  stillFlagged,
  toEditor,
  trailMarkOf,
  type EditorEdge,
  type EditorNode,
} from './flow-editor.ts';

const at = { x: 100, y: 50 };
const graph: FlowGraph = {
  nodes: [
    { id: '1', type: 'start', position: at, data: { label: 'Inicio' } },
    {
      id: '2',
      type: 'menu',
      position: at,
      data: {
        message: 'Escolha',
        arrayOption: [
          { number: 1, value: 'A' },
          { number: 2, value: 'B' },
        ],
      },
    },
    { id: '3', type: 'message', position: at, data: { label: 'A!' } },
  ],
  connections: [
    { source: '1', sourceHandle: 'a', target: '2' },
    { source: '2', sourceHandle: 'a1', target: '3' },
  ],
};

describe('flow editor graph building', () => {
  it('converts a saved graph to the canvas and back without loss', () => {
    const { nodes, edges } = toEditor(graph);
    expect(edges.map((e) => e.id)).toEqual(['e-1-a-2', 'e-2-a1-3']);
    const back = fromEditor(
      nodes.map((n) => ({ ...n, selected: true })),
      edges,
    );
    expect(back.nodes).toEqual(graph.nodes);
    expect(back.connections.map(({ source, sourceHandle, target }) => ({ source, sourceHandle, target }))).toEqual(
      graph.connections,
    );
  });

  it('duplicates a node 240 to the right with a new id and no links', () => {
    const { nodes } = toEditor(graph);
    const out = duplicateNode(nodes, '3');
    expect(out).toHaveLength(4);
    expect(out[3]).toMatchObject({ id: '4', type: 'message', position: { x: 340, y: 50 }, data: { label: 'A!' } });
    expect(out[3]!.data).not.toBe(nodes[2]!.data);
  });

  it('deletes a node with its links', () => {
    const { nodes, edges } = toEditor(graph);
    expect(deleteNodes(nodes, edges, ['2'])).toEqual({ nodes: [nodes[0], nodes[2]], edges: [] });
  });

  it('links one target per handle, never into the start node or to itself', () => {
    const { nodes, edges } = toEditor(graph);
    const replaced = connect(nodes, edges, { source: '2', sourceHandle: 'a1', target: '1' });
    expect(replaced).toEqual(edges);
    const moved = connect(nodes, edges, { source: '1', sourceHandle: 'a', target: '3' });
    expect(moved.map((e) => e.id)).toEqual(['e-2-a1-3', 'e-1-a-3']);
    expect(connect(nodes, edges, { source: '3', target: '3' })).toEqual(edges);
  });

  it('shows one output per menu option, two for the randomizer and the condition', () => {
    expect(outputHandles({ type: 'menu', data: graph.nodes[1]!.data }).map((h) => h.id)).toEqual(['a1', 'a2']);
    expect(outputHandles({ type: 'randomizer', data: { percent: 30 } })).toEqual([
      { id: 'a', label: '30%' },
      { id: 'b', label: '70%' },
    ]);
    expect(outputHandles({ type: 'condition', data: { key: 'x', condition: 1, value: '' } }).map((h) => h.id)).toEqual([
      'true',
      'false',
    ]);
    expect(outputHandles({ type: 'ticket', data: { queueId: 1, name: 'x' } })).toEqual([]);
  });

  it('keeps menu links with their options when one is removed', () => {
    const edges: EditorEdge[] = [
      { id: 'x', source: '2', sourceHandle: 'a1', target: '3' },
      { id: 'y', source: '2', sourceHandle: 'a2', target: '4' },
      { id: 'z', source: '1', sourceHandle: 'a', target: '2' },
    ];
    // option 1 removed: the old option 2 is now number 1
    const out = relinkMenu(edges, '2', [2]);
    expect(out.map((e) => [e.source, e.sourceHandle, e.target])).toEqual([
      ['2', 'a1', '4'],
      ['1', 'a', '2'],
    ]);
  });

  it('numbers new nodes after the highest id', () => {
    expect(nextNodeId([{ id: '1' }, { id: '7' }, { id: 'x' }])).toBe('8');
    expect(nextNodeId([])).toBe('1');
  });

  it('applies the dialogs rules with the spec texts', () => {
    expect(intervalProblem(0)).toBe('flows.rules.intervalRequired');
    expect(intervalProblem(null)).toBe('flows.rules.intervalRequired');
    expect(intervalProblem(121)).toBe('flows.rules.intervalMax');
    expect(intervalProblem(120)).toBeUndefined();
    expect(snapPercent(34)).toBe(30);
    expect(snapPercent(150)).toBe(100);
    expect(contentProblem([{ number: 'm', type: 'message', value: ' ' }])).toBe('flows.rules.emptyMessages');
    expect(contentProblem([{ number: 'i', type: 'img', value: '' }])).toBe('flows.rules.emptyCards');
    expect(contentProblem([{ number: 'w', type: 'interval', value: '0' }])).toBe('flows.rules.intervalRequired');
    expect(contentProblem([{ number: 'm', type: 'message', value: 'ok' }])).toBeUndefined();
  });

  it('builds content data in order with the fork element ids, and moves elements', () => {
    const data = contentDataOf([
      { type: 'message', value: 'a' },
      { type: 'img', value: 'x.png', original: 'x.png' },
    ]);
    expect(data).toEqual({
      seq: ['message0', 'img1'],
      elements: [
        { type: 'message', value: 'a', number: 'message0' },
        { type: 'img', value: 'x.png', original: 'x.png', number: 'img1' },
      ],
    });
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it('serialises positions as whole numbers', () => {
    const nodes: EditorNode[] = [{ id: '1', type: 'start', position: { x: 10.6, y: 3.2 }, data: { label: '' } }];
    expect(fromEditor(nodes, []).nodes[0]!.position).toEqual({ x: 11, y: 3 });
  });

  it('places a new node where it covers no other', () => {
    const nodes = [{ position: { x: 0, y: 0 } }, { position: { x: 260, y: 10 } }];
    expect(freeSpot(nodes, { x: 0, y: 0 })).toEqual({ x: 520, y: 0 });
    expect(freeSpot(nodes, { x: 0, y: 400 })).toEqual({ x: 0, y: 400 });
  });

  it('marks the path a simulation went: the node it is at, the nodes and links it went through', () => {
    const { edges } = toEditor(graph);
    const trail = { current: '2', visited: ['1', '2'], links: ['e-1-a-2'] };
    expect(trailMarkOf(trail, '2')).toBe('current');
    expect(trailMarkOf(trail, '1')).toBe('visited');
    expect(trailMarkOf(trail, '3')).toBeUndefined();
    expect(trailMarkOf(null, '2')).toBeUndefined();
    const marked = markTrail(edges, trail);
    expect(marked.map((e) => [e.id, e.className ?? '', e.animated ?? false])).toEqual([
      ['e-1-a-2', 'flow-edge--taken', true],
      ['e-2-a1-3', '', false],
    ]);
    expect(markTrail(edges, null)).toEqual(edges);
  });

  it('tells when a node is not wholly on the visible canvas', () => {
    const box = { x: 100, y: 50, width: 220, height: 100 };
    const size = { width: 800, height: 600 };
    expect(outOfView(box, { x: 0, y: 0, zoom: 1 }, size)).toBe(false);
    expect(outOfView(box, { x: 500, y: 0, zoom: 1 }, size)).toBe(true);
    expect(outOfView(box, { x: 0, y: -60, zoom: 1 }, size)).toBe(true);
    expect(outOfView(box, { x: 0, y: 0, zoom: 2 }, size)).toBe(false);
    expect(outOfView(box, { x: 0, y: 0, zoom: 3 }, size)).toBe(true);
  });
});

describe('problem marks on the canvas', () => {
  it('marks the nodes a problems list points at, each once, and none for a problem of the whole flow', () => {
    const marks = problemNodes([
      { code: 'noStart' },
      { code: 'unreachable', nodeId: '4' },
      { code: 'menuOptionUnlinked', nodeId: '2', option: 2 },
      { code: 'emptyMessage', nodeId: '4' },
    ]);
    expect([...marks]).toEqual(['4', '2']);
  });

  it('drops the mark of a node once its problem is fixed and keeps the others', () => {
    // option 2 of the menu leads nowhere, and a second message is reached by nothing
    const broken: FlowGraph = {
      ...graph,
      nodes: [...graph.nodes, { id: '4', type: 'message', position: at, data: { label: 'B!' } }],
    };
    const marked = new Set(['2', '4']);
    expect([...stillFlagged(marked, broken)].sort()).toEqual(['2', '4']);
    const linked: FlowGraph = {
      ...broken,
      connections: [...broken.connections, { source: '2', sourceHandle: 'a2', target: '4' }],
    };
    expect([...stillFlagged(marked, linked)]).toEqual([]);
    const halfFixed: FlowGraph = {
      ...broken,
      connections: [...broken.connections, { source: '1', sourceHandle: 'a', target: '4' }],
    };
    expect([...stillFlagged(marked, halfFixed)]).toEqual(['2']);
  });
});
