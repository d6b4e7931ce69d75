import type { WeeklyHoursDictionary } from './pt.ts';

/** The weekly opening-hours editor's texts, Spanish (see pt.ts). */
export const weeklyHoursEs: WeeklyHoursDictionary = {
  weekday: 'Día',
  startTimeA: 'Inicio 1',
  endTimeA: 'Fin 1',
  startTimeB: 'Inicio 2',
  endTimeB: 'Fin 2',
  weekdays: {
    monday: 'Lunes',
    tuesday: 'Martes',
    wednesday: 'Miércoles',
    thursday: 'Jueves',
    friday: 'Viernes',
    saturday: 'Sábado',
    sunday: 'Domingo',
  },
  inZone: 'Horarios en la zona {{zone}}',
  issues: {
    format: 'Use el formato HH:MM',
    required: 'Indique el inicio y el fin',
    order: 'El fin debe ser posterior al inicio',
    overlap: 'Los dos períodos se superponen',
    duplicate: 'Día repetido',
  },
};
