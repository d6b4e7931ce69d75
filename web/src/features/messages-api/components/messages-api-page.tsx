import type { ExternalSendResponse } from '@switchboard/shared/contracts/external-api';
import { acceptAttribute } from '@switchboard/shared/media-types';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PlanGate } from '../../../components/plan-gate.tsx';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useConnectionList } from '../../../lib/lookups.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSendExternalMessage, type ExternalSendInput } from '../api/send-external-message.ts';
import {
  curlMediaExample,
  curlTextExample,
  sendEndpoint,
  tokenChoices,
  validateMediaForm,
  validateTextForm,
  type FormErrors,
} from '../utils/messages-api-form.ts';
import './messages-api.css';
import { TextAreaField } from '../../../components/textarea-field.tsx';

/** Spec document 3 section 9: the forms wait 400 ms before they send. */
const SUBMIT_DELAY_MS = 400;
const MEDIA_ACCEPT = acceptAttribute('message');

/** /messages-api: the plan's external API feature is required; others get the error toast and go to / after 1 s. */
export function MessagesApiPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useDocumentTitle(t('messagesApi.title'));
  return (
    <PlanGate flag="useExternalApi" message={t('messagesApi.planRequired')} allowed={user.profile === 'admin'}>
      <MessagesApiContent />
    </PlanGate>
  );
}

function MessagesApiContent() {
  const { t } = useTranslation();
  const connections = useConnectionList();
  const choices = useMemo(() => tokenChoices(connections.data ?? []), [connections.data]);
  const [connectionId, setConnectionId] = useState<number | null>(null);
  const chosen = choices.find((c) => c.id === connectionId) ?? choices[0];
  const token = chosen?.token ?? '';
  const origin = window.location.origin;

  return (
    <section className="page messages-api-page" data-testid="messages-api-page">
      <PageHeader title={t('messagesApi.title')} subtitle={t('messagesApi.subtitle')} />

      <section className="surface-panel messages-api-card" aria-labelledby="messages-api-docs">
        <h2 id="messages-api-docs">{t('messagesApi.docs.heading')}</h2>
        <p>{t('messagesApi.docs.intro')}</p>
        <FormField
          id="messages-api-connection"
          label={t('messagesApi.docs.connection')}
          hint={t('messagesApi.docs.connectionHint')}
        >
          <Dropdown
            inputId="messages-api-connection"
            value={chosen?.id ?? null}
            options={choices}
            optionLabel="label"
            optionValue="id"
            onChange={(e) => setConnectionId(e.value as number)}
            placeholder={connections.isPending ? t('messagesApi.docs.loading') : t('messagesApi.docs.noConnection')}
            disabled={choices.length === 0}
            data-testid="messages-api-connection"
          />
        </FormField>
        <dl className="messages-api-facts">
          <dt>{t('messagesApi.docs.endpoint')}</dt>
          <dd>
            <code>POST {sendEndpoint(origin)}</code>
          </dd>
          <dt>{t('messagesApi.docs.auth')}</dt>
          <dd>
            <code data-testid="messages-api-token">Authorization: Bearer {token || '…'}</code>
          </dd>
        </dl>
        <h3>{t('messagesApi.docs.fieldsHeading')}</h3>
        <ul className="messages-api-fields">
          {(['number', 'body', 'userId', 'queueId', 'sendSignature', 'closeTicket', 'medias'] as const).map((field) => (
            <li key={field}>
              <code>{field}</code> — {t(`messagesApi.docs.fields.${field}`)}
            </li>
          ))}
        </ul>
        <h3>{t('messagesApi.docs.rulesHeading')}</h3>
        <ul className="messages-api-fields">
          <li>{t('messagesApi.docs.rules.idempotency')}</li>
          <li>{t('messagesApi.docs.rules.rateLimit')}</li>
          <li>{t('messagesApi.docs.rules.answer')}</li>
        </ul>
        <h3>{t('messagesApi.docs.textExample')}</h3>
        <pre className="messages-api-code" data-testid="messages-api-curl-text">
          {curlTextExample(origin, token || '<token>', t('messagesApi.docs.sampleText'))}
        </pre>
        <h3>{t('messagesApi.docs.mediaExample')}</h3>
        <pre className="messages-api-code" data-testid="messages-api-curl-media">
          {curlMediaExample(origin, token || '<token>', t('messagesApi.docs.sampleCaption'))}
        </pre>
        <p>
          {t('messagesApi.docs.reference')} <a href="/api/docs">/api/docs</a> · <a href="/api/openapi.json">/api/openapi.json</a>
        </p>
      </section>

      <div className="messages-api-forms">
        <TestForm kind="text" token={token} />
        <TestForm kind="media" token={token} />
      </div>
    </section>
  );
}

interface Values {
  token: string;
  number: string;
  body: string;
  file: File | null;
}

/** One of the spec's two test forms: it calls the endpoint as a company's system would and shows the answer. */
function TestForm({ kind, token }: { kind: 'text' | 'media'; token: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const send = useSendExternalMessage();
  const [values, setValues] = useState<Values>({ token, number: '', body: '', file: null });
  const [errors, setErrors] = useState<FormErrors>({});
  const [result, setResult] = useState<ExternalSendResponse | null>(null);
  const [waiting, setWaiting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = (field: string) => `messages-api-${kind}-${field}`;

  // the connection picked above fills the token in; the field can still be edited (another company's system)
  useEffect(() => setValues((v) => ({ ...v, token })), [token]);

  const validate = (v: Values) => (kind === 'text' ? validateTextForm(v) : validateMediaForm(v));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setWaiting(true);
    await new Promise((resolve) => setTimeout(resolve, SUBMIT_DELAY_MS));
    const input: ExternalSendInput =
      kind === 'text'
        ? { kind, token: values.token, number: values.number, body: values.body }
        : { kind, token: values.token, number: values.number, body: values.body, file: values.file! };
    send.mutate(input, {
      onSuccess: (answer) => {
        setResult(answer);
        toast.success(t('messagesApi.forms.sent'));
        setValues((v) => ({ ...v, body: '', file: null }));
        if (fileInput.current) fileInput.current.value = '';
      },
      onError: (error) => {
        setResult(null);
        const fields = isApiError(error) ? (error.body.fields ?? []) : [];
        const numberField = fields.find((f) => f.path === 'body.number');
        if (numberField) setErrors((e) => ({ ...e, number: 'messagesApi.validation.number' }));
        toast.error(error);
      },
      onSettled: () => setWaiting(false),
    });
  };

  const change = (field: 'token' | 'number' | 'body', value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (Object.keys(errors).length > 0) setErrors(validate(next));
  };

  const busy = waiting || send.isPending;
  return (
    <form
      className="surface-panel messages-api-card"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid={`messages-api-${kind}-form`}
    >
      <h2>{t(`messagesApi.forms.${kind}Heading`)}</h2>
      <TextField
        id={id('token')}
        label={t('messagesApi.forms.token')}
        value={values.token}
        onChange={(v) => change('token', v)}
        error={errors.token}
        testId={id('token')}
      />
      <TextField
        id={id('number')}
        label={t('messagesApi.forms.number')}
        hint={t('messagesApi.forms.numberHint')}
        inputMode="numeric"
        placeholder="5511999998888"
        value={values.number}
        onChange={(v) => change('number', v)}
        error={errors.number}
        testId={id('number')}
      />
      <TextAreaField
        id={id('body')}
        label={t(kind === 'text' ? 'messagesApi.forms.body' : 'messagesApi.forms.caption')}
        error={errors.body}
        value={values.body}
        onChange={(value) => change('body', value)}
        testId={id('body')}
      />
      {kind === 'media' ? (
        <FormField id={id('file')} label={t('messagesApi.forms.file')} error={errors.file}>
          <input
            {...fieldA11y(id('file'), errors.file)}
            ref={fileInput}
            type="file"
            accept={MEDIA_ACCEPT}
            className="messages-api-file"
            onChange={(e) => {
              const next = { ...values, file: e.target.files?.[0] ?? null };
              setValues(next);
              if (Object.keys(errors).length > 0) setErrors(validate(next));
            }}
            data-testid={id('file')}
          />
        </FormField>
      ) : null}
      <div className="messages-api-actions">
        <Button
          type="submit"
          icon="pi pi-send"
          label={t('messagesApi.forms.send')}
          loading={busy}
          disabled={busy}
          data-testid={id('send')}
        />
      </div>
      {result ? (
        <div className="messages-api-result" role="status" data-testid={id('result')}>
          <p>
            {t('messagesApi.forms.result', { ticketId: result.ticketId, status: result.ticketStatus })}{' '}
            <Link to={`/tickets/${result.ticketUuid}`}>{t('messagesApi.forms.openTicket')}</Link>
          </p>
          <pre className="messages-api-code">{JSON.stringify(result, null, 2)}</pre>
        </div>
      ) : null}
    </form>
  );
}
