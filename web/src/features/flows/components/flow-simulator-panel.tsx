import type { FlowGraph, FlowProblem } from '@switchboard/shared/flows/graph';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { simulationBlockers, type FlowTrail } from '../utils/flow-editor.ts';
import {
  initialSimulation,
  runningInterval,
  stepSimulation,
  walkedSignature,
  type SimulatedContact,
  type SimulatorEntry,
  type SimulatorEvent,
} from '../utils/flow-simulator.ts';
import './flow-simulator.css';

export interface FlowSimulatorPanelProps {
  /** the drawing as it is now, saved or not */
  graph: FlowGraph;
  /** addresses of the flow's files by stored name, for previews */
  media: Readonly<Record<string, string>>;
  onTrail: (trail: FlowTrail | null) => void;
  /** the drawing cannot run (found on a restart): the editor shows why */
  onBlocked: (problems: FlowProblem[]) => void;
  /** the panel is on the page (it narrows the canvas) */
  onShown: () => void;
  onClose: () => void;
}

/**
 * The flow editor's simulator (loaded when first opened): the admin plays the customer in a chat, the shared
 * walker answers through utils/flow-simulator.ts, and the path goes to the canvas through `onTrail`. An interval
 * runs for real, and can be skipped.
 */
export function FlowSimulatorPanel({ graph, media, onTrail, onBlocked, onShown, onClose }: FlowSimulatorPanelProps) {
  const { t } = useTranslation();
  const [walked, setWalked] = useState(graph);
  const [state, setState] = useState(initialSimulation);
  const [contact, setContact] = useState<SimulatedContact>(() => ({
    name: t('flows.simulator.sampleName'),
    number: '5511999990000',
    email: 'cliente@example.com',
  }));
  const [draft, setDraft] = useState('');
  const [collapsed, setCollapsed] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLOListElement>(null);
  const changed = useMemo(() => walkedSignature(graph) !== walkedSignature(walked), [graph, walked]);
  const interval = runningInterval(state);

  const dispatch = (event: SimulatorEvent) => setState((s) => stepSimulation(walked, s, event, { contact, random: Math.random }));

  useEffect(() => {
    onTrail(state.phase === 'ready' ? null : { current: state.current, visited: state.visited, links: state.links });
  }, [state, onTrail]);
  useEffect(() => () => onTrail(null), [onTrail]);
  // the latest line stays in sight: on a new one, and when the panel changes size (a phone turned, unfolded)
  useEffect(() => {
    const el = log.current;
    if (!el) return;
    const toEnd = () => (el.scrollTop = el.scrollHeight);
    toEnd();
    const observer = new ResizeObserver(toEnd);
    observer.observe(el);
    return () => observer.disconnect();
  }, [state.entries.length, collapsed]);
  useEffect(() => {
    input.current?.focus();
    onShown();
  }, [onShown]);

  // a running interval ends by itself after its seconds, as the runtime's delayed job would; `left` counts down
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (!interval) return;
    const endsAt = Date.now() + interval.seconds * 1000;
    setLeft(interval.seconds);
    const tick = setInterval(() => setLeft(Math.max(0, Math.ceil((endsAt - Date.now()) / 1000))), 1000);
    const over = setTimeout(
      () =>
        setState((s) =>
          s.wait === interval
            ? stepSimulation(walked, s, { kind: 'resume', skipped: false }, { contact, random: Math.random })
            : s,
        ),
      interval.seconds * 1000,
    );
    return () => {
      clearInterval(tick);
      clearTimeout(over);
    };
    // the timer belongs to this one wait (the same object while it runs); a later wait gets its own
  }, [interval]);

  const send = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.trim() || state.phase === 'ended') return;
    dispatch({ kind: 'message', text: draft });
    setDraft('');
  };

  const restart = () => {
    const problems = simulationBlockers(graph);
    if (problems.length) {
      onBlocked(problems);
      return;
    }
    setWalked(graph);
    setState(initialSimulation());
    setDraft('');
    input.current?.focus();
  };

  const ready = state.phase === 'ready';
  const ended = state.phase === 'ended';
  return (
    <aside
      className={`flow-simulator${collapsed ? ' flow-simulator--collapsed' : ''}`}
      aria-label={t('flows.simulator.title')}
      data-testid="flow-simulator"
    >
      <header className="flow-simulator__head">
        <i className="pi pi-comments" aria-hidden="true" />
        <h2>{t('flows.simulator.title')}</h2>
        <Button
          type="button"
          icon="pi pi-refresh"
          text
          rounded
          aria-label={t('flows.simulator.restart')}
          title={t('flows.simulator.restart')}
          onClick={restart}
          data-testid="flow-simulator-restart"
        />
        <Button
          type="button"
          icon={collapsed ? 'pi pi-chevron-up' : 'pi pi-chevron-down'}
          text
          rounded
          className="flow-simulator__collapse"
          aria-label={collapsed ? t('flows.simulator.expand') : t('flows.simulator.collapse')}
          title={collapsed ? t('flows.simulator.expand') : t('flows.simulator.collapse')}
          aria-expanded={!collapsed}
          onClick={() => setCollapsed((c) => !c)}
          data-testid="flow-simulator-collapse"
        />
        <Button
          type="button"
          icon="pi pi-times"
          text
          rounded
          aria-label={t('flows.simulator.close')}
          title={t('flows.simulator.close')}
          onClick={onClose}
          data-testid="flow-simulator-close"
        />
      </header>
      <div className="flow-simulator__body">
        <details className="flow-simulator__contact" open={ready}>
          <summary>
            {t('flows.simulator.contact')}: <strong>{contact.name || '—'}</strong>
          </summary>
          <div className="flow-simulator__fields">
            {(['name', 'number', 'email'] as const).map((field) => (
              <label key={field} className="flow-simulator__field">
                <span>{t(`flows.simulator.${field}`)}</span>
                <InputText
                  value={contact[field]}
                  disabled={!ready}
                  onChange={(e) => setContact((c) => ({ ...c, [field]: e.target.value }))}
                  type={field === 'email' ? 'email' : 'text'}
                  inputMode={field === 'number' ? 'tel' : undefined}
                  data-testid={`flow-simulator-${field}`}
                />
              </label>
            ))}
          </div>
          {!ready ? <p className="flow-simulator__hint">{t('flows.simulator.contactLocked')}</p> : null}
        </details>
        <ol className="flow-simulator__log" ref={log} aria-live="polite" data-testid="flow-simulator-log">
          {ready ? <li className="flow-sim-note flow-sim-note--intro">{t('flows.simulator.intro')}</li> : null}
          {state.entries.map((entry) => (
            <Entry key={entry.id} entry={entry} media={media} />
          ))}
        </ol>
        {changed ? (
          <p className="flow-simulator__changed" role="status">
            <i className="pi pi-exclamation-circle" aria-hidden="true" /> {t('flows.simulator.changed')}
          </p>
        ) : null}
        {interval ? (
          <div className="flow-simulator__wait" role="status" data-testid="flow-simulator-wait">
            <i className="pi pi-clock" aria-hidden="true" />
            <span>{t('flows.simulator.waiting', { seconds: left || interval.seconds })}</span>
            <Button
              type="button"
              label={t('flows.simulator.skipWait')}
              icon="pi pi-forward"
              size="small"
              outlined
              onClick={() => dispatch({ kind: 'resume', skipped: true })}
              data-testid="flow-simulator-skip"
            />
          </div>
        ) : null}
        {ended ? (
          <div className="flow-simulator__over" role="status">
            <span>{t('flows.simulator.over')}</span>
            <Button
              type="button"
              label={t('flows.simulator.restart')}
              icon="pi pi-refresh"
              size="small"
              onClick={restart}
              data-testid="flow-simulator-again"
            />
          </div>
        ) : (
          <form className="flow-simulator__composer" onSubmit={send}>
            <InputText
              ref={input}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              placeholder={ready ? t('flows.simulator.firstPlaceholder') : t('flows.simulator.placeholder')}
              aria-label={t('flows.simulator.placeholder')}
              data-testid="flow-simulator-input"
            />
            <Button
              type="submit"
              icon="pi pi-send"
              aria-label={t('flows.simulator.send')}
              title={t('flows.simulator.send')}
              disabled={!draft.trim()}
              data-testid="flow-simulator-send"
            />
          </form>
        )}
      </div>
    </aside>
  );
}

function Entry({ entry, media }: { entry: SimulatorEntry; media: Readonly<Record<string, string>> }) {
  const { t } = useTranslation();
  switch (entry.kind) {
    case 'customer':
      return (
        <li className="flow-sim-msg flow-sim-msg--customer" data-testid="flow-simulator-customer">
          <span className="sr-only">{t('flows.simulator.customer')}: </span>
          {entry.text}
        </li>
      );
    case 'text':
      return (
        <li className="flow-sim-msg flow-sim-msg--bot" data-testid="flow-simulator-bot" data-node={entry.nodeId}>
          <span className="sr-only">{t('flows.simulator.bot')}: </span>
          {entry.text}
        </li>
      );
    case 'media':
      return (
        <li
          className="flow-sim-msg flow-sim-msg--bot flow-sim-msg--media"
          data-testid="flow-simulator-bot"
          data-node={entry.nodeId}
        >
          <MediaPreview entry={entry} url={media[entry.name]} />
        </li>
      );
    default: {
      const note = noteOf(entry);
      return (
        <li className={`flow-sim-note${note.strong ? ' flow-sim-note--strong' : ''}`} data-testid="flow-simulator-note">
          <i className={note.icon} aria-hidden="true" /> {t(`flows.simulator.${note.text}`, note.values ?? {})}
        </li>
      );
    }
  }
}

type NoteEntry = Exclude<SimulatorEntry, { kind: 'customer' | 'text' | 'media' }>;

/**
 * The simulator's own line about what the flow did: its icon, its text's key under flows.simulator and the text's
 * values, and whether it stands out (a hand-off, the end).
 */
function noteOf(entry: NoteEntry): { icon: string; text: string; values?: Record<string, unknown>; strong?: boolean } {
  switch (entry.kind) {
    case 'randomizer':
      return { icon: 'pi pi-sliders-h', text: 'randomizer', values: { way: entry.way.toUpperCase(), chance: entry.chance } };
    case 'condition':
      return {
        icon: 'pi pi-question-circle',
        text: entry.verdict ? 'conditionTrue' : 'conditionFalse',
        values: { test: entry.test },
      };
    case 'handoff':
      return { icon: 'pi pi-inbox', text: 'handoff', values: { queue: entry.queueName }, strong: true };
    case 'waited':
      return { icon: 'pi pi-clock', text: entry.skipped ? 'skipped' : 'waited', values: { seconds: entry.seconds } };
    case 'ignored':
      return { icon: 'pi pi-info-circle', text: 'ignored' };
    case 'end':
      return { icon: 'pi pi-flag', text: `ended.${entry.end}`, strong: true };
  }
}

/** A file as the customer gets it: the image, a player, or (no address for it here) a chip with its name. */
function MediaPreview({ entry, url }: { entry: Extract<SimulatorEntry, { kind: 'media' }>; url: string | undefined }) {
  const { t } = useTranslation();
  if (url && entry.mediaType === 'image') return <img src={url} alt={entry.fileName} className="flow-sim-media" />;
  if (url && entry.mediaType === 'video')
    return <video src={url} controls preload="metadata" className="flow-sim-media" aria-label={entry.fileName} />;
  if (url && entry.mediaType === 'audio') {
    return (
      <span className="flow-sim-audio">
        {entry.voice ? <span className="flow-sim-chip__note">{t('flows.simulator.voice')}</span> : null}
        <audio src={url} controls preload="metadata" aria-label={entry.fileName} />
      </span>
    );
  }
  const icon = entry.mediaType === 'image' ? 'pi pi-image' : entry.mediaType === 'video' ? 'pi pi-video' : 'pi pi-volume-up';
  return (
    <span className="flow-sim-chip">
      <i className={icon} aria-hidden="true" /> {entry.fileName}
      {entry.voice ? <span className="flow-sim-chip__note"> · {t('flows.simulator.voice')}</span> : null}
    </span>
  );
}
