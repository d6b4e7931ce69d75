/** The admin's set-up checklist of a new company (the inbox, before a ticket is chosen), Portuguese. */
export const onboardingPt = {
  title: 'Primeiros passos',
  progress: '{{done}} de {{total}} concluídos',
  dismiss: 'Ocultar os primeiros passos',
  done: '(concluído)',
  todo: '(pendente)',
  copyTag: 'Copiar a tag',
  copied: 'Tag copiada. Cole-a no HTML do seu site, antes de </body>.',
  copyFailed: 'Não foi possível copiar. Selecione a tag e copie-a.',
  steps: {
    queues: {
      title: 'Crie os setores',
      text: 'Cada setor (fila) vira uma opção do menu que o cliente recebe ao chegar.',
      link: 'Abrir Filas',
    },
    teammate: {
      title: 'Convide alguém da equipe',
      text: 'Crie um usuário para cada atendente e escolha os setores dele.',
      link: 'Abrir Usuários',
    },
    widget: {
      title: 'Coloque o chat no seu site',
      text: 'Copie a tag abaixo e cole-a nas páginas do seu site.',
      link: 'Ver a conexão do chat do site',
    },
    connection: {
      title: 'Conecte um canal de mensagens',
      text: 'Conecte o WhatsApp, o Facebook ou o Instagram para receber as conversas aqui.',
      link: 'Abrir Conexões',
    },
  },
};
export type OnboardingDictionary = typeof onboardingPt;
