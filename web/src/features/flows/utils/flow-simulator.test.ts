import type { FlowConnection, FlowGraph, FlowNode } from '@switchboard/shared/flows/graph';
import { FLOW_EXIT_TEXT, FLOW_INVALID_OPTION_TEXT } from '@switchboard/shared/flows/run';
import { describe, expect, it } from 'vitest';
import { simulationBlockers } from './flow-editor.ts';
import {
  initialSimulation,
  runningInterval,
  stepSimulation,
  walkedSignature,
  type SimulatorContext,
  type SimulatorState,
} from './flow-simulator.ts';

const at = { x: 0, y: 0 };
const link = (id: string | undefined, source: string, target: string, sourceHandle: string | null = null): FlowConnection => ({
  ...(id ? { id } : {}),
  source,
  target,
  sourceHandle,
});
const text = (id: string, label: string): FlowNode => ({ id, type: 'message', position: at, data: { label } });

const graph: FlowGraph = {
  nodes: [
    { id: '1', type: 'start', position: at, data: { label: 'Inicio' } },
    text('2', 'Olá ${firstName}! Seu número: ${number}'),
    {
      id: '3',
      type: 'menu',
      position: at,
      data: {
        message: 'Escolha:',
        arrayOption: [
          { number: 1, value: 'Catálogo' },
          { number: 2, value: 'Sorte' },
        ],
      },
    },
    {
      id: '4',
      type: 'singleBlock',
      position: at,
      data: {
        seq: ['img0', 'interval1', 'message2'],
        elements: [
          { number: 'img0', type: 'img', value: '01JABCDEFGHJKMNPQRSTVWXYZ0-catalogo.png' },
          { number: 'interval1', type: 'interval', value: '30' },
          { number: 'message2', type: 'message', value: 'Gostou, ${name}?' },
        ],
      },
    },
    { id: '5', type: 'randomizer', position: at, data: { percent: 30 } },
    text('6', 'Você ganhou!'),
    { id: '7', type: 'condition', position: at, data: { key: 'name', condition: 1, value: 'Ana Souza' } },
    { id: '8', type: 'ticket', position: at, data: { queueId: 4, name: 'Vendas' } },
    text('9', 'Até logo.'),
  ],
  connections: [
    link('e1', '1', '2'),
    link('e2', '2', '3'),
    link('e3', '3', '4', 'a1'),
    link('e4', '3', '5', 'a2'),
    link('e5', '5', '6', 'a'),
    link(undefined, '5', '7', 'b'),
    link('e7', '7', '8', 'true'),
    link('e8', '7', '9', 'false'),
  ],
};

const ana = { name: 'Ana Souza', number: '5511988887777', email: 'ana@example.com' };
const context = (random = 0.5, contact = ana): SimulatorContext => ({ contact, random: () => random });
const play = (
  events: ({ kind: 'message'; text: string } | { kind: 'resume'; skipped: boolean })[],
  ctx = context(),
): SimulatorState => events.reduce((s, e) => stepSimulation(graph, s, e, ctx), initialSimulation());
const say = (t: string) => ({ kind: 'message' as const, text: t });
const lines = (s: SimulatorState) => s.entries.map(({ id: _id, ...e }) => e);

describe('flow simulator', () => {
  it('waits for the customer to write, then begins with the contact as variables and stops at the menu', () => {
    expect(initialSimulation()).toMatchObject({ phase: 'ready', entries: [], current: null });
    const s = play([say('  Oi ')]);
    expect(lines(s)).toEqual([
      { kind: 'customer', text: 'Oi' },
      { kind: 'text', nodeId: '2', text: 'Olá Ana! Seu número: 5511988887777' },
      { kind: 'text', nodeId: '3', text: 'Escolha:\n\n[1] Catálogo\n[2] Sorte' },
    ]);
    expect(s).toMatchObject({
      phase: 'running',
      wait: { kind: 'menu', nodeId: '3' },
      current: '3',
      visited: ['1', '2', '3'],
      links: ['e1', 'e2'],
    });
    expect(s.variables).toMatchObject({ name: 'Ana Souza', email: 'ana@example.com', lastMessage: '  Oi ' });
    expect(s.entries.map((e) => e.id)).toEqual([1, 2, 3]);
  });

  it('repeats the menu on an invalid option and stays where it was', () => {
    const s = play([say('Oi'), say('7')]);
    expect(lines(s).slice(3)).toEqual([
      { kind: 'customer', text: '7' },
      { kind: 'text', nodeId: '3', text: FLOW_INVALID_OPTION_TEXT },
      { kind: 'text', nodeId: '3', text: 'Escolha:\n\n[1] Catálogo\n[2] Sorte' },
    ]);
    expect(s).toMatchObject({ phase: 'running', current: '3', visited: ['1', '2', '3'], links: ['e1', 'e2'] });
  });

  it('follows a valid option, sends the file and waits for the interval; a message meanwhile changes nothing', () => {
    const s = play([say('Oi'), say('1'), say('olá?')]);
    expect(lines(s).slice(3)).toEqual([
      { kind: 'customer', text: '1' },
      {
        kind: 'media',
        nodeId: '4',
        mediaType: 'image',
        name: '01JABCDEFGHJKMNPQRSTVWXYZ0-catalogo.png',
        fileName: 'catalogo.png',
        voice: false,
      },
      { kind: 'customer', text: 'olá?' },
      { kind: 'ignored' },
    ]);
    expect(runningInterval(s)).toEqual({ kind: 'interval', nodeId: '4', element: 2, seconds: 30 });
    expect(s).toMatchObject({ current: '4', visited: ['1', '2', '3', '4'], links: ['e1', 'e2', 'e3'] });
    expect(s.variables.menu_3).toBe('1');
  });

  it('goes on after the interval, skipped or over, and ends where nothing leads on', () => {
    const s = play([say('Oi'), say('1'), { kind: 'resume', skipped: true }]);
    expect(lines(s).slice(-3)).toEqual([
      { kind: 'waited', seconds: 30, skipped: true },
      { kind: 'text', nodeId: '4', text: 'Gostou, Ana Souza?' },
      { kind: 'end', end: 'done' },
    ]);
    expect(s).toMatchObject({ phase: 'ended', wait: null, current: '4' });
    expect(stepSimulation(graph, s, say('oi'), context())).toBe(s);
    expect(stepSimulation(graph, s, { kind: 'resume', skipped: false }, context())).toBe(s);
  });

  it('shows the way the randomizer drew', () => {
    const lucky = play([say('Oi'), say('2')], context(0.1));
    expect(lines(lucky).slice(4)).toEqual([
      { kind: 'randomizer', nodeId: '5', way: 'a', chance: 30 },
      { kind: 'text', nodeId: '6', text: 'Você ganhou!' },
      { kind: 'end', end: 'done' },
    ]);
    expect(lucky.links).toEqual(['e1', 'e2', 'e4', 'e5']);
  });

  it('decides a condition on the simulated contact and ends on a queue hand-off', () => {
    const handed = play([say('Oi'), say('2')], context(0.9));
    expect(lines(handed).slice(4)).toEqual([
      { kind: 'randomizer', nodeId: '5', way: 'b', chance: 70 },
      { kind: 'condition', nodeId: '7', test: 'name == Ana Souza', verdict: true },
      { kind: 'handoff', nodeId: '8', queueId: 4, queueName: 'Vendas' },
    ]);
    expect(handed).toMatchObject({
      phase: 'ended',
      current: '8',
      visited: ['1', '2', '3', '5', '7', '8'],
      links: ['e1', 'e2', 'e4', 'e-5-b-7', 'e7'],
    });
    const other = play([say('Oi'), say('2')], context(0.9, { name: 'Bruno', number: '', email: '' }));
    expect(lines(other).slice(-3)).toEqual([
      { kind: 'condition', nodeId: '7', test: 'name == Ana Souza', verdict: false },
      { kind: 'text', nodeId: '9', text: 'Até logo.' },
      { kind: 'end', end: 'done' },
    ]);
  });

  it('leaves the flow on sair', () => {
    const s = play([say('Oi'), say('Sair')]);
    expect(lines(s).slice(-2)).toEqual([
      { kind: 'text', nodeId: '3', text: FLOW_EXIT_TEXT },
      { kind: 'end', end: 'exit' },
    ]);
    expect(s.phase).toBe('ended');
  });

  it('ignores blank messages and an interval end when none runs', () => {
    const s = play([say('Oi')]);
    expect(stepSimulation(graph, s, say('   '), context())).toBe(s);
    expect(stepSimulation(graph, s, { kind: 'resume', skipped: true }, context())).toBe(s);
  });

  it('refuses a graph with problems, or with no step at all', () => {
    expect(simulationBlockers(graph)).toEqual([]);
    expect(simulationBlockers({ nodes: [], connections: [] })).toEqual([{ code: 'noStart' }]);
    const unlinked = { ...graph, connections: graph.connections.filter((c) => c.id !== 'e4') };
    expect(simulationBlockers(unlinked)).toContainEqual({ code: 'menuOptionUnlinked', nodeId: '3', option: 2 });
  });

  it('tells a change the walker reads from a step merely moved on the canvas', () => {
    const moved = { ...graph, nodes: graph.nodes.map((n) => ({ ...n, position: { x: 500, y: 80 } })) };
    expect(walkedSignature(moved)).toBe(walkedSignature(graph));
    const edited = { ...graph, nodes: graph.nodes.map((n) => (n.id === '6' ? text('6', 'Parabéns!') : n)) };
    expect(walkedSignature(edited)).not.toBe(walkedSignature(graph));
    const relinked = { ...graph, connections: graph.connections.map((c) => (c.id === 'e8' ? { ...c, target: '6' } : c)) };
    expect(walkedSignature(relinked)).not.toBe(walkedSignature(graph));
  });
});
