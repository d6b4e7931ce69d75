import { describe, expect, it } from 'vitest';
import { formatDocumentTitle, unreadPrefix } from './document-title.ts';

describe('document title', () => {
  it('names the page and the app', () => {
    expect(formatDocumentTitle({ app: 'Switchboard', page: 'Tickets' })).toBe('Tickets - Switchboard');
  });

  it('is the app name alone without a page', () => {
    expect(formatDocumentTitle({ app: 'Switchboard' })).toBe('Switchboard');
    expect(formatDocumentTitle({ app: 'Switchboard', page: '  ' })).toBe('Switchboard');
  });

  it('shows an unread count up to 20 as a number and above 20 in parentheses', () => {
    expect(formatDocumentTitle({ app: 'Switchboard', page: 'Tickets', unread: 3 })).toBe('3 Tickets - Switchboard');
    expect(unreadPrefix(20)).toBe('20 ');
    expect(unreadPrefix(21)).toBe('(21) ');
  });

  it('shows no count when nothing is unread', () => {
    expect(unreadPrefix(0)).toBe('');
    expect(unreadPrefix(-2)).toBe('');
    expect(unreadPrefix(Number.NaN)).toBe('');
  });
});
