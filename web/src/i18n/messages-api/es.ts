import type { MessagesApiDictionary } from './pt.ts';

/** The external API page's texts, Spanish (see pt.ts). */
export const messagesApiEs: MessagesApiDictionary = {
  title: 'API de mensajes',
  subtitle: 'Envía mensajes desde tus sistemas por las conexiones de la empresa',
  planRequired: 'Esta empresa no tiene permiso para acceder a esta página. Le estamos redirigiendo.',
  docs: {
    heading: 'Cómo enviar',
    intro:
      'Tus sistemas envían un texto o archivos a un número con el token de una conexión. El mensaje entra en el ticket del contacto (el contacto se crea si no existe) y sale por la conexión como la respuesta de un agente.',
    connection: 'Conexión',
    connectionHint: 'El token de la conexión elegida autentica las llamadas; el mensaje sale por ella.',
    loading: 'Cargando conexiones…',
    noConnection: 'Ninguna conexión con token',
    endpoint: 'Dirección',
    auth: 'Autenticación',
    fieldsHeading: 'Campos (JSON, o multipart/form-data)',
    fields: {
      number:
        'obligatorio: solo dígitos, con código de país, código de área y número, sin máscara, + ni espacios (ej.: 5511999998888)',
      body: 'el texto; con archivos, el pie del primero',
      userId: 'abre el ticket para este usuario',
      queueId: 'pone el ticket en esta cola',
      sendSignature: 'true: el nombre del usuario va antes del texto (necesita userId)',
      closeTicket: 'true: el ticket se cierra después del envío',
      medias: 'multipart: uno o más archivos, cada uno enviado como un mensaje',
    },
    rulesHeading: 'Reglas',
    rules: {
      idempotency:
        'Envía la cabecera Idempotency-Key para repetir una llamada con seguridad: la misma clave en 24 horas devuelve el resultado de la primera y no envía de nuevo.',
      rateLimit:
        'Cada token hace un número limitado de llamadas por minuto; por encima la respuesta es 429 con Retry-After (segundos).',
      answer:
        'La respuesta trae status SUCCESS, el ticket, el contacto y los mensajes registrados; los errores traen un código ERR_* y los campos inválidos.',
    },
    textExample: 'Ejemplo: texto',
    mediaExample: 'Ejemplo: archivo',
    sampleText: 'Su pedido fue enviado',
    sampleCaption: 'Su factura',
    reference: 'Referencia completa de la API:',
  },
  forms: {
    textHeading: 'Probar: mensaje de texto',
    mediaHeading: 'Probar: mensaje con archivo',
    token: 'Token',
    number: 'Número',
    numberHint: 'Código de país, código de área y número, solo dígitos',
    body: 'Mensaje',
    caption: 'Pie',
    file: 'Archivo',
    send: 'Enviar',
    sent: 'Mensaje enviado correctamente',
    result: 'Ticket {{ticketId}} ({{status}}).',
    openTicket: 'Abrir el ticket',
  },
  validation: {
    required: 'Requerido',
    number: 'Solo dígitos: código de país, código de área y número, sin máscara, + ni espacios',
    file: 'Elige un archivo',
  },
};
