/**
 * The phrase campaign dialog's form (spec document 3 section 5 "Phrase campaign"): name, flow and at least one phrase
 * must be filled in, otherwise the fields are flagged and nothing is sent. No connection chosen is shown but not
 * refused: the campaign is saved for every connection (the spec's whatsappId null).
 */
import {
  FLOW_CAMPAIGN_NAME_MAX,
  type FlowCampaign,
  type FlowCampaignBody,
  type PhraseMatchType,
} from '@switchboard/shared/contracts/flow-campaigns';

export interface PhraseRow {
  /** a key for the row's inputs while the dialog is open */
  key: number;
  text: string;
  type: PhraseMatchType;
}

export interface FlowCampaignForm {
  name: string;
  flowId: number | null;
  allConnections: boolean;
  whatsappIds: number[];
  phrases: PhraseRow[];
  status: boolean;
}

let rowKey = 0;
export const newPhraseRow = (text = '', type: PhraseMatchType = 'exact'): PhraseRow => ({ key: ++rowKey, text, type });

export const initialForm = (record?: FlowCampaign): FlowCampaignForm =>
  record
    ? {
        name: record.name,
        flowId: record.flowName === null ? null : record.flowId,
        allConnections: record.allConnections,
        whatsappIds: record.whatsappIds,
        phrases: record.phrases.length ? record.phrases.map((p) => newPhraseRow(p.text, p.type)) : [newPhraseRow()],
        status: record.status,
      }
    : { name: '', flowId: null, allConnections: false, whatsappIds: [], phrases: [newPhraseRow()], status: true };

/** The i18n keys of the fields' problems (empty when the form may be sent). */
export const formProblems = (form: FlowCampaignForm): Partial<Record<'name' | 'flowId' | 'phrases', string>> => {
  const problems: Partial<Record<'name' | 'flowId' | 'phrases', string>> = {};
  const name = form.name.trim();
  if (!name) problems.name = 'flowCampaigns.validation.nameRequired';
  else if (name.length > FLOW_CAMPAIGN_NAME_MAX) problems.name = 'flowCampaigns.validation.nameTooLong';
  if (!form.flowId) problems.flowId = 'flowCampaigns.validation.flowRequired';
  if (!form.phrases.some((p) => p.text.trim())) problems.phrases = 'flowCampaigns.validation.phraseRequired';
  return problems;
};

/** No connection chosen listens on all of them. */
export const listensEverywhere = (form: FlowCampaignForm): boolean => form.allConnections || form.whatsappIds.length === 0;

/** The body the API takes (the fork's shape); blank phrase rows are left out. */
export const toBody = (form: FlowCampaignForm, editing: boolean): FlowCampaignBody => ({
  name: form.name.trim(),
  flowId: form.flowId,
  phrases: form.phrases.filter((p) => p.text.trim()).map((p) => ({ text: p.text.trim(), type: p.type })),
  ...(listensEverywhere(form) ? { allConnections: true } : { whatsappIds: form.whatsappIds }),
  // a new campaign is on (the dialog's switch starts on, section 4); the switch shows when editing
  status: editing ? form.status : true,
});
