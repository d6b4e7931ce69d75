/**
 * The prompt dialog's values and checks, as the API makes them (shared/src/contracts/prompts.ts): a queue is mandatory
 * ('Informe o setor'), a voice needs its key and region, the numbers stay in their ranges.
 */
import {
  PROMPT_DEFAULTS,
  PROMPT_MAX_MESSAGES_MAX,
  PROMPT_MAX_TOKENS_MAX,
  PROMPT_TEMPERATURE_MAX,
  PROMPT_TEXT_VOICE,
  type Prompt,
  type PromptVoice,
} from '@switchboard/shared/contracts/prompts';

export interface PromptFormValues {
  name: string;
  prompt: string;
  apiKey: string;
  queueId: number | null;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  voice: PromptVoice;
  voiceKey: string;
  voiceRegion: string;
}

export type PromptFormErrors = Partial<Record<keyof PromptFormValues, 'required' | 'queueRequired'>>;

export const emptyPromptForm = (): PromptFormValues => ({
  name: '',
  prompt: '',
  apiKey: '',
  queueId: null,
  maxTokens: PROMPT_DEFAULTS.maxTokens,
  temperature: PROMPT_DEFAULTS.temperature,
  maxMessages: PROMPT_DEFAULTS.maxMessages,
  voice: PROMPT_DEFAULTS.voice,
  voiceKey: '',
  voiceRegion: '',
});

/** A saved prompt as the form shows it: its keys masked, as the API answers them. */
export const promptFormOf = (p: Prompt): PromptFormValues => ({
  name: p.name,
  prompt: p.prompt,
  apiKey: p.apiKey,
  queueId: p.queueId,
  maxTokens: p.maxTokens,
  temperature: p.temperature,
  maxMessages: p.maxMessages,
  voice: p.voice,
  voiceKey: p.voiceKey,
  voiceRegion: p.voiceRegion,
});

export const usesVoice = (v: Pick<PromptFormValues, 'voice'>): boolean => v.voice !== PROMPT_TEXT_VOICE;

export const validatePromptForm = (v: PromptFormValues): PromptFormErrors => {
  const errors: PromptFormErrors = {};
  if (!v.name.trim()) errors.name = 'required';
  if (!v.prompt.trim()) errors.prompt = 'required';
  if (!v.apiKey.trim()) errors.apiKey = 'required';
  if (v.queueId === null) errors.queueId = 'queueRequired';
  if (usesVoice(v) && !v.voiceKey.trim()) errors.voiceKey = 'required';
  if (usesVoice(v) && !v.voiceRegion.trim()) errors.voiceRegion = 'required';
  return errors;
};

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** The body of a save; call only when validatePromptForm found nothing. */
export const promptBodyOf = (v: PromptFormValues) => ({
  name: v.name.trim(),
  prompt: v.prompt.trim(),
  apiKey: v.apiKey.trim(),
  queueId: v.queueId!,
  maxTokens: clamp(Math.round(v.maxTokens), 1, PROMPT_MAX_TOKENS_MAX),
  temperature: clamp(v.temperature, 0, PROMPT_TEMPERATURE_MAX),
  maxMessages: clamp(Math.round(v.maxMessages), 0, PROMPT_MAX_MESSAGES_MAX),
  voice: v.voice,
  voiceKey: usesVoice(v) ? v.voiceKey.trim() : '',
  voiceRegion: usesVoice(v) ? v.voiceRegion.trim().toLowerCase() : '',
});
