/**
 * Phrase campaigns (spec document 3 "Phrase campaigns (/phrase-lists)", entity "Flow campaign", sections 4, 5 and 7
 * "Phrase campaigns"; server reference 5.4): a customer message matching one of a campaign's phrases starts the
 * campaign's flow.
 *
 * Two body shapes are accepted. The fork's: `phrases` [{ text, type: 'exact' | 'partial' }] and `whatsappIds`; the
 * spec's: one `phrase` (exact) and one `whatsappId`. "All connections" is `allConnections: true` (the stored
 * `whatsappIds` is then empty and ignored); in the spec's shape `whatsappId: null` means all connections, as its
 * dialog saves a campaign with no connection chosen (section 5). A body naming no connection at all is refused
 * (reference 5.4: at least one connection).
 */
import { z } from 'zod';
import { idParam } from './common.ts';

/** Records per page of GET /flowcampaign (pageNumber counts from 1). */
export const FLOW_CAMPAIGN_PAGE_SIZE = 20;
export const FLOW_CAMPAIGN_NAME_MAX = 50;
export const FLOW_CAMPAIGN_PHRASE_MAX = 200;
/** Phrases of one campaign: every customer message of a pending ticket is compared with them. */
export const FLOW_CAMPAIGN_MAX_PHRASES = 50;
export const FLOW_CAMPAIGN_MAX_CONNECTIONS = 100;

export const phraseMatchTypes = ['exact', 'partial'] as const;
export type PhraseMatchType = (typeof phraseMatchTypes)[number];

/** The API's field messages (the dialog shows its own translated texts for the same rules). */
export const flowCampaignMessages = {
  nameRequired: 'Required',
  nameTooLong: 'Too Long!',
  flowRequired: 'Required',
  phraseRequired: 'At least one phrase is required',
  connectionRequired: 'At least one connection is required',
  duplicatedName: 'The company has a phrase campaign with this name',
  unknownFlow: 'Unknown flow',
  unknownConnection: 'Unknown connection',
} as const;

export const campaignPhrase = z.object({ text: z.string(), type: z.enum(phraseMatchTypes) });
export type CampaignPhrase = z.infer<typeof campaignPhrase>;

export const flowCampaign = z.object({
  id: z.number().int(),
  name: z.string(),
  flowId: z.number().int(),
  /** the flow's name, when the flow still exists */
  flowName: z.string().nullable(),
  phrases: z.array(campaignPhrase),
  /** the spec's single phrase: the first of `phrases` */
  phrase: z.string(),
  allConnections: z.boolean(),
  /** the connections listed (empty when `allConnections`) */
  whatsappIds: z.array(z.number().int()),
  /** the spec's single connection: the first listed, null for all connections */
  whatsappId: z.number().int().nullable(),
  status: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FlowCampaign = z.infer<typeof flowCampaign>;

export const flowCampaignIdParams = z.object({ id: idParam });

export const flowCampaignListQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).max(1000).default(1),
});
/** GET /flowcampaign: "a flow list" (the fork answers it under `flow`). */
export const flowCampaignListResponse = z.object({ flow: z.array(flowCampaign), hasMore: z.boolean() });
export type FlowCampaignListResponse = z.infer<typeof flowCampaignListResponse>;
/** GET /flowcampaign/{id}: the campaign under `details`, as the spec names it. */
export const flowCampaignDetails = z.object({ details: flowCampaign });

const id = z.number().int().positive();

const fields = {
  name: z
    .string({ error: flowCampaignMessages.nameRequired })
    .trim()
    .min(1, flowCampaignMessages.nameRequired)
    .max(FLOW_CAMPAIGN_NAME_MAX, flowCampaignMessages.nameTooLong),
  flowId: id.nullish(),
  phrases: z
    .array(z.object({ text: z.string().max(FLOW_CAMPAIGN_PHRASE_MAX), type: z.enum(phraseMatchTypes).default('exact') }))
    .max(FLOW_CAMPAIGN_MAX_PHRASES)
    .optional(),
  phrase: z.string().max(FLOW_CAMPAIGN_PHRASE_MAX).nullish(),
  whatsappIds: z.array(id).max(FLOW_CAMPAIGN_MAX_CONNECTIONS).optional(),
  whatsappId: id.nullish(),
  allConnections: z.boolean().optional(),
  status: z.boolean().optional(),
};

type Sent = z.output<z.ZodObject<typeof fields>>;

/** What a save means, whichever shape it came in. */
export interface FlowCampaignInput {
  name: string;
  flowId: number;
  phrases: CampaignPhrase[];
  allConnections: boolean;
  whatsappIds: number[];
  status?: boolean;
}

/** Trimmed, non-empty phrases, each text and type once; the single `phrase` joins them as an exact one. */
const phrasesOf = (b: Sent): CampaignPhrase[] => {
  const all = [...(b.phrases ?? []), ...(b.phrase ? [{ text: b.phrase, type: 'exact' as const }] : [])];
  const seen = new Set<string>();
  const out: CampaignPhrase[] = [];
  for (const p of all) {
    const text = p.text.trim();
    const key = `${p.type}:${text.toLowerCase()}`;
    if (!text || seen.has(key)) continue;
    seen.add(key);
    out.push({ text, type: p.type });
  }
  return out;
};

const normalise = (b: Sent, ctx: z.RefinementCtx): FlowCampaignInput => {
  if (!b.flowId) ctx.addIssue({ code: 'custom', path: ['flowId'], message: flowCampaignMessages.flowRequired });
  const phrases = phrasesOf(b);
  if (phrases.length === 0)
    ctx.addIssue({
      code: 'custom',
      path: [b.phrases === undefined ? 'phrase' : 'phrases'],
      message: flowCampaignMessages.phraseRequired,
    });
  if (phrases.length > FLOW_CAMPAIGN_MAX_PHRASES)
    ctx.addIssue({ code: 'custom', path: ['phrases'], message: `At most ${FLOW_CAMPAIGN_MAX_PHRASES} phrases` });
  const listed = [...new Set([...(b.whatsappIds ?? []), ...(b.whatsappId ? [b.whatsappId] : [])])];
  // the spec's dialog sends whatsappId null when no connection was chosen: every connection
  const allConnections = b.allConnections === true || (listed.length === 0 && b.whatsappId === null);
  if (!allConnections && listed.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: [b.whatsappIds === undefined ? 'whatsappId' : 'whatsappIds'],
      message: flowCampaignMessages.connectionRequired,
    });
  }
  return {
    name: b.name,
    flowId: b.flowId ?? 0,
    phrases,
    allConnections,
    whatsappIds: allConnections ? [] : listed,
    ...(b.status === undefined ? {} : { status: b.status }),
  };
};

/** POST /flowcampaign {name, flowId, whatsappId, phrase} or the fork's shape; a new campaign is on unless `status` says otherwise. */
export const createFlowCampaignBody = z.object(fields).transform(normalise);
/** PUT /flowcampaign {id, name, flowId, whatsappId, phrase, status} or the fork's shape; `status` left out keeps it. */
export const updateFlowCampaignBody = z.object({ id, ...fields }).transform((b, ctx) => ({ id: b.id, ...normalise(b, ctx) }));
export type UpdateFlowCampaignInput = z.output<typeof updateFlowCampaignBody>;
export type FlowCampaignBody = z.input<typeof createFlowCampaignBody>;

/** The matching rule (reference 5.4): the trimmed, lower-cased message equals an exact phrase or contains a partial one. */
export const normalisePhraseText = (text: string): string => text.trim().toLowerCase();
export const phraseMatches = (phrase: CampaignPhrase, body: string): boolean => {
  const wanted = normalisePhraseText(phrase.text);
  const said = normalisePhraseText(body);
  if (!wanted || !said) return false;
  return phrase.type === 'exact' ? said === wanted : said.includes(wanted);
};
