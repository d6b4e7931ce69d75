import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { uploadBody } from './uploads.ts';

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('uploadBody', () => {
  it('keeps an attachment name as given, up to 255 characters, and reads a setting name trimmed, up to 200', () => {
    const attachment = uploadBody({ style: 'attachment', use: 'message' });
    const setting = uploadBody({ style: 'setting', use: 'message' });
    const long = `${'a'.repeat(230)}.png`;
    expect(attachment.parse({ name: ` ${long}`, mimeType: 'image/png', size: 1 }).name).toBe(` ${long}`);
    expect(issuesOf(setting, { name: long, mimeType: 'image/png', size: 1 })).toEqual([
      expect.objectContaining({ path: 'name' }),
    ]);
    expect(setting.parse({ name: ' photo.png ', mimeType: ' image/png ', size: 1 })).toEqual({
      name: 'photo.png',
      mimeType: 'image/png',
      size: 1,
    });
  });

  it("refuses a type outside the use's allow-list on mimeType, and a name whose extension does not match on name", () => {
    const logo = uploadBody({ style: 'setting', use: 'brandLogo' });
    expect(issuesOf(logo, { name: 'logo.svg', mimeType: 'image/svg+xml', size: 1 })).toEqual([
      { path: 'mimeType', message: 'This type of file is not accepted' },
    ]);
    expect(issuesOf(logo, { name: 'logo.html', mimeType: 'image/png', size: 1 })).toEqual([
      { path: 'name', message: "The file name's extension does not match its type" },
    ]);
  });

  it('refuses a size over the limit with the route message, and checks no allow-list when the route checks the type itself', () => {
    const greeting = uploadBody({ style: 'setting', use: 'greetingMedia', maxBytes: 10, tooLarge: 'The file is too large' });
    expect(issuesOf(greeting, { name: 'a.png', mimeType: 'image/png', size: 11 })).toEqual([
      { path: 'size', message: 'The file is too large' },
    ]);
    const unchecked = uploadBody({ style: 'attachment', use: null, maxBytes: 10 });
    expect(issuesOf(unchecked, { name: 'page.html', mimeType: 'text/html', size: 10 })).toEqual([]);
  });

  it("carries the route's own fields before the file's", () => {
    const chat = uploadBody({ style: 'attachment', use: 'message', extra: { chatId: z.number().int().positive() } });
    expect(Object.keys(chat.shape)).toEqual(['chatId', 'name', 'mimeType', 'size']);
    expect(issuesOf(chat, { name: 'a.png', mimeType: 'image/png', size: 1 })).toEqual([
      expect.objectContaining({ path: 'chatId' }),
    ]);
  });
});
