import { describe, expect, it } from 'vitest';
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
