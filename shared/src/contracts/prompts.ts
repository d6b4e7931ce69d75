/**
 * AI prompts (spec document 3 "AI prompts (/prompts)", entity "Prompt", sections 5 to 9; server reference 8.4): an
 * OpenAI assistant a connection answers new conversations with, handing them to a queue when a person is needed.
 * The OpenAI key and the speech key are write-only: answers carry a masked value, and a body that sends the masked
 * value back keeps the stored key.
 */
import { z } from 'zod';
import { idParam } from './common.ts';

/** Spec document 3 section 9: the defaults of a new prompt. */
export const PROMPT_DEFAULTS = { maxTokens: 100, temperature: 1, maxMessages: 10, voice: 'texto' } as const;
/** Spec document 3 sections 5 and 8: a prompt without a queue. */
export const PROMPT_QUEUE_REQUIRED = 'Informe o setor';
export const PROMPT_NAME_MAX = 100;
export const PROMPT_TEXT_MAX = 20_000;
export const PROMPT_MAX_TOKENS_MAX = 4096;
export const PROMPT_MAX_MESSAGES_MAX = 50;
export const PROMPT_TEMPERATURE_MAX = 2;

/** The text mode: replies are sent as text. */
export const PROMPT_TEXT_VOICE = 'texto';
/** Spec document 3 section 9: a text mode plus sixteen Brazilian Portuguese neural voices (Azure Speech). */
export const promptVoices = [
  PROMPT_TEXT_VOICE,
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ThalitaNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
] as const;
export type PromptVoice = (typeof promptVoices)[number];

/** What a masked secret starts with; a body whose key starts with it keeps the stored key. */
export const SECRET_MASK = '••••••••';
/** A stored secret as answers show it: the mask and its last four characters. */
export const maskSecret = (last4: string | null | undefined): string => (last4 ? `${SECRET_MASK}${last4}` : '');
export const isMaskedSecret = (value: string): boolean => value.startsWith(SECRET_MASK);

export const prompt = z.object({
  id: z.number().int(),
  name: z.string(),
  prompt: z.string(),
  voice: z.enum(promptVoices),
  /** masked ('' when none) */
  voiceKey: z.string(),
  voiceRegion: z.string(),
  maxTokens: z.number().int(),
  temperature: z.number(),
  /** masked */
  apiKey: z.string(),
  queueId: z.number().int(),
  queue: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  maxMessages: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Prompt = z.infer<typeof prompt>;

export const promptList = z.object({ prompts: z.array(prompt) });
export type PromptList = z.infer<typeof promptList>;

const secret = z.string().trim().max(500, 'Too Long!');

/**
 * POST /prompt and PUT /prompt/{id}: the whole prompt. A queue is mandatory ('Informe o setor'); a voice other than
 * the text mode needs the speech key and region.
 */
export const promptBody = z
  .object({
    name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(PROMPT_NAME_MAX, 'Too Long!'),
    prompt: z.string({ error: 'Required' }).trim().min(1, 'Required').max(PROMPT_TEXT_MAX, 'Too Long!'),
    voice: z.enum(promptVoices).default(PROMPT_DEFAULTS.voice),
    voiceKey: secret.default(''),
    voiceRegion: z
      .string()
      .trim()
      .regex(/^[a-z0-9]{0,40}$/, 'Invalid region')
      .default(''),
    maxTokens: z.number().int().min(1).max(PROMPT_MAX_TOKENS_MAX).default(PROMPT_DEFAULTS.maxTokens),
    temperature: z.number().min(0).max(PROMPT_TEMPERATURE_MAX).default(PROMPT_DEFAULTS.temperature),
    apiKey: secret.min(1, 'Required'),
    queueId: z.number({ error: PROMPT_QUEUE_REQUIRED }).int(PROMPT_QUEUE_REQUIRED).positive(PROMPT_QUEUE_REQUIRED),
    maxMessages: z.number().int().min(0).max(PROMPT_MAX_MESSAGES_MAX).default(PROMPT_DEFAULTS.maxMessages),
  })
  .superRefine((b, ctx) => {
    if (b.voice === PROMPT_TEXT_VOICE) return;
    if (!b.voiceKey) ctx.addIssue({ code: 'custom', path: ['voiceKey'], message: 'Required' });
    if (!b.voiceRegion) ctx.addIssue({ code: 'custom', path: ['voiceRegion'], message: 'Required' });
  });
export type PromptBody = z.infer<typeof promptBody>;

export const promptIdParams = z.object({ id: idParam });
export const promptDeleteResponse = z.object({ message: z.string() });

/** The realtime frames of `company-{id}-prompt`, to the company's admins. */
export type PromptEvent = { action: 'create' | 'update'; prompt: Prompt } | { action: 'delete'; promptId: number };
