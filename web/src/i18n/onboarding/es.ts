import type { OnboardingDictionary } from './pt.ts';

/** The admin's set-up checklist, Spanish (see pt.ts). */
export const onboardingEs: OnboardingDictionary = {
  title: 'Primeros pasos',
  progress: '{{done}} de {{total}} completados',
  dismiss: 'Ocultar los primeros pasos',
  done: '(completado)',
  todo: '(pendiente)',
  copyTag: 'Copiar la etiqueta',
  copied: 'Etiqueta copiada. Péguela en el HTML de su sitio, antes de </body>.',
  copyFailed: 'No se pudo copiar. Seleccione la etiqueta y cópiela.',
  steps: {
    queues: {
      title: 'Cree los sectores',
      text: 'Cada sector (cola) se convierte en una opción del menú que recibe el cliente al llegar.',
      link: 'Abrir Colas',
    },
    teammate: {
      title: 'Invite a alguien del equipo',
      text: 'Cree un usuario para cada agente y elija sus sectores.',
      link: 'Abrir Usuarios',
    },
    widget: {
      title: 'Ponga el chat en su sitio',
      text: 'Copie la etiqueta de abajo y péguela en las páginas de su sitio.',
      link: 'Ver la conexión del chat del sitio',
    },
    connection: {
      title: 'Conecte un canal de mensajes',
      text: 'Conecte WhatsApp, Facebook o Instagram para recibir las conversaciones aquí.',
      link: 'Abrir Conexiones',
    },
  },
};
