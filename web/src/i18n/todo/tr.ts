import type { TodoDictionary } from './pt.ts';

/** The to-do list's texts, Turkish (see pt.ts); the button texts stay the spec's. */
export const todoTr: TodoDictionary = {
  title: 'Yapılacaklar listesi',
  subtitle: 'Görevleriniz yalnızca bu tarayıcıda saklanır.',
  placeholder: 'Yeni görev',
  add: 'Añadir',
  save: 'Guardar',
  cancelEdit: 'Düzenlemeyi iptal et',
  edit: 'Düzenle',
  delete: 'Sil',
  empty: 'Görev yok.',
  updatedAt: '{{date}} tarihinde güncellendi',
  deleteDialog: {
    header: 'Görevi sil',
    message: '{{text}} görevi silinsin mi?',
    confirm: 'Sil',
  },
};
