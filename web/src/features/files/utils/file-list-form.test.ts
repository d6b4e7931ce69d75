import { fileListBody } from '@switchboard/shared/contracts/files';
import { describe, expect, it } from 'vitest';
import { filesEn } from '../../../i18n/files/en.ts';
import { filesEs } from '../../../i18n/files/es.ts';
import { filesPt } from '../../../i18n/files/pt.ts';
import { filesTr } from '../../../i18n/files/tr.ts';
import { acceptsFile, emptyFileListForm, fileListBodyOf, validateFileListForm } from './file-list-form.ts';

describe('the file list form', () => {
  it('requires a name of 3 to 50 characters, a message, and a name and a file for every option', () => {
    expect(validateFileListForm(emptyFileListForm())).toEqual({
      name: 'validation.requiredEn',
      message: 'files.dialog.messageRequired',
    });
    expect(
      validateFileListForm({
        name: 'Li',
        message: '  ',
        options: [
          { key: 'a', name: '', fileName: 'x.pdf' },
          { key: 'b', name: 'Preços', fileName: null },
        ],
      }),
    ).toEqual({
      name: 'files.dialog.nameTooShort',
      message: 'files.dialog.messageRequired',
      options: { a: 'validation.requiredEn', b: 'files.dialog.fileRequired' },
    });
    expect(validateFileListForm({ name: 'Lis', message: 'Segue a lista', options: [] })).toEqual({});
  });

  it("refuses a name or a message over the contract's length", () => {
    expect(validateFileListForm({ name: 'x'.repeat(51), message: 'm'.repeat(5001), options: [] })).toEqual({
      name: 'validation.tooLong',
      message: 'validation.tooLong',
    });
    expect(validateFileListForm({ name: 'x'.repeat(50), message: 'm'.repeat(5000), options: [] })).toEqual({});
  });

  it("words a short name and an empty message with the contract's texts in every language", () => {
    const nameText = fileListBody.shape.name.safeParse('Li').error?.issues[0]?.message;
    const messageText = fileListBody.shape.message.safeParse(' ').error?.issues[0]?.message;
    expect([nameText, messageText]).toEqual(['nombre muy corto', 'Requerido']);
    for (const files of [filesPt, filesEs, filesEn, filesTr]) {
      expect(files.dialog.nameTooShort).toBe(nameText);
      expect(files.dialog.messageRequired).toBe(messageText);
    }
  });

  it('keeps option ids, sends the chosen files by position and refuses active content', () => {
    const file = new File(['x'], 'a.pdf', { type: 'application/pdf' });
    expect(
      fileListBodyOf({
        name: ' Lista ',
        message: 'm',
        options: [
          { key: 'a', id: 3, name: 'Um', fileName: 'u.pdf' },
          { key: 'b', name: 'Dois', fileName: 'a.pdf', upload: file },
        ],
      }),
    ).toEqual({
      body: { name: 'Lista', message: 'm', options: [{ id: 3, name: 'Um' }, { name: 'Dois' }] },
      uploads: [undefined, file],
    });
    expect(acceptsFile({ name: 'a.pdf', type: 'application/pdf' })).toBe(true);
    expect(acceptsFile({ name: 'a.html', type: 'text/html' })).toBe(false);
    expect(acceptsFile({ name: 'a.svg', type: 'image/svg+xml' })).toBe(false);
  });
});
