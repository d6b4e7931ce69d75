import { acceptAttribute, mediaProblem, type MediaUse } from '@switchboard/shared/media-types';
import { Button } from 'primereact/button';
import { useRef } from 'react';
import { useToast } from '../lib/toast.tsx';

/**
 * A form's attachment row: the file's name (or `texts.none`), and while `editable`, a button that picks a file of
 * the kinds `use` accepts and one that removes the file shown. A file of another kind is refused with a warning.
 */
export function MediaAttachRow({
  use,
  mediaName,
  editable,
  pending,
  onPick,
  onRemove,
  className,
  nameClassName,
  texts,
  testIds,
}: {
  use: MediaUse;
  mediaName: string | null;
  editable: boolean;
  pending: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
  className: string;
  nameClassName: string;
  texts: { none: string; attach: string; remove: string; refused: (name: string) => string };
  testIds: { name: string; attach?: string; remove: string; file: string };
}) {
  const toast = useToast();
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className={className}>
      <i className="pi pi-paperclip" aria-hidden="true" />
      <span className={nameClassName} data-testid={testIds.name}>
        {mediaName ?? texts.none}
      </span>
      {editable ? (
        <>
          <Button
            type="button"
            size="small"
            outlined
            icon="pi pi-upload"
            label={texts.attach}
            onClick={() => fileInput.current?.click()}
            disabled={pending}
            data-testid={testIds.attach}
          />
          {mediaName ? (
            <Button
              type="button"
              size="small"
              text
              severity="danger"
              icon="pi pi-trash"
              label={texts.remove}
              onClick={onRemove}
              disabled={pending}
              data-testid={testIds.remove}
            />
          ) : null}
          <input
            ref={fileInput}
            type="file"
            hidden
            accept={acceptAttribute(use)}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file && mediaProblem(use, { name: file.name, mimeType: file.type })) toast.warn(texts.refused(file.name));
              else if (file) onPick(file);
              e.target.value = '';
            }}
            data-testid={testIds.file}
          />
        </>
      ) : null}
    </div>
  );
}
