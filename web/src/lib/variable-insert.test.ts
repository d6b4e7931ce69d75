import { describe, expect, it } from 'vitest';
import { insertToken } from './variable-insert.ts';

describe('inserting a variable', () => {
  it('goes at the caret and moves the caret after it', () => {
    expect(insertToken('Olá , tudo bem?', '{{firstName}}', 4, 4)).toEqual({ text: 'Olá {{firstName}}, tudo bem?', caret: 17 });
  });

  it('replaces the selected text', () => {
    expect(insertToken('Olá NOME!', '{{name}}', 4, 8)).toEqual({ text: 'Olá {{name}}!', caret: 12 });
  });

  it('goes at the end of a field never focused, and stays within the text', () => {
    expect(insertToken('Olá ', '{{name}}')).toEqual({ text: 'Olá {{name}}', caret: 12 });
    expect(insertToken('ab', '{{x}}', 10, 20)).toEqual({ text: 'ab{{x}}', caret: 7 });
  });
});
