import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { locales, currentLanguage } from '../../../lib/i18n.ts';
import { readStored, writeStored } from '../../../lib/storage.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  addTodo,
  editTodo,
  parseTodos,
  removeTodo,
  serializeTodos,
  TODO_STORAGE_KEY,
  type TodoItem,
} from '../utils/todo-list.ts';
import './todo.css';

const formatTime = (iso: string) =>
  new Intl.DateTimeFormat(locales[currentLanguage()], {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

/** /todolist: a personal list kept only in this browser (spec document 3 "To-do list"). */
export function TodoPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('todo.title'));
  const [items, setItems] = useState<TodoItem[]>(() => parseTodos(readStored(TODO_STORAGE_KEY)));
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  const store = (next: TodoItem[]) => {
    setItems(next);
    writeStored(TODO_STORAGE_KEY, serializeTodos(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // blank text is ignored (spec section 5)
    if (!text.trim()) return;
    store(editing === null ? addTodo(items, text, new Date()) : editTodo(items, editing, text, new Date()));
    setText('');
    setEditing(null);
  };

  return (
    <div className="page todo-page" data-testid="todo-page">
      <PageHeader title={t('todo.title')} subtitle={t('todo.subtitle')} />
      <form className="todo-form" onSubmit={submit}>
        <InputText
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('todo.placeholder')}
          aria-label={t('todo.placeholder')}
          maxLength={500}
          className="todo-form__input"
          data-testid="todo-input"
        />
        <Button
          type="submit"
          icon={editing === null ? 'pi pi-plus' : 'pi pi-check'}
          label={editing === null ? t('todo.add') : t('todo.save')}
          data-testid="todo-submit"
        />
        {editing !== null ? (
          <Button
            type="button"
            text
            severity="secondary"
            label={t('todo.cancelEdit')}
            onClick={() => {
              setEditing(null);
              setText('');
            }}
          />
        ) : null}
      </form>
      {items.length === 0 ? (
        <p className="todo-empty">{t('todo.empty')}</p>
      ) : (
        <ul className="todo-list" data-testid="todo-list">
          {items.map((item, index) => (
            <li
              key={`${item.createdAt}-${index}`}
              className={editing === index ? 'todo-item todo-item--editing' : 'todo-item'}
              data-testid="todo-item"
            >
              <div className="todo-item__body">
                <span className="todo-item__text">{item.text}</span>
                <time className="todo-item__time" dateTime={item.updatedAt}>
                  {t('todo.updatedAt', { date: formatTime(item.updatedAt) })}
                </time>
              </div>
              <Button
                type="button"
                text
                rounded
                icon="pi pi-pencil"
                aria-label={t('todo.edit')}
                onClick={() => {
                  setEditing(index);
                  setText(item.text);
                }}
                data-testid="todo-edit"
              />
              <Button
                type="button"
                text
                rounded
                severity="danger"
                icon="pi pi-trash"
                aria-label={t('todo.delete')}
                onClick={() => setDeleting(index)}
                data-testid="todo-delete"
              />
            </li>
          ))}
        </ul>
      )}
      <DeleteDialog
        visible={deleting !== null}
        onHide={() => setDeleting(null)}
        header={t('todo.deleteDialog.header')}
        message={t('todo.deleteDialog.message', { text: deleting !== null ? (items[deleting]?.text ?? '') : '' })}
        confirmLabel={t('todo.deleteDialog.confirm')}
        testId="todo-delete-dialog"
        onConfirm={() => {
          if (deleting === null) return;
          store(removeTodo(items, deleting));
          if (editing === deleting) {
            setEditing(null);
            setText('');
          } else if (editing !== null && editing > deleting) setEditing(editing - 1);
        }}
      />
    </div>
  );
}
