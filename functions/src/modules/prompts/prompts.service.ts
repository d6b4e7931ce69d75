/**
 * AI prompts (spec document 3 "AI prompts (/prompts)", entity "Prompt", sections 5 to 9; server reference 8.4).
 * - A prompt's queue is one of the company's own ('Informe o setor' otherwise): the runtime hands conversations to it.
 * - The OpenAI key and the speech key are sealed at rest and never answered whole: answers show the mask and the
 *   last four characters, and a body that sends a masked value back keeps the stored key.
 * - Deleting a prompt clears it from the connections that named it (listeners/prompt-references.listener.ts).
 * Every change is told to the company's admins on `company-{id}-prompt`.
 */
import {
  PROMPT_QUEUE_REQUIRED,
  PROMPT_TEXT_VOICE,
  isMaskedSecret,
  maskSecret,
  type Prompt,
  type PromptBody,
} from '@switchboard/shared/contracts/prompts';
import { clock } from '../../platform/clock.ts';
import { openSecret, sealSecret } from '../../platform/crypto/secret-box.ts';
import { AppError } from '../../platform/errors.ts';
import { actorOf } from '../../platform/events/actor.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { findQueues } from '../queues/queues.service.ts';
import { secretContext, type PromptRecord } from './prompt.entity.ts';
import { deletePromptRecord, getPrompt, insertPrompt, queryPrompts, replacePrompt } from './prompts.repository.ts';

export const PROMPT_DELETED_MESSAGE = 'Prompt deleted';

const now = () => clock().now().toISOString();

const present = (r: PromptRecord, queues: Map<number, { id: number; name: string }>): Prompt => {
  const queue = queues.get(r.queueId);
  return {
    id: r.id,
    name: r.name,
    prompt: r.prompt,
    voice: r.voice,
    voiceKey: maskSecret(r.voiceKeyLast4),
    voiceRegion: r.voiceRegion,
    maxTokens: r.maxTokens,
    temperature: r.temperature,
    apiKey: maskSecret(r.apiKeyLast4),
    queueId: r.queueId,
    queue: queue ? { id: queue.id, name: queue.name } : null,
    maxMessages: r.maxMessages,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
};

const presentOne = async (r: PromptRecord): Promise<Prompt> => present(r, await findQueues(r.companyId, [r.queueId]));

const changedMeanwhile = () => new AppError('ERR_VALIDATION', 'The prompt changed meanwhile; reload and try again');

/** Another company's prompt, or an unknown id, is simply not found. */
const requirePrompt = async (auth: AuthContext, id: number): Promise<PromptRecord> => {
  const record = await getPrompt(auth.companyId, id);
  if (!record) throw new AppError('ERR_NOT_FOUND', 'Prompt not found');
  return record;
};

/** The queue must be one of the company's own: another company's, or a deleted one, is no sector at all. */
const requireCompanyQueue = async (companyId: number, queueId: number): Promise<void> => {
  if (!(await findQueues(companyId, [queueId])).has(queueId)) {
    throw new AppError('ERR_VALIDATION', PROMPT_QUEUE_REQUIRED, {
      fields: [{ path: 'body.queueId', message: PROMPT_QUEUE_REQUIRED }],
    });
  }
};

/** A sent key: sealed anew, or the stored one kept when the body sends its masked value back. */
const keyOf = async (
  sent: string,
  stored: { sealed: string; last4: string } | undefined,
  context: string,
): Promise<{ sealed: string; last4: string }> => {
  if (stored && (isMaskedSecret(sent) || sent === '') && stored.sealed) return stored;
  if (sent === '' || isMaskedSecret(sent)) return { sealed: '', last4: '' };
  return { sealed: await sealSecret(sent, context), last4: sent.slice(-4) };
};

const build = async (
  companyId: number,
  id: number,
  body: PromptBody,
  before: PromptRecord | undefined,
): Promise<Omit<PromptRecord, 'createdAt' | 'updatedAt' | 'rev'>> => {
  const apiKey = await keyOf(
    body.apiKey,
    before && { sealed: before.apiKeySealed, last4: before.apiKeyLast4 },
    secretContext(companyId, id, 'apiKey'),
  );
  if (!apiKey.sealed)
    throw new AppError('ERR_VALIDATION', 'Invalid prompt', { fields: [{ path: 'body.apiKey', message: 'Required' }] });
  const textOnly = body.voice === PROMPT_TEXT_VOICE;
  const voiceKey = textOnly
    ? { sealed: '', last4: '' }
    : await keyOf(
        body.voiceKey,
        before && { sealed: before.voiceKeySealed, last4: before.voiceKeyLast4 },
        secretContext(companyId, id, 'voiceKey'),
      );
  if (!textOnly && !voiceKey.sealed)
    throw new AppError('ERR_VALIDATION', 'Invalid prompt', { fields: [{ path: 'body.voiceKey', message: 'Required' }] });
  return {
    id,
    companyId,
    name: body.name,
    prompt: body.prompt,
    voice: body.voice,
    voiceRegion: textOnly ? '' : body.voiceRegion,
    maxTokens: body.maxTokens,
    temperature: body.temperature,
    queueId: body.queueId,
    maxMessages: body.maxMessages,
    apiKeySealed: apiKey.sealed,
    apiKeyLast4: apiKey.last4,
    voiceKeySealed: voiceKey.sealed,
    voiceKeyLast4: voiceKey.last4,
  };
};

/** GET /prompt: the company's prompts, with their queue's name. */
export const listPrompts = async (auth: AuthContext): Promise<{ prompts: Prompt[] }> => {
  const records = await queryPrompts(auth.companyId);
  const queues = await findQueues(auth.companyId, [...new Set(records.map((r) => r.queueId))]);
  return { prompts: records.map((r) => present(r, queues)) };
};

export const showPrompt = async (auth: AuthContext, id: number): Promise<Prompt> => presentOne(await requirePrompt(auth, id));

/** POST /prompt */
export const createPrompt = async (auth: AuthContext, body: PromptBody): Promise<Prompt> => {
  await requireCompanyQueue(auth.companyId, body.queueId);
  const id = await nextId(companyPk(auth.companyId), 'prompt');
  const at = now();
  const record: PromptRecord = { ...(await build(auth.companyId, id, body, undefined)), createdAt: at, updatedAt: at, rev: 1 };
  await insertPrompt(record);
  const answer = await presentOne(record);
  await domainEvents.emit({ name: 'prompt.created', companyId: auth.companyId, prompt: answer, actor: actorOf(auth) });
  return answer;
};

/** PUT /prompt/{id}: the whole prompt; masked keys sent back keep the stored ones. */
export const updatePrompt = async (auth: AuthContext, id: number, body: PromptBody): Promise<Prompt> => {
  const before = await requirePrompt(auth, id);
  await requireCompanyQueue(auth.companyId, body.queueId);
  const after: PromptRecord = {
    ...(await build(auth.companyId, id, body, before)),
    createdAt: before.createdAt,
    updatedAt: now(),
    rev: before.rev + 1,
  };
  if ((await replacePrompt(before, after)) === 'stale') throw changedMeanwhile();
  const answer = await presentOne(after);
  await domainEvents.emit({ name: 'prompt.updated', companyId: auth.companyId, prompt: answer, actor: actorOf(auth) });
  return answer;
};

/** DELETE /prompt/{id}: answers a message (spec document 3 section 7); connections naming it lose it. */
export const deletePrompt = async (auth: AuthContext, id: number): Promise<{ message: string }> => {
  const record = await requirePrompt(auth, id);
  if ((await deletePromptRecord(record)) === 'stale') throw changedMeanwhile();
  await domainEvents.emit({ name: 'prompt.deleted', companyId: auth.companyId, promptId: id, actor: actorOf(auth) });
  return { message: PROMPT_DELETED_MESSAGE };
};

/** A prompt as the conversation engine uses it: with its keys opened. */
export interface RunnablePrompt extends Omit<
  PromptRecord,
  'apiKeySealed' | 'voiceKeySealed' | 'apiKeyLast4' | 'voiceKeyLast4' | 'rev'
> {
  apiKey: string;
  voiceKey: string;
}

export const runnablePrompt = async (companyId: number, id: number): Promise<RunnablePrompt | undefined> => {
  const r = await getPrompt(companyId, id);
  if (!r) return undefined;
  const { apiKeySealed, voiceKeySealed, apiKeyLast4: _a, voiceKeyLast4: _v, rev: _r, ...rest } = r;
  return {
    ...rest,
    apiKey: await openSecret(apiKeySealed, secretContext(companyId, id, 'apiKey')),
    voiceKey: voiceKeySealed ? await openSecret(voiceKeySealed, secretContext(companyId, id, 'voiceKey')) : '',
  };
};
