import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { freshPageEachTest, until } from '../../../test-network.ts';
import { AttachmentDialog, type Attachment } from './attachment-dialog.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = freshPageEachTest('pt');

const photo: Attachment = { file: new Blob(['x'.repeat(2048)], { type: 'image/png' }), name: 'foto.png' };
const pdf: Attachment = { file: new Blob(['%PDF-1.4'], { type: 'application/pdf' }), name: 'tabela.pdf' };

const render = (attachments: Attachment[]) =>
  act(async () =>
    page.root.render(<AttachmentDialog attachments={attachments} sending={false} onSend={() => {}} onHide={() => {}} />),
  );
const header = () => document.querySelector('.p-dialog-title')?.textContent ?? null;

describe('the attachment dialog', () => {
  it('titles itself with the count of the files it shows', async () => {
    await render([photo, pdf]);
    expect(header()).toBe('Enviar 2 arquivos');
    expect(document.body.textContent).toContain('tabela.pdf');
  });

  it('keeps showing the files it sent while it closes, never an empty dialog for 0 files', async () => {
    await render([photo]);
    expect(header()).toBe('Enviar 1 arquivo');
    const titles: (string | null)[] = [];
    const seen = new MutationObserver(() => titles.push(header()));
    seen.observe(document.body, { subtree: true, childList: true, characterData: true });
    await render([]);
    titles.push(header());
    await until(() => header() === null, 'the dialog to close');
    seen.disconnect();
    expect(titles.filter((t) => t !== null)).not.toContainEqual(expect.stringContaining('0'));
    expect(titles.some((t) => t === 'Enviar 1 arquivo')).toBe(true);
  });
});
