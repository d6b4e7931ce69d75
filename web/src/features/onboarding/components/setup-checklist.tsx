import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  connectionListKey,
  getConnectionList,
  getQueueList,
  getUserList,
  queueListKey,
  userListKey,
} from '../../../lib/lookups.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { readStored, writeStored } from '../../../lib/storage.ts';
import { useToast } from '../../../lib/toast.tsx';
import { widgetEmbedSnippet } from '../../../lib/widget-tag.ts';
import {
  checklistAudience,
  checklistVisible,
  setupStorageKeys,
  setupSteps,
  widgetKeyOf,
  type SetupStep,
} from '../utils/setup-steps.ts';
import './setup-checklist.css';

/**
 * A new company's first steps, shown to its admins where they land (the inbox, before a ticket is chosen) until
 * every step is done or they dismiss it. The lists are read again each time it mounts, so a queue or a user
 * created on another page is ticked on return.
 */
export function SetupChecklist() {
  const user = useCurrentUser();
  if (!checklistAudience(user)) return null;
  return <Checklist userId={user.id} />;
}

function Checklist({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const keys = setupStorageKeys(userId);
  const [dismissed, setDismissed] = useState(() => readStored(keys.dismissed) !== null);
  const [copied, setCopied] = useState(() => readStored(keys.widgetTagCopied) !== null);
  const fresh = { enabled: !dismissed, refetchOnMount: 'always' as const };
  const queues = useQuery({ queryKey: queueListKey, queryFn: getQueueList, ...fresh });
  const users = useQuery({ queryKey: userListKey, queryFn: getUserList, ...fresh });
  const connections = useQuery({ queryKey: connectionListKey, queryFn: getConnectionList, ...fresh });

  const steps =
    queues.data && users.data && connections.data
      ? setupSteps({ queues: queues.data, users: users.data, connections: connections.data, widgetTagCopied: copied })
      : undefined;
  const allDone = steps !== undefined && steps.every((s) => s.done);
  // once every step is done the checklist is over: a connection that drops later does not bring it back
  useEffect(() => {
    if (allDone) writeStored(keys.dismissed, new Date().toISOString());
  }, [allDone, keys.dismissed]);

  if (!steps || !checklistVisible(steps, dismissed)) return null;
  const widgetKey = widgetKeyOf(connections.data ?? []);
  const tag = widgetKey ? widgetEmbedSnippet(window.location.origin, widgetKey) : null;
  const doneCount = steps.filter((s) => s.done).length;

  const dismiss = () => {
    writeStored(keys.dismissed, new Date().toISOString());
    setDismissed(true);
  };
  const copyTag = (text: string) => {
    navigator.clipboard.writeText(text).then(
      () => {
        writeStored(keys.widgetTagCopied, new Date().toISOString());
        setCopied(true);
        toast.info(t('onboarding.copied'));
      },
      () => toast.errorText(t('onboarding.copyFailed')),
    );
  };

  const stepBody = (step: SetupStep) => (
    <>
      <p className="setup-checklist__text">{t(`onboarding.steps.${step.key}.text`)}</p>
      {step.key === 'widget' && tag ? (
        <div className="setup-checklist__tag">
          <code data-testid="setup-widget-tag">{tag}</code>
          <Button
            type="button"
            size="small"
            outlined
            icon="pi pi-copy"
            label={t('onboarding.copyTag')}
            onClick={() => copyTag(tag)}
            data-testid="setup-copy-tag"
          />
        </div>
      ) : null}
      <Link className="setup-checklist__link" to={step.path} data-testid={`setup-link-${step.key}`}>
        {t(`onboarding.steps.${step.key}.link`)}
        <i className="pi pi-arrow-right" aria-hidden="true" />
      </Link>
    </>
  );

  return (
    <section className="setup-checklist" aria-labelledby="setup-checklist-title" data-testid="setup-checklist">
      <header className="setup-checklist__header">
        <div>
          <h2 id="setup-checklist-title" className="setup-checklist__title">
            {t('onboarding.title')}
          </h2>
          <p className="setup-checklist__progress" data-testid="setup-progress">
            {t('onboarding.progress', { done: doneCount, total: steps.length })}
          </p>
        </div>
        <Button
          type="button"
          text
          rounded
          severity="secondary"
          icon="pi pi-times"
          aria-label={t('onboarding.dismiss')}
          tooltip={t('onboarding.dismiss')}
          tooltipOptions={{ position: 'left' }}
          onClick={dismiss}
          data-testid="setup-dismiss"
        />
      </header>
      <ol className="setup-checklist__steps">
        {steps.map((step) => (
          <li
            key={step.key}
            className={`setup-checklist__step${step.done ? ' setup-checklist__step--done' : ''}`}
            data-testid={`setup-step-${step.key}`}
            data-done={step.done}
          >
            <i className={step.done ? 'pi pi-check-circle' : 'pi pi-circle'} aria-hidden="true" />
            <div className="setup-checklist__body">
              <h3 className="setup-checklist__step-title">
                {t(`onboarding.steps.${step.key}.title`)}
                <span className="sr-only">{step.done ? t('onboarding.done') : t('onboarding.todo')}</span>
              </h3>
              {step.done ? null : stepBody(step)}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
