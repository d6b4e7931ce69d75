import type { MessagesApiDictionary } from './pt.ts';

/** The external API page's texts, Turkish (see pt.ts). */
export const messagesApiTr: MessagesApiDictionary = {
  title: 'Mesaj API',
  subtitle: 'Sistemlerinizden şirketin bağlantıları üzerinden mesaj gönderin',
  planRequired: 'Esta empresa no tiene permiso para acceder a esta página. Le estamos redirigiendo.',
  docs: {
    heading: 'Nasıl gönderilir',
    intro:
      'Sistemleriniz bir bağlantının belirteciyle bir numaraya metin veya dosya gönderir. Mesaj kişinin talebine düşer (kişi yoksa oluşturulur) ve bir temsilcinin yanıtı gibi bağlantı üzerinden gider.',
    connection: 'Bağlantı',
    connectionHint: 'Seçilen bağlantının belirteci çağrıları doğrular; mesaj onun üzerinden gider.',
    loading: 'Bağlantılar yükleniyor…',
    noConnection: 'Belirteci olan bağlantı yok',
    endpoint: 'Adres',
    auth: 'Kimlik doğrulama',
    fieldsHeading: 'Alanlar (JSON veya multipart/form-data)',
    fields: {
      number: 'zorunlu: yalnızca rakam; ülke kodu, alan kodu ve numara; maske, + veya boşluk olmadan (örn. 5511999998888)',
      body: 'metin; dosyalarla birlikte ilk dosyanın açıklaması',
      userId: 'talebi bu kullanıcı için açar',
      queueId: 'talebi bu kuyruğa koyar',
      sendSignature: 'true: kullanıcının adı metnin önüne gelir (userId gerekir)',
      closeTicket: 'true: talep gönderimden sonra kapatılır',
      medias: 'multipart: bir veya daha fazla dosya, her biri ayrı mesaj olarak gönderilir',
    },
    rulesHeading: 'Kurallar',
    rules: {
      idempotency:
        'Bir çağrıyı güvenle tekrarlamak için Idempotency-Key başlığını gönderin: 24 saat içinde aynı anahtar ilk çağrının sonucunu döndürür ve yeniden göndermez.',
      rateLimit: 'Her belirteç dakikada sınırlı sayıda çağrı yapabilir; sınırın üstünde yanıt Retry-After (saniye) ile 429 olur.',
      answer:
        'Yanıt SUCCESS durumunu, talebi, kişiyi ve kaydedilen mesajları taşır; hatalar bir ERR_* kodu ve geçersiz alanları taşır.',
    },
    textExample: 'Örnek: metin',
    mediaExample: 'Örnek: dosya',
    sampleText: 'Siparişiniz kargoya verildi',
    sampleCaption: 'Faturanız',
    reference: 'Tüm API başvurusu:',
  },
  forms: {
    textHeading: 'Deneyin: metin mesajı',
    mediaHeading: 'Deneyin: dosyalı mesaj',
    token: 'Belirteç',
    number: 'Numara',
    numberHint: 'Ülke kodu, alan kodu ve numara, yalnızca rakam',
    body: 'Mesaj',
    caption: 'Açıklama',
    file: 'Dosya',
    send: 'Gönder',
    sent: 'Mensaje enviado correctamente',
    result: 'Talep {{ticketId}} ({{status}}).',
    openTicket: 'Talebi aç',
  },
  validation: {
    required: 'Gerekli',
    number: 'Yalnızca rakam: ülke kodu, alan kodu ve numara; maske, + veya boşluk olmadan',
    file: 'Bir dosya seçin',
  },
};
