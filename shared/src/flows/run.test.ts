import { describe, expect, it } from 'vitest';
import type { FlowConnection, FlowGraph, FlowNode } from './graph.ts';
import {
  answerFlow,
  beginFlow,
  FLOW_EXIT_TEXT,
  FLOW_INVALID_OPTION_TEXT,
  flowMediaFileName,
  flowStartVariables,
  resumeFlow,
  type FlowOutcome,
  type FlowWait,
} from './run.ts';

const at = { x: 0, y: 0 };
const e = (source: string, target: string, sourceHandle?: string): FlowConnection => ({
  source,
  target,
  ...(sourceHandle ? { sourceHandle } : {}),
});
const msg = (id: string, label: string): FlowNode => ({ id, type: 'message', position: at, data: { label } });

const graph: FlowGraph = {
  nodes: [
    { id: 's', type: 'start', position: at, data: {} },
    msg('hi', 'Olá ${name}!'),
    {
      id: 'menu',
      type: 'menu',
      position: at,
      data: {
        message: 'Escolha',
        arrayOption: [
          { number: 1, value: 'Conteúdo' },
          { number: 2, value: 'Sorte' },
          { number: 3, value: 'Idade' },
        ],
      },
    },
    {
      id: 'block',
      type: 'singleBlock',
      position: at,
      data: {
        seq: ['message0', 'img1', 'interval2', 'audio3'],
        elements: [
          { number: 'message0', type: 'message', value: 'Veja' },
          { number: 'img1', type: 'img', value: 'foto.png', original: 'Foto.png' },
          { number: 'interval2', type: 'interval', value: '5' },
          { number: 'audio3', type: 'audio', value: 'voz.ogg', record: true },
        ],
      },
    },
    { id: 'rand', type: 'randomizer', position: at, data: { percent: 30 } },
    msg('lucky', 'Sorte!'),
    msg('unlucky', 'Azar!'),
    { id: 'ask', type: 'question', position: at, data: { message: 'Sua idade?', variable: 'idade' } },
    { id: 'cond', type: 'condition', position: at, data: { key: 'idade', condition: 2, value: '18' } },
    { id: 'queue', type: 'ticket', position: at, data: { queueId: 7, name: 'Vendas' } },
    msg('minor', 'Menor de idade.'),
    { id: 'wait', type: 'interval', position: at, data: { sec: 10 } },
    msg('after', 'Depois.'),
  ],
  connections: [
    e('s', 'hi'),
    e('hi', 'menu'),
    e('menu', 'block', 'a1'),
    e('menu', 'rand', 'a2'),
    e('menu', 'ask', 'a3'),
    e('block', 'wait'),
    e('wait', 'after'),
    e('rand', 'lucky', 'a'),
    e('rand', 'unlucky', 'b'),
    e('ask', 'cond'),
    e('cond', 'queue', 'true'),
    e('cond', 'minor', 'false'),
  ],
};
const options = (r = 0.5) => ({ random: () => r });
const texts = (o: { actions: { kind: string; body?: string }[] }) => o.actions.map((a) => (a.kind === 'text' ? a.body : a.kind));

describe('flow walker', () => {
  it('begins at the start node and waits at the menu, variables substituted', () => {
    const o = beginFlow(graph, { name: 'Ana' }, options());
    expect(texts(o)).toEqual(['Olá Ana!', 'Escolha\n\n[1] Conteúdo\n[2] Sorte\n[3] Idade']);
    expect(o.wait).toEqual({ kind: 'menu', nodeId: 'menu' });
    expect(o.end).toBeNull();
  });

  it('repeats the menu on an invalid option and stays', () => {
    const wait: FlowWait = { kind: 'menu', nodeId: 'menu' };
    const o = answerFlow(graph, wait, {}, '9', options());
    expect(texts(o)).toEqual([FLOW_INVALID_OPTION_TEXT, 'Escolha\n\n[1] Conteúdo\n[2] Sorte\n[3] Idade']);
    expect(o.wait).toEqual(wait);
  });

  it('sends a content block in order and stops at its interval, then resumes after it', () => {
    const o = answerFlow(graph, { kind: 'menu', nodeId: 'menu' }, {}, '1', options());
    expect(o.actions).toEqual([
      { kind: 'text', nodeId: 'block', body: 'Veja' },
      { kind: 'media', nodeId: 'block', mediaType: 'image', name: 'foto.png', original: 'Foto.png' },
    ]);
    expect(o.wait).toEqual({ kind: 'interval', nodeId: 'block', element: 3, seconds: 5 });
    const r = resumeFlow(graph, o.wait as Extract<FlowWait, { kind: 'interval' }>, o.variables, options());
    expect(r.actions).toEqual([{ kind: 'media', nodeId: 'block', mediaType: 'audio', name: 'voz.ogg', record: true }]);
    expect(r.wait).toEqual({ kind: 'interval', nodeId: 'wait', element: null, seconds: 10 });
    const last = resumeFlow(graph, r.wait as Extract<FlowWait, { kind: 'interval' }>, r.variables, options());
    expect(texts(last)).toEqual(['Depois.']);
    expect(last).toMatchObject({ wait: null, end: 'done' });
  });

  it('takes the randomizer way the random number says', () => {
    expect(texts(answerFlow(graph, { kind: 'menu', nodeId: 'menu' }, {}, '2', options(0.1)))).toEqual(['Sorte!']);
    expect(texts(answerFlow(graph, { kind: 'menu', nodeId: 'menu' }, {}, '2', options(0.3)))).toEqual(['Azar!']);
  });

  it('keeps a question answer in its variable and branches on it', () => {
    const asked = answerFlow(graph, { kind: 'menu', nodeId: 'menu' }, {}, '3', options());
    expect(texts(asked)).toEqual(['Sua idade?']);
    const adult = answerFlow(graph, asked.wait!, asked.variables, ' 20 ', options());
    expect(adult.actions).toEqual([{ kind: 'queue', nodeId: 'queue', queueId: 7 }]);
    expect(adult).toMatchObject({ end: 'handoff', variables: { idade: '20' } });
    const minor = answerFlow(graph, asked.wait!, asked.variables, '12', options());
    expect(texts(minor)).toEqual(['Menor de idade.']);
  });

  it('leaves on sair and closes on parar', () => {
    expect(answerFlow(graph, { kind: 'menu', nodeId: 'menu' }, {}, 'Sair', options())).toMatchObject({
      end: 'exit',
      wait: null,
      actions: [{ body: FLOW_EXIT_TEXT }],
    });
    expect(answerFlow(graph, { kind: 'menu', nodeId: 'menu' }, {}, 'parar', options())).toMatchObject({
      end: 'close',
      actions: [],
    });
  });

  it('ignores replies while an interval runs', () => {
    const wait: FlowWait = { kind: 'interval', nodeId: 'wait', element: null, seconds: 10 };
    expect(answerFlow(graph, wait, {}, 'oi', options())).toMatchObject({ actions: [], wait, end: null });
  });

  describe('the path it reports (the simulator lights it up)', () => {
    const steps = (o: FlowOutcome) =>
      o.path.map((p) => [p.nodeId, p.handle ?? '', p.link ? `${p.link.source}>${p.link.target}` : '']);

    it('goes from the start node to the menu it waits at, each link followed', () => {
      expect(steps(beginFlow(graph, {}, options()))).toEqual([
        ['s', '', 's>hi'],
        ['hi', '', 'hi>menu'],
        ['menu', '', ''],
      ]);
    });

    it('names the option taken and the randomizer way drawn', () => {
      expect(steps(answerFlow(graph, { kind: 'menu', nodeId: 'menu' }, {}, '2', options(0.1)))).toEqual([
        ['menu', 'a2', 'menu>rand'],
        ['rand', 'a', 'rand>lucky'],
        ['lucky', '', ''],
      ]);
      expect(steps(answerFlow(graph, { kind: 'menu', nodeId: 'menu' }, {}, '2', options(0.9)))[1]).toEqual([
        'rand',
        'b',
        'rand>unlucky',
      ]);
    });

    it('stays at the menu on an invalid option, a leave word or an empty question answer', () => {
      expect(steps(answerFlow(graph, { kind: 'menu', nodeId: 'menu' }, {}, '9', options()))).toEqual([['menu', '', '']]);
      expect(steps(answerFlow(graph, { kind: 'menu', nodeId: 'menu' }, {}, 'sair', options()))).toEqual([['menu', '', '']]);
      expect(steps(answerFlow(graph, { kind: 'question', nodeId: 'ask', variable: 'idade' }, {}, ' ', options()))).toEqual([
        ['ask', '', ''],
      ]);
    });

    it("names a condition's verdict and ends at the queue", () => {
      expect(steps(answerFlow(graph, { kind: 'question', nodeId: 'ask', variable: 'idade' }, {}, '30', options()))).toEqual([
        ['ask', '', 'ask>cond'],
        ['cond', 'true', 'cond>queue'],
        ['queue', '', ''],
      ]);
    });

    it('resumes inside a content block, or past an interval node by its link', () => {
      expect(steps(resumeFlow(graph, { kind: 'interval', nodeId: 'block', element: 3, seconds: 5 }, {}, options()))).toEqual([
        ['block', '', 'block>wait'],
        ['wait', '', ''],
      ]);
      expect(steps(resumeFlow(graph, { kind: 'interval', nodeId: 'wait', element: null, seconds: 10 }, {}, options()))).toEqual([
        ['wait', '', 'wait>after'],
        ['after', '', ''],
      ]);
    });

    it('reports nothing for a reply while an interval runs', () => {
      expect(
        answerFlow(graph, { kind: 'interval', nodeId: 'wait', element: null, seconds: 10 }, {}, 'oi', options()).path,
      ).toEqual([]);
    });
  });

  it('begins with the contact and the first message as variables', () => {
    expect(flowStartVariables({ name: 'Ana Maria Souza', number: '5511999990000', email: null }, 'Oi')).toEqual({
      name: 'Ana Maria Souza',
      firstName: 'Ana',
      number: '5511999990000',
      email: '',
      lastMessage: 'Oi',
    });
    expect(flowStartVariables(undefined, '')).toEqual({ name: '', firstName: '', number: '', email: '', lastMessage: '' });
  });

  it('names a file by its original name, else by its stored name without the upload prefix', () => {
    expect(flowMediaFileName({ name: '01JABCDEFGHJKMNPQRSTVWXYZ0-foto.png', original: 'Minha foto.png' })).toBe('Minha foto.png');
    expect(flowMediaFileName({ name: '01JABCDEFGHJKMNPQRSTVWXYZ0-foto.png' })).toBe('foto.png');
  });

  it('ends a drawn cycle without waits instead of looping', () => {
    const cycle: FlowGraph = {
      nodes: [{ id: 's', type: 'start', position: at, data: {} }, msg('a', 'A'), msg('b', 'B')],
      connections: [e('s', 'a'), e('a', 'b'), e('b', 'a')],
    };
    const o = beginFlow(cycle, {}, options());
    expect(o.end).toBe('done');
    expect(o.actions.length).toBeLessThanOrEqual(8);
  });
});
