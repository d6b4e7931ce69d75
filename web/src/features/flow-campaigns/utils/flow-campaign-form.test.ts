import { describe, expect, it } from 'vitest';
import { formProblems, initialForm, newPhraseRow, toBody } from './flow-campaign-form.ts';

describe('the phrase campaign form', () => {
  it('flags an empty name, no flow and no phrase, and nothing else', () => {
    expect(formProblems(initialForm())).toEqual({
      name: 'flowCampaigns.validation.nameRequired',
      flowId: 'flowCampaigns.validation.flowRequired',
      phrases: 'flowCampaigns.validation.phraseRequired',
    });
    const filled = { ...initialForm(), name: ' Promo ', flowId: 3, phrases: [newPhraseRow('  '), newPhraseRow('promo')] };
    expect(formProblems(filled)).toEqual({});
  });

  it('sends the fork shape: trimmed phrases without blank rows, every connection when none is chosen', () => {
    const form = {
      ...initialForm(),
      name: ' Promo ',
      flowId: 3,
      phrases: [newPhraseRow(' Quero promo ', 'exact'), newPhraseRow(''), newPhraseRow('preço', 'partial')],
    };
    expect(toBody(form, false)).toEqual({
      name: 'Promo',
      flowId: 3,
      phrases: [
        { text: 'Quero promo', type: 'exact' },
        { text: 'preço', type: 'partial' },
      ],
      allConnections: true,
      status: true,
    });
    expect(toBody({ ...form, whatsappIds: [4, 5], status: false }, true)).toMatchObject({ whatsappIds: [4, 5], status: false });
    expect(toBody({ ...form, whatsappIds: [4], allConnections: true }, false)).toMatchObject({ allConnections: true });
  });

  it('opens a campaign whose flow was deleted with no flow chosen', () => {
    const record = {
      id: 1,
      name: 'Velha',
      flowId: 9,
      flowName: null,
      phrases: [{ text: 'a', type: 'partial' as const }],
      phrase: 'a',
      allConnections: false,
      whatsappIds: [2],
      whatsappId: 2,
      status: false,
      createdAt: '',
      updatedAt: '',
    };
    expect(initialForm(record)).toMatchObject({
      flowId: null,
      whatsappIds: [2],
      status: false,
      phrases: [{ text: 'a', type: 'partial' }],
    });
  });
});
