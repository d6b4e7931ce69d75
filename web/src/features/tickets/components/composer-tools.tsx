import { acceptAttribute, mediaProblem } from '@switchboard/shared/media-types';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { writeStored } from '../../../lib/storage.ts';
import { useToast } from '../../../lib/toast.tsx';
import type { Attachment } from './attachment-dialog.tsx';

const MESSAGE_MEDIA_ACCEPT = acceptAttribute('message');

/** Where the agent's choice to sign their messages is kept between visits. */
export const SIGN_KEY = 'ticketSignature';

/**
 * The composer's tools beside the text: attach (a file, a camera photo or a contact), the private-note switch and,
 * when the company offers it, the signature switch (remembered in this browser).
 */
export function ComposerTools({
  busy,
  windowClosed,
  isPrivate,
  onTogglePrivate,
  signOffered,
  sign,
  onSign,
  onFiles,
  onCamera,
  onSendContact,
}: {
  busy: boolean;
  windowClosed: boolean;
  isPrivate: boolean;
  onTogglePrivate: () => void;
  signOffered: boolean;
  sign: boolean;
  onSign: (change: (signing: boolean) => boolean) => void;
  onFiles: (chosen: Attachment[]) => void;
  onCamera: () => void;
  onSendContact: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const files = useRef<HTMLInputElement>(null);
  const attachMenu = useRef<Menu>(null);
  return (
    <>
      <Button
        type="button"
        icon="pi pi-paperclip"
        text
        rounded
        severity="secondary"
        aria-label={t('tickets.input.attach')}
        tooltip={t('tickets.input.attach')}
        tooltipOptions={{ position: 'top' }}
        aria-haspopup="menu"
        onClick={(e) => attachMenu.current?.toggle(e)}
        disabled={busy || windowClosed}
        data-testid="attach-button"
      />
      <Menu
        ref={attachMenu}
        popup
        model={[
          { label: t('tickets.input.attachFile'), icon: 'pi pi-file', command: () => files.current?.click() },
          { label: t('tickets.input.camera'), icon: 'pi pi-camera', command: onCamera },
          { label: t('tickets.input.sendContact'), icon: 'pi pi-id-card', command: onSendContact },
        ]}
      />
      <input
        ref={files}
        type="file"
        multiple
        hidden
        accept={MESSAGE_MEDIA_ACCEPT}
        onChange={(e) => {
          const picked = Array.from(e.target.files ?? []);
          // the server refuses these too; saying so here spares an upload that cannot succeed
          const refused = picked.filter((file) => mediaProblem('message', { name: file.name, mimeType: file.type }));
          if (refused.length) toast.warn(t('tickets.input.fileRefused', { names: refused.map((f) => f.name).join(', ') }));
          const chosen = picked.filter((file) => !refused.includes(file)).map((file) => ({ file, name: file.name }));
          if (chosen.length) onFiles(chosen);
          e.target.value = '';
        }}
        data-testid="file-input"
      />
      <Button
        type="button"
        icon="pi pi-lock"
        text={!isPrivate}
        rounded
        severity={isPrivate ? 'warning' : 'secondary'}
        aria-label={t('tickets.input.private')}
        aria-pressed={isPrivate}
        tooltip={t('tickets.input.private')}
        tooltipOptions={{ position: 'top' }}
        onClick={onTogglePrivate}
        data-testid="private-toggle"
      />
      {signOffered ? (
        <Button
          type="button"
          icon="pi pi-pen-to-square"
          text
          rounded
          severity={sign ? undefined : 'secondary'}
          className={sign ? 'composer__toggle--on' : undefined}
          aria-label={t('tickets.input.signature')}
          aria-pressed={sign}
          tooltip={sign ? t('tickets.input.signatureOn') : t('tickets.input.signatureOff')}
          tooltipOptions={{ position: 'top' }}
          onClick={() =>
            onSign((s) => {
              writeStored(SIGN_KEY, String(!s));
              return !s;
            })
          }
          data-testid="signature-toggle"
        />
      ) : null}
    </>
  );
}
