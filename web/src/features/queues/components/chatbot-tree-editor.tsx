import { chatbotOptionTypes, type ChatbotOptionType } from '@switchboard/shared/contracts/queues';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { canAddChild, pathKey, type OptionDraft, type OptionErrors, type OptionPath } from '../utils/chatbot-tree.ts';
import { TextAreaField } from '../../../components/textarea-field.tsx';

export interface TreeActions {
  add: (parent: OptionPath) => void;
  update: (path: OptionPath, patch: Partial<Omit<OptionDraft, 'key' | 'options'>>) => void;
  remove: (path: OptionPath) => void;
  move: (path: OptionPath, delta: -1 | 1) => void;
}

export interface TargetChoices {
  queues: { id: number; name: string }[];
  users: { id: number; name: string }[];
  files: { id: number; name: string }[];
  /** the company's integrations (empty when its plan has none) */
  integrations: { id: number; name: string }[];
}

/**
 * The chatbot option tree of a queue, edited in place: every option with its name, message, type and the record its
 * type sends the customer to, and buttons to add a child (down to the tenth level), move and delete it.
 */
export function ChatbotTreeEditor({
  tree,
  errors,
  actions,
  choices,
}: {
  tree: OptionDraft[];
  errors: Record<string, OptionErrors>;
  actions: TreeActions;
  choices: TargetChoices;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="chatbot-tree" data-testid="chatbot-tree">
      <legend className="chatbot-tree__legend">{t('queues.dialog.chatbots')}</legend>
      {tree.length === 0 ? <p className="chatbot-tree__empty">{t('queues.dialog.noOptions')}</p> : null}
      <OptionList options={tree} prefix={[]} errors={errors} actions={actions} choices={choices} />
      <Button
        type="button"
        size="small"
        outlined
        icon="pi pi-plus"
        label={t('queues.dialog.addOption')}
        onClick={() => actions.add([])}
        data-testid="chatbot-add-root"
      />
    </fieldset>
  );
}

function OptionList({
  options,
  prefix,
  ...rest
}: {
  options: OptionDraft[];
  prefix: OptionPath;
  errors: Record<string, OptionErrors>;
  actions: TreeActions;
  choices: TargetChoices;
}) {
  if (options.length === 0) return null;
  return (
    <ol className="chatbot-tree__list">
      {options.map((o, i) => (
        <OptionItem key={o.key} option={o} path={[...prefix, i]} last={i === options.length - 1} {...rest} />
      ))}
    </ol>
  );
}

function OptionItem({
  option,
  path,
  last,
  errors,
  actions,
  choices,
}: {
  option: OptionDraft;
  path: OptionPath;
  last: boolean;
  errors: Record<string, OptionErrors>;
  actions: TreeActions;
  choices: TargetChoices;
}) {
  const { t } = useTranslation();
  const key = pathKey(path);
  const id = `chatbot-option-${key.replace(/\./g, '-')}`;
  const own = errors[key] ?? {};
  const number = path.map((p) => p + 1).join('.');
  const label = option.name.trim() || t('queues.dialog.optionUntitled');
  const typeOptions = chatbotOptionTypes.map((type) => ({ value: type, label: t(`queues.optionTypes.${type}`) }));
  const targetSelect = (
    field: 'optQueueId' | 'optUserId' | 'optIntegrationId' | 'optFileId',
    list: { id: number; name: string }[],
    labelKey: string,
  ) => (
    <FormField id={`${id}-${field}`} label={t(labelKey)} error={own[field]}>
      <Dropdown
        inputId={`${id}-${field}`}
        value={option[field]}
        options={list.map((r) => ({ value: r.id, label: r.name }))}
        placeholder={t('queues.dialog.choose')}
        onChange={(e) => actions.update(path, { [field]: (e.value as number | null) ?? null })}
        invalid={Boolean(own[field])}
        className="w-full"
        data-testid={`${id}-${field}`}
      />
    </FormField>
  );
  return (
    <li className="chatbot-option" data-testid={id} aria-label={t('queues.dialog.optionLabel', { number, name: label })}>
      <div className="chatbot-option__head">
        <span className="chatbot-option__number" aria-hidden="true">
          {number}
        </span>
        <div className="chatbot-option__actions">
          <Button
            type="button"
            text
            rounded
            size="small"
            icon="pi pi-arrow-up"
            disabled={path[path.length - 1] === 0}
            aria-label={t('queues.dialog.moveUp', { name: label })}
            onClick={() => actions.move(path, -1)}
          />
          <Button
            type="button"
            text
            rounded
            size="small"
            icon="pi pi-arrow-down"
            disabled={last}
            aria-label={t('queues.dialog.moveDown', { name: label })}
            onClick={() => actions.move(path, 1)}
          />
          <Button
            type="button"
            text
            rounded
            size="small"
            icon="pi pi-sitemap"
            disabled={!canAddChild(path)}
            aria-label={t('queues.dialog.addChild', { name: label })}
            tooltip={t('queues.dialog.addChild', { name: label })}
            tooltipOptions={{ position: 'top' }}
            onClick={() => actions.add(path)}
            data-testid={`${id}-add-child`}
          />
          <Button
            type="button"
            text
            rounded
            size="small"
            severity="danger"
            icon="pi pi-trash"
            aria-label={t('queues.dialog.removeOption', { name: label })}
            onClick={() => actions.remove(path)}
            data-testid={`${id}-remove`}
          />
        </div>
      </div>
      <div className="chatbot-option__fields">
        <FormField id={`${id}-name`} label={t('queues.dialog.optionName')} error={own.name}>
          <InputText
            {...fieldA11y(`${id}-name`, own.name)}
            value={option.name}
            invalid={Boolean(own.name)}
            onChange={(e) => actions.update(path, { name: e.target.value })}
            autoComplete="off"
          />
        </FormField>
        <FormField id={`${id}-type`} label={t('queues.dialog.optionType')}>
          <Dropdown
            inputId={`${id}-type`}
            value={option.queueType}
            options={typeOptions}
            optionDisabled="disabled"
            onChange={(e) => actions.update(path, { queueType: e.value as ChatbotOptionType })}
            className="w-full"
            data-testid={`${id}-type`}
          />
        </FormField>
        <div className="chatbot-option__wide">
          <TextAreaField
            id={`${id}-greeting`}
            label={t('queues.dialog.optionMessage')}
            rows={2}
            hint={t('queues.dialog.optionMessageHint')}
            value={option.greetingMessage}
            onChange={(value) => actions.update(path, { greetingMessage: value })}
          />
        </div>
        {option.queueType === 'queue' || option.queueType === 'attendent'
          ? targetSelect('optQueueId', choices.queues, 'queues.dialog.targetQueue')
          : null}
        {option.queueType === 'attendent' ? targetSelect('optUserId', choices.users, 'queues.dialog.targetUser') : null}
        {option.queueType === 'file' ? targetSelect('optFileId', choices.files, 'queues.dialog.targetFile') : null}
        {option.queueType === 'integration'
          ? targetSelect('optIntegrationId', choices.integrations, 'queueIntegrations.queue.targetIntegration')
          : null}
        <div className="queue-check chatbot-option__wide">
          <Checkbox
            inputId={`${id}-close`}
            checked={option.closeTicket}
            onChange={(e) => actions.update(path, { closeTicket: Boolean(e.checked) })}
          />
          <label htmlFor={`${id}-close`}>{t('queues.dialog.optionCloseTicket')}</label>
        </div>
      </div>
      <OptionList options={option.options} prefix={path} errors={errors} actions={actions} choices={choices} />
    </li>
  );
}
