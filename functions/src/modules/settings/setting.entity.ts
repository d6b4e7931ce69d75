/**
 * Key/value settings of a company (the platform's own, such as allowSignup and branding, belong to company 1).
 * Access patterns:
 * - get one setting: pk C#<companyId>, sk SETTING#<key>
 * - list a company's settings: Query pk C#<companyId>, sk begins_with SETTING#
 */
import { companyPk } from '../../platform/table/keys.ts';

export const settingKey = (companyId: number, key: string) => ({ pk: companyPk(companyId), sk: `SETTING#${key}` });

export interface SettingItem {
  pk: string;
  sk: string;
  type: 'setting';
  companyId: number;
  key: string;
  value: string;
  updatedAt: string;
}
