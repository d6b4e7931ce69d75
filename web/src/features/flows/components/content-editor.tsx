import type { ContentElement } from '@switchboard/shared/flows/graph';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import { move } from '../utils/flow-editor.ts';
import { MediaField } from './node-fields.tsx';

/** The buttons under the content that add an element: its type, its icon and its label's key under flows.node. */
const ADD_BUTTONS: { type: ContentElement['type']; icon: string; label: string }[] = [
  { type: 'message', icon: 'pi pi-comment', label: 'addText' },
  { type: 'interval', icon: 'pi pi-clock', label: 'addInterval' },
  { type: 'img', icon: 'pi pi-image', label: 'addImage' },
  { type: 'audio', icon: 'pi pi-volume-up', label: 'addAudio' },
  { type: 'video', icon: 'pi pi-video', label: 'addVideo' },
];

/** A content block: ordered texts, intervals and files, sent in this order. */
export function ContentEditor({
  elements,
  onChange,
  media,
  onMedia,
}: {
  elements: Omit<ContentElement, 'number'>[];
  onChange: (e: Omit<ContentElement, 'number'>[]) => void;
  media: Record<string, string>;
  onMedia: (name: string, url: string) => void;
}) {
  const { t } = useTranslation();
  const set = (i: number, change: Partial<ContentElement>) =>
    onChange(elements.map((e, j) => (j === i ? { ...e, ...change } : e)));
  const add = (type: ContentElement['type']) =>
    onChange([...elements, { type, value: type === 'interval' ? '5' : '', ...(type === 'audio' ? { record: false } : {}) }]);
  return (
    <div className="flow-content">
      {elements.length === 0 ? <p className="flow-content__empty">{t('flows.node.emptyContent')}</p> : null}
      <ol className="flow-content__list">
        {elements.map((e, i) => (
          <li key={i} className="flow-content__item" data-testid={`flow-content-${i}`}>
            <div className="flow-content__head">
              <strong>
                {t(`flows.kinds.${e.type === 'interval' ? 'interval' : e.type === 'message' ? 'message' : e.type}`)}
              </strong>
              <span className="flow-content__tools">
                <Button
                  type="button"
                  icon="pi pi-arrow-up"
                  text
                  rounded
                  aria-label={t('flows.node.moveUp')}
                  disabled={i === 0}
                  onClick={() => onChange(move(elements, i, -1))}
                />
                <Button
                  type="button"
                  icon="pi pi-arrow-down"
                  text
                  rounded
                  aria-label={t('flows.node.moveDown')}
                  disabled={i === elements.length - 1}
                  onClick={() => onChange(move(elements, i, 1))}
                />
                <Button
                  type="button"
                  icon="pi pi-trash"
                  text
                  rounded
                  severity="danger"
                  aria-label={t('flows.node.remove')}
                  onClick={() => onChange(elements.filter((_, j) => j !== i))}
                />
              </span>
            </div>
            {e.type === 'message' ? (
              <InputTextarea
                aria-label={t('flows.node.message')}
                value={e.value}
                onChange={(ev) => set(i, { value: ev.target.value })}
                rows={3}
                autoResize
                maxLength={4096}
              />
            ) : null}
            {e.type === 'interval' ? (
              <InputNumber
                aria-label={t('flows.node.seconds')}
                value={Number(e.value) || null}
                onValueChange={(ev) => set(i, { value: String(ev.value ?? '') })}
                min={0}
                max={999}
                useGrouping={false}
              />
            ) : null}
            {e.type === 'img' || e.type === 'audio' || e.type === 'video' ? (
              <MediaField
                kind={e.type}
                inContent
                value={e.value}
                url={media[e.value]}
                onUploaded={(name, url) => {
                  onMedia(name, url);
                  set(i, { value: name });
                }}
              />
            ) : null}
            {e.type === 'audio' ? (
              <div className="flow-node-dialog__check">
                <Checkbox
                  inputId={`content-record-${i}`}
                  checked={e.record ?? false}
                  onChange={(ev) => set(i, { record: Boolean(ev.checked) })}
                />
                <label htmlFor={`content-record-${i}`}>{t('flows.node.record')}</label>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="flow-content__add">
        {ADD_BUTTONS.map(({ type, icon, label }) => (
          <Button
            key={type}
            type="button"
            icon={icon}
            label={t(`flows.node.${label}`)}
            outlined
            size="small"
            onClick={() => add(type)}
            data-testid={type === 'message' ? 'flow-content-add-message' : undefined}
          />
        ))}
      </div>
    </div>
  );
}
