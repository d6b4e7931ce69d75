import { describe, expect, it } from 'vitest';
import { PROMPT_DEFAULTS, PROMPT_QUEUE_REQUIRED, PROMPT_TEXT_VOICE, promptVoices } from './prompts.ts';

/** Spec document 3, sections 5, 8 and 9: the constants of AI prompts, written out as the spec gives them. */
describe('the AI prompt constants', () => {
  it('defaults to 100 tokens, temperature 1, 10 messages of context and the text voice', () => {
    expect(PROMPT_DEFAULTS).toEqual({ maxTokens: 100, temperature: 1, maxMessages: 10, voice: 'texto' });
    expect(PROMPT_TEXT_VOICE).toBe('texto');
  });

  it('offers a text mode plus sixteen Brazilian Portuguese neural voices', () => {
    const [text, ...voices] = promptVoices;
    expect(text).toBe('texto');
    expect(voices).toHaveLength(16);
    expect(new Set(voices).size).toBe(16);
    for (const v of voices) expect(v).toMatch(/^pt-BR-[A-Z][a-z]+Neural$/);
  });

  it("names the missing queue 'Informe o setor'", () => {
    expect(PROMPT_QUEUE_REQUIRED).toBe('Informe o setor');
  });
});
