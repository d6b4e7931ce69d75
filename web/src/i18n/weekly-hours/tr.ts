import type { WeeklyHoursDictionary } from './pt.ts';

/** The weekly opening-hours editor's texts, Turkish (see pt.ts). */
export const weeklyHoursTr: WeeklyHoursDictionary = {
  weekday: 'Gün',
  startTimeA: 'Başlangıç 1',
  endTimeA: 'Bitiş 1',
  startTimeB: 'Başlangıç 2',
  endTimeB: 'Bitiş 2',
  weekdays: {
    monday: 'Pazartesi',
    tuesday: 'Salı',
    wednesday: 'Çarşamba',
    thursday: 'Perşembe',
    friday: 'Cuma',
    saturday: 'Cumartesi',
    sunday: 'Pazar',
  },
  inZone: 'Saatler {{zone}} saat diliminde',
  issues: {
    format: 'SS:DD biçimini kullanın',
    required: 'Başlangıç ve bitişi girin',
    order: 'Bitiş, başlangıçtan sonra olmalı',
    overlap: 'İki dönem çakışıyor',
    duplicate: 'Gün iki kez verildi',
  },
};
