/** The external API page's texts, Portuguese; the others follow its keys. Quoted spec texts stay verbatim. */
export const messagesApiPt = {
  title: 'API de mensagens',
  subtitle: 'Envie mensagens dos seus sistemas pelas conexões da empresa',
  planRequired: 'Esta empresa no tiene permiso para acceder a esta página. Le estamos redirigiendo.',
  docs: {
    heading: 'Como enviar',
    intro:
      'Seus sistemas enviam um texto ou arquivos para um número com o token de uma conexão. A mensagem entra no ticket do contato (o contato é criado se não existir) e sai pela conexão como a resposta de um atendente.',
    connection: 'Conexão',
    connectionHint: 'O token da conexão escolhida autentica as chamadas; a mensagem sai por ela.',
    loading: 'Carregando conexões…',
    noConnection: 'Nenhuma conexão com token',
    endpoint: 'Endereço',
    auth: 'Autenticação',
    fieldsHeading: 'Campos (JSON, ou multipart/form-data)',
    fields: {
      number: 'obrigatório: só dígitos, com código do país, DDD e número, sem máscara, + ou espaços (ex.: 5511999998888)',
      body: 'o texto; com arquivos, a legenda do primeiro',
      userId: 'abre o ticket para este usuário',
      queueId: 'coloca o ticket nesta fila',
      sendSignature: 'true: o nome do usuário vem antes do texto (precisa de userId)',
      closeTicket: 'true: o ticket é fechado depois do envio',
      medias: 'multipart: um ou mais arquivos, cada um enviado como uma mensagem',
    },
    rulesHeading: 'Regras',
    rules: {
      idempotency:
        'Envie o cabeçalho Idempotency-Key para repetir uma chamada com segurança: a mesma chave em até 24 horas devolve o resultado da primeira e não envia de novo.',
      rateLimit:
        'Cada token faz um número limitado de chamadas por minuto; acima dele a resposta é 429 com Retry-After (segundos).',
      answer:
        'A resposta traz status SUCCESS, o ticket, o contato e as mensagens registradas; erros trazem um código ERR_* e os campos inválidos.',
    },
    textExample: 'Exemplo: texto',
    mediaExample: 'Exemplo: arquivo',
    sampleText: 'Seu pedido foi enviado',
    sampleCaption: 'Sua fatura',
    reference: 'Referência completa da API:',
  },
  forms: {
    textHeading: 'Testar: mensagem de texto',
    mediaHeading: 'Testar: mensagem com arquivo',
    token: 'Token',
    number: 'Número',
    numberHint: 'Código do país, DDD e número, só dígitos',
    body: 'Mensagem',
    caption: 'Legenda',
    file: 'Arquivo',
    send: 'Enviar',
    sent: 'Mensaje enviado correctamente',
    result: 'Ticket {{ticketId}} ({{status}}).',
    openTicket: 'Abrir o ticket',
  },
  validation: {
    required: 'Obrigatório',
    number: 'Só dígitos: código do país, DDD e número, sem máscara, + ou espaços',
    file: 'Escolha um arquivo',
  },
};

export type MessagesApiDictionary = typeof messagesApiPt;
