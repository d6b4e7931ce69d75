/**
 * A conversation flow's graph (spec document 3 "Flow", server reference 5.1): React Flow style nodes
 * `{id, type, position, data, style}` and connections `{source, sourceHandle, target}`, stored as the fork stores
 * them so a client of the fork reads it. Pure functions over it, shared by the editor (web) and the runtime
 * (functions/src/engine/flow-runtime.ts): parsing, the start node, where an edge or a menu option leads, the
 * randomizer's choice, conditions, variables and `problemsOf`, what would keep a flow from running.
 *
 * Handles: a menu option n leaves by `a<n>`, a randomizer by `a` (its percent) or `b` (the rest), a condition by
 * `true` or `false`; every other node by its one output (the first connection out of it).
 */
import { z } from 'zod';

export const flowNodeTypes = [
  'start',
  'message',
  'condition',
  'menu',
  'interval',
  'img',
  'audio',
  'randomizer',
  'video',
  'singleBlock',
  'ticket',
  'question',
] as const;
export type FlowNodeType = (typeof flowNodeTypes)[number];

/** Spec document 3 sections 5 and 9: intervals run 1 to 120 seconds. */
export const FLOW_INTERVAL_MIN = 1;
export const FLOW_INTERVAL_MAX = 120;
/** Section 5: the randomizer's slider runs 0 to 100 in steps of 10. */
export const RANDOMIZER_STEP = 10;
/** Section 9: a duplicated node is placed this far to the right. */
export const DUPLICATE_OFFSET = 240;
/** Section 5: condition operators 1 ==, 2 >=, 3 <=, 4 <, 5 >. */
export const conditionOperators = { 1: '==', 2: '>=', 3: '<=', 4: '<', 5: '>' } as const;
export type ConditionOperator = keyof typeof conditionOperators;

export const FLOW_TEXT_MAX = 4096;
export const FLOW_NODES_MAX = 500;
export const FLOW_CONNECTIONS_MAX = 2000;
export const FLOW_MENU_OPTIONS_MAX = 50;
export const FLOW_CONTENT_ELEMENTS_MAX = 50;

const id = z.string().trim().min(1).max(100);
const text = z.string().max(FLOW_TEXT_MAX);
/** a file uploaded for flows (POST /flowbuilder/img|audio|content): its stored name, empty until one is chosen */
const mediaName = z
  .string()
  .max(300)
  .regex(/^[^/\\]*$/, 'A file name, not a path');
const seconds = z.number().int().min(0).max(FLOW_INTERVAL_MAX);

export const menuOption = z.object({ number: z.number().int().min(1).max(FLOW_MENU_OPTIONS_MAX), value: z.string().max(200) });
export type MenuOption = z.infer<typeof menuOption>;

export const contentElementTypes = ['message', 'interval', 'img', 'audio', 'video'] as const;
export type ContentElementType = (typeof contentElementTypes)[number];
export const contentElement = z.object({
  /** the element's id within the block, as the fork names them: `message0`, `img1`, ... */
  number: id,
  type: z.enum(contentElementTypes),
  /** a text, a number of seconds, or a stored file name */
  value: z.string().max(FLOW_TEXT_MAX),
  /** the uploaded file's original name */
  original: z.string().max(300).optional(),
  /** an audio sent as a voice note */
  record: z.boolean().optional(),
});
export type ContentElement = z.infer<typeof contentElement>;

const dataOf = {
  start: z.object({ label: z.string().max(200).optional() }),
  message: z.object({ label: text }),
  condition: z.object({
    key: z.string().max(100),
    condition: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
    value: z.string().max(500),
  }),
  menu: z.object({ message: text, arrayOption: z.array(menuOption).max(FLOW_MENU_OPTIONS_MAX) }),
  interval: z.object({ sec: seconds }),
  img: z.object({ url: mediaName }),
  audio: z.object({ url: mediaName, record: z.boolean().default(false) }),
  video: z.object({ url: mediaName }),
  randomizer: z.object({ percent: z.number().int().min(0).max(100) }),
  singleBlock: z.object({
    seq: z.array(id).max(FLOW_CONTENT_ELEMENTS_MAX),
    elements: z.array(contentElement).max(FLOW_CONTENT_ELEMENTS_MAX),
  }),
  /** hands the conversation to a queue */
  ticket: z.object({ queueId: z.number().int().positive().nullable(), name: z.string().max(100).default('') }),
  /** asks and keeps the answer in a variable (reference 5.3 `input`) */
  question: z.object({ message: text, variable: z.string().max(50) }),
} satisfies Record<FlowNodeType, z.ZodType>;

const position = z.object({ x: z.number().finite(), y: z.number().finite() });
const style = z.record(z.string(), z.union([z.string(), z.number()])).optional();
const nodeOf = <T extends FlowNodeType>(type: T) => z.object({ id, type: z.literal(type), position, data: dataOf[type], style });

export const flowNode = z.discriminatedUnion('type', [
  nodeOf('start'),
  nodeOf('message'),
  nodeOf('condition'),
  nodeOf('menu'),
  nodeOf('interval'),
  nodeOf('img'),
  nodeOf('audio'),
  nodeOf('video'),
  nodeOf('randomizer'),
  nodeOf('singleBlock'),
  nodeOf('ticket'),
  nodeOf('question'),
]);
export type FlowNode = z.infer<typeof flowNode>;
export type FlowNodeOf<T extends FlowNodeType> = Extract<FlowNode, { type: T }>;
export type FlowNodeData<T extends FlowNodeType> = FlowNodeOf<T>['data'];

export const flowConnection = z.object({
  id: z.string().max(300).optional(),
  source: id,
  sourceHandle: z.string().max(100).nullable().optional(),
  target: id,
  targetHandle: z.string().max(100).nullable().optional(),
});
export type FlowConnection = z.infer<typeof flowConnection>;

/** A graph as saved: unique node ids, connections between nodes that exist. */
export const flowGraph = z
  .object({
    nodes: z.array(flowNode).max(FLOW_NODES_MAX),
    connections: z.array(flowConnection).max(FLOW_CONNECTIONS_MAX),
  })
  .superRefine((g, ctx) => {
    const seen = new Set<string>();
    g.nodes.forEach((n, i) => {
      if (seen.has(n.id)) ctx.addIssue({ code: 'custom', path: ['nodes', i, 'id'], message: 'Duplicated node id' });
      seen.add(n.id);
    });
    g.connections.forEach((c, i) => {
      if (!seen.has(c.source)) ctx.addIssue({ code: 'custom', path: ['connections', i, 'source'], message: 'Unknown node' });
      if (!seen.has(c.target)) ctx.addIssue({ code: 'custom', path: ['connections', i, 'target'], message: 'Unknown node' });
    });
  });
export type FlowGraph = z.infer<typeof flowGraph>;

export const emptyGraph = (): FlowGraph => ({ nodes: [], connections: [] });

/** Parses an unknown value (a stored item, a request) into a graph, or answers why not. */
export const parseGraph = (
  value: unknown,
): { ok: true; graph: FlowGraph } | { ok: false; issues: { path: string; message: string }[] } => {
  const parsed = flowGraph.safeParse(value);
  if (parsed.success) return { ok: true, graph: parsed.data };
  return { ok: false, issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) };
};

/** Where a flow begins: its start node; a graph without one begins at its first node, as the fork's does. */
export const startNodeOf = (g: FlowGraph): FlowNode | undefined => g.nodes.find((n) => n.type === 'start') ?? g.nodes[0];

export const nodeById = (g: FlowGraph, nodeId: string): FlowNode | undefined => g.nodes.find((n) => n.id === nodeId);

/**
 * The node a connection out of `nodeId` leads to: by the named handle, or (no handle named) the first connection out
 * of the node. Undefined when nothing leads on: the flow ends there.
 */
export const nextNode = (g: FlowGraph, nodeId: string, handle?: string): FlowNode | undefined => {
  const out = nextLink(g, nodeId, handle);
  return out ? nodeById(g, out.target) : undefined;
};

/** The connection `nextNode` follows out of `nodeId`, if there is one. */
export const nextLink = (g: FlowGraph, nodeId: string, handle?: string): FlowConnection | undefined =>
  g.connections.find((c) => c.source === nodeId && (handle === undefined || c.sourceHandle === handle));

export const menuHandle = (optionNumber: number): string => `a${optionNumber}`;

/** The option a reply picks from a menu: its number, spaces around ignored. */
export const menuOptionOf = (options: readonly MenuOption[], reply: string): MenuOption | undefined => {
  const answer = reply.trim();
  if (!/^\d{1,3}$/.test(answer)) return undefined;
  return options.find((o) => o.number === Number(answer));
};

/** Where a menu's option leads, if the reply is one of its options. */
export const nextByMenuOption = (
  g: FlowGraph,
  menu: FlowNodeOf<'menu'>,
  reply: string,
): { option: MenuOption; node: FlowNode | undefined; link: FlowConnection | undefined } | undefined => {
  const option = menuOptionOf(menu.data.arrayOption, reply);
  if (!option) return undefined;
  const link = nextLink(g, menu.id, menuHandle(option.number));
  return { option, node: link ? nodeById(g, link.target) : undefined, link };
};

/** The menu as the customer reads it: the message, then one line per option. */
export const menuText = (message: string, options: readonly MenuOption[]): string =>
  [
    message.trim(),
    ...(options.length ? [''] : []),
    ...[...options].sort((a, b) => a.number - b.number).map((o) => `[${o.number}] ${o.value}`),
  ]
    .join('\n')
    .trim();

/** The randomizer's way out for a random number in [0, 1): `a` with `percent`% chance, else `b`. */
export const randomizerHandle = (percent: number, random: number): 'a' | 'b' => (random * 100 < percent ? 'a' : 'b');

const numeric = (v: string): number | undefined => {
  const s = v.trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return undefined;
  return Number(s);
};

/**
 * A condition's verdict. `==` compares numbers when both sides are numbers, else the texts trimmed and without
 * letter case; the others compare numbers and are false when a side is not one.
 */
export const evaluateCondition = (left: string | undefined, operator: ConditionOperator, right: string): boolean => {
  const l = (left ?? '').trim();
  const r = right.trim();
  const ln = numeric(l);
  const rn = numeric(r);
  if (operator === 1) return ln !== undefined && rn !== undefined ? ln === rn : l.toLowerCase() === r.toLowerCase();
  if (ln === undefined || rn === undefined) return false;
  switch (operator) {
    case 2:
      return ln >= rn;
    case 3:
      return ln <= rn;
    case 4:
      return ln < rn;
    case 5:
      return ln > rn;
  }
};

/**
 * Flow variables in the one message syntax (`{{name}}`) or the flows' older `${name}`; an unknown one is left as
 * written (see ../message-variables.ts).
 */
export { substituteVariables } from '../message-variables.ts';

/** The content block's elements in their order (`seq`), elements missing from `seq` after them. */
export const orderedElements = (data: FlowNodeData<'singleBlock'>): ContentElement[] => {
  const byId = new Map(data.elements.map((e) => [e.number, e]));
  const ordered = data.seq.map((s) => byId.get(s)).filter((e): e is ContentElement => e !== undefined);
  const rest = data.elements.filter((e) => !data.seq.includes(e.number));
  return [...ordered, ...rest];
};

export type FlowProblemCode =
  | 'noStart'
  | 'manyStarts'
  | 'unreachable'
  | 'emptyMessage'
  | 'menuWithoutOptions'
  | 'menuOptionUnlinked'
  | 'emptyContent'
  | 'emptyContentText'
  | 'emptyContentMedia'
  | 'contentIntervalRange'
  | 'intervalRange'
  | 'mediaMissing'
  | 'conditionKeyMissing'
  | 'conditionBranches'
  | 'randomizerBranches'
  | 'queueMissing'
  | 'questionVariableMissing';

export interface FlowProblem {
  code: FlowProblemCode;
  /** the node it is about (absent for the graph as a whole) */
  nodeId?: string;
  /** the menu option's number, for menuOptionUnlinked */
  option?: number;
}

const handlesOut = (g: FlowGraph, nodeId: string): Set<string> =>
  new Set(g.connections.filter((c) => c.source === nodeId).map((c) => c.sourceHandle ?? ''));

/**
 * What keeps a flow from running as drawn, node by node, in node order: the editor lists these before saving and
 * points at the nodes. A flow with problems can still be saved (work in progress); the runtime ends a walk where
 * a node leads nowhere.
 */
export const problemsOf = (g: FlowGraph): FlowProblem[] => {
  const problems: FlowProblem[] = [];
  const starts = g.nodes.filter((n) => n.type === 'start');
  if (g.nodes.length > 0 && starts.length === 0) problems.push({ code: 'noStart' });
  if (starts.length > 1) starts.slice(1).forEach((n) => problems.push({ code: 'manyStarts', nodeId: n.id }));
  const targets = new Set(g.connections.filter((c) => c.source !== c.target).map((c) => c.target));
  for (const n of g.nodes) {
    const at = (code: FlowProblemCode, extra: Partial<FlowProblem> = {}) => problems.push({ code, nodeId: n.id, ...extra });
    if (n.type !== 'start' && !targets.has(n.id)) at('unreachable');
    switch (n.type) {
      case 'message':
        if (!n.data.label.trim()) at('emptyMessage');
        break;
      case 'menu': {
        if (!n.data.message.trim()) at('emptyMessage');
        if (n.data.arrayOption.length === 0) at('menuWithoutOptions');
        const out = handlesOut(g, n.id);
        for (const o of n.data.arrayOption) if (!out.has(menuHandle(o.number))) at('menuOptionUnlinked', { option: o.number });
        break;
      }
      case 'singleBlock': {
        const elements = orderedElements(n.data);
        if (elements.length === 0) at('emptyContent');
        if (elements.some((e) => e.type === 'message' && !e.value.trim())) at('emptyContentText');
        if (elements.some((e) => (e.type === 'img' || e.type === 'audio' || e.type === 'video') && !e.value.trim()))
          at('emptyContentMedia');
        if (elements.some((e) => e.type === 'interval' && !validInterval(Number(e.value)))) at('contentIntervalRange');
        break;
      }
      case 'interval':
        if (!validInterval(n.data.sec)) at('intervalRange');
        break;
      case 'img':
      case 'audio':
      case 'video':
        if (!n.data.url.trim()) at('mediaMissing');
        break;
      case 'condition': {
        if (!n.data.key.trim()) at('conditionKeyMissing');
        const out = handlesOut(g, n.id);
        if (!out.has('true') || !out.has('false')) at('conditionBranches');
        break;
      }
      case 'randomizer': {
        const out = handlesOut(g, n.id);
        if (!out.has('a') || !out.has('b')) at('randomizerBranches');
        break;
      }
      case 'ticket':
        if (!n.data.queueId) at('queueMissing');
        break;
      case 'question':
        if (!n.data.message.trim()) at('emptyMessage');
        if (!/^\w+$/.test(n.data.variable)) at('questionVariableMissing');
        break;
      case 'start':
        break;
    }
  }
  return problems;
};

export const validInterval = (sec: number): boolean =>
  Number.isInteger(sec) && sec >= FLOW_INTERVAL_MIN && sec <= FLOW_INTERVAL_MAX;
