import { describe, expect, it } from 'vitest';
import {
  emptyQuickMessageForm,
  isReadOnlyFor,
  quickMessageBodyOf,
  validateQuickMessageForm,
  withVisao,
} from './quick-message-form.ts';

describe('the quick reply form', () => {
  it("asks for a shortcode with 'Requerido' and refuses spaces in it", () => {
    expect(validateQuickMessageForm({ ...emptyQuickMessageForm(), shortcode: '   ' })).toEqual({
      shortcode: 'quickMessages.dialog.required',
    });
    expect(validateQuickMessageForm({ ...emptyQuickMessageForm(), shortcode: 'two words' })).toEqual({
      shortcode: 'quickMessages.dialog.noSpaces',
    });
    expect(validateQuickMessageForm({ ...emptyQuickMessageForm(), shortcode: ' hello ' })).toEqual({});
  });

  it('stops sharing a reply that is made inactive, and sends the trimmed shortcode', () => {
    const shared = { shortcode: ' hi ', message: 'Hello', geral: true, visao: true };
    expect(withVisao(shared, false)).toEqual({ ...shared, geral: false, visao: false });
    expect(quickMessageBodyOf(shared)).toEqual({ shortcode: 'hi', message: 'Hello', geral: true, visao: true });
  });

  it("makes another user's unshared reply read-only, but not a shared one or one's own", () => {
    expect(isReadOnlyFor({ userId: 2, geral: false }, 1)).toBe(true);
    expect(isReadOnlyFor({ userId: 2, geral: true }, 1)).toBe(false);
    expect(isReadOnlyFor({ userId: 1, geral: false }, 1)).toBe(false);
  });
});
