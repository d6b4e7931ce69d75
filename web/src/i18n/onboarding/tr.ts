import type { OnboardingDictionary } from './pt.ts';

/** The admin's set-up checklist, Turkish (see pt.ts). */
export const onboardingTr: OnboardingDictionary = {
  title: 'İlk adımlar',
  progress: '{{total}} adımdan {{done}} tamamlandı',
  dismiss: 'İlk adımları gizle',
  done: '(tamamlandı)',
  todo: '(yapılacak)',
  copyTag: 'Etiketi kopyala',
  copied: 'Etiket kopyalandı. Sitenizin HTML’ine, </body> öncesine yapıştırın.',
  copyFailed: 'Kopyalanamadı. Etiketi seçip kopyalayın.',
  steps: {
    queues: {
      title: 'Departmanlarınızı oluşturun',
      text: 'Her departman (kuyruk), müşterinin geldiğinde aldığı menüde bir seçenek olur.',
      link: 'Kuyrukları aç',
    },
    teammate: {
      title: 'Bir ekip arkadaşı davet edin',
      text: 'Her temsilci için bir kullanıcı oluşturun ve departmanlarını seçin.',
      link: 'Kullanıcıları aç',
    },
    widget: {
      title: 'Sohbeti web sitenize ekleyin',
      text: 'Aşağıdaki etiketi kopyalayıp sitenizin sayfalarına yapıştırın.',
      link: 'Web sitesi sohbeti bağlantısını gör',
    },
    connection: {
      title: 'Bir mesajlaşma kanalı bağlayın',
      text: 'Konuşmaları burada almak için WhatsApp, Facebook veya Instagram bağlayın.',
      link: 'Bağlantıları aç',
    },
  },
};
