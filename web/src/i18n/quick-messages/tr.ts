import type { QuickMessagesDictionary } from './pt.ts';

/** The quick replies' texts, Turkish (see pt.ts). */
export const quickMessagesTr: QuickMessagesDictionary = {
  title: 'Hızlı yanıtlar',
  subtitle: 'Bir sohbette / ve kısayolu yazarak eklediğiniz hazır metinler ve ekler',
  searchPlaceholder: 'Kısayola göre ara',
  add: 'Ekle',
  columns: {
    shortcode: 'Kısayol',
    media: 'Ek',
    shared: 'Paylaşılan',
    actions: 'İşlemler',
  },
  noAttachment: 'Ek yok',
  empty: 'Hızlı yanıt bulunamadı.',
  loadFailed: 'Hızlı yanıtlar yüklenemedi.',
  loadingMore: 'Daha fazla yükleniyor…',
  edit: 'Düzenle',
  view: 'Görüntüle',
  delete: 'Sil',
  sharedYes: 'Herkesle paylaşıldı',
  deleteDialog: {
    header: 'Hızlı yanıtı sil',
    message: '{{shortcode}} hızlı yanıtı silinsin mi? Bu işlem geri alınamaz.',
    confirm: 'Sil',
  },
  dialog: {
    addTitle: 'Yeni hızlı yanıt',
    editTitle: 'Hızlı yanıtı düzenle',
    viewTitle: 'Hızlı yanıt',
    shortcode: 'Kısayol',
    shortcodeHint: 'Boşluksuz; sohbette / ve kısayolu yazın.',
    message: 'Mesaj',
    visao: 'Etkin',
    geral: 'Herkesle paylaş',
    attach: 'Dosya ekle',
    removeMedia: 'Eki kaldır',
    readOnly: 'Bu yanıtı başka bir kullanıcı oluşturdu ve paylaşmadı: yalnızca görüntüleyebilirsiniz.',
    required: 'Requerido',
    noSpaces: 'Kısayol boşluk içeremez.',
    duplicated: 'Bu kısayola sahip bir hızlı yanıt zaten var.',
    close: 'Kapat',
  },
  toasts: {
    saved: 'Hızlı yanıt kaydedildi',
    deleted: 'Hızlı yanıt silindi',
  },
  picker: {
    label: 'Hızlı yanıtlar',
    empty: 'Bu kısayolla hızlı yanıt yok.',
    loading: 'Hızlı yanıtlar yükleniyor…',
  },
};
