import type { FilesDictionary } from './pt.ts';

/** The files page's texts, Turkish (see pt.ts). */
export const filesTr: FilesDictionary = {
  title: 'Dosya listeleri',
  subtitle: 'Kuyrukların ve sohbet botu seçeneklerinin müşteriye gönderdiği dosyalar',
  add: 'Liste ekle',
  searchPlaceholder: 'Ada göre ara',
  columns: {
    name: 'Ad',
    files: 'Dosyalar',
    actions: 'İşlemler',
  },
  empty: 'Henüz dosya listesi yok.',
  loadFailed: 'No se ha podido cargar la lista de registros',
  edit: '{{name}} düzenle',
  delete: '{{name}} sil',
  noFile: 'Dosya yok',
  toasts: {
    saved: 'Dosya listesi kaydedildi.',
    deleted: 'Operación concluida con éxito.',
  },
  deleteDialog: {
    header: 'Dosya listesini sil',
    message: 'Realmente quieres borrar este registro? "{{name}}"',
    confirm: 'Sil',
  },
  dialog: {
    addTitle: 'Dosya listesi ekle',
    editTitle: 'Dosya listesini düzenle',
    name: 'Ad',
    message: 'Mesaj',
    options: 'Dosyalar',
    noOptions: 'Henüz dosya yok.',
    optionName: '{{number}}. dosyanın adı',
    chooseFile: 'Dosya seç',
    chooseFileFor: '{{number}}. dosyayı seç',
    removeOption: '{{number}}. dosyayı sil',
    addOption: 'Dosya ekle',
    nameTooShort: 'nombre muy corto',
    messageRequired: 'Requerido',
    fileRequired: 'Bir dosya seçin',
    fileRefused: '{{name}}: bu dosya türü kabul edilmiyor',
  },
};
