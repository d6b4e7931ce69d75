/**
 * AI prompts of a company (spec document 3 entity "Prompt"; server reference 8.4).
 *
 * Items and access patterns (cid = company id):
 * - prompt: pk C#<cid>, sk PROMPT#<padId>, type 'prompt'.
 *   - get one by id; the list: Query pk with begins_with(sk, 'PROMPT#') (a company has a handful).
 *   - apiKey and voiceKey are sealed (platform/crypto/secret-box.ts) with the record's key as context; their last
 *     four characters are kept apart to show a masked value without opening them.
 * - ids: counter item from nextId(C#<cid>, 'prompt').
 */
import type { PromptVoice } from '@switchboard/shared/contracts/prompts';
import { companyPk, padId } from '../../platform/table/keys.ts';

export interface PromptRecord {
  id: number;
  companyId: number;
  name: string;
  prompt: string;
  voice: PromptVoice;
  voiceRegion: string;
  maxTokens: number;
  temperature: number;
  queueId: number;
  maxMessages: number;
  /** sealed OpenAI key and its last four characters */
  apiKeySealed: string;
  apiKeyLast4: string;
  /** sealed Azure Speech key ('' when none) and its last four characters */
  voiceKeySealed: string;
  voiceKeyLast4: string;
  createdAt: string;
  updatedAt: string;
  /** bumped on every write; a write conditioned on it loses to a concurrent one */
  rev: number;
}

export type PromptItem = PromptRecord & { pk: string; sk: string; type: 'prompt' };

export const PROMPT_SK_PREFIX = 'PROMPT#';
export const promptKey = (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `${PROMPT_SK_PREFIX}${padId(id)}` });

/** What a sealed key of the prompt is bound to: another record's sealed value does not open here. */
export const secretContext = (companyId: number, id: number, field: 'apiKey' | 'voiceKey'): string =>
  `prompt:${companyId}:${id}:${field}`;

export const toPromptItem = (r: PromptRecord): PromptItem => ({ ...promptKey(r.companyId, r.id), type: 'prompt', ...r });
