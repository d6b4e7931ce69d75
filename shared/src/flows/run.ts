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
  menuText,
  nextByMenuOption,
  nextNode,
  nodeById,
  orderedElements,
  randomizerHandle,
  startNodeOf,
  substituteVariables,
  validInterval,
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

export interface FlowOutcome {
  actions: FlowAction[];
  /** where the conversation waits now; null when the flow ended */
  wait: FlowWait | null;
  end: FlowEnd | null;
  variables: Record<string, string>;
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

const mediaTypeOf = { img: 'image', audio: 'audio', video: 'video' } as const;

/** Walks from `node` (a content block from its element `element`) until something waits or nothing leads on. */
const walk = (g: FlowGraph, first: FlowNode | undefined, element: number, variables: Record<string, string>, options: WalkOptions): FlowOutcome => {
  const actions: FlowAction[] = [];
  const vars = { ...variables };
  const limit = g.nodes.length * 2 + 2;
  let node = first;
  let from = element;
  const done = (end: FlowEnd | null, wait: FlowWait | null = null): FlowOutcome => ({ actions, wait, end, variables: vars });
  for (let visited = 0; node && visited < limit; visited++) {
    const n: FlowNode = node;
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
        if (n.data.url) actions.push({ kind: 'media', nodeId: n.id, mediaType: mediaTypeOf[n.type], name: n.data.url, ...(n.type === 'audio' ? { record: n.data.record } : {}) });
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
            actions.push({ kind: 'media', nodeId: n.id, mediaType: mediaTypeOf[e.type], name: e.value, ...(e.original ? { original: e.original } : {}), ...(e.type === 'audio' ? { record: e.record ?? false } : {}) });
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
        node = nextNode(g, n.id, randomizerHandle(n.data.percent, options.random()));
        from = 0;
        continue;
      case 'condition':
        node = nextNode(g, n.id, String(evaluateCondition(vars[n.data.key.trim()], n.data.condition, substituteVariables(n.data.value, vars))));
        from = 0;
        continue;
      case 'ticket':
        if (n.data.queueId) {
          actions.push({ kind: 'queue', nodeId: n.id, queueId: n.data.queueId });
          return done('handoff');
        }
        break;
    }
    node = nextNode(g, n.id);
    from = 0;
  }
  return done('done');
};

/** A flow begins at its start node. */
export const beginFlow = (g: FlowGraph, variables: Record<string, string>, options: WalkOptions): FlowOutcome => walk(g, startNodeOf(g), 0, variables, options);

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
  if (!node) return { actions: [], wait: null, end: 'done', variables: vars };
  if (wait.kind === 'interval') return { actions: [], wait, end: null, variables: vars };
  if (wait.kind === 'question') {
    if (!reply.trim()) return { actions: [], wait, end: null, variables: vars };
    return walk(g, nextNode(g, node.id), 0, { ...vars, [wait.variable]: reply.trim() }, options);
  }
  if (node.type !== 'menu') return { actions: [], wait: null, end: 'done', variables: vars };
  const word = reply.trim().toLowerCase();
  if (word === FLOW_EXIT_WORD) return { actions: [{ kind: 'text', nodeId: node.id, body: FLOW_EXIT_TEXT }], wait: null, end: 'exit', variables: vars };
  if (word === FLOW_CLOSE_WORD) return { actions: [], wait: null, end: 'close', variables: vars };
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
    };
  }
  return walk(g, chosen.node, 0, { ...vars, [`menu_${node.id}`]: String(chosen.option.number) }, options);
};

/** An interval is over: the walk goes on where it stopped. */
export const resumeFlow = (g: FlowGraph, wait: Extract<FlowWait, { kind: 'interval' }>, variables: Record<string, string>, options: WalkOptions): FlowOutcome => {
  const node = nodeById(g, wait.nodeId);
  if (!node) return { actions: [], wait: null, end: 'done', variables };
  if (wait.element === null) return walk(g, nextNode(g, node.id), 0, variables, options);
  return walk(g, node, wait.element, variables, options);
};
