/**
 * The flow editor's simulator, pure: the admin plays the customer against the graph as drawn, and the shared walker
 * (shared/src/flows/run.ts, the very functions the runtime uses) answers on a ticket kept in memory. Each event (a
 * customer message, an interval over) gives the next state: the transcript the panel shows and the path the canvas
 * lights up. Randomness comes in as an argument, so tests fix it.
 */
import { nodeById, type FlowGraph } from '@switchboard/shared/flows/graph';
import {
  answerFlow,
  beginFlow,
  flowMediaFileName,
  flowStartVariables,
  resumeFlow,
  type FlowEnd,
  type FlowMediaType,
  type FlowOutcome,
  type FlowWait,
} from '@switchboard/shared/flows/run';
import { edgeId, summaryOf } from './flow-editor.ts';

/** The customer the admin plays: `${name}`, `${firstName}`, `${number}` and `${email}` come from it. */
export interface SimulatedContact {
  name: string;
  number: string;
  email: string;
}

export type SimulatorEntry =
  | { id: number; kind: 'customer'; text: string }
  | { id: number; kind: 'text'; nodeId: string; text: string }
  | { id: number; kind: 'media'; nodeId: string; mediaType: FlowMediaType; name: string; fileName: string; voice: boolean }
  /** a randomizer drew a way: `a` (its percent) or `b` (the rest), `chance` the way's percent */
  | { id: number; kind: 'randomizer'; nodeId: string; way: 'a' | 'b'; chance: number }
  | { id: number; kind: 'condition'; nodeId: string; test: string; verdict: boolean }
  /** a ticket node handed the conversation to a queue: the simulation ends there */
  | { id: number; kind: 'handoff'; nodeId: string; queueId: number; queueName: string }
  | { id: number; kind: 'waited'; seconds: number; skipped: boolean }
  /** the customer wrote while an interval ran: the flow takes no notice, as on a real ticket */
  | { id: number; kind: 'ignored' }
  | { id: number; kind: 'end'; end: Exclude<FlowEnd, 'handoff'> };

type NewEntry = SimulatorEntry extends infer E ? (E extends SimulatorEntry ? Omit<E, 'id'> : never) : never;

export interface SimulatorState {
  /** `ready`: nothing said yet (a flow begins on the customer's first message, as on a real ticket) */
  phase: 'ready' | 'running' | 'ended';
  wait: FlowWait | null;
  variables: Record<string, string>;
  entries: SimulatorEntry[];
  /** where the conversation is now: the node it waits at, or where it ended */
  current: string | null;
  /** nodes gone through and links followed (editor edge ids), in the order first reached */
  visited: string[];
  links: string[];
}

export type SimulatorEvent = { kind: 'message'; text: string } | { kind: 'resume'; skipped: boolean };

export interface SimulatorContext {
  contact: SimulatedContact;
  /** a number in [0, 1) for each randomizer passed */
  random: () => number;
}

export const initialSimulation = (): SimulatorState => ({
  phase: 'ready',
  wait: null,
  variables: {},
  entries: [],
  current: null,
  visited: [],
  links: [],
});

/**
 * What the walker reads of a drawing (not where its steps stand on the canvas): when it changes during a
 * simulation, the panel offers to start over on the new drawing.
 */
export const walkedSignature = (g: FlowGraph): string =>
  JSON.stringify([
    g.nodes.map((n) => [n.id, n.type, n.data]),
    g.connections.map((c) => [c.source, c.sourceHandle ?? null, c.target]),
  ]);

/** The interval the conversation waits for, if one runs. */
export const runningInterval = (state: SimulatorState): Extract<FlowWait, { kind: 'interval' }> | null =>
  state.wait?.kind === 'interval' ? state.wait : null;

const unique = (list: readonly string[], more: readonly string[]): string[] => [...new Set([...list, ...more])];

/** The transcript lines of one walker turn: per node gone through, the way it chose, then what it sent, in order. */
const entriesOf = (g: FlowGraph, outcome: FlowOutcome): NewEntry[] => {
  const out: NewEntry[] = [];
  const actions = [...outcome.actions];
  const sendOf = (action: FlowOutcome['actions'][number]): NewEntry => {
    if (action.kind === 'text') return { kind: 'text', nodeId: action.nodeId, text: action.body };
    if (action.kind === 'media') {
      return {
        kind: 'media',
        nodeId: action.nodeId,
        mediaType: action.mediaType,
        name: action.name,
        fileName: flowMediaFileName(action),
        voice: action.record ?? false,
      };
    }
    const node = nodeById(g, action.nodeId);
    const queueName = node?.type === 'ticket' ? node.data.name.trim() : '';
    return { kind: 'handoff', nodeId: action.nodeId, queueId: action.queueId, queueName: queueName || `#${action.queueId}` };
  };
  for (const step of outcome.path) {
    const node = nodeById(g, step.nodeId);
    if (node?.type === 'randomizer' && (step.handle === 'a' || step.handle === 'b')) {
      out.push({
        kind: 'randomizer',
        nodeId: node.id,
        way: step.handle,
        chance: step.handle === 'a' ? node.data.percent : 100 - node.data.percent,
      });
    }
    if (node?.type === 'condition' && step.handle)
      out.push({ kind: 'condition', nodeId: node.id, test: summaryOf(node), verdict: step.handle === 'true' });
    while (actions[0] && actions[0].nodeId === step.nodeId) out.push(sendOf(actions.shift()!));
  }
  out.push(...actions.map(sendOf));
  if (outcome.end && outcome.end !== 'handoff') out.push({ kind: 'end', end: outcome.end });
  return out;
};

const append = (state: SimulatorState, entries: readonly NewEntry[]): SimulatorEntry[] => {
  let id = (state.entries.at(-1)?.id ?? 0) + 1;
  return [...state.entries, ...entries.map((e) => ({ ...e, id: id++ }) as SimulatorEntry)];
};

/** The state after a walker turn, with what came before it in the transcript (`before`: the customer's line). */
const after = (g: FlowGraph, state: SimulatorState, outcome: FlowOutcome, before: readonly NewEntry[]): SimulatorState => ({
  phase: outcome.wait ? 'running' : 'ended',
  wait: outcome.wait,
  variables: outcome.variables,
  entries: append(state, [...before, ...entriesOf(g, outcome)]),
  current: outcome.wait?.nodeId ?? outcome.path.at(-1)?.nodeId ?? state.current,
  visited: unique(
    state.visited,
    outcome.path.map((s) => s.nodeId),
  ),
  links: unique(
    state.links,
    outcome.path.flatMap((s) => (s.link ? [s.link.id ?? edgeId(s.link)] : [])),
  ),
});

/**
 * The next state: the customer's first message begins the flow (contact and message as its variables), later ones
 * answer what it waits for; `resume` ends a running interval (its time is up, or the admin skipped it). Once the
 * flow has ended nothing changes until the simulation starts over.
 */
export const stepSimulation = (
  g: FlowGraph,
  state: SimulatorState,
  event: SimulatorEvent,
  context: SimulatorContext,
): SimulatorState => {
  if (state.phase === 'ended') return state;
  const options = { random: context.random };
  if (event.kind === 'resume') {
    const interval = runningInterval(state);
    if (!interval) return state;
    return after(g, state, resumeFlow(g, interval, state.variables, options), [
      { kind: 'waited', seconds: interval.seconds, skipped: event.skipped },
    ]);
  }
  if (!event.text.trim()) return state;
  const said: NewEntry = { kind: 'customer', text: event.text.trim() };
  if (state.phase === 'ready' || !state.wait)
    return after(g, state, beginFlow(g, flowStartVariables(context.contact, event.text), options), [said]);
  // the runtime hands nothing to the walker while an interval runs
  if (state.wait.kind === 'interval') return { ...state, entries: append(state, [said, { kind: 'ignored' }]) };
  return after(g, state, answerFlow(g, state.wait, state.variables, event.text, options), [said]);
};
