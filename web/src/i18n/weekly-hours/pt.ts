/** The weekly opening-hours editor's texts (queues and company schedules), Portuguese; the others follow its keys. */
export const weeklyHoursPt = {
  weekday: 'Dia',
  startTimeA: 'Início 1',
  endTimeA: 'Fim 1',
  startTimeB: 'Início 2',
  endTimeB: 'Fim 2',
  weekdays: {
    monday: 'Segunda-feira',
    tuesday: 'Terça-feira',
    wednesday: 'Quarta-feira',
    thursday: 'Quinta-feira',
    friday: 'Sexta-feira',
    saturday: 'Sábado',
    sunday: 'Domingo',
  },
  inZone: 'Horários no fuso {{zone}}',
  issues: {
    format: 'Use o formato HH:MM',
    required: 'Informe o início e o fim',
    order: 'O fim deve ser depois do início',
    overlap: 'Os dois períodos se sobrepõem',
    duplicate: 'Dia repetido',
  },
};
export type WeeklyHoursDictionary = typeof weeklyHoursPt;
