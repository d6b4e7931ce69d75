/**
 * The flow walker (server reference 5.3), pure: given a graph, where a conversation waits and what the customer
 * wrote, it answers what to send and where the conversation waits next. The runtime
 * (functions/src/engine/flow-runtime.ts) keeps the position on the ticket and performs the actions; the editor's
 * simulator runs the same functions on a position in memory.
 *
 * A walk goes node by node from where it starts until a node waits (a menu or question for the reply, an interval
 * for its time) or nothing leads on. It visits at most a bounded number of nodes, so a drawn cycle without a wait
 * ends instead of sending forever.
 */
import {
  evaluateCondition,
  menuHandle,
  menuText,
  nextByMenuOption,
  nextLink,
  nodeById,
  orderedElements,
  randomizerHandle,
  startNodeOf,
  substituteVariables,
  validInterval,
  type FlowConnection,
  type FlowGraph,
  type FlowNode,
} from './graph.ts';

export type FlowMediaType = 'image' | 'audio' | 'video';

export type FlowAction =
  | { kind: 'text'; nodeId: string; body: string }
  | { kind: 'media'; nodeId: string; mediaType: FlowMediaType; name: string; original?: string; record?: boolean }
  /** the conversation goes to a queue; the engine's queue rules take it from there */
  | { kind: 'queue'; nodeId: string; queueId: number };

export type FlowWait =
  | { kind: 'menu'; nodeId: string }
  | { kind: 'question'; nodeId: string; variable: string }
  /**
   * an interval runs: when it is over the walk goes on at `nodeId`, from its element `element` (a content block),
   * or (element null) after the interval node `nodeId`
   */
  | { kind: 'interval'; nodeId: string; element: number | null; seconds: number };

/** How a walk ended: it waits, it ran out of nodes, it handed the conversation to a queue, or the customer left. */
export type FlowEnd = 'done' | 'handoff' | 'exit' | 'close';

/**
 * A node the walk went through, in order: the way out it chose, if it had a choice (a randomizer's `a` or `b`, a
 * condition's `true` or `false`, a menu's option `a<n>`), and the link it followed on, if one led on. The runtime
 * does not need it; the editor's simulator lights the path up with it.
 */
export interface FlowStep {
  nodeId: string;
  handle?: string;
  link?: FlowConnection;
}

export interface FlowOutcome {
  actions: FlowAction[];
  /** where the conversation waits now; null when the flow ended */
  wait: FlowWait | null;
  end: FlowEnd | null;
  variables: Record<string, string>;
  /** the nodes this turn went through, from the one that took the reply (or the start) to where it stopped */
  path: FlowStep[];
}

/** Fixed replies (reference 5.3): Portuguese, the product's default language, as the engine's other bot texts. */
export const FLOW_INVALID_OPTION_TEXT = 'Opção inválida! Por favor, escolha uma das opções abaixo.';
export const FLOW_EXIT_TEXT = 'Você saiu do atendimento automático. Aguarde, em breve alguém falará com você.';
/** A reply to a waiting menu that leaves the flow (the ticket waits for an agent) or ends the conversation. */
export const FLOW_EXIT_WORD = 'sair';
export const FLOW_CLOSE_WORD = 'parar';

export interface WalkOptions {
  /** a random number in [0, 1) for each randomizer passed */
  random: () => number;
}

/** The customer as a flow's variables (`{{name}}`, `{{firstName}}`, `{{number}}`, `{{email}}`; `${name}` also works). */
export interface FlowContact {
  name?: string | null;
  number?: string | null;
  email?: string | null;
}

/** The variables a flow begins with: the customer, and the message that started it (`${lastMessage}`). */
export const flowStartVariables = (contact: FlowContact | undefined, firstMessage: string): Record<string, string> => {
  const name = contact?.name ?? '';
  return {
    name,
    firstName: name.split(/\s+/)[0] ?? '',
    number: contact?.number ?? '',
    email: contact?.email ?? '',
    lastMessage: firstMessage,
  };
};

/** The name a flow file reaches the customer under: its original name, else its stored name without the upload prefix. */
export const flowMediaFileName = (action: Pick<Extract<FlowAction, { kind: 'media' }>, 'name' | 'original'>): string =>
  action.original ?? action.name.replace(/^[0-9A-Z]{26}-/, '');

const mediaTypeOf = { img: 'image', audio: 'audio', video: 'video' } as const;

/**
 * Walks from `node` (a content block from its element `element`) until something waits or nothing leads on.
 * `before` is the path that led here in this turn (the menu or question that took the reply).
 */
const walk = (
  g: FlowGraph,
  first: FlowNode | undefined,
  element: number,
  variables: Record<string, string>,
  options: WalkOptions,
  before: FlowStep[] = [],
): FlowOutcome => {
  const actions: FlowAction[] = [];
  const path = [...before];
  const vars = { ...variables };
  const limit = g.nodes.length * 2 + 2;
  let node = first;
  let from = element;
  const done = (end: FlowEnd | null, wait: FlowWait | null = null): FlowOutcome => ({
    actions,
    wait,
    end,
    variables: vars,
    path,
  });
  /** leaves the current node by `handle` (or its one way out) */
  const leave = (step: FlowStep, handle?: string) => {
    const link = nextLink(g, step.nodeId, handle);
    if (handle !== undefined) step.handle = handle;
    if (link) step.link = link;
    node = link ? nodeById(g, link.target) : undefined;
    from = 0;
  };
  for (let visited = 0; node && visited < limit; visited++) {
    const n: FlowNode = node;
    const step: FlowStep = { nodeId: n.id };
    path.push(step);
    const say = (body: string) => {
      const text = substituteVariables(body, vars).trim();
      if (text) actions.push({ kind: 'text', nodeId: n.id, body: text });
    };
    switch (n.type) {
      case 'start':
        break;
      case 'message':
        say(n.data.label);
        break;
      case 'img':
      case 'audio':
      case 'video':
        if (n.data.url)
          actions.push({
            kind: 'media',
            nodeId: n.id,
            mediaType: mediaTypeOf[n.type],
            name: n.data.url,
            ...(n.type === 'audio' ? { record: n.data.record } : {}),
          });
        break;
      case 'singleBlock': {
        const elements = orderedElements(n.data);
        for (let i = from; i < elements.length; i++) {
          const e = elements[i]!;
          if (e.type === 'message') say(e.value);
          else if (e.type === 'interval') {
            const seconds = Number(e.value);
            if (validInterval(seconds)) return done(null, { kind: 'interval', nodeId: n.id, element: i + 1, seconds });
          } else if (e.value) {
            actions.push({
              kind: 'media',
              nodeId: n.id,
              mediaType: mediaTypeOf[e.type],
              name: e.value,
              ...(e.original ? { original: e.original } : {}),
              ...(e.type === 'audio' ? { record: e.record ?? false } : {}),
            });
          }
        }
        break;
      }
      case 'interval':
        if (validInterval(n.data.sec)) return done(null, { kind: 'interval', nodeId: n.id, element: null, seconds: n.data.sec });
        break;
      case 'menu':
        say(menuText(n.data.message, n.data.arrayOption));
        return done(null, { kind: 'menu', nodeId: n.id });
      case 'question':
        say(n.data.message);
        return done(null, { kind: 'question', nodeId: n.id, variable: n.data.variable });
      case 'randomizer':
        leave(step, randomizerHandle(n.data.percent, options.random()));
        continue;
      case 'condition':
        leave(
          step,
          String(evaluateCondition(vars[n.data.key.trim()], n.data.condition, substituteVariables(n.data.value, vars))),
        );
        continue;
      case 'ticket':
        if (n.data.queueId) {
          actions.push({ kind: 'queue', nodeId: n.id, queueId: n.data.queueId });
          return done('handoff');
        }
        break;
    }
    leave(step);
  }
  return done('done');
};

/** A flow begins at its start node. */
export const beginFlow = (g: FlowGraph, variables: Record<string, string>, options: WalkOptions): FlowOutcome =>
  walk(g, startNodeOf(g), 0, variables, options);

/**
 * The customer's reply to a waiting flow. A menu takes one of its option numbers (anything else gets the
 * invalid-option text and the menu again), `sair` (leave the flow) or `parar` (end the conversation); a question
 * keeps the reply in its variable; while an interval runs a reply changes nothing.
 */
export const answerFlow = (
  g: FlowGraph,
  wait: FlowWait,
  variables: Record<string, string>,
  reply: string,
  options: WalkOptions,
): FlowOutcome => {
  const vars = { ...variables, lastMessage: reply };
  const node = nodeById(g, wait.nodeId);
  if (!node) return { actions: [], wait: null, end: 'done', variables: vars, path: [] };
  if (wait.kind === 'interval') return { actions: [], wait, end: null, variables: vars, path: [] };
  const here: FlowStep = { nodeId: node.id };
  if (wait.kind === 'question') {
    if (!reply.trim()) return { actions: [], wait, end: null, variables: vars, path: [here] };
    const link = nextLink(g, node.id);
    return walk(g, link && nodeById(g, link.target), 0, { ...vars, [wait.variable]: reply.trim() }, options, [
      { ...here, ...(link ? { link } : {}) },
    ]);
  }
  if (node.type !== 'menu') return { actions: [], wait: null, end: 'done', variables: vars, path: [here] };
  const word = reply.trim().toLowerCase();
  if (word === FLOW_EXIT_WORD)
    return {
      actions: [{ kind: 'text', nodeId: node.id, body: FLOW_EXIT_TEXT }],
      wait: null,
      end: 'exit',
      variables: vars,
      path: [here],
    };
  if (word === FLOW_CLOSE_WORD) return { actions: [], wait: null, end: 'close', variables: vars, path: [here] };
  const chosen = nextByMenuOption(g, node, reply);
  if (!chosen) {
    return {
      actions: [
        { kind: 'text', nodeId: node.id, body: FLOW_INVALID_OPTION_TEXT },
        { kind: 'text', nodeId: node.id, body: substituteVariables(menuText(node.data.message, node.data.arrayOption), vars) },
      ],
      wait,
      end: null,
      variables: vars,
      path: [here],
    };
  }
  const taken: FlowStep = { ...here, handle: menuHandle(chosen.option.number), ...(chosen.link ? { link: chosen.link } : {}) };
  return walk(g, chosen.node, 0, { ...vars, [`menu_${node.id}`]: String(chosen.option.number) }, options, [taken]);
};

/** An interval is over: the walk goes on where it stopped. */
export const resumeFlow = (
  g: FlowGraph,
  wait: Extract<FlowWait, { kind: 'interval' }>,
  variables: Record<string, string>,
  options: WalkOptions,
): FlowOutcome => {
  const node = nodeById(g, wait.nodeId);
  if (!node) return { actions: [], wait: null, end: 'done', variables, path: [] };
  if (wait.element !== null) return walk(g, node, wait.element, variables, options);
  const link = nextLink(g, node.id);
  return walk(g, link && nodeById(g, link.target), 0, variables, options, [{ nodeId: node.id, ...(link ? { link } : {}) }]);
};
