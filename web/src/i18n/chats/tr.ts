import type { ChatsDictionary } from './pt.ts';

/** The internal chat's texts, Turkish (see pt.ts). */
export const chatsTr: ChatsDictionary = {
  title: 'Dahili sohbet',
  /** spec document 3 section 8, verbatim in every language */
  planRequired: 'Esta empresa no tiene permiso para acceder a esta página. Le estamos redirigiendo.',
  newChat: 'Yeni sohbet',
  searchPlaceholder: 'Sohbetlerde ara',
  listLabel: 'Sohbetler',
  empty: 'Henüz sohbet yok.',
  loadFailed: 'Sohbetler yüklenemedi.',
  selectChat: 'Mesajları görmek için bir sohbet seçin.',
  notFound: 'Bu sohbet yok ya da bu sohbette değilsiniz.',
  noMessages: 'Henüz mesaj yok. Merhaba deyin!',
  loadingOlder: 'Önceki mesajlar yükleniyor…',
  messagePlaceholder: 'Bir mesaj yazın',
  send: 'Gönder',
  attach: 'Dosya ekle',
  removeAttachment: 'Eki kaldır',
  fileRefused: 'Bu dosya türü kabul edilmiyor.',
  edited: 'düzenlendi',
  edit: 'Sohbeti düzenle',
  delete: 'Sohbeti sil',
  back: 'Sohbetlere dön',
  members: '{{count}} katılımcı',
  unread: '{{count}} okunmamış',
  openChats: 'Dahili sohbet',
  openChatsUnread: 'Dahili sohbet: {{count}} okunmamış mesaj',
  unreadDot: 'Okunmamış mesajlar var',
  tabs: {
    label: 'Dahili sohbet',
    chats: 'Sohbetler',
    messages: 'Mesajlar',
  },
  dialog: {
    addTitle: 'Yeni sohbet',
    editTitle: 'Sohbeti düzenle',
    title: 'Başlık',
    users: 'Katılımcılar',
    usersPlaceholder: 'Kullanıcıları seçin',
    usersHint: 'En az bir kullanıcı seçin.',
    save: 'Kaydet',
  },
  deleteDialog: {
    header: 'Sohbeti sil',
    message: '{{title}} sohbeti tüm mesajlarıyla silinsin mi? Bu işlem geri alınamaz.',
    confirm: 'Sil',
  },
  toasts: {
    saved: 'Sohbet kaydedildi.',
    deleted: 'Sohbet silindi.',
  },
};
